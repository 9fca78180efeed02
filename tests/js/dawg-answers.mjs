// Prints the JS reader's answer to each query of a file, one digit per query
// (0: not a word, 1: dictionary word, 2: Coimbra word only, 3: both), for
// tests/test_dawg.py to compare with the Python reader.
// Usage: node tests/js/dawg-answers.mjs palavras.dawg queries.txt
import { readFileSync } from "node:fs";
import { Dawg } from "../../site_src/js/dawg.js";

const [dawgPath, queriesPath] = process.argv.slice(2);
const bytes = readFileSync(dawgPath);
const dawg = new Dawg(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
const queries = readFileSync(queriesPath, "ascii").split("\n").filter(Boolean);
let out = "";
for (const query of queries) {
  const node = dawg.find(query);
  out += node < 0 ? "0" : String(node & 3);
}
process.stdout.write(out + "\n");
