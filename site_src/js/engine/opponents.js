/**
 * The computer opponents (docs/engine.md "The computer opponents"): three deterministic
 * players of the day's tower that form only common words (words.isCommon), from the
 * weakest to the strongest. Caloiro makes a seeded random common play; doutor (read «Veterano») the best
 * common play two times in three, else a seeded random one; Dux always the best, and it
 * chooses trunfos, uses helps and exchanges by fixed rules.
 */
import { towerKey } from "./day.js";
import { bestCommonPlay, legalPlays } from "./movegen/legal_plays.js";
import { playOut } from "./par.js";
import { OPPONENT_LEVELS } from "./opponent_levels.js";
import { playActions } from "./play_actions.js";
import { below, hashString, makeGenerator } from "./rng.js";
import { summary } from "./summary.js";

export { OPPONENT_LEVELS } from "./opponent_levels.js";

/** Dux's trunfo preference: the first of these the offer holds. */
export const DUX_TRUNFOS = ["latada", "republica", "cabra", "fitas", "serenata", "grelo"];

/** Out of 3 draws, how many make the best common play (Dux: always, without drawing). */
const BEST_IN_THREE = { caloiro: 0, doutor: 2 };

const PASS = [{ type: "pass" }];

/** The seeded generator of a level's choice at the run's n-th play (history: plays and passes). */
function generatorAt(state, level) {
  const seed = `a-torre/${towerKey(state.day)}/${state.day.version}/adversario/${level}/${state.history.length}`;
  return makeGenerator(hashString(seed));
}

/**
 * caloiro's and doutor's play: a draw below 3 under BEST_IN_THREE makes the best common
 * play; otherwise a second draw picks one of all the common plays, in the plays' order.
 */
function seededPlay(state, words, level) {
  const next = generatorAt(state, level);
  if (below(next, 3) < BEST_IN_THREE[level]) return bestCommonPlay(state, words);
  // Only here is the whole list needed: the best alone is far cheaper to find.
  const plays = legalPlays(state, words).filter((play) => play.words.every((w) => words.isCommon(w.word)));
  return plays.length ? plays[below(next, plays.length)] : null;
}

/** Dux's move before its play: a help or an exchange when the best common play won't climb. */
function duxMove(state, best) {
  const need = state.target - state.floorScore;
  if (best && best.points >= need) return null;
  const holds = (id) => state.helps.includes(id);
  if (best && holds("dobro") && !state.dobro && 2 * best.points >= need) return { type: "useHelp", id: "dobro" };
  if (holds("branca")) return { type: "useHelp", id: "branca" };
  if (!best && state.exchangesLeft > 0 && state.bagCount > 0) {
    const blank = state.constants.blank.letter;
    const tiles = state.hand.filter((t) => t.letter !== blank).slice(0, state.bagCount).map((t) => t.id);
    if (tiles.length > 0) return { type: "exchange", tiles };
  }
  if (state.playsLeft === 1 && holds("jogada")) return { type: "useHelp", id: "jogada" };
  return null;
}

function duxActions(state, words) {
  if (state.phase === "trunfo") return [{ type: "chooseTrunfo", id: DUX_TRUNFOS.find((id) => state.offer.includes(id)) }];
  const best = bestCommonPlay(state, words);
  const move = duxMove(state, best);
  if (move) return [move];
  return best ? playActions(state, best) : PASS;
}

/** A level's next actions in a state of phase "play" or "trunfo". */
export function opponentActions(state, words, level) {
  if (level === "dux") return duxActions(state, words);
  if (state.phase === "trunfo") return [{ type: "chooseTrunfo", id: state.offer[0] }];
  const play = seededPlay(state, words, level);
  return play ? playActions(state, play) : PASS;
}

/** Throws unless `level` is one of OPPONENT_LEVELS and `words` answers isCommon. */
function checkOpponent(words, level) {
  if (!OPPONENT_LEVELS.includes(level)) throw new TypeError(`engine: unknown opponent level ${JSON.stringify(level)}`);
  if (!words || typeof words.isCommon !== "function") {
    throw new TypeError("engine: an opponent needs words.isCommon (wordLookup(dawg, common) with the common word list)");
  }
}

/**
 * `{actions, floor, total, won}`: the whole run of opponent `level` (one of OPPONENT_LEVELS)
 * on `day`, its floor as summary reports it, won when it climbed the last floor.
 * `words` must answer isCommon (wordLookup(dawg, common)).
 */
export function opponentRun(day, constants, words, level) {
  checkOpponent(words, level);
  const { actions, state } = playOut(day, constants, words, (s, w) => opponentActions(s, w, level));
  const { floorReached, total } = summary(state);
  return { actions, floor: floorReached, total, won: state.phase === "won" };
}

/** Where a run stands: the floor it is on (1-based, as summary's floorReached), its total, won. */
const standingOf = (state) => ({ floor: state.floor + 1, total: state.total, won: state.phase === "won" });

/**
 * Where opponent `level` stood after each of its turns, without its letters or words: entry n
 * is `{floor, total, won}` after n turns (entry 0 the start). A turn is a play or a pass (an
 * entry of the run's history, as summary's `plays` counts the player's); exchanges, helps and
 * trunfos are not turns. The list ends with the run's end: after it, its last entry holds.
 */
export function opponentStandings(day, constants, words, level) {
  checkOpponent(words, level);
  const standings = [];
  const note = (state) => {
    if (state.history.length === standings.length) standings.push(standingOf(state));
  };
  const { state } = playOut(day, constants, words, (s, w) => opponentActions(s, w, level), note);
  note(state);
  return standings;
}
