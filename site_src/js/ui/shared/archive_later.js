// What only the end of a run and Estatísticas write in the archive and read of it (run_end.js's
// chunk, so a first visit never downloads it): the par's verdict, the run against each opponent
// and its replay code, each given once to the recorded result; an import's days; the archive's
// own figures. Over ArchiveStore's load and save.

import { archiveResults } from "./archive_store.js";
import { isCodeShaped, isOutcomes } from "./saved_values.js";

/** Gives the recorded result of `date` (`daily`: the day's tower's) its `field`, once, when `fits(result)`; false when not. */
function giveOnce(store, date, field, value, { daily = false, fits = () => true } = {}) {
  const archive = store.load();
  const result = archive[daily ? "daily" : "results"][date];
  if (!result || field in result || !fits(result)) return false;
  result[field] = value;
  return store.save(archive);
}

/** The par's verdict on the recorded result of `date`, given once. */
export const setPar = (store, date, beatPar, options) => giveOnce(store, date, "beatPar", beatPar, options);

/** How the run of `date` did against each opponent (`outcomes` {caloiro, doutor, dux}), given once, like the par's verdict. */
export const setOpponents = (store, date, outcomes, options) => isOutcomes(outcomes)
  && giveOnce(store, date, "opponents", { ...outcomes }, options);

/**
 * The replay code of the recorded run of `date` (the day's table links it), given once; `check`: the
 * end chunk's whole check (challenge_records.js codeProblem).
 */
export const setCode = (store, date, code, { daily = false, check = () => null } = {}) => isCodeShaped(code)
  && giveOnce(store, date, "code", code, { daily, fits: (result) => !check(date, { ...result, code }) });

/** Adds results brought from another device (statistics import); a day already here keeps its own. */
export function importResults(store, imported) {
  const archive = store.load();
  const found = archiveResults(imported);
  for (const kind of ["results", "daily"]) archive[kind] = { ...found[kind], ...archive[kind] };
  return store.save(archive);
}

/** {runs, wins}: the archive's own statistics, from the finished days. */
export function archiveStats(archive) {
  const results = Object.values(archive.results);
  return { runs: results.length, wins: results.filter((r) => r.won).length };
}
