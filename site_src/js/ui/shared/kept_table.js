// The day's table of a tower finished on this device, rebuilt from what the device keeps: its
// result (the archive), the challenges kept for that tower (torre.desafios) and the opponents,
// played again by the analysis worker. For the pages without a run of their own: the challenge
// page (once the tower is played) and the archive (any day with a challenge).

import { readCode } from "../../engine/replay_read.js";
import { ArchiveStore, finishedResult } from "./archive_store.js";
import { ChallengeStore } from "./challenge_store.js";
import { dayTable } from "./day_table.js";
import { dayTableBlock } from "./day_table_view.js";
import { tableOpponents } from "./table_opponents.js";

/** The challenges of `date` kept on the device. */
export const challengesOf = (storage, date) => new ChallengeStore(storage).load().filter((r) => r.date === date);

/**
 * The «Quadro do dia» of `date`, or null when this device has not finished that tower or keeps
 * no challenge of it. `client`: the analysis worker's (ui/shared/analysis_client.js);
 * `loaded`: {day, constants} when the page has them; `open`: shown open and filled at once,
 * else filled when first opened (the archive lists many days).
 */
export function keptDayTable({ main, client, fetchFn, storage, date, origin, loaded = null, open = false, id = null }) {
  const mine = finishedResult(new ArchiveStore(storage).load(), date);
  const records = challengesOf(storage, date);
  if (!mine || records.length === 0) return null;
  const block = dayTableBlock(date, origin, { open, id });
  // The run's code is kept once its end screen made it (runs finished before that have no link here).
  const show = (opponents, said) => block.show(dayTable(date, { ...mine, code: mine.code ?? null }, challengesOf(storage, date), opponents), said);
  const fill = () => {
    show(null, "waiting");
    const version = readCode(records[0].code).version; // the challenges' list: their runs and the opponents' verify alike
    tableOpponents(client(), main, fetchFn, { date, version, loaded }).then((opponents) => show(opponents, "shown"), (error) => {
      console.warn(error); // said in the table: offline, its opponents may not be computable
      show(null, "failed");
    });
  };
  if (open) fill();
  else block.node.addEventListener("toggle", fill, { once: true });
  return block.node;
}
