/**
 * Replay codes (docs/replay-link.md): a whole run in the URL fragment of a link.
 * A run is stored as its decisions only — each word play as its squares and the
 * kinds of tile it used, passes, helps, exchanges, trunfos — in one mixed-radix
 * number (each field's radix is what the position allows), written in base64url
 * after a format character and followed by a CRC-24 of the rest. It needs no
 * move generator: apply() judges every play as it is replayed. Pure: the day,
 * the constants and the word checker are passed in. Nothing here throws on bad
 * input: every answer is {ok:true, …} or {ok:false, reason}.
 */
import { apply } from "./actions.js";
import { parseSquare, squareName } from "./board.js";
import { isBlankId } from "./bag.js";
import { newRun } from "./state.js";
import { summary } from "./summary.js";
import { CODE_FORMAT, DATE_RADIX, DIGITS, FLOOR_RADIX, Reader, TOTAL_RADIX, VERSION_HEX, big, crcText, dayNumber, fail } from "./replay_read.js";

// What a code says without its day (readCode) is replay_read.js, which the game page needs at
// once; encoding and replaying a run are here, needed once a run ends or a link is replayed.
export { MAX_CODE_LENGTH, crc24, readCode } from "./replay_read.js";

// Decisions in phase "play": END, pass, a help (constants.helps order), exchange, a word play.
const END = 0;
const PASS = 1;
const FIRST_HELP = 2;
const BLANK_KIND = "?";
const DIRECTIONS = [[0, 1], [1, 0]]; // across (same row), down (same column)

/** A mixed-radix number written least significant field first. */
class Writer {
  constructor() {
    this.value = big(0);
    this.scale = big(1);
  }

  put(symbol, radix) {
    if (!(symbol >= 0 && symbol < radix)) throw new RangeError(`symbol ${symbol} outside radix ${radix}`);
    this.value += big(symbol) * this.scale;
    this.scale *= big(radix);
  }

  text() {
    let n = this.value;
    let out = "";
    const base = big(64);
    do {
      out = DIGITS[Number(n % base)] + out;
      n /= base;
    } while (n > big(0));
    return out;
  }
}

// After the helps: exchange, then a word play, the last kind (so the radix is one more).
const EXCHANGE = (constants) => FIRST_HELP + constants.helps.length;
const PLAY = (constants) => EXCHANGE(constants) + 1;
const playRadix = (constants) => EXCHANGE(constants) + 2;

// The board's geometry ----------------------------------------------------------

/** Empty squares' indexes in reading order (A1, B1, … G1, A2, …). */
function emptySquares(state) {
  const out = [];
  for (let i = 0; i < state.constants.board_size ** 2; i++) if (!state.board[i]) out.push(i);
  return out;
}

/** Empty squares after `index` along `direction` on its line, nearest first. */
function emptyAfter(state, index, direction) {
  const size = state.constants.board_size;
  const [dr, dc] = DIRECTIONS[direction];
  const out = [];
  for (let r = Math.floor(index / size) + dr, c = (index % size) + dc; r < size && c < size; r += dr, c += dc) {
    if (!state.board[r * size + c]) out.push(r * size + c);
  }
  return out;
}

const nameOf = (state, index) => squareName(state.constants, Math.floor(index / state.constants.board_size), index % state.constants.board_size);

/** The kinds of tile in hand, sorted: each letter once ("Ç" apart from "C"), "?" for the blank. */
function kindsOf(state, hand) {
  return [...new Set(hand.map((t) => kindOf(state, t)))].sort();
}

const kindOf = (state, tile) => (isBlankId(state, tile.id) ? BLANK_KIND : tile.letter);

// Encoding ----------------------------------------------------------------------

/** A play's fields from the tiles the player had pending: [[symbol, radix]…]. */
function playFields(canon, pending) {
  const { constants } = canon;
  const size = constants.board_size;
  const tiles = pending.map((t) => ({ ...t, index: parseSquare(constants, t.square).index })).sort((a, b) => a.index - b.index);
  const fields = [[PLAY(constants), playRadix(constants)], [tiles.length - 1, canon.hand.length]];
  const empty = emptySquares(canon);
  fields.push([empty.indexOf(tiles[0].index), empty.length]);
  if (tiles.length > 1) {
    const direction = Math.floor(tiles[0].index / size) === Math.floor(tiles[1].index / size) ? 0 : 1;
    fields.push([direction, 2]);
    for (let i = 1; i < tiles.length; i++) {
      const after = emptyAfter(canon, tiles[i - 1].index, direction);
      fields.push([after.indexOf(tiles[i].index), after.length]);
    }
  }
  const hand = canon.hand.slice();
  for (const tile of tiles) {
    const kinds = kindsOf(canon, hand);
    const kind = tile.blank ? BLANK_KIND : tile.letter;
    fields.push([kinds.indexOf(kind), kinds.length]);
    hand.splice(hand.findIndex((t) => kindOf(canon, t) === kind), 1);
    if (tile.blank) fields.push([constants.alphabet.indexOf(tile.letter), constants.alphabet.length]);
  }
  return fields;
}

/** An exchange as the ordered hand positions of the canonical hand holding the same letters. */
function exchangeFields(canon, action, before) {
  const letterOf = new Map(before.hand.map((t) => [t.id, t.letter]));
  const left = canon.hand.slice();
  const fields = [[EXCHANGE(canon.constants), playRadix(canon.constants)], [action.tiles.length - 1, left.length]];
  for (const id of action.tiles) {
    const at = left.findIndex((t) => !isBlankId(canon, t.id) && t.letter === letterOf.get(id));
    fields.push([at, left.length]);
    left.splice(at, 1);
  }
  return fields;
}

/** One decision of the player's log as fields of the canonical run. */
function decisionFields(canon, action, before) {
  const { constants } = canon;
  if (action.type === "chooseTrunfo") return [[1 + canon.offer.indexOf(action.id), canon.offer.length + 1]];
  if (action.type === "pass") return [[PASS, playRadix(constants)]];
  if (action.type === "useHelp") return [[FIRST_HELP + constants.helps.findIndex((h) => h.id === action.id), playRadix(constants)]];
  if (action.type === "exchange") return exchangeFields(canon, action, before);
  return playFields(canon, before.pending);
}

/**
 * The code of a run given by its action log (as saved): {ok:true, code, floor, total}
 * or {ok:false, reason}. `version` is the word list's version (10 hex digits).
 */
export function encodeRun(day, constants, actions, words, version) {
  try {
    return encodeChecked(day, constants, actions, words, version);
  } catch (error) {
    return fail(`a corrida não pôde ser codificada (${error?.message ?? error})`);
  }
}

const DECISIONS = new Set(["play", "pass", "useHelp", "exchange", "chooseTrunfo"]);

function encodeChecked(day, constants, actions, words, version) {
  const dayN = dayNumber(day?.date);
  if (dayN < 0 || dayN >= DATE_RADIX) return fail("data fora do intervalo");
  if (typeof version !== "string" || !new RegExp(`^[0-9a-f]{${VERSION_HEX}}$`).test(version)) return fail("versão inválida");
  let state = newRun(day, constants);
  let canon = newRun(day, constants);
  const fields = [];
  for (const action of actions) {
    const before = state;
    const result = apply(state, action, words);
    if (!result.ok) return fail("a corrida tem uma ação recusada");
    state = result.state;
    if (!DECISIONS.has(action.type) || (action.type === "play" && result.events[0]?.type === "rejected")) continue;
    const decision = decisionFields(canon, action, before);
    const list = new FieldList(decision);
    const made = decodeDecision(canon, list); // the decoder's own reading: both always agree
    canon = list.bad || list.at !== decision.length ? null : applyAll(canon, made, words);
    if (!canon) return fail("a corrida não tem forma canónica");
    fields.push(...decision);
  }
  const mine = summary(state);
  const theirs = summary(canon);
  if (mine.total !== theirs.total || mine.floorReached !== theirs.floorReached) return fail("a forma canónica difere");
  if (mine.total >= TOTAL_RADIX) return fail("pontuação demasiado alta");
  const writer = new Writer();
  writer.put(dayN, DATE_RADIX);
  writer.put(parseInt(version, 16), 16 ** VERSION_HEX);
  writer.put(mine.floorReached - 1, FLOOR_RADIX);
  writer.put(mine.total, TOTAL_RADIX);
  for (const [symbol, radix] of fields) writer.put(symbol, radix);
  // An unfinished run ends with END (0), read where the decisions run out: as the most
  // significant field it would add nothing to the number, so it is not written.
  const body = CODE_FORMAT + writer.text();
  return { ok: true, code: body + crcText(body), floor: mine.floorReached, total: mine.total };
}

/** The encoder's fields read back by the decoder's own code, so both always agree. */
class FieldList {
  constructor(fields) {
    this.fields = fields;
    this.at = 0;
    this.bad = false;
  }

  take(radix) {
    const [symbol, expected] = this.fields[this.at++] ?? [-1, -1];
    if (expected !== radix || !(symbol >= 0 && symbol < radix)) this.bad = true;
    return symbol;
  }
}

/** Applies `actions` to `state`; the new state, or null when one is refused or rejected. */
function applyAll(state, actions, words) {
  if (!actions) return null;
  let next = state;
  for (const action of actions) {
    const result = apply(next, action, words);
    if (!result.ok || result.events[0]?.type === "rejected") return null;
    next = result.state;
  }
  return next;
}

// Decoding ----------------------------------------------------------------------

/** A Reader that keeps the fields it took, as [symbol, radix], until they are collected. */
class TracingReader extends Reader {
  constructor(value) {
    super(value);
    this.taken = [];
    this.noncanonical = false; // a field the encoder would never write (set by the decoding)
  }

  take(radix) {
    const symbol = super.take(radix);
    this.taken.push([symbol, radix]);
    return symbol;
  }

  collect() {
    return this.taken.splice(0);
  }
}

/**
 * Replays the decisions of a read code on its day: {ok:true, initial, steps, state, verified}
 * where steps are [{actions, state, fields}] (one per decision; a play's actions go together;
 * `fields` the [symbol, radix] it was read from), or {ok:false, reason} when a decision is
 * impossible or something is left over.
 */
export function replayCode(read, day, constants, words) {
  try {
    return replayChecked(read, day, constants, words);
  } catch (error) {
    return fail(`a repetição falhou (${error?.message ?? error})`);
  }
}

function replayChecked(read, day, constants, words) {
  if (!read?.ok || day?.date !== read.date) return fail("o dia não corresponde");
  const reader = new TracingReader(read.rest);
  const initial = newRun(day, constants);
  let state = initial;
  const steps = [];
  while (state.phase === "play" || state.phase === "trunfo") {
    const actions = decodeDecision(state, reader);
    if (actions === null) break; // END: an unfinished run
    if (reader.noncanonical) return fail("forma não canónica: a troca não nomeia a primeira peça de cada letra");
    const next = reader.bad ? null : applyAll(state, actions, words);
    if (!next) return fail("uma decisão é impossível");
    state = next;
    steps.push({ actions, state, fields: reader.collect() });
  }
  if (reader.value !== big(0)) return fail("sobram dados");
  const { floorReached, total } = summary(state);
  return { ok: true, initial, steps, state, verified: floorReached === read.floor && total === read.total };
}

/** The next decision's actions (null for END); `source.bad` is set when it cannot be. */
function decodeDecision(state, source) {
  const { constants } = state;
  if (state.phase === "trunfo") {
    const s = source.take(state.offer.length + 1);
    return s === END ? null : [{ type: "chooseTrunfo", id: state.offer[s - 1] }];
  }
  const s = source.take(playRadix(constants));
  if (s === END) return null;
  if (s === PASS) return [{ type: "pass" }];
  if (s < EXCHANGE(constants)) return [{ type: "useHelp", id: constants.helps[s - FIRST_HELP].id }];
  if (s === EXCHANGE(constants)) return exchangeActions(state, source);
  return playActionsOf(state, source);
}

function exchangeActions(state, source) {
  const left = state.hand.slice();
  const count = source.take(left.length) + 1;
  const ids = [];
  for (let i = 0; i < count && !source.bad; i++) {
    const at = source.take(left.length);
    if (source.bad) break;
    // One run, one code: only the first tile of its letter left (never a blank), as the encoder names it.
    if (left.findIndex((t) => !isBlankId(state, t.id) && t.letter === left[at].letter) !== at) {
      source.bad = source.noncanonical = true;
      break;
    }
    ids.push(left[at].id);
    left.splice(at, 1);
  }
  return [{ type: "exchange", tiles: ids }];
}

/** A word play's `place` actions and `play`, from its squares and kinds of tile. */
function playActionsOf(state, source) {
  const { constants } = state;
  const count = source.take(state.hand.length) + 1;
  const empty = emptySquares(state);
  const squares = [empty[source.take(empty.length)]];
  if (count > 1) {
    const direction = source.take(2);
    while (squares.length < count && !source.bad) {
      const after = emptyAfter(state, squares.at(-1), direction);
      squares.push(after[source.take(after.length)]);
    }
  }
  const hand = state.hand.slice();
  const actions = [];
  for (const index of squares) {
    if (source.bad) return [];
    const kinds = kindsOf(state, hand);
    const kind = kinds[source.take(kinds.length)];
    const tile = hand.find((t) => kindOf(state, t) === kind);
    if (!tile) return [];
    hand.splice(hand.indexOf(tile), 1);
    const action = { type: "place", tile: tile.id, square: nameOf(state, index) };
    if (kind === BLANK_KIND) action.letter = constants.alphabet[source.take(constants.alphabet.length)];
    actions.push(action);
  }
  actions.push({ type: "play" });
  return actions;
}

/** The link of a code: `<origin>/repeticao/#<code>`. */
export function replayLink(origin, code) {
  return `${origin.replace(/\/$/, "")}/repeticao/#${code}`;
}
