// The one way in for runs that come from outside this device (a challenge link, a statistics
// import): a run is admitted only when it replays, against its own day and the word list it
// names (one this site has), finished, on a day that has opened; an import's record must also
// claim the result its plays give. A code's fixed fields and checksum can be written by anyone;
// only the replay proves the plays. Nothing here writes: the caller stores what was admitted.

import { readCode } from "../../engine/replay_read.js";
import { verifyCode } from "./verify.js";

/**
 * A run from outside, as admitted: verifyCode's answer (its verdict said to the player) with
 * `admitted` (it replays, finished) and, when admitted, its `result` {floor, total, won}.
 */
export async function admitRun(code, main, fetchFn, { onRead = () => {}, today } = {}) {
  const checked = await verifyCode(code, main, fetchFn, { onRead, today });
  const admitted = checked.verified && checked.finished === true;
  const result = admitted ? { floor: checked.read.floor, total: checked.read.total, won: checked.replayed.state.phase === "won" } : null;
  return { ...checked, admitted, result };
}

/** Why the run `admitted` (admitRun's answer) is not the finished run `claimed` {floor, total, won}, or null. */
function claimProblem(admitted, claimed) {
  if (!admitted.verified) return admitted.text;
  if (!admitted.admitted) return "a corrida não está acabada";
  const { floor, total, won } = admitted.result;
  return claimed.won !== won || claimed.floor !== floor || claimed.total !== total ? "o resultado não é o que as jogadas dão" : null;
}

/**
 * Replays the challenges an import brings (records {code, them, …}, already checked for their shape:
 * stats_import.js) for the page `main` (its data-* name the files). {ok:true} when each replays
 * finished to its `them`; else {ok:false, index, why}: the first that does not, and why (for
 * «Detalhes»). Each day and word list is fetched once, however many challenges share it.
 */
export async function admitChallenges(records, main, fetchFn, today) {
  const fetched = new Map();
  const fetchOnce = (url) => {
    if (!fetched.has(url)) fetched.set(url, fetchFn(url).then((response) => ({ response, body: response.arrayBuffer() })));
    // Each caller reads its own copy of the body (a Response is read once).
    return fetched.get(url).then(({ response, body }) => body.then((bytes) => new Response(bytes.slice(0), response)));
  };
  for (const [index, record] of records.entries()) {
    if (!readCode(record.code).ok) return { ok: false, index, why: "a ligação não se lê" };
    const why = claimProblem(await admitRun(record.code, main, fetchOnce, { today }), record.them);
    if (why) return { ok: false, index, why };
  }
  return { ok: true };
}
