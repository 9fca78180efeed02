// The loader: what every day shares is fetched once; a new day fetches only its
// day file, so a deploy while the page is open cannot break midnight.
import assert from "node:assert/strict";
import { test } from "node:test";

import { LoadError, loadGame, runDawgUrl } from "../../../site_src/js/ui/shared/loader.js";

const URLS = { constants: "/constantes.json", dawg: "/palavras.abc.dawg", days: "/dias/", coimbra: "/coimbra.json" };

function recordingFetch(responses) {
  const asked = [];
  const fetchFn = async (url) => {
    asked.push(url);
    return url in responses ? new Response(responses[url]) : new Response("", { status: 404 });
  };
  return { asked, fetchFn };
}

test("a new day with what an earlier day loaded fetches only its day file", async () => {
  const { asked, fetchFn } = recordingFetch({ "/dias/2026-12-02.json": JSON.stringify({ date: "2026-12-02" }) });
  const shared = { constants: { v: 1 }, words: () => true, coimbra: new Map() };
  const data = await loadGame(URLS, "2026-12-02", fetchFn, shared);
  assert.deepEqual(asked, ["/dias/2026-12-02.json"]);
  assert.equal(data.constants, shared.constants);
  assert.equal(data.words, shared.words);
  assert.equal(data.day.date, "2026-12-02");
});

test("a first day fetches the constants, the word list, the Coimbra words and its day file", async () => {
  const { asked, fetchFn } = recordingFetch({});
  await assert.rejects(loadGame(URLS, "2026-12-01", fetchFn), LoadError);
  assert.deepEqual(asked.sort(), ["/coimbra.json", "/constantes.json", "/dias/2026-12-01.json", "/palavras.abc.dawg"]);
});

test("the board does not wait for the word list, which comes as a promise", async () => {
  let release;
  const dawgArrives = new Promise((resolve) => { release = resolve; });
  const fetchFn = async (url) => {
    if (url === URLS.dawg) {
      await dawgArrives;
      return new Response("", { status: 404 });
    }
    const files = { "/constantes.json": "{}", "/coimbra.json": "{}", "/dias/2026-12-01.json": '{"date":"2026-12-01"}' };
    return new Response(files[url]);
  };
  const data = await loadGame(URLS, "2026-12-01", fetchFn);
  assert.equal(data.day.date, "2026-12-01");
  assert.ok(data.words instanceof Promise);
  release();
  await assert.rejects(data.words, (error) => error instanceof LoadError && /lista de palavras/.test(error.message));
});

test("a past day the archive lacks is refused for good, and today's missing tower may come later", async () => {
  const { fetchFn } = recordingFetch({});
  const shared = { constants: {}, words: () => true, coimbra: new Map() };
  await assert.rejects(loadGame(URLS, "2019-01-01", fetchFn, shared, true), (error) => {
    assert.equal(error.message, "Este dia não está no arquivo. Pode escolher outro dia no arquivo ou jogar a torre de hoje.");
    assert.equal(error.retry, false, "trying again cannot find a day outside the window");
    return true;
  });
  await assert.rejects(loadGame(URLS, "2026-12-01", fetchFn, shared, false), (error) => {
    assert.equal(error.message, "Ainda não há torre para o dia 01/12/2026. Tente outra vez daqui a pouco.");
    assert.equal(error.retry, true);
    return true;
  });
});

test("a run on the current word list is played and replayed with the page's DAWG, an older run with its kept one", () => {
  const urls = { ...URLS, version: "abc", versions: "/versoes/" };
  assert.equal(runDawgUrl(urls, "abc"), "/palavras.abc.dawg");
  assert.equal(runDawgUrl(urls, null), "/palavras.abc.dawg", "a save from before word-list versions");
  assert.equal(runDawgUrl(urls, "0123456789"), "/versoes/0123456789.dawg");
  assert.equal(runDawgUrl({ versions: "/versoes/" }, "abc"), "/versoes/abc.dawg", "a page that names no DAWG of its own");
});
