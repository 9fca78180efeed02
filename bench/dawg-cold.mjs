// One cold measurement in a fresh Node process, for bench/dawg.py (issue 13: < 0.3 ms).
// Usage: node bench/dawg-cold.mjs load|check|first|crc palavras.dawg
//   load:  `new Dawg(buffer)`, the first thing the page does with the file;
//   check: the check a load makes, the CRC-32 of the header and block table;
//   first: a load and the first lookup (which checks the blocks it reads);
//   crc:   the CRC-32 of the whole file, the check a load of format version 1 made.
// Prints the milliseconds of that one call; the module is imported before timing.
import { readFileSync } from "node:fs";
import { Dawg, crc32 } from "../site_src/js/dawg.js";

const [what, path] = process.argv.slice(2);
const bytes = readFileSync(path);
const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const edgesOffset = 64 + 4 * Math.ceil(new DataView(buffer).getUint32(12, true) / 256);
const run = {
  load: () => new Dawg(buffer),
  check: () => crc32(buffer, 12, edgesOffset - 12),
  first: () => new Dawg(buffer).contains("CASA"),
  crc: () => crc32(buffer, 12, buffer.byteLength - 12),
}[what];
performance.now();
const start = performance.now();
run();
console.log((performance.now() - start).toFixed(4));
