// What the game page shows once a run is over or a dialog is asked for: the end screen with
// its share and challenge texts, the analysis and its par, the statistics dialog. page.js loads
// it with a dynamic import, which the bundler makes a chunk of its own (pipeline/bundle.py),
// so a first visit of the page never downloads it (issue 23).

import { pageClient } from "../shared/analysis_client.js";
import { RunAnalysis } from "../analysis/run_analysis.js";
import { admitChallenges } from "../shared/admit.js";
import { archiveResults } from "../shared/archive_store.js";
import { archiveStats, importResults, setCode, setOpponents, setPar } from "../shared/archive_later.js";
import { challengeNodes } from "./end_challenge.js";
import { codeProblem } from "../shared/challenge_records.js";
import { ChallengeStore } from "../shared/challenge_store.js";
import { dayTable } from "../shared/day_table.js";
import { dayTableBlock } from "../shared/day_table_view.js";
import { lisbonDate } from "../shared/lisbon_date.js";
import { resultOf } from "../shared/saved_values.js";
import { absolute, runDawgOf } from "../shared/loader.js";
import { endCard, endOpening, endTitle, opponentsBlock, runDetails, sharedText } from "./end_view.js";
import { practiceFirst, statsBody } from "./stats_view.js";
import { friendRunner, mineRunner, opponentRunner, parRunner, towerPicture, verdictNode } from "./end_card.js";
import { el } from "../shared/dialogs.js";
import { beatsPar } from "../../engine/rank.js";
import { beatenLevels, opponentsLine, outcomesOf } from "./opponents_text.js";
import { replayUrl, shareText } from "./share.js";
import { statsProblemSentence } from "../shared/storage_notices.js";
import { addOpponentsBeaten, practiceFigures } from "../shared/stats_later.js";
import { PRACTICE_KEY } from "../shared/storage.js";

export { goalLine } from "../shared/challenge_goal.js";

/** The computer opponents a counted run of `date` beat, in the statistics once per day (page.js onOpponents). */
export function countOpponentsBeaten(storage, date, levels) {
  const { stats, problem } = storage.loadStats();
  if (!problem) storage.saveStats(addOpponentsBeaten(stats, date, levels));
}
// What a full storage kept where it was, said by page.js (rare: here rather than in every first visit).
export { HELD_AT_MIDNIGHT, SAVE_REFUSED, heldSentence, refusedSentence } from "../shared/storage_notices.js";
// The chosen opponent's line (page.js makes it through OpponentSlot at the first action).
export { OpponentLine } from "./opponent_line.js";
// The page's rare turns: a save with a word list the site lacks, a run under way at midnight.
export { keepPastMidnight, startOver } from "./page_later.js";

/** The challenges received (page.js loads them here before a run only when the device keeps some). */
export const challengesOf = (page) => (page.challenges ??= new ChallengeStore(page.storage));

let laterSheet = null;

/**
 * The end screen's and the dialogs' stylesheet (css/fim.css), which the game page links only now (its
 * <main data-estilo-fim>; other pages have it in their one sheet): resolves once it applies, rejects
 * when it cannot be had, its link then removed so that the next try asks again. page.js waits for it.
 */
export function styled(main) {
  const href = main.dataset.estiloFim;
  if (!href) return Promise.resolve();
  laterSheet ??= new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.dataset.depois = ""; // boot.js leaves its failure to page.js
    link.addEventListener("load", resolve);
    link.addEventListener("error", () => {
      link.remove();
      laterSheet = null;
      reject(new Error(`${href} could not be loaded`));
    });
    document.head.append(link);
  });
  return laterSheet;
}

/** A warning paragraph at the top of a dialog. */
const warning = (text) => Object.assign(document.createElement("p"), { textContent: text, className: "aviso-erro" });

/** The page's RunAnalysis, made on first use with the page's worker client (made then too, but in practice). */
function runAnalysisOf(page) {
  page.analysisClient ??= pageClient(page.main);
  page.runAnalysis ??= new RunAnalysis(page.analysisClient, page.storage, page.dialogs, absolute(page.urls.dawg),
    absolute(page.urls.common));
  return page.runAnalysis;
}

/**
 * The analysis of the page's finished run, asked for at once with the word list it was played
 * with (the day's end screen and practice's): {runAnalysis, analysis}, where `analysis` is a
 * promise whose failure is for whoever shows it. `opponents`: with the day's opponents too.
 */
export function requestAnalysis(page, state, { countPar, onPar, opponents = false }) {
  const runAnalysis = runAnalysisOf(page);
  const analysis = runAnalysis.request(page.date, page.data, state, page.game?.actions ?? [], {
    dawgUrl: runDawgOf(page), countPar, onPar, version: opponents ? page.runVersion : undefined,
  });
  analysis.catch(() => {}); // said where it is shown (the day's end screen, the analysis dialog)
  return { runAnalysis, analysis };
}

/**
 * The day's opponents' standings for the opponent's line (opponent_line.js), from the page's worker
 * client: numbers only, on the tower of `data` with the run's word list (page.js standingsOf).
 */
export function opponentStandings(page, data) {
  page.analysisClient ??= pageClient(page.main);
  return page.analysisClient.standings({ day: data.day, constants: data.constants, dawgUrl: runDawgOf(page),
    commonUrl: absolute(page.urls.common) });
}

/**
 * The end screen of a day's run (today's or the archive's), already counted in the statistics
 * by the page; `problem`: what loading the statistics found wrong, said at the top. Its first view
 * is the card (end_view.js endCard: the headline, the tower's picture, the verdict, the share);
 * what else a player may want follows, grouped: Desafiar, the par and the opponents, the run's
 * own figures, the day's table.
 */
export async function showEnd(page, state, summary, problem, { refocus = null } = {}) {
  const url = replayUrl(page.data, page.game, page.runVersion, location.origin);
  const shown = sharedText(shareText(summary, page.date, page.data.constants, url));
  const daily = page.countsAsDaily();
  const { runAnalysis, analysis } = requestAnalysis(page, state, {
    countPar: daily,
    onPar: (beaten) => setPar(page.archive, page.date, beaten, { daily }), opponents: true,
  });
  const picture = towerPicture(page.data.constants.targets);
  const verdict = verdictNode();
  const card = endCard(summary, picture, verdict, shown);
  const runners = { mine: [mineRunner(summary)], others: [], friends: [] };
  const draw = () => picture.show([...runners.others, ...runners.friends, ...runners.mine]);
  draw();
  analysis.then(({ run, par, opponents }) => {
    runners.others = [...(par ? [parRunner(par)] : []), ...(opponents ?? []).map(opponentRunner)];
    draw();
    if (opponents) verdict.show(run, opponents);
    else verdict.fail();
  }, () => verdict.fail());
  const opponents = opponentsBlock();
  fillOpponents(page, analysis, daily, opponents);
  const challenge = challengeNodes(challengesOf(page), page.date, summary, url);
  if (challenge.line) card.words.insertBefore(challenge.line, card.words.querySelector(".fim-partilhar"));
  const table = tableOfRun(page, summary, url, analysis, daily);
  table.addEventListener("toggle", () => { // the friends kept for this tower join the picture once their table is opened
    runners.friends = challengesOf(page).load().filter((r) => r.date === page.date).map(friendRunner);
    draw();
  }, { once: true });
  const more = [
    ...(challenge.share ? [challenge.share] : []),
    el("h3", { text: "O par e os adversários" }), ...runAnalysis.endNodes(analysis, [shown]), opponents.node,
    ...runDetails(summary, page.data.constants, shown, page.now), table,
  ];
  if (SHOWN.has(state)) quietAgain(more);
  SHOWN.add(state);
  const body = [card.node, el("div", { class: "fim-mais" }, more)];
  if (!daily) body.unshift(warning("Corrida do arquivo: conta à parte, fora das estatísticas diárias e dos dias seguidos."));
  if (problem) body.unshift(warning(statsProblemSentence(problem)));
  const title = endTitle(summary);
  const asked = page.dialogs.ask(title, body, [
      { text: "Análise da corrida", value: "analise" }, { text: "Estatísticas", value: "stats" },
      { text: "Treinar", value: "treinar" }, { text: "Fechar", value: null, kind: "principal" },
    ], { kind: "fim", opensOn: endOpening(page.game?.takeSaid() ?? "", title), describe: [...body.slice(0, -2), card.node.querySelector(".manchete")] });
  // Back from «Análise da corrida» or «Estatísticas», focus is on the button that opened them (issue 40 item 4).
  if (refocus) [...page.dialogs.buttons.children].find((b) => b.textContent === refocus)?.focus();
  const choice = await asked;
  if (choice === "stats" && await showStats(page, { fromEnd: true }) === "fim") page.finish(state, { refocus: "Estatísticas" });
  if (choice === "treinar") location.assign("/treino/");
  if (choice === "analise" && await runAnalysis.show(analysis, page.data.constants) === "fim") {
    page.finish(state, { refocus: "Análise da corrida" });
  }
}

/** The runs whose end screen was shown on this page. */
const SHOWN = new WeakSet();

/** Reopened, the end screen shows the par and the opponents as before without saying them again:
 * they were said when it first opened (issue 40 item 6). What the player does now is still said. */
function quietAgain(nodes) {
  for (const node of nodes) {
    for (const region of node.querySelectorAll(".par [role=status], .adversarios [role=status]")) region.removeAttribute("role");
  }
}

/**
 * The end screen's opponents (`block`: end_view.js opponentsBlock), filled in when the analysis
 * arrives; a daily run's beaten levels go to `page.onOpponents(date, levels)` (the statistics'
 * side, when the page has one). Resolves once the block is filled in or has failed.
 */
export function fillOpponents(page, analysis, daily, block) {
  return analysis.then(({ run, opponents }) => {
    if (!opponents) return block.fail();
    block.show(run, opponents);
    if (page.archive) setOpponents(page.archive, page.date, outcomesOf(run, opponents), { daily }); // for the statistics' months
    if (daily) page.onOpponents?.(page.date, beatenLevels(opponents));
  }, () => block.fail());
}

/**
 * How the run (summary) did against the opponent chosen on the page (opponent_line.js), by the par's
 * rule, in the end screen's words: «Ganhou ao Veterano!»; null without its standings. Treino's end says it.
 */
export async function chosenOpponentLine(page, summary) {
  const opponent = await page.opponentLine?.finalStanding();
  return opponent ? opponentsLine(summary, [{ ...opponent, beaten: beatsPar(summary, opponent) }]) : null;
}

/**
 * The end screen's «Quadro do dia»: the run (its replay code from `url`, when it has one, kept
 * with its result for the other pages' tables), the challenges kept for that tower, and the
 * opponents once the analysis has played them.
 */
function tableOfRun(page, summary, url, analysis, daily) {
  const block = dayTableBlock(page.date, location.origin, { id: "quadro-do-dia" });
  const mine = { ...resultOf(summary), code: url.split("/repeticao/#")[1] || null };
  if (mine.code) setCode(page.archive, page.date, mine.code, { daily, check: codeProblem }); // for the table on other pages
  const show = (opponents, said) => block.show(dayTable(page.date, mine, challengesOf(page).load(), opponents), said);
  show(null, "waiting");
  analysis.then(({ opponents }) => show(opponents ?? null, opponents ? "shown" : "failed"), () => show(null, "failed"));
  return block.node;
}

/** Said when an import brings a challenge that does not replay, finished, to what it claims (admit.js). */
const CHALLENGE_REFUSED = "O texto foi recusado: traz um desafio cujas jogadas não se conseguiram verificar neste site. "
  + "Volte a copiá-lo, por inteiro, do outro aparelho.";

/**
 * The statistics dialog: the daily runs, the archive's, practice and challenges; export and import.
 * Opened from Treino (the page's mode), practice's own figures come first, then the daily ones.
 */
export function showStats(page, { fromEnd = false } = {}) {
  const { stats, problem } = page.storage.loadStats();
  const archive = page.archive.load();
  const challenges = challengesOf(page).load();
  const today = lisbonDate(page.now());
  const practice = practiceFigures(page.storage.readJson(PRACTICE_KEY));
  const body = statsBody({ stats, today, archive: archiveResults(archive), archiveFigures: archiveStats(archive), challenges,
    practice, practiceApart: !page.mode, firstDay: page.main.dataset.primeiroDia ?? null, onImport: (imported, importedArchive, importedChallenges) =>
      importStats(page, today, imported, importedArchive, importedChallenges) });
  if (page.mode) body.unshift(...practiceFirst(practice));
  if (problem) body.unshift(warning(statsProblemSentence(problem)));
  // Opened from the end screen, it goes back to it («Voltar ao resultado», and Escape) instead of closing both.
  const buttons = fromEnd ? [{ text: "Voltar ao resultado", value: "fim" }, { text: "Fechar", value: "fechar", kind: "principal" }]
    : [{ text: "Fechar", value: null, kind: "principal" }];
  // Described by what it opens on: a warning, the figures, or that there is nothing yet (issue 40 item 2).
  return page.dialogs.ask("Estatísticas", body, buttons, { kind: "estatisticas", escape: fromEnd ? "fim" : null, describe: [body[0]] });
}

/** Stores what an import brought once its challenges replay (admit.js); announced only once stored. */
async function importStats(page, today, imported, importedArchive, importedChallenges) {
  if (importedChallenges) {
    const admitted = await admitChallenges(importedChallenges, page.main, page.fetchFn, today);
    if (!admitted.ok) return { message: CHALLENGE_REFUSED, detail: `o ${admitted.index + 1}.º desafio: ${admitted.why}` };
  }
  // A full storage refuses it (statsBody then says so).
  const stored = page.storage.all(() => page.storage.saveStats(imported)
    && (!importedArchive || importResults(page.archive, importedArchive))
    && (!importedChallenges || challengesOf(page).importList(importedChallenges)));
  if (!stored) return false; // all or nothing: what was written is put back
  page.announcer.say("Estatísticas importadas.");
  showStats(page);
  return true;
}
