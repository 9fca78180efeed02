// The computer opponent the player chose to follow during a run (the game page and Treino),
// remembered on the device under its own key. Anything but a known level reads as the
// default, the middle one.

import { OPPONENT_LEVELS } from "../../engine/opponent_levels.js";

export const OPPONENT_KEY = "torre.adversario";
export const DEFAULT_OPPONENT = "doutor";

/** The chosen level (GameStorage `storage`); a damaged, unknown or missing value → Veterano. */
export function chosenOpponent(storage) {
  const level = storage.read(OPPONENT_KEY);
  return OPPONENT_LEVELS.includes(level) ? level : DEFAULT_OPPONENT;
}

/** Remembers `level`; false when the browser refused it (the choice then lasts this page only). */
export function chooseOpponent(storage, level) {
  return OPPONENT_LEVELS.includes(level) && storage.write(OPPONENT_KEY, level);
}
