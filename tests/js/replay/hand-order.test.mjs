// docs/replay-link.md "The hand": the hand's order, as the doc defines it for a run
// without shuffles, is the engine's. A decoder depends on it (an exchange names tiles
// by position, a play takes the first tile of each kind), so the doc's rules are
// played here, apart from the engine, step by step beside the engine's decoded runs.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { encodeRun, readCode, replayCode } from "../../../site_src/js/engine/replay_code.js";
import { ROOT } from "../helpers/engine-setup.mjs";
import { messyRun } from "../helpers/messy-runs.mjs";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";

/** The hand as docs/replay-link.md says it goes: tile ids, bag ids 0–116 in the day's order. */
class DocHand {
  constructor(constants) {
    this.constants = constants;
    this.bag = Array.from({ length: constants.bag_size }, (_, id) => id);
    this.size = constants.hand_size; // "the first hand is the first 8 tiles of the bag"
    this.hand = [];
    this.blanks = 0;
    this.refill();
  }

  refill() {
    this.hand.push(...this.bag.splice(0, Math.max(0, this.size - this.hand.length)));
  }

  step(actions) {
    for (const action of actions) {
      if (action.type === "place") this.hand.splice(this.hand.indexOf(action.tile), 1);
      else if (action.type === "play" || action.type === "pass") this.refill();
      else if (action.type === "chooseTrunfo" && action.id === "republica") {
        this.size = this.constants.trunfos.find((t) => t.id === "republica").hand_size;
        this.refill();
      } else if (action.type === "useHelp" && action.id === "branca") {
        this.hand.push(this.constants.bag_size + this.blanks++);
      } else if (action.type === "exchange") this.exchange(action.tiles);
    }
  }

  exchange(tiles) {
    const drawn = this.bag.splice(0, tiles.length);
    const places = tiles.map((id) => this.hand.indexOf(id)).sort((a, b) => a - b);
    places.forEach((place, i) => { this.hand[place] = drawn[i]; }); // ascending position
    this.bag.push(...tiles); // in the order coded
  }
}

test("docs/replay-link.md defines the hand's order", () => {
  const text = readFileSync(join(ROOT, "docs", "replay-link.md"), "utf8").replace(/\s+/g, " ");
  assert.match(text, /the first hand is the first 8 tiles of the bag/);
  assert.match(text, /the drawn tiles take the returned tiles' places: the first drawn goes where the returned tile with the lowest position was/);
  assert.match(text, /the blank of the help «Peça branca» goes at the end of the hand/);
});

test("the hand of every decoded step is the one the doc's rules give", () => {
  const constants = loadDistConstants();
  const { words } = realWords();
  const seen = new Set();
  for (const day of sampleDays(10)) {
    for (const seed of [1, 2, 3]) {
      const run = messyRun(day, constants, words, seed);
      const coded = encodeRun(day, constants, run.actions, words, "0123456789");
      const replayed = replayCode(readCode(coded.code), day, constants, words);
      assert.ok(replayed.ok, `${day.date}/${seed}: ${replayed.reason}`);
      const doc = new DocHand(constants);
      assert.deepEqual(replayed.initial.hand.map((t) => t.id), doc.hand, `${day.date}: the first hand`);
      for (const [n, step] of replayed.steps.entries()) {
        doc.step(step.actions);
        for (const action of step.actions) seen.add(action.type === "useHelp" ? action.id : action.id === "republica" ? "republica" : action.type);
        assert.deepEqual(step.state.hand.map((t) => t.id), doc.hand, `${day.date}/${seed}, step ${n + 1}`);
      }
    }
  }
  for (const kind of ["play", "pass", "exchange", "branca", "republica"]) assert.ok(seen.has(kind), `the runs include ${kind}`);
});
