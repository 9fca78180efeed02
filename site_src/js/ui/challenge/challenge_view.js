// The challenge on the game page, a thin adapter over ui/challenge/challenge.js: the end
// screen's line comparing the run with the challenge received for that tower and
// its "Responder" share (else "Desafiar", the run as a challenge), and the line of
// Estatísticas.

import { challengeOfReplay, challengeText, comparisonLine, replyText, tallyLine } from "./challenge.js";
import { resultOf } from "../shared/saved_values.js";
import { el } from "../shared/dialogs.js";
import { shareOrCopy } from "../shared/share_or_copy.js";

const SAID = {
  shared: "Partilhado.",
  copied: "Desafio copiado: cole onde quiser.",
  cancelled: "",
  failed: "Não foi possível copiar; selecione o texto da partilha e copie-o à mão.",
};

/**
 * The end screen's nodes for the run of `date` just finished (`summary`): `line`, the comparison
 * with the challenge of that tower the run played against, the strongest (its record settled with
 * this run, the first finish counting), or null; `share`, the row of "Responder" (else "Desafiar"),
 * which reports in the end screen's share `status`; null when the run has no replay link to send.
 */
export function challengeNodes(store, date, summary, replayUrl, status) {
  const record = store.settle(date, resultOf(summary));
  const link = challengeOfReplay(replayUrl);
  const line = record ? el("p", { id: "desafio-comparacao", class: "desafio-comparacao", text: comparisonLine(record.me, record.them) }) : null;
  if (!link) return { line, share: null };
  const text = record ? replyText(date, record.me, record.them, link) : challengeText(date, resultOf(summary), link);
  const button = el("button", { type: "button", id: "desafiar", text: record ? "Responder" : "Desafiar" });
  button.dataset.partilha = text;
  button.addEventListener("click", async () => {
    status.textContent = SAID[await shareOrCopy(text)];
  });
  return { line, share: el("div", { class: "linha-botoes desafio-botoes" }, [button]) };
}

/** The statistics' challenges line, of the records kept: "Desafios: 3 ganhos, 1 perdido". */
export function challengeFacts(records) {
  return el("p", { id: "estatisticas-desafios", class: "estatisticas-arquivo", text: tallyLine(records) });
}
