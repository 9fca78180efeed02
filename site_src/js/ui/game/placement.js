// Where the tiles go: the active square and its direction, the tile selected, and the
// intents that place, move and take back tiles by typing, tapping or dragging. The base of
// Game (game.js), which supplies state, act(action), render(), inPlay() and the view,
// announcer and dialogs; every change still goes through engine.apply (Game.act).

import { advance, freeSquareFrom, isTaken, letterOn, nextSquare, offset, sameLetter, tileForLetter, typingSquare } from "./cursor.js";

const DEFAULT_CURSOR = "D3";

export class Placement {
  constructor() {
    this.cursor = null;
    this.typeAt = null; // the square right after the last one typed or passed over (cursor.js typingSquare)
    this.lastCursor = DEFAULT_CURSOR;
    this.direction = "across";
    this.selected = null;
  }

  /**
   * Places `tile` (with the blank's letter) on `square`. `follow` (square first,
   * or typing) moves the active square on along the line; a tile tapped first
   * and then its square leaves no active square behind.
   */
  placeTile(tile, square, letter, follow) {
    const action = { type: "place", tile: tile.id, square };
    if (letter) action.letter = letter;
    if (!this.act(action)) return;
    this.selected = null;
    this.lastCursor = square;
    this.cursor = follow ? advance(this.state, square, this.direction) : null;
    this.typeAt = follow ? nextSquare(this.state, square, this.direction) : null;
    this.render();
    if (follow) this.view.followFocus(this.cursor);
  }

  async placeChosen(tile, square, follow) {
    if (tile.letter !== "?") return this.placeTile(tile, square, undefined, follow);
    const letter = await this.dialogs.chooseBlankLetter(this.constants.alphabet);
    if (letter) this.placeTile(tile, square, letter, follow);
    else this.render();
  }

  // Intents ---------------------------------------------------------------

  /** Where the cursor starts when there is none: the board square that has focus, else the last one. */
  startSquare() {
    return this.view.focusedSquare?.() ?? this.lastCursor;
  }

  move(dx, dy) {
    this.typeAt = null;
    this.cursor = this.cursor === null ? this.startSquare() : offset(this.constants, this.cursor, dx, dy) || this.cursor;
    this.lastCursor = this.cursor;
    this.render();
    this.view.followFocus(this.cursor);
  }

  letter(typed) {
    if (!this.inPlay()) return;
    if (typed !== "Ç" && !this.constants.alphabet.includes(typed)) {
      this.announcer.say(`Não há peças com a letra ${typed}.`, "erro");
      return;
    }
    if (this.cursor === null) this.cursor = this.startSquare();
    const at = typingSquare(this.state, this.cursor, this.typeAt, this.direction);
    if (sameLetter(letterOn(this.state, at), typed)) {
      this.stepOver(at);
      return;
    }
    const square = freeSquareFrom(this.state, at, this.direction);
    if (!square) {
      this.announcer.say("Não há casa livre nessa direção.", "erro");
      return;
    }
    const choice = tileForLetter(this.state.hand, typed);
    if (!choice) {
      this.announcer.say(`Não tem nenhum ${typed} na mão.`, "erro");
      return;
    }
    this.placeTile(choice.tile, square, choice.letter, true);
  }

  /**
   * A typed letter already on the board at `square` (the cursor's, or the next on the typed
   * line): typing passes over it, whatever the hand holds, and the cursor shows the next square.
   */
  stepOver(square) {
    this.typeAt = null;
    this.cursor = nextSquare(this.state, square, this.direction) ?? this.cursor;
    this.lastCursor = this.cursor;
    this.render();
    this.view.followFocus(this.cursor);
  }

  /** The last tile put down back in the hand; its square is the chosen one, and has the focus. */
  back() {
    const last = this.state?.pending.at(-1);
    if (!this.inPlay() || !last) return;
    if (this.act({ type: "recall" })) this.cursor = last.square;
    this.render();
    this.view.followFocus(this.cursor);
  }

  /** After a play the words refused: the chosen square (with the focus) is where it began, the
   * way it ran, so the next letter typed starts the line again there (`line`: cursor.js lineStart). */
  typeAgainFrom(line) {
    if (!line) return this.render();
    this.cursor = line.square;
    this.lastCursor = line.square;
    this.direction = line.direction;
    this.typeAt = null;
    this.selected = null;
    this.render();
    this.view.followFocus(this.cursor);
  }

  recallAll() {
    const first = this.state?.pending[0];
    this.selected = null;
    if (this.inPlay() && first && this.act({ type: "recallAll" }) && this.cursor) this.cursor = first.square;
    this.render();
  }

  /**
   * A tapped square. With a tile selected, the tile goes there (tile first).
   * Otherwise the square becomes the active one (square first); tapping the
   * active square again turns the direction, a third time lets it go.
   */
  square(name) {
    if (!this.inPlay()) return;
    this.typeAt = null;
    const selected = this.state.hand.find((t) => t.id === this.selected);
    if (this.state.pending.some((p) => p.square === name)) {
      if (this.act({ type: "recall", square: name }) && this.cursor) this.cursor = name;
    } else if (selected && !isTaken(this.state, name)) {
      this.placeChosen(selected, name, false);
      return;
    } else if (selected) {
      this.announcer.say(`A casa ${name} já está ocupada: escolha uma casa livre.`, "erro");
    } else if (name === this.cursor) {
      if (this.direction === "across") this.turn();
      else this.release();
      return;
    } else {
      this.cursor = name;
      this.lastCursor = name;
      this.direction = "across";
    }
    this.render();
  }

  /** Across ↔ down: the way the next tiles enter from the active square. */
  turn() {
    this.direction = this.direction === "across" ? "down" : "across";
    this.typeAt = null;
    if (this.cursor === null) this.cursor = this.lastCursor;
    this.selected = null;
    this.announcer.say(this.direction === "down" ? `${this.cursor}, para baixo.` : `${this.cursor}, para a direita.`);
    this.render();
  }

  /** No active square: the next tile tapped is selected, not placed. */
  release() {
    this.lastCursor = this.cursor || this.lastCursor;
    this.cursor = null;
    this.direction = "across";
    this.render();
  }

  /** A tapped hand tile: it enters at the active square, or is selected (tapped again: unselected). */
  tile(id) {
    if (!this.inPlay()) return;
    const tile = this.state.hand.find((t) => t.id === id);
    if (!tile) return;
    if (this.cursor) {
      const square = freeSquareFrom(this.state, this.cursor, this.direction);
      if (square) this.placeChosen(tile, square, true);
      else this.announcer.say("Não há casa livre nessa direção.", "erro");
      return;
    }
    this.selected = this.selected === id ? null : id;
    this.render();
  }

  // Drags (drag_input.js): each drop is the same engine actions a tap would make.

  /** A hand tile dropped on a square: placed there if it is free (a blank asks its letter). */
  dropTile(id, square) {
    const tile = this.inPlay() && this.state.hand.find((t) => t.id === id);
    if (!tile || isTaken(this.state, square)) return;
    this.placeChosen(tile, square, false);
  }

  /** A pending tile dropped on another free square: taken back and placed there, a blank keeping its letter. */
  movePending(from, to) {
    const tile = this.inPlay() && this.state.pending.find((p) => p.square === from);
    if (!tile || from === to || isTaken(this.state, to)) return;
    if (!this.act({ type: "recall", square: from })) return;
    this.placeTile(tile, to, tile.blank ? tile.letter : undefined, false);
  }

  /** A pending tile dropped on the hand: back in the hand, at `slot` when one is given. */
  returnPending(from, slot) {
    const tile = this.inPlay() && this.state.pending.find((p) => p.square === from);
    if (!tile || !this.act({ type: "recall", square: from })) return;
    this.arrange(tile.id, slot);
  }

  /** A hand tile moved to position `slot` of the hand (saved with the run, as Baralhar is). */
  arrange(id, slot) {
    const at = this.state.hand.findIndex((t) => t.id === id);
    if (this.inPlay() && at >= 0 && Number.isInteger(slot) && at !== slot) this.act({ type: "arrange", tile: id, slot });
    this.render();
  }
}
