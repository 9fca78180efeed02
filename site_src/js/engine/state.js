/**
 * A run's state: one plain JSON object carrying the day and the constants,
 * so every later call needs only the state (and a word checker for plays).
 */
import { refill } from "./bag.js";
import { checkDay } from "./day.js";
import { enterFloor } from "./floors.js";

export const STATE_VERSION = 1;

/** A fresh run of the day: floor 1, a full hand, nothing held. Throws DayFileError for a bad day. */
export function newRun(day, constants) {
  checkDay(day, constants);
  const state = {
    version: STATE_VERSION,
    day,
    constants,
    phase: "play",
    floor: 0,
    target: 0,
    floorScore: 0,
    playsLeft: 0,
    total: 0,
    floorScores: [],
    floorPlays: 0,
    board: [],
    squares: {},
    hand: [],
    handSize: constants.hand_size,
    pending: [],
    bag: Array.from({ length: constants.bag_size }, (_, id) => id),
    bagCount: constants.bag_size,
    retired: [],
    blanksGranted: 0,
    trunfos: [],
    offer: null,
    helps: [],
    helpsEarned: 0,
    dobro: false,
    peek: null,
    exchangesLeft: constants.exchanges,
    actionCount: 0,
    history: [],
    lastRejection: null,
  };
  enterFloor(state, 0);
  refill(state);
  return state;
}

/**
 * A copy safe to change: every array the engine changes in place is copied;
 * tiles, cells, history entries and the squares are never changed in place
 * (they are replaced), and the day and constants are never changed at all,
 * so all of those are shared. This keeps apply() in microseconds.
 */
export function cloneState(state) {
  return {
    ...state,
    floorScores: state.floorScores.slice(),
    board: state.board.slice(),
    hand: state.hand.slice(),
    pending: state.pending.slice(),
    bag: state.bag.slice(),
    retired: state.retired.slice(),
    trunfos: state.trunfos.slice(),
    offer: state.offer && state.offer.slice(),
    helps: state.helps.slice(),
    history: state.history.slice(),
  };
}
