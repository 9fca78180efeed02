// Issue 42: what a player can read under «Detalhes» is Portuguese. Each known failure (the DAWG
// reader's, a fetch's, the engine's, the analysis worker's, a browser's failed module load) is put
// in the page through problem.js, as the screens do, and its «Detalhes» must hold no English
// developer words, but keep what helps a report (a version, a block, an HTTP status, a URL);
// an unknown error is «Erro interno inesperado.», its own words only in the console.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { Dawg } from "../../../site_src/js/dawg.js";
import { analyseRun } from "../../../site_src/js/engine/analysis.js";
import { DayFileError } from "../../../site_src/js/engine/day.js";
import { AnalysisClient } from "../../../site_src/js/ui/shared/analysis_client.js";
import { loadShared, loadWords } from "../../../site_src/js/ui/shared/loader.js";
import { problem, problemNodes, showProblem } from "../../../site_src/js/ui/shared/problem.js";
import { parseStatsExport } from "../../../site_src/js/ui/shared/stats_import.js";
import { verifyCode } from "../../../site_src/js/ui/shared/verify.js";
import { loadConstants, loadFixtureDay, wordChecker } from "../helpers/engine-setup.mjs";
import { distDir } from "../helpers/real-dist.mjs";

// Words of an English developer message that no Portuguese detail holds.
const ENGLISH = /\b(engine|worker|error|graph|header|expected|failed|fetch|checksum|mismatch|magic|version|block|truncated|needs|wrong|promises|refused|undefined|null|unexpected|dynamically|imported|module|reader|TypeError|SyntaxError)\b/i;

// A document just big enough for problem.js (el, after, nextElementSibling, classList).
class Node {
  constructor(tag) {
    this.tag = tag;
    this.children = [];
    this.textContent = "";
    this.className = "";
    this.parent = null;
    this.classList = { contains: (name) => this.className.split(" ").includes(name) };
  }
  append(...nodes) { for (const node of nodes) { node.parent = this; this.children.push(node); } }
  addEventListener() {}
  after(node) { node.parent = this.parent; this.parent.children.splice(this.parent.children.indexOf(this) + 1, 0, node); }
  remove() { this.parent.children.splice(this.parent.children.indexOf(this), 1); }
  get nextElementSibling() { return this.parent?.children[this.parent.children.indexOf(this) + 1] ?? null; }
}
globalThis.document = { createElement: (tag) => new Node(tag) };

const warned = [];
console.warn = (...args) => warned.push(args.join(" "));

/** The «Detalhes» text showProblem puts after a line for `detail`, once it is filled (it may load its words). */
async function shownDetail(detail) {
  const box = new Node("div");
  const line = new Node("p");
  box.append(line);
  showProblem(line, problem("A frase do jogador.", detail));
  const details = line.nextElementSibling;
  assert.equal(details?.className, "detalhes", "a «Detalhes» follows the line");
  const [summary, body] = details.children;
  assert.equal(summary.textContent, "Detalhes");
  for (let i = 0; i < 50 && body.textContent === ""; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  // problemNodes (a dialog's body) says the same.
  const nodes = problemNodes(problem("A frase do jogador.", detail));
  for (let i = 0; i < 50 && nodes[1].children[1].textContent === ""; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(nodes[1].children[1].textContent, body.textContent, "a dialog's «Detalhes» say the same");
  return body.textContent;
}

function assertPortuguese(text, what) {
  assert.ok(text.length > 0, `${what}: a detail is said`);
  assert.doesNotMatch(text, ENGLISH, `${what}: ${text}`);
  assert.match(text, /^[A-ZÁÉÍÓÚÇ].*\.$/, `${what}: one sentence, a capital and a full stop: ${text}`);
}

const dist = distDir();
const bytes = readFileSync(join(dist, "palavras.dawg"));
const dawgBytes = () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

/** The DawgFormatError (or null) the reader throws for `bytes`, reading every block. */
function dawgError(buffer) {
  try {
    new Dawg(buffer).verify();
    return null;
  } catch (error) {
    return error;
  }
}

function withVersion(version) {
  const buffer = dawgBytes();
  new DataView(buffer).setUint16(4, version, true);
  return buffer;
}

function withDamagedBlock(block) {
  const buffer = dawgBytes();
  const { edgesOffset } = new Dawg(dawgBytes()).header;
  new Uint8Array(buffer)[edgesOffset + 4096 * block + 5] ^= 0x24;
  return buffer;
}

function withDamagedHeader() {
  const buffer = dawgBytes();
  new Uint8Array(buffer)[50] ^= 0x01; // the alphabet: the header's checksum no longer matches
  return buffer;
}

// (what fails, the failure as the screens pass it, what its «Detalhes» must keep)
const DAWG_FAILURES = [
  ["a DAWG that is not one (zeros)", () => dawgError(new ArrayBuffer(80)), /lista de palavras está danificado: o cabeçalho/],
  ["a DAWG of another format version", () => dawgError(withVersion(9)), /versão 9 do formato, e o jogo lê a versão 2/],
  ["a truncated DAWG", () => dawgError(dawgBytes().slice(0, 40)), /tem 40 bytes, e o cabeçalho pede 64/],
  ["a DAWG cut short", () => dawgError(dawgBytes().slice(0, 4096)), /tem 4096 bytes, e o cabeçalho pede \d+/],
  ["a DAWG with a damaged header", () => dawgError(withDamagedHeader()), /cabeçalho não confere com a sua soma de controlo/],
  ["a DAWG with a damaged block", () => dawgError(withDamagedBlock(2)), /o bloco 2 não confere com a sua soma de controlo/],
  // game.js makes it a string before it reaches problem.js
  ["a DAWG error made a string", () => String(dawgError(withDamagedBlock(1))), /lista de palavras está danificado/],
];

for (const [what, failure, keeps] of DAWG_FAILURES) {
  test(`the «Detalhes» of ${what} are Portuguese and keep what helps a report`, async () => {
    const cause = failure();
    assert.ok(cause, "the reader refuses it");
    const text = await shownDetail(cause);
    assertPortuguese(text, what);
    assert.match(text, keeps);
  });
}

/** The LoadError a load with `fetchFn` fails with. */
async function loadFailure(load) {
  try {
    await load();
  } catch (error) {
    return error;
  }
  assert.fail("the load fails");
}

const URLS = { constants: "/constantes.json", dawg: "/palavras.abc.dawg", days: "/dias/", coimbra: "/coimbra.json" };

test("the «Detalhes» of a word list the loader finds damaged are Portuguese", async () => {
  const error = await loadFailure(() => loadWords(URLS, async () => new Response(new ArrayBuffer(80))));
  assert.equal(error.message, "A lista de palavras está danificada. Recarregue a página.");
  const text = await shownDetail(error.detail);
  assertPortuguese(text, "loadWords");
  assert.equal(text, "O ficheiro da lista de palavras está danificado: o cabeçalho não é o de uma lista de palavras do jogo.");
  assert.ok(warned.some((line) => /wrong magic/.test(line)), "the reader's own words are in the console");
});

test("the «Detalhes» of a file the site answers with an error keep its status and URL", async () => {
  const error = await loadFailure(() => loadShared(URLS, async (url) => new Response("", { status: url === "/constantes.json" ? 503 : 200 })));
  const text = await shownDetail(error.detail);
  assertPortuguese(text, "HTTP 503");
  assert.equal(text, "O site respondeu com o código HTTP 503 ao pedir /constantes.json.");
});

test("the «Detalhes» of a file that could not be asked for (no Internet) are Portuguese", async () => {
  const error = await loadFailure(() => loadWords(URLS, async () => { throw new TypeError("Failed to fetch"); }));
  const text = await shownDetail(error.detail);
  assertPortuguese(text, "offline");
  assert.equal(text, "Sem resposta ao pedir /palavras.abc.dawg: o aparelho pode estar sem Internet.");
  assert.ok(warned.some((line) => /Failed to fetch/.test(line)), "the browser's own words are in the console");
});

test("the «Detalhes» of a file that is not JSON are Portuguese", async () => {
  const error = await loadFailure(() => loadShared(URLS, async (url) => new Response(url === "/coimbra.json" ? "<html>" : "{}")));
  const text = await shownDetail(error.detail);
  assertPortuguese(text, "JSON");
  assert.equal(text, "O ficheiro /coimbra.json não é o JSON que o jogo espera.");
});

test("the «Detalhes» of an action the engine refuses name it in Portuguese", async () => {
  const actions = [{ type: "place", tile: 0, square: "F4" }, { type: "place", tile: 0, square: "G4" }];
  let thrown;
  try {
    analyseRun(loadFixtureDay(), loadConstants(), actions, wordChecker([]));
  } catch (error) {
    thrown = error;
  }
  assert.match(thrown.message, /^engine: /, "the engine's own words are English");
  const text = await shownDetail(thrown);
  assertPortuguese(text, "engine_refused");
  assert.equal(text, "Erro interno do motor do jogo: a ação n.º 2 da corrida foi recusada.");
  const other = await shownDetail(new TypeError('engine: unknown action {"type":"fly"}'));
  assert.equal(other, "Erro interno do motor do jogo.");
});

test("the «Detalhes» of a damaged day file are the engine's Portuguese", async () => {
  const text = await shownDetail(new DayFileError({ date: "2026-12-01" }, "o saco devia ter 117 peças"));
  assert.equal(text, "O ficheiro da torre de 01/12/2026 está danificado: o saco devia ter 117 peças.");
});

/** A worker that answers each request with `reply(request)`, or fires `error` when it returns "error". */
function fakeWorker(reply) {
  const listeners = {};
  return {
    addEventListener: (type, listener) => { listeners[type] = listener; },
    postMessage: (request) => queueMicrotask(() => {
      const answer = reply(request);
      if (answer === "error") listeners.error({ message: "Uncaught TypeError: x is not a function" });
      else listeners.message({ data: { id: request.id, ...answer } });
    }),
    terminate() {},
  };
}

async function analysisFailure(client) {
  try {
    await client.analyse({ date: "2026-12-01", actions: [] });
  } catch (error) {
    return error;
  }
  assert.fail("the analysis fails");
}

test("the «Detalhes» of the analysis worker's failures are Portuguese", async () => {
  // What the worker posts of a damaged word list (worker/analysis.js `posted`): the error's fields as data.
  const damaged = dawgError(withDamagedBlock(3));
  const posted = { ...damaged, name: damaged.name, message: damaged.message };
  const list = await analysisFailure(new AnalysisClient("w.js", () => fakeWorker(() => ({ ok: false, message: "Não.", detail: posted }))));
  assertPortuguese(await shownDetail(list.detail), "the worker's DAWG");
  assert.match(await shownDetail(list.detail), /o bloco 3 não confere/);
  const http = { name: "Error", message: "/palavras.abc.dawg: HTTP 404", code: "http", url: "/palavras.abc.dawg" };
  const missing = await analysisFailure(new AnalysisClient("w.js", () => fakeWorker(() => ({ ok: false, message: "Não.", detail: http }))));
  assert.equal(await shownDetail(missing.detail), "O site respondeu com o código HTTP 404 ao pedir /palavras.abc.dawg.");
  const stopped = await analysisFailure(new AnalysisClient("w.js", () => fakeWorker(() => "error")));
  assert.equal(await shownDetail(stopped.detail), "O cálculo em segundo plano parou antes de responder.");
  const none = await analysisFailure(new AnalysisClient("w.js", () => { throw Object.assign(new Error("no Worker in this browser"), { code: "no_worker" }); }));
  assertPortuguese(await shownDetail(none.detail), "no worker");
});

test("the «Detalhes» of a module the browser could not load name it in Portuguese", async () => {
  const url = "https://torre.example/static/abc/js/torre.run_end.js";
  for (const said of [String(new TypeError(`Failed to fetch dynamically imported module: ${url}`)),
    new TypeError(`error loading dynamically imported module: ${url}`)]) {
    const text = await shownDetail(said);
    assertPortuguese(text, "a module");
    assert.equal(text, `O navegador não conseguiu descarregar uma parte do jogo (${url}).`);
  }
});

test("an unknown error is «Erro interno inesperado.» in «Detalhes», its own words in the console", async () => {
  for (const error of [new Error("something broke"), "TypeError: Cannot read properties of undefined (reading 'x')",
    Object.assign(new Error("x"), { code: "constructor" })]) {
    warned.length = 0;
    assert.equal(await shownDetail(error), "Erro interno inesperado.");
    assert.ok(warned.some((line) => line.includes(String(error).slice(0, 20))), "the console has it as it was");
  }
});

test("a detail that is already a Portuguese sentence is shown as it is", async () => {
  assert.equal(await shownDetail("a corrida guardada usa a lista de palavras da versão abc"),
    "A corrida guardada usa a lista de palavras da versão abc.");
});

test("the «Detalhes» of a replay or challenge link whose code does not read are Portuguese", async () => {
  const main = { dataset: { days: "/dias/", constants: "/constantes.json", dawg: "/palavras.abc.dawg", versao: "abc" } };
  const offline = await verifyCode("1abc", main, async () => { throw new TypeError("Failed to fetch"); });
  assertPortuguese(await shownDetail(offline.detail), "a link whose code does not read");
});

test("the «Detalhes» of an import that does not read are Portuguese", async () => {
  for (const line of ["TORRE-ESTATISTICAS-1:%%%", `TORRE-ESTATISTICAS-1:${btoa("{isto não")}`]) {
    const parsed = parseStatsExport(line, "2026-12-01");
    assertPortuguese(await shownDetail(parsed.detail), line);
  }
});
