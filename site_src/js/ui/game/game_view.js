// Draws a whole state: the board, the hand, the panel around them, and which
// buttons can be used in the current phase.

import { BoardView } from "../shared/board_view.js";
import { HandView } from "./hand_view.js";
import { StatusView } from "./status_view.js";

export class GameView {
  constructor(root, constants, coimbra) {
    this.board = new BoardView(root.querySelector("#tabuleiro"), constants);
    this.hand = new HandView(root.querySelector("#mao"), "previsao");
    this.status = new StatusView(root, constants, coimbra);
    this.buttons = Object.fromEntries([...root.querySelectorAll("[data-action]")].map((b) => [b.dataset.action, b]));
  }

  /** `hint`: a suggested play to mark (practice's Sugestão), or null. */
  render(state, { cursor, direction, selected, preview, wordsPending = false, hint = null }) {
    const playing = state.phase === "play";
    const finished = state.phase === "won" || state.phase === "lost";
    this.board.render(state, playing ? cursor : null, direction, hint?.squares);
    this.hand.render(state.hand, selected, hint?.tiles, finished);
    this.status.render(state);
    const selectedTile = state.hand.find((t) => t.id === selected) || null;
    this.status.renderPreview(state, preview, { cursor: playing ? cursor : null, direction, selectedTile, wordsPending,
      hint: hint?.label ?? null, finished });
    const enable = {
      jogar: playing && state.pending.length > 0,
      baralhar: playing,
      trocar: playing && state.exchangesLeft > 0,
      desfazer: playing && state.pending.length > 0,
      passar: playing,
      sugestao: playing,
    };
    for (const [name, on] of Object.entries(enable)) {
      if (this.buttons[name]) this.buttons[name].disabled = !on;
    }
  }

  /** The board cell in the tab order: where focus goes when its own place is gone. */
  boardFocus() {
    return this.board.grid.querySelector("[tabindex='0']");
  }

  /** The board square that has keyboard focus, or null. */
  focusedSquare() {
    const active = document.activeElement;
    return this.board.grid.contains(active) ? active.dataset.square ?? null : null;
  }

  followFocus(cursor) {
    this.board.followFocus(cursor);
  }

  stepHand(from, delta) {
    this.hand.step(from, delta);
  }
}
