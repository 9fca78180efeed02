// Taps and clicks → intents, by delegation: a board square, a hand tile, a
// control button (data-action) or a help (data-help). Click events serve
// mouse, touch and keyboard-activated buttons alike.

export class PointerInput {
  /** `intents` has square(name), tile(id), action(name), help(id). */
  constructor(root, intents) {
    root.addEventListener("click", (event) => {
      const target = event.target.closest("[data-square], [data-tile], [data-action], [data-help]");
      if (!target || !root.contains(target) || target.disabled) return;
      if (target.closest("dialog")) return;
      const { square, tile, action, help } = target.dataset;
      if (square) intents.square(square);
      else if (tile !== undefined) intents.tile(Number(tile));
      else if (action) intents.action(action);
      else if (help) intents.help(help);
    });
  }
}
