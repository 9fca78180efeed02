"""The DAWG file format (``palavras.dawg``), version 2.

    All integers little-endian. A 64-byte header, the block table, then the
    edge array.

    offset size  field
    0      4     magic: the ASCII bytes "TDWG"
    4      2     format version: 2
    6      2     header size in bytes: 64
    8      4     header CRC-32 (zlib/PNG polynomial) of bytes 12 .. 64 + 4·B:
                 the rest of the header and the block table
    12     4     E: number of edges (the file is exactly 64 + 4·B + 4·E bytes,
                 B = ceil(E / 1024) blocks)
    16     4     K: number of shared states (states two or more edges lead to)
    20     4     S: number of edges of the shared states (edges 0 .. S−1);
                 the root's first edge is edge S (when E > 0; E = 0 is the empty list)
    24     4     number of words (dictionary ∪ Coimbra)
    28     4     number of dictionary words
    32     4     number of Coimbra words
    36     4     number of states, counting the empty end state
    40     1     longest word length (readers walk no deeper)
    41     23    alphabet: the ASCII letters "ABCDEFGHIJLMNOPQRSTUVXZ"; a letter's
                 index in it is its 5-bit code (Ç reads as C; K, W, Y are absent)
    64     4·B   block table: the CRC-32 of each block of 1024 edges (4 KiB; the
                 last block holds what is left), block b being edges 1024·b ..
    64+4·B 4·E   edges, one little-endian uint32 each (read as a Uint32Array)

    Edge word (bits, 0 = least significant):
      0–4   letter code (0–22)
      5     last edge of its state
      6     a dictionary word ends after this letter
      7     a Coimbra word ends after this letter
      8–31  target code v
    A state is a run of edges ending with the one that has bit 5 set; its
    edges are in descending letter order. An edge leads to:
      v = 0          the empty end state (no edges)
      1 ≤ v ≤ K      shared state number v − 1: the shared states are the first
                     K states, most shared first; readers index where each one
                     starts with one pass over the S shared edges at load
      v > K          the unshared state whose first edge is end + (v − K − 1),
                     where end is the index just past this edge's own state

Why a CRC per block: a reader must refuse a damaged file, but a check of every
byte at load is the largest cost of a cold start in the browser (a CRC loop
over 77 KB runs interpreted once: 1–1.5 ms). With one CRC per 4 KiB a reader
checks the header and block table at load and each block the first time it
reads an edge in it, so no answer ever comes from a damaged byte and a load
costs a few blocks. The Python reader checks every block at load.

Word ends live on edges, so two states differ only by what leaves them: that
is what makes the automaton minimal. The layout is chosen for size after
brotli (docs/dawg-format.md has the measurements): shared states are few and
referenced often, so they get small numbers, the most referenced the
smallest; every other state has one parent and is laid out after it in
depth-first order, so its offset is small and often the same (0: "next").
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from ..constants import ALPHABET
from ..errors import DawgFormatError

MAGIC = b"TDWG"
VERSION = 2
HEADER_SIZE = 64
BLOCK_EDGES = 1024  # edges per checked block (4 KiB)
HEADER = struct.Struct("<4sHHIIIIIIIIB23s")  # 64 bytes
LETTER_MASK = 0x1F
LAST = 0x20
FLAG_WORD = 1  # as stored in an edge: bit 6
FLAG_COIMBRA = 2  # bit 7
FLAG_SHIFT = 6
TARGET_SHIFT = 8
MAX_EDGES = (1 << 23) - 1  # so that K + 1 + any offset fits the 24-bit code
LETTER_CODES = {letter: code for code, letter in enumerate(ALPHABET)}


@dataclass(frozen=True)
class Header:
    version: int
    crc: int
    edges: int
    shared_states: int
    shared_edges: int
    words: int
    dictionary_words: int
    coimbra_words: int
    states: int
    max_length: int


def crc_of(data: bytes | memoryview) -> int:
    return zlib.crc32(data) & 0xFFFFFFFF


def block_count(edges: int) -> int:
    return -(-edges // BLOCK_EDGES)


def edges_offset(edges: int) -> int:
    """Where the edge array starts: after the header and the block table."""
    return HEADER_SIZE + 4 * block_count(edges)


def block_table(payload: bytes | memoryview) -> bytes:
    """The CRC-32 of each block of BLOCK_EDGES edges of the edge array."""
    size = 4 * BLOCK_EDGES
    return struct.pack(f"<{block_count(len(payload) // 4)}I",
                       *(crc_of(payload[start:start + size]) for start in range(0, len(payload), size)))


def pack_header(header: Header, table: bytes) -> bytes:
    """The 64 header bytes; the CRC covers the rest of the header and the block table."""
    def packed(crc: int) -> bytes:
        return HEADER.pack(
            MAGIC, VERSION, HEADER_SIZE, crc, header.edges, header.shared_states,
            header.shared_edges,
            header.words, header.dictionary_words, header.coimbra_words, header.states,
            header.max_length, ALPHABET.encode("ascii"),
        )
    return packed(crc_of(packed(0)[12:] + table))


def parse_header(data: bytes, name: str = "DAWG") -> Header:
    """Check magic, version, sizes, alphabet and the header CRC; later reads stay in bounds."""
    if len(data) < HEADER_SIZE:
        raise DawgFormatError(f"{name}: truncated: {len(data)} bytes, a header needs {HEADER_SIZE}")
    (magic, version, header_size, crc, edges, shared_states, shared_edges, words, dictionary_words,
     coimbra_words, states, max_length, alphabet) = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise DawgFormatError(f"{name}: not a DAWG file (magic {magic!r}, expected {MAGIC!r})")
    if version != VERSION:
        raise DawgFormatError(f"{name}: format version {version}, this reader reads {VERSION}")
    if header_size != HEADER_SIZE:
        raise DawgFormatError(f"{name}: header size {header_size}, expected {HEADER_SIZE}")
    expected_size = edges_offset(edges) + 4 * edges
    if len(data) != expected_size:
        raise DawgFormatError(
            f"{name}: {len(data)} bytes, but the header promises {edges} edges ({expected_size} bytes)"
        )
    actual = crc_of(memoryview(data)[12:edges_offset(edges)])
    if actual != crc:
        raise DawgFormatError(f"{name}: checksum mismatch in the header "
                              f"(recorded {crc:08x}, found {actual:08x})")
    if alphabet != ALPHABET.encode("ascii"):
        raise DawgFormatError(f"{name}: alphabet {alphabet!r}, expected {ALPHABET}")
    if shared_edges > edges or shared_states > shared_edges or (edges and shared_edges == edges):
        raise DawgFormatError(
            f"{name}: shared region ({shared_states} states, {shared_edges} edges) "
            f"does not fit {edges} edges"
        )
    return Header(version, crc, edges, shared_states, shared_edges, words, dictionary_words,
                  coimbra_words, states, max_length)


def check_blocks(data: bytes, header: Header, name: str = "DAWG") -> None:
    """Every block's CRC-32 against the block table: the whole file, at once."""
    start = edges_offset(header.edges)
    recorded = memoryview(data)[HEADER_SIZE:start]
    found = block_table(memoryview(data)[start:])
    if found != recorded:
        block = next(i for i in range(0, len(found), 4) if found[i:i + 4] != recorded[i:i + 4]) // 4
        raise DawgFormatError(f"{name}: checksum mismatch in block {block} "
                              f"(edges {block * BLOCK_EDGES}…)")


def shared_starts(records, header: Header, name: str = "DAWG") -> list[int]:
    """The first edge of each shared state: the one pass over the shared region at load."""
    starts: list[int] = []
    start = 0
    for index in range(header.shared_edges):
        if records[index] & LAST:
            if len(starts) >= header.shared_states:
                break
            starts.append(start)
            start = index + 1
    if len(starts) != header.shared_states or start != header.shared_edges:
        raise DawgFormatError(f"{name}: the shared region does not hold {header.shared_states} states")
    return starts


def encode(records: list[int], header: Header) -> bytes:
    """The file: header (with its CRC), block table, then the edge words."""
    if len(records) > MAX_EDGES:
        raise DawgFormatError(f"DAWG too large: {len(records)} edges, at most {MAX_EDGES}")
    payload = struct.pack(f"<{len(records)}I", *records)
    table = block_table(payload)
    return pack_header(header, table) + table + payload
