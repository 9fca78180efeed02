// Archive runs in localStorage, apart from today's run and the daily statistics
// (which they never touch): one key holds each archive day's saved run (its
// action log and word-list version) and the result of each day finished, and,
// for the archive list only, the result of each day played as the day's tower.
// A day's tower still unfinished when its day ended goes on here too, marked
// `daily`: it still counts as that day's tower when it ends (carryEarlierRun).
// Read back defensively, like storage.js: a damaged entry is dropped, never thrown;
// and before anything is written over a damaged archive, its text is copied aside.

import { isActions, isCodeShaped, isDate, isOutcomes, isResult, resultOf, wordListOf } from "./saved_values.js";
import { damagedSentence } from "./storage.js";

const ARCHIVE_KEY = "torre.arquivo";
// A damaged archive's text is copied here before its readable days replace it, so nothing is lost.
const DAMAGED_ARCHIVE_KEY = "torre.arquivo.danificado";
// An archive day's run this site cannot replay is copied to this key followed by its date.
const ASIDE_RUN_PREFIX = "torre.arquivo.posta-de-parte.";
const ARCHIVE_VERSION = 1;
const KINDS = ["runs", "results", "daily"];

const isRecord = (o) => o !== null && typeof o === "object" && !Array.isArray(o);
// A run as kept: `daily` when it began as its day's tower (and so counts as one when it ends).
const keptRun = (actions, wordList, daily) => ({ actions, wordList: wordList ?? null, ...(daily ? { daily: true } : {}) });
// A result as kept: the par's verdict (`beatPar`) and the run against each opponent (`opponents`,
// {caloiro, doutor, dux}: "won", "lost" or "tied") only once the analysis has given them.
// The run's replay code (`code`) too, once the end screen has made it, so that the day's table can link it.
const keptResult = (r) => ({ floor: r.floor, total: r.total, won: r.won, ...(typeof r.beatPar === "boolean" ? { beatPar: r.beatPar } : {}),
  ...(isOutcomes(r.opponents) ? { opponents: { ...r.opponents } } : {}), ...(isCodeShaped(r.code) ? { code: r.code } : {}) });

function emptyArchive() {
  return { v: ARCHIVE_VERSION, runs: {}, results: {}, daily: {} };
}

/** The well-formed entries of stored `data`, whatever its version (a damaged archive keeps what can be read). */
function readable(data) {
  const archive = emptyArchive();
  for (const [date, run] of Object.entries(isRecord(data?.runs) ? data.runs : {})) {
    if (isDate(date) && run && isActions(run.actions)) archive.runs[date] = keptRun(run.actions, wordListOf(run.wordList), run.daily === true);
  }
  return { ...archive, ...archiveResults(data) };
}

/** True when stored `data` is not an archive this version wrote whole: another version, a part missing, an entry dropped. */
function isDamaged(data, archive) {
  if (!isRecord(data) || data.v !== ARCHIVE_VERSION) return true;
  return KINDS.some((kind) => data[kind] !== undefined &&
    (!isRecord(data[kind]) || Object.keys(data[kind]).length !== Object.keys(archive[kind]).length));
}

/** Whether the action log `log` begins with `start` (the same run, taken further or not). */
const startsWith = (log, start) => start.length <= log.length && start.every((a, i) => JSON.stringify(a) === JSON.stringify(log[i]));

/** Whether a stored archive text cannot be read whole (GameStorage never writes over it uncopied). */
function damagedText(raw) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return true;
  }
  return isDamaged(data, readable(data));
}

/** The archive's saves and results, over GameStorage's read/write. */
export class ArchiveStore {
  constructor(storage) {
    this.storage = storage;
    this.aside = null; // {raw, kept}: the damaged text already copied aside (or refused) by this page
    storage.guard(ARCHIVE_KEY, DAMAGED_ARCHIVE_KEY, (raw) => damagedText(raw));
  }

  /** {archive, raw, damaged}: what is stored, its readable entries, and whether anything was unreadable. */
  read() {
    const { raw, data } = this.storage.readStored(ARCHIVE_KEY);
    if (raw === null) return { archive: emptyArchive(), raw, damaged: false };
    const archive = readable(data);
    return { archive, raw, damaged: isDamaged(data, archive) };
  }

  /** Copies a damaged archive's text aside (once per text); true when the browser wrote it. */
  keepAside(raw) {
    if (this.aside?.raw !== raw) this.aside = { raw, kept: this.storage.keepDamaged(DAMAGED_ARCHIVE_KEY, raw) };
    return this.aside.kept;
  }

  /**
   * {v, runs:{date:{actions, wordList}}, results:{date:{floor, total, won, beatPar?}}, daily:{date: the
   * same}}, well-formed entries only. `daily` (days played as the day's tower) never counts as archive runs.
   * A damaged archive is copied aside first: whatever is saved next replaces it.
   */
  load() {
    const { archive, raw, damaged } = this.read();
    if (damaged) this.keepAside(raw);
    return archive;
  }

  /**
   * Once per page, before anything is shown: a damaged archive is copied aside and, when the
   * copy was written, replaced by its readable days. Null, or the sentence that tells the player.
   */
  repair() {
    const { archive, raw, damaged } = this.read();
    if (!damaged) return null;
    const kept = this.keepAside(raw);
    if (kept) this.save(archive);
    return damagedSentence("Os dias do arquivo", kept);
  }

  save(archive) {
    return this.storage.write(ARCHIVE_KEY, JSON.stringify(archive));
  }

  /** Same answers as GameStorage.loadRun, for the archive day `date` (`daily`: begun as that day's tower). */
  loadRun(date) {
    const run = this.load().runs[date];
    return run ? { status: "ok", actions: run.actions, wordList: run.wordList, ...(run.daily ? { daily: true } : {}) } : { status: "none" };
  }

  saveRun(date, actions, wordList) {
    const archive = this.load();
    archive.runs[date] = keptRun(actions, wordList, archive.runs[date]?.daily);
    return this.save(archive);
  }

  /**
   * Keeps `actions` as the run of `date` begun as that day's tower, now that the day is over.
   * A longer log of the same run already kept (another tab went on with it) stays; an archive
   * run of that day that did not begin as the day's tower is never replaced (false).
   */
  keepDaily(date, actions, wordList) {
    const archive = this.load();
    const kept = archive.runs[date];
    if (kept && !kept.daily) return false;
    if (kept && startsWith(kept.actions, actions)) return true;
    // Two logs that went apart (the clock set back, a run begun again): neither replaces the other (false: copy it aside).
    if (kept && !startsWith(actions, kept.actions)) return false;
    archive.runs[date] = keptRun(actions, wordList, true);
    return this.save(archive);
  }

  /** Copies the saved run of `date` aside before that day starts over; true when the browser wrote the copy. */
  setRunAside(date) {
    const run = this.load().runs[date];
    return Boolean(run) && this.storage.write(ASIDE_RUN_PREFIX + date, JSON.stringify(run));
  }

  clearRun(date) {
    const archive = this.load();
    delete archive.runs[date];
    return this.save(archive); // a result already recorded stays: it was finished then
  }

  /** Records a finished archive run (the first finish of a day counts; later ones change nothing). */
  addResult(date, summary) {
    const archive = this.load();
    if (archive.results[date]) return false;
    archive.results[date] = resultOf(summary);
    return this.save(archive);
  }

  /** Records how the day's tower of `date` went, for the archive list once that day is past. */
  addDaily(date, summary) {
    const archive = this.load();
    if (archive.daily[date]) return false;
    archive.daily[date] = resultOf(summary);
    return this.save(archive);
  }
}

/** {results, daily}: the well-formed finished days of `data` (a stored archive or an import). */
export function archiveResults(data) {
  const found = { results: {}, daily: {} };
  for (const kind of ["results", "daily"]) {
    const entries = data && typeof data[kind] === "object" && data[kind] !== null ? Object.entries(data[kind]) : [];
    for (const [date, result] of entries) {
      if (isDate(date) && isResult(result)) found[kind][date] = keptResult(isCodeShaped(result.code) ? result : { ...result, code: undefined });
    }
  }
  return found;
}

/** This device's finished run of `date` (the archive's, else as the day's tower), or null. */
export function finishedResult(archive, date) {
  return archive.results[date] ?? archive.daily[date] ?? null;
}

/**
 * What the archive shows for a day played on this device: {floor, total, won, beatPar?}
 * when finished (from the archive, else as the day's tower), {inProgress:true} for an
 * unfinished saved run, null when never played.
 */
export function dayResult(archive, date) {
  const finished = finishedResult(archive, date);
  if (finished) return finished;
  return archive.runs[date] ? { inProgress: true } : null;
}

/**
 * The daily save of a day before `today` (midnight came during the run, or the page was
 * closed before it ended) moves into the archive as that day's run, where it goes on and
 * still counts as that day's tower: today's run would overwrite it. Nothing moves when the
 * run was finished (its result is kept), had no action yet, or the archive could not be
 * written (the save then stays where it is). The date moved, or null.
 */
export function carryEarlierRun(storage, archive, today) {
  const saved = storage.savedRun();
  if (!saved || saved.date >= today || saved.actions.length === 0) return null;
  if (archive.load().daily[saved.date]) return null;
  const kept = archive.keepDaily(saved.date, saved.actions, saved.wordList) || storage.setRunAside(saved.date);
  if (!kept) return null;
  storage.clearRunIf(saved.raw);
  return saved.date;
}

/**
 * The daily save of a day before `date` that is kept nowhere else, {date, actions, wordList, raw},
 * or null: an unfinished run carryEarlierRun could not move (the storage is full), which the
 * save of `date`'s run must never write over.
 */
export function heldEarlierRun(storage, archive, date) {
  const saved = storage.savedRun();
  if (!saved || saved.date >= date || saved.actions.length === 0) return null;
  const { runs, daily } = archive.load();
  if (daily[saved.date]) return null; // finished: its result is kept
  if (runs[saved.date]?.daily && runs[saved.date].actions.length >= saved.actions.length) return null;
  return storage.hasAside(saved.date, saved.raw) ? null : saved;
}

/** The latest day before `today` whose run began as the day's tower and is still unfinished, or null. */
export function unfinishedDaily(archive, today) {
  const dates = Object.keys(archive.runs).filter((date) => archive.runs[date].daily && date < today && !finishedResult(archive, date));
  return dates.sort().at(-1) ?? null;
}

/**
 * The run store a Game saves through (loadRun/saveRun/clearRun, and keepAside(date): a copy
 * of a save that cannot be resumed, before it starts over), bound to the
 * word-list version the run is played with, so every save records it. `past`: an
 * archive day's run (in `archive`); else the day's tower, whose save never overwrites
 * a later day's (another tab opened after midnight): it goes on in the archive instead.
 */
export function runStore({ storage, archive = null, wordList = null, past = Boolean(archive) }) {
  if (past) {
    return {
      loadRun: (date) => archive.loadRun(date),
      saveRun: (date, actions) => archive.saveRun(date, actions, wordList),
      clearRun: (date) => archive.clearRun(date),
      keepAside: (date) => archive.setRunAside(date),
    };
  }
  return {
    // Today's tower kept in the archive past its midnight (the clock since set back) is resumed, never begun again.
    loadRun: (date) => {
      const own = storage.loadRun(date);
      const kept = own.status === "none" ? archive?.loadRun(date) : null;
      return kept?.daily ? { status: "ok", actions: kept.actions, wordList: kept.wordList } : own;
    },
    saveRun: (date, actions) => {
      if (!archive) return storage.saveRun(date, actions, wordList);
      if (storage.savedRun()?.date > date) return archive.keepDaily(date, actions, wordList);
      if (heldEarlierRun(storage, archive, date)) {
        carryEarlierRun(storage, archive, date); // each save tries again to move it into the archive
        if (heldEarlierRun(storage, archive, date)) return false; // and never writes over it
      }
      return storage.saveRun(date, actions, wordList);
    },
    clearRun: () => storage.clearRun(),
    keepAside: () => storage.keepDamagedRun(),
  };
}
