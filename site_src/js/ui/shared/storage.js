// localStorage adapter: the saved run of the day ({date, actions, wordList}) and the
// player's statistics. Everything read back is checked, because a save may be
// from an older version, edited by hand or cut short: a bad save is reported
// as a value, never thrown, so the page can offer to start over.

import { OPPONENT_LEVELS } from "../../engine/opponent_levels.js";
import { nextDate, previousDate } from "./lisbon_date.js";
import { isActions, isCount, isDate, wordListOf } from "./saved_values.js";

const RUN_KEY = "torre.corrida";
const STATS_KEY = "torre.estatisticas";
// Unreadable statistics are copied here before new ones replace them, so nothing is lost.
const DAMAGED_STATS_KEY = "torre.estatisticas.danificadas";
// A saved run this site cannot replay (its word-list version is not here) is copied to this key
// followed by its date before the day starts over.
const ASIDE_RUN_PREFIX = "torre.corrida.posta-de-parte.";
// A daily save that could not be resumed is copied here (then .2 …) before «Recomeçar» removes it.
const DAMAGED_RUN_KEY = "torre.corrida.danificada";
// Practice runs and results (ui/treino/practice.js), kept apart from everything above; read here
// for the practice figures of Estatísticas (a line on every game page, first on Treino's) and the
// practice tower the game page keeps offline.
export const PRACTICE_KEY = "torre.treino";
// Set once the first-visit guide was finished or skipped (ui/guide/walkthrough.js).
const GUIDE_KEY = "torre.guia";
// The step the guide is on while it is open, so a reload resumes it there (removed once it is seen).
const GUIDE_STEP_KEY = "torre.guia.passo";
const SAVE_VERSION = 1;
const FLOORS = 5;
// Copies of damaged values kept per key (keepDamaged): every occurrence its own key, but a
// device damaged over and over never fills its storage with them.
export const DAMAGED_COPIES = 5;

/**
 * Fresh statistics: no runs yet. `floors[i]` counts runs that ended on floor i+1;
 * `parBeaten` the days whose run beat the par, the last of them `parDate`;
 * `opponentsBeaten` the days each computer opponent was beaten ({caloiro, doutor, dux}), the last
 * of them `opponentsDate`, and `bestPatente` the highest level ever beaten (all added after v1
 * first shipped: statistics without them are read as 0 and null).
 */
export function emptyStats() {
  return { v: SAVE_VERSION, runs: 0, wins: 0, floors: [0, 0, 0, 0, 0], best: 0, streak: 0, bestStreak: 0, lastDate: null,
    parBeaten: 0, parDate: null, opponentsBeaten: noneBeaten(), opponentsDate: null, bestPatente: null };
}

/** {caloiro: 0, doutor: 0, dux: 0}: no day beaten yet. */
export const noneBeaten = () => Object.fromEntries(OPPONENT_LEVELS.map((level) => [level, 0]));
const OPPONENT_FIELDS = ["opponentsBeaten", "opponentsDate", "bestPatente"];

/** The highest level with a day beaten in `beaten` ({level: days}, or nothing), or null. */
export function patenteOf(beaten) {
  return OPPONENT_LEVELS.findLast((level) => (beaten?.[level] ?? 0) > 0) ?? null;
}

/** Why `beaten` ({level: days}) could not have been written for `runs` runs: [why, level?] (stats_import.js says it), or null. */
function beatenProblem(beaten, runs) {
  if (beaten === null || typeof beaten !== "object" || Array.isArray(beaten)) return ["shape"];
  const unknown = Object.keys(beaten).find((key) => !OPPONENT_LEVELS.includes(key));
  if (unknown !== undefined) return ["unknown", unknown];
  for (const level of OPPONENT_LEVELS) {
    if (beaten[level] === undefined) return ["missing", level];
    if (!isCount(beaten[level])) return ["count", level];
    if (beaten[level] > runs) return ["more", level];
  }
  return null;
}

/**
 * [field, why, level?] for the first of the opponents' fields of `s` that the game could not have
 * written (`why` a short key, said in Portuguese by an import's refusal: stats_import.js), or null.
 * Statistics from before the opponents have none of the three; the ones after have all. `s.runs` is
 * checked already.
 */
export function opponentsProblem(s) {
  const missing = OPPONENT_FIELDS.filter((field) => s[field] === undefined);
  if (missing.length === OPPONENT_FIELDS.length) return null;
  if (missing.length > 0) return [missing[0], "missing"];
  const beaten = beatenProblem(s.opponentsBeaten, s.runs);
  if (beaten) return ["opponentsBeaten", ...beaten];
  if (s.bestPatente !== null && !OPPONENT_LEVELS.includes(s.bestPatente)) return ["bestPatente", "unknown"];
  if (s.bestPatente !== patenteOf(s.opponentsBeaten)) return ["bestPatente", "counts"];
  if (s.opponentsDate !== null && !isDate(s.opponentsDate)) return ["opponentsDate", "date"];
  if ((s.opponentsDate === null) !== (s.bestPatente === null)) return ["opponentsDate", "best"];
  return null;
}

/** True when `s` has the shape of statistics this version wrote. */
export function isValidStats(s) {
  return s !== null && typeof s === "object" && s.v === SAVE_VERSION &&
    [s.runs, s.wins, s.best, s.streak, s.bestStreak].every(isCount) &&
    Array.isArray(s.floors) && s.floors.length === FLOORS && s.floors.every(isCount) &&
    (s.lastDate === null || isDate(s.lastDate)) &&
    (s.parBeaten === undefined || isCount(s.parBeaten)) && (s.parDate === undefined || s.parDate === null || isDate(s.parDate)) &&
    opponentsProblem(s) === null;
}

/** `stats` with one more finished run: its floor, whether it won, its total. */
function withRun(stats, summary) {
  const floors = stats.floors.slice();
  floors[summary.floorReached - 1] += 1;
  return { ...stats, runs: stats.runs + 1, wins: stats.wins + (summary.won ? 1 : 0), floors, best: Math.max(stats.best, summary.total) };
}

/** Statistics after one finished run on `date` (a day already counted is not counted twice). */
export function addRun(stats, date, summary) {
  if (stats.lastDate !== null && date <= stats.lastDate) return stats;
  const streak = stats.lastDate !== null && nextDate(stats.lastDate) === date ? stats.streak + 1 : 1;
  return { ...withRun(stats, summary), streak, bestStreak: Math.max(stats.bestStreak, streak), lastDate: date };
}

/**
 * Statistics after the day's tower of `date` ended once a later day was already counted (it
 * was still being played at midnight, and the next day's run ended first). It counts for its
 * own day: the streaks are worked out again from `dailyDates`, the days whose tower this device
 * finished (the archive's `daily`), `date` now among them. The caller checks it was not counted.
 */
export function addEarlierRun(stats, date, summary, dailyDates) {
  const days = new Set([...dailyDates, date, stats.lastDate]);
  const endingOn = (end) => {
    let length = 0;
    for (let day = end; days.has(day); day = previousDate(day)) length += 1;
    return length;
  };
  let last = date;
  while (days.has(nextDate(last))) last = nextDate(last);
  const streak = Math.max(stats.streak, endingOn(stats.lastDate));
  return { ...withRun(stats, summary), streak, bestStreak: Math.max(stats.bestStreak, streak, endingOn(last)) };
}

/** The practice tower the player is on (torre.treino's `current`) on a site of `total` towers:
 * the first when there is none readable, or when it is past the site's last. */
export function practiceTower(data, total) {
  const current = data?.current;
  return Number.isInteger(current) && current >= 1 && current <= total ? current : 1;
}

/** Why a copy could not be made, as every refusal says it. */
export const NO_COPY = "o armazenamento está cheio ou já guarda demasiadas cópias de dados danificados";

/** What a player reads about a save copied aside (`kept`) or not, before it starts over (or, not copied, stays as it is). */
export function asideSentence(kept) {
  return kept ? "Ficou guardada uma cópia dela à parte."
    : `Não foi possível guardar uma cópia dela à parte (${NO_COPY}), por isso fica guardada como está.`;
}

/** What a player reads about damaged `what` (plural: "Os desafios"), its readable entries kept; `kept`: was its copy written? */
export function damagedSentence(what, kept) {
  return `${what} guardados neste aparelho estavam danificados: ficaram os que se conseguiram ler `
    + (kept ? "(ficou guardada uma cópia do original à parte)." : `(não foi possível guardar uma cópia do original: ${NO_COPY}).`);
}

// Every torre.* key this version writes goes through GameStorage, which keeps the rules no store
// may forget: a kept value that cannot be read whole is never written over nor removed until its
// text is copied aside (keepDamaged); a copy is never written over; a key not declared here is refused.
// The kept values' readers are their stores' own (guard): torre.corrida and torre.estatisticas here,
// torre.arquivo, torre.desafios and torre.treino in theirs.
const PLAIN_KEYS = new Set(["torre.nome", "torre.adversario", GUIDE_KEY, GUIDE_STEP_KEY]);
const COPY_KEY = /^torre\.[a-z]+\.(danificad[oa]s?(\.[2-9])?|posta-de-parte\.[0-9-]+)$/;

/** The stored statistics' text read whole, or null. */
function statsOf(raw) {
  try {
    const stats = JSON.parse(raw);
    return isValidStats(stats) ? stats : null;
  } catch {
    return null;
  }
}

/** The daily save's text read: {save} or {reason}. */
function runSaveOf(raw) {
  let save;
  try {
    save = JSON.parse(raw);
  } catch {
    return { reason: "a corrida guardada não se consegue ler" };
  }
  if (save === null || typeof save !== "object" || save.v !== SAVE_VERSION) {
    return { reason: "a corrida guardada é de um formato desconhecido" };
  }
  if (!isDate(save.date) || !isActions(save.actions)) return { reason: "a corrida guardada está incompleta" };
  return { save: { date: save.date, actions: save.actions, wordList: wordListOf(save.wordList), raw } };
}

/** The store. `backend` is localStorage or anything with getItem/setItem/removeItem. */
export class GameStorage {
  constructor(backend) {
    this.backend = backend;
    this.guards = new Map(); // key → {copies, damaged(raw)}
    this.refused = new Set(); // the kept values left as they were because no copy could be made
    this.onRefused = () => {}; // told once per key: the page says what to do
    this.journal = null; // within all(): each key written, with what it held before
    this.written = new Map(); // key → the text this store last wrote there: whole, so never read again to judge it
    this.guard(RUN_KEY, DAMAGED_RUN_KEY, (raw) => runSaveOf(raw).reason !== undefined);
    this.guard(STATS_KEY, DAMAGED_STATS_KEY, (raw) => statsOf(raw) === null);
  }

  /** `key` is a kept value whose text `damaged(raw)` says cannot be read whole; its copies go under `copies`. */
  guard(key, copies, damaged) {
    this.guards.set(key, { copies, damaged });
  }

  /** Null when `key` may now hold `value` (null: be removed), copying a damaged text aside first; else why not. */
  replaceProblem(key, value) {
    const guard = this.guards.get(key);
    if (!guard && !COPY_KEY.test(key) && !PLAIN_KEYS.has(key)) return "unknown";
    const raw = this.read(key);
    if (raw === null || raw === value) return null;
    if (!guard) return COPY_KEY.test(key) ? "copy" : null;
    if (raw === this.written.get(key)) return null; // this store wrote it whole: no need to read it again
    return !guard.damaged(raw) || this.keepDamaged(guard.copies, raw) ? null : "damaged";
  }

  /** A write or removal the rules refused: a key no one declared is a bug; a damaged value kept as it is, said once. */
  refuse(key, why) {
    if (why === "unknown") console.error(`storage: ${key} is not a key this version keeps (storage.js)`);
    if (why !== "damaged" || this.refused.has(key)) return;
    this.refused.add(key);
    this.onRefused(key);
  }

  read(key) {
    try {
      return this.backend ? this.backend.getItem(key) : null;
    } catch {
      return null;
    }
  }

  /** The JSON stored under `key`, or null when there is none or it cannot be parsed. */
  readJson(key) {
    return this.readStored(key).data;
  }

  /** {raw, data}: the text stored under `key` (null: none) and its JSON (null: none or unparseable),
   * for the stores that keep a damaged text aside and read what they can of it. */
  readStored(key) {
    const raw = this.read(key);
    try {
      return { raw, data: JSON.parse(raw ?? "null") };
    } catch {
      return { raw, data: null };
    }
  }

  /**
   * All or nothing: runs `writes()` (several writes, true when every one was stored); when it returns
   * false, each value it wrote is put back as it was, so an import is never half stored.
   */
  all(writes) {
    const before = new Map();
    this.journal = before;
    let stored = false;
    try {
      stored = writes();
    } finally {
      this.journal = null;
    }
    if (!stored) {
      for (const [key, raw] of before) {
        try {
          if (raw === null) this.backend.removeItem(key); else this.backend.setItem(key, raw);
        } catch {
          /* a storage blocked since: nothing more can be put back */
        }
      }
    }
    return stored;
  }

  /** Writes; false when the rules above or the browser refuse (private mode, quota). */
  write(key, value) {
    const why = this.replaceProblem(key, value);
    if (why) {
      this.refuse(key, why);
      return false;
    }
    if (this.journal && !this.journal.has(key)) this.journal.set(key, this.read(key));
    try {
      this.backend.setItem(key, value);
      this.written.set(key, value);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The daily save as stored, whatever its date: {save: {date, actions, wordList, raw}}, or
   * {reason} when it cannot be read, or null when there is none.
   */
  readRunSave() {
    const raw = this.read(RUN_KEY);
    return raw === null ? null : runSaveOf(raw);
  }

  /**
   * The saved run for `date`: {status:"none"} (nothing, or another day's run),
   * {status:"ok", actions}, or {status:"corrupt", reason}.
   */
  loadRun(date) {
    const read = this.readRunSave();
    if (read?.reason) return { status: "corrupt", reason: read.reason };
    if (read?.save.date !== date) return { status: "none" };
    return { status: "ok", actions: read.save.actions, wordList: read.save.wordList };
  }

  /** The daily save whatever its date, {date, actions, wordList, raw}, or null when there is none readable. */
  savedRun() {
    return this.readRunSave()?.save ?? null;
  }

  /** `wordList`: the version of the word list the run is played with (saves before it had none). */
  saveRun(date, actions, wordList = null) {
    const save = wordList ? { v: SAVE_VERSION, date, actions, wordList } : { v: SAVE_VERSION, date, actions };
    return this.write(RUN_KEY, JSON.stringify(save));
  }

  /** Copies the saved run aside before `date` starts over; true when the browser wrote the copy. */
  setRunAside(date) {
    const raw = this.read(RUN_KEY);
    return raw !== null && this.write(ASIDE_RUN_PREFIX + date, raw);
  }

  /** Is the daily save `raw` of `date` already copied aside (setRunAside)? */
  hasAside(date, raw) {
    return this.read(ASIDE_RUN_PREFIX + date) === raw;
  }

  /**
   * Keeps the damaged text `raw` under `key`, `key.2` … `key.5` (DAMAGED_COPIES): one key per
   * damaged value, never written over by the next. True when it is kept (now, or already);
   * false when the browser refused it or every one of those keys holds another copy.
   */
  keepDamaged(key, raw) {
    const keys = Array.from({ length: DAMAGED_COPIES }, (_, i) => (i === 0 ? key : `${key}.${i + 1}`));
    const held = keys.map((k) => this.read(k));
    if (held.includes(raw)) return true;
    const free = held.indexOf(null);
    return free >= 0 && this.write(keys[free], raw);
  }

  /** Removes `key` (the rules above permitting: false when not); a browser that refuses leaves it (nothing is lost by that). */
  remove(key) {
    const why = this.replaceProblem(key, null);
    if (why) {
      this.refuse(key, why);
      return false;
    }
    try {
      this.backend?.removeItem(key);
    } catch {
      /* storage blocked: nothing to clear */
    }
    return true;
  }

  clearRun() {
    return this.remove(RUN_KEY);
  }

  /** Copies a daily save that cannot be resumed aside (keepDamaged) before it starts over; true when kept. */
  keepDamagedRun() {
    const raw = this.read(RUN_KEY);
    return raw !== null && this.keepDamaged(DAMAGED_RUN_KEY, raw);
  }

  /** Clears the daily save only if it is still `raw` (another tab may have saved since). */
  clearRunIf(raw) {
    if (this.read(RUN_KEY) === raw) this.clearRun();
  }

  /**
   * {stats, problem}: unreadable statistics are reported (`problem` "copied": kept aside under
   * DAMAGED_STATS_KEY and begun again; "kept": no copy could be made, so they stay as they are and
   * no run counts in them; storage_notices.js says which) and replaced by empty ones meanwhile.
   */
  loadStats() {
    const raw = this.read(STATS_KEY);
    if (raw === null) return { stats: emptyStats(), problem: null };
    const stats = statsOf(raw);
    if (stats) return { stats, problem: null };
    // The copy is promised only when it was written; without one the damaged text stays (write refuses it).
    return { stats: emptyStats(), problem: this.keepDamaged(DAMAGED_STATS_KEY, raw) ? "copied" : "kept" };
  }

  saveStats(stats) {
    return this.write(STATS_KEY, JSON.stringify(stats));
  }

  /** The practice tower the player is on, 1 … `total` (practiceTower). */
  practiceTower(total) {
    return practiceTower(this.readJson(PRACTICE_KEY), total);
  }

  /** Nothing saved on this device yet, no run and no statistics: a first visit. */
  isNewPlayer() {
    return this.read(RUN_KEY) === null && this.read(STATS_KEY) === null;
  }

  /** Has the first-visit guide been finished or skipped here? */
  guideSeen() {
    return this.read(GUIDE_KEY) !== null;
  }

  markGuideSeen() {
    this.remove(GUIDE_STEP_KEY); // a step left behind would never be read once the guide is seen
    return this.write(GUIDE_KEY, "visto");
  }

  /** The step the open guide was on (as saved: the guide checks it), or null. */
  guideStep() {
    return this.read(GUIDE_STEP_KEY);
  }

  saveGuideStep(step) {
    return this.write(GUIDE_STEP_KEY, step);
  }
}
