// The first-visit guide (issue 10): a non-modal <dialog> beside the real board that
// walks a new player through a first play — the target, putting tiles through the
// opening word, the live preview, Jogar — and explains the trunfo at the first climb.
// It advances on what the player does (Game's onAction), "Saltar" or Escape skip it,
// and once finished or skipped it never opens again on this device (storage flag);
// a reload while it is on resumes it on the same step (kept in storage as it goes);
// /?guia=1 (linked from Como jogar) opens it again. Each step outlines what it talks
// about, scrolls it into view and offers a way on (or back), and the guide never covers
// it: right next to it, else at the bottom of the window under it, or above it.
// It ends by offering both ways on: "Treinar primeiro" (the practice page, /treino/) and
// "Jogar a torre de hoje" — after a first play that did not climb, or after the trunfo.

import { el } from "../shared/dialogs.js";
import { touchOnly } from "../shared/device.js";
import { LAST_STEPS, TRUNFO_NOTE, guideSteps } from "./walkthrough_steps.js";

const PRACTICE_PAGE = "/treino/";

const MARGIN = 8;
const HIGHLIGHT = "guia-destaque";
const NEAR = 96; // px: a card this far under its targets, past what it must not cover, is still next to them
// The messages: a toast on phones (placed off the guide, toast_place.js), a status line in the page on a wide screen.
const MESSAGES = "#anuncio";
// Kept as the step while the guide waits, hidden, for the first climb (to explain the trunfo).
const WAITING_CLIMB = "subida";
const NARROWEST = 224; // px: a guide card narrower than this does not go beside the board
// game.css's layout of a phone on its side: the board on the left, everything else beside it.
const SIDE_BY_SIDE = typeof matchMedia === "function" ? matchMedia("(orientation: landscape) and (max-height: 35rem)")
  : { matches: false };

function unionRect(elements) {
  const rects = elements.map((e) => e.getBoundingClientRect()).filter((r) => r.width || r.height);
  if (!rects.length) return null;
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const left = Math.min(...rects.map((r) => r.left));
  const right = Math.max(...rects.map((r) => r.right));
  return { top, bottom, left, right };
}

export class Walkthrough {
  /**
   * `main`: the game's <main>; `storage`: GameStorage; `boardFocus()`: where focus goes when the guide
   * closes; `moved()`: called each time the guide is placed (the message toast keeps off it).
   */
  constructor(main, storage, boardFocus, moved = () => {}) {
    Object.assign(this, { main, storage, boardFocus, moved });
    this.dialog = null;
    this.steps = [];
    this.index = -1;
    this.waitingClimb = false;
    this.offered = false; // the last step was shown: "Treinar primeiro" or "Continuar"
    this.lastPending = false; // the trunfo note was shown: the last step comes once a trunfo is chosen
    // A phone's address bar showing or hiding resizes the window, and the page scrolls under the
    // fixed card: the guide follows, the page does not scroll.
    addEventListener("resize", () => this.place(false));
    addEventListener("scroll", () => this.place(false), { passive: true });
  }

  /**
   * Opens the guide on a run in play: on a first visit (nothing saved), when `asked` (/?guia=1),
   * or where it was when the page was left with the guide on (a reload).
   */
  maybeStart(state, asked) {
    if (this.dialog || state.phase !== "play") return false;
    const seen = this.storage.guideSeen();
    const saved = seen || asked ? null : this.storage.guideStep();
    const firstVisit = !seen && this.storage.isNewPlayer() && state.history.length === 0;
    if (!asked && !firstVisit && saved === null) return false;
    this.steps = guideSteps(state, state.day.floors[state.floor]?.opener ?? "", touchOnly());
    this.build();
    if (saved === WAITING_CLIMB) {
      this.index = this.steps.findIndex((s) => s.id === "subir");
      this.offered = true;
      this.hide();
      return true;
    }
    this.dialog.show();
    // A damaged or unknown step (edited by hand, an older version's) starts the guide over.
    this.go(Math.max(0, this.steps.findIndex((s) => s.id === saved)));
    (this.next.hidden ? this.skipButton : this.next).focus();
    return true;
  }

  build() {
    this.title = el("h2", { id: "guia-titulo" });
    this.text = el("p", { id: "guia-texto" });
    this.count = el("span", { class: "guia-passo" });
    this.skipButton = el("button", { type: "button", text: "Saltar" });
    this.backButton = el("button", { type: "button", text: "Voltar" });
    this.next = el("button", { type: "button", class: "principal", text: "Seguinte" });
    this.practiceButton = el("button", { type: "button", text: "Treinar primeiro", hidden: true });
    this.skipButton.addEventListener("click", () => this.close());
    this.backButton.addEventListener("click", () => this.go(this.index - 1));
    this.practiceButton.addEventListener("click", () => {
      this.close();
      location.assign(PRACTICE_PAGE);
    });
    this.next.addEventListener("click", () => {
      if (this.current.id === "subir") this.hide();
      else if (this.current.id === "fim") this.close();
      else this.go(this.index + 1);
    });
    // The step count beside the title, so that the buttons fit on one line even on a narrow phone.
    const live = el("div", { "aria-live": "polite" }, [el("div", { class: "guia-cabeca" }, [this.title, this.count]), this.text]);
    this.dialog = el("dialog", { id: "guia", class: "guia", "aria-labelledby": "guia-titulo", "aria-describedby": "guia-texto" },
      [live, el("div", { class: "linha-botoes" }, [this.skipButton, this.backButton, this.practiceButton, this.next])]);
    this.dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault(); // not the game's "recall all"
      event.stopPropagation();
      this.close();
    });
    this.main.append(this.dialog);
  }

  get current() {
    return this.steps[this.index];
  }

  get isOpen() {
    return Boolean(this.dialog?.open);
  }

  go(index) {
    const before = document.activeElement;
    const hadFocus = this.dialog.contains(before);
    this.index = Math.min(index, this.steps.length - 1);
    const step = this.current;
    this.storage.saveGuideStep(step.id);
    this.title.textContent = step.title;
    this.text.textContent = step.text;
    const last = LAST_STEPS.includes(step.id);
    this.offered ||= last;
    this.next.textContent = last ? "Continuar" : "Seguinte";
    this.practiceButton.hidden = !last;
    this.skipButton.hidden = last;
    // Back to the step before, but never over the play made (the last steps come after it).
    this.backButton.hidden = this.index === 0 || last;
    // "fim" takes the place of "subir" (one or the other ends the guide): both are step 5 of 5.
    this.count.textContent = `Passo ${Math.min(this.index + 1, this.steps.length - 1)} de ${this.steps.length - 1}`;
    this.next.hidden = step.id === "jogar"; // this step goes on when the player plays
    // A focused button that went away takes the focus with it (hiding it blurs it at once): on
    // «Jogar»'s step, which has no «Seguinte», it goes to the board, where Enter plays (the step
    // is said from the guide's live text); elsewhere to «Seguinte» or «Continuar».
    if (hadFocus && !this.dialog.contains(document.activeElement)) {
      if (this.next.hidden) this.boardFocus()?.focus();
      else this.next.focus();
    }
    if (!this.dialog.open) {
      // show() focuses the guide's first button; coming back after the first trunfo, the guide is
      // heard through its live text and leaves the focus where the player is (the board).
      this.dialog.show();
      if (!hadFocus) (before?.isConnected && before !== document.body ? before : this.boardFocus())?.focus();
    }
    this.place();
  }

  /** The guide hides until the first climb (the trunfo note), then it is done. */
  hide() {
    this.waitingClimb = true;
    this.storage.saveGuideStep(WAITING_CLIMB);
    this.leave();
  }

  /** Skipped or finished: never again on this device. */
  close() {
    this.storage.markGuideSeen();
    this.waitingClimb = false;
    this.leave();
  }

  leave() {
    this.highlight([]);
    if (!this.dialog?.open) return;
    const hadFocus = this.dialog.contains(document.activeElement);
    this.dialog.close();
    if (hadFocus) this.boardFocus()?.focus();
  }

  /** Every action the game applied: the guide follows the player's first play. */
  saw(action, state) {
    if (!this.dialog || (!this.isOpen && !this.waitingClimb && !this.lastPending)) return;
    if (this.lastPending && action.type === "chooseTrunfo" && state.phase === "play") {
      this.lastPending = false;
      this.go(this.steps.findIndex((s) => s.id === "fim"));
    } else if (state.phase === "won" || state.phase === "lost") {
      this.close();
    } else if (state.phase === "trunfo") {
      this.leave();
      setTimeout(() => this.explainTrunfo(), 0); // the trunfo dialog opens right after this action
    } else if (action.type === "place" && ["alvo", "pecas"].includes(this.current.id)) {
      this.go(this.steps.findIndex((s) => s.id === "previsao"));
    } else if (action.type === "play" && state.history.length > 0 && this.isOpen && !LAST_STEPS.includes(this.current.id)) {
      this.go(this.steps.findIndex((s) => s.id === "subir"));
    }
  }

  /** The trunfo dialog of the first climb gains a note on what a trunfo is; the guide is then done. */
  explainTrunfo() {
    const dialog = document.querySelector("#dialogo");
    if (dialog?.open && dialog.classList.contains("dialogo-trunfos")) {
      const note = el("section", { class: "guia-nota", "aria-labelledby": "guia-nota-titulo" }, [
        el("h3", { id: "guia-nota-titulo", text: TRUNFO_NOTE.title }), el("p", { text: TRUNFO_NOTE.text })]);
      dialog.querySelector("#dialogo-corpo").prepend(note);
    }
    if (this.offered) this.close();
    else this.lastPending = true; // the way on is offered once the trunfo is chosen
  }

  /**
   * A phone on its side (the board at the window's full height on the left, as game.css lays
   * it out): the guide goes in the column beside the board (narrowed to fit), never over it, at
   * the foot or the top of the window, whichever covers less of what the step names. False when
   * the layout is another (`board` null, see narrowBesideBoard).
   */
  placeBesideBoard(targets, board) {
    if (!board) return false;
    board = board.getBoundingClientRect();
    const box = this.dialog;
    const named = targets.filter((t) => t.id !== "tabuleiro").map((t) => t.getBoundingClientRect());
    const height = box.offsetHeight;
    const leftmost = named.length ? Math.min(...named.map((r) => r.left)) : 0;
    box.style.left = `${Math.round(Math.max(board.right + MARGIN, Math.min(leftmost, innerWidth - box.offsetWidth - MARGIN)))}px`;
    // At the foot of the window or at its top, whichever covers less of what the step names.
    const covered = (top) => named.reduce((sum, r) => sum + Math.max(0, Math.min(r.bottom, top + height) - Math.max(r.top, top)), 0);
    if (covered(MARGIN) < covered(innerHeight - MARGIN - height)) box.style.top = `${MARGIN}px`;
    else box.style.bottom = `${MARGIN}px`;
    return true;
  }

  elements(selectors = []) {
    return selectors.map((q) => this.main.querySelector(q)).filter(Boolean);
  }

  /** Outlines what the step talks about (game.css's .guia-destaque), and nothing else. */
  highlight(targets) {
    for (const e of this.main.querySelectorAll(`.${HIGHLIGHT}`)) if (!targets.includes(e)) e.classList.remove(HIGHLIGHT);
    for (const e of targets) e.classList.add(HIGHLIGHT);
  }

  /** Scrolls the step's targets into view when some of them are out of it (their top first if they do not fit). */
  bringIntoView(targets) {
    const r = unionRect(targets);
    if (r && (r.top < 0 || r.bottom > innerHeight)) scrollBy(0, r.top - MARGIN);
  }

  /**
   * Right under the step's targets, or right over them, or just past what it must not cover right
   * under them (a wide screen's helps and messages), lined up with them, when the card fits in the
   * window there without covering `keep`: the targets, what the player uses in this step, the messages.
   */
  placeNextTo(targets, keep) {
    const r = unionRect(targets);
    if (!r) return false;
    const box = this.dialog;
    const { offsetWidth: width, offsetHeight: height } = box;
    const left = Math.max(MARGIN, Math.min(r.left, innerWidth - width - MARGIN));
    const fits = (top) => top >= MARGIN && top + height <= innerHeight - MARGIN && keep.every((e) => {
      const k = e.getBoundingClientRect();
      return k.bottom <= top || top + height <= k.top || k.right <= left || left + width <= k.left;
    });
    const below = keep.map((e) => e.getBoundingClientRect()).filter((k) => k.top >= r.bottom && k.bottom - r.bottom <= NEAR)
      .map((k) => k.bottom + MARGIN).sort((a, b) => a - b);
    const top = [r.bottom + MARGIN, r.top - MARGIN - height, ...below].find(fits);
    if (top === undefined) return false;
    Object.assign(box.style, { top: `${Math.round(top)}px`, left: `${Math.round(left)}px` });
    return true;
  }

  /**
   * Outlines the step's targets and puts the guide right next to them when it fits (see
   * placeNextTo); else beside the board on a phone on its side; else at the bottom of the
   * window, under them (scrolled up to make room if needed and `scroll`), lined up with them;
   * above them when the page cannot scroll so far.
   */
  place(scroll = true) {
    if (!this.isOpen) return;
    const targets = this.elements(this.current.targets);
    this.highlight(targets);
    Object.assign(this.dialog.style, { top: "", bottom: "", left: "", width: "" });
    if (scroll) this.bringIntoView(targets);
    const board = this.narrowBesideBoard();
    const messages = this.elements([MESSAGES]).filter((e) => getComputedStyle(e).position !== "fixed");
    const keep = [...targets, ...this.elements(this.current.clear), ...messages, ...(board ? [board] : [])];
    if (!this.placeNextTo(targets, keep) && !this.placeBesideBoard(targets, board)) this.placeAtFoot(targets, scroll);
    this.moved();
  }

  /**
   * A phone on its side (the board at the window's full height on the left, as game.css lays it
   * out): the card narrowed to fit the column beside the board; the board, else null.
   */
  narrowBesideBoard() {
    const board = this.main.querySelector("#tabuleiro");
    const room = innerWidth - board?.getBoundingClientRect().right - 2 * MARGIN;
    if (!board || !SIDE_BY_SIDE.matches || room < NARROWEST) return null;
    if (this.dialog.offsetWidth > room) this.dialog.style.width = `${Math.floor(room)}px`;
    return board;
  }

  /** At the bottom of the window under the targets (scrolled up to make room if `scroll`), else above them. */
  placeAtFoot(targets, scroll) {
    const box = this.dialog;
    let r = unionRect(targets);
    if (!r) return;
    const height = box.offsetHeight;
    const free = innerHeight - height - 2 * MARGIN; // what a guide at the bottom leaves in view
    if (scroll && (r.top < 0 || r.bottom > free)) {
      scrollBy(0, r.top - MARGIN);
      r = unionRect(targets);
    }
    box.style.left = `${Math.max(MARGIN, Math.min(r.left, innerWidth - box.offsetWidth - MARGIN))}px`;
    if (r.bottom <= free) {
      box.style.bottom = `${MARGIN}px`;
      return;
    }
    if (scroll && r.top < height + 2 * MARGIN) scrollBy(0, r.top - height - 2 * MARGIN);
    box.style.top = `${MARGIN}px`;
  }
}
