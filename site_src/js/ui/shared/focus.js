// Where keyboard focus goes back to after a dialog closes or a help button
// disappears: the element the player was on, or, when a redraw replaced it,
// the first control of the same zone (data-zona: board, hand, buttons, helps),
// so focus never falls to <body> and a keyboard player never starts over.

const FOCUSABLE = "[tabindex='0'], button:not([disabled])";

/** The focused element and the zone it sits in, taken before something may remove it. */
export function focusPoint(doc = document) {
  const element = doc.activeElement;
  const inPage = element && element !== doc.body;
  return { element: inPage ? element : null, zone: inPage ? element.closest("[data-zona]") : null };
}

/** Focuses `point`'s element if it is still on the page, else its zone's first control, else `fallback`. */
export function returnFocus(point, fallback = null) {
  const { element, zone } = point;
  if (element && element.isConnected && !element.disabled) {
    element.focus();
    return;
  }
  const target = (zone && zone.isConnected && zone.querySelector(FOCUSABLE)) || fallback;
  target?.focus();
}
