// localStorage in memory for the UI stores' tests, and a statistics export line made by hand.

/** localStorage in memory; the keys of `full` are refused as a full storage refuses them. */
export class MemoryBackend {
  constructor(entries = {}, full = []) { this.map = new Map(Object.entries(entries)); this.full = new Set(full); }
  getItem(key) { return this.map.has(key) ? this.map.get(key) : null; }
  setItem(key, value) {
    if (this.full.has(key)) throw Object.assign(new Error("quota"), { name: "QuotaExceededError" });
    this.map.set(key, String(value));
  }
  removeItem(key) { this.map.delete(key); }
}

/** An export line of `stats` as JSON, bypassing exportStats (a line edited by hand). */
export const exportLine = (stats) => `TORRE-ESTATISTICAS-1:${Buffer.from(JSON.stringify(stats)).toString("base64")}`;
