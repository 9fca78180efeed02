// What the game says in words during a run: the warnings before a pass or a short last play,
// each engine event as a sentence, and the climbing play the trunfo dialog repeats. Pure:
// engine state and events in, Portuguese sentences out.

import { byId, counted, helpReason, ordinal, points, trunfoLabel } from "../shared/labels.js";
import { invalidWordsText } from "./status_view.js";

/** What passing costs, said before the player confirms: the last play ends the run. */
export function passWarning(state, constants) {
  const left = state.playsLeft - 1;
  if (left > 0) return `Passar gasta uma jogada sem pontos (fica com ${counted(left, "jogada", "jogadas")} neste andar).`;
  const extra = state.helps.includes("jogada") ? ` Ainda tem a ajuda «${byId(constants.helps, "jogada").name}»: use-a antes.` : "";
  return `É a última jogada deste andar: se passar, a corrida acaba aqui.${extra}`;
}

/**
 * What a short last play costs, said before it is made: the preview's points miss the
 * target on the floor's last play, so the run would end, while a help the player holds
 * could change that (one more play; Dobro when doubling the points reaches the target).
 * Null when there is nothing to warn of.
 */
export function lastPlayWarning(state, preview, constants) {
  if (state.phase !== "play" || state.playsLeft !== 1 || !preview?.ok) return null;
  const missing = state.target - state.floorScore;
  if (preview.points >= missing) return null;
  const helps = [];
  if (state.helps.includes("jogada")) helps.push(byId(constants.helps, "jogada").name);
  if (state.helps.includes("dobro") && !state.dobro && preview.points * 2 >= missing) helps.push(byId(constants.helps, "dobro").name);
  if (!helps.length) return null;
  const still = helps.length === 1 ? `Ainda tem a ajuda «${helps[0]}»: use-a antes.`
    : `Ainda tem as ajudas «${helps[0]}» e «${helps[1]}»: use uma delas antes.`;
  return `Esta jogada não chega ao alvo e é a última deste andar: se jogar, a corrida acaba aqui. ${still}`;
}

/** What one engine event says to the player, or null for the silent ones. */
export function eventLine(event, constants) {
  switch (event.type) {
    case "played": return `${event.words.map((w) => w.word).join(", ")}: ${points(event.points)}.`;
    case "rejected": return `A jogada não conta. ${invalidWordsText(event.invalidWords)}.`;
    case "climbed": return `Subiu ao ${ordinal(event.floor + 1)} andar! Escolha um trunfo.`;
    case "helpEarned": {
      // Why each was earned: one play can earn two alike (a Coimbra word, then the climb's margin).
      const earned = `Ganhou a ajuda «${byId(constants.helps, event.id).name}» ${helpReason(event.reason, constants)}`.trimEnd();
      return event.kept ? `${earned}.` : `${earned}, mas já tem ${constants.help_capacity}: perdeu-se.`;
    }
    case "trunfo": return `Trunfo: ${trunfoLabel(byId(constants.trunfos, event.id))}.`;
    case "won": return "Subiu a torre toda!";
    case "lost": return "Acabaram-se as jogadas sem chegar ao alvo: fim da corrida.";
    case "passed": return "Passou a vez.";
    case "exchanged": return `Trocou ${counted(event.count, "peça", "peças")}.`;
    case "helpUsed": return `Usou a ajuda «${byId(constants.helps, event.id).name}».`;
    default: return null;
  }
}

/** Tiles as said, in order: «A, E, peça branca». */
export function tilesText(tiles) {
  return tiles.map((tile) => (tile.letter === "?" ? "peça branca" : tile.letter)).join(", ");
}

/** Where the floor stands: «87 de 150, faltam 2 jogadas.» */
export function floorStands(state) {
  const left = state.playsLeft === 1 ? "falta 1 jogada" : `faltam ${state.playsLeft} jogadas`;
  return `${state.floorScore} de ${state.target}, ${left}.`;
}

/** A new floor as it begins: «2.º andar: alvo de 150 pontos em 3 jogadas; a palavra de abertura é BATINA.» */
export function floorBegins(state) {
  const opener = state.day.floors[state.floor]?.opener;
  const plays = state.playsLeft === 1 ? "1 jogada" : `${state.playsLeft} jogadas`;
  return `${ordinal(state.floor + 1)} andar: alvo de ${points(state.target)} em ${plays}`
    + `${opener ? `; a palavra de abertura é ${opener}` : ""}. Na mão: ${tilesText(state.hand)}.`;
}

/**
 * What an action changed that its events do not say (issue 40 item 3), said after them: after
 * a play or a pass that did not climb, where the floor stands and the tiles drawn; the tiles an
 * exchange brought; the hand's new order after «Baralhar»; a new floor once its trunfo is chosen.
 * `before` and `after` are the states around the action.
 */
export function progressLine(action, before, after, events) {
  const types = new Set(events.map((event) => event.type));
  const drawn = after.hand.filter((tile) => !before.hand.some((old) => old.id === tile.id));
  if (action.type === "shuffle") return `Nova ordem: ${tilesText(after.hand)}.`;
  if (types.has("exchanged")) return drawn.length ? `Recebeu ${tilesText(drawn)}.` : "";
  if (types.has("trunfo") && after.phase === "play") return floorBegins(after);
  if (after.phase !== "play" || types.has("climbed") || !(types.has("played") || types.has("passed"))) return "";
  return [floorStands(after), drawn.length ? `Tirou ${tilesText(drawn)}.` : ""].filter(Boolean).join(" ");
}

/**
 * The helps one play earned, in one sentence when all were kept ("Ganhou a ajuda «Dobro» pela
 * palavra de Coimbra e a ajuda «Dobro» por ultrapassar o alvo em 10 pontos ou mais."), so that the trunfo
 * dialog still fits a small phone; a help lost is said on its own, as the toast says it.
 */
function helpsEarnedLine(earned, constants) {
  if (!earned.every((e) => e.kept)) return earned.map((e) => eventLine(e, constants)).join(" ");
  if (!earned.length) return "";
  const [[name, why], ...more] = earned.map((e) => [byId(constants.helps, e.id).name, helpReason(e.reason, constants)]);
  return `Ganhou a ajuda «${name}» ${why}${more.map(([other, because]) => ` e a ajuda «${other}» ${because}`).join("")}.`;
}

/**
 * The play that climbed, as the trunfo dialog repeats it (the toast is behind the dialog):
 * its words and points and the helps it earned; from the history alone after a reload.
 */
export function climbNews(state, events, constants) {
  if (events?.some((e) => e.type === "climbed")) {
    const played = events.filter((e) => e.type === "played").map((e) => eventLine(e, constants));
    return [...played, helpsEarnedLine(events.filter((e) => e.type === "helpEarned"), constants)].filter(Boolean).join(" ");
  }
  const last = state.history.at(-1);
  return last && !last.pass ? eventLine({ type: "played", words: last.words, points: last.points }, constants) : "";
}
