// What the opponent's line says during a run (opponent_line.js): where the chosen opponent
// stood after as many turns as the player has made, and its climbs. Numbers only, never its
// letters or words. Pure: standings (engine/opponents.js opponentStandings) in, strings out.

import { opponentName, ordinal } from "../shared/labels.js";

/** Every opponent before its first turn. */
export const START = Object.freeze({ floor: 1, total: 0, won: false });

/** The standing after `turns` turns of a list of standings; its run over, its last one holds. */
export const standingAfter = (standings, turns) => standings[Math.min(turns, standings.length - 1)];

/**
 * «Veterano: 2.º andar, 48», «Dux: subiu a torre toda, 494»; without a standing «Veterano: a
 * calcular…», or «Veterano: indisponível» when it cannot be computed here.
 */
export function standingText(level, standing, unavailable = false) {
  const name = opponentName(level);
  if (!standing) return `${name}: ${unavailable ? "indisponível" : "a calcular…"}`;
  return `${name}: ${standing.won ? "subiu a torre toda" : `${ordinal(standing.floor)} andar`}, ${standing.total}`;
}

/** What a screen reader hears when the opponent climbs: «O Veterano subiu ao 2.º andar, com 48 pontos.» */
export function climbText(level, standing) {
  const where = standing.won ? "subiu a torre toda" : `subiu ao ${ordinal(standing.floor)} andar`;
  return `O ${opponentName(level)} ${where}, com ${standing.total} pontos.`;
}

/** Did the opponent climb between `before` and `after` (a higher floor, or the tower won)? */
export const climbed = (before, after) => Boolean(before && after) && (after.floor > before.floor || (after.won && !before.won));
