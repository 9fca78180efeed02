// The end screen's par and the "Análise da corrida" dialog body: each play made
// next to the best one in common words and the best one of that moment, those shown
// on demand on small boards (tables with column letters and row numbers, the new
// tiles marked in words).

import { el } from "../shared/dialogs.js";
import { analysisSummary, parVerdict, playText, squaresText } from "./analysis_text.js";
import { parLine } from "../shared/par_text.js";
import { ordinal } from "../shared/labels.js";

/** Where Como jogar explains the par (its section «O par do dia»). */
export const PAR_HELP_URL = "/como-jogar/#par";

/**
 * The end screen's par block: "A calcular o par do dia…" until `show(par, verdict)` fills it
 * in, and a link to what the par is (outside the status region, so it is not re-announced).
 */
export function parBlock() {
  const line = el("p", { class: "par-linha", id: "par-linha", text: "A calcular o par do dia…" });
  const verdict = el("p", { class: "par-veredicto", id: "par-veredicto" });
  const status = el("div", { role: "status" }, [line, verdict]);
  const help = el("p", { class: "par-ajuda ligacoes" }, [el("a", { href: PAR_HELP_URL, id: "par-o-que-e", text: "O que é o par do dia?" })]);
  return {
    node: el("div", { class: "par" }, [status, help]),
    show(par, verdictText) {
      line.textContent = `${parLine(par)}.`;
      verdict.textContent = verdictText;
    },
    fail(message) {
      line.textContent = message;
    },
  };
}

let boardGroups = 0; // ids of the groups of small boards, unique on the page

/** The position before a play with `play`'s tiles on it, as a table captioned `title`. */
function smallBoard(row, play, title, constants) {
  const size = constants.board_size;
  const added = new Map(play.tiles.map((t) => [t.square, t]));
  const head = el("tr", {}, [el("td"), ...Array.from(constants.columns).slice(0, size).map((c) => el("th", { scope: "col", text: c }))]);
  const lines = Array.from({ length: size }, (_, r) => el("tr", {}, [
    el("th", { scope: "row", text: String(r + 1) }),
    ...Array.from({ length: size }, (_, c) => {
      const name = constants.columns[c] + String(r + 1);
      const tile = added.get(name);
      if (tile) {
        return el("td", { class: "nova" }, [tile.blank ? `${tile.letter}*` : tile.letter,
          el("span", { class: "so-leitor", text: tile.blank ? " (nova, peça branca)" : " (nova)" })]);
      }
      return el("td", { text: row.board[r * size + c] ?? "" });
    }),
  ]));
  const caption = el("caption", { text: `${title}: ${play.words.join(", ")} em ${squaresText(play.tiles)}` });
  return el("table", { class: "mini-tabuleiro" }, [caption, head, ...lines]);
}

const samePlay = (a, b) => Boolean(a && b) && squaresText(a.tiles) === squaresText(b.tiles) &&
  a.tiles.every((t, i) => t.letter === b.tiles[i].letter && t.blank === b.tiles[i].blank);
const beats = (play, row) => Boolean(play) && (!row.yours || play.points > row.yours.points);

/** The line on the best play in common words: that play, or why there is none to show. */
function commonText(row) {
  if (!row.common) return "Com palavras comuns: não havia nenhuma jogada.";
  if (!beats(row.common, row)) return "Com palavras comuns: nenhuma valia mais do que a sua.";
  return `Com palavras comuns: ${playText(row.common)}, em ${squaresText(row.common.tiles)}`;
}

/** The line on the best play of all. */
function bestText(row) {
  if (!row.best) return "A melhor: não havia nenhuma jogada possível.";
  if (!beats(row.best, row)) return "A melhor: foi a sua.";
  if (samePlay(row.best, row.common)) return "A melhor: a mesma, com palavras comuns.";
  return `A melhor: ${playText(row.best)}, em ${squaresText(row.best.tiles)}`;
}

/** The small boards of the plays that beat the player's: the common-word one, then the best if it differs. */
function boardsOf(row, constants) {
  const shown = [];
  if (beats(row.common, row)) shown.push(smallBoard(row, row.common, "Com palavras comuns", constants));
  if (beats(row.best, row) && !samePlay(row.best, row.common)) shown.push(smallBoard(row, row.best, "A melhor", constants));
  return shown;
}

/** One play of the run: the one made, the best in common words, the best, and their small boards on demand. */
function playItem(row, constants) {
  const parts = [
    el("h3", { text: `${ordinal(row.floor)} andar, ${row.number}.ª jogada` }),
    el("p", { class: "sua", text: `A sua: ${row.yours ? playText(row.yours) : "passou a vez"}` }),
    el("p", { class: "comum", text: commonText(row) }),
    el("p", { class: "melhor", text: bestText(row) }),
  ];
  const tables = boardsOf(row, constants);
  if (tables.length) {
    const boards = el("div", { class: "mini-tabuleiros", id: `mini-tabuleiros-${++boardGroups}`, hidden: true }, tables);
    const toggle = el("button", { type: "button", class: "ver-tabuleiro", text: "Ver no tabuleiro",
      "aria-expanded": "false", "aria-controls": boards.id });
    toggle.addEventListener("click", () => {
      boards.hidden = !boards.hidden;
      toggle.setAttribute("aria-expanded", String(!boards.hidden));
      toggle.textContent = boards.hidden ? "Ver no tabuleiro" : "Esconder o tabuleiro";
    });
    parts.push(toggle, boards);
  }
  return el("li", { "data-sua": String(row.yours ? row.yours.points : 0),
    "data-comum": String(row.common ? row.common.points : 0),
    "data-melhor": String(row.best ? row.best.points : 0) }, parts);
}

/**
 * The analysis dialog's body: the summary sentence, the par (left out without `verdictText`:
 * a practice tower has no par of the day), then every play.
 */
export function analysisBody(analysis, constants, verdictText = null) {
  const summary = el("p", { class: "manchete", id: "analise-resumo", text: analysisSummary(analysis, constants) });
  const par = verdictText ? [el("p", { class: "par-linha", text: `${parLine(analysis.par)}. ${verdictText}` })] : [];
  return [summary, ...par, el("ol", { class: "analise" }, analysis.plays.map((row) => playItem(row, constants)))];
}
