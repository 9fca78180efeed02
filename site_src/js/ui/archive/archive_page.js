// The archive page (/arquivo/): every day of dias/indice.json up to yesterday in
// Lisbon, newest first, by month, each a link to /?dia=YYYY-MM-DD with its floor-1
// opening word and, when played on this device, how it went.

import { archiveMonths, monthName } from "./archive.js";
import { ArchiveStore, dayResult } from "../shared/archive_store.js";
import { el } from "../shared/dialogs.js";
import { lisbonDate } from "../shared/lisbon_date.js";
import { ordinal, points } from "../shared/labels.js";
import { pageClient } from "../shared/analysis_client.js";
import { keptDayTable } from "../shared/kept_table.js";

const PAR_WORDS = { true: ", par batido", false: ", par não batido" };

/** What a played day shows: "3.º andar, 120 pontos, par batido", "torre toda, …", or "em curso". */
export function resultText(result) {
  if (!result) return "";
  if (result.inProgress) return "em curso";
  const reached = result.won ? `torre toda, ${points(result.total)}` : `${ordinal(result.floor)} andar, ${points(result.total)}`;
  return reached + (PAR_WORDS[result.beatPar] ?? "");
}

/** "30 de novembro": the year is in the month's heading. */
const dayName = (date) => `${Number(date.slice(8))} de ${monthName(date).split(" ")[0]}`;

function dayItem(day, archive, table) {
  const result = dayResult(archive, day.date);
  const children = [
    el("a", { href: `/?dia=${day.date}`, text: dayName(day.date), "aria-label": `Jogar a torre de ${dayName(day.date)}` }),
    // The words in the text, not an aria-label on a span with no role, which screen readers may not read (issue 40 item 7).
    " ", el("span", { class: "so-leitor", text: "abertura: " }), el("span", { class: "arquivo-abertura", text: day.opener }),
  ];
  if (result) children.push(" ", el("span", { class: "arquivo-resultado", text: resultText(result) }));
  const quadro = table(day.date);
  if (quadro) children.push(quadro);
  return el("li", { "data-date": day.date }, children);
}

/** Fills `main` (<main id="arquivo" data-indice data-days>) from the index. */
export async function showArchive(main, { storage, now, fetchFn }) {
  const box = main.querySelector("#arquivo-lista") ?? main.appendChild(el("div", { id: "arquivo-lista" }));
  box.replaceChildren(el("p", { class: "aviso carregar", text: "A carregar o arquivo…" }));
  let index;
  try {
    const response = await fetchFn(main.dataset.indice || "/dias/indice.json");
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    index = await response.json();
  } catch (error) {
    box.replaceChildren(el("p", { class: "aviso aviso-erro", role: "alert",
      text: "Não foi possível carregar o arquivo. Verifique se o aparelho tem Internet e recarregue a página." }));
    console.error(error);
    return;
  }
  const store = new ArchiveStore(storage);
  const problem = store.repair(); // a damaged archive: copied aside, its readable days kept, said above the list
  const warning = problem ? [el("p", { id: "arquivo-aviso", class: "aviso aviso-erro", role: "alert", text: problem })] : [];
  const archive = store.load();
  let client = null; // one worker for the page, started when a day's table is first opened
  const table = (date) => keptDayTable({ main, client: () => (client ??= pageClient(main)), fetchFn, storage, date, origin: location.origin });
  const months = archiveMonths(index, lisbonDate(now()));
  if (months.length === 0) {
    box.replaceChildren(...warning, el("p", { class: "aviso", text: "Ainda não há dias no arquivo: a primeira torre é a de hoje." }));
    return;
  }
  box.replaceChildren(...warning, ...months.map(({ month, days }) => el("section", { class: "arquivo-mes" }, [
    el("h2", { text: month[0].toUpperCase() + month.slice(1) }),
    el("ol", { class: "arquivo-dias" }, days.map((day) => dayItem(day, archive, table))),
  ])));
  main.dataset.arquivo = "pronto";
}
