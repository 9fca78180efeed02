// What the screen is played with, so the page names the right gestures: a
// touch-only screen (no mouse, trackpad or pen) reads "toque" and shows no key
// hints; any other reads "clique" and shows them. Read live: a tablet that
// gains a mouse changes its words at the next redraw.

const FINE = typeof matchMedia === "function" ? matchMedia("(any-pointer: fine)") : null;
const COARSE = typeof matchMedia === "function" ? matchMedia("(any-pointer: coarse)") : null;

/** True on a screen played by touch alone. */
export function touchOnly() {
  return Boolean(COARSE?.matches && !FINE?.matches);
}

/** Marks the page (class "so-toque" on <html>) so game.css hides the key hints, now and when it changes. */
export function markDevice(root = document.documentElement) {
  const mark = () => root.classList.toggle("so-toque", touchOnly());
  mark();
  FINE?.addEventListener?.("change", mark);
  COARSE?.addEventListener?.("change", mark);
}
