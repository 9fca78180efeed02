// The challenges received, kept on the device under one key, over GameStorage's
// read/write. Read back as an import is checked (saved_values.js challengeProblem):
// a record that could not have been written is dropped, never thrown; and before anything is
// written over a stored list that had such a record (or did not read at all), its text is copied
// aside, so that nothing once kept is lost (the day's table is rebuilt from this list).

import { readCode } from "../../engine/replay_read.js";
import { merged, newRecord, received, settled, strongest } from "./challenge_records.js";
import { challengeProblem } from "./saved_values.js";

const CHALLENGES_KEY = "torre.desafios";
const CHALLENGES_VERSION = 1;
// A damaged list's text, copied here before a list of its readable records replaces it.
const DAMAGED_KEY = "torre.desafios.danificado";
// Reading what this device wrote: any day a code can hold is possible.
const ANY_DAY = "9999-12-31";

export class ChallengeStore {
  constructor(storage) {
    this.storage = storage;
  }

  /** The well-formed records, in the order received. */
  load() {
    return this.read().records;
  }

  /** {records, raw, damaged}: the well-formed records, the stored text, and whether any of it could not be read. */
  read() {
    const raw = this.storage.read(CHALLENGES_KEY);
    let data = null;
    try {
      data = JSON.parse(raw ?? "null");
    } catch {
      data = null;
    }
    const whole = data?.v === CHALLENGES_VERSION && Array.isArray(data.list);
    const records = whole ? data.list.filter((record) => challengeProblem(record, ANY_DAY) === null) : [];
    return { records, raw, damaged: raw !== null && (!whole || records.length < data.list.length) };
  }

  /** Writes `records`; a damaged list is copied aside first, and is not written over when the copy is refused. */
  save(records) {
    const { raw, damaged } = this.read();
    if (damaged && this.storage.read(DAMAGED_KEY) !== raw && !this.storage.write(DAMAGED_KEY, raw)) return false;
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
