// The word list as a DAWG read straight from an ArrayBuffer (format: docs/dawg-format.md).
// At load the header and its CRC-32 (which covers the block table) are checked; each block
// of 1024 edges is checked against its CRC-32 the first time an edge in it is read, so no
// answer ever comes from a damaged byte, and a cold load checks a few KB instead of all of
// them. Every read is bounds-checked: a corrupted file throws DawgFormatError instead of
// reading past the end or looping. verify() checks every block at once.
// A node is an int: (first edge + 1) << 2 | end flags (1: dictionary word, 2: Coimbra word);
// 0–3 is the empty end state; −1 is "no such node". Words are uppercase A–Z; Ç reads as C.

const MAGIC = 0x47574454; // "TDWG" little-endian
const VERSION = 2;
const HEADER_SIZE = 64;
const BLOCK_EDGES = 1024; // edges per checked block (4 KiB)
const BLOCK_SHIFT = 10; // index >>> BLOCK_SHIFT is the block of an edge
export const ALPHABET = "ABCDEFGHIJLMNOPQRSTUVXZ";
const LETTERS = ALPHABET.length;
const LETTER_MASK = 0x1f;
const LAST = 0x20;
const WORD = 1; // end flags of a node: a dictionary word ends here
const COIMBRA = 2; // a Coimbra word ends here

// `code` says which damage, for the page to say it in Portuguese (ui/shared/problem_details.js,
// which reads the numbers it gives from the message: the first, and the last); the message, in
// English, is the developer's (the console, the tools).
export class DawgFormatError extends Error {
  constructor(message, code = "dawg_structure") {
    super(message);
    this.name = "DawgFormatError";
    this.code = code;
  }
}

// Letter code by char code (A–Z and Ç/ç), −1 elsewhere.
const CODES = new Int8Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) CODES[ALPHABET.charCodeAt(i)] = i;
CODES[0xc7] = CODES[0xe7] = ALPHABET.indexOf("C");

// CRC-32 (zlib's), eight bytes per step ("slicing by 8"): checks run when the code is still
// cold, so fewer, wider steps matter. One flat table (table t at t·256), read by index:
// destructuring eight tables costs more than a block's CRC the first time it runs.
const CRC_TABLE = (() => {
  const table = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  for (let n = 256; n < 2048; n++) table[n] = table[table[n - 256] & 0xff] ^ (table[n - 256] >>> 8);
  return table;
})();

// CRC-32 of `length` bytes of `buffer` from `offset` (a multiple of 4, as is the length).
export function crc32(buffer, offset, length) {
  const T = CRC_TABLE;
  const words = new Uint32Array(buffer, offset, length >>> 2);
  const n = words.length;
  let crc = -1;
  let i = 0;
  if (n & 1) {
    crc ^= words[0];
    crc = T[768 + (crc & 0xff)] ^ T[512 + ((crc >>> 8) & 0xff)] ^ T[256 + ((crc >>> 16) & 0xff)] ^ T[crc >>> 24];
    i = 1;
  }
  for (; i < n; i += 2) {
    crc ^= words[i];
    const next = words[i + 1];
    crc = T[1792 + (crc & 0xff)] ^ T[1536 + ((crc >>> 8) & 0xff)] ^ T[1280 + ((crc >>> 16) & 0xff)] ^
      T[1024 + (crc >>> 24)] ^ T[768 + (next & 0xff)] ^ T[512 + ((next >>> 8) & 0xff)] ^
      T[256 + ((next >>> 16) & 0xff)] ^ T[next >>> 24];
  }
  return (crc ^ -1) >>> 0;
}

function readHeader(buffer) {
  if (!(buffer instanceof ArrayBuffer)) throw new TypeError("Dawg needs an ArrayBuffer");
  if (buffer.byteLength < HEADER_SIZE) {
    throw new DawgFormatError(`truncated: ${buffer.byteLength} bytes, a header needs ${HEADER_SIZE}`, "dawg_size");
  }
  const view = new DataView(buffer);
  const u32 = (offset) => view.getUint32(offset, true);
  if (u32(0) !== MAGIC) throw new DawgFormatError("not a DAWG file (wrong magic)", "dawg_magic");
  const version = view.getUint16(4, true);
  if (version !== VERSION) throw new DawgFormatError(`format version ${version}, this reader reads ${VERSION}`, "dawg_version");
  if (view.getUint16(6, true) !== HEADER_SIZE) throw new DawgFormatError("wrong header size", "dawg_header");
  const header = {
    crc: u32(8), edges: u32(12), sharedStates: u32(16), sharedEdges: u32(20), words: u32(24),
    dictionaryWords: u32(28), coimbraWords: u32(32), states: u32(36), maxLength: view.getUint8(40),
  };
  header.blocks = Math.ceil(header.edges / BLOCK_EDGES);
  header.edgesOffset = HEADER_SIZE + 4 * header.blocks;
  const expected = header.edgesOffset + 4 * header.edges;
  if (buffer.byteLength !== expected) {
    throw new DawgFormatError(`${buffer.byteLength} bytes, but the header promises ${header.edges} edges (${expected} bytes)`, "dawg_size");
  }
  if (crc32(buffer, 12, header.edgesOffset - 12) !== header.crc) throw new DawgFormatError("checksum mismatch in the header", "dawg_header");
  const alphabet = String.fromCharCode(...new Uint8Array(buffer, 41, 23));
  if (alphabet !== ALPHABET) throw new DawgFormatError(`alphabet ${alphabet}, expected ${ALPHABET}`, "dawg_header");
  const { edges, sharedStates, sharedEdges } = header;
  if (sharedEdges > edges || sharedStates > sharedEdges || (edges > 0 && sharedEdges === edges)) {
    throw new DawgFormatError("the shared region does not fit the edges");
  }
  return header;
}

export class Dawg {
  constructor(buffer) {
    this.header = readHeader(buffer);
    const { edges, edgesOffset, blocks } = this.header;
    this.buffer = buffer;
    this.edgeWords = new Uint32Array(buffer, edgesOffset, edges);
    this.blockCrcs = new Uint32Array(buffer, HEADER_SIZE, blocks);
    this.checked = new Uint8Array(blocks); // 1 once a block's CRC-32 matched
    // The first edge of each shared state, found on demand by one pass over the shared
    // region (checking its blocks as it goes) that stops at the state asked for.
    this.sharedStarts = new Uint32Array(this.header.sharedStates);
    this.sharedFound = 0; // states whose start is known
    this.sharedScan = 0; // next shared edge to read
    this.sharedNext = 0; // first edge of the state being scanned
    this.root = edges ? (this.header.sharedEdges + 1) << 2 : 0;
    this.alphabet = ALPHABET;
    this.maxLength = this.header.maxLength;
    // Lookups decode each state they meet once into a dense row (letter → node, −1 for
    // none), found by the state's first edge; later visits cost two array reads instead
    // of a scan. Nothing is decoded at load, and at most one row per state ever is.
    this.rowOf = new Int32Array(edges + 1);
    this.rows = new Int32Array(64 * LETTERS);
    this.rowMasks = new Int32Array(64); // per row: bit `code` set when the state has that letter
    this.rowCount = 1; // row 0 means "not decoded yet"
  }

  // Check one block of edges against its CRC-32 in the block table (once).
  checkBlock(block) {
    const first = block * BLOCK_EDGES;
    const count = Math.min(BLOCK_EDGES, this.header.edges - first);
    const offset = this.header.edgesOffset + 4 * first;
    if (crc32(this.buffer, offset, 4 * count) !== this.blockCrcs[block]) {
      throw new DawgFormatError(`checksum mismatch in block ${block} (edges ${first}…)`, "dawg_block");
    }
    this.checked[block] = 1;
  }

  // Check every block now, and the shared region's layout: what a tool does before
  // trusting the whole file.
  verify() {
    for (let block = 0; block < this.checked.length; block++) if (!this.checked[block]) this.checkBlock(block);
    if (this.sharedStarts.length) this.sharedStart(this.sharedStarts.length - 1);
    return this;
  }

  // The first edge of shared state `number`: the shared region is scanned up to it.
  sharedStart(number) {
    const { edgeWords, checked, sharedStarts } = this;
    const { sharedEdges, sharedStates } = this.header;
    while (this.sharedFound <= number) {
      const index = this.sharedScan++;
      if (index >= sharedEdges) throw new DawgFormatError(`the shared region does not hold ${sharedStates} states`);
      if (!checked[index >>> BLOCK_SHIFT]) this.checkBlock(index >>> BLOCK_SHIFT);
      if (edgeWords[index] & LAST) {
        sharedStarts[this.sharedFound++] = this.sharedNext;
        this.sharedNext = index + 1;
        if (this.sharedFound === sharedStates && index + 1 !== sharedEdges) {
          throw new DawgFormatError(`the shared region does not hold ${sharedStates} states`);
        }
      }
    }
    return sharedStarts[number];
  }

  // Decode the state whose first edge is `index` into a new row; returns the row.
  decodeRow(index) {
    if (this.rowCount * LETTERS >= this.rows.length) {
      const grown = new Int32Array(this.rows.length * 2);
      grown.set(this.rows);
      this.rows = grown;
      const masks = new Int32Array(this.rowMasks.length * 2);
      masks.set(this.rowMasks);
      this.rowMasks = masks;
    }
    const row = this.rowCount++;
    const base = row * LETTERS;
    this.rows.fill(-1, base, base + LETTERS);
    for (const [letter, node] of this.edges((index + 1) << 2)) {
      const code = ALPHABET.indexOf(letter);
      this.rows[base + code] = node;
      this.rowMasks[row] |= 1 << code;
    }
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

  // The node after the letter with code `code` (its index in ALPHABET) from `node`, or −1:
  // the step of a move generator's walk, with no string in it.
  next(node, code) {
    const index = (node >> 2) - 1;
    if (index < 0) return -1;
    const row = this.rowOf[index] || this.decodeRow(index);
    return this.rows[row * LETTERS + code];
  }

  // The letters leaving `node` as a mask (bit `code` set for each), 0 for none: the walk
  // tries only these instead of asking `next` for every letter.
  edgeMask(node) {
    const index = (node >> 2) - 1;
    if (index < 0) return 0;
    const row = this.rowOf[index] || this.decodeRow(index); // may grow rowMasks: read it after
    return this.rowMasks[row];
  }

  // The index just past the state whose first edge is `first`; checks each block it reads.
  stateEnd(first) {
    const { edgeWords, checked } = this;
    for (let index = first; ; index++) {
      if (index >= edgeWords.length) throw new DawgFormatError(`edge ${index} is past the last edge`);
      if (!checked[index >>> BLOCK_SHIFT]) this.checkBlock(index >>> BLOCK_SHIFT);
      if (edgeWords[index] & LAST) return index + 1;
    }
  }

  // The node an edge leads to; `end` is the index just past the edge's own state, from
  // which an unshared target is addressed.
  target(record, end) {
    const code = record >>> 8;
    const flags = (record >>> 6) & 3;
    if (code === 0) return flags;
    const shared = this.sharedStarts.length;
    if (code <= shared) return ((this.sharedStart(code - 1) + 1) << 2) | flags;
    const first = end + code - shared - 1;
    if (first >= this.edgeWords.length) throw new DawgFormatError(`an edge before ${end} leads past the end`);
    return ((first + 1) << 2) | flags;
  }

  // [letter, node] for every edge leaving `node`, in descending letter order.
  edges(node) {
    const first = (node >> 2) - 1;
    if (first < 0) return [];
    const end = this.stateEnd(first);
    const result = [];
    for (let index = first; index < end; index++) {
      const record = this.edgeWords[index];
      const code = record & LETTER_MASK;
      if (code >= LETTERS) throw new DawgFormatError(`letter code ${code} outside the alphabet`);
      result.push([ALPHABET[code], this.target(record, end)]);
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

// What the game engine receives: the two questions it asks of the word list, and the word
// graph itself for the move generator (engine/movegen/): `graph.root`, `graph.alphabet`
// (a letter's code is its index there), `graph.next(node, code)` → node or −1 and
// `graph.edgeMask(node)` → the codes leaving it as a mask, where `node & 1` says a
// dictionary word ends at the node and `node & 2` a Coimbra word.
// With `common` (any object with `contains(word)`: a Dawg of palavras-comuns.txt in the
// browser, a Set-backed object in tests) it also answers `isCommon(word)`: a common word
// or a Coimbra word (common by rule); without it there is no `isCommon` at all.
export function wordLookup(dawg, common = null) {
  const words = { isWord: (word) => dawg.contains(word), isCoimbra: (word) => dawg.isCoimbra(word), graph: dawg };
  if (common !== null && common !== undefined) {
    if (typeof common.contains !== "function") throw new TypeError("wordLookup: the common list needs contains(word)");
    words.isCommon = (word) => common.contains(word) || dawg.isCoimbra(word);
  }
  return words;
}
