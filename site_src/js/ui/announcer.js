// The aria-live region: scores, errors and floor changes read out to screen
// reader users (and shown as a status line to everyone).

export class Announcer {
  constructor(element) {
    this.element = element;
  }

  /** Replaces the message; the same text twice in a row still changes, so it is read again. */
  say(text, tone = "info") {
    this.element.dataset.tone = tone;
    const same = this.element.textContent.replace(/\u00a0$/, "") === text;
    this.element.textContent = same && !this.element.textContent.endsWith("\u00a0") ? `${text}\u00a0` : text;
  }
}
