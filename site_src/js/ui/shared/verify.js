// Verifying a replay code, shared by the replay page (../replay/replay_page.js), the challenge
// page (../challenge/challenge_page.js) and what admits runs from outside (admit.js): reads
// the code, loads its day and the word list it was played with, replays it in the engine and says the verdict. Nothing here throws
// at the player: every failure becomes a plain Portuguese sentence, and what a developer
// needs (the engine's reason, the version, the HTTP status) its `detail` (problem.js «Detalhes»):
// a Portuguese clause, or a failure (an Error, «<url>: HTTP <status>», «<url>: <error>») that
// problem_details.js says in Portuguese.

import { readCode, replayCode } from "../../engine/replay_code.js";
import { newRun } from "../../engine/state.js";
import { summary } from "../../engine/summary.js";
import { ordinal, points } from "./labels.js";
import { Dawg, wordLookup } from "../../dawg.js";
import { lisbonDate, shownDate } from "./lisbon_date.js";
import { dayUrl, readUrls, runDawgUrl } from "./loader.js";
import { notOpened } from "./saved_values.js";

export const NOT_VERIFIED = "Não foi possível verificar esta corrida";

class Unverifiable extends Error {
  constructor(message, detail) {
    super(message);
    this.detail = detail;
  }
}

async function fetchOrSay(fetchFn, url, missing, about = "") {
  let response;
  try {
    response = await fetchFn(url);
  } catch (error) {
    throw new Unverifiable(`${NOT_VERIFIED}: sem Internet, não se conseguem descarregar os ficheiros necessários. Verifique se o aparelho tem Internet e recarregue a página.`,
      `${url}: ${error}`);
  }
  if (!response.ok) throw new Unverifiable(`${NOT_VERIFIED}: ${missing}.`, `${about}${url}: HTTP ${response.status}`);
  return response;
}

/** The JSON of `response` (from `url`), or a failure that names the file. */
const jsonOf = (response, url) => response.json().catch((error) => { throw new Error(`${url}: ${error}`); });

/**
 * {day, constants, words, files} the code needs, or an Unverifiable saying what is missing;
 * `files`: {day, dawg}, the URLs fetched (what a visited challenge keeps offline).
 */
export async function loadFor(read, main, fetchFn) {
  const urls = { ...readUrls(main), days: main.dataset.days || "/dias/" };
  const files = { day: dayUrl(urls, read.date), dawg: runDawgUrl(urls, read.version) };
  const constantsUrl = main.dataset.constants || "/constantes.json";
  const date = shownDate(read.date);
  // All three at once (the word list is the largest); a failure is said in this order.
  const settled = await Promise.allSettled([
    fetchOrSay(fetchFn, files.day, `a torre de ${date} não existe neste site`),
    fetchOrSay(fetchFn, constantsUrl, "as regras do jogo não se conseguiram descarregar"),
    fetchOrSay(fetchFn, files.dawg, "a lista de palavras com que foi jogada não está neste site",
      `a corrida foi jogada com a lista de palavras da versão ${read.version}; `),
  ]);
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  const [dayResponse, constantsResponse, dawgResponse] = settled.map((s) => s.value);
  let loaded;
  try {
    const [day, constants, bytes] = await Promise.all([jsonOf(dayResponse, files.day), jsonOf(constantsResponse, constantsUrl),
      dawgResponse.arrayBuffer()]);
    // Every block checked now: a damaged word list is the file's fault, never the link's (found mid-replay).
    loaded = { day, constants, words: wordLookup(new Dawg(bytes).verify()), files };
  } catch (error) {
    throw new Unverifiable(`${NOT_VERIFIED}: um ficheiro de que a repetição precisa está danificado.`, error);
  }
  try {
    newRun(loaded.day, loaded.constants); // a day file the engine refuses is the file's fault, not the link's
  } catch (error) {
    throw new Unverifiable(`${NOT_VERIFIED}: o ficheiro da torre de ${date} está danificado. Tente outra vez daqui a pouco.`, error);
  }
  return loaded;
}

const DAMAGED = `${NOT_VERIFIED}: a ligação está danificada ou foi alterada.`;

/** Why a replay stopped, for «Detalhes»: the engine's reason, but an error it threw (replay_code.js) is the console's. */
const stopped = (reason) => (reason.startsWith("a repetição falhou (") ? Object.assign(new Error(reason), { code: "replay_failed" })
  : `a repetição parou: ${reason}`);

/** The verdict of a replay, as said to the player: {verified, finished, text, detail}. */
export function verdict(read, replayed) {
  if (!replayed.ok) return { verified: false, text: DAMAGED, detail: stopped(replayed.reason) };
  if (!replayed.verified) {
    const made = summary(replayed.state);
    return { verified: false, text: `${NOT_VERIFIED}: a ligação foi alterada e as jogadas que traz não dão o resultado que anuncia.`,
      detail: `a ligação anuncia o ${ordinal(read.floor)} andar e ${points(read.total)}; `
        + `as jogadas dão o ${ordinal(made.floorReached)} andar e ${points(made.total)}` };
  }
  const { phase } = replayed.state;
  if (phase !== "won" && phase !== "lost") {
    return { verified: true, finished: false,
      text: `Corrida verificada, mas por acabar: ficou no ${ordinal(read.floor)} andar, com ${points(read.total)}.` };
  }
  const end = phase === "won" ? "subiu a torre toda" : `chegou ao ${ordinal(read.floor)} andar`;
  return { verified: true, finished: true, text: `Corrida verificada: ${end}, com ${points(read.total)}.` };
}

/** The code in a fragment ("#1AbC…"); chat apps may percent-encode it, and a stray "%" is no crash. */
export function fragmentCode(hash) {
  const raw = String(hash ?? "").replace(/^#/, "");
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}

/**
 * Verifies `code` for the page `main` (its data-* name the files): {read, loaded, replayed,
 * text, detail, verified, finished}, `loaded` and `replayed` null where it stopped before them; `text` is the
 * verdict as said to the player, `detail` (or none) why, for a developer. Never throws. `onRead(read)`: called once the code reads,
 * before anything is downloaded. `today`: the Lisbon date; a run of a later day is not verified
 * (saved_values.js notOpened).
 */
export async function verifyCode(code, main, fetchFn, { onRead = () => {}, today = lisbonDate() } = {}) {
  const read = readCode(code);
  const refused = (text, detail = null) => ({ read, loaded: null, replayed: null, text, detail, verified: false });
  if (!read.ok) {
    return code ? refused(DAMAGED, `o código não se lê: ${read.reason}`) : refused(`${NOT_VERIFIED}: esta ligação não traz nenhuma corrida.`);
  }
  if (notOpened(read.date, today)) return refused(`${NOT_VERIFIED}: é de ${shownDate(read.date)}, um dia que ainda não chegou.`);
  onRead(read);
  let loaded;
  try {
    loaded = await loadFor(read, main, fetchFn);
  } catch (error) {
    return error instanceof Unverifiable ? refused(error.message, error.detail)
      : refused(`${NOT_VERIFIED}: aconteceu um erro inesperado.`, error);
  }
  const replayed = replayCode(read, loaded.day, loaded.constants, loaded.words);
  return { read, loaded, replayed, ...verdict(read, replayed) };
}
