// The browser's pieces every page script wires in: storage that may be blocked, and
// the mark /boot.js looks for to know the page's script ran.

/** localStorage, or null when the browser blocks it: the pages still work, without saving. */
export function safeLocalStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Every module loaded and the page started: /boot.js, which checks this mark, stays quiet. */
export function markStarted() {
  document.documentElement.dataset.jogo = "iniciado";
}
