// The board as an ARIA grid: one cell per square, special squares marked by
// text (2L/3L/2P/3P) and not by colour alone. A cell's name begins with what
// it shows ("3P, A1, vazia, palavra tripla", "O 1 ponto, D4"), so a player who
// reads the screen and one who hears it name the same thing. Cells are redrawn
// only when what they show changes.

import { parseSquare, shownSquare, squareName } from "../../engine/play.js";
import { SQUARE_NAMES, points } from "./labels.js";

/** The accessible name of a square: its visible text first, then where it is and what it counts for. */
export function squareLabel(name, { face, pending, shown, cursor, hinted, played }) {
  const parts = [];
  if (face) {
    parts.push(face.blank ? `${face.letter}, peça branca, 0 pontos` : `${face.letter} ${points(face.value)}`, name);
    if (pending) parts.push("por confirmar");
    if (played) parts.push("acabada de jogar");
  } else {
    if (shown) parts.push(shown);
    parts.push(name, "vazia");
  }
  if (shown) parts.push(SQUARE_NAMES[shown] || shown);
  if (cursor) parts.push(cursor === "down" ? "casa escolhida, para baixo" : "casa escolhida, para a direita");
  if (hinted) parts.push(`sugestão: ${hinted}`);
  return parts.join(", ");
}

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
    // The square that gets the focus is the grid's Tab stop, so that Tab leaves the board at once.
    grid.addEventListener("focusin", (event) => this.stopAt(this.cells.indexOf(event.target)));
  }

  /** Cell `index` is the one in the tab order. */
  stopAt(index) {
    if (index < 0 || index === this.focusIndex) return;
    if (this.focusIndex !== null) this.cells[this.focusIndex].tabIndex = -1;
    this.cells[index].tabIndex = 0;
    this.focusIndex = index;
  }

  /**
   * Draws confirmed tiles from `state.board`, pending ones from `state.pending`, the cursor,
   * `hint` (square → letter: a suggested play, marked, not placed) and `played` (the squares
   * whose tiles the play just shown put down: the replay's steps).
   */
  render(state, cursor, direction, hint = null, played = null) {
    const pending = new Map(state.pending.map((p) => [p.square, p]));
    this.cells.forEach((cell, index) => {
      const name = this.names[index];
      const tile = state.board[index];
      const pend = pending.get(name);
      const special = state.squares[name] || "";
      const shown = shownSquare(state, name) || "";
      const isCursor = name === cursor;
      const hinted = hint?.get(name) ?? "";
      const isPlayed = Boolean(tile && played?.has(name));
      const key = [tile ? `${tile.letter}${tile.value}${tile.blank}` : "", pend ? `${pend.letter}${pend.id}` : "",
        shown, isCursor ? direction : "", hinted, isPlayed].join("|");
      if (key === this.keys[index]) return;
      this.keys[index] = key;
      this.drawCell(cell, name, { tile, pend, special, shown, isCursor, direction, hinted, isPlayed });
    });
    // The Tab stop: the chosen square, else the square that has the focus (Tab then leaves the board
    // at once), else the centre.
    const focused = this.cells.indexOf(document.activeElement);
    const focusIndex = cursor ? parseSquare(this.constants, cursor).index : focused >= 0 ? focused : this.cells.length >> 1;
    this.stopAt(focusIndex);
  }

  /**
   * `special` is the engine's kind (the colour), `shown` what it counts for now ("4P" with Cabra).
   * Confirmed and pending tiles both carry their letter, value and blank flag.
   */
  drawCell(cell, name, { tile, pend, special, shown, isCursor, direction, hinted, isPlayed }) {
    const face = tile || pend;
    const letter = face ? face.letter : "";
    cell.replaceChildren();
    cell.className = "casa";
    if (special) cell.classList.add(`casa-${special}`);
    if (tile) cell.classList.add("ocupada");
    if (pend) cell.classList.add("pendente");
    if (isCursor) cell.classList.add("cursor", direction === "down" ? "para-baixo" : "para-direita");
    if (hinted) cell.classList.add("sugerida");
    if (isPlayed) cell.classList.add("acabada");
    if (hinted && !face) {
      const l = document.createElement("span");
      l.className = "letra sugestao-letra";
      l.textContent = hinted;
      cell.append(l);
    } else if (letter) {
      const l = document.createElement("span");
      l.className = "letra";
      l.textContent = letter;
      const v = document.createElement("span");
      v.className = "valor";
      v.textContent = face.blank ? "" : String(face.value);
      cell.append(l, " ", v); // the space makes "F 4" one reading for eyes and screen readers
    } else if (special) {
      const s = document.createElement("span");
      s.className = "rotulo-casa";
      s.textContent = shown;
      cell.append(s);
    }
    cell.setAttribute("aria-label", squareLabel(name, { face, pending: Boolean(pend), shown,
      cursor: isCursor ? direction : null, hinted, played: isPlayed }));
  }

  /** Moves keyboard focus to the cursor's cell when the grid already has focus. */
  followFocus(cursor) {
    if (!cursor || !this.grid.contains(document.activeElement)) return;
    this.cells[parseSquare(this.constants, cursor).index].focus();
  }
}
