// Drags → intents, with pointer events (mouse, touch, pen), beside the taps of
// pointer_input.js: a hand tile onto a free square, a pending tile to another
// square or back to the hand, a hand tile between others to arrange the hand.
// A drag starts only once the pointer has moved DRAG_START px, so a tap stays a
// tap (and its click is kept); the click that follows a drag is swallowed. The
// tile follows the pointer as a copy; the square or hand slot under the pointer
// is marked and takes the drop; a drop anywhere else changes nothing. Under a
// finger the copy is lifted above it, so the finger hides neither the copy nor
// the marked target; a mouse's thin arrow hides nothing, so there the copy sits
// on the target, where the tile will land. Only the tiles refuse the browser's
// panning (touch-action: none in game.css): the page scrolls elsewhere.

const DRAG_START = 8; // px: below this a press is a tap
const LIFT_GAP = 16; // px between a finger's point and the bottom of the tile it lifts
const SOURCES = "#mao [data-tile], #tabuleiro .casa.pendente";

/** The hand position a tile dropped at `x` takes: the number of other tiles whose centre is before it. */
function slotAt(centres, x) {
  return centres.filter((centre) => centre < x).length;
}

/** `value` kept within [0, most] (`most` wins when the screen is smaller than the tile). */
function clamp(value, most) {
  return Math.min(Math.max(value, 0), most);
}

export class DragInput {
  /** `intents` has dropTile(id, square), movePending(from, to), returnPending(from, slot), arrange(id, slot). */
  constructor(root, intents, isBusy) {
    this.root = root;
    this.intents = intents;
    this.isBusy = isBusy;
    this.press = null;
    this.swallowClick = false;
    root.addEventListener("pointerdown", (event) => this.down(event));
    // On the document: the tile may leave the root (or be redrawn) while it is dragged.
    document.addEventListener("pointermove", (event) => this.move(event), { passive: false });
    document.addEventListener("pointerup", (event) => this.up(event));
    document.addEventListener("pointercancel", (event) => this.end(event, false));
    root.addEventListener("click", (event) => {
      if (!this.swallowClick) return;
      this.swallowClick = false;
      event.stopPropagation();
      event.preventDefault();
    }, true);
  }

  down(event) {
    this.swallowClick = false;
    if (this.press || !event.isPrimary || event.button !== 0 || this.isBusy()) return;
    const source = event.target.closest?.(SOURCES);
    if (!source || !this.root.contains(source) || source.closest("[aria-disabled='true']")) return; // a finished run's hand
    this.press = { id: event.pointerId, x: event.clientX, y: event.clientY, source, ghost: null, mark: null };
  }

  move(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    if (!press.ghost) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START) return;
      this.begin(press, event);
    }
    event.preventDefault();
    this.place(press, event.clientX, event.clientY);
    this.mark(this.dropAt(event.clientX, event.clientY));
  }

  /** The copy centred on (x, y), or above it by `press.lift`; kept on the screen, whatever the pointer's place. */
  place(press, x, y) {
    const { width, height } = press.size;
    const { clientWidth, clientHeight } = document.documentElement;
    const left = clamp(x - width / 2, clientWidth - width);
    const top = clamp(y - press.lift - height / 2, clientHeight - height);
    press.ghost.style.transform = `translate(${left}px, ${top}px)`;
  }

  begin(press, event) {
    const { source } = press;
    const rect = source.getBoundingClientRect();
    const ghost = document.createElement("div");
    ghost.className = `peca peca-arrastada${source.classList.contains("peca-branca") ? " peca-branca" : ""}`;
    ghost.setAttribute("aria-hidden", "true");
    ghost.style.width = `${rect.width}px`;
    ghost.style.height = `${rect.height}px`;
    for (const part of source.querySelectorAll(".letra, .valor")) ghost.append(part.cloneNode(true), " ");
    document.body.append(ghost);
    press.ghost = ghost;
    press.size = { width: rect.width, height: rect.height };
    press.lift = event.pointerType === "touch" ? rect.height + LIFT_GAP : 0;
    source.classList.add("a-arrastar");
    source.setPointerCapture?.(event.pointerId);
  }

  /** What a drop at (x, y) would do: `{square}` a free square, `{slot}` a place in the hand, or null. */
  dropAt(x, y) {
    const under = document.elementFromPoint(x, y);
    const square = under?.closest?.("#tabuleiro [data-square]");
    if (square) {
      const free = !square.classList.contains("ocupada") && !square.classList.contains("pendente");
      return free ? { element: square, square: square.dataset.square } : null;
    }
    const hand = under?.closest?.("#mao");
    if (!hand) return null;
    const others = [...hand.querySelectorAll("[data-tile]")].filter((tile) => tile !== this.press.source);
    const centres = others.map((tile) => { const r = tile.getBoundingClientRect(); return r.left + r.width / 2; });
    const slot = slotAt(centres, x);
    return { element: others[slot] ?? others.at(-1) ?? hand, slot, after: slot === others.length };
  }

  mark(target) {
    const press = this.press;
    if (press.mark) press.mark.classList.remove("alvo-arrasto", "alvo-fim");
    press.mark = target?.element ?? null;
    if (press.mark) press.mark.classList.add(target.after ? "alvo-fim" : "alvo-arrasto");
  }

  up(event) {
    if (this.press && event.pointerId === this.press.id) this.end(event, true);
  }

  /** Ends the press; a drag dropped on a target becomes an intent, and the click it leaves is swallowed. */
  end(event, drop) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    const target = press.ghost && drop ? this.dropAt(event.clientX, event.clientY) : null;
    if (press.ghost) {
      this.mark(null);
      press.ghost.remove();
      press.source.classList.remove("a-arrastar");
      this.swallowClick = true;
      setTimeout(() => { this.swallowClick = false; }, 0); // a touch drag leaves no click behind
    }
    this.press = null;
    if (target) this.dispatch(press.source, target);
  }

  dispatch(source, target) {
    const { intents } = this;
    if (source.dataset.tile !== undefined) {
      const id = Number(source.dataset.tile);
      if (target.square) intents.dropTile(id, target.square);
      else intents.arrange(id, target.slot);
    } else if (target.square) {
      intents.movePending(source.dataset.square, target.square);
    } else {
      intents.returnPending(source.dataset.square, target.slot);
    }
  }
}
