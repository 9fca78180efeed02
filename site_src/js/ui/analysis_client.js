// The page's side of the analysis worker (site_src/js/worker/analysis.js): started
// only when a run ends, one worker per page, one answer kept per day and log. The
// page never waits on it: each request is a promise that fails with a Portuguese
// sentence when the browser has no workers or the worker breaks.

const NO_WORKER = "Este navegador não consegue fazer a análise da corrida; o resto do jogo funciona na mesma.";
const BROKEN = "A análise da corrida falhou; o resto do jogo funciona na mesma.";

/** A classic worker (the bundle has no module syntax); throws where the browser has none. */
function newWorker(url) {
  if (typeof Worker !== "function") throw new Error("no Worker in this browser");
  return new Worker(url);
}

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

  /** The analysis of a finished run: `{date, day, constants, dawgUrl, actions}` → promise of analyseRun's result. */
  analyse(request) {
    const key = JSON.stringify([request.date, request.dawgUrl, request.actions]);
    if (!this.answers.has(key)) {
      const answer = this.ask(request);
      answer.catch(() => this.answers.delete(key)); // asked again later, tried again
      this.answers.set(key, answer);
    }
    return this.answers.get(key);
  }

  ask({ day, constants, dawgUrl, actions }) {
    let worker;
    try {
      worker = this.start();
    } catch (error) {
      return Promise.reject(new AnalysisError(NO_WORKER, String(error)));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, day, constants, dawgUrl, actions });
    });
  }

  start() {
    if (this.worker) return this.worker;
    const worker = this.makeWorker(this.workerUrl);
    worker.addEventListener("message", (event) => this.settle(event.data));
    worker.addEventListener("error", (event) => this.broken(event.message || "worker error"));
    this.worker = worker;
    return worker;
  }

  settle(data) {
    const waiting = this.waiting.get(data?.id);
    if (!waiting) return;
    this.waiting.delete(data.id);
    if (data.ok) waiting.resolve(data.result);
    else waiting.reject(new AnalysisError(data.message || BROKEN, data.detail));
  }

  /** The worker could not start or threw: every question waiting fails, the next one starts a new worker. */
  broken(detail) {
    this.worker?.terminate?.();
    this.worker = null;
    for (const { reject } of this.waiting.values()) reject(new AnalysisError(BROKEN, detail));
    this.waiting.clear();
  }
}
