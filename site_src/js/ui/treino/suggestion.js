// "Sugestão" in practice: the first use shows the best play made only of common words
// (squares and tiles marked on the board and in the hand, nothing placed), the next the
// best play of all, the next hides it. The plays come from the analysis worker
// (analysis_client.js `suggest`), off the page's thread; any action of the run hides them.

import { points } from "../shared/labels.js";

const LEVELS = ["common", "best"];

/** "a", "a e b", "a, b e c". */
const listed = (items) => (items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`);

/** "CASTO em B3, C3 e D3, por 31 pontos": the words of a play and where its new tiles go. */
export function suggestionText(play, level) {
  const kind = level === "common" ? "com palavras comuns" : "a melhor jogada";
  const words = play.words.map((w) => (typeof w === "string" ? w : w.word)).join(", ");
  const squares = listed(play.tiles.map((t) => t.square));
  return `Sugestão (${kind}): ${words} em ${squares}, por ${points(play.points)}. As casas e as peças estão marcadas; ponha-as e jogue.`;
}

/** The preview line's words while a suggestion is shown: "Sugestão: CASO (palavras comuns), 12 pontos". */
export function shortText(play, level) {
  const words = play.words.map((w) => (typeof w === "string" ? w : w.word)).join(", ");
  return `Sugestão: ${words}${level === "common" ? " (palavras comuns)" : " (a melhor)"}, ${points(play.points)}`;
}

/** What is said when the level has no play. */
function noPlayText(level) {
  return level === "common"
    ? "Não há jogada só com palavras comuns nesta posição. Carregue outra vez em «Sugestão» para ver a melhor jogada."
    : "Não há nenhuma jogada possível: troque peças ou passe.";
}

/**
 * The hint a view draws: {squares: Map(square → letter), tiles: Set(hand tile ids)}. Each new
 * tile of the play takes one tile of the hand with its letter (a blank for a blank), so the
 * marked tiles are exactly those the play uses.
 */
export function hintOf(play, hand) {
  const squares = new Map(play.tiles.map((t) => [t.square, t.letter]));
  const free = hand.slice();
  const tiles = new Set();
  for (const t of play.tiles) {
    const i = free.findIndex((h) => (t.blank ? h.letter === "?" : h.letter === t.letter));
    if (i >= 0) tiles.add(free.splice(i, 1)[0].id);
  }
  return { squares, tiles };
}

export class Suggestion {
  /**
   * `ask(game)` → promise of {common, best} (plays or null) for the game's position;
   * `line`: where its sentences go, {say(text, tone), clear()} (practice.js suggestionLine).
   */
  constructor(ask, line) {
    Object.assign(this, { ask, line });
    this.level = -1;
    this.answer = null; // {at: actions count, promise}
  }

  /** Any action of the run: the suggestion shown no longer fits. */
  forget() {
    this.level = -1;
    this.answer = null;
    this.line.clear?.();
  }

  /** One use of Sugestão: the next level (common, best, hidden); resolves once it is shown. */
  async next(game) {
    if (!game?.inPlay()) return;
    const at = game.actions.length;
    if (!this.answer || this.answer.at !== at) {
      this.answer = { at, promise: Promise.resolve().then(() => this.ask(game)) };
      this.level = -1;
    }
    this.level = this.level + 1 >= LEVELS.length + 1 ? 0 : this.level + 1;
    if (this.level === LEVELS.length) {
      game.setHint(null);
      this.line.say("Sugestão escondida.");
      return;
    }
    const level = LEVELS[this.level];
    this.line.say("A procurar uma sugestão…");
    let plays;
    try {
      plays = await this.answer.promise;
    } catch (error) {
      this.answer = null;
      this.line.say(error.message, "erro");
      return;
    }
    if (game.actions.length !== at || game.retired) return; // the run moved on meanwhile
    const play = plays[level];
    game.setHint(play ? { ...hintOf(play, game.state.hand), label: shortText(play, level) } : null);
    this.line.say(play ? suggestionText(play, level) : noPlayText(level));
  }
}
