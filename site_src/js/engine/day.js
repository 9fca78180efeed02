/**
 * The day file checked as a whole before a run starts (docs/days-format.md):
 * five floors with an opener that fits the middle row and special squares on
 * legal, distinct squares; a bag that is exactly the constants' tiles; a help
 * order long enough for any run; an offer for every set of held trunfos.
 * A day that breaks any rule throws DayFileError, whose `detail` says what was wrong, in
 * Portuguese, for a developer: the page says only that the file is damaged (and puts the
 * detail under «Detalhes», ui/shared/problem.js).
 */
import { parseSquare } from "./board.js";
import { isTileLetter } from "./rules.js";
import { offerKey } from "./trunfos.js";

const isPracticeNumber = (n) => Number.isInteger(n) && n >= 1;

/**
 * The tower's name in seeds: its date, or "treino-<n>" for practice tower n (a file with
 * `treino` instead of `date`, docs/days-format.md), which no date can spell.
 */
export function towerKey(day) {
  return typeof day.date === "string" ? day.date : `treino-${day.treino}`;
}

export class DayFileError extends Error {
  constructor(day, detail) {
    const date = day && typeof day.date === "string" ? day.date : "";
    const shown = /^\d{4}-\d{2}-\d{2}$/.test(date) ? ` de ${date.split("-").reverse().join("/")}`
      : isPracticeNumber(day?.treino) ? ` de treino n.º ${day.treino}` : "";
    super(`O ficheiro da torre${shown} está danificado: ${detail}.`);
    this.name = "DayFileError";
    this.detail = detail;
  }
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

function checkBag(day, constants, fail) {
  if (typeof day.bag !== "string" || [...day.bag].length !== constants.bag_size) {
    fail(`o saco devia ter ${constants.bag_size} peças`);
  }
  const counts = {};
  for (const letter of day.bag) {
    if (!isTileLetter(constants, letter)) fail(`o saco tem a letra «${letter}», que não existe no jogo`);
    counts[letter] = (counts[letter] || 0) + 1;
  }
  for (const tile of constants.tiles) {
    if (counts[tile.letter] !== tile.count) {
      fail(`o saco tem ${counts[tile.letter] || 0} × ${tile.letter}, devia ter ${tile.count}`);
    }
  }
}

/** The squares the opener covers: the middle row, centred (as pipeline/days.py). */
function openerSquares(constants, opener) {
  const start = Math.floor((constants.board_size - opener.length) / 2);
  return Array.from(opener, (_, i) => constants.columns[start + i] + String(constants.opener_row));
}

function checkFloor(floor, number, constants, fail) {
  const where = `${number}.º andar`;
  if (!isObject(floor)) fail(`o ${where} não é válido`);
  const opener = floor.opener;
  const letters = typeof opener === "string" ? [...opener] : [];
  if (letters.length < constants.word_length.min || letters.length > constants.board_size ||
      !letters.every((letter) => isTileLetter(constants, letter))) {
    fail(`a palavra de abertura do ${where} não é válida`);
  }
  if (!isObject(floor.squares)) fail(`faltam as casas especiais do ${where}`);
  const taken = new Set([...constants.corners, ...openerSquares(constants, opener)]);
  for (const [kind, count] of Object.entries(constants.square_counts)) {
    const names = floor.squares[kind];
    if (!Array.isArray(names) || names.length !== count) fail(`o ${where} devia ter ${count} casas ${kind}`);
    for (const name of names) {
      if (!parseSquare(constants, name) || taken.has(name)) fail(`a casa ${kind} «${name}» do ${where} não é válida`);
      taken.add(name);
    }
  }
  if (Object.keys(floor.squares).some((kind) => !(kind in constants.square_counts))) {
    fail(`o ${where} tem casas especiais desconhecidas`);
  }
}

/**
 * How many helps a run can earn at most: one per play that forms a Coimbra
 * word (each play covers at least one empty square of a floor's board) plus
 * one per climb; the same bound as HELPS_LENGTH in pipeline/days.py.
 */
function helpsNeeded(day, constants) {
  const shortest = Math.min(...day.floors.map((floor) => floor.opener.length));
  return constants.floors * (constants.board_size ** 2 - shortest) + constants.floors;
}

function checkHelps(day, constants, fail) {
  const ids = new Set(constants.helps.map((help) => help.id));
  if (!Array.isArray(day.helps) || !day.helps.every((id) => ids.has(id))) fail("a ordem das ajudas não é válida");
  if (day.helps.length < helpsNeeded(day, constants)) fail("a ordem das ajudas é curta de mais");
}

/** Every set of trunfos a player can hold when offered (0 … floors − 2 of them). */
function heldSets(ids, size) {
  if (size === 0) return [[]];
  const sets = [];
  ids.forEach((id, i) => { for (const rest of heldSets(ids.slice(i + 1), size - 1)) sets.push([id, ...rest]); });
  return sets;
}

function checkOffers(day, constants, fail) {
  if (!isObject(day.offers)) fail("faltam os trunfos propostos");
  const ids = constants.trunfos.map((trunfo) => trunfo.id);
  for (let size = 0; size <= constants.floors - 2; size++) {
    for (const held of heldSets(ids, size)) {
      const offer = day.offers[offerKey(held)];
      if (!Array.isArray(offer) || offer.length !== constants.trunfo_offer || new Set(offer).size !== offer.length ||
          !offer.every((id) => ids.includes(id) && !held.includes(id))) {
        fail(`os trunfos propostos a quem tem «${offerKey(held) || "nenhum"}» não são válidos`);
      }
    }
  }
}

/** Throws DayFileError unless `day` is a whole, playable day for these constants. */
export function checkDay(day, constants) {
  const fail = (detail) => { throw new DayFileError(day, detail); };
  if (!isObject(day)) fail("não é um objeto JSON");
  const dated = typeof day.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day.date);
  if (!dated && (day.date !== undefined || !isPracticeNumber(day.treino))) fail("falta a data");
  if (!Array.isArray(day.floors) || day.floors.length !== constants.floors) {
    fail(`devia ter ${constants.floors} andares`);
  }
  day.floors.forEach((floor, i) => checkFloor(floor, i + 1, constants, fail));
  checkBag(day, constants, fail);
  checkHelps(day, constants, fail);
  checkOffers(day, constants, fail);
}
