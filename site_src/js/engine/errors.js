/**
 * Player mistakes as values: every refusal is `{ok:false, code, message}` with
 * a Portuguese message the page can show as it is (the code is for programs).
 */

const MESSAGES = {
  bad_phase: "Agora não pode fazer isso.",
  not_in_hand: "Essa peça não está na sua mão.",
  square_taken: "Essa casa já está ocupada.",
  off_board: "Essa casa não existe no tabuleiro.",
  blank_needs_letter: "Escolha a letra da peça branca.",
  bad_letter: "Essa letra não existe no jogo.",
  no_tiles: "Ponha pelo menos uma peça no tabuleiro.",
  not_in_line: "As peças têm de ficar todas na mesma linha ou na mesma coluna.",
  gap: "Não pode haver casas vazias entre as peças novas.",
  not_connected: "Pelo menos uma peça tem de tocar numa letra que já esteja no tabuleiro.",
  invalid_words: "Há palavras que não valem.",
  no_exchanges: "Já não tem trocas.",
  blank_not_exchangeable: "A peça branca não se troca.",
  bag_short: "O saco não tem peças que cheguem para essa troca.",
  pending_tiles: "Recolha primeiro as peças que pôs no tabuleiro.",
  not_pending: "Essa casa não tem nenhuma peça por confirmar.",
  help_not_held: "Não tem essa ajuda.",
  dobro_waiting: "Já tem a ajuda «Dobro» à espera da próxima jogada.",
  not_offered: "Esse trunfo não está entre os propostos.",
  bad_action: "Pedido inválido.",
};

export const ERROR_CODES = Object.freeze(Object.keys(MESSAGES));

/** A refusal; `extra` adds fields such as `invalidWords`. */
export function refuse(code, extra = {}) {
  if (!(code in MESSAGES)) throw new Error(`engine: unknown error code ${code}`);
  let message = MESSAGES[code];
  if (code === "invalid_words" && extra.invalidWords && extra.invalidWords.length) {
    const verb = extra.invalidWords.length === 1 ? "Não vale" : "Não valem";
    message = `${verb}: ${extra.invalidWords.join(", ")}.`;
  }
  return { ok: false, code, message, ...extra };
}

export function messageOf(code) {
  return MESSAGES[code];
}
