// The page's controller: holds the run's state and the action log, turns intents
// (keys, taps, buttons) into engine actions, saves after every action, announces the
// engine's events (game_text.js says them) and asks the view to redraw. Placing tiles is
// its base class's (placement.js). It never decides a rule: every change of the run goes
// through engine.apply.

import { focusPoint, returnFocus } from "../shared/focus.js";
import { DAMAGED_LIST, LoadError } from "../shared/loader.js";
import { problem, problemNodes } from "../shared/problem.js";
import { byId, helpEffect } from "../shared/labels.js";
import { asideSentence } from "../shared/storage.js";
import { lineStart } from "./cursor.js";
import { climbNews, eventLine, lastPlayWarning, passWarning, progressLine } from "./game_text.js";
import { Placement } from "./placement.js";
import { peekText } from "./status_view.js";
import { TAKEN_UP, newerSave } from "./newer_save.js";

// A block of the word list found damaged when first read (dawg.js): not the save's fault.
const isDamagedList = (error) => error?.name === "DawgFormatError";

/** The run store of a run played without saving (a save that could not be copied aside stays as it was). */
const NOT_SAVED = { loadRun: () => ({ status: "none" }), saveRun: () => true, clearRun: () => true, keepAside: () => false };

export class Game extends Placement {
  /**
   * `deps`: engine, wordsReady (a promise of the word checker), constants, day, date,
   * storage, view, announcer, dialogs, onEnd(state), onFail(error), optionally onAction(action,
   * state) and onSaveRefused() (the browser refused a save); towerName ("a torre de 30/11/2026") for a past day.
   */
  constructor(deps) {
    super();
    Object.assign(this, deps);
    this.words = null; // until wordsReady settles: the board plays, previews and plays wait
    this.playQueued = false;
    this.state = null;
    this.actions = [];
    this.lastEvents = null; // the last action's events: the trunfo dialog repeats the play that climbed
    this.said = ""; // what the last action said: the end screen repeats the play that ended the run
    this.hint = null; // a suggestion shown (practice): {squares, tiles}, see suggestion.js
  }

  /** Shows (or with null hides) a suggested play on the board and in the hand; nothing is placed. */
  setHint(hint) {
    this.hint = hint;
    this.render();
  }

  /**
   * A new run, or the saved one replayed; resolves once the page shows it. A saved
   * run needs the word list to be replayed; a new one is shown without waiting for it.
   */
  async begin() {
    const save = this.storage.loadRun(this.date);
    const wordsArrive = this.wordsReady.then((words) => {
      this.words = words;
      if (!this.retired && this.state) this.render();
      return words;
    });
    if (save.status === "ok") {
      await wordsArrive;
      const restored = this.restore(save.actions);
      if (restored.ok) {
        this.state = restored.state;
        this.actions = save.actions.slice();
      } else {
        await this.offerRestart(restored.reason);
      }
    } else {
      wordsArrive.catch((error) => this.onFail(error));
      if (save.status === "corrupt") await this.offerRestart(save.reason);
    }
    if (!this.state) this.state = this.engine.newRun(this.day, this.constants);
    this.afterChange();
  }

  restore(actions) {
    try {
      const result = this.engine.replay(this.day, this.constants, actions, this.words);
      if (result.ok) return result;
      const why = result.message.replace(/\.$/, "");
      return { ok: false, reason: `a ação n.º ${result.index + 1} da corrida guardada foi recusada: «${why}»` };
    } catch (error) {
      // A damaged word list is not the save's fault: say so and keep the save.
      if (isDamagedList(error)) throw new LoadError(DAMAGED_LIST, error);
      return { ok: false, reason: "a corrida guardada tem ações desconhecidas" };
    }
  }

  /**
   * A save that cannot be resumed: copied aside (said whether it could be), then «Recomeçar».
   * `reason` (which action was refused, what is unreadable) is for a developer: under «Detalhes».
   */
  async offerRestart(reason) {
    const kept = this.storage.keepAside?.(this.date) ?? false;
    const tower = this.towerName ?? "a torre de hoje";
    const next = kept ? `Pode recomeçar ${tower}.` : `Pode jogar ${tower} nesta página, mas o que jogar não fica guardado `
      + "enquanto não libertar espaço nas definições do navegador.";
    const said = problem(`A corrida guardada neste aparelho não pode ser retomada. ${asideSentence(kept)} ${next}`, reason);
    await this.dialogs.ask("Não foi possível retomar a corrida", problemNodes(said),
      [{ text: kept ? `Recomeçar ${tower}` : "Jogar sem guardar", value: true, kind: "principal" }], { cancellable: false });
    // Not copied, the save stays as it is (storage.js would refuse to remove it) and this run is not saved: the player was told.
    if (kept) this.storage.clearRun(this.date);
    else this.storage = NOT_SAVED;
    this.actions = [];
  }

  /**
   * Another tab saved this run further on: this tab takes its save up (so its older state never
   * overwrites it) and says so. True when it did; a save it cannot replay is left as it is.
   */
  takeUpNewer() {
    if (this.retired || !this.words || !this.state) return false;
    const save = newerSave(this.storage, this.date, this.actions);
    let restored = null;
    try {
      restored = save && this.restore(save.actions);
    } catch {
      return false; // a damaged word list: said when the player next plays
    }
    if (!restored?.ok) return false;
    Object.assign(this, { state: restored.state, actions: save.actions.slice(), lastEvents: null, said: "", hint: null, selected: null });
    this.announcer.say(TAKEN_UP);
    this.afterChange();
    return true;
  }

  /** Applies one action; on success saves the log, announces and redraws. False when refused. */
  act(action) {
    if (this.retired) return false; // a new day has replaced this run
    if (this.takeUpNewer()) return false; // the player acts again on the state as it now is
    let result;
    try {
      result = this.engine.apply(this.state, action, this.words);
    } catch (error) {
      this.sayFailure(error);
      return false;
    }
    if (!result.ok) {
      this.announcer.say(result.message, "erro");
      return false;
    }
    const before = this.state;
    this.state = result.state;
    this.lastEvents = result.events;
    this.hint = null; // a suggestion fits the position it was made for only
    this.actions.push(action);
    if (!this.storage.saveRun(this.date, this.actions)) this.onSaveRefused?.(); // the run goes on in memory
    this.announceEvents(result.events, progressLine(action, before, this.state, result.events));
    this.onAction?.(action, this.state); // the first-visit guide follows the play
    return true;
  }

  /** Says the events and then `more` (progressLine); `this.said` keeps it for a dialog that opens on it (the end). */
  announceEvents(events, more = "") {
    const lines = events.map((event) => eventLine(event, this.constants)).filter(Boolean);
    this.said = [...lines, more].filter(Boolean).join(" ");
    const tone = events.some((e) => e.type === "rejected") ? "erro" : "info";
    if (lines.length) this.announcer.say(lines.join(" "), tone, more);
    else if (more) this.announcer.say(more, tone); // «Baralhar»: only the new order, shown too
  }

  /** What the last action said, once: the end screen opens on the play that ended the run, not again when reopened. */
  takeSaid() {
    const said = this.said;
    this.said = "";
    return said;
  }

  /** An error the engine threw: a damaged block of the word list is found when first read (dawg.js). */
  sayFailure(error) {
    this.announcer.say(isDamagedList(error) ? DAMAGED_LIST : "Aconteceu um erro inesperado; recarregue a página.", "erro");
    console.error(error);
  }

  render() {
    const state = this.state;
    const judging = state.phase === "play" && state.pending.length > 0;
    let preview = null;
    try {
      preview = judging && this.words ? this.engine.preview(state, this.words) : null;
    } catch (error) {
      this.sayFailure(error);
    }
    this.view.render(state, { cursor: this.cursor, direction: this.direction, selected: this.selected, preview,
      wordsPending: judging && !this.words, hint: this.hint });
  }

  /** After every change: redraw, then ask for a trunfo or close the run when the phase says so. */
  async afterChange() {
    this.render();
    const { phase } = this.state;
    if (phase === "trunfo" && !this.dialogs.isOpen) {
      const news = climbNews(this.state, this.lastEvents, this.constants);
      const id = await this.dialogs.chooseTrunfo(this.state.offer, this.constants, this.state.floor, news);
      if (this.retired) return;
      this.act({ type: "chooseTrunfo", id });
      this.afterChange(); // asks again if the choice was refused
    } else if (phase === "won" || phase === "lost") {
      this.onEnd(this.state);
    }
  }

  /** A run begun (at least one action) and not yet ended: what midnight must not take away. */
  underWay() {
    return this.inPlay() && this.actions.length > 0;
  }

  inPlay() {
    return this.state && this.state.phase === "play";
  }

  async play() {
    if (!this.inPlay()) return;
    if (!this.words) {
      this.playWhenWordsArrive();
      return;
    }
    let warning = null;
    try {
      warning = lastPlayWarning(this.state, this.engine.preview(this.state, this.words), this.constants);
    } catch { /* the play itself says what went wrong */ }
    if (warning && !(await this.dialogs.confirm("Jogar e acabar a corrida?", warning, "Jogar"))) return;
    if (!this.inPlay() || this.retired) return;
    const line = lineStart(this.state, this.direction);
    if (this.act({ type: "play" })) {
      if (this.lastEvents[0]?.type === "rejected") {
        this.typeAgainFrom(line); // the tiles are back in the hand
        return;
      }
      if (this.cursor) this.lastCursor = this.cursor;
      this.cursor = null;
      this.selected = null;
      this.afterChange();
    } else {
      this.render();
    }
  }

  /** Jogar before the word list is here: the play is judged as soon as it arrives. */
  playWhenWordsArrive() {
    if (this.playQueued || !this.state.pending.length) return;
    this.playQueued = true;
    this.announcer.say("A lista de palavras ainda está a chegar: a jogada conta logo que chegue.");
    this.wordsReady.then(() => {
      this.playQueued = false;
      if (!this.retired) this.play();
    }, () => { this.playQueued = false; });
  }

  async action(name) {
    if (!this.inPlay()) return;
    if (name === "jogar") this.play();
    else if (name === "desfazer") this.recallAll();
    else if (name === "baralhar") { if (this.act({ type: "shuffle" })) this.render(); }
    else if (name === "trocar") await this.exchange();
    else if (name === "passar") await this.pass();
  }

  async exchange() {
    if (this.state.pending.length) this.recallAll();
    if (this.state.exchangesLeft <= 0) {
      this.announcer.say(this.engine.messageOf("no_exchanges"), "erro");
      return;
    }
    const ids = await this.dialogs.chooseExchange(this.state.hand, this.state.exchangesLeft);
    if (ids && this.act({ type: "exchange", tiles: ids })) this.afterChange();
  }

  async pass() {
    const ok = await this.dialogs.confirm("Passar a vez?", passWarning(this.state, this.constants), "Passar");
    if (ok && this.act({ type: "pass" })) {
      this.cursor = null;
      this.afterChange();
    }
  }

  /** Uses a help; its button goes away, so focus moves to the next help or the board. */
  help(id) {
    if (!this.inPlay()) return;
    const help = byId(this.constants.helps, id);
    const point = focusPoint();
    if (this.act({ type: "useHelp", id })) {
      const seen = id === "espreitar" ? ` ${peekText(this.state.peek)}` : "";
      this.announcer.say(`Usou a ajuda «${help.name}». ${helpEffect(help)}${seen}`);
      this.afterChange();
      if (point.zone || !point.element) returnFocus(point, this.view.boardFocus());
    }
  }

  /** Keys 1…n: the help of that number in the rules' order, if the player holds it. */
  helpKey(number) {
    if (!this.inPlay()) return;
    const help = this.constants.helps[number - 1];
    if (!help) return;
    if (!this.state.helps.includes(help.id)) {
      this.announcer.say(`Não tem a ajuda «${help.name}».`, "erro");
      return;
    }
    this.help(help.id);
  }
}
