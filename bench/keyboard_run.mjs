// The strong player's run that bench/keyboard_run.py plays by keyboard (run: TORRE_DIST=dist node
// bench/keyboard_run.mjs [YYYY-MM-DD]): the computer opponent Dux (engine/opponents.js) on the first
// day of the built tree's window where it climbs all five floors with an exchange and each help it
// ever uses (Peça branca, Mais uma jogada, Dobro); without one, the first where it wins with each
// help; else the first where it wins. The day must also be one where typing its plays gives exactly
// its tiles (a typed letter takes the first hand tile of that letter, else the blank:
// ui/game/cursor.js tileForLetter; Dux places the blank where its best play has it, which typing
// reproduces only when the hand holds no real tile of that letter); the days skipped for that
// are listed (`skipped`). With a date, that day, won or not.
// Prints JSON: the date, Dux's result, and the run as steps: each play with its first square, its
// way (across or down), the letters to type from there to its last tile (board letters in between
// included: typing passes over them) and what the page should say of it («PALAVRA: N pontos.»);
// each help (its digit key), trunfo (its place in the offer), exchange (the tiles picked), pass.
import { wordLookup } from "../site_src/js/dawg.js";
import { apply, newRun, opponentRun, parseSquare, squareName } from "../site_src/js/engine/index.js";
import { tileForLetter } from "../site_src/js/ui/game/cursor.js";
import { realCommonDawg } from "../tests/js/helpers/common-words.mjs";
import { dayNames, loadDay, loadDistConstants, realWords } from "../tests/js/helpers/real-dist.mjs";

const constants = loadDistConstants();
const words = wordLookup(realWords().dawg, realCommonDawg());
const points = (n) => `${n} ${n === 1 ? "ponto" : "pontos"}`;

/**
 * What typing a play's `places` on `state` means: its first square, its way, and the letters to
 * type from there to its last tile (board letters in between included); null when a typed letter
 * would take another tile than Dux's.
 */
function typedLine(state, places) {
  const hand = state.hand.slice();
  const at = places.map((p) => ({ ...p, ...parseSquare(constants, p.square) })).sort((a, b) => a.index - b.index);
  for (const p of at) {
    const tile = hand.find((t) => t.id === p.tile);
    p.typed = tile.letter === "?" ? p.letter : tile.letter;
    const choice = tileForLetter(hand, p.typed);
    if (!choice || choice.tile.id !== p.tile) return null;
    hand.splice(hand.indexOf(choice.tile), 1);
  }
  const down = at.length > 1 && at.every((p) => p.col === at[0].col);
  const [first, last] = [at[0], at.at(-1)];
  let line = "";
  for (let row = first.row, col = first.col; row <= last.row && col <= last.col; row += down ? 1 : 0, col += down ? 0 : 1) {
    const square = squareName(constants, row, col);
    const own = at.find((p) => p.square === square);
    line += own ? own.typed : state.board[parseSquare(constants, square).index].letter;
  }
  return { first: first.square, down, line };
}

/** The run as steps for the page, or null when typing would not give Dux's tiles. */
function steps(day, actions) {
  let state = newRun(day, constants);
  const out = [];
  let places = [];
  for (const action of actions) {
    if (action.type === "place") {
      places.push(action);
      continue;
    }
    let typing = null;
    if (action.type === "play") {
      typing = typedLine(state, places);
      if (!typing) return null;
      for (const p of places) state = apply(state, p, words).state;
    }
    const result = apply(state, action, words);
    if (!result.ok) throw new Error(`${day.date}: Dux's action ${JSON.stringify(action)} refused: ${result.message}`);
    const events = result.events;
    if (action.type === "play") {
      const played = events.find((e) => e.type === "played");
      if (!played) throw new Error(`${day.date}: a play of Dux's was not made`);
      out.push({
        type: "play", ...typing, tiles: places.length, floor: state.floor + 1,
        said: `${played.words.map((w) => w.word).join(", ")}: ${points(played.points)}.`,
        climbed: events.some((e) => e.type === "climbed" || e.type === "won"),
      });
      places = [];
    } else if (action.type === "useHelp") {
      out.push({ type: "help", id: action.id, key: constants.helps.findIndex((h) => h.id === action.id) + 1 });
    } else if (action.type === "chooseTrunfo") {
      out.push({ type: "trunfo", id: action.id, offer: state.offer, card: state.offer.indexOf(action.id) });
    } else if (action.type === "exchange") {
      const offered = state.hand.filter((t) => t.letter !== "?").map((t) => t.id);
      out.push({ type: "exchange", picks: action.tiles.map((id) => offered.indexOf(id)), offered: offered.length });
    } else if (action.type === "pass") {
      out.push({ type: "pass" });
    } else {
      throw new Error(`${day.date}: Dux's action ${action.type} has no keyboard step here`);
    }
    state = result.state;
  }
  return { steps: out };
}

// The helps Dux ever uses (never Espreitar). The day chosen is the first of the best of these kinds:
// Dux wins with an exchange and each of those helps (every step a strong run has: trunfos, digits,
// the exchange dialog); it wins with each help; it wins.
const DUX_HELPS = ["branca", "jogada", "dobro"];
const uses = (run, type, id) => run.actions.some((a) => a.type === type && (!id || a.id === id));
const kind = (run) => (DUX_HELPS.every((id) => uses(run, "useHelp", id)) ? (uses(run, "exchange") ? 0 : 1) : 2);

const wanted = process.argv[2];
const skipped = [];
const best = [null, null, null];
for (const name of dayNames()) {
  const day = loadDay(name);
  if (wanted && day.date !== wanted) continue;
  const run = opponentRun(day, constants, words, "dux");
  if (!run.won && !wanted) continue;
  const at = wanted ? 0 : kind(run);
  if (best.slice(0, at + 1).some(Boolean)) continue;
  const made = steps(day, run.actions);
  if (!made && !wanted) {
    skipped.push(day.date);
    continue;
  }
  if (!made) throw new Error(`${day.date}: typing Dux's plays would not give its tiles (a blank where the hand has the letter)`);
  best[at] = { date: day.date, won: run.won, floor: run.floor, total: run.total, ...made };
  if (at === 0) break;
}
const found = best.find(Boolean);
if (!found) throw new Error(wanted ? `no day ${wanted} in the built tree` : "no day where Dux wins and typing gives its tiles");
console.log(JSON.stringify({ ...found, skipped: skipped.filter((date) => date < found.date) }));
