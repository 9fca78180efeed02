// Where the message toast goes (a fixed box on phones, game.css): never over the
// floor/points panel. Left where game.css puts it unless it would cover the panel;
// then just under the panel. Placed again when the page scrolls while it shows.

const GAP = 4; // px between the panel and the toast

const overlaps = (a, b) => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/** Moves `toast` off `panel` when they overlap; a toast that is not fixed (a status line) is left alone. */
function placeToast(toast, panel) {
  toast.style.top = "";
  toast.style.bottom = "";
  if (!panel || getComputedStyle(toast).position !== "fixed") return;
  const box = panel.getBoundingClientRect();
  if (!overlaps(toast.getBoundingClientRect(), box)) return;
  toast.style.top = `${Math.round(box.bottom + GAP)}px`;
  toast.style.bottom = "auto";
}

/** Keeps the toast off the panel: now, and on every scroll or resize while it shows. */
export function toastPlacer(toast, panel) {
  const place = () => placeToast(toast, panel);
  const again = () => { if (toast.classList.contains("visivel")) place(); };
  addEventListener("scroll", again, { passive: true });
  addEventListener("resize", again);
  return place;
}
