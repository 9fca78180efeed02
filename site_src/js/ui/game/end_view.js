// The end of a run (fall or win) and the statistics: summary, share text with
// its button, the countdown to the next tower, the day's opponents, the floors
// histogram and the export/import of statistics as one line of text.

import { OPPONENT_LEVELS } from "../../engine/opponent_levels.js";
import { el } from "../shared/dialogs.js";
import { byId, counted, opponentName, ordinal, points, trunfoLabel } from "../shared/labels.js";
import { formatCountdown, msUntilLisbonMidnight } from "../shared/lisbon_date.js";
import { currentStreak } from "../shared/storage.js";
import { exportStats, parseStatsExport } from "../shared/stats_import.js";
import { problem, showProblem } from "../shared/problem.js";
import { replayLink } from "../../engine/replay_code.js";
import {
  OPPONENT_NAMES, OPPONENTS_FAILED, OPPONENTS_WAITING, longestTexts, opponentFigures, opponentsLine, patenteLine, replayLinkText,
} from "./opponents_text.js";
import { monthAndAllText } from "../shared/figures.js";
import { shareOrCopy } from "./share.js";

const SHARE_RESULTS = {
  shared: "Partilhado.",
  copied: "Copiado: cole onde quiser.",
  cancelled: "",
  failed: "Não foi possível copiar; selecione o texto e copie-o à mão.",
};

function facts(rows) {
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

/** The end-of-run body: what happened, the share text and button, the countdown. */
export function endBody(summary, text, constants, now) {
  const headline = summary.won
    ? `Subiu a torre toda com ${points(summary.total)}!`
    : `A corrida acabou no ${ordinal(summary.floorReached)} andar, com ${points(summary.total)}.`;
  const best = summary.bestPlay
    ? `${summary.bestPlay.words.join(", ")} (${points(summary.bestPlay.points)})`
    : "nenhuma";
  const trunfos = summary.trunfos.length
    ? summary.trunfos.map((id) => trunfoLabel(byId(constants.trunfos, id))).join(", ")
    : "nenhum";
  const status = el("p", { class: "confirmacao", role: "status" });
  const shown = el("pre", { class: "partilha", id: "texto-partilha", text });
  const share = el("button", { type: "button", class: "principal", text: "Partilhar resultado" });
  share.addEventListener("click", async () => { // what is shown is shared (the par may join it later)
    status.textContent = SHARE_RESULTS[await shareOrCopy(shown.textContent)];
  });
  return [
    el("p", { class: "manchete", text: headline }),
    facts([["Andar", `${ordinal(summary.floorReached)} de ${summary.floorCount}`], ["Pontos", String(summary.total)],
      ["Melhor jogada", best], ["Trunfos", trunfos]]),
    shown, share, status, countdown(now),
  ];
}

/**
 * The end screen's block of the day's opponents: a waiting line until `show(run, opponents)`
 * (the analysis' run and opponents) says how the run did against them, the patente, and
 * links to their replays; `fail()` if they never come. Its height never changes (aprender.css):
 * the line and the patente each share a grid cell with an invisible copy of their longest form,
 * and the links are laid out but hidden until they come, so the buttons below never move.
 */
export function opponentsBlock() {
  const line = el("p", { class: "adversarios-linha", id: "adversarios-linha", text: OPPONENTS_WAITING });
  const patente = el("p", { class: "adversarios-patente", id: "adversarios-patente" });
  const longest = longestTexts();
  const copies = [el("p", { class: "adversarios-linha molde", text: longest.line }),
    el("p", { class: "adversarios-patente molde", text: longest.patente })];
  const links = new Map(Object.keys(OPPONENT_NAMES).map((level) =>
    [level, el("a", { id: `corrida-${level}`, text: replayLinkText(level) })]));
  const list = el("ul", { class: "ligacoes adversarios-corridas" }, [...links.values()].map((a) => el("li", {}, [a])));
  const node = el("div", { class: "adversarios espera" }, [el("div", { role: "status" }, [...copies, line, patente]), list]);
  return {
    node,
    show(run, opponents) {
      line.textContent = opponentsLine(run, opponents);
      patente.textContent = patenteLine(opponents);
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

/** The statistics' practice line (Treino) on the game page: its towers counted apart from the daily runs. */
export function practiceFacts(figures) {
  return el("p", { id: "estatisticas-treino", class: "estatisticas-arquivo",
    text: `Treino: ${counted(figures.towers, "torre", "torres")}, ${counted(figures.wins, "subida", "subidas")} até ao fim (à parte: não contam para as estatísticas diárias).` });
}

/** Opened from Treino, the statistics begin with its figures (storage.js practiceFigures), then head the daily ones. */
export function practiceFirst(figures) {
  return [
    el("div", { id: "estatisticas-do-treino" }, [
      el("h3", { text: "Treino" }),
      facts([["Torres jogadas", String(figures.towers)], ["Torres subidas", String(figures.wins)],
        ["Melhor pontuação", String(figures.best)]]),
      el("h3", { text: "Onde acabaram as torres de treino" }),
      histogram(figures.floors),
      el("p", { class: "estatisticas-arquivo", text: "O treino conta à parte: não entra nas estatísticas diárias, que vêm a seguir." }),
    ]),
    el("h3", { text: "Torres diárias" }),
  ];
}

/** How many runs ended on each floor, as bars. */
function histogram(floors) {
  const most = Math.max(1, ...floors);
  return el("ol", { class: "histograma" }, floors.map((count, i) => {
    const bar = el("span", { class: "barra" });
    bar.style.width = `${Math.round((count / most) * 100)}%`;
    return el("li", {}, [el("span", { class: "rotulo", text: `${ordinal(i + 1)} andar` }),
      el("span", { class: "pista" }, [bar]), el("span", { class: "conta", text: String(count) })]);
  }));
}

/**
 * The computer opponents in the daily statistics: the best patente and the days each level was
 * beaten; before any was, one line that names them, so the player knows they are counted here.
 * Then, from the archive's days (`daily`), the days against each level won, lost and tied, this
 * month and since the first.
 */
function opponentsFacts(stats, daily, today) {
  const beaten = stats.opponentsBeaten ?? {};
  const names = OPPONENT_LEVELS.map(opponentName);
  const figures = (stats.bestPatente ?? null) === null
    ? el("p", { class: "estatisticas-arquivo", text: `Ainda não ganhou a nenhum: ${names.slice(0, -1).join(", ")} e ${names.at(-1)}.` })
    : facts([["Melhor patente", opponentName(stats.bestPatente)],
      ...OPPONENT_LEVELS.map((level) => [`Ganhou ao ${opponentName(level)}`, counted(beaten[level], "dia", "dias")])]);
  const months = opponentFigures(daily, today).filter(({ all }) => all.days > 0).map(({ level, month, all }) =>
    el("li", {}, [`${opponentName(level)}: ${monthAndAllText({ month, all })}`]));
  const list = months.length ? [el("ul", { class: "estatisticas-desafiantes", id: "estatisticas-adversarios-meses" }, months)] : [];
  return el("div", { id: "estatisticas-adversarios" }, [el("h3", { text: "Adversários" }), figures, ...list]);
}

/** What an import says when the browser refused to store it: never announced as imported. */
/** Said while an import's challenges are replayed (admit.js). */
const VERIFYING = "A verificar os desafios que o texto traz…";
const IMPORT_REFUSED = "Não foi possível guardar as estatísticas importadas: o navegador recusou-as (o espaço de "
  + "armazenamento está cheio ou bloqueado para este site). Liberte espaço nas definições do navegador e carregue outra vez em «Importar».";

/**
 * The statistics body; `archive` ({results, daily}) and `challenges` travel in the export, and
 * `onImport(stats, archive, challenges)` stores imported statistics (and archive days and challenges, when any):
 * false when the browser refused to store them.
 */
export function statsBody(stats, today, onImport, archive = null, challenges = []) {
  const message = el("p", { class: "confirmacao", role: "status" });
  const field = el("textarea", { id: "estatisticas-texto", rows: 3, spellcheck: false,
    "aria-label": "Texto das estatísticas, para exportar ou importar" });
  // autofocus: the dialog must not open on the text field, which would pop up a phone's keyboard.
  const exportButton = el("button", { type: "button", text: "Exportar", autofocus: true });
  exportButton.addEventListener("click", async () => {
    field.value = exportStats(stats, archive, challenges, today);
    field.select();
    message.classList.remove("recusa");
    const copied = await navigator.clipboard?.writeText(field.value).then(() => true, () => false);
    // Through showProblem, so that the «Detalhes» of an earlier refusal go with it.
    showProblem(message, problem(copied ? "Copiado. Cole este texto no outro aparelho e carregue em «Importar»."
      : "Copie este texto para o outro aparelho e carregue lá em «Importar»."));
  });
  const importButton = el("button", { type: "button", text: "Importar" });
  importButton.addEventListener("click", async () => {
    const parsed = parseStatsExport(field.value, today);
    if (parsed.ok && parsed.challenges) {
      message.classList.remove("recusa");
      showProblem(message, problem(VERIFYING));
    }
    importButton.disabled = true; // one import at a time: the challenges' replay takes a moment
    // onImport: true once stored, false when the browser refused it, or the refusal {message, detail} of a run that does not replay.
    const stored = parsed.ok ? await onImport(parsed.stats, parsed.archive, parsed.challenges) : parsed;
    importButton.disabled = false;
    if (stored !== true) {
      showProblem(message, stored === false ? problem(IMPORT_REFUSED) : problem(stored.message, stored.detail));
      message.classList.add("recusa");
      // Under the buttons, often below a phone's fold; its «Detalhes», if any, too.
      (message.nextElementSibling ?? message).scrollIntoView({ block: "nearest" });
    }
  });
  return [
    facts([["Corridas", String(stats.runs)], ["Torres subidas", String(stats.wins)],
      ["Melhor pontuação", String(stats.best)], ["Dias seguidos", String(currentStreak(stats, today))],
      ["Mais dias seguidos", String(stats.bestStreak)], ["Dias com o par batido", String(stats.parBeaten ?? 0)]]),
    opponentsFacts(stats, archive?.daily, today),
    el("h3", { text: "Onde acabaram as corridas" }),
    histogram(stats.floors),
    el("h3", { text: "Levar para outro aparelho" }),
    field, el("div", { class: "linha-botoes" }, [exportButton, importButton]), message,
  ];
}
