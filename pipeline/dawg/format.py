"""The DAWG file format (``palavras.dawg``), version 1.

    All integers little-endian. A 64-byte header, then the edge array.

    offset size  field
    0      4     magic: the ASCII bytes "TDWG"
    4      2     format version: 1
    6      2     header size in bytes: 64
    8      4     CRC-32 (zlib/PNG polynomial) of every byte after this field:
                 bytes 12 .. end of file, so the rest of the header is covered too
    12     4     E: number of edges (file size is exactly 64 + 4·E)
    16     4     P: size of the shared region (edges 0 .. P−1), see targets below
    20     4     R: index of the root's first edge (R < E; the empty word list
                 has E = 0 and no root edges)
    24     4     number of words (dictionary ∪ Coimbra)
    28     4     number of dictionary words
    32     4     number of Coimbra words
    36     4     number of states, counting the empty end state
    40     1     longest word length (readers enumerate no deeper)
    41     23    alphabet: the ASCII letters "ABCDEFGHIJLMNOPQRSTUVXZ"; a letter's
                 index in it is its 5-bit code (Ç reads as C; K, W, Y are absent)
    64     4·E   edges, one little-endian uint32 each (read as a Uint32Array)

    Edge word (bits, 0 = least significant):
      0–4   letter code (0–22)
      5     last edge of its state
      6     a dictionary word ends after this letter
      7     a Coimbra word ends after this letter
      8–31  target code v
    A state is the run of edges from its first edge up to and including the
    one with bit 5 set; edges of a state are in descending letter order. For
    the edge at index i, the state it leads to starts at:
      v = 0          nowhere: the empty end state (no edges)
      1 ≤ v ≤ P      edge v − 1 (a shared state: two or more edges lead to it)
      v > P          edge i + v − P (an unshared state, laid out after its parent)

Word ends live on edges, so two states differ only by what leaves them: that
is what makes the automaton minimal. Shared states come first, most shared
first, and are addressed absolutely; every other state has one parent and
follows it in depth-first order, addressed by a short forward offset. That
split is what makes the file small after brotli: see docs/dawg-format.md.
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from ..constants import ALPHABET
from ..errors import DawgFormatError

MAGIC = b"TDWG"
VERSION = 1
HEADER_SIZE = 64
HEADER = struct.Struct("<4sHHIIIIIIIIB23s")
LETTER_MASK = 0x1F
LAST = 0x20
FLAG_WORD = 1  # as stored in an edge: bit 6
FLAG_COIMBRA = 2  # bit 7
FLAG_SHIFT = 6
TARGET_SHIFT = 8
MAX_EDGES = (1 << 24) - 2
LETTER_CODES = {letter: code for code, letter in enumerate(ALPHABET)}


@dataclass(frozen=True)
class Header:
    version: int
    crc: int
    edges: int
    shared: int
    root: int
    words: int
    dictionary_words: int
    coimbra_words: int
    states: int
    max_length: int


def crc_of(data: bytes | memoryview) -> int:
    return zlib.crc32(data) & 0xFFFFFFFF


def pack_header(header: Header, payload: bytes) -> bytes:
    """The 64 header bytes; the CRC is computed here over the rest of the file."""
    def packed(crc: int) -> bytes:
        return HEADER.pack(
            MAGIC, VERSION, HEADER_SIZE, crc, header.edges, header.shared, header.root,
            header.words, header.dictionary_words, header.coimbra_words, header.states,
            header.max_length, ALPHABET.encode("ascii"),
        )
    crc = crc_of(packed(0)[12:] + payload)
    return packed(crc)


def parse_header(data: bytes, name: str = "DAWG") -> Header:
    """Check magic, version, size, alphabet and CRC; every later read stays in bounds."""
    if len(data) < HEADER_SIZE:
        raise DawgFormatError(f"{name}: truncated: {len(data)} bytes, a header needs {HEADER_SIZE}")
    (magic, version, header_size, crc, edges, shared, root, words, dictionary_words,
     coimbra_words, states, max_length, alphabet) = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise DawgFormatError(f"{name}: not a DAWG file (magic {magic!r}, expected {MAGIC!r})")
    if version != VERSION:
        raise DawgFormatError(f"{name}: format version {version}, this reader reads {VERSION}")
    if header_size != HEADER_SIZE:
        raise DawgFormatError(f"{name}: header size {header_size}, expected {HEADER_SIZE}")
    expected_size = HEADER_SIZE + 4 * edges
    if len(data) != expected_size:
        raise DawgFormatError(
            f"{name}: {len(data)} bytes, but the header promises {edges} edges ({expected_size} bytes)"
        )
    actual = crc_of(memoryview(data)[12:])
    if actual != crc:
        raise DawgFormatError(f"{name}: checksum mismatch (header {crc:08x}, data {actual:08x})")
    if alphabet != ALPHABET.encode("ascii"):
        raise DawgFormatError(f"{name}: alphabet {alphabet!r}, expected {ALPHABET}")
    if shared > edges or (edges and root >= edges) or (not edges and root):
        raise DawgFormatError(f"{name}: root {root} or shared region {shared} outside {edges} edges")
    return Header(version, crc, edges, shared, root, words, dictionary_words,
                  coimbra_words, states, max_length)


def target_of(index: int, record: int, shared: int) -> int:
    """The first edge of the state an edge leads to, or −1 for the empty end state."""
    code = record >> TARGET_SHIFT
    if code == 0:
        return -1
    if code <= shared:
        return code - 1
    return index + code - shared


def encode(records: list[int], header: Header) -> bytes:
    """The file: header (with its CRC) then the edge words."""
    if len(records) > MAX_EDGES:
        raise DawgFormatError(f"DAWG too large: {len(records)} edges, at most {MAX_EDGES}")
    payload = struct.pack(f"<{len(records)}I", *records)
    return pack_header(header, payload) + payload
