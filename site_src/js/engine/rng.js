/**
 * The engine's only source of "chance": a hash of a seed string feeding a
 * small generator. Same seed, same numbers, on every engine and every machine
 * (32-bit integer arithmetic only: Math.imul and unsigned shifts).
 */

/** FNV-1a over the UTF-16 code units of `text`, as an unsigned 32-bit integer. */
export function hashString(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A generator of unsigned 32-bit integers (splitmix32 steps). */
export function makeGenerator(seed) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** An integer in [0, n) without modulo bias (rejection sampling). */
export function below(next, n) {
  const limit = Math.floor(0x100000000 / n) * n;
  for (;;) {
    const value = next();
    if (value < limit) return value % n;
  }
}

/** A new array: Fisher–Yates shuffle of `items` driven by the seed string. */
export function shuffled(items, seedText) {
  const next = makeGenerator(hashString(seedText));
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = below(next, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
