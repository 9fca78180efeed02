/**
 * A play of legalPlays as the actions that make it: a `place` for each of its
 * tiles, taken from the player's tiles (the pending ones recalled first), then
 * `play`.
 */
import { isBlankId } from "./bag.js";

/** Does this hand tile make the play's tile `{letter, blank}`? */
function fits(state, tile, wanted) {
  if (isBlankId(state, tile.id)) return wanted.blank;
  return !wanted.blank && tile.letter === wanted.letter;
}

/** `[recallAll?, place…, play]` for `play` (an item of legalPlays(state, words)). */
export function playActions(state, play) {
  const tiles = [...state.hand, ...state.pending];
  const used = new Set();
  const actions = state.pending.length > 0 ? [{ type: "recallAll" }] : [];
  for (const wanted of play.tiles) {
    const tile = tiles.find((t) => !used.has(t.id) && fits(state, t, wanted));
    if (!tile) throw new Error(`engine: no tile for ${wanted.blank ? "a blank as " : ""}${wanted.letter} on ${wanted.square}`);
    used.add(tile.id);
    actions.push(wanted.blank
      ? { type: "place", tile: tile.id, square: wanted.square, letter: wanted.letter }
      : { type: "place", tile: tile.id, square: wanted.square });
  }
  actions.push({ type: "play" });
  return actions;
}
