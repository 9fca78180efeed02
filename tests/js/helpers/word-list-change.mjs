/**
 * The Node side of tests/test_word_list_change.py: a run of a real day played
 * with one word list, then its action log and replay code replayed against the
 * DAWG files the test names. Usage (TORRE_DIST set):
 *   node word-list-change.mjs run <date> <version>            → {actions, total, floor, code, word}
 *   node word-list-change.mjs replay <dawg> <date> <actions.json> → {ok, total, floor}
 *   node word-list-change.mjs verify <dawg> <date> <code>      → {ok, verified, total, version}
 */
import { readFileSync } from "node:fs";

import { Dawg, wordLookup } from "../../../site_src/js/dawg.js";
import { replay, summary } from "../../../site_src/js/engine/index.js";
import { encodeRun, readCode, replayCode } from "../../../site_src/js/engine/replay_code.js";
import { loadDay, loadDistConstants, realWords } from "./real-dist.mjs";
import { strongRun } from "./real-positions.mjs";

function wordsOf(path) {
  const bytes = readFileSync(path);
  return wordLookup(new Dawg(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
}

const [mode, ...args] = process.argv.slice(2);
const constants = loadDistConstants();
let out;
if (mode === "run") {
  const [date, version] = args;
  const day = loadDay(`${date}.json`);
  const { words } = realWords();
  const run = strongRun(day, constants, words);
  const { total, floorReached } = summary(run.state);
  const first = run.state.history.find((h) => !h.pass);
  const coded = encodeRun(day, constants, run.actions, words, version);
  out = { actions: run.actions, total, floor: floorReached, code: coded.code, word: first.words[0].word };
} else if (mode === "replay") {
  const [dawg, date, actionsFile] = args;
  const result = replay(loadDay(`${date}.json`), constants, JSON.parse(readFileSync(actionsFile, "utf8")), wordsOf(dawg));
  out = result.ok ? { ok: true, total: summary(result.state).total, floor: summary(result.state).floorReached } : { ok: false };
} else if (mode === "verify") {
  const [dawg, date, code] = args;
  const read = readCode(code);
  const replayed = replayCode(read, loadDay(`${date}.json`), constants, wordsOf(dawg));
  out = { ok: replayed.ok, verified: Boolean(replayed.verified), total: replayed.ok ? summary(replayed.state).total : null, version: read.version };
} else {
  throw new Error(`unknown mode ${mode}`);
}
console.log(JSON.stringify(out));
