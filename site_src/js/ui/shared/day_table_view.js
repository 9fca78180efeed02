// The day's table as players see it (day_table.js gives its rows): a <details> «Quadro do dia»
// with how many challengers it holds, the ranked table with each run's replay link and a button
// to share it. The end screen, the challenge page and the archive show it the same way.

import { replayLink } from "../../engine/replay_code.js";
import { el } from "./dialogs.js";
import { NOT_VERIFIED, OPPONENTS_FAILED, OPPONENTS_WAITING, challengerCount, heightText, tableShareText } from "./day_table.js";
import { counted, ordinal } from "./labels.js";
import { shareOrCopy } from "./share_or_copy.js";

const SAID = {
  shared: "Partilhado.",
  copied: "Quadro copiado: cole onde quiser.",
  cancelled: "",
  failed: "Não foi possível copiar: selecione o texto abaixo e copie-o à mão.",
};

/**
 * Shares or copies `text`, saying in `status` how it went (`said`: the sentence of each outcome). When
 * copying failed, the text is shown under `status`, selected, for the player to copy by hand (the
 * sentence says so); any other outcome takes it away again.
 */
export async function shareSaying(status, text, said) {
  const outcome = await shareOrCopy(text);
  status.textContent = said[outcome];
  const left = status.nextElementSibling?.classList.contains("copia-manual") ? status.nextElementSibling : null;
  if (outcome !== "failed") {
    left?.remove();
    return;
  }
  const shown = left ?? el("pre", { class: "partilha copia-manual" });
  shown.textContent = text;
  status.after(shown);
  globalThis.getSelection?.()?.selectAllChildren(shown);
}

/** "O quadro tem 2 desafiantes: só entram os desafios desta torre abertos neste aparelho." (none: "ainda não tem"). */
export function holdsLine(rows) {
  const count = challengerCount(rows);
  const holds = count === 0 ? "ainda não tem desafiantes" : `tem ${counted(count, "desafiante", "desafiantes")}`;
  return `O quadro ${holds}: só entram os desafios desta torre abertos neste aparelho.`;
}

/** Who a row is: a challenge's own name marked as not verified (the run is; the name is only what the sender wrote). */
function whoCell(row) {
  const cell = el("th", { scope: "row" }, [el("span", { class: "quadro-nome", text: row.who })]);
  if (row.name !== null) cell.append(" ", el("span", { class: "quadro-marca", text: `(${NOT_VERIFIED})` }));
  return cell;
}

function rowOf(row, origin) {
  const link = row.code
    ? el("a", { href: replayLink(origin, row.code), text: "Ver a corrida", "aria-label": `Ver a corrida: ${row.who}` })
    : el("span", { class: "quadro-sem" }, [el("span", { "aria-hidden": "true", text: "—" }), el("span", { class: "so-leitor", text: "sem repetição" })]);
  return el("tr", { class: row.kind === "me" ? "quadro-eu" : "" }, [
    el("td", { text: ordinal(row.place) }), whoCell(row), el("td", { text: heightText(row) }),
    el("td", { class: "quadro-pontos", text: String(row.total) }), el("td", {}, [link]),
  ]);
}

function tableOf(rows, origin) {
  const head = ["Lugar", "Quem", "Andar", "Pontos", "Corrida"].map((text) => el("th", { scope: "col", text }));
  return el("table", { class: "quadro-tabela" }, [el("thead", {}, [el("tr", {}, head)]),
    el("tbody", {}, rows.map((row) => rowOf(row, origin)))]);
}

/** The table's notes: how many challengers it holds, names not verified, the opponents on their way. */
function notesOf(rows, opponents) {
  const notes = [el("p", { class: "quadro-nota", text: holdsLine(rows) })];
  if (rows.some((r) => r.name !== null)) {
    notes.push(el("p", { class: "quadro-nota", text: "Os nomes são escritos por quem envia o desafio e não são verificados; as corridas, sim." }));
  }
  if (opponents !== "shown") notes.push(el("p", { class: "quadro-nota", text: opponents === "waiting" ? OPPONENTS_WAITING : OPPONENTS_FAILED }));
  return notes;
}

/**
 * A «Quadro do dia» of `date`; `show(rows, opponents)` gives its rows (day_table.js dayTable's;
 * `opponents`: "waiting", "failed" or "shown", said over the table). Its content is drawn only
 * while it is open, so that nothing changes in a closed one when the opponents arrive. `id` for
 * the one of a page that has only one; `open`: shown open.
 */
export function dayTableBlock(date, origin, { id = null, open = false } = {}) {
  const body = el("div", { class: "quadro-corpo" });
  const node = el("details", { class: "quadro", ...(id ? { id } : {}), open }, [el("summary", { text: "Quadro do dia" }), body]);
  const status = el("p", { class: "confirmacao", role: "status" });
  let shown = null;
  const draw = () => {
    if (!node.open || !shown) return;
    const [rows, opponents] = shown;
    const share = el("button", { type: "button", class: "quadro-partilhar", text: "Partilhar o quadro" });
    share.dataset.partilha = tableShareText(date, rows);
    share.addEventListener("click", () => shareSaying(status, share.dataset.partilha, SAID));
    body.replaceChildren(...notesOf(rows, opponents), tableOf(rows, origin), el("div", { class: "linha-botoes" }, [share]), status);
  };
  node.addEventListener("toggle", draw);
  return {
    node,
    show(rows, opponents = "shown") {
      shown = [rows, opponents];
      draw();
    },
  };
}
