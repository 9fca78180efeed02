// What a challenge's run reached, in words, and the game page's line while a challenged run
// is played: the result to beat, never its plays. Apart from challenge.js, which only the end
// screen and the statistics load, because the game page says it at once.

import { strongest } from "./challenge_records.js";
import { ordinal, points } from "./labels.js";

/** "3.º andar com 201 pontos", or "a torre toda com 301 pontos"; `unit`: false leaves "pontos" out. */
export function reached(result, unit = true) {
  const where = result.won ? "a torre toda" : `${ordinal(result.floor)} andar`;
  const total = unit ? points(result.total) : String(result.total);
  return `${where} com ${total}`;
}

/**
 * A run's result as the player says it, the same in the share text and the challenge:
 * "Cheguei ao 3.º andar com 201 pontos." or "Subi a torre toda com 301 pontos."
 */
export function resultSentence(result) {
  return result.won ? `Subi a torre toda com ${points(result.total)}.`
    : `Cheguei ao ${ordinal(result.floor)} andar com ${points(result.total)}.`;
}

/** The question under a challenge or a reply. */
export const CHALLENGE_QUESTION = "Consegue fazer melhor?";

/**
 * "Desafio a bater: 3.º andar com 201 pontos." for the challenges of a tower not played yet
 * (`pending`); of several, the strongest, said as such; null when there is none.
 */
export function goalLine(pending) {
  const record = strongest(pending);
  if (!record) return null;
  const among = pending.length > 1 ? ` (o melhor de ${pending.length} desafios recebidos)` : "";
  return `Desafio a bater: ${reached(record.them)}${among}.`;
}
