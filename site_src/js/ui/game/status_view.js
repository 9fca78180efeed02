// Everything around the board: floor, target, scores, plays and exchanges left,
// trunfos and helps held, the peek, the live preview and the floor's opener.

import { touchOnly } from "../shared/device.js";
import { byId, heldHelps, multipliedByText, ordinal, points, trunfoEffect, trunfoLabel, helpEffect } from "../shared/labels.js";

const $ = (root, id) => root.querySelector(`#${id}`);

/** What Espreitar showed: the next tiles of the bag, or that it is empty. */
export function peekText(peek) {
  if (!peek) return "";
  return peek.length ? `No saco, a seguir: ${peek.join(" ")}` : "O saco está vazio.";
}

/** "Não vale: BC" / "Não valem: BC, XZ": a refusal in the number it has. */
export function invalidWordsText(words) {
  return `${words.length === 1 ? "Não vale" : "Não valem"}: ${words.join(", ")}`;
}

/** "A peça R" / "A peça branca", as the mode line names a selected tile. */
function tileName(tile) {
  return tile.letter === "?" ? "A peça branca" : `A peça ${tile.letter}`;
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

export class StatusView {
  constructor(root, constants, coimbra) {
    this.root = root;
    this.constants = constants;
    this.coimbra = coimbra;
    this.el = Object.fromEntries(["andar", "alvo", "progresso", "pontos-andar", "jogadas", "total", "trocas", "saco",
      "trunfos", "ajudas", "espreitar", "previsao", "abertura-texto", "abertura-ligacao"]
      .map((id) => [id, $(root, id)]));
    this.helpsKey = null;
    this.trunfosKey = null;
  }

  render(state) {
    const e = this.el;
    setText(e.andar, `${ordinal(state.floor + 1)} andar`);
    setText(e.alvo, String(state.target));
    e.progresso.max = state.target;
    e.progresso.value = Math.min(state.floorScore, state.target);
    setText(e["pontos-andar"], String(state.floorScore));
    setText(e.jogadas, String(state.playsLeft));
    setText(e.total, String(state.total));
    setText(e.trocas, String(state.exchangesLeft));
    setText(e.saco, String(state.bagCount));
    this.renderTrunfos(state.trunfos);
    this.renderHelps(state);
    e.espreitar.hidden = !state.peek;
    setText(e.espreitar, peekText(state.peek));
    this.renderOpener(state);
  }

  renderTrunfos(ids) {
    const key = ids.join(",");
    if (key === this.trunfosKey) return;
    this.trunfosKey = key;
    const trunfos = ids.map((id) => byId(this.constants.trunfos, id));
    setText(this.el.trunfos, trunfos.length ? trunfos.map(trunfoLabel).join(" · ") : "nenhum");
    this.el.trunfos.parentElement.classList.toggle("nenhum", !trunfos.length);
    this.el.trunfos.title = trunfos.map((t) => trunfoEffect(t, this.constants)).join(" ");
  }

  /**
   * One button per kind of help held, "Dobro ×2" for two alike (each press uses one); disabled
   * outside the play phase. Touch-only screens get no key.
   */
  renderHelps(state) {
    const touch = touchOnly();
    const key = `${state.helps.join(",")}|${state.phase}|${state.dobro}|${touch}`;
    if (key === this.helpsKey) return;
    this.helpsKey = key;
    const buttons = heldHelps(state.helps, this.constants).map(({ id, help, count, label: name }) => {
      const use = count > 1 ? `usar uma destas ${count} ajudas` : "usar esta ajuda";
      const button = document.createElement("button");
      button.type = "button";
      button.className = "ajuda";
      button.dataset.help = id;
      button.disabled = state.phase !== "play";
      const key = String(this.constants.helps.indexOf(help) + 1);
      if (touch) {
        button.append(name);
        button.title = helpEffect(help);
        button.setAttribute("aria-label", `${name}: ${use}. ${helpEffect(help)}`);
        return button;
      }
      const kbd = document.createElement("kbd");
      kbd.textContent = key;
      button.append(name, " ", kbd);
      button.title = `${helpEffect(help)} (tecla ${key})`;
      button.setAttribute("aria-keyshortcuts", key);
      button.setAttribute("aria-label", `${name} ${key}: ${use} (tecla ${key}). ${helpEffect(help)}`);
      return button;
    });
    const slots = `${state.helps.length}/${this.constants.help_capacity}`;
    const label = document.createElement("span");
    label.className = "rotulo";
    label.textContent = `Ajudas ${slots}`;
    const waiting = [];
    if (state.dobro) {
      const note = document.createElement("span");
      note.className = "rotulo ativo";
      note.textContent = "Dobro ativo: a próxima jogada válida vale a dobrar.";
      waiting.push(note);
    }
    this.el.ajudas.replaceChildren(label, ...buttons, ...waiting);
  }

  /** The floor's opening word under the board (the section index.html renders for floor 1). */
  renderOpener(state) {
    const link = this.el["abertura-ligacao"];
    if (!link) return;
    const opener = state.day.floors[state.floor].opener;
    const entry = this.coimbra.get(opener);
    setText(link, entry ? entry.word : opener);
    link.href = entry ? `/coimbra/${entry.slug}/` : "/coimbra/";
    if (this.el["abertura-texto"]) setText(this.el["abertura-texto"], entry ? entry.blurb : "");
  }

  /** The live preview of pending tiles, or the reason the play is not valid, or the last rejection. */
  renderPreview(state, preview, mode) {
    const el = this.el.previsao;
    const { text, tone = "", title = "", way = null } = this.previewLine(state, preview, mode);
    // The square the pieces enter from is in the focused square's own name: an arrow press that only
    // moves it is not said twice; a new way («vira») still is (issue 40 item 6).
    const live = way !== null && way === this.way ? "off" : "polite";
    this.way = way;
    if (el.getAttribute("aria-live") !== live) el.setAttribute("aria-live", live);
    setText(el, text);
    el.classList.toggle("valida", tone === "valida");
    el.classList.toggle("invalida", tone === "invalida");
    if (el.title !== title) el.title = title;
  }

  /**
   * `{text, tone, title}` of the preview line (tone: "valida", "invalida" or none).
   * With nothing placed yet it says which way of placing is active (`mode`), or the
   * suggestion shown (`mode.hint`, practice's Sugestão); once the run is over
   * (`mode.finished`), that it is, above the hand that no longer plays.
   */
  previewLine(state, preview, mode = {}) {
    if (mode.finished) return { text: "Corrida terminada: já não há jogadas nesta torre." };
    const touch = touchOnly();
    if (mode.selectedTile) {
      return { text: `${tileName(mode.selectedTile)} escolhida: ${touch ? "toque" : "clique"} na casa onde a quer pôr.` };
    }
    if (state.lastRejection && state.pending.length === 0) {
      const failed = state.lastRejection.invalidWords || [];
      return { text: failed.length ? invalidWordsText(failed) : "A jogada não foi aceite.", tone: "invalida" };
    }
    if (!preview && state.phase !== "play") return { text: "" };
    if (mode.wordsPending) return { text: "A carregar a lista de palavras…" };
    if (!preview && mode.hint) return { text: mode.hint }; // a suggestion shown (practice)
    if (!preview && mode.cursor) {
      const way = mode.direction === "down" ? "para baixo" : "para a direita";
      const how = touch ? "Toque nas peças." : "Escreva as letras ou clique nas peças.";
      return { text: `As peças entram a partir de ${mode.cursor}, ${way}. ${how}`, way };
    }
    if (!preview) {
      return { text: touch ? "Toque numa peça e numa casa, ou numa casa e nas peças."
        : "Clique numa peça e numa casa, ou numa casa e nas peças, ou use as setas e escreva." };
    }
    // The engine's message already names the invalid words.
    if (!preview.ok) return { text: preview.message, tone: "invalida" };
    const { bingo, coimbra, serenata } = preview.bonuses;
    const parts = preview.words.map((w) => `${w.word} ${w.points}`);
    if (bingo) parts.push(`${this.constants.bingo.tiles} peças ${bingo}`);
    if (coimbra) parts.push(`Coimbra ${coimbra}`);
    if (serenata) parts.push(`Serenata ${serenata}`);
    // What doubles the play is named: the Latada's first play, the help «Dobro».
    const times = preview.multiplier > 1 ? ` (× ${preview.multiplier} ${multipliedByText(preview.multipliedBy, this.constants)})` : "";
    return { text: `${points(preview.points)}: ${parts.join(" + ")}${times}`, tone: "valida", title: preview.breakdown.join("\n") };
  }
}
