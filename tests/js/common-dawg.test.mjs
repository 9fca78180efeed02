// The common words' DAWG ($TORRE_DIST, named by data-comuns on the game page) read by the
// browser's reader: exactly palavras-comuns.txt, dictionary words only, no Coimbra flag.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Dawg } from "../../site_src/js/dawg.js";
import { distDir } from "./helpers/real-dist.mjs";

const dist = distDir();
const name = /data-comuns="\/([^"]+)"/.exec(readFileSync(join(dist, "index.html"), "utf8"))[1];
const bytes = readFileSync(join(dist, name));
const common = new Dawg(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
const listed = readFileSync(join(dist, "palavras-comuns.txt"), "utf8").split("\n").filter(Boolean);

test("the common words' DAWG reads as exactly the words of palavras-comuns.txt", () => {
  assert.deepEqual([...common.words()], listed);
  assert.ok(listed.every((word) => common.contains(word) && !common.isCoimbra(word)));
});

test("a game word that is not common, and a Coimbra word, are not in the common words' DAWG", () => {
  const words = readFileSync(join(dist, "palavras.txt"), "utf8").split("\n").filter(Boolean);
  const inList = new Set(listed);
  const rare = words.find((word) => !inList.has(word));
  assert.ok(rare && !common.contains(rare));
  assert.ok(!common.contains("MONDEGO") && !common.contains("CAPA"));
});
