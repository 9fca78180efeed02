// The aria-live region: scores, errors and floor changes read out to screen
// reader users (and shown as a status line to everyone).

export class Announcer {
  constructor(element) {
    this.element = element;
  }

  /** Replaces the message; the same text twice in a row is still announced. */
  say(text, tone = "info") {
    this.element.dataset.tone = tone;
    this.element.textContent = "";
    // A new text node is what live regions notice; the empty step forces a change.
    requestAnimationFrame(() => { this.element.textContent = text; });
  }
}
