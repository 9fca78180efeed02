// The first-visit guide's words: one step per thing a first play needs, in order.
// Pure, so its sentences are tested without a page (tests/js/ui/learn.test.mjs).

import { counted, points } from "../shared/labels.js";

/**
 * The steps of the guide for the run `state` (a new run): `{id, title, text, targets}`,
 * "fim" shown only after the trunfo of a first play that climbed (else "subir" ends it),
 * `targets` the selectors of what the step talks about (outlined, never covered by the guide),
 * `clear` those of what the player uses in the step (never covered when the guide sits right next to its targets).
 * `opener` is the opening word, or "" when it is not known; `touch`: a touch-only screen (no keys named).
 */
export function guideSteps(state, opener, touch = false) {
  const through = opener ? `por ${opener}` : "pelas letras do tabuleiro";
  const how = touch ? "toque numa casa e depois nas peças (outro toque na casa: para baixo), ou arraste as peças."
    : "clique numa casa e depois nas peças (outro clique na casa: para baixo), ou use as setas e escreva.";
  return [
    { id: "alvo", title: "O alvo do andar", targets: [".painel"],
      text: `Para subir de andar, faça ${points(state.target)} em ${counted(state.playsLeft, "jogada", "jogadas")}. `
        + "Aqui vê os pontos, o alvo e as jogadas que restam." },
    { id: "pecas", title: "Pôr peças", targets: ["#tabuleiro", "#mao"], clear: IN_PLAY,
      text: `Forme uma palavra que passe ${through}: ${how}` },
    { id: "previsao", title: "A previsão", targets: ["#tabuleiro", "#previsao"], clear: IN_PLAY,
      text: "Esta linha diz quanto vale a jogada, ou porque ainda não é válida. "
        + (touch ? "Tocar numa peça posta tira-a." : "Clicar numa peça posta tira-a; no teclado, Backspace tira a última.") },
    { id: "jogar", title: "Jogar", targets: ["#previsao", ".controlos"], clear: IN_PLAY,
      text: `Gostou da previsão? Carregue em «Jogar»${touch ? "" : " (ou Enter)"}. Se uma palavra não valer, as peças voltam e nada se perde.` },
    { id: "subir", title: "Continue a subir", targets: [".painel"],
      text: "Boa jogada! Ao chegar ao alvo, sobe de andar e escolhe um trunfo: o guia explica-o nessa altura. "
        + PRACTICE_OFFER },
    { id: "fim", title: "E agora?", targets: [".painel"],
      text: `Já sabe o essencial. ${PRACTICE_OFFER}` },
  ];
}

/** What the player uses while the guide walks through a first play. */
const IN_PLAY = ["#tabuleiro", "#previsao", "#mao", ".controlos"];

/** The guide's last words: today's tower, or a practice tower first. */
const PRACTICE_OFFER = "Pode continuar a torre de hoje ou treinar primeiro: nas torres de treino, «Sugestão» "
  + "mostra uma boa jogada só com palavras comuns, e nada conta para as estatísticas diárias.";

/** The steps that end the guide, offering "Treinar primeiro" beside "Continuar" (today's tower is already open under the guide). */
export const LAST_STEPS = ["subir", "fim"];

/** What the guide adds to the trunfo dialog the first time the player climbs. */
export const TRUNFO_NOTE = {
  title: "O que é um trunfo?",
  text: "Uma vantagem para o resto da corrida: cada carta diz o que muda nas regras. Escolha a que mais lhe convém.",
};
