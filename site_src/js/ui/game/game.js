// The page's controller: holds the run's state and the action log, turns
// intents (keys, taps, buttons) into engine actions, saves after every action,
// announces the engine's events and asks the view to redraw. It never decides
// a rule: every change of the run goes through engine.apply.

import { focusPoint, returnFocus } from "../shared/focus.js";
import { DAMAGED_LIST, LoadError } from "../shared/loader.js";
import { asideSentence } from "../shared/storage.js";
import { advance, freeSquareFrom, isTaken, letterOn, nextSquare, offset, sameLetter, tileForLetter, typingSquare } from "./cursor.js";
import { byId, counted, helpEffect, ordinal, points, trunfoLabel } from "../shared/labels.js";
import { invalidWordsText, peekText } from "./status_view.js";
import { TAKEN_UP, newerSave } from "./newer_save.js";

const DEFAULT_CURSOR = "D3";

/** What passing costs, said before the player confirms: the last play ends the run. */
export function passWarning(state, constants) {
  const left = state.playsLeft - 1;
  if (left > 0) return `Passar gasta uma jogada sem pontos (fica com ${counted(left, "jogada", "jogadas")} neste andar).`;
  const extra = state.helps.includes("jogada") ? ` Ainda tem a ajuda «${byId(constants.helps, "jogada").name}»: use-a antes.` : "";
  return `É a última jogada deste andar: se passar, a corrida acaba aqui.${extra}`;
}

/**
 * What a short last play costs, said before it is made: the preview's points miss the
 * target on the floor's last play, so the run would end, while a help the player holds
 * could change that (one more play; Dobro when doubling the points reaches the target).
 * Null when there is nothing to warn of.
 */
export function lastPlayWarning(state, preview, constants) {
  if (state.phase !== "play" || state.playsLeft !== 1 || !preview?.ok) return null;
  const missing = state.target - state.floorScore;
  if (preview.points >= missing) return null;
  const helps = [];
  if (state.helps.includes("jogada")) helps.push(byId(constants.helps, "jogada").name);
  if (state.helps.includes("dobro") && !state.dobro && preview.points * 2 >= missing) helps.push(byId(constants.helps, "dobro").name);
  if (!helps.length) return null;
  const still = helps.length === 1 ? `Ainda tem a ajuda «${helps[0]}»: use-a antes.`
    : `Ainda tem as ajudas «${helps[0]}» e «${helps[1]}»: use uma delas antes.`;
  return `Esta jogada não chega ao alvo e é a última deste andar: se jogar, a corrida acaba aqui. ${still}`;
}

/** What one engine event says to the player, or null for the silent ones. */
export function eventLine(event, constants) {
  switch (event.type) {
    case "played": return `${event.words.map((w) => w.word).join(", ")}: ${points(event.points)}.`;
    case "rejected": return `A jogada não conta. ${invalidWordsText(event.invalidWords)}.`;
    case "climbed": return `Subiu ao ${ordinal(event.floor + 1)} andar! Escolha um trunfo.`;
    case "helpEarned": {
      const name = byId(constants.helps, event.id).name;
      return event.kept ? `Ganhou a ajuda «${name}».` : `Ganhou a ajuda «${name}», mas já tem ${constants.help_capacity}: perdeu-se.`;
    }
    case "trunfo": return `Trunfo: ${trunfoLabel(byId(constants.trunfos, event.id))}.`;
    case "won": return "Subiu a torre toda!";
    case "lost": return "Acabaram-se as jogadas sem chegar ao alvo: fim da corrida.";
    case "passed": return "Passou a vez.";
    case "exchanged": return `Trocou ${counted(event.count, "peça", "peças")}.`;
    case "helpUsed": return `Usou a ajuda «${byId(constants.helps, event.id).name}».`;
    default: return null;
  }
}

/**
 * The play that climbed, as the trunfo dialog repeats it (the toast is behind the dialog):
 * its words and points and the helps it earned; from the history alone after a reload.
 */
export function climbNews(state, events, constants) {
  if (events?.some((e) => e.type === "climbed")) {
    return events.filter((e) => e.type === "played" || e.type === "helpEarned").map((e) => eventLine(e, constants)).join(" ");
  }
  const last = state.history.at(-1);
  return last && !last.pass ? eventLine({ type: "played", words: last.words, points: last.points }, constants) : "";
}

// A block of the word list found damaged when first read (dawg.js): not the save's fault.
const isDamagedList = (error) => error?.name === "DawgFormatError";

export class Game {
  /**
   * `deps`: engine, wordsReady (a promise of the word checker), constants, day, date,
   * storage, view, announcer, dialogs, onEnd(state), onFail(error), optionally onAction(action,
   * state) and onSaveRefused() (the browser refused a save); towerName ("a torre de 30/11/2026") for a past day.
   */
  constructor(deps) {
    Object.assign(this, deps);
    this.words = null; // until wordsReady settles: the board plays, previews and plays wait
    this.playQueued = false;
    this.state = null;
    this.actions = [];
    this.lastEvents = null; // the last action's events: the trunfo dialog repeats the play that climbed
    this.cursor = null;
    this.typeAt = null; // the square right after the last one typed or passed over (cursor.js typingSquare)
    this.lastCursor = DEFAULT_CURSOR;
    this.direction = "across";
    this.selected = null;
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
      return { ok: false, reason: `a ação n.º ${result.index + 1} do registo foi recusada («${why}»)` };
    } catch (error) {
      // A damaged word list is not the save's fault: say so and keep the save.
      if (isDamagedList(error)) throw new LoadError(DAMAGED_LIST, String(error));
      return { ok: false, reason: "o registo guardado tem ações desconhecidas" };
    }
  }

  /** A save that cannot be resumed: copied aside (said whether it could be), then «Recomeçar». */
  async offerRestart(reason) {
    const copy = asideSentence(this.storage.keepAside?.(this.date) ?? false);
    await this.dialogs.notice("Não foi possível retomar o jogo",
      `O jogo guardado neste aparelho não pôde ser retomado: ${reason}. ${copy} Pode recomeçar ${this.towerName ?? "a torre de hoje"}.`,
      [{ text: `Recomeçar ${this.towerName ?? "a torre de hoje"}`, value: true, kind: "principal" }], { cancellable: false });
    this.storage.clearRun(this.date);
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
    Object.assign(this, { state: restored.state, actions: save.actions.slice(), lastEvents: null, hint: null, selected: null });
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
    this.state = result.state;
    this.lastEvents = result.events;
    this.hint = null; // a suggestion fits the position it was made for only
    this.actions.push(action);
    if (!this.storage.saveRun(this.date, this.actions)) this.onSaveRefused?.(); // the run goes on in memory
    this.announceEvents(result.events);
    this.onAction?.(action, this.state); // the first-visit guide follows the play
    return true;
  }

  announceEvents(events) {
    const lines = events.map((event) => eventLine(event, this.constants)).filter(Boolean);
    if (lines.length) this.announcer.say(lines.join(" "), events.some((e) => e.type === "rejected") ? "erro" : "info");
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

  /**
   * Places `tile` (with the blank's letter) on `square`. `follow` (square first,
   * or typing) moves the active square on along the line; a tile tapped first
   * and then its square leaves no active square behind.
   */
  placeTile(tile, square, letter, follow) {
    const action = { type: "place", tile: tile.id, square };
    if (letter) action.letter = letter;
    if (!this.act(action)) return;
    this.selected = null;
    this.lastCursor = square;
    this.cursor = follow ? advance(this.state, square, this.direction) : null;
    this.typeAt = follow ? nextSquare(this.state, square, this.direction) : null;
    this.render();
    if (follow) this.view.followFocus(this.cursor);
  }

  async placeChosen(tile, square, follow) {
    if (tile.letter !== "?") return this.placeTile(tile, square, undefined, follow);
    const letter = await this.dialogs.chooseBlankLetter(this.constants.alphabet);
    if (letter) this.placeTile(tile, square, letter, follow);
    else this.render();
  }

  // Intents ---------------------------------------------------------------

  /** Where the cursor starts when there is none: the board square that has focus, else the last one. */
  startSquare() {
    return this.view.focusedSquare?.() ?? this.lastCursor;
  }

  move(dx, dy) {
    this.typeAt = null;
    this.cursor = this.cursor === null ? this.startSquare() : offset(this.constants, this.cursor, dx, dy) || this.cursor;
    this.lastCursor = this.cursor;
    this.render();
    this.view.followFocus(this.cursor);
  }

  letter(typed) {
    if (!this.inPlay()) return;
    if (typed !== "Ç" && !this.constants.alphabet.includes(typed)) {
      this.announcer.say(`Não há peças com a letra ${typed}.`, "erro");
      return;
    }
    if (this.cursor === null) this.cursor = this.startSquare();
    const at = typingSquare(this.state, this.cursor, this.typeAt, this.direction);
    if (sameLetter(letterOn(this.state, at), typed)) {
      this.stepOver(at);
      return;
    }
    const square = freeSquareFrom(this.state, at, this.direction);
    if (!square) {
      this.announcer.say("Não há casa livre nessa direção.", "erro");
      return;
    }
    const choice = tileForLetter(this.state.hand, typed);
    if (!choice) {
      this.announcer.say(`Não tem nenhum ${typed} na mão.`, "erro");
      return;
    }
    this.placeTile(choice.tile, square, choice.letter, true);
  }

  /**
   * A typed letter already on the board at `square` (the cursor's, or the next on the typed
   * line): typing passes over it, whatever the hand holds, and the cursor shows the next square.
   */
  stepOver(square) {
    this.typeAt = null;
    this.cursor = nextSquare(this.state, square, this.direction) ?? this.cursor;
    this.lastCursor = this.cursor;
    this.render();
    this.view.followFocus(this.cursor);
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
    if (this.act({ type: "play" })) {
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

  back() {
    const last = this.state?.pending.at(-1);
    if (!this.inPlay() || !last) return;
    if (this.act({ type: "recall" })) this.cursor = last.square;
    this.render();
  }

  recallAll() {
    const first = this.state?.pending[0];
    this.selected = null;
    if (this.inPlay() && first && this.act({ type: "recallAll" }) && this.cursor) this.cursor = first.square;
    this.render();
  }

  /**
   * A tapped square. With a tile selected, the tile goes there (tile first).
   * Otherwise the square becomes the active one (square first); tapping the
   * active square again turns the direction, a third time lets it go.
   */
  square(name) {
    if (!this.inPlay()) return;
    this.typeAt = null;
    const selected = this.state.hand.find((t) => t.id === this.selected);
    if (this.state.pending.some((p) => p.square === name)) {
      if (this.act({ type: "recall", square: name }) && this.cursor) this.cursor = name;
    } else if (selected && !isTaken(this.state, name)) {
      this.placeChosen(selected, name, false);
      return;
    } else if (selected) {
      this.announcer.say(`A casa ${name} já está ocupada: escolha uma casa livre.`, "erro");
    } else if (name === this.cursor) {
      if (this.direction === "across") this.turn();
      else this.release();
      return;
    } else {
      this.cursor = name;
      this.lastCursor = name;
      this.direction = "across";
    }
    this.render();
  }

  /** Across ↔ down: the way the next tiles enter from the active square. */
  turn() {
    this.direction = this.direction === "across" ? "down" : "across";
    this.typeAt = null;
    if (this.cursor === null) this.cursor = this.lastCursor;
    this.selected = null;
    this.announcer.say(this.direction === "down" ? `${this.cursor}, para baixo.` : `${this.cursor}, para a direita.`);
    this.render();
  }

  /** No active square: the next tile tapped is selected, not placed. */
  release() {
    this.lastCursor = this.cursor || this.lastCursor;
    this.cursor = null;
    this.direction = "across";
    this.render();
  }

  /** A tapped hand tile: it enters at the active square, or is selected (tapped again: unselected). */
  tile(id) {
    if (!this.inPlay()) return;
    const tile = this.state.hand.find((t) => t.id === id);
    if (!tile) return;
    if (this.cursor) {
      const square = freeSquareFrom(this.state, this.cursor, this.direction);
      if (square) this.placeChosen(tile, square, true);
      else this.announcer.say("Não há casa livre nessa direção.", "erro");
      return;
    }
    this.selected = this.selected === id ? null : id;
    this.render();
  }

  // Drags (drag_input.js): each drop is the same engine actions a tap would make.

  /** A hand tile dropped on a square: placed there if it is free (a blank asks its letter). */
  dropTile(id, square) {
    const tile = this.inPlay() && this.state.hand.find((t) => t.id === id);
    if (!tile || isTaken(this.state, square)) return;
    this.placeChosen(tile, square, false);
  }

  /** A pending tile dropped on another free square: taken back and placed there, a blank keeping its letter. */
  movePending(from, to) {
    const tile = this.inPlay() && this.state.pending.find((p) => p.square === from);
    if (!tile || from === to || isTaken(this.state, to)) return;
    if (!this.act({ type: "recall", square: from })) return;
    this.placeTile(tile, to, tile.blank ? tile.letter : undefined, false);
  }

  /** A pending tile dropped on the hand: back in the hand, at `slot` when one is given. */
  returnPending(from, slot) {
    const tile = this.inPlay() && this.state.pending.find((p) => p.square === from);
    if (!tile || !this.act({ type: "recall", square: from })) return;
    this.arrange(tile.id, slot);
  }

  /** A hand tile moved to position `slot` of the hand (saved with the run, as Baralhar is). */
  arrange(id, slot) {
    const at = this.state.hand.findIndex((t) => t.id === id);
    if (this.inPlay() && at >= 0 && Number.isInteger(slot) && at !== slot) this.act({ type: "arrange", tile: id, slot });
    this.render();
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
