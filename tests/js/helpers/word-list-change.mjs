/**
 * The Node side of tests/test_word_list_change.py: a run of a real day played
 * with one word list, then its action log and replay code replayed against the
 * DAWG files the test names. Usage (TORRE_DIST set):
 *   node word-list-change.mjs run <date> <version>            → {actions, total, floor, code, word}
 *   node word-list-change.mjs replay <dawg> <date> <actions.json> → {ok, total, floor}
 *   node word-list-change.mjs verify <dawg> <date> <code>      → {ok, verified, total, version}
 *   node word-list-change.mjs numeral <dawg> <version>         → {date, word, actions, total, code}
 *     the first day whose floor-1 opener has an I under which a hand's I makes the
 *     word II, played with that DAWG and coded with that version (then the run stops)
 */

import { readFileSync } from "node:fs";
import { wordLookup } from "../../../site_src/js/dawg.js";
import { apply, newRun, replay, squareName, summary } from "../../../site_src/js/engine/index.js";
import { encodeRun, readCode, replayCode } from "../../../site_src/js/engine/replay_code.js";
import { dayNames, loadDay, loadDistConstants, readDawg, realWords } from "./real-dist.mjs";
import { strongRun } from "./real-positions.mjs";

const wordsOf = (path) => wordLookup(readDawg(path));

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
} else if (mode === "numeral") {
  const [dawg, version] = args;
  out = numeralRun(wordsOf(dawg), version);
} else {
  throw new Error(`unknown mode ${mode}`);
}
console.log(JSON.stringify(out));

/** A run whose one play is II: an I of the hand under an I of floor 1's opener. */
function numeralRun(words, version) {
  for (const name of dayNames()) {
    const day = loadDay(name);
    const state = newRun(day, constants);
    const opener = day.floors[0].opener;
    const column = opener.indexOf("I");
    const tile = state.hand.find((t) => t.letter === "I");
    if (column < 0 || !tile) continue;
    const left = Math.floor((constants.board_size - opener.length) / 2);
    const square = squareName(constants, constants.opener_row, left + column); // the row below (0-based)
    const actions = [{ type: "place", tile: tile.id, square }, { type: "play" }];
    let next = state;
    for (const action of actions) next = apply(next, action, words).state;
    const played = next.history.at(-1);
    const coded = encodeRun(day, constants, actions, words, version);
    return { date: day.date, word: played?.words?.[0]?.word ?? null, actions, total: summary(next).total, code: coded.code ?? null };
  }
  throw new Error("no day has an I in its first opener and in its first hand");
}
