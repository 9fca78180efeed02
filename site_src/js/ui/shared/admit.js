// The one way in for runs that come from outside this device (a statistics import today; the
// challenge page verifies its link through the same verifyCode): a run is admitted only when it
// replays, against its own day and the word list it names, to the result its record claims, and
// is finished. A code's fixed fields and checksum can be written by anyone; only the replay
// proves the plays. Nothing here writes: the caller stores what was admitted.

import { readCode } from "../../engine/replay_read.js";
import { verifyCode } from "./verify.js";

/** Why the replayed run `verified` (verifyCode's answer) is not the finished run `claimed` {floor, total, won}, or null. */
function claimProblem(verified, claimed) {
  if (!verified.verified) return verified.text;
  if (!verified.finished) return "a corrida não está acabada";
  const won = verified.replayed.state.phase === "won";
  if (claimed.won !== won || claimed.floor !== verified.read.floor || claimed.total !== verified.read.total) {
    return "o resultado não é o que as jogadas dão";
  }
  return null;
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
    const why = claimProblem(await verifyCode(record.code, main, fetchOnce, { today }), record.them);
    if (why) return { ok: false, index, why };
  }
  return { ok: true };
}
