// Length of replay links (docs/replay-link.md) for whole runs of 50 real days
// (run: TORRE_DIST=dist node bench/replay_link.mjs), with the origin https://atorre.pt:
// the par's runs (parRun), the strong player's (tests/js/helpers/real-positions.mjs:
// best play, helps used at once) and a person's (tests/js/helpers/messy-runs.mjs: good
// but not best plays, shuffles, rejected plays, exchanges, helps). Goal: ≤ 160 characters
// for a full 5-floor run. Also the time to code a run and to replay a code, and the
// challenge links of won runs with the longest name a link can carry (docs/replay-link.md
// "The name"; goal ≤ 170).
import { parRun, summary } from "../site_src/js/engine/index.js";
import { encodeRun, readCode, replayCode, replayLink } from "../site_src/js/engine/replay_code.js";
import { messyRun } from "../tests/js/helpers/messy-runs.mjs";
import { loadDistConstants, realWords, sampleDays } from "../tests/js/helpers/real-dist.mjs";
import { strongRun } from "../tests/js/helpers/real-positions.mjs";
import { challengeLink } from "../site_src/js/ui/shared/challenge_texts.js";
import { fragmentOf } from "../site_src/js/ui/shared/challenge_name.js";

const DAYS = 50;
const ORIGIN = "https://atorre.pt";
const VERSION = "0123456789"; // any 10 hex digits: the version's length, not its value, counts

const constants = loadDistConstants();
const { words } = realWords();
const days = sampleDays(DAYS);
const median = (sorted) => sorted[sorted.length >> 1];

// 16 letters of two UTF-8 bytes each: 32 bytes, the most a name may have.
const LONGEST_NAME = "ÁÉÍÓÚÂÊÔÃÕÇÀáéíó";
const wonNamed = [];

function measure(label, runOf) {
  const lengths = [];
  const fullLengths = [];
  const encodeMs = [];
  const replayMs = [];
  for (const day of days) {
    const { actions, floor } = runOf(day);
    let start = performance.now();
    const coded = encodeRun(day, constants, actions, words, VERSION);
    encodeMs.push(performance.now() - start);
    if (!coded.ok) throw new Error(`${label} ${day.date}: ${coded.reason}`);
    start = performance.now();
    const replayed = replayCode(readCode(coded.code), day, constants, words);
    replayMs.push(performance.now() - start);
    if (!replayed.verified) throw new Error(`${label} ${day.date}: the code does not verify`);
    const length = replayLink(ORIGIN, coded.code).length;
    lengths.push(length);
    if (floor === constants.floors) fullLengths.push(length);
    if (replayed.state.phase === "won") wonNamed.push(challengeLink(ORIGIN, fragmentOf(coded.code, LONGEST_NAME)).length);
  }
  const sorted = (xs) => xs.slice().sort((a, b) => a - b);
  const [all, full, enc, rep] = [sorted(lengths), sorted(fullLengths), sorted(encodeMs), sorted(replayMs)];
  const fullPart = full.length ? `; reaching floor 5 (${full.length}): median ${median(full)}, max ${full.at(-1)}` : "";
  console.log(`${label.padEnd(16)} link length median ${median(all)}, max ${all.at(-1)}${fullPart}; ` +
    `code ${median(enc).toFixed(1)} ms, replay ${median(rep).toFixed(1)} ms (medians)`);
}

const floorOf = (state) => summary(state).floorReached;
measure("par", (day) => parRun(day, constants, words));
measure("strong player", (day) => { const run = strongRun(day, constants, words); return { actions: run.actions, floor: floorOf(run.state) }; });
measure("person", (day) => { const run = messyRun(day, constants, words, 1); return { actions: run.actions, floor: floorOf(run.state) }; });
console.log(`links are ${ORIGIN}/repeticao/#<code> (${`${ORIGIN}/repeticao/#`.length} characters before the code); goal: ≤ 160 for a full 5-floor run`);
const named = wonNamed.sort((a, b) => a - b);
console.log(`challenge links of won runs with a 16-letter name (${named.length} runs): median ${median(named)}, max ${named.at(-1)}; goal: ≤ 170`);
