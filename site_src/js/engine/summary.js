/**
 * What a run amounted to, for the end screen and the share text (which the
 * UI writes, site_src/js/ui/game/share.js): a pure function of the state.
 */
import { trunfo } from "./rules.js";

/**
 * `{won, floorReached, total, floors, bestPlay, trunfos, plays}` of a run,
 * plus `floorCount` and `trunfoEmoji` (from the constants) for the share text.
 */
export function summary(state) {
  let bestPlay = null;
  for (const entry of state.history) {
    if (entry.pass) continue;
    if (!bestPlay || entry.points > bestPlay.points) {
      bestPlay = { words: entry.words.map((w) => w.word), points: entry.points };
    }
  }
  return {
    won: state.phase === "won",
    floorReached: state.floor + 1,
    total: state.total,
    floors: state.floorScores.slice(0, state.floor + 1),
    bestPlay,
    trunfos: state.trunfos.slice(),
    plays: state.history.length,
    floorCount: state.constants.floors,
    trunfoEmoji: state.trunfos.map((id) => trunfo(state.constants, id).emoji),
  };
}
