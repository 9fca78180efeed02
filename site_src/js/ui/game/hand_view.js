// The hand: one button per tile, in the engine's order. A selected tile (tap
// tile → square) is marked with aria-pressed as well as by style.

import { focusPoint, returnFocus } from "../shared/focus.js";
import { points } from "../shared/labels.js";

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

export class HandView {
  constructor(container) {
    this.container = container;
    this.key = "";
  }

  /** `hinted`: the ids of the tiles a suggested play uses (practice), marked. */
  render(hand, selectedId, hinted = null) {
    const key = hand.map((t) => `${t.id}:${t.letter}`).join(",") + `|${selectedId}|${hinted ? [...hinted].join(",") : ""}`;
    if (key === this.key) return;
    this.key = key;
    const point = focusPoint();
    const focusedId = point.element?.dataset?.tile;
    const buttons = hand.map((tile) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = tile.letter === "?" ? "peca peca-branca" : "peca";
      button.dataset.tile = String(tile.id);
      const marked = Boolean(hinted?.has(tile.id));
      if (marked) button.classList.add("sugerida");
      button.setAttribute("aria-label", marked ? `${tileLabel(tile)}, sugerida` : tileLabel(tile));
      button.setAttribute("aria-pressed", String(tile.id === selectedId));
      button.append(...tileFace(tile));
      return button;
    });
    this.container.replaceChildren(...buttons);
    // The same tile keeps focus across a redraw; a tile that left the hand hands it to the first one.
    const refocus = buttons.find((b) => b.dataset.tile === focusedId);
    if (refocus) refocus.focus();
    else if (point.zone === this.container) returnFocus(point);
  }
}
