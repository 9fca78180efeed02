/**
 * The player's tiles as counts per kind (see letters.js), and the set of
 * letters they can spell as bitmasks, kept up to date as the walk takes
 * tiles and puts them back.
 */
import { kindOf } from "./letters.js";

/** Counts per kind of the hand plus the pending tiles (which are the player's too). */
export function rackOf(state, tables) {
  const counts = new Int8Array(tables.size + 2);
  for (const tile of state.hand) counts[kindOf(tables, state.constants, tile)] += 1;
  for (const tile of state.pending) counts[kindOf(tables, state.constants, tile)] += 1;
  return counts;
}

/** Can the rack spell the letter `code` with a tile of its own (or Ç for C)? */
function hasTileFor(walk, code) {
  return walk.counts[code] > 0 || (code === walk.cCode && walk.counts[walk.cedilla] > 0);
}

/** The letters the rack's tiles spell, the blank aside, as a mask. */
function tileMask(walk) {
  let mask = 0;
  for (let code = 0; code < walk.letterCount; code++) if (hasTileFor(walk, code)) mask |= 1 << code;
  return mask;
}

/** Set `walk.tileMask` and `walk.mask` (what the rack spells, the blank included) from the counts. */
export function initMasks(walk) {
  walk.tileMask = tileMask(walk);
  walk.mask = walk.tileMask | (walk.counts[walk.blank] > 0 ? walk.blankMask : 0);
}

/** After the count of `kind` went to or from 0: the masks again for what it spells. */
function refreshMasks(walk, kind) {
  if (kind !== walk.blank) {
    const code = kind === walk.cedilla ? walk.cCode : kind;
    if (hasTileFor(walk, code)) walk.tileMask |= 1 << code;
    else walk.tileMask &= ~(1 << code);
  }
  walk.mask = walk.tileMask | (walk.counts[walk.blank] > 0 ? walk.blankMask : 0);
}

/** One tile of `kind` leaves the rack for the board. */
export function takeTile(walk, kind) {
  if (--walk.counts[kind] === 0) refreshMasks(walk, kind);
}

/** The tile of `kind` comes back to the rack. */
export function returnTile(walk, kind) {
  if (++walk.counts[kind] === 1) refreshMasks(walk, kind);
}
