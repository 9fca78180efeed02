// Why a finished run's result read back (an archive day's, a challenge's, a practice tower's) could
// not have been written, said in Portuguese for an import's refusal: the whole check, which only
// the end screen's chunk, the challenge page and Estatísticas need (saved_values.js has the
// quick shape checks every page reads saves with).

import { MAX_POINTS, isCountUpTo, isOutcomes } from "./saved_values.js";

const FLOORS = 5;

/** Why one archive day's result {floor, total, won, beatPar?} could not have been written, or null. */
export function resultProblem(result) {
  if (result === null || typeof result !== "object") return "não tem resultado";
  if (!Number.isInteger(result.floor) || result.floor < 1 || result.floor > FLOORS) return "tem um andar que não existe";
  if (!isCountUpTo(result.total, MAX_POINTS)) return "tem uma pontuação que não é um número inteiro possível";
  if (typeof result.won !== "boolean") return "não diz se a torre foi subida";
  if (result.won && result.floor !== FLOORS) return "diz que a torre foi subida sem chegar ao último andar";
  if (result.beatPar !== undefined && typeof result.beatPar !== "boolean") return "tem um veredicto do par inválido";
  if (result.opponents !== undefined && !isOutcomes(result.opponents)) return "tem um resultado contra os adversários inválido";
  return null;
}
