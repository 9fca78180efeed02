// The share text (no spoilers: no words, no letters, only floors and points)
// with the replay link it carries, and the ways to hand it over: the system share
// sheet, else the clipboard.

import { encodeRun, replayLink } from "../../engine/replay_code.js";
import { resultSentence } from "../shared/challenge_goal.js";
import { ordinal } from "../shared/labels.js";

// Shared with the pages that show the day's table (ui/shared/day_table_view.js).
export { shareOrCopy } from "../shared/share_or_copy.js";

/** Share text of an engine summary (a finished or ongoing run); pure, one line per floor reached. */
export function shareText(summary, date, constants, url = "") {
  const [y, m, d] = date.split("-");
  const sentence = resultSentence({ floor: summary.floorReached, total: summary.total, won: summary.won });
  const head = summary.won ? `🏆 ${sentence}` : sentence;
  const lines = [`A Torre · ${d}/${m}/${y}`, head];
  summary.floors.forEach((pts, i) => {
    const target = constants.targets[i];
    const mark = pts >= target ? "🟩" : "🟥";
    const trunfo = summary.trunfoEmoji[i] ? ` ${summary.trunfoEmoji[i]}` : "";
    lines.push(`${ordinal(i + 1)} andar ${mark} ${pts}/${target}${trunfo}`);
  });
  if (url) lines.push(url);
  return lines.join("\n");
}

/**
 * The link the share text carries: the run's replay link when it can be coded (the
 * word list in, its version known), else the site's address.
 */
export function replayUrl(data, game, version, origin) {
  if (!game?.words || !version) return `${origin}/`;
  const coded = encodeRun(data.day, data.constants, game.actions, game.words, version);
  if (!coded.ok) {
    console.warn(`replay link: ${coded.reason}`);
    return `${origin}/`;
  }
  return replayLink(origin, coded.code);
}
