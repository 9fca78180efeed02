// Keyboard → intents. Arrows move the cursor (on a hand tile, Left and Right go along the hand), letters place tiles, Enter plays,
// Backspace takes the last tile back, Escape recalls all (from a button: back to the board) (RULES.md "Controls");
// Space turns the direction, the keyboard's twin of tapping the cursor square again;
// the digits use the helps, numbered in the rules' order (constantes.json).
// Keys are left alone while a dialog is open or a form field or button has them.

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** "á" → "A", "ç" → "Ç", "c" → "C"; null for anything that is not a letter. */
export function typedLetter(key) {
  if (key.length !== 1) return null;
  const upper = key.toLocaleUpperCase("pt-PT");
  if (upper === "Ç") return "Ç";
  const folded = upper.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return /^[A-Z]$/.test(folded) ? folded : null;
}

export class KeyboardInput {
  /**
   * `intents` has move(dx, dy), letter(L), play(), back(), recallAll(), toBoard(), turn(), helpKey(n),
   * stepHand(tile, ±1) (Left and Right on a hand tile: the hand is one Tab stop);
   * `isBusy()` says a dialog is open.
   */
  constructor(target, intents, isBusy) {
    target.addEventListener("keydown", (event) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isBusy()) return;
      const field = event.target.closest?.("input, textarea, select");
      if (field) return;
      const onButton = event.target.closest?.("button, a");
      const handled = this.dispatch(event.key, intents, Boolean(onButton), event.target.closest?.("#mao .peca"));
      if (handled) event.preventDefault();
    });
  }

  /** `tile`: the hand tile that has the focus, if any (Left and Right then go along the hand). */
  dispatch(key, intents, onButton, tile = null) {
    if (tile && (key === "ArrowLeft" || key === "ArrowRight")) {
      intents.stepHand(tile, key === "ArrowLeft" ? -1 : 1);
      return true;
    }
    if (key in ARROWS) {
      intents.move(...ARROWS[key]);
      return true;
    }
    // On a focused button, Enter activates that button, as everywhere else.
    if (key === "Enter" && !onButton) { intents.play(); return true; }
    if (key === " " && !onButton) { intents.turn(); return true; }
    if (key === "Backspace") { intents.back(); return true; }
    // Escape recalls the tiles put down; from a button or a hand tile it goes back to the board instead.
    if (key === "Escape") { if (onButton) intents.toBoard(); else intents.recallAll(); return true; }
    if (/^[1-9]$/.test(key)) { intents.helpKey(Number(key)); return true; }
    const letter = typedLetter(key);
    if (letter) { intents.letter(letter); return true; }
    return false;
  }
}
