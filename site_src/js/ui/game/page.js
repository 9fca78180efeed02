// The page around a run: loading the day, errors in Portuguese instead of a
// blank page, counting a finished run, and noticing a new Lisbon day while the
// page stays open (a run under way goes on as its own day's; the new tower is offered). Input is wired once and goes to the current run. The end-of-run
// and statistics dialogs are run_end.js, loaded only when first needed.

import { Announcer } from "../shared/announcer.js";
import { ArchiveStore, carryEarlierRun, heldEarlierRun, runStore, unfinishedDaily } from "../shared/archive_store.js";
import { keepsChallenges } from "../shared/challenge_key.js";
import { Dialogs } from "../shared/dialogs.js";
import { problem, problemNodes, showProblem } from "../shared/problem.js";
import { markDevice } from "../shared/device.js";
import { toastPlacer } from "./toast_place.js";
import { DragInput } from "./drag_input.js";
import { Game } from "./game.js";
import { GameView } from "./game_view.js";
import { KeyboardInput } from "./keyboard_input.js";
import { lisbonDate, msUntilLisbonMidnight, previousDate, requestedDay, shownDate } from "../shared/lisbon_date.js";
import { LoadError, dayUrl, loadGame, practiceFiles, readUrls, towerWords, wordsForVersion } from "../shared/loader.js";
import { OpponentSlot } from "./opponent_slot.js";
import { PointerInput } from "./pointer_input.js";
import { GameStorage, addEarlierRun, addRun } from "../shared/storage.js";
import { earlyFetch, fileKeeper, loadOnce, safeLocalStorage } from "../shared/browser.js";

const CHECK_DAY_MS = 60000;
/** What is said when run_end.js could not be loaded (offline without it, a deploy that removed it). */
const NOT_LOADED = "Esta parte do jogo não chegou a este aparelho: verifique se o aparelho tem Internet e recarregue a página.";
/** Said of what a full storage kept where it was when run_end.js (storage_notices.js) cannot be had to say it in full. */
const STORAGE_FULL = "O armazenamento deste aparelho está cheio: nada se perdeu, mas liberte espaço nas definições do navegador.";
// What the page uses of run_end.js: a chunk served without them (empty, cut short by a proxy) is one not loaded.
const END_EXPORTS = ["showEnd", "showStats", "requestAnalysis", "styled", "opponentStandings", "challengesOf", "OpponentLine",
  "startOver", "keepPastMidnight"];

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
  /** `deps`: engine, storage (GameStorage), now() in ms, fetchFn, onDayLoaded(...urls), guide(main, storage, boardFocus, moved) (the first-visit guide). */
  constructor(main, deps) {
    Object.assign(this, deps);
    this.main = main;
    this.urls = readUrls(main);
    this.archive = new ArchiveStore(this.storage);
    // The challenges received through /desafio/ (a ChallengeStore, and goalLine): run_end.js has them, loaded
    // before a run starts only when this device keeps some (loadChallenges).
    this.challenges = null;
    this.goalLine = null;
    this.archiveDate = null; // the past day played (/?dia=YYYY-MM-DD); null for today's tower
    this.keptPastMidnight = null; // the date of the day's tower still played on this page after its day ended
    const toast = main.querySelector("#anuncio");
    // What a message never covers: the header's links, what the player plays with, the guide.
    const kept = [".painel", "#tabuleiro", "#mao", ".controlos", "#ajudas", "#adversario"].map((q) => main.querySelector(q));
    const avoid = () => [...document.querySelectorAll("header a"), ...kept, this.guide?.dialog];
    // The opponent's line arriving or the panel growing moves what follows: the message and the open guide are placed again.
    const placeToast = toastPlacer(toast, avoid, main.querySelector("#previsao"), [main, ...kept], () => this.guide?.place(false));
    // A message placed, the open guide is placed again too: on a wide window the message is a line the guide keeps clear of.
    this.announcer = new Announcer(toast, globalThis, () => { placeToast(); this.guide?.place(false); });
    // A damaged value no copy could be made of is left as it was (storage.js): said once, with what to do.
    this.storage.onRefused = (key) => this.notice((end) => end.refusedSentence(key)).then((text) => this.announcer.say(text));
    this.dialogs = new Dialogs(document.querySelector("#dialogo"));
    this.dialogs.fallbackFocus = () => this.game?.view.boardFocus() ?? null;
    const opponent = main.querySelector("#adversario");
    // The chosen opponent's line, from run_end.js at the first action; a tap that cannot have it is said.
    const lineChunk = (tapped) => (tapped ? this.ending("Não foi possível abrir a escolha do adversário") : this.endChunk().catch(() => null));
    this.opponentLine = opponent ? new OpponentSlot(opponent, this.storage, this.dialogs, lineChunk) : null;
    this.game = null;
    this.date = null;
    // The analysis worker's client and the end screen's RunAnalysis: made by run_end.js when first
    // needed (practice makes the client at once, for its suggestions).
    this.analysisClient = null;
    this.runAnalysis = null;
    // The chunks, each loaded once (a load that fails is asked for again next time): archive_mode.js,
    // which only a past day (?dia=) and the refusals need; run_end.js, whose chunk served without
    // END_EXPORTS (empty, cut short by a proxy) is one not loaded.
    this.archiveMode = loadOnce(() => import("./archive_mode.js"));
    this.endChunk = loadOnce(() => import("./run_end.js").then((end) => {
      if (END_EXPORTS.every((name) => typeof end[name] === "function")) return end;
      throw new Error(`run_end.js was served without ${END_EXPORTS.join(", ")}`);
    }));
    // Treino (/treino/, practice_main.js): the practice mode (ui/treino/practice.js) says which tower,
    // how it ends and what its own buttons do; null on the game page.
    this.mode = deps.practiceMode ? deps.practiceMode(this) : null;
    // The first-visit guide, made by the page's script (main.js: ui/guide/walkthrough.js; Treino has none).
    // A message shown as the guide moves (a first play) is moved off it again.
    this.guide = deps.guide?.(main, this.storage, () => this.game?.view.boardFocus() ?? null, placeToast) ?? null;
    const intents = Object.fromEntries(INTENTS.map((name) => [name, (...args) => this.game?.[name](...args)]));
    intents.action = (name) => this.action(name);
    intents.toBoard = () => this.game?.view.boardFocus()?.focus();
    intents.stepHand = (tile, delta) => this.game?.view.stepHand(tile, delta);
    new KeyboardInput(document, intents, () => this.dialogs.isOpen || !this.game);
    new PointerInput(main, intents);
    new DragInput(main, intents, () => this.dialogs.isOpen || !this.game);
    markDevice();
    document.addEventListener("visibilitychange", () => this.checkDay());
    // Another tab saved: a run it took further on is taken up here (game.js takeUpNewer).
    window.addEventListener("storage", () => { if (!this.dialogs.isOpen) this.game?.takeUpNewer(); });
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
      // What is wrong with the file is for a developer (its «Detalhes»); the player reads that it is damaged.
      const detail = error?.name === "DayFileError" ? error.message : error;
      this.fail(new LoadError(`${tower.file} está danificado. Recarregue a página daqui a pouco.`, detail));
      return;
    }
    this.data = data;
    this.shared = { constants: data.constants, words: data.words, coimbra: data.coimbra };
    if (document.documentElement.hasAttribute("data-falha")) return; // boot.js said the page is broken
    await this.loadChallenges(); // only a device that keeps challenges loads their store (run_end.js)
    await this.warnDamagedArchive();
    if (key !== this.date) return;
    // Today's run would overwrite an earlier day's unfinished one: it goes on in the archive.
    const carried = this.mode || this.archiveDate ? null : carryEarlierRun(this.storage, this.archive, key);
    const run = await this.runWords(tower, data);
    if (!run || key !== this.date) return;
    const grid = this.main.querySelector("#tabuleiro");
    grid.replaceChildren();
    const game = new Game({
      engine: this.engine, wordsReady: run.words, constants: data.constants, day: data.day, date: key,
      storage: run.store, announcer: this.announcer, dialogs: this.dialogs, towerName: tower.name,
      view: new GameView(this.main, data.constants, run.coimbra),
      onEnd: (state) => this.finish(state),
      onSaveRefused: () => this.sayRefusedSave(),
      onFail: (error) => { if (this.game === game) this.fail(error); },
      onAction: (action, state) => {
        if (this.game !== game) return;
        this.guide?.saw(action, state);
        this.mode?.forget();
        this.opponentLine?.turned(state.history.length, state.phase === "won" || state.phase === "lost");
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
    const over = game.state.phase === "won" || game.state.phase === "lost";
    this.opponentLine?.follow(game.state.history.length, over, () => this.standingsOf(data));
    this.showOtherDay(tower.saved(data), carried);
    this.sayChallenge(game.state);
    performance.mark("torre:pronta"); // read by bench/page.py: time to interactive
    if (!this.dialogs.isOpen && !this.archiveDate && !this.mode) this.guide?.maybeStart(game.state, guideAsked());
    run.words.then(() => { this.main.dataset.palavras = "prontas"; }, () => {});
    if (!this.mode) this.scheduleDayCheck();
    this.onDayLoaded?.(...tower.keep);
  }

  /**
   * Today's tower or the archive's `?dia=` day: {key, load(), file, name, keep, saved(), store(version),
   * aside(), clear()} (a practice tower's are PracticeMode.tower's);
   * null after refusing a date the game will not open.
   */
  dayTower() {
    const request = requestedDay(new URLSearchParams(this.search ?? location.search).get("dia"), lisbonDate(this.now()));
    if (request.kind === "future" || request.kind === "malformed") {
      this.archiveMode().then((mode) => this.refuse(mode.dayRefusal(request)), (error) => this.fail(error));
      return null;
    }
    if (request.kind === "past") this.archiveDate = request.date;
    const date = this.archiveDate ?? lisbonDate(this.now());
    const archived = Boolean(this.archiveDate);
    const archive = archived ? this.archive : null;
    // A past day is marked "Arquivo" before it is shown, or not shown.
    const marked = () => archived && this.archiveMode().then((mode) => mode.markArchive(this.main, date));
    return {
      key: date,
      load: () => Promise.all([loadGame(this.urls, date, this.fetchFn, this.shared, archived), marked()]).then(([data]) => data),
      file: towerWords(date, archived).file,
      name: archived ? `a torre de ${shownDate(this.archiveDate)}` : undefined,
      keep: [dayUrl(this.urls, date), ...practiceFiles(this.urls, this.storage)],
      saved: () => runStore({ storage: this.storage, archive: this.archive, past: archived }).loadRun(date),
      store: (_data, wordList) => runStore({ storage: this.storage, archive: this.archive, wordList, past: archived }),
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
   * is kept aside and the day starts over (startOver). A challenge's version the site lacks
   * leaves a new run on the site's own list (`challenge` false), never a locked page.
   */
  async runWords(tower, data, { startedOver = false, challenge = true } = {}) {
    const saved = tower.saved(data);
    // A new run of a challenged tower takes the challenge's word list, so both runs are judged alike.
    const wanted = saved.status === "ok" ? saved.wordList : (challenge ? this.challenges?.pendingVersion(tower.key) : null) ?? null;
    const list = wordsForVersion(this.urls, wanted, this.fetchFn, data);
    const kept = (error) => new LoadError(`${error.message} A corrida guardada neste aparelho não se perdeu.`, error.detail);
    let coimbra;
    try {
      coimbra = await list.coimbra;
      if (list.words !== data.words) await list.words; // a version the site lacks is found before the board
    } catch (error) {
      if (error?.missing && saved.status !== "ok" && wanted) return this.runWords(tower, data, { startedOver, challenge: false });
      // startedOver: the save could not even be cleared
      if (!error?.missing || startedOver) {
        this.fail(kept(error));
        return null;
      }
      // Said by run_end.js's chunk (page_later.js): without it, the save stays and the page says why.
      const end = await this.endChunk().catch(() => null);
      if (!end) {
        this.fail(kept(error));
        return null;
      }
      await end.startOver(this, tower, list.version);
      return tower.key === this.date ? this.runWords(tower, data, { startedOver: true }) : null;
    }
    const words = list.words === data.words ? data.words : list.words.catch((error) => { throw kept(error); });
    return { version: list.version, words, coimbra, store: tower.store(data, list.version) };
  }

  /**
   * A damaged torre.arquivo, torre.desafios (or, on Treino, torre.treino), found before any run
   * reads or writes it: copied aside, its readable parts kept, said once.
   */
  async warnDamagedArchive() {
    const found = [["O arquivo estava danificado", this.archive.repair()], ["Os desafios estavam danificados", this.challenges?.repair()],
      ["O treino guardado estava danificado", this.mode?.store.repair()]];
    for (const [title, problem] of found.filter(([, text]) => text)) {
      await this.dialogs.notice(title, problem, [{ text: "Continuar", value: true, kind: "principal" }], { cancellable: false });
    }
  }

  /** The first save the browser refused on this page: said once, plainly (a dialog, or the toast over one). */
  sayRefusedSave() {
    if (this.refusedSaveSaid) return;
    this.refusedSaveSaid = true;
    this.notice((end) => end.SAVE_REFUSED).then((text) => {
      if (this.dialogs.isOpen) this.announcer.say(text, "erro");
      else this.dialogs.notice("Não foi possível guardar a corrida", text, [{ text: "Continuar a jogar", value: true, kind: "principal" }]);
    });
  }

  /** A `?dia=` the page will not open (a future or malformed date): said, with the ways on. */
  refuse({ heading, message }) {
    const title = this.main.querySelector("h1");
    if (title) title.textContent = heading;
    this.fail(new LoadError(message, null, { retry: false, otherDays: true }));
  }

  fail(error) {
    const box = this.main.querySelector("#erro");
    const said = error instanceof LoadError ? problem(error.message, error.detail)
      : problem("Aconteceu um erro inesperado ao abrir o jogo. Recarregue a página.", error);
    showProblem(box.querySelector("#erro-texto"), said);
    // A day the site does not have stays missing: no "Tentar outra vez", only the ways on.
    const refused = error?.retry === false;
    box.querySelector("#erro-acoes").hidden = refused;
    this.main.toggleAttribute("data-recusa", refused); // its heading, shown, names the day refused
    // The ways on (today's tower, the archive) under a past day's failure or a refusal.
    const ways = this.archiveDate !== null || error?.otherDays === true;
    const links = box.querySelector("#erro-ligacoes");
    if (links) links.hidden = !ways;
    else if (ways) this.archiveMode().then((mode) => mode.dayLinks(box), () => {});
    this.show("erro");
    const opener = this.main.querySelector("#abertura"); // the build day's opener: not this day's
    if (opener) opener.hidden = true;
    if (!(error instanceof LoadError)) console.error(error); // with its stack
  }

  scheduleDayCheck() {
    clearTimeout(this.dayTimer);
    this.dayTimer = setTimeout(() => this.checkDay(), msUntilLisbonMidnight(this.now()) + 1000);
  }

  /**
   * A new Lisbon day while the page is open: a new tower, unless a run is under way. That run
   * goes on as its own day's tower (counted for that day when it ends) and moves into the
   * archive, so the new day's run, here or in another tab, never overwrites it; the new
   * tower is offered.
   */
  checkDay() {
    if (this.archiveDate !== null || this.mode) return; // a past day stays that day; practice has no days
    if (this.date === null || lisbonDate(this.now()) === this.date || this.keptPastMidnight === this.date) return;
    if (this.game?.underWay()) {
      this.keepPastMidnight(this.game);
      return;
    }
    if (this.dialogs.isOpen) this.dialogs.answer(null);
    this.start().then(() => this.game && this.announcer.say("Começou um novo dia: eis a torre de hoje."),
      (error) => this.fail(error));
  }

  /**
   * The run under way at midnight goes on here as its day's tower (page_later.js, in run_end.js's
   * chunk). Until it is moved into the archive, or when the chunk cannot be had, it stays the day's
   * save, which today's run never writes over (archive_store.js heldEarlierRun).
   */
  keepPastMidnight(game) {
    const date = this.date;
    this.keptPastMidnight = date;
    const title = this.main.querySelector("h1");
    if (title) title.textContent = `A torre de ${shownDate(date)}`;
    const midnight = `Já passou a meia-noite: esta corrida conta para o dia ${shownDate(date)}.`;
    this.endChunk().then((end) => end.keepPastMidnight(this, game, midnight), () => this.otherDay(midnight));
  }

  /**
   * What the page says of another day's run: on today's tower, an earlier day's tower left
   * unfinished (just carried into the archive, or yesterday's), with the way to it; on an
   * archive day, that its run began as the day's tower and still counts as one.
   */
  showOtherDay(saved, carried) {
    if (this.archiveDate) {
      if (saved.daily) this.otherDay(`Esta corrida é da torre do dia ${shownDate(this.archiveDate)} e conta para esse dia.`);
      return;
    }
    if (this.mode) return;
    const held = heldEarlierRun(this.storage, this.archive, this.date);
    if (held) {
      this.notice((end) => end.heldSentence(held.date)).then((text) => this.otherDay(text));
      return;
    }
    const left = unfinishedDaily(this.archive.load(), this.date);
    if (left && (left === carried || left === previousDate(this.date))) {
      this.otherDay(`A corrida de ${shownDate(left)} ficou a meio e está guardada.`, `/?dia=${left}`, "Acabar essa corrida");
    }
  }

  /** A rare sentence from run_end.js's chunk (`of(end)`), or STORAGE_FULL when the chunk cannot be had. */
  notice(of) {
    return this.endChunk().then((end) => of(end) ?? STORAGE_FULL, () => STORAGE_FULL);
  }

  /** Shows the line about another day (`text`), with a link (`href`, `label`) when one is given. */
  otherDay(text, href = null, label = "") {
    const box = this.main.querySelector("#outro-dia");
    if (!box) return;
    box.querySelector("#outro-dia-texto").textContent = text;
    const link = box.querySelector("#outro-dia-ligacao");
    link.hidden = !href;
    if (href) {
      link.href = href;
      link.textContent = label;
    }
    box.hidden = false;
  }

  action(name) {
    if (name === "estatisticas") this.ending("Não foi possível abrir as estatísticas").then((end) => end?.showStats(this));
    else if (name === "resultado" && this.game) this.finish(this.game.state);
    else if (this.mode?.action(name)) return;
    else this.game?.action(name);
  }

  /**
   * The module run_end.js (the end screen, the analysis, the statistics dialog) and its stylesheet, loaded once. A load
   * that fails (or brings a chunk without END_EXPORTS) resolves to null, said in a dialog titled `title` (`saved`: a run
   * just ended, already saved and counted, says so), and is asked for again next time.
   */
  async ending(title, saved = false) {
    try {
      const end = await this.endChunk();
      await end.styled(this.main);
      return end;
    } catch (error) {
      const said = problem(saved ? `${NOT_LOADED} A corrida ficou guardada e contada.` : NOT_LOADED, error);
      if (this.dialogs.isOpen) console.warn(error);
      else await this.dialogs.ask(title, problemNodes(said), [{ text: "Fechar", value: null, kind: "principal" }]);
      return null;
    }
  }

  /**
   * The opponents' standings on the tower of `data` (the worker's numbers only), played with the
   * run's word list; a site without the common words' list (data-comuns) has no opponents. Asked
   * at the first action (opponent_slot.js), so a first visit loads neither run_end.js nor the worker.
   */
  standingsOf(data) {
    if (!this.urls.common) return Promise.reject(new Error("no data-comuns: no opponents"));
    return this.endChunk().then((end) => end.opponentStandings(this, data)); // the worker's client is the chunk's
  }


  /** The challenges kept on this device, if any, from run_end.js (said in a dialog when it cannot be had). */
  async loadChallenges() {
    if (this.mode || this.challenges || !keepsChallenges(this.storage)) return;
    const end = await this.ending("Não foi possível ler os desafios recebidos");
    if (!end) return;
    this.challenges = end.challengesOf(this);
    this.goalLine = end.goalLine;
  }

  /** The challenge this run plays against, said under the panel until the run ends (the end screen then compares). */
  sayChallenge(state) {
    const line = this.main.querySelector("#desafio-alvo");
    if (!line) return;
    const text = this.mode || !this.challenges || state.phase === "won" || state.phase === "lost" ? null
      : this.goalLine(this.challenges.pending(this.date));
    line.textContent = text ?? "";
    line.hidden = !text;
  }

  /** Records the run in the statistics (once per day), then shows the end screen (run_end.js). */
  async finish(state, options = {}) {
    if (this.mode) return this.mode.finish(state);
    this.sayChallenge(state);
    const summary = this.engine.summary(state);
    const { stats, problem } = this.storage.loadStats();
    if (this.countsAsDaily()) this.countDaily(stats, this.date, summary);
    else this.archive.addResult(this.date, summary); // never the daily statistics
    this.main.querySelector("[data-action=resultado]").hidden = false;
    const game = this.game;
    const end = await this.ending("Não foi possível mostrar o fim da corrida", true);
    if (end && this.game === game) await end.showEnd(this, state, summary, problem, options);
  }

  /** The computer opponents a counted run of `date` beat (run_end.js, once its analysis is in): counted once per day. */
  onOpponents(date, levels) {
    return this.endChunk().then((end) => end.countOpponentsBeaten(this.storage, date, levels)); // loaded: it asked
  }

  /** Today's tower, or an archive day's run that began as its day's tower: the daily statistics count it. */
  countsAsDaily() {
    return !this.archiveDate || this.archive.loadRun(this.archiveDate).daily === true;
  }

  /** Counts the day's tower of `date` in the statistics, once, and keeps its result for the archive list. */
  countDaily(stats, date, summary) {
    const daily = this.archive.load().daily;
    const earlier = stats.lastDate !== null && date < stats.lastDate && !daily[date]; // the next day's run ended first
    this.storage.saveStats(earlier ? addEarlierRun(stats, date, summary, Object.keys(daily)) : addRun(stats, date, summary));
    this.archive.addDaily(date, summary); // what the archive shows once the day is past
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
    fetchFn: earlyFetch,
    onDayLoaded: fileKeeper(),
    ...extra,
  });
  page.start().catch((error) => page.fail(error)); // never a half-drawn page
  return page;
}
