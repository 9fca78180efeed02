/**
 * The end screen and the share text: what a run amounted to. Both are pure
 * functions of the state (and the date for the share text).
 */

/**
 * `{won, floorReached, total, floors, bestPlay, trunfos, plays}` of a run,
 * plus `floorCount` and `trunfoEmoji` so the share text needs nothing else.
 */
export function summary(state) {
  let bestPlay = null;
  for (const entry of state.history) {
    if (entry.pass) continue;
    if (!bestPlay || entry.points > bestPlay.points) {
      bestPlay = { words: entry.words.map((w) => w.word), points: entry.points };
    }
  }
  return {
    won: state.phase === "won",
    floorReached: state.floor + 1,
    total: state.total,
    floors: state.floorScores.slice(0, state.floor + 1),
    bestPlay,
    trunfos: state.trunfos.slice(),
    plays: state.history.length,
    floorCount: state.constants.floors,
    trunfoEmoji: state.trunfos.map((id) => state.constants.trunfos.find((t) => t.id === id).emoji),
  };
}

/**
 * The text a player shares: no letters of the board (no spoilers), only the
 * floors, the points and the trunfos' emoji (taken from the summary, which
 * read them from the constants).
 */
export function shareText(result, date) {
  const bar = Array.from({ length: result.floorCount }, (_, i) => {
    if (i < result.floors.length - 1 || (result.won && i === result.floors.length - 1)) return "🟩";
    if (i === result.floors.length - 1) return "🟥";
    return "⬜";
  }).join("");
  const lines = [
    `A Torre ${date}`,
    result.won
      ? `Subi a torre toda: ${result.total} pontos`
      : `Fiquei no ${result.floorReached}.º andar: ${result.total} pontos`,
    bar,
  ];
  if (result.trunfos.length) lines.push(`Trunfos: ${result.trunfoEmoji.join("")}`);
  if (result.bestPlay) lines.push(`Melhor jogada: ${result.bestPlay.points} pontos`);
  return lines.join("\n");
}
