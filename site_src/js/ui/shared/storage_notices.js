// What the page says when a full storage keeps something where it was (storage.js, archive_store.js
// heldEarlierRun): rare, so these sentences are in run_end.js's chunk, not in every first visit;
// page.js says a short line of its own when the chunk cannot be had.

import { shownDate } from "./lisbon_date.js";
import { NO_COPY } from "./storage.js";

// What is kept under each key, with its gender and number: "o", "a", "os" or "as" (the sentence agrees with it).
const KEPT_NAMES = { "torre.estatisticas": ["As estatísticas guardadas", "as"], "torre.arquivo": ["O arquivo guardado", "o"],
  "torre.treino": ["O treino guardado", "o"], "torre.desafios": ["Os desafios guardados", "os"],
  "torre.corrida": ["A corrida guardada", "a"] };
const AGREED = { o: ["consegue", "fica como está", "nele"], a: ["consegue", "fica como está", "nela"],
  os: ["conseguem", "ficam como estão", "neles"], as: ["conseguem", "ficam como estão", "nelas"] };

/** A damaged value no copy could be made of, left as it was (GameStorage onRefused): said once, with what to do. */
export function refusedSentence(key) {
  const [kept, form] = KEPT_NAMES[key] ?? ["Os dados guardados", "os"];
  const [can, stays, intoIt] = AGREED[form];
  return `${kept} neste aparelho não se ${can} ler e não há lugar para uma cópia: ${stays}, e o que acabou de jogar `
    + `não entra ${intoIt}. Liberte espaço nas definições do navegador.`;
}

/** The unfinished run of `date` that a full storage keeps where it was, said on today's tower. */
export const heldSentence = (date) => `A corrida de ${shownDate(date)} ficou a meio e continua guardada, mas, como o armazenamento `
  + "está cheio, não passou para o arquivo. Liberte espaço nas definições do navegador e recarregue a página para a acabar; "
  + "até lá, a torre de hoje não fica guardada.";

/** The same, said at midnight on the page where that run goes on. */
export const HELD_AT_MIDNIGHT = "Como o armazenamento está cheio, não passa para o arquivo: acabe-a aqui ou, antes de jogar "
  + "a torre de hoje, liberte espaço nas definições do navegador.";

/** Why the browser refuses to store something, as every refusal says it. */
export const STORAGE_REFUSED_WHY = "o armazenamento está cheio ou não é permitido a este site";

/** What is said at the first save the browser refuses (a full storage, or one blocked for the site). */
export const SAVE_REFUSED = `O navegador recusou guardar esta corrida (${STORAGE_REFUSED_WHY}). Pode continuar a jogar nesta `
  + "página, mas, se a recarregar ou fechar, perde o que jogar a partir de agora. Para voltar a guardar, liberte espaço "
  + "ou permita o armazenamento nas definições do navegador; o jogo volta a tentar a cada jogada.";

/** What loading the statistics found (GameStorage.loadStats's `problem`: "copied" or "kept"), said at the top of the end screen and Estatísticas. */
export const statsProblemSentence = (problem) => (problem === "copied"
  ? "As estatísticas guardadas neste aparelho estavam danificadas: recomeçaram do zero (ficou guardada uma cópia do original à parte)."
  : `As estatísticas guardadas neste aparelho estão danificadas e não foi possível guardar uma cópia delas à parte (${NO_COPY}): `
    + "ficam como estão, e as corridas que acabar não contam nelas até libertar espaço nas definições do navegador.");
