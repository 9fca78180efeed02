// The statistics dialog's body: the daily runs' figures, then pictures (stats_charts.js) of
// where they ended and of the days played, the opponents and the friends as small tables of
// won–lost, the archive and Treino apart, and the export/import of everything as one line of
// text. What is empty is said once, with what would fill it, never as a sentence of zeros.

import { OPPONENT_LEVELS } from "../../engine/opponent_levels.js";
import { el } from "../shared/dialogs.js";
import { counted, opponentName } from "../shared/labels.js";
import { STORAGE_REFUSED_WHY } from "../shared/storage_notices.js";
import { currentStreak } from "../shared/stats_later.js";
import { exportStats, parseStatsExport } from "../shared/stats_import.js";
import { problem, showProblem } from "../shared/problem.js";
import { byName } from "../shared/challenge_records.js";
import { tallyLine } from "../shared/challenge_texts.js";
import { facts } from "./end_view.js";
import { opponentFigures } from "./opponents_text.js";
import { calendar, dayMarks, endIndex, endsChart, floorEnds, scoreTable } from "./stats_charts.js";

const FLOORS = 5;
/** "2 torres subidas", "1 torre subida", and no 0: "nenhuma torre subida". */
const climbed = (wins) => (wins === 0 ? "nenhuma torre subida" : counted(wins, "torre subida", "torres subidas"));
const paragraph = (text, id = null) => el("p", { class: "estatisticas-arquivo", text, ...(id ? { id } : {}) });

/** Said once on a device with nothing to count yet, in place of every empty figure. */
export const NOTHING_YET = "Ainda não há nada para contar neste aparelho. Quando acabar a torre de hoje, ficam aqui onde "
  + "acabou cada corrida, os dias jogados, os resultados contra o Caloiro, o Veterano e o Dux, os desafios e o treino.";
const NO_OPPONENTS = "Ainda não há corridas contra os adversários: cada torre diária que acabar é comparada "
  + "com as corridas do Caloiro, do Veterano e do Dux.";
const NO_CHALLENGES = "Ainda não recebeu desafios: quando abrir a ligação de um desafio e jogar essa torre, o resultado fica aqui.";

/** The practice figures (stats_later.js practiceFigures) as a line and its own chart, or the line that there are none yet. */
export function practiceFacts(figures) {
  if (figures.towers === 0) {
    return paragraph("Ainda não acabou nenhuma torre de treino: o treino conta à parte, com torres que não são as diárias.",
      "estatisticas-treino");
  }
  return el("div", { id: "estatisticas-do-treino-linha" }, [
    paragraph(`Treino: ${counted(figures.towers, "corrida", "corridas")}, ${climbed(figures.wins)} `
      + "(à parte: não contam para as estatísticas diárias).", "estatisticas-treino"),
    endsChart(floorEnds(figures.floors, figures.wins), null, { noun: ["corrida", "corridas"] }),
  ]);
}

/** Opened from Treino, the statistics begin with its figures, then head the daily ones. */
export function practiceFirst(figures) {
  const shown = figures.towers === 0 ? [paragraph("Ainda não acabou nenhuma torre de treino: quando acabar a primeira, "
    + "ficam aqui as suas corridas de treino, as torres subidas e onde acabou cada corrida.")] : [
    facts([["Corridas", String(figures.towers)], ["Torres subidas", String(figures.wins)],
      ["Melhor pontuação", String(figures.best)]]),
    el("h3", { text: "Onde acabaram as corridas de treino" }),
    endsChart(floorEnds(figures.floors, figures.wins), null, { id: "grafico-treino", noun: ["corrida", "corridas"] })];
  return [
    el("div", { id: "estatisticas-do-treino" }, [el("h3", { text: "Treino" }), ...shown,
      paragraph("O treino conta à parte: não entra nas estatísticas diárias, que vêm a seguir.")]),
    el("h3", { text: "Torres diárias" }),
  ];
}

/** The days played as the day's tower, with their results ({won, beatPar?}), and the month of the first. */
function playedDays(stats, daily) {
  const played = { ...daily };
  if (stats.lastDate && !played[stats.lastDate]) played[stats.lastDate] = { won: false }; // counted before the archive kept days
  return played;
}

/** The daily runs: their figures, where they ended, the calendar. */
function dailySection(stats, daily, today) {
  const latest = daily[stats.lastDate] ?? null;
  const played = playedDays(stats, daily);
  const first = Object.keys(played).sort()[0];
  const marks = dayMarks(played, currentStreak(stats, today), stats.lastDate, today);
  return [
    facts([["Corridas", String(stats.runs)], ["Torres subidas", String(stats.wins)],
      ["Melhor pontuação", String(stats.best)], ["Dias seguidos", String(currentStreak(stats, today))],
      ["Mais dias seguidos", String(stats.bestStreak)], ["Dias com o par batido", String(stats.parBeaten ?? 0)]]),
    el("h3", { text: "Onde acabaram as corridas" }),
    endsChart(floorEnds(stats.floors, stats.wins), endIndex(latest, FLOORS), { id: "grafico-andares" }),
    el("h3", { text: "Os dias jogados" }),
    calendar(marks, today, first.slice(0, 7) < today.slice(0, 7) ? first.slice(0, 7) : today.slice(0, 7)),
  ];
}

/**
 * The computer opponents: the best category («Melhor categoria», stored as `bestPatente`), and won–lost against each this month and since the
 * first day (from the archive's days); statistics whose days the archive lacks (kept before it
 * recorded the opponents) say the days each level was beaten instead.
 */
function opponentsSection(stats, daily, today) {
  const rows = opponentFigures(daily, today).filter(({ all }) => all.days > 0);
  const beaten = OPPONENT_LEVELS.filter((level) => (stats.opponentsBeaten?.[level] ?? 0) > 0);
  const best = stats.bestPatente ? [["Melhor categoria", opponentName(stats.bestPatente)]] : [];
  let shown;
  if (rows.length) {
    shown = [...(best.length ? [facts(best)] : []), scoreTable(rows.map(({ level, month, all }) => ({ name: opponentName(level), month, all })),
      { id: "tabela-adversarios", who: "Adversário", caption: "Ganhos–perdidos contra cada adversário" })];
  } else if (beaten.length) {
    shown = [facts([...best, ...beaten.map((level) => [`Ganhou ao ${opponentName(level)}`, counted(stats.opponentsBeaten[level], "dia", "dias")])])];
  } else {
    shown = [paragraph(NO_OPPONENTS)];
  }
  return el("div", { id: "estatisticas-adversarios" }, [el("h3", { text: "Adversários" }), ...shown]);
}

/** The challenges received: how many, then won–lost by the name each came with, once one was played. */
function challengesSection(records, today) {
  if (records.length === 0) return el("div", { id: "estatisticas-desafiantes" }, [el("h3", { text: "Desafios" }), paragraph(NO_CHALLENGES)]);
  const names = byName(records, today);
  return el("div", { id: "estatisticas-desafiantes" }, [el("h3", { text: "Desafios" }), paragraph(tallyLine(records), "estatisticas-desafios"),
    ...(names.length ? [scoreTable(names, { id: "tabela-desafiantes", who: "Desafiante", caption: "Ganhos–perdidos por nome" }),
      paragraph("Os desafios contam-se pelo nome que vinha em cada ligação. Os nomes não são verificados nem identificam ninguém: dois desafios com o mesmo "
        + "nome podem ser de pessoas diferentes.")] : [])]);
}

/** The archive's runs apart from the daily ones, or nothing when there are none. */
function archiveSection(figures) {
  return figures.runs === 0 ? [] : [paragraph(`Arquivo: ${counted(figures.runs, "corrida", "corridas")}, `
    + `${climbed(figures.wins)} (à parte: não contam para as estatísticas diárias nem para os dias seguidos).`, "estatisticas-arquivo")];
}

/** Said while an import's challenges are replayed (admit.js). */
const VERIFYING = "A verificar os desafios que o texto traz…";
/** What an import says when the browser refused to store it: never announced as imported. */
const IMPORT_REFUSED = `Não foi possível guardar as estatísticas importadas: o navegador recusou-as (${STORAGE_REFUSED_WHY}). `
  + "Liberte espaço ou permita o armazenamento nas definições do navegador e carregue outra vez em «Importar».";

/**
 * Export and import: `onImport(stats, archive, challenges)` stores what an import brings (archive days and challenges, when
 * any) and resolves true once stored, false when the browser refused it, or the refusal {message, detail} of a run that
 * does not replay.
 */
function carrySection({ stats, today, firstDay = null, onImport, archive, challenges }) {
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
    const parsed = parseStatsExport(field.value, today, firstDay);
    if (parsed.ok && parsed.challenges) {
      message.classList.remove("recusa");
      showProblem(message, problem(VERIFYING));
    }
    importButton.disabled = true; // one import at a time: the challenges' replay takes a moment
    const stored = parsed.ok ? await onImport(parsed.stats, parsed.archive, parsed.challenges) : parsed;
    importButton.disabled = false;
    if (stored !== true) {
      showProblem(message, stored === false ? problem(IMPORT_REFUSED) : problem(stored.message, stored.detail));
      message.classList.add("recusa");
      // Under the buttons, often below a phone's fold; its «Detalhes», if any, too.
      (message.nextElementSibling ?? message).scrollIntoView({ block: "nearest" });
    }
  });
  return [el("h3", { text: "Levar para outro aparelho" }), field, el("div", { class: "linha-botoes" }, [exportButton, importButton]), message];
}

/**
 * The statistics body. `data`: {stats, today, archive ({results, daily}), archiveFigures ({runs, wins}), challenges,
 * practice (practiceFigures), practiceApart (the practice line on the game page), onImport}. A device with nothing
 * to count gets one sentence instead of every empty figure.
 */
export function statsBody(data) {
  const { stats, today, archive, archiveFigures, challenges, practice, practiceApart } = data;
  const daily = archive?.daily ?? {};
  const nothing = stats.runs === 0 && archiveFigures.runs === 0 && challenges.length === 0 && practice.towers === 0;
  const shown = nothing ? [paragraph(NOTHING_YET, "estatisticas-nada")] : [
    ...(stats.runs === 0 ? [paragraph("Ainda não acabou nenhuma das torres diárias neste aparelho: quando acabar a de hoje, ficam "
      + "aqui onde acabou cada corrida e os dias jogados.", "estatisticas-diarias-nada")] : dailySection(stats, daily, today)),
    opponentsSection(stats, daily, today), challengesSection(challenges, today), ...archiveSection(archiveFigures),
    ...(practiceApart ? [el("h3", { text: "Treino" }), practiceFacts(practice)] : [])];
  return [...shown, ...carrySection(data)];
}
