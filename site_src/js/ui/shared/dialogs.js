// One modal <dialog> reused for every question the game asks: confirm a pass,
// pick a trunfo, choose the blank's letter, choose tiles to exchange, and the
// notices (bad save, end of run). Each question is a promise of the answer.

import { focusPoint, returnFocus } from "./focus.js";
import { tileFace, tileLabel } from "./tiles.js";
import { byId, ordinal, trunfoEffect } from "./labels.js";

export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "role" || key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

/** The exchange dialog's first line, with the exchanges left in the right number. */
export function exchangeIntro(exchangesLeft) {
  const left = exchangesLeft === 1 ? "resta 1 troca" : `restam ${exchangesLeft} trocas`;
  return `Escolha as peças a devolver ao saco (${left}). Não gasta jogada.`;
}

// What a dialog's focusing steps may focus, in tree order (no element here has a positive tabindex).
const FOCUSABLE = "button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";

const NOTHING_CHOSEN = "Ainda não escolheu nenhuma peça: escolha as que quer devolver e depois carregue em «Trocar».";

/** A dialog body's first paragraph (a node of its own or the first inside one), its description by default. */
function firstParagraph(body) {
  for (const node of body) {
    const found = [...(node.matches?.("p") ? [node] : []), ...(node.querySelectorAll?.("p") ?? [])]
      .find((p) => !p.closest("[aria-hidden=true]")); // a picture's legend is not heard: never a description
    if (found) return found;
  }
  return null;
}

export class Dialogs {
  constructor(dialog) {
    this.dialog = dialog;
    this.title = dialog.querySelector("#dialogo-titulo");
    this.body = dialog.querySelector("#dialogo-corpo");
    this.buttons = dialog.querySelector("#dialogo-botoes");
    this.settle = null;
    this.cancellable = true;
    this.returnTo = null; // where focus goes when the dialog closes (focus.js)
    this.fallbackFocus = () => null; // set by the page: the board, when nothing else is left
    // A body filled in once the dialog is open (the analysis, when its worker answers) may push the
    // focused button below the fold, where WebKit would scroll to it: back to the top then.
    new MutationObserver(() => { if (this.dialog.open && !this.focusInView()) this.focusWithoutScrolling(); })
      .observe(this.body, { childList: true });
    // Escape: the dialog closes only through answer(), so a question is never lost.
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      if (this.cancellable) this.answer(this.escapeValue);
    });
  }

  get isOpen() {
    return this.dialog.open;
  }

  /**
   * Opens the dialog with `title`, `body` nodes and `buttons` [{text, value, kind, ready}].
   * Resolves with the value of the button chosen, or null when dismissed; a button whose
   * `ready()` returns false leaves the question open (it says why itself).
   */
  ask(title, body, buttons, { cancellable = true, kind = "", describe = null, opensOn = "", escape = null } = {}) {
    if (this.settle) this.answer(null);
    this.cancellable = cancellable;
    this.escapeValue = escape; // what Escape answers (null: dismissed; a dialog opened from another may go back to it)
    this.dialog.className = kind ? `dialogo-${kind}` : "";
    this.title.textContent = title;
    // What was said just before (the play that ended the run) is told in the dialog: a screen reader
    // reads only the dialog once it opens, never the page's live region behind it (issue 40 item 1).
    const news = opensOn ? [el("p", { class: "so-leitor", text: opensOn })] : [];
    this.body.replaceChildren(...news, ...body);
    this.describe([...news, ...(describe ?? [firstParagraph(body)])]);
    this.buttons.replaceChildren(...buttons.map((b) => {
      const button = el("button", { type: "button", class: b.kind || "", text: b.text });
      button.addEventListener("click", () => { if (!b.ready || b.ready()) this.answer(b.value); });
      return button;
    }));
    if (!this.dialog.open) {
      this.returnTo = focusPoint();
      this.dialog.showModal();
    }
    this.focusWithoutScrolling();
    return new Promise((resolve) => { this.settle = resolve; });
  }

  /**
   * Opens the dialog at its top, heading in view, in every engine. The control every engine
   * focuses on its own (the [autofocus] one, else the first) is focused now, without scrolling,
   * when it is in view; when it is further down, the heading is focused instead. WebKit scrolls a
   * dialog to its focused element at its next rendering update, preventScroll or not, so that
   * «Estatísticas» (on «Exportar») and «Análise da corrida» (on «Voltar ao resultado») opened
   * scrolled to the bottom there (issue 40 item 9); Tab goes on from the heading to the first control.
   */
  focusWithoutScrolling() {
    this.dialog.scrollTop = 0;
    const target = this.dialog.querySelector("[autofocus]") ?? this.dialog.querySelector(FOCUSABLE);
    const inView = this.inView(target);
    const focus = inView ? target : this.title;
    if (!inView) this.title.tabIndex = -1;
    if (focus && document.activeElement !== focus) focus.focus({ preventScroll: true });
    this.dialog.scrollTop = 0;
  }

  /**
   * The dialog's description (aria-describedby), read with its name when it opens: `nodes` of its
   * body, given ids when they have none; none when there are none (issue 40 item 2).
   */
  describe(nodes) {
    const ids = nodes.filter(Boolean).map((node, index) => {
      if (!node.id) node.id = `dialogo-descricao-${index + 1}`;
      return node.id;
    });
    if (ids.length) this.dialog.setAttribute("aria-describedby", ids.join(" "));
    else this.dialog.removeAttribute("aria-describedby");
  }

  /** Whether `element` is in the dialog and within its visible part, as the dialog stands. */
  inView(element) {
    if (!element || !this.dialog.contains(element)) return false;
    const box = this.dialog.getBoundingClientRect(), own = element.getBoundingClientRect();
    return own.top >= box.top && own.bottom <= box.bottom;
  }

  focusInView() {
    return this.inView(document.activeElement);
  }

  /** Closes the dialog and resolves the open question with `value`. */
  answer(value) {
    const settle = this.settle;
    this.settle = null;
    if (this.dialog.open) {
      this.dialog.close();
      returnFocus(this.returnTo, this.fallbackFocus());
    }
    if (settle) settle(value);
  }

  /** Buttons inside the body that answer the question (cards, letters, tiles). */
  choice(node, value) {
    node.addEventListener("click", () => this.answer(value));
    return node;
  }

  confirm(title, text, yes, no = "Cancelar") {
    return this.ask(title, [el("p", { text })], [
      { text: no, value: false }, { text: yes, value: true, kind: "principal" },
    ]).then((v) => v === true);
  }

  /**
   * The trunfo offer after a climb; `reached` is the index (from 0) of the floor reached,
   * `news` the play that climbed (its words, points and helps earned), shown above the cards.
   */
  chooseTrunfo(offer, constants, reached, news = "") {
    const cards = offer.map((id) => {
      const t = byId(constants.trunfos, id);
      const card = el("button", { type: "button", class: "carta", "data-trunfo": id }, [
        el("span", { class: "emoji", text: t.emoji, "aria-hidden": "true" }),
        el("strong", { text: t.name }),
        el("span", { text: trunfoEffect(t, constants) }),
      ]);
      return this.choice(card, id);
    });
    const intro = el("p", { text: `Subiu ao ${ordinal(reached + 1)} andar! Escolha um trunfo; fica consigo até ao fim da corrida.` });
    const played = news ? [el("p", { class: "jogada-subiu", text: news })] : [];
    return this.ask("Escolha um trunfo", [...played, intro, el("div", { class: "cartas" }, cards)], [],
      { cancellable: false, kind: "trunfos", describe: [...played, intro] });
  }

  chooseBlankLetter(alphabet) {
    const letters = [...alphabet].map((letter) =>
      this.choice(el("button", { type: "button", class: "letra-branca", text: letter }), letter));
    return this.ask("De que letra faz a peça branca?", [el("div", { class: "letras" }, letters)],
      [{ text: "Cancelar", value: null }], { kind: "branca" });
  }

  /** Resolves with the ids chosen, or null. The blank is not offered (it can't be exchanged). */
  chooseExchange(hand, exchangesLeft) {
    const chosen = new Set();
    const tiles = hand.filter((t) => t.letter !== "?").map((tile) => {
      const button = el("button", { type: "button", class: "peca", "aria-pressed": "false", "aria-label": tileLabel(tile) },
        tileFace(tile));
      button.addEventListener("click", () => {
        if (chosen.has(tile.id)) chosen.delete(tile.id); else chosen.add(tile.id);
        button.setAttribute("aria-pressed", String(chosen.has(tile.id)));
      });
      return button;
    });
    const intro = el("p", { text: exchangeIntro(exchangesLeft) });
    // Trocar with nothing chosen says what to do instead of closing on nothing.
    const why = el("p", { class: "aviso-troca", role: "status" });
    const ready = () => {
      why.textContent = chosen.size ? "" : NOTHING_CHOSEN;
      return chosen.size > 0;
    };
    return this.ask("Trocar peças", [intro, el("div", { class: "mao-troca" }, tiles), why], [
      { text: "Cancelar", value: null }, { text: "Trocar", value: "ok", kind: "principal", ready },
    ], { kind: "troca" }).then((v) => (v === "ok" && chosen.size ? [...chosen] : null));
  }

  notice(title, text, buttons, options) {
    return this.ask(title, [el("p", { text })], buttons, options);
  }
}
