// The end of a run (fall or win): the card's headline and share (end_card.js draws its picture),
// the run's figures and the text that is shared, the countdown to the next tower, the day's
// opponents. The statistics dialog is stats_view.js.

import { el } from "../shared/dialogs.js";
import { byId, ordinal, points, trunfoLabel } from "../shared/labels.js";
import { formatCountdown, msUntilLisbonMidnight } from "../shared/lisbon_date.js";
import { replayLink } from "../../engine/replay_code.js";
import { OPPONENT_NAMES, OPPONENTS_FAILED, OPPONENTS_WAITING, longestStandings, replayLinkText, standingsLine } from "./opponents_text.js";
import { shareOrCopy } from "./share.js";

const SHARE_RESULTS = {
  shared: "Partilhado.",
  copied: "Copiado: cole onde quiser.",
  cancelled: "",
  failed: "Não foi possível copiar; selecione o texto e copie-o à mão.",
};

/** Terms and their values, as a definition list. */
export function facts(rows) {
  return el("dl", { class: "factos" }, rows.flatMap(([term, value]) => [el("dt", { text: term }), el("dd", { text: value })]));
}

/** A <p> whose text counts down to the next Lisbon midnight while its dialog is open. */
function countdown(now) {
  const p = el("p", { class: "contagem" });
  let first = true;
  const tick = () => {
    if (!first && !p.closest("dialog")?.open) return;
    first = false;
    p.textContent = `A torre de amanhã abre daqui a ${formatCountdown(msUntilLisbonMidnight(now()))}`;
    setTimeout(tick, 1000);
  };
  tick();
  return p;
}

/** The end screen's title: «Subiu a torre toda!», or «Fim da corrida». */
export const endTitle = (summary) => (summary.won ? "Subiu a torre toda!" : "Fim da corrida");

/** What the end screen opens on: the play that ended the run (`said`) without the sentence its title says. */
export const endOpening = (said, title) => said.replace(title, "").replace(/\s{2,}/g, " ").trim();

/** The end screen's headline: the whole tower climbed, or the floor and points where the run ended. */
export const headline = (summary) => (summary.won
  ? `Subiu a torre toda com ${points(summary.total)}!`
  : `A corrida acabou no ${ordinal(summary.floorReached)} andar, com ${points(summary.total)}.`);

/**
 * The end screen's first view (end_card.js draws the picture): the headline, the day's tower, the
 * verdict line and the one primary action, «Partilhar o resultado», which shares the text `shown`
 * shows (the par may join it later). {node, words}: `words`, the card's text column.
 */
export function endCard(summary, picture, verdict, shown) {
  const status = el("p", { class: "confirmacao", id: "partilha-estado", role: "status" });
  const share = el("button", { type: "button", class: "principal", id: "partilhar", text: "Partilhar o resultado" });
  share.addEventListener("click", async () => {
    status.textContent = SHARE_RESULTS[await shareOrCopy(shown.textContent)];
  });
  const words = el("div", { class: "fim-cartao-texto" }, [verdict.node, el("div", { class: "linha-botoes fim-partilhar" }, [share]), status]);
  const title = el("p", { class: "manchete", text: headline(summary) });
  return { node: el("section", { class: "fim-cartao", "aria-label": "Resultado" }, [title, picture.node, words]), words };
}

/** The run's own figures below the card: the table, the text that is shared, the countdown. */
export function runDetails(summary, constants, shown, now) {
  const best = summary.bestPlay
    ? `${summary.bestPlay.words.join(", ")} (${points(summary.bestPlay.points)})`
    : "nenhuma";
  const trunfos = summary.trunfos.length
    ? summary.trunfos.map((id) => trunfoLabel(byId(constants.trunfos, id))).join(", ")
    : "nenhum";
  return [
    el("h3", { text: "A sua corrida" }),
    facts([["Andar", `${ordinal(summary.floorReached)} de ${summary.floorCount}`], ["Pontos", String(summary.total)],
      ["Melhor jogada", best], ["Trunfos", trunfos]]),
    el("p", { class: "fim-nota", text: "O que «Partilhar o resultado» envia (sem palavras nem letras):" }),
    shown, countdown(now),
  ];
}

/** The text «Partilhar o resultado» shares, shown as it goes. */
export const sharedText = (text) => el("pre", { class: "partilha", id: "texto-partilha", text });

/**
 * The end screen's block of the day's opponents: a waiting line until `show(run, opponents)`
 * (the analysis' opponents) says where each got (the card above says whom the run beat and the
 * category), and links to their replays; `fail()` if they never come. Its height never changes
 * (fim.css): the line shares a grid cell with an invisible copy of its longest form, and the
 * links are laid out but hidden until they come, so the buttons below never move.
 */
export function opponentsBlock() {
  const line = el("p", { class: "adversarios-linha", id: "adversarios-linha", text: OPPONENTS_WAITING });
  const copies = [el("p", { class: "adversarios-linha molde", text: longestStandings() })];
  const links = new Map(Object.keys(OPPONENT_NAMES).map((level) =>
    [level, el("a", { id: `corrida-${level}`, text: replayLinkText(level) })]));
  const list = el("ul", { class: "ligacoes adversarios-corridas" }, [...links.values()].map((a) => el("li", {}, [a])));
  const node = el("div", { class: "adversarios espera" }, [el("div", { role: "status" }, [...copies, line]), list]);
  return {
    node,
    show(_run, opponents) {
      line.textContent = standingsLine(opponents);
      for (const { level, code } of opponents) {
        if (code) links.get(level).href = replayLink(location.origin, code);
        else links.get(level).parentNode.remove(); // a run that cannot be coded has no replay
      }
      node.classList.remove("espera");
    },
    fail() {
      line.textContent = OPPONENTS_FAILED;
      list.remove();
      node.classList.remove("espera");
    },
  };
}

