/**
 * Replay codes (docs/replay-link.md): a whole run in the URL fragment of a link.
 * A run is stored as its decisions only — each word play as its index in
 * legalPlays' deterministic order, passes, helps, exchanges, trunfos — in one
 * mixed-radix number (each decision's radix is what the position allows), written
 * in base64url after a format character and followed by a CRC-24 of the rest.
 * Pure: the day, the constants and the word checker are passed in. Nothing here
 * throws on bad input: every answer is {ok:true, …} or {ok:false, reason}.
 */
import { apply } from "./actions.js";
import { legalPlays } from "./movegen/legal_plays.js";
import { playActions } from "./play_actions.js";
import { newRun } from "./state.js";
import { summary } from "./summary.js";

/** Format 1: fields below, plays indexed in legalPlays' order as docs/engine.md defines it. */
export const CODE_FORMAT = "1";
export const MAX_CODE_LENGTH = 600;
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const CRC_CHARS = 4;
const EPOCH_MS = Date.UTC(2020, 0, 1);
const DAY_MS = 86400000;
const DATE_RADIX = 32768; // days after 2020-01-01: until 2109
const VERSION_HEX = 10; // pipeline.assets.HASH_LENGTH
const FLOOR_RADIX = 8;
const TOTAL_RADIX = 16384;
// Decisions in phase "play": END, pass, a help (constants.helps order), exchange, then the plays.
const END = 0;
const PASS = 1;
const FIRST_HELP = 2;

const big = (n) => BigInt(n);
const fail = (reason) => ({ ok: false, reason });

/** CRC-24 (OpenPGP, RFC 4880 §6.1) of an ASCII string: any change of one character changes it. */
export function crc24(text) {
  let crc = 0xb704ce;
  for (let i = 0; i < text.length; i++) {
    crc ^= (text.charCodeAt(i) & 0xff) << 16;
    for (let bit = 0; bit < 8; bit++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= 0x1864cfb;
    }
  }
  return crc & 0xffffff;
}

function crcText(text) {
  let value = crc24(text);
  let out = "";
  for (let i = 0; i < CRC_CHARS; i++) {
    out = DIGITS[value & 63] + out;
    value >>= 6;
  }
  return out;
}

/** A mixed-radix number written least significant field first. */
class Writer {
  constructor() {
    this.value = big(0);
    this.scale = big(1);
  }

  put(symbol, radix) {
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

class Reader {
  constructor(value) {
    this.value = value;
  }

  take(radix) {
    const r = big(radix);
    const symbol = Number(this.value % r);
    this.value /= r;
    return symbol;
  }
}

function dayNumber(date) {
  if (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return -1;
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return -1;
  return Math.round((ms - EPOCH_MS) / DAY_MS);
}

const dateOfNumber = (n) => new Date(EPOCH_MS + n * DAY_MS).toISOString().slice(0, 10);
const playKey = (tiles) => tiles.map((t) => `${t.square}:${t.letter}:${t.blank ? 1 : 0}`).sort().join(",");
const playRadix = (constants, plays) => FIRST_HELP + constants.helps.length + 1 + plays.length;

/** Applies `actions` to `state`; the new state, or null when one is refused. */
function applyAll(state, actions, words) {
  let next = state;
  for (const action of actions) {
    const result = apply(next, action, words);
    if (!result.ok || result.events[0]?.type === "rejected") return null;
    next = result.state;
  }
  return next;
}

/** One decision of the player's log turned into the canonical run: {symbols:[[s, radix]…], actions}. */
function canonicalStep(canon, action, before, words) {
  const { constants } = canon;
  if (action.type === "chooseTrunfo") {
    const at = canon.offer.indexOf(action.id);
    return at < 0 ? null : { symbols: [[1 + at, canon.offer.length + 1]], actions: [action] };
  }
  const plays = legalPlays(canon, words);
  const radix = playRadix(constants, plays);
  if (action.type === "pass") return { symbols: [[PASS, radix]], actions: [{ type: "pass" }] };
  if (action.type === "useHelp") {
    const at = constants.helps.findIndex((h) => h.id === action.id);
    return at < 0 ? null : { symbols: [[FIRST_HELP + at, radix]], actions: [action] };
  }
  if (action.type === "exchange") return canonicalExchange(canon, action, before, radix);
  const key = playKey(before.pending);
  const at = plays.findIndex((p) => playKey(p.tiles) === key);
  if (at < 0) return null; // movegen lacks a play the engine accepted: no code rather than a wrong one
  return { symbols: [[FIRST_HELP + constants.helps.length + 1 + at, radix]], actions: playActions(canon, plays[at]) };
}

/** An exchange as the ordered hand positions of the canonical hand holding the same letters. */
function canonicalExchange(canon, action, before, radix) {
  const letterOf = new Map(before.hand.map((t) => [t.id, t.letter]));
  const left = canon.hand.slice();
  const symbols = [[FIRST_HELP + canon.constants.helps.length, radix], [action.tiles.length - 1, left.length]];
  const ids = [];
  for (const id of action.tiles) {
    const at = left.findIndex((t) => t.letter === letterOf.get(id));
    if (at < 0) return null;
    symbols.push([at, left.length]);
    ids.push(left[at].id);
    left.splice(at, 1);
  }
  return { symbols, actions: [{ type: "exchange", tiles: ids }] };
}

/**
 * The code of a run given by its action log (as saved): {ok:true, code, floor, total}
 * or {ok:false, reason}. `version` is the word list's version (10 hex digits).
 */
export function encodeRun(day, constants, actions, words, version) {
  try {
    return encodeChecked(day, constants, actions, words, version);
  } catch (error) {
    return fail(`o registo não pôde ser codificado (${error?.message ?? error})`);
  }
}

function encodeChecked(day, constants, actions, words, version) {
  const dayN = dayNumber(day?.date);
  if (dayN < 0 || dayN >= DATE_RADIX) return fail("data fora do intervalo");
  if (typeof version !== "string" || !new RegExp(`^[0-9a-f]{${VERSION_HEX}}$`).test(version)) return fail("versão inválida");
  let state = newRun(day, constants);
  let canon = newRun(day, constants);
  const symbols = [];
  for (const action of actions) {
    const before = state;
    const result = apply(state, action, words);
    if (!result.ok) return fail("o registo tem uma ação recusada");
    state = result.state;
    if (!["play", "pass", "useHelp", "exchange", "chooseTrunfo"].includes(action.type)) continue;
    if (action.type === "play" && result.events[0]?.type === "rejected") continue;
    const step = canonicalStep(canon, action, before, words);
    canon = step && applyAll(canon, step.actions, words);
    if (!canon) return fail("o registo não tem forma canónica");
    symbols.push(...step.symbols);
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
  for (const [symbol, radix] of symbols) writer.put(symbol, radix);
  if (canon.phase === "play" || canon.phase === "trunfo") writer.put(END, 2); // unfinished: END (0)
  const body = CODE_FORMAT + writer.text();
  return { ok: true, code: body + crcText(body), floor: mine.floorReached, total: mine.total };
}

/**
 * What can be read without the day or the word list: {ok:true, date, version, floor,
 * total, rest} (rest: the decisions, for replayCode) or {ok:false, reason}.
 */
export function readCode(code) {
  if (typeof code !== "string" || code.length === 0) return fail("vazio");
  if (code.length > MAX_CODE_LENGTH) return fail("demasiado longo");
  if (code[0] !== CODE_FORMAT) return fail("formato desconhecido");
  const body = code.slice(0, -CRC_CHARS);
  const digits = body.slice(1);
  if (digits.length === 0 || [...code.slice(1)].some((c) => !DIGITS.includes(c))) return fail("carácter inválido");
  if (digits.length > 1 && digits[0] === DIGITS[0]) return fail("forma não canónica");
  if (crcText(body) !== code.slice(-CRC_CHARS)) return fail("soma de controlo errada");
  let value = big(0);
  for (const c of digits) value = value * big(64) + big(DIGITS.indexOf(c));
  const reader = new Reader(value);
  const date = dateOfNumber(reader.take(DATE_RADIX));
  const versionValue = reader.take(16 ** VERSION_HEX);
  const version = versionValue.toString(16).padStart(VERSION_HEX, "0");
  const floor = reader.take(FLOOR_RADIX) + 1;
  const total = reader.take(TOTAL_RADIX);
  return { ok: true, date, version, floor, total, rest: reader.value };
}

/**
 * Replays the decisions of a read code on its day: {ok:true, initial, steps, state, verified} where
 * steps are [{actions, state}] (one per decision; a play's actions go together), or
 * {ok:false, reason} when a decision is impossible or something is left over.
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
  const reader = new Reader(read.rest);
  const initial = newRun(day, constants);
  let state = initial;
  const steps = [];
  while (state.phase === "play" || state.phase === "trunfo") {
    const actions = nextActions(state, reader, words);
    if (actions === null) break; // END: an unfinished run
    if (actions === undefined) return fail("uma decisão é impossível");
    const next = applyAll(state, actions, words);
    if (!next) return fail("uma jogada foi recusada");
    state = next;
    steps.push({ actions, state });
  }
  if (reader.value !== big(0)) return fail("sobram dados");
  const { floorReached, total } = summary(state);
  return { ok: true, initial, steps, state, verified: floorReached === read.floor && total === read.total };
}

/** The next decision's actions; null for END, undefined when it cannot be. */
function nextActions(state, reader, words) {
  if (state.phase === "trunfo") {
    const s = reader.take(state.offer.length + 1);
    return s === END ? null : [{ type: "chooseTrunfo", id: state.offer[s - 1] }];
  }
  const { helps } = state.constants;
  const plays = legalPlays(state, words);
  const s = reader.take(playRadix(state.constants, plays));
  if (s === END) return null;
  if (s === PASS) return [{ type: "pass" }];
  if (s < FIRST_HELP + helps.length) return [{ type: "useHelp", id: helps[s - FIRST_HELP].id }];
  if (s === FIRST_HELP + helps.length) return exchangeActions(state, reader);
  return playActions(state, plays[s - FIRST_HELP - helps.length - 1]);
}

function exchangeActions(state, reader) {
  const left = state.hand.slice();
  if (left.length === 0) return undefined;
  const count = reader.take(left.length) + 1;
  const ids = [];
  for (let i = 0; i < count; i++) {
    const at = reader.take(left.length);
    ids.push(left[at].id);
    left.splice(at, 1);
  }
  return [{ type: "exchange", tiles: ids }];
}

/** The link of a code: `<origin>/repeticao/#<code>`. */
export function replayLink(origin, code) {
  return `${origin.replace(/\/$/, "")}/repeticao/#${code}`;
}
