// Runs from outside the device are admitted only when they replay, finished, to what they
// claim (issue 41, item 3: forged challenges entered through the statistics import).
// Against the real built tree ($TORRE_DIST), fetched as the page fetches it.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { parRun, replay, summary } from "../../../site_src/js/engine/index.js";
import { encodeRun } from "../../../site_src/js/engine/replay_code.js";
import { admitChallenges } from "../../../site_src/js/ui/shared/admit.js";
import { distDir, loadDay, loadDistConstants, realWords } from "../helpers/real-dist.mjs";

const DATE = "2026-11-20";
const TODAY = "2026-12-01";

/** The game page's <main> as admit.js reads it: its data-* attributes, from the built index.html. */
function gameMain() {
  const html = readFileSync(join(distDir(), "index.html"), "utf8");
  const tag = html.match(/<main id="jogo"[^>]*>/)[0];
  const dataset = {};
  for (const [, name, value] of tag.matchAll(/data-([a-z-]+)="([^"]*)"/g)) {
    dataset[name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = value;
  }
  return { dataset };
}

/** fetch over the built tree; `log` records every URL asked for. */
function distFetch(log = []) {
  return async (url) => {
    log.push(url);
    const path = join(distDir(), url.split("?")[0]);
    if (!existsSync(path)) return new Response("", { status: 404 });
    return new Response(readFileSync(path), { status: 200 });
  };
}

function parChallenge(version = gameMain().dataset.versao) {
  const day = loadDay(`${DATE}.json`);
  const constants = loadDistConstants();
  const { words } = realWords();
  const run = parRun(day, constants, words);
  const encoded = encodeRun(day, constants, run.actions, words, version);
  assert.ok(encoded.ok, encoded.reason);
  const end = summary(replay(day, constants, run.actions, words).state);
  return { day, constants, words, run, record: { code: encoded.code, date: DATE, me: null,
    them: { floor: end.floorReached, total: end.total, won: end.won } } };
}

test("a real finished run that claims what its plays give is admitted, each file fetched once", async () => {
  const { record } = parChallenge();
  const log = [];
  assert.deepEqual(await admitChallenges([record, { ...record }], gameMain(), distFetch(log), TODAY), { ok: true });
  assert.equal(log.length, new Set(log).size, "two challenges of one tower: its files fetched once");
});

test("a real run that claims another end (won, or not) is refused", async () => {
  const { record } = parChallenge();
  const flipped = { ...record, them: { ...record.them, won: !record.them.won } };
  const answer = await admitChallenges([record, flipped], gameMain(), distFetch(), TODAY);
  assert.deepEqual(answer, { ok: false, index: 1, why: "o resultado não é o que as jogadas dão" });
});

test("an unfinished run is refused", async () => {
  const { day, constants, words, run } = parChallenge();
  const partial = encodeRun(day, constants, run.actions.slice(0, 3), words, gameMain().dataset.versao);
  assert.ok(partial.ok, partial.reason);
  const record = { code: partial.code, date: DATE, me: null, them: { floor: partial.floor, total: partial.total, won: false } };
  assert.deepEqual(await admitChallenges([record], gameMain(), distFetch(), TODAY), { ok: false, index: 0, why: "a corrida não está acabada" });
});

test("a run of a word list the site does not have is refused", async () => {
  const { record } = parChallenge("3f9a0c21be");
  const answer = await admitChallenges([record], gameMain(), distFetch(), TODAY);
  assert.equal(answer.ok, false);
  assert.match(answer.why, /a lista de palavras com que foi jogada não está neste site/);
});
