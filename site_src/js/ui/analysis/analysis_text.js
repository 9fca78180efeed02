// The words of the run's analysis and of the day's par, as players read them on
// the end screen and in the share text. Pure: plain data in, strings out.

import { parseSquare, squareName } from "../../engine/board.js";
import { ordinal, points } from "../shared/labels.js";

/** Whether the run beat the par (`beaten`, engine's beatsPar), said in one sentence after parLine's. */
export function parVerdict(run, par, beaten) {
  if (beaten) return "Bateu-o.";
  const same = run.won === par.won && run.floorReached === par.floor && run.total === par.total;
  return same ? "Empatou com ele: não o bateu." : "Não o bateu.";
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

/** "CASTO (palavra comum)", "CASTO e AS (palavras comuns)": a common-word play's words, named as such. */
export function commonWordsText(words) {
  const listed = words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} e ${words.at(-1)}`;
  return `${listed} (${words.length === 1 ? "palavra comum" : "palavras comuns"})`;
}

/**
 * Where a play's first word starts (its first square, e.g. "B3"): the word along the tiles'
 * line, or for a single tile its word across when it has one, else down (the engine's order
 * of words). `board` is the row's board before the play (letters, null when empty).
 */
export function wordStart(tiles, board, constants) {
  const size = constants.board_size;
  const indexOf = (square) => parseSquare(constants, square).index;
  const placed = new Set(tiles.map((t) => indexOf(t.square)));
  const filled = (i) => placed.has(i) || board[i] !== null;
  const first = Math.min(...placed);
  const [row, col] = [Math.floor(first / size), first % size];
  const across = tiles.length > 1
    ? tiles.every((t) => Math.floor(indexOf(t.square) / size) === row)
    : (col > 0 && filled(first - 1)) || (col < size - 1 && filled(first + 1));
  let start = first;
  if (across) while (start % size > 0 && filled(start - 1)) start -= 1;
  else while (start >= size && filled(start - size)) start -= size;
  return squareName(constants, Math.floor(start / size), start % size);
}

const moment = (row) => `Na ${row.number}.ª jogada do ${ordinal(row.floor)} andar`;
const gainOf = (row, play) => play.points - (row.yours ? row.yours.points : 0);

/** The row whose `which` play ("common" or "best") was furthest above the one made (the first of equals), or null. */
export function biggestGain(rows, which) {
  let found = null;
  let gap = 0;
  for (const row of rows) {
    if (row[which] && gainOf(row, row[which]) > gap) {
      found = row;
      gap = gainOf(row, row[which]);
    }
  }
  return found;
}

/** "CASTO (palavra comum) em B3 daria 31 pontos" (dariam for several words), or the best play's "PRAXE em B2 daria 62 pontos". */
function playAt(row, which, constants) {
  const play = row[which];
  const named = which === "common" ? commonWordsText(play.words) : play.words.join(", ");
  const verb = play.words.length > 1 ? "dariam" : "daria";
  return `${named} em ${wordStart(play.tiles, row.board, constants)} ${verb} ${points(play.points)}`;
}

/** What a play missed would have given over the one made: "mais 19 pontos do que a sua jogada" / "nessa jogada, passou". */
function overYours(row, which) {
  return row.yours ? `, mais ${points(gainOf(row, row[which]))} do que a sua jogada` : "; nessa jogada, passou";
}

/**
 * The one thing the player can use, in a sentence, of the floor the run ended on first: the
 * first moment where a play in common words would have climbed it (firstCommonClimb), else one
 * in any words (firstBestClimb); else the common-word play that would have given most over the
 * one made there, then on any floor; else (no common list) the best play's, likewise.
 */
export function adviceLine(analysis, constants) {
  const { plays, run } = analysis;
  const [climb, which] = analysis.firstCommonClimb ? [analysis.firstCommonClimb, "common"] : [analysis.firstBestClimb, "best"];
  if (climb) {
    const row = plays[climb.index];
    const top = row.floor >= constants.floors ? "subiria a torre toda" : "subiria de andar";
    return `${moment(row)}, ${playAt(row, which, constants)} e ${top}.`;
  }
  const hasCommon = plays.some((row) => row.common);
  const gainWith = hasCommon ? "common" : "best";
  const row = biggestGain(plays.filter((r) => r.floor === run.floorReached), gainWith) ?? biggestGain(plays, gainWith);
  if (row) return `${moment(row)}, ${playAt(row, gainWith, constants)}${overYours(row, gainWith)}.`;
  return hasCommon ? "Com palavras comuns, nenhuma jogada valia mais do que as suas."
    : "Fez sempre a melhor jogada possível.";
}

/**
 * The analysis in two sentences: how far the run was from the next floor (or that it climbed
 * it all), then the advice (adviceLine), e.g. "Ficou a 23 pontos do 2.º andar. Na 2.ª jogada
 * do 1.º andar, CASTO (palavra comum) em B3 daria 31 pontos e subiria de andar."
 */
export function analysisSummary(analysis, constants) {
  const { run } = analysis;
  const floor = run.floorReached;
  let head;
  if (run.won) {
    head = `Subiu a torre toda com ${points(run.total)}.`;
  } else {
    const short = Math.max(0, constants.targets[floor - 1] - run.floors[floor - 1]);
    const next = floor < constants.floors ? `do ${ordinal(floor + 1)} andar` : "de subir a torre toda";
    head = `Ficou a ${points(short)} ${next}.`;
  }
  return `${head} ${adviceLine(analysis, constants)}`;
}
