/**
 * Common word lists for the tests of bestCommonPlay and the analysis: a fixed,
 * Set-backed subset of the real word list (every word of up to 3 letters and every
 * fifth word of palavras.txt, so the best common play often differs from the best
 * play), and the real list: palavras-comuns.txt and its DAWG in the built tree.
 * Also a brute-force bestCommonPlay (and every common play, in order) over
 * tests/js/helpers/best-play.mjs `allPlays`.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { allPlays } from "./best-play.mjs";
import { distDir, readDawg } from "./real-dist.mjs";

const lines = (path) => readFileSync(path, "utf8").split("\n").filter(Boolean).map((w) => w.toUpperCase());

/** `{contains(word)}` over a Set of folded uppercase words. */
export const setList = (words) => {
  const set = new Set(words);
  return { contains: (word) => set.has(word), size: set.size };
};

/** The tests' fixed common list, drawn from the built tree's palavras.txt. */
export function testCommonList() {
  return setList(lines(join(distDir(), "palavras.txt")).filter((word, i) => word.length <= 3 || i % 5 === 0));
}

/** The real common list, palavras-comuns.txt of the built tree, as a Set (a missing file is a failure). */
export function realCommonList() {
  const path = join(distDir(), "palavras-comuns.txt");
  if (!existsSync(path)) throw new Error(`${path} is missing: the built tree has no common words`);
  return setList(lines(path));
}

/** The real common list as the browser reads it: the Dawg of palavras-comuns.<hash>.dawg. */
export function realCommonDawg() {
  const [name] = readdirSync(distDir()).filter((n) => /^palavras-comuns\.[0-9a-f]+\.dawg$/.test(n));
  if (!name) throw new Error(`${distDir()} has no palavras-comuns.<hash>.dawg`);
  return readDawg(join(distDir(), name));
}

/** A play's place in the plays' order (docs/engine.md "The order of plays"), as a list of numbers. */
function orderKey(play, constants) {
  const rank = (letter) => (letter === "Ç" ? 2 * constants.alphabet.indexOf("C") + 1 : 2 * constants.alphabet.indexOf(letter));
  const index = (square) => (Number(square.slice(1)) - 1) * constants.board_size + constants.columns.indexOf(square[0]);
  const tiles = play.tiles.map((t) => [index(t.square), rank(t.letter), t.blank ? 1 : 0])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return [-play.points, tiles.length, ...tiles.flat()];
}

const compareKeys = (a, b) => {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k] - b[k];
  return a.length - b.length;
};

/** By brute force: every legal play of common words only, in the plays' order. */
export function bruteCommonPlays(state, dawg, words) {
  const common = allPlays(state, dawg, words).filter((play) => play.words.every((w) => words.isCommon(w.word)));
  const keyed = common.map((play) => [orderKey(play, state.constants), play]);
  keyed.sort((a, b) => compareKeys(a[0], b[0]));
  return keyed.map(([, play]) => play);
}

/** By brute force: the first legal play of common words only in the plays' order, or null. */
export function bruteCommonPlay(state, dawg, words) {
  return bruteCommonPlays(state, dawg, words)[0] ?? null;
}
