// The challenge on the end screen, a thin adapter over ui/shared/challenge_texts.js: the line
// comparing the run with the challenge received for that tower, and its "Responder" (else
// "Desafiar", the run as a challenge), which asks for the name only when chosen.

import { challengeOfReplay, challengeText, comparisonLine, replyText } from "../shared/challenge_texts.js";
import { resultOf } from "../shared/saved_values.js";
import { el } from "../shared/dialogs.js";
import { shareSaying } from "../shared/day_table_view.js";
import { fragmentOf, keepName, keptName, nameProblem, tidyName } from "../shared/challenge_name.js";

const SAID = {
  shared: "Partilhado.",
  copied: "Desafio copiado: cole onde quiser.",
  cancelled: "",
  failed: "Não foi possível copiar: selecione o texto abaixo e copie-o à mão.",
};

/**
 * The name field over "Desafiar"/"Responder": what is typed (tidied) travels in the link when a
 * link can carry it (challenge_name.js), else the sentence under the field says why and the link
 * goes without it. `onName(name)` is told the name that travels ("" for none).
 */
function nameField(store, onName) {
  const input = el("input", { type: "text", id: "desafio-nome-campo", autocomplete: "nickname", spellcheck: false,
    value: keptName(store.storage), "aria-describedby": "desafio-nome-aviso" });
  const label = el("label", { htmlFor: "desafio-nome-campo", text: "O seu nome no desafio (opcional, até 16 caracteres):" });
  const problem = el("p", { id: "desafio-nome-aviso", class: "desafio-nome-aviso", "aria-live": "polite" });
  const update = () => {
    const name = tidyName(input.value);
    const why = name ? nameProblem(name) : null;
    // Written only when it changes, so that its live region speaks once, not at every character (issue 40 item 6).
    const text = why ?? "Quem receber o desafio vê o nome tal como o escreveu, marcado como não verificado.";
    if (problem.textContent !== text) problem.textContent = text;
    problem.classList.toggle("aviso-erro", why !== null);
    onName(why ? "" : name);
  };
  input.addEventListener("input", update);
  update();
  return el("div", { class: "desafio-nome-linha" }, [label, input, problem]);
}

/**
 * The end screen's nodes for the run of `date` just finished (`summary`): `line`, the comparison
 * with the challenge of that tower the run played against, the strongest (its record settled with
 * this run, the first finish counting), or null; `share`, "Responder" (else "Desafiar": both send
 * the same kind of link, the run as a challenge), whose first press asks for the name (a step of
 * its own, the last name offered again) and whose «Enviar o desafio» shares, saying under it how
 * it went; null when the run has no replay link to send.
 */
export function challengeNodes(store, date, summary, replayUrl) {
  const record = store.settle(date, resultOf(summary));
  const link = challengeOfReplay(replayUrl);
  const line = record ? el("p", { id: "desafio-comparacao", class: "desafio-comparacao", text: comparisonLine(record.me, record.them) }) : null;
  if (!link) return { line, share: null };
  const [base, code] = link.split("#");
  const textOf = (named) => (record ? replyText(date, record.me, record.them, named) : challengeText(date, resultOf(summary), named));
  const ask = el("button", { type: "button", id: "desafiar", text: record ? "Responder" : "Desafiar", "aria-expanded": "false",
    "aria-controls": "desafio-passo" });
  const send = el("button", { type: "button", id: "desafio-enviar", class: "principal", text: "Enviar o desafio" });
  let name = "";
  const field = nameField(store, (typed) => {
    name = typed;
    ask.dataset.partilha = send.dataset.partilha = textOf(`${base}#${fragmentOf(code, name || null)}`);
  });
  const status = el("p", { class: "confirmacao desafio-estado", role: "status" });
  const step = el("div", { id: "desafio-passo", class: "desafio-passo", hidden: true }, [field,
    el("div", { class: "linha-botoes desafio-botoes" }, [send]), status]);
  ask.addEventListener("click", () => {
    step.hidden = false;
    ask.setAttribute("aria-expanded", "true");
    field.querySelector("input").focus();
  });
  send.addEventListener("click", async () => {
    keepName(store.storage, name); // offered again next time
    await shareSaying(status, send.dataset.partilha, SAID);
  });
  return { line, share: el("div", { class: "desafio-partilha" }, [el("div", { class: "linha-botoes desafio-botoes" }, [ask]), step]) };
}
