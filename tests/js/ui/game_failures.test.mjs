// A word list found damaged while a saved run is replayed stops the page with a
// message and keeps the save; it is never taken for a bad save and cleared.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Game } from "../../../site_src/js/ui/game/game.js";
import { LoadError } from "../../../site_src/js/ui/shared/loader.js";

test("a damaged word list during a replay keeps the saved run", async () => {
  const damaged = Object.assign(new Error("block 3: CRC mismatch"), { name: "DawgFormatError" });
  let cleared = false;
  const game = new Game({
    engine: { replay() { throw damaged; } },
    wordsReady: Promise.resolve({}),
    storage: { loadRun: () => ({ status: "ok", actions: [{ type: "pass" }] }), clearRun() { cleared = true; } },
    dialogs: { notice: async () => true },
    day: {}, constants: {}, date: "2026-12-01",
  });
  await assert.rejects(game.begin(), (error) => error instanceof LoadError && /danificada/.test(error.message));
  assert.equal(cleared, false);
});
