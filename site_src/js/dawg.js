// The word list as a DAWG read straight from an ArrayBuffer (format: docs/dawg-format.md).
// The header and the CRC-32 are checked once at load; every later read is bounds-checked,
// so a corrupted file throws DawgFormatError instead of reading past the end or looping.
// A node is an int: (first edge + 1) << 2 | end flags (1: dictionary word, 2: Coimbra word);
// 0–3 is the empty end state; −1 is "no such node". Words are uppercase A–Z; Ç reads as C.

const MAGIC = 0x47574454; // "TDWG" little-endian
const VERSION = 1;
const HEADER_SIZE = 64;
export const ALPHABET = "ABCDEFGHIJLMNOPQRSTUVXZ";
const LETTERS = ALPHABET.length;
const LETTER_MASK = 0x1f;
const LAST = 0x20;
const WORD = 1; // end flags of a node: a dictionary word ends here
const COIMBRA = 2; // a Coimbra word ends here

export class DawgFormatError extends Error {
  constructor(message) {
    super(message);
    this.name = "DawgFormatError";
  }
}

// Letter code by char code (A–Z and Ç/ç), −1 elsewhere.
const CODES = new Int8Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) CODES[ALPHABET.charCodeAt(i)] = i;
CODES[0xc7] = CODES[0xe7] = ALPHABET.indexOf("C");

// CRC-32 (zlib's), eight bytes per step ("slicing by 8"): the check runs once per load,
// usually before the JIT has compiled it, so fewer, wider steps matter (≈2× faster cold).
const CRC_TABLES = (() => {
  const tables = Array.from({ length: 8 }, () => new Int32Array(256));
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[0][n] = c;
  }
  for (let n = 0; n < 256; n++) {
    for (let t = 1; t < 8; t++) tables[t][n] = tables[0][tables[t - 1][n] & 0xff] ^ (tables[t - 1][n] >>> 8);
  }
  return tables;
})();

// CRC-32 of `length` bytes of `buffer` from `offset` (a multiple of 4, as is the length).
export function crc32(buffer, offset, length) {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = CRC_TABLES;
  const words = new Uint32Array(buffer, offset, length >>> 2);
  let crc = -1;
  let i = 0;
  if (words.length & 1) {
    crc ^= words[0];
    crc = t3[crc & 0xff] ^ t2[(crc >>> 8) & 0xff] ^ t1[(crc >>> 16) & 0xff] ^ t0[crc >>> 24];
    i = 1;
  }
  for (; i < words.length; i += 2) {
    crc ^= words[i];
    const next = words[i + 1];
    crc = t7[crc & 0xff] ^ t6[(crc >>> 8) & 0xff] ^ t5[(crc >>> 16) & 0xff] ^ t4[crc >>> 24] ^
      t3[next & 0xff] ^ t2[(next >>> 8) & 0xff] ^ t1[(next >>> 16) & 0xff] ^ t0[next >>> 24];
  }
  return (crc ^ -1) >>> 0;
}

function readHeader(buffer) {
  if (!(buffer instanceof ArrayBuffer)) throw new TypeError("Dawg needs an ArrayBuffer");
  if (buffer.byteLength < HEADER_SIZE) {
    throw new DawgFormatError(`truncated: ${buffer.byteLength} bytes, a header needs ${HEADER_SIZE}`);
  }
  const view = new DataView(buffer);
  const u32 = (offset) => view.getUint32(offset, true);
  if (u32(0) !== MAGIC) throw new DawgFormatError("not a DAWG file (wrong magic)");
  const version = view.getUint16(4, true);
  if (version !== VERSION) throw new DawgFormatError(`format version ${version}, this reader reads ${VERSION}`);
  if (view.getUint16(6, true) !== HEADER_SIZE) throw new DawgFormatError("wrong header size");
  const header = {
    crc: u32(8), edges: u32(12), sharedStates: u32(16), sharedEdges: u32(20), words: u32(24),
    dictionaryWords: u32(28), coimbraWords: u32(32), states: u32(36), maxLength: view.getUint8(40),
  };
  const expected = HEADER_SIZE + 4 * header.edges;
  if (buffer.byteLength !== expected) {
    throw new DawgFormatError(`${buffer.byteLength} bytes, but the header promises ${header.edges} edges (${expected} bytes)`);
  }
  const actual = crc32(buffer, 12, buffer.byteLength - 12);
  if (actual !== header.crc) throw new DawgFormatError("checksum mismatch");
  const alphabet = String.fromCharCode(...new Uint8Array(buffer, 41, 23));
  if (alphabet !== ALPHABET) throw new DawgFormatError(`alphabet ${alphabet}, expected ${ALPHABET}`);
  const { edges, sharedStates, sharedEdges } = header;
  if (sharedEdges > edges || sharedStates > sharedEdges || (edges > 0 && sharedEdges === edges)) {
    throw new DawgFormatError("the shared region does not fit the edges");
  }
  return header;
}

// The first edge of each shared state: one pass over the shared region (a few thousand edges).
function sharedStarts(edgeWords, header) {
  const starts = new Uint32Array(header.sharedStates);
  let count = 0;
  let start = 0;
  for (let index = 0; index < header.sharedEdges; index++) {
    if (edgeWords[index] & LAST) {
      if (count >= starts.length) break;
      starts[count++] = start;
      start = index + 1;
    }
  }
  if (count !== header.sharedStates || start !== header.sharedEdges) {
    throw new DawgFormatError(`the shared region does not hold ${header.sharedStates} states`);
  }
  return starts;
}

export class Dawg {
  constructor(buffer) {
    this.header = readHeader(buffer);
    this.edgeWords = new Uint32Array(buffer, HEADER_SIZE, this.header.edges);
    this.sharedStarts = sharedStarts(this.edgeWords, this.header);
    this.root = this.header.edges ? (this.header.sharedEdges + 1) << 2 : 0;
    this.maxLength = this.header.maxLength;
    // Lookups decode each state they meet once into a dense row (letter → node, −1 for
    // none), found by the state's first edge; later visits cost two array reads instead
    // of a scan. Nothing is decoded at load, and at most one row per state ever is.
    this.rowOf = new Int32Array(this.header.edges + 1);
    this.rows = new Int32Array(64 * LETTERS);
    this.rowCount = 1; // row 0 means "not decoded yet"
  }

  // Decode the state whose first edge is `index` into a new row; returns the row.
  decodeRow(index) {
    if (this.rowCount * LETTERS >= this.rows.length) {
      const grown = new Int32Array(this.rows.length * 2);
      grown.set(this.rows);
      this.rows = grown;
    }
    const row = this.rowCount++;
    const base = row * LETTERS;
    this.rows.fill(-1, base, base + LETTERS);
    for (const [letter, node] of this.edges((index + 1) << 2)) this.rows[base + ALPHABET.indexOf(letter)] = node;
    this.rowOf[index] = row;
    return row;
  }

  // The node after `letter` (one character: A–Z or Ç) from `node`, or −1.
  child(node, letter) {
    const ch = letter.charCodeAt(0);
    const code = letter.length === 1 && ch < 256 ? CODES[ch] : -1;
    const index = (node >> 2) - 1;
    if (code < 0 || index < 0) return -1;
    const row = this.rowOf[index] || this.decodeRow(index);
    return this.rows[row * LETTERS + code];
  }

  // The node the edge at `index` leads to. An unshared target is addressed from the end
  // of the edge's own state, so the scan goes on to the state's last edge.
  nodeAfter(index, record) {
    const code = record >>> 8;
    const flags = (record >>> 6) & 3;
    if (code === 0) return flags;
    const shared = this.sharedStarts.length;
    if (code <= shared) return ((this.sharedStarts[code - 1] + 1) << 2) | flags;
    const edgeWords = this.edgeWords;
    const count = edgeWords.length;
    let end = index;
    while (!(edgeWords[end] & LAST)) {
      if (++end >= count) throw new DawgFormatError(`edge ${end} is past the last edge`);
    }
    const first = end + code - shared;
    if (first >= count) throw new DawgFormatError(`edge ${index} leads past the end`);
    return ((first + 1) << 2) | flags;
  }

  // [letter, node] for every edge leaving `node`, in descending letter order.
  edges(node) {
    const result = [];
    const edgeWords = this.edgeWords;
    for (let index = (node >> 2) - 1; index >= 0; index++) {
      if (index >= edgeWords.length) throw new DawgFormatError(`edge ${index} is past the last edge`);
      const record = edgeWords[index];
      const code = record & LETTER_MASK;
      if (code >= ALPHABET.length) throw new DawgFormatError(`letter code ${code} outside the alphabet`);
      result.push([ALPHABET[code], this.nodeAfter(index, record)]);
      if (record & LAST) break;
    }
    return result;
  }

  isTerminal(node) {
    return node > 0 && (node & (WORD | COIMBRA)) !== 0;
  }

  isCoimbraNode(node) {
    return node > 0 && (node & COIMBRA) !== 0;
  }

  // The node `word` leads to, or −1 (any character outside A–Z and Ç fails).
  // One tight loop over the decoded rows: this is the lookup every play makes.
  find(word) {
    const length = word.length;
    if (length > this.maxLength) return -1;
    const rowOf = this.rowOf;
    let node = this.root;
    for (let i = 0; i < length; i++) {
      const ch = word.charCodeAt(i);
      const code = ch < 256 ? CODES[ch] : -1;
      const index = (node >> 2) - 1;
      if (code < 0 || index < 0) return -1;
      const row = rowOf[index] || this.decodeRow(index);
      node = this.rows[row * LETTERS + code];
      if (node < 0) return -1;
    }
    return node;
  }

  contains(word) {
    return this.isTerminal(this.find(word));
  }

  isCoimbra(word) {
    return this.isCoimbraNode(this.find(word));
  }

  // Every word in alphabetical order.
  *words() {
    const stack = [["", this.root]];
    let found = 0;
    while (stack.length) {
      const [prefix, node] = stack.pop();
      if (prefix.length > this.header.maxLength) throw new DawgFormatError("a path longer than the longest word");
      if (prefix && this.isTerminal(node)) {
        if (++found > this.header.words) throw new DawgFormatError("more words than the header says");
        yield prefix;
      }
      for (const [letter, target] of this.edges(node)) stack.push([prefix + letter, target]);
    }
  }
}

// What the game engine receives: the two questions it asks of the word list.
export function wordLookup(dawg) {
  return { isWord: (word) => dawg.contains(word), isCoimbra: (word) => dawg.isCoimbra(word) };
}
