// Replay codes (docs/replay-link.md): every real run comes back exactly, a pinned
// golden code keeps format 1 from changing unseen, every
// one-character change is caught, and no input makes the decoder throw.
import assert from "node:assert/strict";
import { test } from "node:test";

import { parRun, summary } from "../../../site_src/js/engine/index.js";
import { crc24, encodeRun, MAX_CODE_LENGTH, readCode, replayCode, replayLink } from "../../../site_src/js/engine/replay_code.js";
import { loadConstants, loadFixtureDay } from "../helpers/engine-setup.mjs";
import { messyRun } from "../helpers/messy-runs.mjs";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";
import { trieWords } from "../helpers/word-trie.mjs";

const VERSION = "3f9a0c21be";
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const playsOf = (state) => state.history.map((h) => (h.pass ? "-" : h.words.map((w) => w.word).join("+"))).join(" ");

// The golden run: the fixture day with a small word list (so neither a new
// dictionary nor a new day file can move it).
const GOLDEN_WORDS = ("AS,OS,AO,DO,DA,SE,TU,ME,TE,NA,NO,UM,AR,ER,EU,LA,LO,MA,MO,PA,PE,RE,RI,SO,TO,UA,ATO,ATA,AMO,CAO,"
  + "COM,DOS,DAS,FIO,MAR,MAS,MES,MEU,NAS,NOS,OLA,PAS,PAU,PES,RIO,SAL,SER,SOL,TAL,TEU,TUA,UMA,ARTE,ASSE,CASA,CASO,"
  + "DADO,DOCE,FAZER,LADO,MALA,MESA,NOTA,PATO,PELO,RATO,ROSA,SAPO,TOMA,TUDO,VIDA,CANTO,PORTA,SORTE,TERRA,TINTA").split(",");
const GOLDEN_CODE = "199bIVbbU2426Ci_Cw-fAQyfzQYQ3wnOU5N8";

function goldenSetup() {
  return { day: loadFixtureDay(), constants: loadConstants(), words: trieWords(GOLDEN_WORDS, ["TUNA", "FADO", "PRAXE", "CAPA"]) };
}

function roundTrip(day, constants, words, actions) {
  const encoded = encodeRun(day, constants, actions, words, VERSION);
  assert.ok(encoded.ok, `${day.date}: ${encoded.reason}`);
  const read = readCode(encoded.code);
  assert.ok(read.ok, `${day.date}: ${read.reason}`);
  assert.deepEqual([read.date, read.version, read.floor, read.total], [day.date, VERSION, encoded.floor, encoded.total]);
  const replayed = replayCode(read, day, constants, words);
  assert.ok(replayed.ok && replayed.verified, `${day.date}: ${replayed.reason}`);
  return { code: encoded.code, replayed };
}

test("messy real runs of many days come back with the same plays, floor and total", () => {
  const constants = loadDistConstants();
  const { words } = realWords();
  const seen = new Set();
  for (const day of sampleDays(12)) {
    for (const seed of [1, 2]) {
      const run = messyRun(day, constants, words, seed);
      for (const a of run.actions) seen.add(a.letter ? "blank" : a.type);
      const { replayed } = roundTrip(day, constants, words, run.actions);
      assert.equal(playsOf(replayed.state), playsOf(run.state), `${day.date}/${seed}`);
      assert.deepEqual(summary(replayed.state), summary(run.state), `${day.date}/${seed}`);
      assert.deepEqual(replayed.state.trunfos, run.state.trunfos);
    }
  }
  for (const kind of ["blank", "exchange", "useHelp", "shuffle", "recall", "pass", "chooseTrunfo"]) {
    assert.ok(seen.has(kind), `the runs tried include ${kind}`);
  }
});

test("the par's full runs come back verified and their links stay under 160 characters", () => {
  const constants = loadDistConstants();
  const { words } = realWords();
  for (const day of sampleDays(8)) {
    const par = parRun(day, constants, words);
    const { code, replayed } = roundTrip(day, constants, words, par.actions);
    assert.equal(summary(replayed.state).total, par.total);
    assert.ok(replayLink("https://atorre.pt", code).length <= 160, code);
  }
});

test("an unfinished run is coded with its end and replays to where it stopped", () => {
  const { day, constants, words } = goldenSetup();
  const run = messyRun(day, constants, words, 7);
  const cut = run.actions.slice(0, run.actions.findIndex((a) => a.type === "chooseTrunfo"));
  const { replayed } = roundTrip(day, constants, words, cut);
  assert.equal(replayed.state.phase, "trunfo");
});

test("the golden code of format 1 still decodes to the same run and is what the encoder writes", () => {
  const { day, constants, words } = goldenSetup();
  const read = readCode(GOLDEN_CODE);
  assert.deepEqual([read.date, read.version, read.floor, read.total], [day.date, VERSION, 2, 67]);
  const replayed = replayCode(read, day, constants, words);
  assert.ok(replayed.ok && replayed.verified);
  assert.equal(playsOf(replayed.state), "SORTE ATA+AS+TO+AR DO CAPA FIO");
  const actions = replayed.steps.flatMap((s) => s.actions);
  assert.equal(encodeRun(day, constants, actions, words, VERSION).code, GOLDEN_CODE, "re-encoding gives the same code");
});

test("every change of one character of a code is refused before any replay", () => {
  const { day, constants, words } = goldenSetup();
  const { code } = encodeRun(day, constants, messyRun(day, constants, words, 7).actions, words, VERSION);
  for (let i = 0; i < code.length; i++) {
    for (const c of DIGITS + "1") {
      if (c === code[i]) continue;
      const changed = code.slice(0, i) + c + code.slice(i + 1);
      assert.equal(readCode(changed).ok, false, `${changed} (position ${i})`);
    }
  }
});

test("a code whose claimed total is not what the replay gives decodes but is not verified", () => {
  const { day, constants, words } = goldenSetup();
  const read = { ...readCode(GOLDEN_CODE), total: 68 };
  const replayed = replayCode(read, day, constants, words);
  assert.ok(replayed.ok);
  assert.equal(replayed.verified, false);
});

test("a code replayed against another day is refused", () => {
  const { day, constants, words } = goldenSetup();
  const replayed = replayCode(readCode(GOLDEN_CODE), { ...day, date: "2026-11-16" }, constants, words);
  assert.equal(replayed.ok, false);
});

test("garbage, empty, huge and non-string input is refused with a reason, never thrown", () => {
  const huge = "1" + "B".repeat(MAX_CODE_LENGTH * 20);
  for (const input of ["", "1", "1AAAA", "2DkyUuAQyfzQYQ3wnOm_7m", "1DkyUu AQyfzQ", "1ÇÃ%%", huge, null, undefined, 42, {},
    "1AAAAAAAAAAAAAA" + "AAAA", GOLDEN_CODE + "A", GOLDEN_CODE.slice(0, -1), "%E2%9C%93"]) {
    const read = readCode(input);
    assert.equal(read.ok, false, String(input).slice(0, 40));
    assert.equal(typeof read.reason, "string");
  }
});

test("a well-formed code of impossible decisions is refused by the replay, not thrown", () => {
  const { day, constants, words } = goldenSetup();
  for (const tail of ["__________", "zzzzzzzzzzzzzzzzzzzzzzzzzz", "B"]) {
    const body = "1" + GOLDEN_CODE.slice(1, -4) + tail;
    const digits = body.slice(1);
    let crc = crc24(body);
    let check = "";
    for (let i = 0; i < 4; i++) { check = DIGITS[crc & 63] + check; crc >>= 6; }
    const read = readCode(body + check);
    assert.ok(read.ok, digits);
    const replayed = replayCode(read, day, constants, words);
    assert.ok(replayed.ok === false || replayed.verified === false, tail);
  }
});

test("a run that cannot be coded says why instead of throwing", () => {
  const { day, constants, words } = goldenSetup();
  assert.equal(encodeRun(day, constants, [{ type: "nonsense" }], words, VERSION).ok, false);
  assert.equal(encodeRun(day, constants, [], words, "not-a-hash").ok, false);
  assert.equal(encodeRun({ ...day, date: "1999-01-01" }, constants, [], words, VERSION).ok, false);
});
