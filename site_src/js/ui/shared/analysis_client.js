// The page's side of the analysis worker (site_src/js/worker/analysis.js): started only
// when a run ends, a suggestion is asked or the opponent's line needs its standings, one
// worker per page, one analysis kept per day and log. The page never waits on it: each request is a promise that fails with
// a Portuguese sentence when the browser has no workers or the worker breaks; its `detail` is an
// Error with a `code` where the failure is known, which «Detalhes» would say in Portuguese
// (problem.js, problem_details.js), the English for the console.

const NO_WORKER = "Este navegador não consegue fazer a análise da corrida; o resto do jogo funciona na mesma.";
const BROKEN = "A análise da corrida falhou; o resto do jogo funciona na mesma.";
const NO_WORKER_SUGGEST = "Este navegador não consegue procurar sugestões; o resto do jogo funciona na mesma.";
const NO_WORKER_TABLE = "Este navegador não consegue calcular as corridas do Caloiro, do Veterano e do Dux.";
const BROKEN_TABLE = "Não foi possível calcular as corridas do Caloiro, do Veterano e do Dux.";
const BROKEN_SUGGEST = "A procura de uma sugestão falhou; o resto do jogo funciona na mesma.";
const NO_WORKER_STANDINGS = "Este navegador não consegue calcular as corridas do Caloiro, do Veterano e do Dux; o resto do jogo funciona na mesma.";
const BROKEN_STANDINGS = "Não foi possível calcular as corridas do Caloiro, do Veterano e do Dux; o resto do jogo funciona na mesma.";

/** A classic worker (the bundle has no module syntax); throws where the browser has none. */
function newWorker(url) {
  if (typeof Worker !== "function") throw Object.assign(new Error("no Worker in this browser"), { code: "no_worker" });
  return new Worker(url);
}

/** The worker's posted error ({name, message, code, …}) as an Error again; a string stays one. */
const revived = (detail) => (detail && typeof detail === "object" ? Object.assign(new Error(detail.message), detail) : detail);

export class AnalysisError extends Error {
  constructor(message, detail) {
    super(message);
    this.name = "AnalysisError";
    this.detail = detail;
  }
}

export class AnalysisClient {
  /** `workerUrl`: static/<hash>/js/analise.js; `makeWorker(url)` is injectable for tests. */
  constructor(workerUrl, makeWorker = newWorker) {
    this.workerUrl = workerUrl;
    this.makeWorker = makeWorker;
    this.worker = null;
    this.waiting = new Map(); // request id → {resolve, reject}
    this.answers = new Map(); // the run (date, word list, actions) → promise of the analysis
    this.nextId = 1;
  }

  /**
   * The analysis of a finished run: `{date, day, constants, dawgUrl, commonUrl, actions, version}`
   * → promise of analyseRun's result (without `commonUrl` its rows have no common plays); with
   * `commonUrl` and `version` (the run's word list's) it has the day's `opponents` too.
   */
  analyse(request) {
    const key = JSON.stringify([request.date, request.dawgUrl, request.commonUrl, request.version, request.actions]);
    if (!this.answers.has(key)) {
      const answer = this.ask(request);
      answer.catch(() => this.answers.delete(key)); // asked again later, tried again
      this.answers.set(key, answer);
    }
    return this.answers.get(key);
  }

  /**
   * The plays to suggest in `state` (an engine state of phase "play", plain data: it crosses
   * postMessage as it is): promise of `{common, best}`, the best play in common words and the
   * best play, each `{words, points, tiles}` or null. Not kept: each call asks the worker.
   */
  suggest({ state, dawgUrl, commonUrl }) {
    return this.post({ kind: "suggest", state, dawgUrl, commonUrl }, NO_WORKER_SUGGEST, BROKEN_SUGGEST);
  }

  /**
   * Where each opponent stood after each of its turns on `day` (the worker's "standings"):
   * promise of `{caloiro, doutor, dux}`, each a list of `{floor, total, won}`. Numbers only:
   * asked while the run is played. Not kept: asked once per tower shown.
   */
  standings({ day, constants, dawgUrl, commonUrl }) {
    return this.post({ kind: "standings", day, constants, dawgUrl, commonUrl }, NO_WORKER_STANDINGS, BROKEN_STANDINGS);
  }

  /**
   * The day's three opponents (the day's table, on pages without a run of their own):
   * `{day, constants, dawgUrl, commonUrl, version}` → promise of `[{level, floor, total, won, code}]`.
   */
  opponents({ day, constants, dawgUrl, commonUrl, version }) {
    return this.post({ kind: "opponents", day, constants, dawgUrl, commonUrl, version }, NO_WORKER_TABLE, BROKEN_TABLE);
  }

  ask({ day, constants, dawgUrl, commonUrl, actions, version }) {
    return this.post({ day, constants, dawgUrl, commonUrl, actions, version }, NO_WORKER, BROKEN);
  }

  /** Send one request to the worker (started if need be); the promise of its answer. */
  post(message, noWorker, brokenText) {
    let worker;
    try {
      worker = this.start();
    } catch (error) {
      return Promise.reject(new AnalysisError(noWorker, error));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, brokenText });
      worker.postMessage({ id, ...message });
    });
  }

  start() {
    if (this.worker) return this.worker;
    const worker = this.makeWorker(this.workerUrl);
    worker.addEventListener("message", (event) => this.settle(event.data));
    worker.addEventListener("error", (event) => this.broken(Object.assign(new Error(event.message || "o cálculo parou sem dizer porquê"),
      { code: "worker_stopped" })));
    this.worker = worker;
    return worker;
  }

  settle(data) {
    const waiting = this.waiting.get(data?.id);
    if (!waiting) return;
    this.waiting.delete(data.id);
    if (data.ok) waiting.resolve(data.result);
    else waiting.reject(new AnalysisError(data.message || waiting.brokenText, revived(data.detail)));
  }

  /** The worker could not start or threw: every question waiting fails, the next one starts a new worker. */
  broken(detail) {
    this.worker?.terminate?.();
    this.worker = null;
    for (const { reject, brokenText } of this.waiting.values()) reject(new AnalysisError(brokenText, detail));
    this.waiting.clear();
  }
}

/** The page's client of the analysis worker: the bundle static/<hash>/js/analise.js of <main data-static>, started when first asked. */
export function pageClient(main) {
  const base = new URL(main.dataset.static || "/", location.href);
  return new AnalysisClient(new URL("js/analise.js", base).href);
}
