// The challenges received, kept on the device under one key, over GameStorage's
// read/write. Read back as an import is checked (challenge_records.js challengeProblem):
// a record that could not have been written is dropped, never thrown, once the whole
// damaged text is copied aside (and never written over while that copy is refused: the day's
// table is rebuilt from this list).

import { readCode } from "../../engine/replay_read.js";
import { CHALLENGES_KEY } from "./challenge_key.js";
import { challengeProblem, merged, newRecord, received, settled, strongest } from "./challenge_records.js";
import { damagedSentence } from "./storage.js";

const CHALLENGES_VERSION = 1;
// A damaged torre.desafios is copied here (then .2 …) before its readable records replace it.
const DAMAGED_CHALLENGES_KEY = "torre.desafios.danificados";
// Reading what this device wrote: any day a code can hold is possible.
const ANY_DAY = "9999-12-31";

/** {records, damaged}: the well-formed records of a stored text (its JSON `data`), and whether anything was unreadable. */
function readRecords(raw, data) {
  const list = data?.v === CHALLENGES_VERSION && Array.isArray(data.list) ? data.list : [];
  const records = list.filter((record) => challengeProblem(record, ANY_DAY) === null);
  return { records, damaged: raw !== null && (records.length !== list.length || list !== data?.list) };
}

export class ChallengeStore {
  constructor(storage) {
    this.storage = storage;
    storage.guard(CHALLENGES_KEY, DAMAGED_CHALLENGES_KEY, (raw) => {
      try {
        return readRecords(raw, JSON.parse(raw)).damaged;
      } catch {
        return true;
      }
    });
  }

  /** {records, raw, damaged}: the well-formed records as stored, and whether anything was unreadable. */
  read() {
    const { raw, data } = this.storage.readStored(CHALLENGES_KEY);
    return { ...readRecords(raw, data), raw };
  }

  /** The well-formed records, in the order received; damaged ones are copied aside first (the next save replaces them). */
  load() {
    const { records, raw, damaged } = this.read();
    if (damaged) this.storage.keepDamaged(DAMAGED_CHALLENGES_KEY, raw);
    return records;
  }

  /**
   * Once per page, before anything is shown: a damaged torre.desafios is copied aside and, when
   * the copy was written, replaced by its readable records. Null, or the sentence that tells the player.
   */
  repair() {
    const { records, raw, damaged } = this.read();
    if (!damaged) return null;
    const kept = this.storage.keepDamaged(DAMAGED_CHALLENGES_KEY, raw);
    if (kept) this.save(records);
    return damagedSentence("Os desafios", kept);
  }

  /** Writes `records` (a damaged list is copied aside first, and not written over when the copy is refused: storage.js). */
  save(records) {
    return this.storage.write(CHALLENGES_KEY, JSON.stringify({ v: CHALLENGES_VERSION, list: records }));
  }

  /** Keeps a verified challenge (once per code: the first name received stays) and returns its record as kept. */
  receive(code, date, them, name = null) {
    const records = received(this.load(), newRecord(code, date, them, name));
    this.save(records);
    return records.find((r) => r.code === code);
  }

  /** This device finished `date`'s tower with `result`; the challenge of that day it is compared with (strongest), or null. */
  settle(date, result) {
    const records = settled(this.load(), date, result);
    const ofDay = records.filter((r) => r.date === date);
    if (ofDay.length) this.save(records);
    return strongest(ofDay);
  }

  /** The challenges of `date` not played yet, in the order received. */
  pending(date) {
    return this.load().filter((r) => r.date === date && r.me === null);
  }

  /** The word-list version of the challenge a new run of `date` plays against (the strongest pending), or null. */
  pendingVersion(date) {
    const record = strongest(this.pending(date));
    return record ? readCode(record.code).version : null;
  }

  /** Adds the challenges a statistics import brought (already checked); those kept here keep their own. */
  importList(list) {
    return this.save(merged(this.load(), list));
  }
}
