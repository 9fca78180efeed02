/**
 * Whole runs as a person plays them, seeded: word plays picked among the good
 * ones (not always the best), with shuffles, tiles placed and taken back,
 * rejected plays, passes, helps, exchanges and trunfos mixed in. Only actions
 * the engine accepted are logged, as the page saves them.
 */
import { apply, legalPlays, newRun, playActions } from "../../../site_src/js/engine/index.js";
import { randomPicker } from "./random-actions.mjs";

const MAX_ACTIONS = 400;

function freeSquare(state, rng) {
  const size = state.constants.board_size;
  const taken = new Set(state.pending.map((t) => t.square));
  const free = [];
  state.board.forEach((cell, i) => {
    const name = state.constants.columns[i % size] + String(Math.floor(i / size) + 1);
    if (!cell && !taken.has(name)) free.push(name);
  });
  return free.length ? rng.pick(free) : null;
}

/** The next few actions a person might try (some may be refused). */
function tryActions(state, words, rng) {
  if (state.phase === "trunfo") return [{ type: "chooseTrunfo", id: rng.pick(state.offer) }];
  const roll = rng.int(20);
  const hand = state.hand.filter((t) => t.letter !== "?");
  if (roll === 0) return [{ type: "shuffle" }];
  if (roll === 1 && state.helps.length) return [{ type: "useHelp", id: rng.pick(state.helps) }];
  if (roll === 2 && hand.length > 1) {
    const count = 1 + rng.int(Math.min(3, hand.length));
    const chosen = [];
    while (chosen.length < count) {
      const id = rng.pick(hand).id;
      if (!chosen.includes(id)) chosen.push(id);
    }
    return [{ type: "exchange", tiles: chosen }];
  }
  if (roll === 3 && rng.chance(0.3)) return [{ type: "pass" }];
  if (roll === 4 && state.hand.length) {
    const tile = rng.pick(state.hand);
    const square = freeSquare(state, rng);
    const place = { type: "place", tile: tile.id, square };
    if (tile.letter === "?") place.letter = "A";
    return [place, rng.chance(0.5) ? { type: "recall" } : { type: "play" }];
  }
  const plays = legalPlays(state, words);
  if (!plays.length) return [{ type: "pass" }];
  const play = plays[rng.int(Math.min(plays.length, 25))];
  return playActions(state, play);
}

/** `{actions, state}`: a finished run of `day` (or cut at MAX_ACTIONS). */
export function messyRun(day, constants, words, seed) {
  const rng = randomPicker(`messy/${day.date}/${seed}`);
  let state = newRun(day, constants);
  const actions = [];
  while ((state.phase === "play" || state.phase === "trunfo") && actions.length < MAX_ACTIONS) {
    for (const action of tryActions(state, words, rng)) {
      const result = apply(state, action, words);
      if (!result.ok) break;
      actions.push(action);
      state = result.state;
    }
  }
  return { actions, state };
}
