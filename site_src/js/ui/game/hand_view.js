// The hand: one button per tile, in the engine's order. A selected tile (tap
// tile → square) is marked with aria-pressed as well as by style. Once the run
// is over the tiles stay in sight, dimmed and aria-disabled (still focusable, so
// a screen reader finds them and hears why), and the hand is described by the
// line that says the run is over.

import { focusPoint, returnFocus } from "../shared/focus.js";
import { tileFace, tileLabel } from "../shared/tiles.js";

export class HandView {
  /** `finishedNote`: the id of the line that says the run is over. */
  constructor(container, finishedNote) {
    this.container = container;
    this.finishedNote = finishedNote;
    this.key = "";
    // One Tab stop for the whole hand (Left and Right go from tile to tile): the tile last focused.
    container.addEventListener("focusin", (event) => this.stopAt(event.target.closest(".peca")));
  }

  /** `tile` (a hand button) is the hand's one Tab stop. */
  stopAt(tile) {
    if (!tile) return;
    for (const other of this.container.children) other.tabIndex = other === tile ? 0 : -1;
  }

  /** The focus goes `delta` tiles along the hand from `from`, stopping at its ends (issue 40 item 5). */
  step(from, delta) {
    const tiles = [...this.container.children];
    const next = tiles[Math.min(tiles.length - 1, Math.max(0, tiles.indexOf(from) + delta))];
    next?.focus();
  }

  /** `hinted`: the ids of the tiles a suggested play uses (practice), marked; `finished`: the run is over. */
  render(hand, selectedId, hinted = null, finished = false) {
    const key = hand.map((t) => `${t.id}:${t.letter}`).join(",") + `|${selectedId}|${hinted ? [...hinted].join(",") : ""}`
      + `|${finished}`;
    if (key === this.key) return;
    this.key = key;
    this.showFinished(finished);
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
      if (finished) button.setAttribute("aria-disabled", "true");
      button.append(...tileFace(tile));
      return button;
    });
    this.container.replaceChildren(...buttons);
    // The same tile keeps focus across a redraw; a tile that left the hand hands it to the first one.
    const refocus = buttons.find((b) => b.dataset.tile === focusedId);
    this.stopAt(refocus ?? buttons.find((b) => b.dataset.tile === String(selectedId)) ?? buttons[0]);
    if (refocus) refocus.focus();
    else if (point.zone === this.container) returnFocus(point);
  }

  showFinished(finished) {
    const hand = this.container;
    hand.classList.toggle("terminada", finished);
    for (const [name, value] of [["aria-disabled", "true"], ["aria-describedby", this.finishedNote]]) {
      if (finished) hand.setAttribute(name, value);
      else hand.removeAttribute(name);
    }
  }
}
