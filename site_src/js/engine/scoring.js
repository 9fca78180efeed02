/**
 * Scoring one play, the five steps of docs/engine.md "Scoring a play":
 * 1. each word: letters (new tiles on 2L/3L ×2/×3, old tiles at face value,
 *    the blank 0) × the word multipliers under NEW tiles (corner 3P, ×4 with
 *    Cabra); 2. +bingo for 7 tiles; 3. +Coimbra bonus per Coimbra word (Fitas
 *    raises it); 4. +Serenata bonus per long word; 5. × Latada on the floor's
 *    first play, × Dobro when active (both stack).
 */
import { help, holds, trunfo } from "./rules.js";

/** The word multiplier a new tile on `square` gives (corners ×4 with Cabra), 1 for none. */
export function wordMultiplierOf(state, square) {
  const { constants } = state;
  const kind = state.squares[square];
  if (!(kind in constants.word_multipliers)) return 1;
  if (constants.corners.includes(square) && holds(state, "cabra")) {
    return trunfo(constants, "cabra").corner_multiplier;
  }
  return constants.word_multipliers[kind];
}

/**
 * The square's kind as the player should read it now: a corner shows "4P"
 * while Cabra is held (state.squares keeps "3P"); other squares their kind.
 */
export function shownSquare(state, square) {
  const kind = state.squares[square];
  if (!(kind in state.constants.word_multipliers)) return kind || null;
  return `${wordMultiplierOf(state, square)}P`;
}

/** The letter multiplier a new tile on `square` gets, 1 for none. */
export function letterMultiplierOf(state, square) {
  const kind = state.squares[square];
  return state.constants.letter_multipliers[kind] ?? 1;
}

/** Step 1 for one word: its points and the human-readable sum. */
export function scoreWord(state, word, words) {
  let sum = 0;
  let multiplier = 1;
  const parts = [];
  for (const cell of word.cells) {
    const letterMultiplier = cell.isNew ? letterMultiplierOf(state, cell.square) : 1;
    sum += cell.value * letterMultiplier;
    parts.push(letterMultiplier > 1 ? `${cell.value}×${letterMultiplier}` : String(cell.value));
    if (cell.isNew) multiplier *= wordMultiplierOf(state, cell.square);
  }
  const points = sum * multiplier;
  const coimbra = Boolean(words.isCoimbra(word.word));
  const detail = `${word.word}: ${parts.join("+")} = ${sum}` +
    (multiplier > 1 ? ` × ${multiplier} = ${points}` : "");
  return {
    word: word.word,
    points,
    coimbra,
    squares: word.cells.map((cell) => cell.square),
    detail,
  };
}

/**
 * Step 5's factor for the play about to be made (1, 2 or 4 with the constants' numbers), its
 * steps in words and what gives it (`by`: "latada", the trunfo, and "dobro", the help).
 */
export function playMultiplier(state) {
  const { constants } = state;
  const steps = [];
  const by = [];
  let multiplier = 1;
  if (holds(state, "latada") && state.floorPlays === 0) {
    const factor = trunfo(constants, "latada").first_play_multiplier;
    multiplier *= factor;
    by.push("latada");
    steps.push(`Latada (primeira jogada do andar): × ${factor}`);
  }
  if (state.dobro) {
    const factor = help(constants, "dobro").multiplier;
    multiplier *= factor;
    by.push("dobro");
    steps.push(`Dobro: × ${factor}`);
  }
  return { multiplier, steps, by };
}

/**
 * The numbers of steps 2–4 for the state's trunfos: the bingo (tiles and bonus), the bonus
 * per Coimbra word (Fitas raises it), and Serenata's per long word (0 when not held, its
 * length then Infinity).
 */
export function bonusRates(state) {
  const { constants } = state;
  const serenata = holds(state, "serenata") ? trunfo(constants, "serenata") : null;
  return {
    bingoTiles: constants.bingo.tiles,
    bingoBonus: constants.bingo.bonus,
    perCoimbra: holds(state, "fitas") ? trunfo(constants, "fitas").coimbra_bonus : constants.coimbra_bonus,
    longLength: serenata ? serenata.min_length : Infinity,
    perLong: serenata ? serenata.bonus : 0,
  };
}

/** Steps 1–5 over the analysed words of a legal, valid placement. */
export function scorePlay(state, analysedWords, words) {
  const rates = bonusRates(state);
  const scored = analysedWords.map((word) => scoreWord(state, word, words));
  const breakdown = scored.map((w) => w.detail);
  let subtotal = scored.reduce((total, w) => total + w.points, 0);

  const bingo = state.pending.length === rates.bingoTiles ? rates.bingoBonus : 0;
  if (bingo) breakdown.push(`${rates.bingoTiles} peças: +${bingo}`);

  const coimbraWords = scored.filter((w) => w.coimbra).length;
  const coimbra = coimbraWords * rates.perCoimbra;
  if (coimbra) breakdown.push(`Palavras de Coimbra (${coimbraWords}): +${coimbra}`);

  const long = scored.filter((w) => w.word.length >= rates.longLength).length;
  const serenata = long * rates.perLong;
  if (serenata) breakdown.push(`Serenata (${long} de ${rates.longLength}+ letras): +${serenata}`);
  subtotal += bingo + coimbra + serenata;

  const { multiplier, steps, by } = playMultiplier(state);
  breakdown.push(...steps);
  const points = subtotal * multiplier;
  breakdown.push(`Total: ${points}`);
  return {
    ok: true,
    points,
    words: scored.map(({ word, points: p, coimbra: c, squares }) => ({ word, points: p, coimbra: c, squares })),
    bonuses: { bingo, coimbra, serenata },
    multiplier,
    multipliedBy: by,
    breakdown,
  };
}
