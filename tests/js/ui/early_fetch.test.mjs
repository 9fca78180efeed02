// /boot.js asks for the game's first files before the game's script has arrived, and the game's own
// fetch of each URL takes that answer (ui/shared/browser.js earlyFetch): one request per file in
// every engine, where a <link rel=preload> was asked for twice by WebKit (issue 40 item 11).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import vm from "node:vm";

import { earlyFetch } from "../../../site_src/js/ui/shared/browser.js";

const BOOT = new vm.Script(readFileSync(new URL("../../../site_src/boot.js", import.meta.url), "utf8"));
const NOON = Date.UTC(2026, 11, 7, 12);

/** A browser with boot.js run in it: its script tag's attributes, the page's `started` mark, and
 * `answer(url)` for each request; `asked` lists every request made, by boot.js or by the game. */
function browser({ attributes, started = false, answer = (url) => Promise.resolve({ url }) }) {
  const asked = [];
  const window = { addEventListener() {} };
  const fetch = (url) => { asked.push(url); return answer(url); };
  const document = {
    currentScript: { getAttribute: (name) => attributes[name] ?? null },
    documentElement: { getAttribute: (name) => (name === "data-jogo" && started ? "iniciado" : null), setAttribute() {} },
    getElementById: () => null,
    addEventListener() {},
  };
  class FixedDate extends Date {
    static now() { return NOON; }
  }
  BOOT.runInContext(vm.createContext({ document, window, fetch, location: { search: "" }, Date: FixedDate }));
  return { window, fetch, asked };
}

/** earlyFetch(url) as the game calls it, in `page`'s window. */
async function gameFetch(page, url) {
  const saved = [globalThis.window, globalThis.fetch];
  [globalThis.window, globalThis.fetch] = [page.window, page.fetch];
  try {
    return await earlyFetch(url);
  } finally {
    [globalThis.window, globalThis.fetch] = saved;
  }
}

const GAME_PAGE = { "data-cedo": "/constantes.json /coimbra.json", "data-days": "/dias/" };

test("boot.js asks once for the constants, the Coimbra words and today's tower, and the game takes each answer", async () => {
  const page = browser({ attributes: GAME_PAGE });
  assert.deepEqual(page.asked, ["/constantes.json", "/coimbra.json", "/dias/2026-12-07.json"]);
  for (const url of ["/constantes.json", "/coimbra.json", "/dias/2026-12-07.json"]) {
    assert.deepEqual(await gameFetch(page, url), { url });
  }
  assert.equal(page.asked.length, 3, "no file asked for twice");
  assert.deepEqual(Object.keys(page.window.torreCedo), [], "every early answer taken");
});

test("an early answer is taken once: asking again (a retry, another tower) is a new request", async () => {
  const page = browser({ attributes: GAME_PAGE });
  await gameFetch(page, "/constantes.json");
  await gameFetch(page, "/constantes.json");
  assert.equal(page.asked.filter((url) => url === "/constantes.json").length, 2);
});

test("a file boot.js did not ask for is fetched by the game as ever", async () => {
  const page = browser({ attributes: GAME_PAGE });
  assert.deepEqual(await gameFetch(page, "/dias/2026-11-30.json"), { url: "/dias/2026-11-30.json" });
  assert.equal(page.asked.at(-1), "/dias/2026-11-30.json");
});

test("an early request that failed is asked for again by the game, which gets the answer of its own", async () => {
  let offline = true;
  const page = browser({
    attributes: GAME_PAGE,
    answer: (url) => (offline ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve({ url })),
  });
  offline = false;
  assert.deepEqual(await gameFetch(page, "/coimbra.json"), { url: "/coimbra.json" });
  assert.equal(page.asked.filter((url) => url === "/coimbra.json").length, 2);
});

test("boot.js asks for nothing when the game already runs (it arrived late) or the page lists nothing", () => {
  assert.deepEqual(browser({ attributes: GAME_PAGE, started: true }).asked, []);
  const plain = browser({ attributes: {} });
  assert.deepEqual(plain.asked, []);
  assert.deepEqual(Object.keys(plain.window.torreCedo), []);
});

test("on the practice page boot.js asks for the constants and the Coimbra words, and no day", () => {
  assert.deepEqual(browser({ attributes: { "data-cedo": "/constantes.json /coimbra.json" } }).asked,
    ["/constantes.json", "/coimbra.json"]);
});
