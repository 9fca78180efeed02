// The words of the run's analysis and of the day's par, as players read them on
// the end screen and in the share text. Pure: plain data in, strings out.

import { ordinal, points } from "./labels.js";

/** "Par do dia: 3.º andar, 171 pontos" (or "torre toda" for a par that climbed it all). */
export function parLine(par) {
  const where = par.won ? "torre toda" : `${ordinal(par.floor)} andar`;
  return `Par do dia: ${where}, ${points(par.total)}`;
}

/** Whether the run beat the par (`beaten`, engine's beatsPar), said in one sentence. */
export function parVerdict(run, par, beaten) {
  if (beaten) return "Bateu o par do dia.";
  const same = run.won === par.won && run.floorReached === par.floor && run.total === par.total;
  return same ? "Igualou o par do dia, sem o bater." : "Não bateu o par do dia.";
}

/** "B2–B5" (or "B2" for one tile): where a play's tiles went. */
export function squaresText(tiles) {
  if (tiles.length === 0) return "";
  return tiles.length === 1 ? tiles[0].square : `${tiles[0].square}–${tiles.at(-1).square}`;
}

/** "PRAXE, ERA (62 pontos)": a play's words and points. */
export function playText(play) {
  return `${play.words.join(", ")} (${points(play.points)})`;
}

/** The row where the best play was furthest above the one made (the first of equals), or null. */
export function biggestMiss(rows) {
  let found = null;
  let gap = 0;
  for (const row of rows) {
    if (!row.best) continue;
    const missed = row.best.points - (row.yours ? row.yours.points : 0);
    if (missed > gap) {
      found = row;
      gap = missed;
    }
  }
  return found;
}

/**
 * The analysis in one sentence: how far the run was from the next floor (or that it
 * climbed it all), then the best play that got away, e.g. "Ficou a 23 pontos do 4.º
 * andar; a melhor jogada no 3.º andar valia 212 pontos."
 */
export function analysisSummary(analysis, constants) {
  const { run, plays } = analysis;
  const floor = run.floorReached;
  let head;
  if (run.won) {
    head = `Subiu a torre toda com ${points(run.total)}`;
  } else {
    const short = Math.max(0, constants.targets[floor - 1] - run.floors[floor - 1]);
    const next = floor < constants.floors ? `do ${ordinal(floor + 1)} andar` : "do topo da torre";
    head = `Ficou a ${points(short)} ${next}`;
  }
  const miss = biggestMiss(plays);
  const tail = miss
    ? `a melhor jogada no ${ordinal(miss.floor)} andar valia ${points(miss.best.points)}`
    : "fez sempre a melhor jogada possível";
  return `${head}; ${tail}.`;
}
