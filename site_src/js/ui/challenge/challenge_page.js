// The challenge page (/desafio/#<code>): the replay code of a friend's run, verified
// as the replay page does (../shared/verify.js), but shown without its plays until this
// device has finished that tower: whose tower it is, what the run reached, and
// "Aceitar o desafio". A verified challenge is kept on the device; a damaged or
// changed one never is, and the page says why and offers today's tower instead.

import { ArchiveStore, finishedResult } from "../shared/archive_store.js";
import { acceptUrl, comparisonLine, notOpenedLine, replayOfChallenge, towerOf } from "../shared/challenge_texts.js";
import { ChallengeStore } from "../shared/challenge_store.js";
import { el } from "../shared/dialogs.js";
import { ordinal, points } from "../shared/labels.js";
import { problem, showProblem } from "../shared/problem.js";
import { admitRun } from "../shared/admit.js";
import { fragmentCode } from "../shared/verify.js";
import { pageClient } from "../shared/analysis_client.js";
import { keptDayTable } from "../shared/kept_table.js";
import { splitFragment } from "../shared/challenge_name.js";
import { notOpened } from "../shared/saved_values.js";
import { STORAGE_REFUSED_WHY } from "../shared/storage_notices.js";

/** Said when a verified challenge could not be kept (a full storage): it counts nowhere until it is. */
const NOT_KEPT = `Este desafio foi verificado, mas o navegador não deixou guardá-lo neste aparelho (${STORAGE_REFUSED_WHY}): `
  + "não entra no Quadro do dia nem nas Estatísticas. Liberte espaço nas definições do navegador e abra esta ligação outra vez.";

const NOT_COUNTED = "Este desafio não conta.";
const unfinished = (read) => `Esta corrida não acabou (ficou no ${ordinal(read.floor)} andar, com ${points(read.total)}): `
  + "só uma corrida acabada pode ser um desafio.";

/** "Aceitar o desafio" (the tower not played yet) or the comparison and "Ver a corrida" (played). */
function actions(record, today, origin) {
  if (record.me === null) {
    return [el("p", { id: "desafio-aviso", text: "As jogadas desta corrida só se mostram depois de jogar esta torre." }),
      el("p", { class: "desafio-acoes" }, [el("a", { href: acceptUrl(record.date, today), class: "botao principal", text: "Aceitar o desafio" })])];
  }
  return [el("p", { id: "desafio-comparacao", class: "desafio-comparacao", text: comparisonLine(record.me, record.them) }),
    el("p", { class: "desafio-acoes" }, [el("a", { href: replayOfChallenge(origin, record.code), class: "botao principal", text: "Ver a corrida" }),
      el("a", { href: acceptUrl(record.date, today), class: "botao", text: "Abrir a torre" })])];
}

/** "Enviado por: Ana (nome não verificado)": the name as the sender wrote it, only ever as text. */
function senderLine(name) {
  return el("p", { id: "desafio-nome", class: "desafio-nome" }, ["Enviado por: ",
    el("span", { class: "quadro-nome", text: name }), " (nome não verificado: só a corrida é verificada)"]);
}

/**
 * A challenge that did not verify: no question to beat nor invitation over the refusal (on a
 * phone they would push it out of view), and today's tower as the way on.
 */
function refuse(main, box, title = "Desafio não verificado") {
  const heading = main.querySelector("h1");
  if (heading) heading.textContent = title;
  const invitation = main.querySelector("#desafio-convite");
  if (invitation) invitation.hidden = true;
  box.append(el("p", { class: "desafio-acoes" }, [el("a", { href: "/", class: "botao principal", text: "Jogar a torre de hoje" })]));
}

/**
 * Fills `main` (<main id="desafio">) from `hash`. `storage`: GameStorage; `today`: the Lisbon date;
 * `origin`: the site's, for the replay link; `keep(...urls)`: asks for the day and word list to be kept
 * offline. Sets data-veredicto ("verificada" or "recusada").
 */
export async function showChallenge(main, { fetchFn, hash, storage, today, origin, keep = () => {} }) {
  const box = main.querySelector("#desafio-corrida") ?? main.appendChild(el("div", { id: "desafio-corrida" }));
  const says = el("p", { id: "veredicto", class: "aviso veredicto", role: "status", text: "A verificar o desafio…" });
  box.replaceChildren(says);
  const { code, name } = splitFragment(fragmentCode(hash));
  const onRead = (read) => box.prepend(el("h2", { id: "desafio-torre", text: `Desafio: ${towerOf(read.date, today)}` }));
  // Through the one way in (admit.js): a challenge is of a finished run; one still in play has no result to beat.
  const checked = await admitRun(code, main, fetchFn, { onRead, today });
  const { read, loaded } = checked;
  if (loaded) keep(loaded.files.day, loaded.files.dawg);
  const verified = checked.admitted;
  main.dataset.veredicto = verified ? "verificada" : "recusada";
  // Too early is not a fault of the link: said plainly, and the link will verify on its day.
  if (read.ok && notOpened(read.date, today)) {
    says.textContent = notOpenedLine(read.date);
    refuse(main, box, "Desafio de uma torre que ainda não abriu");
    return;
  }
  const text = checked.verified && !checked.finished ? unfinished(read) : checked.text;
  showProblem(says, verified ? problem(text) : problem(`${text} ${NOT_COUNTED}`, checked.detail));
  says.classList.toggle("aviso-erro", !verified);
  if (!verified) {
    refuse(main, box, checked.verified ? "Desafio de uma corrida por acabar" : undefined);
    return;
  }
  const challenges = new ChallengeStore(storage);
  const damaged = challenges.repair(); // said here, once: the game page then finds the store sound
  if (damaged) box.append(el("p", { id: "desafios-danificados", class: "aviso aviso-erro", text: damaged }));
  const kept = challenges.receive(code, read.date, checked.result, name);
  if (kept.name) box.append(senderLine(kept.name));
  const mine = finishedResult(new ArchiveStore(storage).load(), read.date);
  if (mine) challenges.settle(read.date, mine);
  // This link's own record (the day may hold several challenges); as received when the browser refused to keep it.
  const stored = challenges.load().find((r) => r.code === code);
  if (!stored) box.append(el("p", { id: "desafio-nao-guardado", class: "aviso aviso-erro", text: NOT_KEPT }));
  const record = stored ?? { ...kept, me: mine ?? null };
  box.append(...actions(record, today, origin));
  // Played: the day's table, with every challenge of that tower kept here.
  const table = keptDayTable({ main, client: () => pageClient(main), fetchFn, storage, date: read.date, origin,
    loaded: { day: loaded.day, constants: loaded.constants }, open: true, id: "quadro-do-dia" });
  if (table) box.append(table);
}
