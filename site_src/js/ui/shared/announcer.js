// The aria-live region: scores, errors and floor changes read out to screen
// reader users, and shown to everyone where the eye is: on a phone a toast
// over the top of the page (game.css) that fades after a while; on a wide
// screen a status line beside the board that stays.

const BASE_MS = 3500;
const PER_CHAR_MS = 45;
const ERROR_EXTRA_MS = 1500;
const MAX_MS = 10000;

/** How long a message stays visible: longer texts and errors stay longer. */
export function visibleFor(text, tone) {
  return Math.min(MAX_MS, BASE_MS + text.length * PER_CHAR_MS + (tone === "erro" ? ERROR_EXTRA_MS : 0));
}

/** `text` without its emoji (and the space after each). */
export function withoutEmoji(text) {
  return text.replace(/(?:\p{Extended_Pictographic}|\p{Regional_Indicator})[\uFE0F\u200D]*\s?/gu, "").trim();
}

export class Announcer {
  /** `place()`, when given, moves the shown message out of the way of what it must not cover. */
  constructor(element, timers = globalThis, place = null) {
    this.element = element;
    this.timers = timers;
    this.timer = null;
    this.place = place;
  }

  /**
   * Replaces the message; the same text twice in a row still changes, so it is read again. Emoji
   * are left out: a screen reader reads them aloud by name («Trunfo: 🎉 Latada.», issue 40 item 6).
   * `more` is read after it and not shown (where the floor stands, the tiles drawn: the panel and
   * the hand show them), so that the toast stays small enough to keep off the board.
   */
  say(said, tone = "info", more = "") {
    const text = withoutEmoji(said);
    const extra = withoutEmoji(more);
    this.element.dataset.tone = tone;
    const now = this.element.textContent;
    const same = now.replace(/\u00a0$/, "") === (extra ? `${text} ${extra}` : text);
    const mark = same && !now.endsWith("\u00a0") ? "\u00a0" : "";
    if (!extra) this.element.textContent = `${text}${mark}`;
    else {
      const unseen = this.element.ownerDocument.createElement("span");
      unseen.className = "so-leitor";
      unseen.textContent = ` ${extra}${mark}`;
      this.element.replaceChildren(text, unseen);
    }
    this.element.classList.add("visivel");
    this.place?.();
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => this.element.classList.remove("visivel"), visibleFor(text, tone));
  }
}
