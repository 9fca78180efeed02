// Benchmark of the rules engine with the real DAWG reader (run: TORRE_DIST=dist node bench/engine.mjs).
// Boards come from real days played a few turns by the brute-force player, so they
// hold several words; the placement measured is the best play found on each.
// Prints the median and 95th percentile of preview() and apply(play); goal < 1 ms each.
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { apply, newRun, parseSquare, preview, squareName } from "../site_src/js/engine/index.js";
import { Dawg, wordLookup } from "../site_src/js/dawg.js";
import { bestPlay } from "../tests/js/helpers/best-play.mjs";
import { dayNames, distDir, loadDay, loadDistConstants } from "../tests/js/helpers/real-dist.mjs";

const DAYS = 40;
const REPEATS = 200;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function placeAll(state, placements) {
  for (const { tile, square, letter } of placements) {
    state = apply(state, { type: "place", tile: tile.id, square, letter }).state;
  }
  return state;
}

/** States with a pending best play, after 0–3 earlier plays on the same floor. */
function realisticStates(constants, dawg, words) {
  const names = dayNames();
  const out = [];
  for (let d = 0; d < DAYS; d++) {
    let state = newRun(loadDay(names[Math.floor((d * names.length) / DAYS)]), constants);
    for (let turn = 0; turn < 4 && state.phase === "play"; turn++) {
      const best = bestPlay(state, dawg, words);
      if (!best) break;
      const pending = placeAll(state, best.placements);
      out.push(pending);
      state = apply(pending, { type: "play" }, words).state;
      if (state.phase === "trunfo") state = apply(state, { type: "chooseTrunfo", id: state.offer[0] }).state;
    }
  }
  return out;
}

function measure(states, run, repeats = REPEATS) {
  const samples = [];
  for (let r = 0; r < repeats; r++) {
    for (const state of states) {
      const start = performance.now();
      run(state);
      samples.push(performance.now() - start);
    }
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95), count: samples.length };
}

const constants = loadDistConstants();
const bytes = readFileSync(join(distDir(), "palavras.dawg"));
const loadStart = performance.now();
const dawg = new Dawg(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
const loadMs = performance.now() - loadStart;
const words = wordLookup(dawg);

const states = realisticStates(constants, dawg, words);
const tiles = states.reduce((n, s) => n + s.board.filter(Boolean).length, 0) / states.length;
const show = (label, m) => console.log(`${label.padEnd(22)} median ${(m.median * 1000).toFixed(1).padStart(7)} µs   p95 ${(m.p95 * 1000).toFixed(1).padStart(7)} µs   (${m.count} calls)`);

console.log(`DAWG load + CRC check: ${loadMs.toFixed(2)} ms (${bytes.length} bytes)`);
console.log(`${states.length} boards from ${DAYS} real days, ${tiles.toFixed(1)} tiles on the board on average`);
show("preview", measure(states, (s) => preview(s, words)));
show("apply(play)", measure(states, (s) => apply(s, { type: "play" }, words)));
const freeSquare = (s) => {
  const index = s.board.findIndex((cell, i) => !cell && !s.pending.some((p) => parseSquare(constants, p.square).index === i));
  return squareName(constants, Math.floor(index / constants.board_size), index % constants.board_size);
};
const placings = states.filter((s) => s.hand.length > 0).map((s) => [s, { type: "place", tile: s.hand[0].id, square: freeSquare(s), letter: "A" }]);
show("apply(place)", measure(placings, ([s, action]) => apply(s, action)));
const unplaced = (s) => apply(s, { type: "recallAll" }).state;
show("test player's search", measure(states.slice(0, 40).map(unplaced), (s) => bestPlay(s, dawg, words), 1));
console.log("goal: preview and apply(play) under 1000 µs each");
