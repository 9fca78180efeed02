// A tile as every screen shows it: its name for a screen reader and its face (letter and value),
// for the hand (ui/game/hand_view.js) and the dialogs that show tiles (exchange, blank letter).

import { points } from "./labels.js";

export function tileLabel(tile) {
  return tile.letter === "?" ? "peça branca, 0 pontos" : `${tile.letter} ${points(tile.value)}`;
}

/** A tile's face (letter and value) as DOM nodes, shared by the hand and the dialogs. */
export function tileFace(tile) {
  const letter = document.createElement("span");
  letter.className = "letra";
  letter.textContent = tile.letter === "?" ? "" : tile.letter;
  const value = document.createElement("span");
  value.className = "valor";
  value.textContent = tile.letter === "?" ? "" : String(tile.value);
  return [letter, " ", value]; // "R 1", as the tile's name begins
}
