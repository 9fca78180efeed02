// How the day's par is written where the end screen, its share text and the analysis meet:
// one line for it, and the share text with it. Pure.

import { ordinal, points } from "./labels.js";

/** "Par do dia: 3.º andar, 171 pontos" (or "torre toda" for a par that climbed it all). */
export function parLine(par) {
  const where = par.won ? "torre toda" : `${ordinal(par.floor)} andar`;
  return `Par do dia: ${where}, ${points(par.total)}`;
}

/** A share text with the day's par added ("Par do dia: 3.º andar, 171 pontos"), before its links. */
export function withPar(text, par) {
  const lines = text.split("\n");
  const links = lines.findIndex((line) => /^https?:\/\//.test(line));
  lines.splice(links < 0 ? lines.length : links, 0, parLine(par));
  return lines.join("\n");
}
