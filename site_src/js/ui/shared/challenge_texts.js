// A challenge ("Consegue fazer melhor?"), pure: its link is a replay code under /desafio/#
// (docs/replay-link.md "Challenge links"), its comparison is the par's rule
// (engine/rank.js beatsPar), and the challenges kept on the device are plain
// records {code, date, them, me}: `them` the link's verified result, `me` this
// device's first finished run of that tower (null until then), both {floor, total, won}.

import { replayLink } from "../../engine/replay_code.js";
import { shownDate as shown } from "./lisbon_date.js";
import { counted as count } from "./labels.js";
import { CHALLENGE_QUESTION, reached, resultSentence } from "./challenge_goal.js";
import { outcome, tally } from "./challenge_records.js";

// The records' own rules are challenge_records.js, which the game page needs at once.
export { byName, merged, newRecord, outcome, received, settled, tally } from "./challenge_records.js";

export const CHALLENGE_PATH = "/desafio/";
const REPLAY_MARK = "/repeticao/#";

/** `<origin>/desafio/#<code>`. */
export function challengeLink(origin, code) {
  return `${origin.replace(/\/$/, "")}${CHALLENGE_PATH}#${code}`;
}

/** The challenge link of a replay link (`<origin>/repeticao/#<code>`), or null for any other address. */
export function challengeOfReplay(url) {
  const at = String(url ?? "").indexOf(REPLAY_MARK);
  if (at < 0 || at + REPLAY_MARK.length === url.length) return null;
  return challengeLink(url.slice(0, at), url.slice(at + REPLAY_MARK.length));
}

/** The replay link of a challenge's code (engine/replay_code.js replayLink). */
export function replayOfChallenge(origin, code) {
  return replayLink(origin, code);
}


const VERDICTS = { won: "Bateu o desafio", lost: "Não bateu o desafio", tied: "Empatou o desafio" };

/** "Bateu o desafio: 3.º andar com 201 pontos, contra 2.º andar com 130." (or Não bateu…, Empatou…). */
export function comparisonLine(mine, theirs) {
  return `${VERDICTS[outcome(mine, theirs)]}: ${reached(mine)}, contra ${reached(theirs, false)}.`;
}

/** The text of "Desafiar": the day, the run's result, the question and the link on a line of its own. */
export function challengeText(date, mine, link) {
  return [`A Torre · ${shown(date)}`, resultSentence(mine), CHALLENGE_QUESTION, link].join("\n");
}

/** The text of "Responder": the same, saying how the run went against the challenge received. */
export function replyText(date, mine, theirs, link) {
  const said = { won: "Bati o seu desafio", lost: "Não bati o seu desafio", tied: "Empatei o seu desafio" }[outcome(mine, theirs)];
  return [`A Torre · ${shown(date)}`, `${said}: ${reached(mine)}, contra ${reached(theirs, false)}.`,
    CHALLENGE_QUESTION, link].join("\n");
}

/** Whose tower it is, said on the challenge page: today's, or an archive day's. */
export function towerOf(date, today) {
  return date === today ? `a torre de hoje (${shown(date)})` : `a torre de ${shown(date)}, do arquivo`;
}

/** A challenge of a day that has not opened yet in Lisbon (this device's clock is behind the sender's). */
export function notOpenedLine(date) {
  return `Este desafio é da torre de ${shown(date)}, que ainda não abriu: abra esta ligação nesse dia para o aceitar.`;
}

/** Where "Aceitar o desafio" leads: today's tower as the daily run, any other day as the archive's run. */
export function acceptUrl(date, today) {
  return date === today ? "/" : `/?dia=${date}`;
}

/** "Desafios: 3 ganhos, 1 perdido" (with the ties and those not yet played when there are any): only the counts that are not 0. */
export function tallyLine(records) {
  const { won, lost, tied, open } = tally(records);
  const parts = [[won, "ganho", "ganhos"], [lost, "perdido", "perdidos"], [tied, "empatado", "empatados"], [open, "por jogar", "por jogar"]]
    .filter(([n]) => n > 0).map(([n, one, many]) => count(n, one, many));
  return `Desafios: ${parts.join(", ") || "nenhum"}`;
}
