// The replay page (/repeticao/#<code>): reads the code in the fragment (never
// sent to the server), verifies it (verify.js: loads its day and the word list it
// was played with, replays it in the engine) and shows it play by play, with the
// verdict: "Corrida verificada" or why it could not be verified. Nothing here
// throws at the player: every failure becomes a Portuguese sentence.

import { apply } from "../../engine/actions.js";
import { parseSquare } from "../../engine/board.js";
import { shownDate } from "../shared/lisbon_date.js";
import { BoardView } from "../shared/board_view.js";
import { el } from "../shared/dialogs.js";
import { byId, counted, heldHelps, ordinal, points, trunfoLabel } from "../shared/labels.js";
import { problem, showProblem } from "../shared/problem.js";
import { fragmentCode, verifyCode } from "../shared/verify.js";

/** What one step did, in words: "PRAXE, TU: 62 pontos", "Passou a vez.", "Usou a ajuda «Dobro».", "Trunfo: 🔔 Cabra." … */
export function stepText(step, constants) {
  const first = step.actions[0];
  if (first.type === "chooseTrunfo") return `Trunfo: ${trunfoLabel(byId(constants.trunfos, first.id))}.`;
  if (first.type === "useHelp") return `Usou a ajuda «${byId(constants.helps, first.id).name}».`;
  if (first.type === "exchange") return `Trocou ${counted(first.tiles.length, "peça", "peças")}.`;
  if (first.type === "pass") return "Passou a vez.";
  const entry = step.state.history.at(-1);
  return `${entry.words.map((w) => w.word).join(", ")}: ${points(entry.points)}.`;
}

/** The squares a step's word play put tiles on (its history entry's `placed`); none for any other step. */
export function playedSquares(step) {
  if (step.actions.at(-1)?.type !== "play") return new Set();
  return new Set((step.state.history.at(-1)?.placed ?? []).map((tile) => tile.square));
}

/** Where the run stands after a step: floor, the floor's points against its target, the total. */
export function standing(state) {
  const { constants } = state;
  const floor = Math.min(state.floor, constants.floors - 1);
  const base = `${ordinal(floor + 1)} andar: ${state.floorScores[floor] ?? 0} de ${constants.targets[floor]} pontos · total ${state.total}`;
  const held = state.trunfos.length ? state.trunfos.map((id) => trunfoLabel(byId(constants.trunfos, id))).join(", ") : "nenhum";
  const helps = state.helps.length ? heldHelps(state.helps, constants).map((held) => held.label).join(", ") : "nenhuma";
  return `${base} · trunfos: ${held} · ajudas por usar: ${helps}`;
}

/**
 * The state a step is shown with. A word play that climbed has moved the run to the next
 * floor's board, so it is shown on the board it was played on: the state before it with its
 * tiles put down, the floor it was played on and the run's numbers after it.
 */
export function shownState(before, step) {
  if (step.actions.at(-1)?.type !== "play") return step.state;
  let placed = before;
  for (const action of step.actions.slice(0, -1)) {
    const result = apply(placed, action);
    if (!result.ok) return step.state;
    placed = result.state;
  }
  if (placed.floor === step.state.floor) return step.state;
  const board = placed.board.slice();
  for (const tile of placed.pending) {
    board[parseSquare(placed.constants, tile.square).index] = { id: tile.id, letter: tile.letter, value: tile.value, blank: tile.blank };
  }
  return { ...step.state, floor: placed.floor, board, squares: placed.squares, pending: [] };
}

/** Fills `main` (<main id="repeticao">) from location.hash. */
export async function showReplay(main, { fetchFn, hash }) {
  const box = main.querySelector("#repeticao-corrida") ?? main.appendChild(el("div", { id: "repeticao-corrida" }));
  const says = el("p", { id: "veredicto", class: "aviso veredicto", role: "status", text: "A repetir a corrida…" });
  box.replaceChildren(says);
  const { read, loaded, replayed, text, detail, verified } = await verifyCode(fragmentCode(hash), main, fetchFn);
  showProblem(says, problem(text, detail));
  says.classList.toggle("aviso-erro", !verified);
  main.dataset.veredicto = verified ? "verificada" : "recusada";
  if (replayed?.ok) new ReplayView(box, loaded, read, replayed).show(0);
}

/** The run shown step by step: the board, what the step did, the controls (and ← →). */
class ReplayView {
  constructor(box, loaded, read, replayed) {
    this.constants = loaded.constants;
    this.first = replayed.initial;
    this.steps = replayed.steps;
    this.position = el("p", { id: "repeticao-passo", class: "repeticao-passo", "aria-live": "polite" });
    this.where = el("p", { id: "repeticao-andar", class: "repeticao-andar" });
    const grid = el("div", { class: "tabuleiro", role: "grid", "aria-label": "Tabuleiro, 7 por 7" });
    this.board = new BoardView(grid, this.constants);
    this.back = el("button", { type: "button", text: "Anterior" });
    this.next = el("button", { type: "button", class: "principal", text: "Seguinte" });
    this.back.addEventListener("click", () => this.show(this.at - 1));
    this.next.addEventListener("click", () => this.show(this.at + 1));
    this.list = el("ol", { class: "repeticao-lista" }, this.steps.map((step, i) => {
      const item = el("li", { text: stepText(step, this.constants) });
      item.dataset.passo = String(i + 1);
      return item;
    }));
    box.append(el("h2", { text: `A corrida de ${shownDate(read.date)}` }), el("div", { class: "repeticao-grelha" }, [
      el("div", { class: "repeticao-mesa" }, [this.position, grid, el("div", { class: "controlos" }, [this.back, this.next]), this.where]),
      el("div", { class: "repeticao-passos" }, [el("h3", { text: "Passo a passo" }), this.list]),
    ]));
    document.addEventListener("keydown", (event) => {
      if (event.target instanceof HTMLElement && event.target.closest("input, textarea")) return;
      if (event.key === "ArrowLeft") this.show(this.at - 1);
      else if (event.key === "ArrowRight") this.show(this.at + 1);
    });
  }

  /** Shows the state after `at` steps (0: the tower as it opened). */
  show(at) {
    this.at = Math.max(0, Math.min(at, this.steps.length));
    const before = this.at < 2 ? this.first : this.steps[this.at - 2].state;
    const state = this.at === 0 ? this.first : shownState(before, this.steps[this.at - 1]);
    this.board.render(state, null, "across", null, this.at === 0 ? null : playedSquares(this.steps[this.at - 1]));
    this.position.textContent = this.at === 0 ? `Início: ${this.steps.length === 1 ? "segue-se" : "seguem-se"} ${counted(this.steps.length, "passo", "passos")}.`
      : `Passo ${this.at} de ${this.steps.length}: ${stepText(this.steps[this.at - 1], this.constants)}`;
    this.where.textContent = standing(state);
    this.back.disabled = this.at === 0;
    this.next.disabled = this.at === this.steps.length;
    for (const item of this.list.children) {
      if (item.dataset.passo === String(this.at)) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
  }
}
