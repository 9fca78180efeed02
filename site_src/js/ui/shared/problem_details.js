// What «Detalhes» says of a failure that is not yet a sentence (issue 42): the one place where
// an error thrown or posted in code (the DAWG reader's, a fetch's, the engine's, the analysis
// worker's: English, for a developer, and already in the console) becomes Portuguese. Loaded
// only when such a failure is shown (problem.js), so a first visit never downloads it.
// A failure is known by its `code` (set where it is thrown or posted), its name, or the form
// of a request's failure (loader.js: «<url>: HTTP <status>», «<url>: <the browser's error>»),
// and keeps what helps a report (a version, a block, an HTTP status, a URL); any other is
// «Erro interno inesperado.», its own words only in the console.

const LIST = "o ficheiro da lista de palavras está danificado: ";
const ENGINE = "erro interno do motor do jogo";
const UNEXPECTED = "erro interno inesperado";

// By `code`; `n`: the numbers of the message, in order (dawg.js gives them there).
const DETAILS = {
  // The DAWG reader (dawg.js DawgFormatError).
  dawg_size: (n) => `${LIST}tem ${n[0]} bytes, e o cabeçalho pede ${n.at(-1)}`,
  dawg_magic: () => `${LIST}o cabeçalho não é o de uma lista de palavras do jogo`,
  dawg_version: (n) => `${LIST}está na versão ${n[0]} do formato, e o jogo lê a versão ${n.at(-1)}`,
  dawg_header: () => `${LIST}o cabeçalho não confere com a sua soma de controlo`,
  dawg_block: (n) => `${LIST}o bloco ${n[0]} não confere com a sua soma de controlo`,
  dawg_structure: () => `${LIST}a estrutura das palavras não é válida`,
  // The engine (engine/analysis.js), a replay (verify.js) and the analysis worker (analysis_client.js).
  engine_refused: (n) => `${ENGINE}: a ação n.º ${n[0]} da corrida foi recusada`,
  replay_failed: () => `${ENGINE}: a repetição parou`,
  no_worker: () => "o navegador não deixa fazer cálculos em segundo plano",
  worker_stopped: () => "o cálculo em segundo plano parou antes de responder",
};

// «<url>: HTTP <status>», after a Portuguese clause or not (verify.js names the run's version first).
const HTTP = /^(.*?)(\S+): HTTP (\d+)$/;
// «<url>: <the browser's error>»: the request had no answer, or its answer is not JSON (a SyntaxError).
const ASKED = /^(\S+): (\w*Error): /;
// A browser's failed dynamic import names the module's URL (Chromium, Firefox); Safari names none.
const MODULE = /imported module|module script/i;

/** The Portuguese detail of `failure`: an Error, what a worker posted of one, or one made a string («TypeError: …»). */
export function detailOf(failure) {
  if (typeof failure === "string") {
    const thrown = /^(\w*Error): ([^]*)$/.exec(failure);
    failure = thrown ? { name: thrown[1], message: thrown[2] } : { message: failure };
  }
  if (failure?.name === "DayFileError") return failure.message; // the engine's, in Portuguese already
  const message = String(failure?.message ?? "");
  const code = Object.hasOwn(DETAILS, failure?.code ?? "") ? failure.code : failure?.name === "DawgFormatError" ? "dawg_structure" : null;
  if (code) return DETAILS[code](message.match(/\d+/g) ?? []);
  const http = HTTP.exec(message);
  if (http) return `${http[1]}o site respondeu com o código HTTP ${http[3]} ao pedir ${http[2]}`;
  const asked = ASKED.exec(message);
  if (asked) {
    return asked[2] === "SyntaxError" ? `o ficheiro ${asked[1]} não é o JSON que o jogo espera`
      : `sem resposta ao pedir ${asked[1]}: o aparelho pode estar sem Internet`;
  }
  if (message.startsWith("engine:")) return ENGINE;
  if (MODULE.test(message)) {
    const url = message.match(/\S+\.js\b/);
    return `o navegador não conseguiu descarregar uma parte do jogo${url ? ` (${url[0]})` : ""}`;
  }
  return UNEXPECTED;
}
