/**
 * The built tree the real-data tests run on ($TORRE_DIST, set by `make test`):
 * day files, the constants and the DAWG word lookup. A missing tree is a
 * clear failure, never a silent skip.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { Dawg, wordLookup } from "../../../site_src/js/dawg.js";

export function distDir() {
  const dist = process.env.TORRE_DIST;
  if (!dist) throw new Error("TORRE_DIST is not set: run `make test` (or set TORRE_DIST to a built dist/ tree)");
  if (!existsSync(join(dist, "dias"))) throw new Error(`TORRE_DIST=${dist} has no dias/ folder: build it with \`torre build --out ${dist}\``);
  return dist;
}

/** Every day file's name (YYYY-MM-DD.json) in date order; fails when there are none. */
export function dayNames() {
  const dir = join(distDir(), "dias");
  const names = readdirSync(dir).filter((n) => /^\d{4}-\d{2}-\d{2}\.json$/.test(n)).sort();
  if (names.length === 0) throw new Error(`${dir} holds no day files (YYYY-MM-DD.json)`);
  return names;
}

export function loadDay(name) {
  return JSON.parse(readFileSync(join(distDir(), "dias", name), "utf8"));
}

/** `count` days spread evenly over the window (first and last included). */
export function sampleDays(count) {
  const names = dayNames();
  const step = Math.max(1, Math.floor((names.length - 1) / Math.max(1, count - 1)));
  const picked = [];
  for (let i = 0; i < names.length && picked.length < count; i += step) picked.push(names[i]);
  return picked.map(loadDay);
}

export function loadDistConstants() {
  return JSON.parse(readFileSync(join(distDir(), "constantes.json"), "utf8"));
}

/** A DAWG file read as the browser reads it (an ArrayBuffer of its own bytes). */
export function readDawg(path) {
  const bytes = readFileSync(path);
  return new Dawg(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** The real word lookup: the DAWG reader over palavras.dawg. */
export function realWords() {
  const dawg = readDawg(join(distDir(), "palavras.dawg"));
  return { dawg, words: wordLookup(dawg) };
}
