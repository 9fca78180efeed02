// The chosen opponent's place on the page (<div id="adversario">) until its line is loaded. The
// line itself (opponent_line.js: its texts, its standings, the choice of opponent) is in
// run_end.js's chunk, loaded at the player's first action, when the standings are asked for
// anyway, or at once for a run that already has turns: a first visit carries none of it. Until
// then the button names the chosen opponent, and a tap on it loads the line to open the choice.

import { opponentName } from "../shared/labels.js";
import { chosenOpponent } from "../shared/opponent_choice.js";

export class OpponentSlot {
  /** `load(tapped)`: a promise of run_end.js, or of null when it cannot be had (said by the page when `tapped`). */
  constructor(box, storage, dialogs, load) {
    Object.assign(this, { box, storage, dialogs, load });
    this.line = null;
    this.loading = null;
    this.run = null; // the tower shown: {turns, over, ask} when shown, `now` as it stands
    box.querySelector("#adversario-texto").textContent = opponentName(chosenOpponent(storage));
    box.querySelector("button").addEventListener("click", () => this.ready(true).then((line) => line?.choose()));
  }

  /** The line, made once its chunk is in and caught up with the run; a load that fails is tried again next time. */
  ready(tapped = false) {
    this.loading ??= this.load(tapped).then((end) => {
      if (!end) {
        this.loading = null;
        return null;
      }
      this.line ??= new end.OpponentLine(this.box, this.storage, this.dialogs);
      if (this.run) this.catchUp(this.run);
      return this.line;
    });
    return this.loading;
  }

  /** As if the line had been there all along: the tower as shown, then its turns since (a climb then is said). */
  catchUp({ turns, over, ask, now }) {
    this.line.follow(turns, over, ask);
    if (now.turns !== turns || now.over !== over) this.line.turned(now.turns, now.over);
  }

  /** A tower shown, with `turns` already made (`over`: its run has ended); `ask()` is a promise of the standings. */
  follow(turns, over, ask) {
    this.run = { turns, over, ask, now: { turns, over } };
    if (this.line) this.line.follow(turns, over, ask);
    else if (turns > 0 || over) this.ready();
  }

  /** After any action of the run (the first one loads the line). */
  turned(turns, over) {
    if (!this.run) return;
    this.run.now = { turns, over };
    if (this.line) this.line.turned(turns, over);
    else this.ready();
  }

  /** The chosen opponent's whole run as numbers (OpponentLine.finalStanding), or null without its line. */
  finalStanding() {
    return this.line ? this.line.finalStanding() : Promise.resolve(null);
  }
}
