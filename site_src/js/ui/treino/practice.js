// Treino, the practice mode (/treino/, practice_main.js): numbered practice towers
// (treino/NNNN.json, docs/days-format.md) played on the game page's own modules. Saved
// under their own key, apart from today's run, the daily statistics, the streak, the par
// counts and the archive, which they never touch (their figures in Estatísticas are
// end_view.js practiceFacts and practiceFirst, from storage.js practiceFigures). Read back defensively, like storage.js: a damaged save is
// copied aside, its readable parts kept, never thrown. Only the practice page's script loads this module.

import { pageClient } from "../shared/analysis_client.js";
import { el } from "../shared/dialogs.js";
import { ordinal, points } from "../shared/labels.js";
import { absolute, loadTower, loadWith, practiceUrl, runDawgOf } from "../shared/loader.js";
import { isActions, isResult, resultOf, wordListOf } from "../shared/saved_values.js";
import { NO_COPY, PRACTICE_KEY, practiceTower } from "../shared/storage.js";
import { Suggestion } from "./suggestion.js";

const PRACTICE_VERSION = 1;
// A damaged practice save's text is copied here (then .2, .3 …) before its readable parts replace it.
const DAMAGED_PRACTICE_KEY = "torre.treino.danificado";
// A practice run this site cannot replay (its word-list version is not here) is copied to this key
// followed by its tower's number before that tower starts over.
const ASIDE_RUN_PREFIX = "torre.treino.posta-de-parte.";

const isNumber = (n) => Number.isInteger(n) && n >= 1;

/** The key a practice run is saved and analysed under ("treino-17"): never a date. */
export const practiceKey = (number) => `treino-${number}`;

/** The tower after `number`: past the last comes the first again. */
export const nextPractice = (number, total) => (number >= total ? 1 : number + 1);

function emptyPractice() {
  return { v: PRACTICE_VERSION, current: 1, run: null, results: {} };
}

const isRecord = (o) => o !== null && typeof o === "object" && !Array.isArray(o);
const isRun = (run) => isRecord(run) && isNumber(run.number) && isActions(run.actions) && typeof run.bag === "string";

/** The well-formed parts of stored `data`, whatever its version (a damaged save keeps what can be read). */
function readablePractice(data) {
  const practice = emptyPractice();
  if (!isRecord(data)) return practice;
  if (isNumber(data.current)) practice.current = data.current;
  const run = data.run;
  if (isRun(run)) practice.run = { number: run.number, actions: run.actions, wordList: wordListOf(run.wordList), bag: run.bag };
  for (const [number, result] of Object.entries(isRecord(data.results) ? data.results : {})) {
    if (isNumber(Number(number)) && isResult(result)) practice.results[number] = { floor: result.floor, total: result.total, won: result.won };
  }
  return practice;
}

/** True when stored `data` is not a practice save this version wrote whole: another version, a part unreadable. */
function isDamaged(data, practice) {
  if (!isRecord(data) || data.v !== PRACTICE_VERSION || !isNumber(data.current)) return true;
  if (data.run !== null && !isRun(data.run)) return true;
  return !isRecord(data.results) || Object.keys(data.results).length !== Object.keys(practice.results).length;
}

/**
 * Over GameStorage's read/write: {v, current, run:{number, actions, wordList, bag}|null,
 * results:{number:{floor, total, won}}}. One run is kept, the current tower's; `bag` is the
 * tower's bag when it was saved, so a run is never replayed on a tower that has changed.
 */
export class PracticeStore {
  constructor(storage) {
    this.storage = storage;
    storage.guard(PRACTICE_KEY, DAMAGED_PRACTICE_KEY, (raw) => {
      try {
        const data = JSON.parse(raw);
        return isDamaged(data, readablePractice(data));
      } catch {
        return true;
      }
    });
  }

  /** {practice, raw, damaged}: what is stored, its readable parts, and whether anything was unreadable. */
  read() {
    const { raw, data } = this.storage.readStored(PRACTICE_KEY);
    const practice = readablePractice(data);
    return { practice, raw, damaged: raw !== null && isDamaged(data, practice) };
  }

  /** The readable practice save; a damaged one is copied aside first (whatever is saved next replaces it). */
  load() {
    const { practice, raw, damaged } = this.read();
    if (damaged) this.keepAside(raw);
    return practice;
  }

  /** Copies a damaged save's text aside (once per text: storage.js keepDamaged); true when it is kept. */
  keepAside(raw) {
    return this.storage.keepDamaged(DAMAGED_PRACTICE_KEY, raw);
  }

  /**
   * Once per page, before the tower is shown: a damaged save is copied aside and, when the copy
   * was written, replaced by its readable parts. Null, or the sentence that tells the player.
   */
  repair() {
    const { practice, raw, damaged } = this.read();
    if (!damaged) return null;
    const kept = this.keepAside(raw);
    if (kept) this.save(practice);
    return "O treino guardado neste aparelho estava danificado: ficou o que se conseguiu ler "
      + (kept ? "(ficou guardada uma cópia do original à parte)." : `(não foi possível guardar uma cópia do original: ${NO_COPY}).`);
  }

  save(practice) {
    return this.storage.write(PRACTICE_KEY, JSON.stringify(practice));
  }

  /** The tower the player is on, within 1 … total (a smaller site starts again from 1). */
  current(total) {
    return practiceTower(this.load(), total);
  }

  /** Same answers as GameStorage.loadRun, for practice tower `number` whose bag is `bag`. */
  loadRun(number, bag) {
    const { run } = this.load();
    if (!run || run.number !== number) return { status: "none" };
    if (run.bag !== bag) return { status: "corrupt", reason: "esta torre de treino mudou com uma nova versão do jogo" };
    return { status: "ok", actions: run.actions, wordList: run.wordList };
  }

  saveRun(number, actions, wordList, bag) {
    const practice = this.load();
    practice.current = number;
    practice.run = wordList ? { number, actions, wordList, bag } : { number, actions, bag };
    return this.save(practice);
  }

  /** Copies the saved run of tower `number` aside before it starts over; true when the browser wrote the copy. */
  setRunAside(number) {
    const { run } = this.load();
    return run?.number === number && this.storage.write(ASIDE_RUN_PREFIX + number, JSON.stringify(run));
  }

  clearRun() {
    const practice = this.load();
    practice.run = null;
    return this.save(practice);
  }

  /** A finished practice tower: counted once, however often its end screen is seen. */
  addResult(number, summary) {
    const practice = this.load();
    if (practice.results[number]) return false;
    practice.results[number] = resultOf(summary);
    return this.save(practice);
  }

  /** On to the next tower: the finished run is let go (its result stays). */
  moveOn(total) {
    const practice = this.load();
    practice.current = nextPractice(practiceTower(practice, total), total);
    practice.run = null;
    this.save(practice);
    return practice.current;
  }
}

/** The run store a Game saves a practice run through (see archive_store.js runStore). */
export function practiceRunStore(store, number, bag, wordList) {
  return {
    loadRun: () => store.loadRun(number, bag),
    saveRun: (_key, actions) => store.saveRun(number, actions, wordList, bag),
    clearRun: () => store.clearRun(),
    keepAside: () => store.setRunAside(number),
  };
}

/** How the player's messages name practice tower `number`. */
export function practiceWords(number) {
  const name = `a torre de treino n.º ${number}`;
  return { name, file: `O ficheiro da torre de treino n.º ${number}`, missing: `A torre de treino n.º ${number} não existe neste site.` };
}

/** Everything to start practice tower `number` (loader.js loadWith with its tower file). */
export async function loadPracticeGame(urls, number, fetchFn = (url) => fetch(url), shared = null) {
  const tower = loadTower(practiceUrl(urls, number), practiceWords(number), fetchFn, (day) => day.treino === number);
  return loadWith(urls, tower, fetchFn, shared);
}

/** The heading, the loading line and the "Treino" mark name tower `number` (the practice
 * controls, Sugestão and Próxima torre, are _game.html's on this page). */
export function markPractice(main, number) {
  const heading = main.querySelector("h1");
  if (heading) heading.textContent = `Treino: torre n.º ${number}`;
  const loading = main.querySelector("#carregar");
  if (loading) loading.textContent = `A preparar a torre de treino n.º ${number}…`;
  main.querySelector("#marca-treino")?.replaceChildren(el("strong", { text: "Treino" }), ` n.º ${number}`);
}

/** Sugestão's sentence under the buttons: {say(text), clear()}, as suggestion.js speaks. */
export function suggestionLine(main) {
  const line = () => main.querySelector("#sugestao-texto");
  return {
    say(text, tone = "info") {
      const p = line();
      if (!p) return;
      p.textContent = text;
      p.dataset.tone = tone;
      p.hidden = !text;
    },
    clear() {
      this.say("");
    },
  };
}

/** The practice end screen: what happened, against the chosen opponent (`against`, a sentence) too, and that it counts apart. */
export function practiceEndBody(summary, number, total, against = null) {
  const headline = summary.won
    ? `Subiu toda a torre de treino com ${points(summary.total)}!`
    : `A corrida de treino acabou no ${ordinal(summary.floorReached)} andar, com ${points(summary.total)}.`;
  const next = nextPractice(number, total);
  const after = next === 1 ? "Depois desta, volta-se à torre de treino n.º 1." : `A seguir: a torre de treino n.º ${next}.`;
  return [
    el("p", { class: "manchete", text: headline }),
    ...(against ? [el("p", { id: "treino-adversario", text: against })] : []),
    el("p", { text: `Torre de treino n.º ${number}. ${after}` }),
    el("p", { class: "aviso-erro", text: "O treino conta à parte: não entra nas estatísticas diárias, nos dias seguidos nem no arquivo, nem é comparado com o par." }),
    el("p", { class: "ligacoes" }, [el("a", { href: "/", text: "Jogar a torre de hoje" })]),
  ];
}

/**
 * What the page (ui/game/page.js) asks of a mode: which tower (`tower()`, as Page.dayTower
 * describes a day), how a run ends (`finish`), its own buttons (`action`: Sugestão,
 * Próxima torre) and `forget()` after any action (the suggestion shown no longer fits).
 */
export class PracticeMode {
  constructor(page) {
    this.page = page;
    this.store = new PracticeStore(page.storage);
    this.number = null;
    this.suggestion = new Suggestion((game) => this.ask(game), suggestionLine(page.main));
    page.analysisClient = pageClient(page.main); // the suggestions' worker, which the run's analysis shares
  }

  get total() {
    return this.page.urls.practiceTotal;
  }

  /** The practice tower the player is on; the next one and Sugestão's files are kept offline too. */
  tower() {
    const { page, total } = this;
    const number = this.store.current(total);
    this.number = number;
    markPractice(page.main, number);
    const words = practiceWords(number);
    return {
      key: practiceKey(number),
      load: () => loadPracticeGame(page.urls, number, page.fetchFn, page.shared),
      file: words.file,
      name: words.name,
      keep: [practiceUrl(page.urls, number), practiceUrl(page.urls, nextPractice(number, total)),
        page.analysisClient.workerUrl, ...(page.urls.common ? [absolute(page.urls.common)] : [])],
      saved: (data) => this.store.loadRun(number, data.day.bag),
      store: (data, wordList) => practiceRunStore(this.store, number, data.day.bag, wordList),
      aside: () => this.store.setRunAside(number), // a save this site cannot resume (Page.startOver)
      clear: () => this.store.clearRun(),
    };
  }

  forget() {
    this.suggestion.forget();
  }

  /** True when `name` is one of the mode's own buttons (and it was used). */
  action(name) {
    if (name === "sugestao") this.suggestion.next(this.page.game);
    else if (name === "proxima") this.next();
    else return false;
    return true;
  }

  /** The end of a practice run: its own result only (no daily statistics, streak, par or archive). */
  async finish(state) {
    const { page, number } = this;
    const summary = page.engine.summary(state);
    this.store.addResult(number, summary);
    for (const name of ["resultado", "proxima"]) page.main.querySelector(`[data-action=${name}]`).hidden = false;
    const game = page.game;
    const end = await page.ending("Não foi possível mostrar o fim do treino", true);
    if (!end || page.game !== game) return;
    const { runAnalysis, analysis } = end.requestAnalysis(page, state, { countPar: false });
    const against = await end.chosenOpponentLine(page, summary);
    if (page.game !== game) return;
    const choice = await page.dialogs.ask(summary.won ? "Subiu toda a torre de treino!" : "Fim do treino",
      practiceEndBody(summary, number, this.total, against), [
        { text: "Próxima torre", value: "proxima", kind: "principal" }, { text: "Análise da corrida", value: "analise" },
        { text: "Fechar", value: null },
      ], { kind: "fim", opensOn: page.game?.takeSaid() ?? "" });
    if (choice === "proxima") this.next();
    if (choice === "analise" && await runAnalysis.show(analysis, page.data.constants, { par: false }) === "fim") {
      this.finish(state);
    }
  }

  /** On to the next practice tower (after the last, the first again). */
  next() {
    const { page } = this;
    if (page.dialogs.isOpen) page.dialogs.answer(null);
    const number = this.store.moveOn(this.total);
    page.start().then(() => page.game && page.announcer.say(`Torre de treino n.º ${number}.`), (error) => page.fail(error));
  }

  /** Sugestão's plays for the game's position, from the analysis worker: {common, best}. */
  ask(game) {
    return this.page.analysisClient.suggest({ state: game.state, dawgUrl: runDawgOf(this.page),
      commonUrl: absolute(this.page.urls.common) });
  }
}
