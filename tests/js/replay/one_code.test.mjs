// One run, one code (issue 41 item 8): the decoder reads only what the encoder writes, so the same
// run can never travel, nor be kept as a challenge, under two codes. An exchange names each tile
// returned as the first tile of its letter left in the hand (docs/replay-link.md, Format 1); a code
// that names another tile of the same letter is refused, and every code that verifies is the one
// the encoder writes for the run it replays.
import assert from "node:assert/strict";
import { test } from "node:test";

import { encodeRun, readCode, replayCode } from "../../../site_src/js/engine/replay_code.js";
import { DATE_RADIX, DIGITS, FLOOR_RADIX, TOTAL_RADIX, VERSION_HEX, crcText } from "../../../site_src/js/engine/replay_read.js";
import { messyRun } from "../helpers/messy-runs.mjs";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";

const VERSION = "3f9a0c21be";
// The fixed fields' radices: the decisions' fields start at this scale.
const FIXED_SCALE = BigInt(DATE_RADIX) * 16n ** BigInt(VERSION_HEX) * BigInt(FLOOR_RADIX) * BigInt(TOTAL_RADIX);

const numberOf = (code) => [...code.slice(1, -4)].reduce((n, c) => n * 64n + BigInt(DIGITS.indexOf(c)), 0n);

function codeOf(n) {
  let digits = "";
  do {
    digits = DIGITS[Number(n % 64n)] + digits;
    n /= 64n;
  } while (n > 0n);
  return `1${digits}${crcText(`1${digits}`)}`;
}

/** Every decision field of a replayed code with its scale in N: [{step, at, symbol, radix, scale}]. */
function fieldsOf(replayed) {
  const out = [];
  let scale = FIXED_SCALE;
  replayed.steps.forEach((step, index) => {
    step.fields.forEach(([symbol, radix], at) => {
      out.push({ step: index, at, symbol, radix, scale });
      scale *= BigInt(radix);
    });
  });
  return out;
}

/** The same code with one field's symbol changed (its CRC made again, so it reads). */
const withField = (code, field, symbol) => codeOf(numberOf(code) + BigInt(symbol - field.symbol) * field.scale);

function realRuns(count) {
  const constants = loadDistConstants();
  const { words } = realWords();
  const runs = [];
  for (const day of sampleDays(count / 2)) {
    for (const seed of [1, 2]) {
      const { actions } = messyRun(day, constants, words, seed);
      const encoded = encodeRun(day, constants, actions, words, VERSION);
      assert.ok(encoded.ok, encoded.reason);
      const replayed = replayCode(readCode(encoded.code), day, constants, words);
      assert.ok(replayed.ok && replayed.verified, replayed.reason);
      runs.push({ day, constants, words, code: encoded.code, replayed });
    }
  }
  return runs;
}

/** The other tiles an exchange's position field could name with the same letter: their positions. */
function sameLetterElsewhere(replayed, field) {
  const step = replayed.steps[field.step];
  const before = field.step === 0 ? replayed.initial : replayed.steps[field.step - 1].state;
  const left = before.hand.slice();
  for (const id of step.actions[0].tiles.slice(0, field.at - 2)) left.splice(left.findIndex((t) => t.id === id), 1);
  const named = left[field.symbol];
  const blank = (t) => t.id >= before.constants.bag_size;
  return left.flatMap((t, i) => (i !== field.symbol && !blank(t) && t.letter === named.letter ? [i] : []));
}

test("an exchange that names another tile of the same letter than the first is refused", () => {
  const variants = [];
  for (const run of realRuns(40)) {
    for (const field of fieldsOf(run.replayed)) {
      if (run.replayed.steps[field.step].actions[0].type !== "exchange" || field.at < 2) continue;
      for (const other of sameLetterElsewhere(run.replayed, field)) variants.push({ run, code: withField(run.code, field, other) });
    }
  }
  assert.ok(variants.length >= 10, `${variants.length} variants: the real runs exchange tiles of a letter held twice`);
  const replaying = variants.filter(({ run, code }) => {
    const read = readCode(code);
    assert.ok(read.ok, read.reason);
    return replayCode(read, run.day, run.constants, run.words).ok;
  });
  assert.equal(replaying.length, 0, `${replaying.length} of ${variants.length} codes naming another tile of the same letter replay`);
});

test("every code one decision field away from a real one that verifies is the code the encoder writes for its run", () => {
  let tried = 0;
  for (const run of realRuns(40)) {
    for (const field of fieldsOf(run.replayed)) {
      for (let symbol = 0; symbol < field.radix; symbol++) {
        if (symbol === field.symbol) continue;
        const code = withField(run.code, field, symbol);
        const replayed = replayCode(readCode(code), run.day, run.constants, run.words);
        tried += 1;
        if (!replayed.ok || !replayed.verified) continue;
        const again = encodeRun(run.day, run.constants, replayed.steps.flatMap((s) => s.actions), run.words, VERSION);
        assert.equal(again.code, code, `${run.day.date}: a code that verifies but is not the encoder's`);
      }
    }
  }
  assert.ok(tried > 1000, `${tried} codes tried`);
});
