// Where the message toast goes (a fixed box on phones, game.css): always in view and
// never over what the player needs — the header's links, the floor/points panel, the
// board, the hand, the buttons, the first-visit guide. Left where game.css puts it when
// that covers none of them; else the nearest place right under or over one of them that
// covers none; on a phone whose window they fill (upright, the page at its top), over the
// preview line, which says the same kind of thing. Placed again when the page scrolls or
// the window changes while it shows.

const GAP = 4; // px between the toast and what it is kept off

const overlaps = (a, b) => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/** The toast's top: where game.css puts it when that is clear, else the nearest clear place, else over `lastResort`. */
function clearTop(toast, avoid, lastResort) {
  const t = toast.getBoundingClientRect();
  const rects = avoid.map((e) => e.getBoundingClientRect()).filter((r) => r.width && r.height);
  const clear = (top) => top >= 0 && top + t.height <= innerHeight &&
    rects.every((r) => !overlaps({ top, bottom: top + t.height, left: t.left, right: t.right }, r));
  if (clear(t.top)) return null;
  const near = rects.flatMap((r) => [r.bottom + GAP, r.top - GAP - t.height]).filter(clear)
    .sort((a, b) => Math.abs(a - t.top) - Math.abs(b - t.top));
  return near[0] ?? lastResort?.getBoundingClientRect().top ?? null;
}

/** Moves `toast` off what `avoid` lists; a toast that is not fixed (a status line) is left alone. */
function placeToast(toast, avoid, lastResort) {
  toast.style.top = "";
  toast.style.bottom = "";
  if (getComputedStyle(toast).position !== "fixed") return;
  const top = clearTop(toast, avoid, lastResort);
  if (top === null) return;
  toast.style.top = `${Math.round(top)}px`;
  toast.style.bottom = "auto";
}

/**
 * Keeps the toast off what `avoid()` returns (elements; one hidden or closed takes no room) and
 * over `lastResort` when nothing is clear, while it shows: when called (a message, or something
 * it avoids moved), on every scroll or resize, and whenever one of `watched` changes size (the
 * panel grows a line after a message was placed, moving the board under it; `onLayout` is told then too).
 */
export function toastPlacer(toast, avoid, lastResort = null, watched = [], onLayout = () => {}) {
  const place = () => { if (toast.classList.contains("visivel")) placeToast(toast, avoid().filter(Boolean), lastResort); };
  addEventListener("scroll", place, { passive: true });
  addEventListener("resize", place);
  if (typeof ResizeObserver === "function") {
    // `onLayout`: told too, for what places itself off a message (the guide, when the message is a line of the page).
    const observer = new ResizeObserver(() => { place(); onLayout(); });
    for (const element of watched.filter(Boolean)) observer.observe(element);
  }
  return place;
}
