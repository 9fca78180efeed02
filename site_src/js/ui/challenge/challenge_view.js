// The challenge on the game page, a thin adapter over ui/challenge/challenge.js: the end
// screen's line comparing the run with the challenge received for that tower and
// its "Responder" share (else "Desafiar", the run as a challenge), and the line of
// Estatísticas.

import { byName, challengeOfReplay, challengeText, comparisonLine, replyText, tallyLine } from "./challenge.js";
import { monthAndAllText } from "../shared/figures.js";
import { resultOf } from "../shared/saved_values.js";
import { el } from "../shared/dialogs.js";
import { shareOrCopy } from "../shared/share_or_copy.js";
import { fragmentOf, keepName, keptName, nameProblem, tidyName } from "../shared/challenge_name.js";

const SAID = {
  shared: "Partilhado.",
  copied: "Desafio copiado: cole onde quiser.",
  cancelled: "",
  failed: "Não foi possível copiar; selecione o texto da partilha e copie-o à mão.",
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
    problem.textContent = why ?? "Quem receber o desafio vê o nome tal como o escreveu, marcado como não verificado.";
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
 * this run, the first finish counting), or null; `share`, the name field and "Responder" (else
 * "Desafiar": both send the same kind of link, the run as a challenge), which reports in the end
 * screen's share `status`; null when the run has no replay link to send.
 */
export function challengeNodes(store, date, summary, replayUrl, status) {
  const record = store.settle(date, resultOf(summary));
  const link = challengeOfReplay(replayUrl);
  const line = record ? el("p", { id: "desafio-comparacao", class: "desafio-comparacao", text: comparisonLine(record.me, record.them) }) : null;
  if (!link) return { line, share: null };
  const [base, code] = link.split("#");
  const textOf = (named) => (record ? replyText(date, record.me, record.them, named) : challengeText(date, resultOf(summary), named));
  const button = el("button", { type: "button", id: "desafiar", text: record ? "Responder" : "Desafiar" });
  let name = "";
  const field = nameField(store, (typed) => {
    name = typed;
    button.dataset.partilha = textOf(`${base}#${fragmentOf(code, name || null)}`);
  });
  button.addEventListener("click", async () => {
    keepName(store.storage, name); // offered again next time
    status.textContent = SAID[await shareOrCopy(button.dataset.partilha)];
  });
  return { line, share: el("div", { class: "desafio-partilha" }, [field, el("div", { class: "linha-botoes desafio-botoes" }, [button])]) };
}

/**
 * The statistics' challenges: the line of the records kept ("Desafios: 3 ganhos, 1 perdido") and,
 * once one was played, the figures by challenger name, this month (`today`'s) and since the first.
 */
export function challengeFacts(records, today) {
  const line = el("p", { id: "estatisticas-desafios", class: "estatisticas-arquivo", text: tallyLine(records) });
  const names = byName(records, today);
  if (names.length === 0) return line;
  const rows = names.map(({ name, month, all }) => el("li", {}, [el("span", { class: "quadro-nome", text: name }),
    `: ${monthAndAllText({ month, all })}`]));
  return el("div", { id: "estatisticas-desafiantes" }, [line,
    el("h3", { text: "Por desafiante" }),
    el("p", { class: "estatisticas-arquivo", text: "Pelo nome que cada desafio trouxe. Os nomes não são verificados nem identificam ninguém: dois desafios com o mesmo nome podem ser de pessoas diferentes." }),
    el("ul", { class: "estatisticas-desafiantes" }, rows)]);
}
