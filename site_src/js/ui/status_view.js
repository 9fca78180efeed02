// Everything around the board: floor, target, scores, plays and exchanges left,
// trunfos and helps held, the peek, the live preview and the floor's opener.

import { byId, ordinal, points, trunfoEffect, helpEffect } from "./labels.js";

const $ = (root, id) => root.querySelector(`#${id}`);

/** What Espreitar showed: the next tiles of the bag, or that it is empty. */
export function peekText(peek) {
  if (!peek) return "";
  return peek.length ? `No saco, a seguir: ${peek.join(" ")}` : "O saco está vazio.";
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
    const text = ids.length
      ? ids.map((id) => { const t = byId(this.constants.trunfos, id); return `${t.emoji} ${t.name}`; }).join(" · ")
      : "nenhum";
    setText(this.el.trunfos, text);
    this.el.trunfos.title = ids.map((id) => trunfoEffect(byId(this.constants.trunfos, id), this.constants)).join(" ");
  }

  /** One button per help held; disabled outside the play phase. */
  renderHelps(state) {
    const key = `${state.helps.join(",")}|${state.phase}|${state.dobro}`;
    if (key === this.helpsKey) return;
    this.helpsKey = key;
    const buttons = state.helps.map((id) => {
      const help = byId(this.constants.helps, id);
      const button = document.createElement("button");
      button.type = "button";
      button.className = "ajuda";
      button.dataset.help = id;
      button.disabled = state.phase !== "play";
      button.textContent = help.name;
      button.title = helpEffect(help);
      button.setAttribute("aria-label", `Usar ajuda: ${help.name}. ${helpEffect(help)}`);
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
      note.textContent = "Dobro ativo: a próxima jogada vale a dobrar.";
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
  renderPreview(state, preview) {
    const el = this.el.previsao;
    el.classList.remove("valida", "invalida");
    el.title = "";
    if (state.lastRejection && state.pending.length === 0) {
      el.classList.add("invalida");
      const failed = state.lastRejection.invalidWords || [];
      setText(el, failed.length ? `Não valem: ${failed.join(", ")}` : "A jogada não foi aceite.");
      return;
    }
    if (!preview) {
      setText(el, state.phase === "play" ? "Ponha peças no tabuleiro." : "");
      return;
    }
    if (!preview.ok) {
      el.classList.add("invalida");
      const words = preview.invalidWords || [];
      const unnamed = words.filter((w) => !preview.message.includes(w));
      setText(el, unnamed.length ? `${preview.message} (${unnamed.join(", ")})` : preview.message);
      return;
    }
    el.classList.add("valida");
    const { bingo, coimbra, serenata } = preview.bonuses;
    const parts = preview.words.map((w) => `${w.word} ${w.points}`);
    if (bingo) parts.push(`${this.constants.bingo.tiles} peças ${bingo}`);
    if (coimbra) parts.push(`Coimbra ${coimbra}`);
    if (serenata) parts.push(`Serenata ${serenata}`);
    const times = preview.multiplier > 1 ? ` (× ${preview.multiplier})` : "";
    setText(el, `${points(preview.points)}: ${parts.join(" + ")}${times}`);
    el.title = preview.breakdown.join("\n");
  }
}
