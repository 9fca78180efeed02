// Won, lost and tied days, counted and said: the statistics' figures against each challenger
// name and each computer opponent. Pure; apart from labels.js, which the first visit loads.

import { counted } from "./labels.js";

/** {days, won, lost, tied} of outcomes `[{date, outcome}]` ("won", "lost" or "tied"): the days (dates) and each outcome. */
export function figuresOf(outcomes) {
  const figures = { days: new Set(outcomes.map((o) => o.date)).size, won: 0, lost: 0, tied: 0 };
  for (const { outcome } of outcomes) figures[outcome] += 1;
  return figures;
}

/** {month, all}: the figures of the outcomes of `today`'s month and of all of them. */
export function monthAndAll(outcomes, today) {
  const month = today.slice(0, 7);
  return { month: figuresOf(outcomes.filter((o) => o.date.startsWith(month))), all: figuresOf(outcomes) };
}

/** "3 dias (2 ganhos, 1 perdido)" (with the ties when there are any), or "nenhum dia": no colon, so a line «Veterano: …» has one. */
export function figuresText({ days, won, lost, tied }) {
  if (days === 0) return "nenhum dia";
  const parts = [counted(won, "ganho", "ganhos"), counted(lost, "perdido", "perdidos")];
  if (tied) parts.push(counted(tied, "empatado", "empatados"));
  return `${counted(days, "dia", "dias")} (${parts.join(", ")})`;
}

/** "este mês, nenhum dia; desde o início, 1 dia (0 ganhos, 1 perdido)." */
export const monthAndAllText = ({ month, all }) => `este mês, ${figuresText(month)}; desde o início, ${figuresText(all)}.`;
