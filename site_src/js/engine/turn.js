/**
 * The pending placement: tiles put on the board this turn, taken back, and
 * finally played (or rejected, which spends nothing) or the turn passed.
 */
import { parseSquare } from "./board.js";
import { isBlankId, refill } from "./bag.js";
import { refuse } from "./errors.js";
import { settleFloor } from "./floors.js";
import { earnHelp } from "./helps.js";
import { analysePlacement } from "./placement.js";
import { isBlankLetter } from "./rules.js";
import { scorePlay } from "./scoring.js";

/** Put a hand tile on a square as pending. Mutates `state`. */
export function place(state, action) {
  if (state.phase !== "play") return refuse("bad_phase");
  const slot = state.hand.findIndex((tile) => tile.id === action.tile);
  if (slot < 0) return refuse("not_in_hand");
  const where = parseSquare(state.constants, action.square);
  if (!where) return refuse("off_board");
  if (state.board[where.index] || state.pending.some((t) => t.square === action.square)) {
    return refuse("square_taken");
  }
  const tile = state.hand[slot];
  const blank = isBlankId(state, tile.id);
  let letter = tile.letter;
  if (blank) {
    if (action.letter === undefined || action.letter === null) return refuse("blank_needs_letter");
    if (!isBlankLetter(state.constants, action.letter)) return refuse("bad_letter");
    letter = action.letter;
  }
  state.hand.splice(slot, 1);
  state.pending.push({ id: tile.id, square: action.square, letter, value: tile.value, blank, slot });
  return { ok: true, events: [] };
}

/** Back to the hand, near the slot it left (so recall-all restores the order). */
function backToHand(state, pendingTile) {
  const tile = { id: pendingTile.id, letter: pendingTile.blank ? state.constants.blank.letter : pendingTile.letter, value: pendingTile.value };
  state.hand.splice(Math.min(pendingTile.slot, state.hand.length), 0, tile);
}

/** Take one pending tile back (the last placed when no square is given). Mutates `state`. */
export function recall(state, action) {
  if (state.phase !== "play") return refuse("bad_phase");
  if (state.pending.length === 0) return refuse("no_tiles");
  let at = state.pending.length - 1;
  if (action.square !== undefined && action.square !== null) {
    if (!parseSquare(state.constants, action.square)) return refuse("off_board");
    at = state.pending.findIndex((t) => t.square === action.square);
    if (at < 0) return refuse("not_pending");
  }
  const [tile] = state.pending.splice(at, 1);
  backToHand(state, tile);
  return { ok: true, events: [] };
}

/** All pending tiles back to the hand, in reverse order of placement. Mutates `state`. */
export function recallAll(state) {
  while (state.pending.length > 0) backToHand(state, state.pending.pop());
  return { ok: true, events: [] };
}

/** The words of the pending placement that are neither listed nor Coimbra words. */
function invalidWordsOf(analysis, words) {
  return analysis.words.map((w) => w.word).filter((w) => !(words.isWord(w) || words.isCoimbra(w)));
}

/** The score the pending placement would get, or why it is not a valid play. */
export function preview(state, words) {
  if (state.phase !== "play") return refuse("bad_phase");
  const analysis = analysePlacement(state);
  if (!analysis.ok) return analysis;
  const invalidWords = invalidWordsOf(analysis, words);
  if (invalidWords.length > 0) return refuse("invalid_words", { invalidWords });
  return scorePlay(state, analysis.words, words);
}

function reject(state, invalidWords) {
  recallAll(state);
  state.lastRejection = { code: "invalid_words", invalidWords: invalidWords.slice() };
  return { ok: true, events: [{ type: "rejected", code: "invalid_words", invalidWords }] };
}

/** Confirm the pending placement. Mutates `state`. */
export function play(state, words) {
  if (state.phase !== "play") return refuse("bad_phase");
  if (!words || typeof words.isWord !== "function" || typeof words.isCoimbra !== "function") {
    throw new TypeError("engine: play needs words = {isWord, isCoimbra}");
  }
  const analysis = analysePlacement(state);
  if (!analysis.ok) return analysis;
  const invalidWords = invalidWordsOf(analysis, words);
  if (invalidWords.length > 0) return reject(state, invalidWords);
  const score = scorePlay(state, analysis.words, words);

  for (const tile of state.pending) {
    const { index } = parseSquare(state.constants, tile.square);
    state.board[index] = { id: tile.id, letter: tile.letter, value: tile.value, blank: tile.blank };
  }
  const placed = state.pending.map(({ square, letter }) => ({ square, letter }));
  state.pending = [];
  state.floorScore += score.points;
  state.floorScores[state.floor] = state.floorScore;
  state.total += score.points;
  state.dobro = false;
  const playedWords = score.words.map(({ word, points, coimbra }) => ({ word, points, coimbra }));
  const events = [{ type: "played", words: playedWords, points: score.points }];
  if (score.words.some((w) => w.coimbra)) events.push(earnHelp(state, "coimbra"));
  return spendPlay(state, {
    words: playedWords.map((w) => ({ ...w })), points: score.points, tiles: placed.length, placed,
  }, events);
}

/** Pass: spends a play (pending tiles go back to the hand first). Mutates `state`. */
export function pass(state) {
  if (state.phase !== "play") return refuse("bad_phase");
  recallAll(state);
  return spendPlay(state, { pass: true }, [{ type: "passed" }]);
}

/**
 * What a word play and a pass both cost: one play (Latada counts both), a
 * history entry, then the hand refilled and the floor settled. Mutates `state`.
 */
function spendPlay(state, entry, events) {
  state.playsLeft -= 1;
  state.floorPlays += 1;
  state.history.push({ floor: state.floor, ...entry });
  events.push(...refill(state), ...settleFloor(state));
  return { ok: true, events };
}
