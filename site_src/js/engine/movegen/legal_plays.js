/**
 * legalPlays and bestLegalPlay: the position read into typed arrays once
 * (grid, anchors, cross-check sets, rack, bonus rates), the walk run with a
 * recorder, and the plays kept built as objects (docs/engine.md).
 */
import { bonusRates, playMultiplier } from "../scoring.js";
import { anchorsOf } from "./anchors.js";
import { crossSets } from "./cross_sets.js";
import { generate } from "./generate.js";
import { gridOf } from "./grid.js";
import { letterTables } from "./letters.js";
import { buildPlay, playBuilder } from "./play_objects.js";
import { rackOf } from "./rack.js";
import { AllPlays, BestPlay, CommonBestPlay } from "./recorder.js";

function checkWords(words) {
  const graph = words && words.graph;
  if (!graph || typeof graph.next !== "function" || typeof graph.edgeMask !== "function" || typeof graph.alphabet !== "string") {
    throw new TypeError("engine: legalPlays needs words from wordLookup (with its graph)");
  }
  return graph;
}

/** Everything the walk reads about the position, or null when no play can be made now. */
function generationSetup(state, words) {
  const graph = checkWords(words);
  if (state.phase !== "play") return null;
  const tables = letterTables(state.constants, graph);
  const grid = gridOf(state, tables);
  return {
    graph, tables, grid,
    anchors: anchorsOf(grid),
    crossSets: [crossSets(grid, graph, true), crossSets(grid, graph, false)],
    rack: rackOf(state, tables),
    rates: { ...bonusRates(state), playMultiplier: playMultiplier(state).multiplier },
  };
}

/**
 * Every legal play for the board and the player's tiles (hand and pending), each
 * `{tiles:[{square, letter, blank}], points, words}` as preview scores it, in the plays'
 * order (points, highest first; then fewer tiles; then the tiles in board order by square,
 * letter and real before blank). `[]` outside the phase "play".
 */
export function legalPlays(state, words) {
  const setup = generationSetup(state, words);
  if (!setup) return [];
  const recorder = new AllPlays();
  generate(setup, recorder);
  const builder = playBuilder(setup, words);
  const sorted = recorder.sortedStarts();
  const plays = new Array(sorted.length);
  for (let k = 0; k < sorted.length; k++) plays[k] = buildPlay(builder, recorder.data, sorted[k]);
  return plays;
}

/**
 * The first play of legalPlays(state, words) whose words all have at most
 * `maxWordLength` letters, or null; the others are never built.
 */
export function bestLegalPlay(state, words, maxWordLength = Infinity) {
  const setup = generationSetup(state, words);
  if (!setup) return null;
  const recorder = new BestPlay(maxWordLength, setup.grid.size);
  generate(setup, recorder);
  return recorder.found ? buildPlay(playBuilder(setup, words), recorder.data, 0) : null;
}

/**
 * The first play of legalPlays(state, words) whose every word, crossing words included, is
 * common (`words.isCommon`: wordLookup(dawg, common)), or null; the others are never built.
 * Throws TypeError when `words` has no isCommon.
 */
export function bestCommonPlay(state, words) {
  if (!words || typeof words.isCommon !== "function") {
    throw new TypeError("engine: bestCommonPlay needs words.isCommon (wordLookup(dawg, common) with the common word list)");
  }
  const setup = generationSetup(state, words);
  if (!setup) return null;
  const recorder = new CommonBestPlay(words, setup.grid, setup.graph.alphabet);
  recorder.commonCrossings(setup.crossSets[0], true);
  recorder.commonCrossings(setup.crossSets[1], false);
  generate(setup, recorder);
  return recorder.found ? buildPlay(playBuilder(setup, words), recorder.data, 0) : null;
}
