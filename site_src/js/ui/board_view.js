// The 7×7 board as an ARIA grid: one cell per square, labelled "D4, A, letra
// dupla", special squares marked by text (2L/3L/2P/3P) and not by colour alone.
// Cells are redrawn only when what they show changes.

import { shownSquare } from "../engine/index.js";
import { SQUARE_NAMES } from "./labels.js";

const SIZE = 7;
const COLUMNS = "ABCDEFG";

export const squareName = (index) => `${COLUMNS[index % SIZE]}${Math.floor(index / SIZE) + 1}`;
export const squareIndex = (name) => (Number(name.slice(1)) - 1) * SIZE + COLUMNS.indexOf(name[0]);

export class BoardView {
  constructor(grid, constants) {
    this.grid = grid;
    this.bagSize = constants.bag_size;
    this.values = new Map(constants.tiles.map((t) => [t.letter, t.value]));
    this.cells = [];
    this.keys = [];
    for (let row = 0; row < SIZE; row++) {
      const rowEl = document.createElement("div");
      rowEl.setAttribute("role", "row");
      rowEl.className = "linha";
      for (let col = 0; col < SIZE; col++) {
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.className = "casa";
        cell.dataset.square = squareName(row * SIZE + col);
        cell.tabIndex = -1;
        rowEl.append(cell);
        this.cells.push(cell);
        this.keys.push("");
      }
      grid.append(rowEl);
    }
  }

  /** Draws confirmed tiles from `state.board`, pending ones from `state.pending`, and the cursor. */
  render(state, cursor, direction) {
    const pending = new Map(state.pending.map((p) => [p.square, p]));
    this.cells.forEach((cell, index) => {
      const name = squareName(index);
      const tile = state.board[index];
      const pend = pending.get(name);
      const special = state.squares[name] || "";
      const shown = shownSquare(state, name) || "";
      const isCursor = name === cursor;
      const key = [tile ? `${tile.letter}${tile.value}${tile.blank}` : "", pend ? `${pend.letter}${pend.id}` : "",
        shown, isCursor ? direction : ""].join("|");
      if (key === this.keys[index]) return;
      this.keys[index] = key;
      this.drawCell(cell, name, { tile, pend, special, shown, isCursor, direction, pendBlank: pend ? this.isBlank(pend) : false,
        value: pend && !this.isBlank(pend) ? this.values.get(pend.letter) : 0 });
    });
    const focusIndex = squareIndex(cursor || "D4");
    this.cells.forEach((cell, index) => { cell.tabIndex = index === focusIndex ? 0 : -1; });
  }

  /** Blanks get the ids after the bag's (117, 118, …). */
  isBlank(pending) {
    return pending.id >= this.bagSize;
  }

  /** `special` is the engine's kind (the colour), `shown` what it counts for now ("4P" with Cabra). */
  drawCell(cell, name, { tile, pend, special, shown, isCursor, direction, pendBlank, value }) {
    const letter = tile ? tile.letter : pend ? pend.letter : "";
    const shownValue = tile ? tile.value : value;
    const blank = tile ? tile.blank : pendBlank;
    cell.replaceChildren();
    cell.className = "casa";
    if (special) cell.classList.add(`casa-${special}`);
    if (tile) cell.classList.add("ocupada");
    if (pend) cell.classList.add("pendente");
    if (isCursor) cell.classList.add("cursor", direction === "down" ? "para-baixo" : "para-direita");
    if (letter) {
      const l = document.createElement("span");
      l.className = "letra";
      l.textContent = letter;
      const v = document.createElement("span");
      v.className = "valor";
      v.textContent = blank ? "" : String(shownValue);
      cell.append(l, v);
    } else if (special) {
      const s = document.createElement("span");
      s.className = "rotulo-casa";
      s.textContent = shown;
      cell.append(s);
    }
    const parts = [name];
    parts.push(letter ? (pend ? `${letter}, por confirmar` : letter) : "vazia");
    if (shown) parts.push(SQUARE_NAMES[shown] || shown);
    if (isCursor) parts.push(direction === "down" ? "cursor, para baixo" : "cursor, para a direita");
    cell.setAttribute("aria-label", parts.join(", "));
  }

  /** Moves keyboard focus to the cursor's cell when the grid already has focus. */
  followFocus(cursor) {
    if (!cursor || !this.grid.contains(document.activeElement)) return;
    this.cells[squareIndex(cursor)].focus();
  }
}
