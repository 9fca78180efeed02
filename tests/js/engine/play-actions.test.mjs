// playActions: a listed play as the actions that make it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { apply, legalPlays, playActions } from "../../../site_src/js/engine/index.js";
import { E, placeAll, setup } from "../helpers/engine-setup.mjs";
import { trieWords } from "../helpers/word-trie.mjs";

const DO = [E, E, E, "..DO...", E, E, E];
const WORDS = trieWords(["DOS", "OS", "SO", "DOSE"]);

function played(state, play) {
  const actions = playActions(state, play);
  let events = [];
  for (const action of actions) ({ state, events } = apply(state, action, WORDS));
  return { actions, events };
}

test("a listed play's actions place its tiles and play it for the listed points", () => {
  const state = setup({ board: DO, hand: "SOE" });
  for (const play of legalPlays(state, WORDS)) {
    const { actions, events } = played(state, play);
    assert.deepEqual(actions.filter((a) => a.type === "place").map((a) => a.square), play.tiles.map((t) => t.square));
    assert.equal(events[0].type, "played");
    assert.equal(events[0].points, play.points);
  }
});

test("a blank is placed with the letter it stands for", () => {
  const state = setup({ board: DO, hand: "S?" });
  const play = legalPlays(state, WORDS).find((p) => p.tiles.some((t) => t.blank));
  const blankTile = play.tiles.find((t) => t.blank);
  const place = playActions(state, play).find((a) => a.square === blankTile.square);
  assert.deepEqual(place, { type: "place", tile: state.hand[1].id, square: blankTile.square, letter: blankTile.letter });
});

test("pending tiles are recalled first", () => {
  const state = placeAll(setup({ board: DO, hand: "SOE" }), [["A1", "E"]]);
  const [play] = legalPlays(state, WORDS);
  const { actions, events } = played(state, play);
  assert.deepEqual(actions[0], { type: "recallAll" });
  assert.equal(events[0].points, play.points);
});

test("a play the player has no tiles for is refused loudly", () => {
  const state = setup({ board: DO, hand: "SOE" });
  assert.throws(() => playActions(state, { tiles: [{ square: "E4", letter: "X", blank: false }] }), /no tile for X on E4/);
});
