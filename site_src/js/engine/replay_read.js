/**
 * What a replay code (docs/replay-link.md, replay_code.js) says without its day or word
 * list: its date, word-list version, floor and total (readCode), checked by its CRC-24.
 * Apart from replay_code.js because a kept challenge's word list is needed before a run
 * starts (page.js loads it then, and only then), and the encoder only once a run ends.
 * Pure; nothing here throws on bad input.
 */

import { isCalendarDate } from "./calendar.js";

export { isCalendarDate } from "./calendar.js";

export const CODE_FORMAT = "1";
export const MAX_CODE_LENGTH = 600;
export const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const CRC_CHARS = 4;
const EPOCH_MS = Date.UTC(2020, 0, 1);
const DAY_MS = 86400000;
export const DATE_RADIX = 32768; // days after 2020-01-01: until 2109
export const VERSION_HEX = 10; // pipeline.assets.HASH_LENGTH
export const FLOOR_RADIX = 8;
export const TOTAL_RADIX = 16384;
export const big = (n) => BigInt(n);
export const fail = (reason) => ({ ok: false, reason });

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

export function crcText(text) {
  let value = crc24(text);
  let out = "";
  for (let i = 0; i < CRC_CHARS; i++) {
    out = DIGITS[value & 63] + out;
    value >>= 6;
  }
  return out;
}

/** Reads fields back; a radix below 1 (a position that allows nothing) makes `bad` true. */
export class Reader {
  constructor(value) {
    this.value = value;
    this.bad = false;
  }

  take(radix) {
    if (!(radix >= 1)) {
      this.bad = true;
      return 0;
    }
    const r = big(radix);
    const symbol = Number(this.value % r);
    this.value /= r;
    return symbol;
  }
}


export function dayNumber(date) {
  if (!isCalendarDate(date)) return -1;
  return Math.round((Date.parse(`${date}T00:00:00Z`) - EPOCH_MS) / DAY_MS);
}

const dateOfNumber = (n) => new Date(EPOCH_MS + n * DAY_MS).toISOString().slice(0, 10);
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
  const version = reader.take(16 ** VERSION_HEX).toString(16).padStart(VERSION_HEX, "0");
  const floor = reader.take(FLOOR_RADIX) + 1;
  const total = reader.take(TOTAL_RADIX);
  return { ok: true, date, version, floor, total, rest: reader.value };
}
