// The game page when it plays a past day (/?dia=YYYY-MM-DD): the visible
// "Arquivo" mark and heading, the refusals of days it will not open (with the
// ways on: today's tower and the archive). A chunk of its own (page.js archiveMode):
// today's tower never loads it.

import { el } from "../shared/dialogs.js";
import { shownDate } from "../shared/lisbon_date.js";

/** The heading and the "Arquivo" mark for a past day; nothing changes for today's tower. */
export function markArchive(main, date) {
  if (!date) return;
  const heading = main.querySelector("h1");
  if (heading) heading.textContent = `A torre de ${shownDate(date)}`;
  const loading = main.querySelector("#carregar");
  if (loading) loading.textContent = `A preparar a torre de ${shownDate(date)}…`;
  if (main.querySelector("#marca-arquivo")) return;
  // In the floor's line, which has room for it: a phone still shows the board, the hand
  // and Jogar without scrolling. The header's links lead to today's tower and the archive.
  const [, month, day] = date.split("-");
  const mark = el("span", { id: "marca-arquivo", class: "marca-arquivo" }, [el("strong", { text: "Arquivo" }), ` ${day}/${month}`]);
  const line = main.querySelector(".andar-linha");
  if (line) {
    line.append(mark);
    return;
  }
  heading ? heading.after(mark) : main.prepend(mark);
}

/**
 * What the page says for a `?dia=` it will not open: `{heading, message}`. The heading
 * names the day asked for (not today's tower), so the message does not repeat it.
 */
export function dayRefusal(request) {
  if (request.kind === "future") {
    return { heading: `A torre de ${shownDate(request.date)}`,
      message: "Esta torre ainda não abriu: cada torre abre à meia-noite de Lisboa e só entra no arquivo no dia seguinte." };
  }
  return { heading: "Arquivo",
    message: "Este endereço não indica um dia válido: escolha um dia no arquivo." };
}

/** Links to today's tower and to the archive under an error (shown for past days and refusals; page.js hides them). */
export function dayLinks(box) {
  if (box.querySelector("#erro-ligacoes")) return;
  box.append(el("p", { id: "erro-ligacoes", class: "ligacoes" }, [el("a", { href: "/", text: "Jogar a torre de hoje" }), " · ",
    el("a", { href: "/arquivo/", text: "Ver o arquivo" })]));
}

