// The JS DAWG reader on the built word list ($TORRE_DIST): round trip, lookups
// against a Set, and refusal of corrupted files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { ALPHABET, Dawg, DawgFormatError, crc32, wordLookup } from "../../site_src/js/dawg.js";
import { distDir } from "./helpers/real-dist.mjs";

// docs/dawg-format.md's worked example (tests/test_dawg.py checks the builder makes it).
const WORKED_EXAMPLE =
  "54445747020040008bc3d7a60a000000010000000100000005000000050000000100000009000000" +
  "044142434445464748494a4c4d4e4f50515253545556585af78da80c7100000011060000100400002a020000" +
  "330200006001000033020000e00100003302000060000000";
const EMPTY = "54445747020040001a98499c" + "00".repeat(24) + "0100000000" +
  "4142434445464748494a4c4d4e4f50515253545556585a";

const fromHex = (hex) => new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16))).buffer;

test("the documented example reads as its five words, RUA the Coimbra one", () => {
  const example = new Dawg(fromHex(WORKED_EXAMPLE));
  assert.deepEqual([...example.words()], ["LUA", "LUAS", "RUA", "RUAS", "SUA"]);
  assert.deepEqual(["LUA", "RUA", "RUAS", "LU", "SUAS"].map((w) => example.isCoimbra(w) * 2 + example.contains(w)),
    [1, 3, 1, 0, 0]);
});

test("an empty word list holds no word", () => {
  const empty = new Dawg(fromHex(EMPTY));
  assert.deepEqual([...empty.words()], []);
  assert.ok(!empty.contains("A") && empty.edges(empty.root).length === 0);
});

const dist = distDir();
const bytes = readFileSync(join(dist, "palavras.dawg"));
const arrayBuffer = () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const words = readFileSync(join(dist, "palavras.txt"), "utf8").split("\n").filter(Boolean);
const coimbra = Object.keys(JSON.parse(readFileSync(join(dist, "coimbra.json"), "utf8")));
const dawg = new Dawg(arrayBuffer());

// Deterministic bytes for queries (the same scheme as tests/test_dawg.py).
function digest(label) {
  return createHash("sha256").update(label).digest();
}

function randomString(n) {
  const d = digest(`random:${n}`);
  const length = 2 + (d[0] % 7);
  let s = "";
  for (let i = 1; i <= length; i++) s += ALPHABET[d[i] % ALPHABET.length];
  return s;
}

function mutation(n) {
  const d = digest(`mutation:${n}`);
  const word = words[d.readUInt32LE(0) % words.length];
  const at = d[4] % word.length;
  return word.slice(0, at) + ALPHABET[d[5] % ALPHABET.length] + word.slice(at + 1);
}

test("dump equals palavras.txt ∪ the Coimbra words, in order", () => {
  const expected = [...new Set([...words, ...coimbra])].sort();
  assert.deepEqual([...dawg.words()], expected);
  assert.equal(dawg.header.words, expected.length);
});

test("every word is found, and only Coimbra words report coimbra", () => {
  for (const word of words) assert.ok(dawg.contains(word), word);
  const coimbraSet = new Set(coimbra);
  const flagged = [...dawg.words()].filter((w) => dawg.isCoimbra(w));
  assert.deepEqual(flagged, [...coimbraSet].sort());
  for (const word of words) assert.equal(dawg.isCoimbra(word), coimbraSet.has(word), word);
});

test("100,000 random strings and 100,000 one-letter mutations agree with a Set", () => {
  const valid = new Set([...words, ...coimbra]);
  let hits = 0;
  for (let n = 0; n < 100000; n++) {
    for (const query of [randomString(n), mutation(n)]) {
      const expected = valid.has(query);
      hits += expected;
      if (dawg.contains(query) !== expected) assert.fail(`${query}: DAWG says ${!expected}`);
    }
  }
  assert.ok(hits > 10000, "the mutations should find real words too");
});

test("Ç reads as C; lowercase and other characters are not words", () => {
  const word = words.find((w) => w.includes("C"));
  assert.ok(dawg.contains(word.replace("C", "Ç")));
  assert.ok(!dawg.contains(word.toLowerCase()));
  assert.ok(!dawg.contains(`${word}?`) && !dawg.contains("") && !dawg.contains("K"));
  const lookup = wordLookup(dawg);
  assert.ok(lookup.isWord(word) && lookup.isCoimbra(coimbra[0]));
});

test("walking child by child matches contains, and edges list the children", () => {
  const word = words[words.length >> 1];
  let node = dawg.root;
  for (const letter of word) {
    const next = dawg.child(node, letter);
    assert.ok(dawg.edges(node).some(([l, n]) => l === letter && n === next));
    node = next;
  }
  assert.ok(dawg.isTerminal(node));
  assert.equal(dawg.child(dawg.root, "K"), -1);
});

// `buffer` with its block table and header CRC recomputed, so what is tested is the
// reader's bounds checks, not its checksums.
function withCrc(buffer) {
  const { edges, blocks, edgesOffset } = new Dawg(arrayBuffer()).header;
  const view = new DataView(buffer);
  for (let block = 0; block < blocks; block++) {
    const count = Math.min(1024, edges - 1024 * block);
    view.setUint32(64 + 4 * block, crc32(buffer, edgesOffset + 4096 * block, 4 * count), true);
  }
  view.setUint32(8, crc32(buffer, 12, edgesOffset - 12), true);
  return buffer;
}

test("a changed byte anywhere is refused (sampled densely)", () => {
  for (let position = 0; position < bytes.length; position += position < 512 ? 1 : 61) {
    const buffer = arrayBuffer();
    new Uint8Array(buffer)[position] ^= 0x24;
    assert.throws(() => new Dawg(buffer).verify(), DawgFormatError, `byte ${position}`);
  }
});

// Issue 13: the whole-file CRC cost 1.1–1.6 ms cold; now a load checks the header and the
// block table, and each block of edges the first time anything reads it.
test("a load checks no block of edges; the first lookup checks the few it reads", () => {
  const fresh = new Dawg(arrayBuffer());
  assert.equal(fresh.checked.reduce((a, b) => a + b, 0), 0);
  assert.ok(fresh.contains(words[0]));
  const read = fresh.checked.reduce((a, b) => a + b, 0);
  assert.ok(read > 0 && read < fresh.header.blocks / 2, `${read} of ${fresh.header.blocks} blocks`);
  assert.equal(fresh.verify().checked.reduce((a, b) => a + b, 0), fresh.header.blocks);
});

test("a damaged shared block is refused before any shared state is used", () => {
  const buffer = arrayBuffer();
  new Uint8Array(buffer)[dawg.header.edgesOffset + 5] ^= 0x20; // a LAST bit of the shared region
  const damaged = new Dawg(buffer);
  assert.throws(() => { for (const word of words) damaged.contains(word); }, /checksum mismatch in block 0/);
});

test("a shared region that does not hold K states behind valid checksums is refused", () => {
  const buffer = arrayBuffer();
  new DataView(buffer).setUint32(16, dawg.header.sharedStates + 1, true); // K one too many
  assert.throws(() => new Dawg(withCrc(buffer)).verify(), /does not hold/);
});

test("a damaged block is refused the first time any lookup reads it, never answered from", () => {
  const { edgesOffset, edges } = dawg.header;
  const buffer = arrayBuffer();
  new Uint8Array(buffer)[edgesOffset + 4 * (edges - 1)] ^= 0x40; // the last edge: a word-end flag
  const damaged = new Dawg(buffer); // the last block is not read at load…
  assert.throws(() => { for (const word of words) damaged.contains(word); }, /checksum mismatch in block/);
  assert.throws(() => [...new Dawg(buffer).words()], DawgFormatError); // …nor by any walk that reaches it
});

test("truncated files are refused", () => {
  for (let length = 0; length < bytes.length; length += length < 128 ? 1 : 997) {
    assert.throws(() => new Dawg(arrayBuffer().slice(0, length)), DawgFormatError, `length ${length}`);
  }
});

test("wild targets behind a valid checksum throw DawgFormatError, not RangeError", () => {
  const buffer = arrayBuffer();
  const edgeWords = new Uint32Array(buffer, dawg.header.edgesOffset);
  for (let i = dawg.header.sharedEdges; i < edgeWords.length; i++) {
    if (edgeWords[i] >>> 8 > dawg.header.sharedStates) edgeWords[i] = (edgeWords[i] & 0xff) | 0xffffff00;
  }
  withCrc(buffer);
  // Refused at load (the two-letter table walks the root) or while walking: never a RangeError.
  assert.throws(() => [...new Dawg(buffer).words()], DawgFormatError);
});

test("changed edge bytes behind a valid checksum never escape as other errors", () => {
  const queries = words.filter((_, i) => i % 97 === 0);
  const start = dawg.header.edgesOffset;
  for (let position = start; position < Math.min(bytes.length, start + 4 * 3000); position += 7) {
    const buffer = arrayBuffer();
    new Uint8Array(buffer)[position] ^= 0xa5;
    try {
      const changed = new Dawg(withCrc(buffer));
      for (const query of queries) changed.contains(query);
      changed.edges(changed.root);
    } catch (error) {
      if (!(error instanceof DawgFormatError)) throw error;
    }
  }
});

test("a wrong magic or version is named", () => {
  const buffer = arrayBuffer();
  new Uint8Array(buffer)[0] = 0x58;
  assert.throws(() => new Dawg(buffer), /magic/);
  const other = arrayBuffer();
  new Uint8Array(other)[4] = 9;
  assert.throws(() => new Dawg(other), /version 9/);
});
