// The computer opponents' ids, weakest first (opponents.js). Apart from their player so that
// the statistics (ui/shared/storage.js) can name them without loading it.
export const OPPONENT_LEVELS = ["caloiro", "doutor", "dux"];
