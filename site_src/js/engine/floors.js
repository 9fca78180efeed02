/**
 * Floors: each has a target and a number of plays. Reaching the target
 * climbs at once (the hand was already refilled): a new board from the day's
 * next floor, the same hand, a trunfo to choose; leftover plays are lost.
 * Running out of plays below the target ends the run; climbing the last
 * floor wins it.
 */
import { floorSquares, openingBoard } from "./board.js";
import { earnHelp } from "./helps.js";
import { offerFor } from "./trunfos.js";

/** Set up floor `index` of the day: board, squares, target, plays. Mutates `state`. */
export function enterFloor(state, index) {
  const { constants, day } = state;
  state.floor = index;
  state.target = constants.targets[index];
  state.floorScore = 0;
  state.floorScores[index] = 0;
  state.playsLeft = constants.plays_per_floor;
  state.floorPlays = 0;
  state.board = openingBoard(constants, day.floors[index]);
  state.squares = floorSquares(constants, day.floors[index]);
}

function climb(state) {
  const { constants } = state;
  const events = [];
  if (state.floor === constants.floors - 1) {
    state.phase = "won";
    state.offer = null;
    return [{ type: "won" }];
  }
  if (state.floorScore >= state.target + constants.help_climb_margin) events.push(earnHelp(state, "margin"));
  for (const cell of state.board) {
    if (cell && cell.id !== null) state.retired.push(cell.id);
  }
  enterFloor(state, state.floor + 1);
  state.phase = "trunfo";
  state.offer = offerFor(state);
  events.push({ type: "climbed", floor: state.floor, offer: state.offer.slice() });
  return events;
}

/** After a play or a pass has been counted: climb, lose or carry on. Mutates `state`. */
export function settleFloor(state) {
  if (state.floorScore >= state.target) return climb(state);
  if (state.playsLeft <= 0) {
    state.phase = "lost";
    return [{ type: "lost" }];
  }
  return [];
}
