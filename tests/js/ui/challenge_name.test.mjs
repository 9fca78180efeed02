// A challenge's name (issue 30): plain text of up to 16 characters that travels after the code,
// shown as written and never as HTML, a link or a control; a link without one keeps its form.
import assert from "node:assert/strict";
import { test } from "node:test";

import { encodeRun } from "../../../site_src/js/engine/replay_code.js";
import { challengeLink } from "../../../site_src/js/ui/shared/challenge_texts.js";
import { fragmentOf, keepName, keptName, nameProblem, splitFragment, tidyName } from "../../../site_src/js/ui/shared/challenge_name.js";
import { ChallengeStore } from "../../../site_src/js/ui/shared/challenge_store.js";
import { dayTable } from "../../../site_src/js/ui/shared/day_table.js";
import { GameStorage, addRun, emptyStats } from "../../../site_src/js/ui/shared/storage.js";
import { exportStats, parseStatsExport } from "../../../site_src/js/ui/shared/stats_import.js";
import { MemoryBackend } from "../helpers/memory-storage.mjs";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";
import { strongRun } from "../helpers/real-positions.mjs";

const CODE = "199bIVbbU2426Ci_Cw-fAQyfzQYQ3wnOU5N8";
const LONGEST = "ÁÉÍÓÚÂÊÔÃÕÇÀáéíó"; // 16 letters, each of two UTF-8 bytes: the longest name a link can carry

test("a link without a name keeps its exact form", () => {
  assert.equal(fragmentOf(CODE), CODE);
  assert.equal(fragmentOf(CODE, null), CODE);
  assert.deepEqual(splitFragment(CODE), { code: CODE, name: null });
});

test("a name travels after the code and comes back as written", () => {
  for (const name of ["Ana", "João Pedro", "D'Artagnan", "Zé-Maria", "Ana 🎓", "👩‍🎓 Rita", LONGEST, "Σοφία", "Анна"]) {
    assert.equal(nameProblem(name), null, name);
    const fragment = fragmentOf(CODE, name);
    assert.match(fragment, /^[A-Za-z0-9_-]+~[A-Za-z0-9_-]+$/, "only URL-safe characters: chat apps keep the link whole");
    assert.deepEqual(splitFragment(fragment), { code: CODE, name });
  }
});

test("hostile names never travel, and one forced into a link is read as no name", () => {
  const hostile = {
    html: "<b>Ana</b>", script: "<script>x</script>", entity: "Ana&amp;", link: "https://mau.pt", domain: "mau.pt",
    mail: "a@b", newline: "Ana\nRui", tab: "Ana\tRui", nul: "Ana\u0000", bell: "\u0007", rtl_override: "\u202Enaa",
    rtl_isolate: "Ana\u2067x", zero_width: "A\u200Bna", bom: "\uFEFFAna", too_long: "Abcdefghijklmnopq",
    too_many_bytes: "🎓🎓🎓🎓🎓🎓🎓🎓🎓", spaces: " Ana", double: "Ana  Rui", empty: "", not_nfc: "Joa\u0303o",
  };
  for (const [why, name] of Object.entries(hostile)) {
    assert.notEqual(nameProblem(name), null, why);
    assert.equal(fragmentOf(CODE, name), CODE, `${why}: not sent`);
    const forced = `${CODE}~${Buffer.from(name, "utf8").toString("base64url")}`;
    assert.deepEqual(splitFragment(forced), { code: CODE, name: null }, `${why}: not read`);
  }
  assert.deepEqual(splitFragment(`${CODE}~%%%`), { code: CODE, name: null });
  assert.deepEqual(splitFragment(`${CODE}~_w`), { code: CODE, name: null }, "bytes that are not UTF-8");
});

test("what the sender typed is tidied before it is checked", () => {
  assert.equal(tidyName("  Ana   Rui "), "Ana Rui");
  assert.equal(tidyName("Joa\u0303o"), "João");
  assert.equal(tidyName(undefined), "");
});

test("a challenge link with a 16-letter name stays within 170 characters for whole won runs of 50 real days", () => {
  const constants = loadDistConstants();
  const { words } = realWords();
  const lengths = [];
  for (const day of sampleDays(50)) {
    const { actions, state } = strongRun(day, constants, words);
    if (state.phase !== "won") continue;
    const coded = encodeRun(day, constants, actions, words, "b609153829");
    assert.ok(coded.ok, coded.reason);
    lengths.push(challengeLink("https://atorre.pt", fragmentOf(coded.code, LONGEST)).length);
  }
  assert.ok(lengths.length >= 30, `${lengths.length} won runs`);
  const sorted = lengths.sort((a, b) => a - b);
  console.log(`won runs: ${sorted.length}, median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted.at(-1)}`);
  assert.ok(sorted.at(-1) <= 170, `longest ${sorted.at(-1)}`);
});

const DATE = "2026-11-15";
const THEM = { floor: 2, total: 67, won: false };
const TODAY = "2026-12-01";
const STATS = addRun(emptyStats(), "2026-11-30", { won: false, floorReached: 2, total: 90 });

test("a received name is kept with its challenge, named in the table as not verified, and travels in the export", () => {
  const store = new ChallengeStore(new GameStorage(new MemoryBackend()));
  assert.equal(store.receive(CODE, DATE, THEM, "Ana 🎓").name, "Ana 🎓");
  assert.equal(store.receive(CODE, DATE, THEM, "Outro").name, "Ana 🎓", "the same code twice: the first name stays");
  const rows = dayTable(DATE, { floor: 1, total: 3, won: false, code: null }, store.load(), []);
  assert.deepEqual(rows.map((r) => [r.who, r.name]), [["Ana 🎓", "Ana 🎓"], ["A sua corrida", null]]);
  const parsed = parseStatsExport(exportStats(STATS, null, store.load()), TODAY);
  assert.ok(parsed.ok, parsed.message);
  assert.equal(parsed.challenges[0].name, "Ana 🎓");
});

test("an export from before names still imports, and one carrying a hostile name is refused", () => {
  const old = { code: CODE, date: DATE, them: THEM, me: null };
  assert.ok(parseStatsExport(exportStats(STATS, null, [old]), TODAY).ok, "older exports import");
  const hostile = parseStatsExport(exportStats(STATS, null, [{ ...old, name: "<img src=x onerror=alert(1)>" }]), TODAY);
  assert.equal(hostile.ok, false);
  assert.match(hostile.detail, /nome/);
});

test("a stored name edited by hand is shown as no name, and the device's own name is offered again only when it can travel", () => {
  const backend = new MemoryBackend();
  const storage = new GameStorage(backend);
  const store = new ChallengeStore(storage);
  backend.setItem("torre.desafios", JSON.stringify({ v: 1, list: [{ code: CODE, date: DATE, them: THEM, me: null, name: "\u202Eevil<b>" }] }));
  assert.equal(store.load().length, 1, "the run is still a verified challenge");
  const rows = dayTable(DATE, { floor: 1, total: 3, won: false, code: null }, store.load(), []);
  assert.deepEqual(rows.map((r) => [r.who, r.name]), [["Desafio 1", null], ["A sua corrida", null]]);
  keepName(storage, "Rita");
  assert.equal(keptName(storage), "Rita");
  backend.setItem("torre.nome", "<b>x</b>");
  assert.equal(keptName(storage), "");
});

// Issue 41 item 6: code points that show as nothing. Each is default-ignorable (a joiner, a
// variation selector, a grapheme joiner, a Mongolian or Khmer one) or a Hangul filler.
const INVISIBLE = [0x200d, 0xfe0f, 0xfe0e, 0xfe00, 0x034f, 0xe0100, 0x180b, 0x17b4, 0x3164, 0x115f, 0x1160, 0xffa0];
const forced = (name) => `${CODE}~${Buffer.from(name, "utf8").toString("base64url")}`;

test("a name that shows as nothing, or as another name, never travels: alone, inside «Ana» or after «Dux»", () => {
  for (const point of INVISIBLE) {
    const c = String.fromCodePoint(point);
    for (const name of [c, `An${c}a`, `Dux${c}`, `${c}Ana`, `Ana ${c}`]) {
      const what = `U+${point.toString(16).toUpperCase()} in ${JSON.stringify(name)}`;
      assert.notEqual(nameProblem(name), null, what);
      assert.equal(fragmentOf(CODE, name), CODE, `${what}: not sent`);
      assert.deepEqual(splitFragment(forced(name)), { code: CODE, name: null }, `${what}: not read`);
    }
  }
  assert.deepEqual(splitFragment(`${CODE}~4oCN`), { code: CODE, name: null }, "a lone joiner is no «Enviado por»");
});

test("a name holds at least one visible letter or digit, and a mark only on one", () => {
  for (const name of ["🎓", "👩‍🎓", "-", "'", "’ -", "🇵🇹", "\u0301", "\u0301Ana", "Ana \u0301", "\u3164\u3164"]) {
    assert.notEqual(nameProblem(name), null, JSON.stringify(name));
  }
  for (const name of ["A", "7", "q\u0301", "निशा", "Ana Rita 🎓", "Zé 🇵🇹", "Rui 1️⃣"]) assert.equal(nameProblem(name), null, name);
});

test("emoji keep the joiner and the variation selector only where they make the picture, in one spelling", () => {
  // The joiner between two emoji makes one (a profession, a family, a flag); U+FE0F turns a
  // character shown as text by default into its emoji. Anywhere else they would change nothing seen.
  for (const name of ["👩‍🎓 Rita", "Eva ❤️", "Rui 👍🏽", "Ana 🏳️‍🌈", "Zé 🧑🏽‍💻", "Ana ☝🏽", "Ana 🏃‍♀️"]) {
    assert.equal(nameProblem(name), null, name);
    assert.deepEqual(splitFragment(fragmentOf(CODE, name)), { code: CODE, name }, name);
  }
  const twins = {
    "🎓 is an emoji already": "Ana 🎓\uFE0F", "a joiner after the last emoji": "Ana 🎓\u200D",
    "a joiner before the first": "Ana \u200D🎓", "a joiner after a letter": "Ana\u200D🎓", "two joiners": "Ana 👩\u200D\u200D🎓",
    "❤ without its selector, which another device shows as ❤️": "Eva ❤", "two selectors": "Eva ❤\uFE0F\uFE0F",
  };
  for (const [why, name] of Object.entries(twins)) assert.notEqual(nameProblem(name), null, why);
  assert.equal(tidyName("Eva ❤"), "Eva ❤️", "what the sender typed is given its emoji spelling");
  assert.equal(tidyName("Ana 🎓\uFE0F"), "Ana 🎓");
  assert.equal(tidyName("Ana ☝🏽"), "Ana ☝🏽", "a skin tone is the emoji spelling already");
});
