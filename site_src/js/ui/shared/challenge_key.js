// Where the challenges received are kept (challenge_store.js). Apart from the store, so that
// the game page tells whether this device keeps any without loading it: most never receive
// one, and the store (with a replay code's reader) is in run_end.js's chunk (issue 23).

export const CHALLENGES_KEY = "torre.desafios";

/** Does `storage` (GameStorage) hold challenges, readable or not? The store then says which are. */
export const keepsChallenges = (storage) => storage.read(CHALLENGES_KEY) !== null;
