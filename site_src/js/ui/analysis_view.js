// The end screen's par and the "Análise da corrida" dialog body: each play made
// next to the best one of that moment, the best shown on demand on a small board
// (a table with column letters and row numbers, the new tiles marked in words).

import { el } from "./dialogs.js";
import { analysisSummary, parLine, parVerdict, playText, squaresText } from "./analysis_text.js";
import { ordinal } from "./labels.js";

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
  const help = el("p", { class: "par-ajuda" }, [el("a", { href: PAR_HELP_URL, id: "par-o-que-e", text: "O que é o par do dia?" })]);
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

let boards = 0; // ids of the small boards, unique on the page

/** The position before a play with the best play's tiles on it, as a table. */
function smallBoard(row, constants) {
  const size = constants.board_size;
  const added = new Map(row.best.tiles.map((t) => [t.square, t]));
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
  const caption = el("caption", { text: `A melhor jogada: ${row.best.words.join(", ")} em ${squaresText(row.best.tiles)}` });
  return el("table", { class: "mini-tabuleiro", id: `mini-tabuleiro-${++boards}`, hidden: true }, [caption, head, ...lines]);
}

/** One play of the run: the one made, the best, and a button that shows the best on a small board. */
function playItem(row, constants) {
  const yours = row.yours ? playText(row.yours) : "passou";
  const parts = [
    el("h3", { text: `${ordinal(row.floor)} andar, ${row.number}.ª jogada` }),
    el("p", { class: "sua", text: `A sua: ${yours}` }),
  ];
  if (!row.best) {
    parts.push(el("p", { class: "melhor", text: "A melhor: não havia nenhuma jogada possível." }));
  } else if (row.yours && row.yours.points >= row.best.points) {
    parts.push(el("p", { class: "melhor", text: "Foi a melhor jogada possível." }));
  } else {
    const board = smallBoard(row, constants);
    const toggle = el("button", { type: "button", class: "ver-tabuleiro", text: "Ver no tabuleiro",
      "aria-expanded": "false", "aria-controls": board.id });
    toggle.addEventListener("click", () => {
      board.hidden = !board.hidden;
      toggle.setAttribute("aria-expanded", String(!board.hidden));
      toggle.textContent = board.hidden ? "Ver no tabuleiro" : "Esconder o tabuleiro";
    });
    parts.push(el("p", { class: "melhor", text: `A melhor: ${playText(row.best)}, em ${squaresText(row.best.tiles)}` }),
      toggle, board);
  }
  return el("li", { "data-sua": String(row.yours ? row.yours.points : 0),
    "data-melhor": String(row.best ? row.best.points : 0) }, parts);
}

/** The analysis dialog's body: the summary sentence, the par, then every play. */
export function analysisBody(analysis, constants, verdictText) {
  return [
    el("p", { class: "manchete", id: "analise-resumo", text: analysisSummary(analysis, constants) }),
    el("p", { class: "par-linha", text: `${parLine(analysis.par)}. ${verdictText}` }),
    el("ol", { class: "analise" }, analysis.plays.map((row) => playItem(row, constants))),
  ];
}
