// Words players read that depend on game ids: square names, trunfo and help
// effects. The numbers come from constantes.json so the rules stay in one place.

export const SQUARE_NAMES = {
  "2L": "letra dupla",
  "3L": "letra tripla",
  "2P": "palavra dupla",
  "3P": "palavra tripla",
  "4P": "palavra quádrupla",
};

/** One sentence on what a trunfo does, from its entry in constantes.json. */
export function trunfoEffect(trunfo, constants) {
  switch (trunfo.id) {
    case "fitas": return `Cada palavra de Coimbra dá +${trunfo.coimbra_bonus} em vez de +${constants.coimbra_bonus}.`;
    case "serenata": return `Cada palavra de ${counted(trunfo.min_length, "letra", "letras")} ou mais dá +${trunfo.bonus}.`;
    case "republica": return `A mão passa a ter ${counted(trunfo.hand_size, "peça", "peças")}.`;
    case "grelo": return `Mais ${counted(trunfo.extra_exchanges, "troca", "trocas")}.`;
    case "cabra": return `Os cantos passam a multiplicar a palavra por ${trunfo.corner_multiplier}.`;
    case "latada": return `A primeira jogada de cada andar vale a dobrar.`;
    default: return "";
  }
}

/** "🔔 Cabra": how a trunfo is named wherever the player reads it. */
export const trunfoLabel = (trunfo) => `${trunfo.emoji} ${trunfo.name}`;

/** One sentence on what a help does. */
export function helpEffect(help) {
  switch (help.id) {
    case "branca": return "Uma peça que faz de qualquer letra, com 0 pontos.";
    case "espreitar": return help.tiles === 1 ? "Mostra a peça seguinte do saco." : `Mostra as ${help.tiles} peças seguintes do saco.`;
    case "jogada": return "Uma jogada a mais neste andar.";
    case "dobro": return "A próxima jogada válida vale a dobrar.";
    default: return "";
  }
}

/** "1.º" … "5.º" for floor numbers. */
export const ordinal = (n) => `${n}.º`;

/** "1 troca" / "3 trocas": a count in the number it has. */
export const counted = (n, one, many) => `${n} ${Math.abs(n) === 1 ? one : many}`;


/** "1 ponto" / "12 pontos". */
export const points = (n) => counted(n, "ponto", "pontos");

export const byId = (list, id) => list.find((item) => item.id === id);

/**
 * The computer opponents' names as players read them, by level id (OPPONENT_LEVELS): three
 * categories of the Código da Praxe, from the weakest to the strongest. The ids stay as saved
 * statistics and exports hold them; the middle one, `doutor`, reads «Veterano» (in the Código,
 * «Doutores» is the generic name of every category from Semi-Puto up, not a category).
 */
export const OPPONENT_NAMES = { caloiro: "Caloiro", doutor: "Veterano", dux: "Dux" };

/** A computer opponent's name as players read it, from its level id: "doutor" → "Veterano". */
export const opponentName = (level) => OPPONENT_NAMES[level];

/**
 * The helps held, one entry per kind in the order first earned, as every list of them names
 * them: "Dobro", or "Dobro ×2" for two of the same (not "Dobro (2)", which reads as another kind).
 */
export function heldHelps(ids, constants) {
  const kinds = [...new Set(ids)];
  return kinds.map((id) => {
    const help = byId(constants.helps, id);
    const count = ids.filter((held) => held === id).length;
    return { id, help, count, label: count > 1 ? `${help.name} ×${count}` : help.name };
  });
}

/** Why a help was earned (the engine's helpEarned `reason`), as the end of a sentence. */
export function helpReason(reason, constants) {
  if (reason === "coimbra") return "pela palavra de Coimbra";
  if (reason === "margin") return `por ultrapassar o alvo em ${constants.help_climb_margin} pontos ou mais`;
  return "";
}

/** What doubles a play (the engine's `multipliedBy`): "pela Latada e pela ajuda «Dobro»". */
export function multipliedByText(ids, constants) {
  const said = ids.map((id) => (id === "dobro" ? `pela ajuda «${byId(constants.helps, id).name}»` : `pela ${byId(constants.trunfos, id).name}`));
  return said.join(" e ");
}
