// The chosen computer opponent during a run (the game page and Treino): a button under the
// helps that says where it stood after as many turns (plays and passes) as the player has
// made, «Veterano: 2.º andar, 48» (once the run is over, where its whole run got, as the end
// screen says), and opens the choice of opponent. Its standings come from the analysis worker
// as numbers only (kind "standings"): the page never has the opponent's letters or words
// before the run ends. It lives in run_end.js's chunk with the worker's client: the page's
// OpponentSlot (opponent_slot.js) makes it at the player's first action, when the standings
// are asked for, or at once when a resumed run has turns, so a first visit fetches none of it.
// A climb is said in a polite live region of its own.

import { el } from "../shared/dialogs.js";
import { OPPONENT_LEVELS } from "../../engine/opponent_levels.js";
import { opponentName } from "../shared/labels.js";
import { chooseOpponent, chosenOpponent } from "../shared/opponent_choice.js";
import { START, climbText, climbed, standingAfter, standingText } from "./opponent_line_text.js";

/** Each level in one line, as Como jogar says it at more length («Os adversários»). */
const WHAT_THEY_DO = {
  caloiro: "o mais fraco: em cada jogada, sorteia uma das jogadas possíveis com palavras comuns.",
  doutor: "o do meio: duas vezes em cada três, faz a jogada com palavras comuns que dá mais pontos.",
  dux: "o mais forte: faz sempre a jogada com palavras comuns que dá mais pontos, escolhe os trunfos por uma ordem fixa, "
    + "usa uma ajuda quando essa jogada não chega para subir e troca peças quando não tem jogada.",
};

export class OpponentLine {
  /**
   * `box`: <div id="adversario"> (its button, its text, its live region); `storage`, `dialogs`: the page's. A tap
   * on the button is OpponentSlot's, which calls choose().
   */
  constructor(box, storage, dialogs) {
    this.box = box;
    this.storage = storage;
    this.dialogs = dialogs;
    this.level = chosenOpponent(storage);
    this.text = box.querySelector("#adversario-texto");
    this.news = box.querySelector("#adversario-novidade");
    this.reset(0, null);
  }

  reset(turns, ask) {
    this.turns = turns;
    this.over = false;
    this.ask = ask;
    this.asked = null;
    this.standings = null;
    this.unavailable = false;
    this.shown = null;
  }

  /**
   * A tower shown, with `turns` already made (`over`: its run has ended); `ask()` is a promise
   * of the worker's standings.
   */
  follow(turns, over, ask) {
    this.reset(turns, ask);
    this.over = over;
    this.news.textContent = "";
    if (turns > 0 || over) this.fetch();
    this.draw();
    this.box.hidden = false;
  }

  /** After any action of the run: the line follows the player's turns; `over`, the run has ended. */
  turned(turns, over) {
    if (over && !this.over) this.shown = null; // its whole run, as the end screen will say it: no climb to announce
    this.turns = turns;
    this.over = over;
    this.fetch();
    this.draw();
  }

  fetch() {
    if (this.asked || !this.ask) return;
    const asked = this.ask();
    this.asked = asked;
    asked.then((standings) => {
      if (this.asked !== asked) return; // another tower since
      this.standings = standings;
      this.draw();
    }, (error) => {
      if (this.asked !== asked) return;
      this.unavailable = true;
      this.draw();
      console.error(error?.detail ?? error);
    });
  }

  /** The line as it stands; a climb since the last standing shown is said once. */
  draw() {
    const list = this.standings?.[this.level];
    const turns = this.over ? Infinity : this.turns;
    const standing = list ? standingAfter(list, turns) : this.turns === 0 && !this.over ? START : null;
    this.text.textContent = standingText(this.level, standing, this.unavailable);
    if (climbed(this.shown, standing)) this.sayNews(climbText(this.level, standing));
    if (standing) this.shown = standing;
  }

  /**
   * Said once the action that brought it has run (a climb opens the trunfo dialog right after), or,
   * behind a modal dialog (a screen reader reads only the dialog), once it closes.
   */
  sayNews(text) {
    queueMicrotask(() => {
      const dialog = this.dialogs?.dialog;
      if (dialog?.open && dialog.matches(":modal")) dialog.addEventListener("close", () => { this.news.textContent = text; }, { once: true });
      else this.news.textContent = text;
    });
  }

  /**
   * The chosen opponent's whole run as numbers, `{level, floor, total, won}`, once its standings
   * are here (asked now if they were not yet); null when they cannot be had.
   */
  finalStanding() {
    this.fetch();
    const level = this.level;
    return this.asked ? this.asked.then((standings) => ({ level, ...standings[level].at(-1) }), () => null) : Promise.resolve(null);
  }

  /** The choice of opponent, in the page's dialog; remembered on the device. */
  async choose() {
    if (this.dialogs.isOpen) return;
    const body = [
      el("p", { text: `Agora joga contra o ${opponentName(this.level)}. O botão «Adversário» diz onde ele estava depois de `
        + "tantas jogadas como as que já fez; as letras e as palavras dele só se veem no fim da corrida." }),
      el("ul", {}, OPPONENT_LEVELS.map((level) => el("li", {}, [el("strong", { text: opponentName(level) }), ` — ${WHAT_THEY_DO[level]}`]))),
    ];
    const buttons = OPPONENT_LEVELS.map((level) => ({ text: opponentName(level), value: level, kind: level === this.level ? "principal" : "" }));
    const level = await this.dialogs.ask("Escolha o adversário", body, buttons, { kind: "adversario" });
    if (!level) return;
    chooseOpponent(this.storage, level);
    this.level = level;
    this.shown = null; // another opponent: no climb to say
    this.news.textContent = "";
    this.draw();
  }
}
