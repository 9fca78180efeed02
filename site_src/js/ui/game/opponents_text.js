// What the end screen says about the day's three computer opponents (engine/opponents.js),
// once the analysis worker has played them: where each got, the run against them (Treino's one
// opponent), the day's category («Categoria do dia», the stored `bestPatente`'s; the end card says it)
// and the names of their replay links. Pure: plain data in, strings out.

import { compareResults } from "../../engine/rank.js";
import { monthAndAll } from "../shared/figures.js";
import { OPPONENT_NAMES, ordinal, points } from "../shared/labels.js";

/** The opponents' names as players read them, by level id (OPPONENT_LEVELS): labels.js's. */
export { OPPONENT_NAMES } from "../shared/labels.js";

// Said by the day's table too (ui/shared/day_table.js).
export { OPPONENTS_FAILED, OPPONENTS_WAITING } from "../shared/day_table.js";

const nameOf = (opponent) => OPPONENT_NAMES[opponent.level];

/** "a", "a e b", "a, b e c". */
function listed(items) {
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`;
}

/** Equal height and points: neither run beats the other. */
const ties = (run, opponent) => !opponent.beaten && run.won === opponent.won &&
  run.floorReached === opponent.floor && run.total === opponent.total;

/** "o Dux subiu a torre toda com 494 pontos", "o Veterano chegou ao 3.º andar com 167 pontos". */
function whereItGot(opponent) {
  const where = opponent.won ? "subiu a torre toda" : `chegou ao ${ordinal(opponent.floor)} andar`;
  return `o ${nameOf(opponent)} ${where} com ${points(opponent.total)}`;
}

/**
 * The run (`{won, floorReached, total}`, summary's fields) against the opponents (the worker's
 * `{level, floor, total, won, beaten}`, weakest first), in one sentence: whom it beat, whom it
 * tied with, and where the others got.
 */
export function opponentsLine(run, opponents) {
  const beaten = opponents.filter((o) => o.beaten);
  const tied = opponents.filter((o) => ties(run, o));
  const ahead = opponents.filter((o) => !o.beaten && !ties(run, o));
  const clauses = [];
  if (beaten.length) clauses.push(`ganhou ${listed(beaten.map((o) => `ao ${nameOf(o)}`))}`);
  if (tied.length) clauses.push(`empatou com ${listed(tied.map((o) => `o ${nameOf(o)}`))}`);
  if (ahead.length) clauses.push(listed(ahead.map(whereItGot)));
  const sentence = clauses.join("; ");
  return `${sentence[0].toUpperCase()}${sentence.slice(1)}${ahead.length || tied.length ? "." : "!"}`;
}

/**
 * Where each opponent got, in one sentence: «O Caloiro chegou ao 1.º andar com 9 pontos, o Veterano
 * … e o Dux subiu a torre toda com 494 pontos.» The end screen's block under the card, whose verdict
 * already says whom the run beat and the day's category (the reader's report, Estilo 13).
 */
export function standingsLine(opponents) {
  const sentence = listed(opponents.map(whereItGot));
  return `${sentence[0].toUpperCase()}${sentence.slice(1)}.`;
}

/** The ids of the levels the run beat, weakest first. */
export const beatenLevels = (opponents) => opponents.filter((o) => o.beaten).map((o) => o.level);

/**
 * "Categoria do dia: Veterano." — the category (the Código da Praxe's word) of the strongest
 * level beaten — or, beating none, a kind word.
 */
export function patenteLine(opponents) {
  const highest = opponents.filter((o) => o.beaten).at(-1);
  return highest ? `Categoria do dia: ${nameOf(highest)}.` : "Categoria do dia: nenhuma, desta vez.";
}

/**
 * The longest standings line the end screen may show (every total of three digits): its invisible
 * copy keeps the block's height while the opponents are computed.
 */
export function longestStandings() {
  return standingsLine(Object.keys(OPPONENT_NAMES).map((level, i) => ({ level, floor: 3 + i, total: 145 + 100 * i, won: false })));
}

/** "Ver a corrida do Caloiro": the name of an opponent's replay link. */
export const replayLinkText = (level) => `Ver a corrida do ${OPPONENT_NAMES[level]}`;

/** The run (summary's fields) against each opponent, as the archive keeps it: {caloiro: "won", doutor: "tied", dux: "lost"}. */
export function outcomesOf(run, opponents) {
  const mine = { floor: run.floorReached, total: run.total, won: run.won };
  return Object.fromEntries(opponents.map((o) => {
    const order = compareResults(mine, o);
    return [o.level, order < 0 ? "won" : order > 0 ? "lost" : "tied"];
  }));
}

/**
 * The daily runs against each level, from the archive's days played as the day's tower (`daily`,
 * {date: result}, those whose opponents were played): `[{level, month, all}]`, weakest first.
 */
export function opponentFigures(daily, today) {
  const days = Object.entries(daily ?? {}).filter(([, result]) => result.opponents);
  return Object.keys(OPPONENT_NAMES).map((level) =>
    ({ level, ...monthAndAll(days.map(([date, result]) => ({ date, outcome: result.opponents[level] })), today) }));
}
