// Fetches what a day needs: the constants, the word list (DAWG) and the Coimbra
// words, once per page, and the day's tower. Every failure becomes a LoadError whose message
// is Portuguese and says what is missing, so the page never goes blank; its `detail` (the URL,
// the browser's error, the HTTP status) is the developer's, in English: «<url>: HTTP <status>»,
// «<url>: <the browser's error>» or the DAWG reader's error itself, which problem_details.js
// turns into Portuguese for «Detalhes» (problem.js); the console has it as it is.

import { Dawg, wordLookup } from "../../dawg.js";

export class LoadError extends Error {
  /**
   * `retry`: false when trying again cannot help (a day the site does not have), so none is
   * offered; `missing`: the site answered that the file does not exist (404); `otherDays`: the
   * ways to other days are offered (a date the page refuses).
   */
  constructor(message, detail, { retry = true, missing = false, otherDays = false } = {}) {
    super(message);
    this.name = "LoadError";
    this.detail = detail;
    this.retry = retry;
    this.missing = missing;
    this.otherDays = otherDays;
  }
}

/**
 * The URLs the page was rendered with (data-* attributes of <main id="jogo">); `common`
 * (data-comuns, the common words' DAWG) is only for the analysis worker, null when absent;
 * `practice` (data-treino) and `practiceTotal` on the practice page (/treino/) and the game page,
 * which keeps the practice tower the player is on for offline play (practiceFiles).
 */
export function readUrls(main) {
  const { dawg, constants, days, coimbra, versao, versoes, treino, treinoTotal, comuns } = main.dataset;
  return { dawg, constants, days, coimbra, version: versao ?? null, versions: versoes ?? null, common: comuns ?? null,
    practice: treino ?? null, practiceTotal: Number(treinoTotal) || 0 };
}

/** An absolute URL (what the analysis worker fetches), or undefined. */
export const absolute = (url) => (url ? new URL(url, location.href).href : undefined);

/** URL of the day file for `date`, under the folder named by data-days. */
export function dayUrl(urls, date) {
  return `${urls.days.replace(/\/?$/, "/")}${date}.json`;
}

/**
 * The response to `url`, or a LoadError naming `what`; `notFound` is the message for a 404,
 * and `notFoundRetry` whether trying again may find it.
 */
async function fetchOk(url, what, fetchFn, notFound = null, notFoundRetry = true) {
  let response;
  try {
    response = await fetchFn(url);
  } catch (error) {
    throw new LoadError(`Não foi possível descarregar ${what}. Verifique se o aparelho tem Internet e recarregue a página.`, `${url}: ${error}`);
  }
  // A file the site does not have (yet) is a state, not a fault: said plainly, with no «Detalhes».
  if (notFound && response.status === 404) throw new LoadError(notFound, null, { retry: notFoundRetry, missing: true });
  if (!response.ok) {
    throw new LoadError(`Não foi possível descarregar ${what}. Tente outra vez daqui a pouco.`, `${url}: HTTP ${response.status}`);
  }
  return response;
}

async function fetchJson(url, what, fetchFn, notFound = null) {
  const response = await fetchOk(url, what, fetchFn, notFound);
  try {
    return await response.json();
  } catch (error) {
    throw new LoadError(`O ficheiro com ${what} está danificado. Recarregue a página.`, `${url}: ${error}`);
  }
}

/** coimbra.json (folded word → {word, blurb, slug, opener}; lists published before d0c9597a28 lack opener) as a Map. */
export function coimbraIndex(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new LoadError("A lista das palavras de Coimbra não é válida.", "coimbra.json");
  }
  return new Map(Object.entries(data));
}

/**
 * How the player's messages name the tower of `date`: today's, or a past day's (`archived`),
 * whose heading already names the date (so `missing` does not repeat it).
 */
export function towerWords(date, archived) {
  const shown = date.split("-").reverse().join("/");
  return archived
    ? { name: `a torre de ${shown}`, file: `O ficheiro da torre de ${shown}`, missing: "Este dia não está no arquivo. Pode escolher outro dia no arquivo ou jogar a torre de hoje." }
    : { name: "a torre de hoje", file: "O ficheiro da torre de hoje", missing: `Ainda não há torre para o dia ${shown}. Tente outra vez daqui a pouco.` };
}

/** The day file of `date`; its shape is the engine's to judge (newRun), its date is checked here. */
function loadDay(urls, date, fetchFn, archived) {
  // Today's tower may yet be deployed; a past day missing from the archive never will be.
  return loadTower(dayUrl(urls, date), towerWords(date, archived), fetchFn, (day) => day.date === date, !archived);
}

/** URL of practice tower `number` (1-based) under data-treino: treino/0017.json. */
export function practiceUrl(urls, number) {
  return `${urls.practice.replace(/\/?$/, "/")}${String(number).padStart(4, "0")}.json`;
}

/** The practice tower file the player is on (`storage`: GameStorage), kept with the day's so that
 * a first visit of the game makes /treino/ (precached) play offline too; none without data-treino. */
export function practiceFiles(urls, storage) {
  return urls.practice ? [practiceUrl(urls, storage.practiceTower(urls.practiceTotal))] : [];
}

/**
 * A tower file (a day or a practice tower) that `isIt` recognises, or a LoadError in `words`;
 * `retry`: whether trying again may find a file the site does not have yet.
 */
export async function loadTower(url, words, fetchFn, isIt, retry = true) {
  const response = await fetchOk(url, words.name, fetchFn, words.missing, retry);
  let day;
  try {
    day = await response.json();
  } catch (error) {
    throw new LoadError(`${words.file} está danificado.`, `${url}: ${error}`);
  }
  if (!day || !isIt(day)) throw new LoadError(`${words.file} não é válido.`, url);
  return day;
}

/** What the player reads when the word list is damaged, found at load or in play. */
export const DAMAGED_LIST = "A lista de palavras está danificada. Recarregue a página.";

/** The word checker from the DAWG; a LoadError when it cannot be had (`notFound`: its message for a 404). */
export async function loadWords(urls, fetchFn = (url) => fetch(url), what = "a lista de palavras", notFound = null) {
  const response = await fetchOk(urls.dawg, what, fetchFn, notFound);
  try {
    return wordLookup(new Dawg(await response.arrayBuffer()));
  } catch (error) {
    throw new LoadError(DAMAGED_LIST, error);
  }
}

/**
 * What every day shares, loaded once per page: {constants, coimbra, words}, where
 * `words` is a promise. The board needs no word list to be shown and played on, only
 * to judge a play: on a slow network the DAWG (the largest file) arrives while the
 * player looks at the board instead of before it (issue 14).
 */
export async function loadShared(urls, fetchFn = (url) => fetch(url)) {
  const words = loadWords(urls, fetchFn);
  words.catch(() => {}); // its failure is reported by whoever waits for it
  const [constants, coimbra] = await Promise.all([
    fetchJson(urls.constants, "as regras do jogo", fetchFn),
    fetchJson(urls.coimbra, "as palavras de Coimbra", fetchFn),
  ]);
  return { constants, words, coimbra: coimbraIndex(coimbra) };
}

/**
 * Everything to start a run on the tower `tower` (a promise of its file, a day's or a practice
 * tower's): {constants, words (a promise), day, coimbra}. With `shared` (what loadShared gave
 * for an earlier tower) only the tower file is fetched.
 */
export async function loadWith(urls, tower, fetchFn = (url) => fetch(url), shared = null) {
  const [common, day] = await Promise.all([shared ?? loadShared(urls, fetchFn), tower]);
  return { ...common, day };
}

/** Everything to start a run on `date` (loadWith with its day file). */
export async function loadGame(urls, date, fetchFn = (url) => fetch(url), shared = null, archived = false) {
  return loadWith(urls, loadDay(urls, date, fetchFn, archived), fetchFn, shared);
}

/** The files of word-list version `v`, kept under data-versoes for ever: its DAWG and its coimbra.json. */
export function versionUrls(urls, v) {
  const folder = (urls.versions ?? "/versoes/").replace(/\/?$/, "/");
  return { dawg: `${folder}${v}.dawg`, coimbra: `${folder}${v}.coimbra.json` };
}

/**
 * The DAWG a run on word-list version `v` is played and replayed with: the page's own for the
 * current list (the name the service worker keeps after a visit), else the kept file of `v`.
 */
export function runDawgUrl(urls, v) {
  return (!v || v === urls.version) && urls.dawg ? urls.dawg : versionUrls(urls, v).dawg;
}

/** The DAWG the page's run is played with (its `runVersion`), as the analysis worker fetches it: an absolute URL. */
export const runDawgOf = (page) => absolute(runDawgUrl(page.urls, page.runVersion));

/** Said when the site answers that a save's word-list version is not among its kept ones. */
export const VERSION_MISSING = "Este site não tem a lista de palavras com que esta corrida começou.";

/**
 * The word list a run is played with: {version, words (a promise), coimbra (a promise of the Map)}.
 * The page's own list when `v` is null (saves older than versions) or the current one; else
 * the kept files of `v`, so a run started before a new word list replays as it was played.
 * A version the site does not have fails with a LoadError whose `missing` is true.
 */
export function wordsForVersion(urls, v, fetchFn, shared) {
  if (!v || v === urls.version) {
    return { version: urls.version, words: shared.words, coimbra: Promise.resolve(shared.coimbra) };
  }
  const files = versionUrls(urls, v);
  const what = "a lista de palavras com que esta corrida começou";
  const words = loadWords(files, fetchFn, what, VERSION_MISSING);
  words.catch(() => {});
  const coimbra = fetchJson(files.coimbra, what, fetchFn, VERSION_MISSING).then(coimbraIndex);
  coimbra.catch(() => {});
  return { version: v, words, coimbra };
}
