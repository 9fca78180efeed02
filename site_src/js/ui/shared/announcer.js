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

export class Announcer {
  /** `place()`, when given, moves the shown message out of the way of what it must not cover. */
  constructor(element, timers = globalThis, place = null) {
    this.element = element;
    this.timers = timers;
    this.timer = null;
    this.place = place;
  }

  /** Replaces the message; the same text twice in a row still changes, so it is read again. */
  say(text, tone = "info") {
    this.element.dataset.tone = tone;
    const same = this.element.textContent.replace(/\u00a0$/, "") === text;
    this.element.textContent = same && !this.element.textContent.endsWith("\u00a0") ? `${text}\u00a0` : text;
    this.element.classList.add("visivel");
    this.place?.();
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => this.element.classList.remove("visivel"), visibleFor(text, tone));
  }
}
