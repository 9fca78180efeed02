// A challenge (issue 20): the link is a replay code under /desafio/#, the comparison is
// the par's rule, the challenges kept on the device count once each, and an import
// carrying them is checked field by field like the rest of the statistics.
import assert from "node:assert/strict";
import { test } from "node:test";

import { beatsPar, parRun } from "../../../site_src/js/engine/index.js";
import { encodeRun, readCode } from "../../../site_src/js/engine/replay_code.js";
import {
  acceptUrl, challengeLink, challengeOfReplay, challengeText, comparisonLine, merged, newRecord, outcome,
  received, replayOfChallenge, replyText, settled, tally, tallyLine, towerOf,
} from "../../../site_src/js/ui/shared/challenge_texts.js";
import { goalLine } from "../../../site_src/js/ui/shared/challenge_goal.js";
import { shareText } from "../../../site_src/js/ui/game/share.js";
import { strongest } from "../../../site_src/js/ui/shared/challenge_records.js";
import { ChallengeStore } from "../../../site_src/js/ui/shared/challenge_store.js";
import { messyRun } from "../helpers/messy-runs.mjs";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";
import { strongRun } from "../helpers/real-positions.mjs";
import { GameStorage, addRun, emptyStats } from "../../../site_src/js/ui/shared/storage.js";
import { exportStats, parseStatsExport } from "../../../site_src/js/ui/shared/stats_import.js";
import { MemoryBackend, exportLine } from "../helpers/memory-storage.mjs";

// The golden code of tests/js/replay/replay_code.test.mjs: 2026-11-15, floor 2, 67 points.
const CODE = "199bIVbbU2426Ci_Cw-fAQyfzQYQ3wnOU5N8";
const DATE = "2026-11-15";
const THEM = { floor: 2, total: 67, won: false };
const TODAY = "2026-12-01";

const result = (floor, total, won = false) => ({ floor, total, won });
const STATS = addRun(emptyStats(), "2026-11-30", { won: false, floorReached: 2, total: 90 });

test("a challenge link is the replay link's code under /desafio/, and back", () => {
  const link = challengeLink("https://atorre.pt/", CODE);
  assert.equal(link, `https://atorre.pt/desafio/#${CODE}`);
  assert.equal(challengeOfReplay(`https://atorre.pt/repeticao/#${CODE}`), link);
  assert.equal(replayOfChallenge("https://atorre.pt", CODE), `https://atorre.pt/repeticao/#${CODE}`);
  assert.equal(challengeOfReplay("https://atorre.pt/"), null, "a run without a replay link gives no challenge");
  assert.equal(challengeOfReplay("https://atorre.pt/repeticao/#"), null);
});

test("the comparison uses the par's rule: higher floor first, then points, equal is a tie", () => {
  const cases = [
    [result(3, 100), result(2, 300), "won"],
    [result(2, 300), result(3, 100), "lost"],
    [result(2, 131), result(2, 130), "won"],
    [result(2, 130), result(2, 130), "tied"],
    [result(5, 200, true), result(5, 400, false), "won"],
  ];
  for (const [mine, theirs, expected] of cases) {
    assert.equal(outcome(mine, theirs), expected, JSON.stringify([mine, theirs]));
    const asRun = { won: mine.won, floorReached: mine.floor, total: mine.total };
    assert.equal(outcome(mine, theirs) === "won", beatsPar(asRun, theirs), "the same rule as beatsPar");
  }
});

test("the end screen's line says who won, with both results", () => {
  assert.equal(comparisonLine(result(3, 201), result(2, 130)), "Bateu o desafio: 3.º andar com 201 pontos, contra 2.º andar com 130.");
  assert.equal(comparisonLine(result(2, 90), result(2, 130)), "Não bateu o desafio: 2.º andar com 90 pontos, contra 2.º andar com 130.");
  assert.equal(comparisonLine(result(1, 1), result(1, 1)), "Empatou o desafio: 1.º andar com 1 ponto, contra 1.º andar com 1.");
  assert.equal(comparisonLine(result(5, 301, true), result(5, 250)), "Bateu o desafio: a torre toda com 301 pontos, contra 5.º andar com 250.");
});

test("the share text and the challenge say a result with the same sentence", () => {
  const constants = { targets: [25, 50, 75, 100, 125] };
  const summaryOf = (floors, won) => ({ floors, won, total: floors.reduce((a, b) => a + b, 0),
    floorReached: floors.length, trunfoEmoji: [] });
  const cases = [[summaryOf([30, 60, 70], false), "Cheguei ao 3.º andar com 160 pontos."],
    [summaryOf([30, 60, 80, 100, 131], true), "Subi a torre toda com 401 pontos."]];
  for (const [summary, sentence] of cases) {
    const mine = { floor: summary.floorReached, total: summary.total, won: summary.won };
    assert.equal(challengeText("2026-11-30", mine, "L").split("\n")[1], sentence);
    assert.equal(shareText(summary, "2026-11-30", constants).split("\n")[1].replace(/^🏆 /, ""), sentence);
  }
});

test("the share texts carry the question and the link on its own last line", () => {
  const link = challengeLink("https://atorre.pt", CODE);
  assert.equal(challengeText("2026-11-30", result(3, 160), link),
    `A Torre · 30/11/2026\nCheguei ao 3.º andar com 160 pontos.\nConsegue fazer melhor?\n${link}`);
  assert.equal(replyText("2026-11-30", result(3, 160), result(2, 130), link),
    `A Torre · 30/11/2026\nBati o seu desafio: 3.º andar com 160 pontos, contra 2.º andar com 130.\nConsegue fazer melhor?\n${link}`);
  for (const text of [challengeText("2026-11-30", result(1, 5), link), replyText("2026-11-30", result(1, 5), result(1, 9), link)]) {
    assert.equal(text.split("\n").at(-1), link);
  }
});

test("accepting opens today's tower as the daily run, any other day as the archive's", () => {
  assert.equal(acceptUrl(TODAY, TODAY), "/");
  assert.equal(acceptUrl(DATE, TODAY), `/?dia=${DATE}`);
  assert.equal(towerOf(TODAY, TODAY), "a torre de hoje (01/12/2026)");
  assert.equal(towerOf(DATE, TODAY), "a torre de 15/11/2026, do arquivo");
});

test("a challenge counts once, and its first finish is the one compared", () => {
  let records = received([], newRecord(CODE, DATE, THEM));
  records = received(records, newRecord(CODE, DATE, THEM));
  assert.equal(records.length, 1, "the same link opened twice is one challenge");
  records = settled(records, DATE, result(3, 100));
  records = settled(records, DATE, result(1, 5));
  assert.deepEqual(records[0].me, result(3, 100));
  assert.deepEqual(tally(records), { won: 1, lost: 0, tied: 0, open: 0 });
  assert.deepEqual(merged(records, [newRecord(CODE, DATE, THEM)]), records, "an import keeps the device's own record");
});

test("while a challenged run is played the game page says the result to beat, never a play", () => {
  assert.equal(goalLine([newRecord(CODE, DATE, result(3, 201))]), "Desafio a bater: 3.º andar com 201 pontos.");
  assert.equal(goalLine([newRecord(CODE, DATE, result(5, 1, true))]), "Desafio a bater: a torre toda com 1 ponto.");
  assert.equal(goalLine([]), null, "no challenge waiting, no line");
});

test("of several challenges of a tower, the run plays against the strongest, says so, and is compared with it", () => {
  const challenge = (code, them) => newRecord(code, DATE, them);
  const pending = [challenge("a", result(2, 150)), challenge("b", result(3, 90)), challenge("c", result(3, 90)), challenge("d", result(1, 300))];
  assert.equal(strongest(pending).code, "b", "the higher floor first, then the points; the first of equals");
  assert.equal(strongest([challenge("w", result(5, 10, true)), challenge("l", result(5, 900))]).code, "w", "a won tower above floor 5");
  assert.equal(goalLine(pending), "Desafio a bater: 3.º andar com 90 pontos (o melhor de 4 desafios recebidos).");
  assert.equal(strongest([]), null);
});

test("the store's challenge to beat is the strongest not played yet: its word list, its line, and the end screen's comparison", () => {
  const constants = loadDistConstants();
  const { words } = realWords();
  const [day] = sampleDays(1);
  const kept = (actions, version) => {
    const { code } = encodeRun(day, constants, actions, words, version);
    const read = readCode(code);
    return { code, them: result(read.floor, read.total) };
  };
  const weak = kept(messyRun(day, constants, words, 3).actions, "aaaaaaaaaa");
  const strong = kept(strongRun(day, constants, words).actions, "bbbbbbbbbb");
  assert.ok(!strong.them.won && beatsPar({ won: false, floorReached: strong.them.floor, total: strong.them.total }, weak.them));
  const store = new ChallengeStore(new GameStorage(new MemoryBackend()));
  for (const { code, them } of [strong, weak]) store.receive(code, day.date, them);
  assert.equal(store.pendingVersion(day.date), "bbbbbbbbbb", "a new run plays with the strongest's word list");
  assert.equal(goalLine(store.pending(day.date)), `Desafio a bater: ${strong.them.floor}.º andar com ${strong.them.total} pontos (o melhor de 2 desafios recebidos).`);
  assert.equal(store.settle(day.date, result(1, 0)).code, strong.code, "compared with the one it played against");
  assert.deepEqual(store.pending(day.date), []);
});

test("Estatísticas say the challenges won and lost, and the ties and open ones when there are any", () => {
  const other = (total) => ({ ...newRecord(CODE, DATE, THEM), code: `x${total}` });
  const records = [
    { ...other(1), me: result(3, 1) }, { ...other(2), me: result(3, 1) }, { ...other(3), me: result(3, 1) },
    { ...other(4), me: result(1, 1) },
  ];
  assert.equal(tallyLine(records), "Desafios: 3 ganhos, 1 perdido");
  assert.equal(tallyLine([...records, { ...other(5), me: { ...THEM } }, other(6)]),
    "Desafios: 3 ganhos, 1 perdido, 1 empatado, 1 por jogar");
  assert.equal(tallyLine([]), "Desafios: nenhum");
  // Estilo 11: no sentence of zeros, only the counts that are not 0.
  assert.equal(tallyLine([other(5), other(6)]), "Desafios: 2 por jogar");
  assert.equal(tallyLine([...records.slice(0, 3), other(6)]), "Desafios: 3 ganhos, 1 por jogar");
  assert.equal(tallyLine([records[3]]), "Desafios: 1 perdido");
});

test("the store keeps verified challenges on the device and drops a record that could not have been written", () => {
  const backend = new MemoryBackend();
  const store = new ChallengeStore(new GameStorage(backend));
  store.receive(CODE, DATE, THEM);
  assert.equal(store.pendingVersion(DATE), "3f9a0c21be", "a new run of that tower plays with the link's word list");
  assert.deepEqual(store.settle(DATE, result(2, 68)).me, result(2, 68));
  assert.equal(store.pendingVersion(DATE), null);
  assert.equal(store.settle("2026-11-16", result(1, 3)), null, "another day's run settles nothing");
  const stored = JSON.parse(backend.getItem("torre.desafios"));
  stored.list.push({ ...stored.list[0], code: CODE.slice(0, -1) + "A" });
  backend.setItem("torre.desafios", JSON.stringify(stored));
  assert.equal(store.load().length, 1, "a record with a changed code is dropped");
  backend.setItem("torre.desafios", "{nonsense");
  assert.deepEqual(store.load(), []);
});

test("challenges travel with the statistics export and come back as they were", () => {
  const records = [{ ...newRecord(CODE, DATE, THEM), me: result(3, 150) }];
  const parsed = parseStatsExport(exportStats(STATS, null, records), TODAY);
  assert.equal(parsed.ok, true, parsed.message);
  assert.deepEqual(parsed.challenges, records);
  assert.equal(parseStatsExport(exportStats(STATS), TODAY).challenges, undefined, "no challenges, no field");
});

test("an import is refused, naming the challenges, when one could not have been kept", () => {
  const good = { ...newRecord(CODE, DATE, THEM), me: result(3, 150) };
  const refusals = [
    [[{ ...good, code: CODE.slice(0, 5) + (CODE[5] === "A" ? "B" : "A") + CODE.slice(6) }], /ligação danificada ou alterada/],
    [[{ ...good, date: "2026-11-16" }], /não é o da ligação/],
    [[{ ...good, them: result(3, 67) }], /não é o da ligação/],
    [[{ ...good, me: result(6, 10) }], /andar que não existe \(resultado deste aparelho\)/],
    [[{ ...good, me: { floor: 3, total: 10, won: true } }], /sem chegar ao último andar/],
    [[{ ...good, extra: 1 }], /campo que o jogo não conhece/],
    [[good, good], /repete outro desafio/],
    [{ 0: good }, /a lista dos desafios recebidos não é uma lista válida/],
  ];
  for (const [desafios, reason] of refusals) {
    const parsed = parseStatsExport(exportLine({ ...STATS, desafios }), TODAY);
    assert.equal(parsed.ok, false, JSON.stringify(desafios));
    assert.match(parsed.message, /^O texto foi recusado: /);
    assert.match(parsed.detail, /^a lista dos desafios recebidos/);
    assert.match(parsed.detail, reason);
  }
  const early = parseStatsExport(exportLine({ ...STATS, desafios: [good] }), "2026-11-14");
  assert.equal(early.ok, false, "a challenge of a day that has not come yet");
});

test("challenge links of real whole runs stay within 170 characters", () => {
  const constants = loadDistConstants();
  const { words } = realWords();
  let longest = 0;
  for (const day of sampleDays(6)) {
    const runs = [parRun(day, constants, words).actions, strongRun(day, constants, words).actions, messyRun(day, constants, words, 3).actions];
    for (const actions of runs) {
      const coded = encodeRun(day, constants, actions, words, "0123456789");
      assert.ok(coded.ok, `${day.date}: ${coded.reason}`);
      longest = Math.max(longest, challengeLink("https://atorre.pt", coded.code).length);
    }
  }
  assert.ok(longest <= 170, `the longest challenge link has ${longest} characters`);
});
