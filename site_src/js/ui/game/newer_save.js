// Two tabs of one browser share one save: the tab that writes an older state must never
// overwrite a newer one (issue 31). An action log only grows, so a save whose log is not
// where this tab's log began was written by another tab, further on (or started over there).

/** True when `log` begins with every action of `start` (JSON-equal). */
function startsWith(log, start) {
  return start.length <= log.length && start.every((action, i) => JSON.stringify(action) === JSON.stringify(log[i]));
}

/** The save another tab wrote since `actions` were this tab's (a run store's {status:"ok", actions}), or null. */
export function newerSave(store, date, actions) {
  const save = store.loadRun(date);
  return save.status === "ok" && !startsWith(actions, save.actions) ? save : null;
}

/** What the player reads when this tab takes up the run another tab went on with. */
export const TAKEN_UP = "Esta corrida avançou noutro separador: continua aqui como ficou lá.";
