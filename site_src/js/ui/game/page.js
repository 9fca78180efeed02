// The page around a run: loading the day, errors in Portuguese instead of a
// blank page, counting a finished run, and noticing a new Lisbon day while the
// page stays open. Input is wired once and goes to the current run. The end-of-run
// and statistics dialogs are run_end.js, loaded only when first needed.

import { Announcer } from "../shared/announcer.js";
import { dayLinks, dayRefusal, markArchive } from "../archive/archive_game.js";
import { requestedDay, shownDate } from "../archive/archive.js";
import { ArchiveStore, runStore } from "../archive/archive_store.js";
import { ChallengeStore } from "../challenge/challenge_store.js";
import { Dialogs } from "../shared/dialogs.js";
import { markDevice } from "../shared/device.js";
import { toastPlacer } from "./toast_place.js";
import { DragInput } from "./drag_input.js";
import { Game } from "./game.js";
import { GameView } from "./game_view.js";
import { KeyboardInput } from "./keyboard_input.js";
import { lisbonDate, msUntilLisbonMidnight } from "../shared/lisbon_date.js";
import { LoadError, dayUrl, loadGame, readUrls, towerWords, wordsForVersion } from "../shared/loader.js";
import { PointerInput } from "./pointer_input.js";
import { Walkthrough } from "../guide/walkthrough.js";
import { GameStorage, addRun } from "../shared/storage.js";
import { fileKeeper, safeLocalStorage } from "../shared/browser.js";

const CHECK_DAY_MS = 60000;
/** What is said when run_end.js could not be loaded (offline without it, a deploy that removed it). */
const NOT_LOADED = "Esta parte do jogo não chegou a este aparelho: verifique a ligação à Internet e recarregue a página.";

/** /?guia=1 (from Como jogar) asks for the first-visit guide again; the address then forgets it. */
function guideAsked() {
  const url = new URL(location.href);
  if (!url.searchParams.has("guia")) return false;
  url.searchParams.delete("guia");
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  return true;
}

const INTENTS = ["move", "letter", "play", "back", "recallAll", "turn", "square", "tile", "help", "helpKey",
  "dropTile", "movePending", "returnPending", "arrange"];

export class Page {
  /** `deps`: engine, storage (GameStorage), now() in ms, fetchFn, onDayLoaded(...urls). */
  constructor(main, deps) {
    Object.assign(this, deps);
    this.main = main;
    this.urls = readUrls(main);
    this.archive = new ArchiveStore(this.storage);
    this.challenges = new ChallengeStore(this.storage); // received through /desafio/ (ui/challenge/challenge_page.js)
    this.archiveDate = null; // the past day played (/?dia=YYYY-MM-DD); null for today's tower
    const toast = main.querySelector("#anuncio");
    // What a message never covers: the header's links, what the player plays with, the guide.
    const kept = [".painel", "#tabuleiro", "#mao", ".controlos", "#ajudas"].map((q) => main.querySelector(q));
    const avoid = () => [...document.querySelectorAll("header a"), ...kept, this.guide.dialog];
    this.announcer = new Announcer(toast, globalThis, toastPlacer(toast, avoid, main.querySelector("#previsao")));
    this.dialogs = new Dialogs(document.querySelector("#dialogo"));
    this.dialogs.fallbackFocus = () => this.game?.view.boardFocus() ?? null;
    this.game = null;
    this.date = null;
    // The analysis worker's client and the end screen's RunAnalysis: made by run_end.js when first
    // needed (practice makes the client at once, for its suggestions).
    this.analysisClient = null;
    this.runAnalysis = null;
    this.endModule = null;
    // Treino (/treino/, practice_main.js): the practice mode (ui/treino/practice.js) says which tower,
    // how it ends and what its own buttons do; null on the game page.
    this.mode = deps.practiceMode ? deps.practiceMode(this) : null;
    this.guide = new Walkthrough(main, this.storage, () => this.game?.view.boardFocus() ?? null);
    const intents = Object.fromEntries(INTENTS.map((name) => [name, (...args) => this.game?.[name](...args)]));
    intents.action = (name) => this.action(name);
    new KeyboardInput(document, intents, () => this.dialogs.isOpen || !this.game);
    new PointerInput(main, intents);
    new DragInput(main, intents, () => this.dialogs.isOpen || !this.game);
    markDevice();
    document.addEventListener("visibilitychange", () => this.checkDay());
    setInterval(() => this.checkDay(), CHECK_DAY_MS);
  }

  show(which) {
    for (const id of ["carregar", "erro", "partida"]) this.main.querySelector(`#${id}`).hidden = id !== which;
    if (which !== "erro") this.main.removeAttribute("data-recusa");
  }

  /** Loads and shows the run of today's Lisbon date (a saved run is resumed), or in practice
   * the practice tower the player is on. What every tower shares (constants, DAWG, Coimbra
   * words) is loaded once: a new day fetches only its day file, so a deploy while the page
   * is open (old assets gone) cannot break midnight. */
  async start() {
    const tower = this.mode ? this.mode.tower() : this.dayTower();
    if (!tower) return;
    const key = tower.key;
    this.date = key;
    if (this.game) this.game.retired = true;
    this.game = null;
    this.mode?.forget();
    this.show("carregar");
    let data;
    try {
      data = await tower.load();
    } catch (error) {
      this.fail(error);
      return;
    }
    if (key !== this.date) return; // a newer start took over while this one was loading
    try {
      this.engine.newRun(data.day, data.constants); // a day file the engine refuses is a load error
    } catch (error) {
      const message = error?.name === "DayFileError" ? error.message : `${tower.file} não é válido.`;
      this.fail(new LoadError(message, String(error)));
      return;
    }
    this.data = data;
    this.shared = { constants: data.constants, words: data.words, coimbra: data.coimbra };
    if (document.documentElement.hasAttribute("data-falha")) return; // boot.js said the page is broken
    await this.warnDamagedArchive();
    if (key !== this.date) return;
    const run = await this.runWords(tower, data);
    if (!run || key !== this.date) return;
    const grid = this.main.querySelector("#tabuleiro");
    grid.replaceChildren();
    const game = new Game({
      engine: this.engine, wordsReady: run.words, constants: data.constants, day: data.day, date: key,
      storage: run.store, announcer: this.announcer, dialogs: this.dialogs, towerName: tower.name,
      view: new GameView(this.main, data.constants, run.coimbra),
      onEnd: (state) => this.finish(state),
      onFail: (error) => { if (this.game === game) this.fail(error); },
      onAction: (action, state) => {
        if (this.game !== game) return;
        this.guide.saw(action, state);
        this.mode?.forget();
      },
    });
    this.show("partida");
    const opener = this.main.querySelector("#abertura");
    if (opener) opener.hidden = false;
    this.game = game;
    this.runVersion = run.version;
    for (const name of ["resultado", "proxima"]) {
      const button = this.main.querySelector(`[data-action=${name}]`);
      if (button) button.hidden = true;
    }
    try {
      await game.begin();
    } catch (error) {
      this.fail(error); // the word list a saved run needs could not be had
      return;
    }
    performance.mark("torre:pronta"); // read by bench/page.py: time to interactive
    if (!this.dialogs.isOpen && !this.archiveDate && !this.mode) this.guide.maybeStart(game.state, guideAsked());
    run.words.then(() => { this.main.dataset.palavras = "prontas"; }, () => {});
    if (!this.mode) this.scheduleDayCheck();
    this.onDayLoaded?.(...tower.keep);
  }

  /**
   * Today's tower or the archive's `?dia=` day: {key, load(), file, name, keep, saved(), store(version),
   * aside(), clear()} (a practice tower has no aside: its save is not kept apart);
   * null after refusing a date the game will not open.
   */
  dayTower() {
    const request = requestedDay(new URLSearchParams(this.search ?? location.search).get("dia"), lisbonDate(this.now()));
    if (request.kind === "future" || request.kind === "malformed") {
      this.refuse(dayRefusal(request));
      return null;
    }
    if (request.kind === "past") this.archiveDate = request.date;
    const date = this.archiveDate ?? lisbonDate(this.now());
    const archived = Boolean(this.archiveDate);
    const archive = archived ? this.archive : null;
    markArchive(this.main, this.archiveDate);
    return {
      key: date,
      load: () => loadGame(this.urls, date, this.fetchFn, this.shared, archived),
      file: towerWords(date, archived).file,
      name: archived ? `a torre de ${shownDate(this.archiveDate)}` : undefined,
      keep: [dayUrl(this.urls, date)],
      saved: () => (archive ?? this.storage).loadRun(date),
      store: (_data, wordList) => runStore({ storage: this.storage, archive, wordList }),
      aside: () => (archive ?? this.storage).setRunAside(date), // a save this site cannot resume
      clear: () => (archive ?? this.storage).clearRun(date),
    };
  }

  /**
   * The word list this run is played with: a saved run keeps the version it started with
   * (docs/replay-link.md), fetched from the kept versions when the site's list has changed
   * since; a new run, or a save older than versions, takes the current one. {version,
   * words, coimbra, store}, or null after saying (in Portuguese) that it cannot be had: the
   * save stays untouched. A version the site does not have can never be had here: that save
   * is kept aside and the day starts over (startOver).
   */
  async runWords(tower, data, startedOver = false) {
    const saved = tower.saved(data);
    // A new run of a challenged tower takes the challenge's word list, so both runs are judged alike.
    const wanted = saved.status === "ok" ? saved.wordList : this.challenges.pendingVersion(tower.key);
    const list = wordsForVersion(this.urls, wanted, this.fetchFn, data);
    const kept = (error) => new LoadError(`${error.message} A corrida guardada neste aparelho não se perdeu.`, error.detail);
    let coimbra;
    try {
      coimbra = await list.coimbra;
      if (list.words !== data.words) await list.words; // a version the site lacks is found before the board
    } catch (error) {
      // startedOver: the save could not even be cleared; a practice tower has no aside
      if (!error?.missing || startedOver || !tower.aside) {
        this.fail(kept(error));
        return null;
      }
      await this.startOver(tower, list.version);
      return tower.key === this.date ? this.runWords(tower, data, true) : null;
    }
    const words = list.words === data.words ? data.words : list.words.catch((error) => { throw kept(error); });
    return { version: list.version, words, coimbra, store: tower.store(data, list.version) };
  }

  /**
   * A save made with word-list version `version`, which this site does not have (404): trying
   * again would fail the same way. The save is copied aside, the player told (and whether the
   * copy could be written), and the tower's day starts over once they choose to.
   */
  async startOver(day, version) {
    const kept = day.aside();
    const tower = day.name ?? "a torre de hoje";
    const copy = kept ? "Guardámos uma cópia dele à parte neste aparelho."
      : "Não foi possível guardar uma cópia dele à parte: o navegador recusou-a.";
    await this.dialogs.notice("Não foi possível retomar o jogo",
      `O jogo guardado neste aparelho foi começado com uma lista de palavras que este site não tem (versão ${version}), `
      + `por isso não pode ser retomado aqui. ${copy} Pode recomeçar ${tower}.`,
      [{ text: `Recomeçar ${tower}`, value: true, kind: "principal" }], { cancellable: false });
    day.clear();
  }

  /** A damaged torre.arquivo, found before any run reads or writes it: copied aside, its readable days kept, said. */
  async warnDamagedArchive() {
    const problem = this.archive.repair();
    if (!problem) return;
    await this.dialogs.notice("O arquivo estava danificado", problem,
      [{ text: "Continuar", value: true, kind: "principal" }], { cancellable: false });
  }

  /** A `?dia=` the page will not open (a future or malformed date): said, with the ways on. */
  refuse({ heading, message }) {
    const title = this.main.querySelector("h1");
    if (title) title.textContent = heading;
    this.fail(new LoadError(message, "?dia=", { retry: false }));
  }

  fail(error) {
    const box = this.main.querySelector("#erro");
    const message = error instanceof LoadError ? error.message : "Aconteceu um erro inesperado ao abrir o jogo. Recarregue a página.";
    box.querySelector("#erro-texto").textContent = message;
    // A day the site does not have stays missing: no "Tentar outra vez", only the ways on.
    const refused = error?.retry === false;
    box.querySelector("#erro-acoes").hidden = refused;
    this.main.toggleAttribute("data-recusa", refused); // its heading, shown, names the day refused
    dayLinks(box, this.archiveDate !== null || error?.detail === "?dia=");
    this.show("erro");
    const opener = this.main.querySelector("#abertura"); // the build day's opener: not this day's
    if (opener) opener.hidden = true;
    console.error(error.detail || error);
  }

  scheduleDayCheck() {
    clearTimeout(this.dayTimer);
    this.dayTimer = setTimeout(() => this.checkDay(), msUntilLisbonMidnight(this.now()) + 1000);
  }

  /** A new Lisbon day while the page is open: a new tower. */
  checkDay() {
    if (this.archiveDate !== null || this.mode) return; // a past day stays that day; practice has no days
    if (this.date === null || lisbonDate(this.now()) === this.date) return;
    if (this.dialogs.isOpen) this.dialogs.answer(null);
    this.start().then(() => this.game && this.announcer.say("Começou um novo dia: eis a torre de hoje."),
      (error) => this.fail(error));
  }

  action(name) {
    if (name === "estatisticas") this.ending("Não foi possível abrir as estatísticas").then((end) => end?.showStats(this));
    else if (name === "resultado" && this.game) this.finish(this.game.state);
    else if (this.mode?.action(name)) return;
    else this.game?.action(name);
  }

  /**
   * The module run_end.js (the end screen, the analysis, the statistics dialog), loaded once. A load
   * that fails resolves to null, said in a dialog titled `title` (`saved`: a run just ended, already
   * saved and counted, says so), and is asked for again next time.
   */
  async ending(title, saved = false) {
    this.endModule ??= import("./run_end.js");
    try {
      return await this.endModule;
    } catch (error) {
      this.endModule = null;
      console.error(error);
      if (!this.dialogs.isOpen) {
        await this.dialogs.notice(title, saved ? `${NOT_LOADED} A corrida ficou guardada e contada.` : NOT_LOADED,
          [{ text: "Fechar", value: null, kind: "principal" }]);
      }
      return null;
    }
  }

  /** Records the run in the statistics (once per day), then shows the end screen (run_end.js). */
  async finish(state) {
    if (this.mode) return this.mode.finish(state);
    const summary = this.engine.summary(state);
    const { stats, problem } = this.storage.loadStats();
    if (this.archiveDate) this.archive.addResult(this.archiveDate, summary); // never the daily statistics
    else {
      this.storage.saveStats(addRun(stats, this.date, summary));
      this.archive.addDaily(this.date, summary); // what the archive shows once the day is past
    }
    this.main.querySelector("[data-action=resultado]").hidden = false;
    const game = this.game;
    const end = await this.ending("Não foi possível mostrar o fim da corrida", true);
    if (end && this.game === game) await end.showEnd(this, state, summary, problem);
  }
}

/** Starts the game page in <main id="jogo"> with the browser's own pieces; `extra` adds to them
 * (practice_main.js: the practice mode). */
export function startPage(engine, extra = {}) {
  const main = document.getElementById("jogo");
  if (!main || !main.querySelector("#partida")) return null;
  const page = new Page(main, {
    engine,
    storage: new GameStorage(safeLocalStorage()),
    now: () => Date.now(),
    fetchFn: (url) => fetch(url),
    onDayLoaded: fileKeeper(),
    ...extra,
  });
  page.start().catch((error) => page.fail(error)); // never a half-drawn page
  return page;
}
