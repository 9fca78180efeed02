// The board as an ARIA grid: one cell per square, labelled "D4, A, letra
// dupla", special squares marked by text (2L/3L/2P/3P) and not by colour alone.
// Cells are redrawn only when what they show changes.

import { parseSquare, shownSquare, squareName } from "../engine/index.js";
import { SQUARE_NAMES } from "./labels.js";

export class BoardView {
  /** `constants` gives the board's size and column letters (constantes.json). */
  constructor(grid, constants) {
    this.grid = grid;
    this.constants = constants;
    this.cells = [];
    this.names = [];
    this.keys = [];
    this.focusIndex = null; // the one cell in the tab order
    const size = constants.board_size;
    for (let row = 0; row < size; row++) {
      const rowEl = document.createElement("div");
      rowEl.setAttribute("role", "row");
      rowEl.className = "linha";
      for (let col = 0; col < size; col++) {
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.className = "casa";
        cell.dataset.square = squareName(constants, row, col);
        this.names.push(cell.dataset.square);
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
      const name = this.names[index];
      const tile = state.board[index];
      const pend = pending.get(name);
      const special = state.squares[name] || "";
      const shown = shownSquare(state, name) || "";
      const isCursor = name === cursor;
      const key = [tile ? `${tile.letter}${tile.value}${tile.blank}` : "", pend ? `${pend.letter}${pend.id}` : "",
        shown, isCursor ? direction : ""].join("|");
      if (key === this.keys[index]) return;
      this.keys[index] = key;
      this.drawCell(cell, name, { tile, pend, special, shown, isCursor, direction });
    });
    const focusIndex = cursor ? parseSquare(this.constants, cursor).index : this.cells.length >> 1;
    if (focusIndex !== this.focusIndex) {
      if (this.focusIndex !== null) this.cells[this.focusIndex].tabIndex = -1;
      this.cells[focusIndex].tabIndex = 0;
      this.focusIndex = focusIndex;
    }
  }

  /**
   * `special` is the engine's kind (the colour), `shown` what it counts for now ("4P" with Cabra).
   * Confirmed and pending tiles both carry their letter, value and blank flag.
   */
  drawCell(cell, name, { tile, pend, special, shown, isCursor, direction }) {
    const face = tile || pend;
    const letter = face ? face.letter : "";
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
      v.textContent = face.blank ? "" : String(face.value);
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
    this.cells[parseSquare(this.constants, cursor).index].focus();
  }
}
