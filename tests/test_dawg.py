"""The DAWG: builder → lookup → save → load → lookup, minimality, Coimbra flags, corruption."""
from __future__ import annotations

import hashlib
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from pipeline.coimbra import load_coimbra
from pipeline.constants import ALPHABET
from pipeline.dawg.builder import build_dawg
from pipeline.dawg.format import BLOCK_EDGES, HEADER_SIZE, block_table, edges_offset
from pipeline.dawg.reader import Dawg
from pipeline.errors import DawgFormatError

SHARED_SUFFIXES = ["CANTAR", "CANTAS", "CANTO", "DANCAR", "DANCAS", "DANCO", "FALAR", "FALAS"]


def pseudo_random_words(seed: str, count: int, alphabet: str = "ABCDEILMORST") -> list[str]:
    """Deterministic word soup from SHA-256 (no dependence on Python's random)."""
    words = set()
    n = 0
    while len(words) < count:
        digest = hashlib.sha256(f"{seed}:{n}".encode()).digest()
        length = 2 + digest[0] % 6
        words.add("".join(alphabet[b % len(alphabet)] for b in digest[1:1 + length]))
        n += 1
    return sorted(words)


def independent_minimisation(words: list[str], coimbra: list[str]) -> tuple[int, int]:
    """(states, edges) of the minimal automaton with word ends on edges, by hash-consing a trie."""
    trie: dict = {}
    for source, flag in ((words, 1), (coimbra, 2)):
        for word in source:
            node = trie
            for letter in word[:-1]:
                node = node.setdefault(letter, [0, {}])[1]
            node.setdefault(word[-1], [0, {}])[0] |= flag
    classes: dict[tuple, int] = {}

    def signature(node: dict) -> int:
        key = tuple(sorted((letter, flags, signature(child)) for letter, (flags, child) in node.items()))
        return classes.setdefault(key, len(classes))

    signature(trie)
    return len(classes), sum(len(key) for key in classes)


def queries(words: list[str], count: int = 100_000) -> list[str]:
    """`count` random strings (2–8 letters) then `count` one-letter changes of real words."""
    result = []
    for n in range(count):
        digest = hashlib.sha256(f"random:{n}".encode()).digest()
        length = 2 + digest[0] % 7
        result.append("".join(ALPHABET[b % len(ALPHABET)] for b in digest[1:1 + length]))
    for n in range(count):
        digest = hashlib.sha256(f"mutation:{n}".encode()).digest()
        word = words[int.from_bytes(digest[:4], "little") % len(words)]
        at = digest[4] % len(word)
        result.append(word[:at] + ALPHABET[digest[5] % len(ALPHABET)] + word[at + 1:])
    return result


def flags_of(dawg: Dawg, query: str) -> int:
    """0: not a word, 1: dictionary word only, 2: Coimbra word only, 3: both."""
    node = dawg.find(query)
    return 0 if node is None or not query else node & 3


def answers(dawg: Dawg, queries: list[str]) -> list[tuple[bool, bool]]:
    return [(dawg.contains(q), dawg.is_coimbra(q)) for q in queries]


def with_crc(data: bytearray) -> bytes:
    """`data` with its block table and header CRC recomputed, so the reader's bounds
    checks are what is tested."""
    start = edges_offset(struct.unpack_from("<I", data, 12)[0])
    data[HEADER_SIZE:start] = block_table(bytes(data[start:]))
    struct.pack_into("<I", data, 8, zlib.crc32(bytes(data[12:start])) & 0xFFFFFFFF)
    return bytes(data)


# The worked example of docs/dawg-format.md, byte for byte (also read by tests/js/dawg.test.mjs).
WORKED_EXAMPLE = bytes.fromhex(
    "54445747020040008bc3d7a60a000000010000000100000005000000050000000100000009000000"
    "044142434445464748494a4c4d4e4f50515253545556585af78da80c7100000011060000100400002a020000"
    "330200006001000033020000e00100003302000060000000"
)


def test_the_documented_example_is_what_the_builder_makes():
    assert build_dawg(["LUA", "LUAS", "RUA", "RUAS", "SUA"], ["RUA"]) == WORKED_EXAMPLE
    dawg = Dawg(WORKED_EXAMPLE)
    assert [(w, f) for w, f in dawg.entries()] == [
        ("LUA", 1), ("LUAS", 1), ("RUA", 3), ("RUAS", 1), ("SUA", 1)]


# Build → look up → save → load → look up.

def test_every_word_is_found_after_save_and_load(tmp_path: Path):
    words = pseudo_random_words("round", 500)
    data = build_dawg(words, [])
    before = Dawg(data)
    assert all(before.contains(word) for word in words)
    (tmp_path / "p.dawg").write_bytes(data)
    after = Dawg.load(tmp_path / "p.dawg")
    assert list(after.words()) == words
    assert all(after.contains(word) for word in words)


def test_prefixes_and_extensions_of_words_are_not_words():
    dawg = Dawg(build_dawg(["CASA", "CASAS"], []))
    assert [dawg.contains(q) for q in ["CAS", "CASA", "CASAS", "CASASS", "C", ""]] == [
        False, True, True, False, False, False]


def test_empty_word_list_holds_no_word():
    dawg = Dawg(build_dawg([], []))
    assert list(dawg.words()) == []
    assert not dawg.contains("A") and dawg.edges(dawg.root) == []
    assert dawg.header.states == 1 and dawg.header.edges == 0


def test_one_word():
    dawg = Dawg(build_dawg(["SOL"], []))
    assert list(dawg.words()) == ["SOL"]
    assert dawg.header.states == 4 and dawg.header.edges == 3


def test_shared_suffixes_make_one_path():
    dawg = Dawg(build_dawg(SHARED_SUFFIXES, []))
    assert list(dawg.words()) == SHARED_SUFFIXES
    # CANT-, DANC- and FAL- meet in the state that reads AR / AS / O.
    cant = dawg.find("CANT")
    assert cant == dawg.find("DANC") and dawg.find("FAL") != cant


def test_words_outside_the_alphabet_are_refused_by_the_builder():
    with pytest.raises(DawgFormatError, match="KIWI"):
        build_dawg(["KIWI"], [])
    with pytest.raises(DawgFormatError):
        build_dawg(["casa"], [])


def test_cedilla_reads_as_c_and_other_characters_never_match():
    dawg = Dawg(build_dawg(["CACA"], []))
    assert dawg.contains("CAÇA") and dawg.contains("ÇACA")
    assert not dawg.contains("caca") and not dawg.contains("CAC?")


def test_the_same_words_give_the_same_bytes():
    words = pseudo_random_words("same", 300)
    assert build_dawg(words, words[:5]) == build_dawg(list(reversed(words)), words[:5])


# Minimality.

@pytest.mark.parametrize("seed,count", [("a", 1), ("b", 50), ("c", 2000), ("d", 8000)])
def test_states_and_edges_equal_an_independent_minimisation(seed: str, count: int):
    words = pseudo_random_words(seed, count)
    coimbra = words[::7] + ["MOLICO"]
    dawg = Dawg(build_dawg(words, coimbra))
    assert (dawg.header.states, dawg.header.edges) == independent_minimisation(words, coimbra)


def test_shared_suffixes_are_minimal():
    dawg = Dawg(build_dawg(SHARED_SUFFIXES, []))
    assert (dawg.header.states, dawg.header.edges) == independent_minimisation(SHARED_SUFFIXES, [])


# Coimbra flags.

def test_coimbra_only_and_dictionary_words_are_told_apart():
    dawg = Dawg(build_dawg(["CABRA", "CASA"], ["CABRA", "TRICANA"]))
    assert [(w, dawg.contains(w), dawg.is_coimbra(w)) for w in ["CABRA", "CASA", "TRICANA"]] == [
        ("CABRA", True, True), ("CASA", True, False), ("TRICANA", True, True)]
    assert (dawg.header.dictionary_words, dawg.header.coimbra_words, dawg.header.words) == (2, 2, 3)


def test_a_move_generator_walks_child_by_child_to_the_same_answers():
    dawg = Dawg(build_dawg(["CABRA", "CABRAS", "CASA", "MAR"], ["CABRA", "TRICANA"]))
    assert [letter for letter, _ in dawg.edges(dawg.root)] == ["T", "M", "C"]
    node = dawg.root
    for letter in "CABR":
        node = dawg.child(node, letter)
        assert node is not None and not dawg.is_terminal(node)
    cabra = dawg.child(node, "A")
    assert dawg.is_terminal(cabra) and dawg.is_dictionary_node(cabra) and dawg.is_coimbra_node(cabra)
    assert [letter for letter, _ in dawg.edges(cabra)] == ["S"]
    cabras = dawg.child(cabra, "S")
    assert dawg.is_dictionary_node(cabras) and not dawg.is_coimbra_node(cabras)
    assert dawg.edges(cabras) == [] and dawg.child(cabras, "A") is None
    tricana = dawg.find("TRICANA")
    assert not dawg.is_dictionary_node(tricana) and dawg.is_coimbra_node(tricana)
    assert dawg.child(dawg.root, "Ç") == dawg.child(dawg.root, "C")
    assert dawg.child(dawg.root, "K") is None and dawg.child(dawg.root, "c") is None


# Corruption: every answer is a DawgFormatError, never an IndexError or a hang.

SMALL = build_dawg(pseudo_random_words("small", 80), ["LOTE"])
SMALL_QUERIES = pseudo_random_words("small", 80) + pseudo_random_words("other", 40) + ["LOTE"]


def exercise(data: bytes) -> list[tuple[bool, bool]]:
    """Everything a reader does with a file; the answers to SMALL_QUERIES."""
    dawg = Dawg(data)
    list(dawg.words())
    for _, node in dawg.edges(dawg.root):
        dawg.edges(node)
    return answers(dawg, SMALL_QUERIES)


def test_any_changed_byte_is_refused():
    accepted = []
    for position in range(len(SMALL)):
        for bits in (0x01, 0x5A, 0x80):
            data = bytearray(SMALL)
            data[position] ^= bits
            try:
                Dawg(bytes(data))
            except DawgFormatError:
                continue
            accepted.append((position, bits))
    assert accepted == []


def test_changed_bytes_with_a_valid_checksum_never_escape_as_other_errors():
    reference = exercise(SMALL)
    refused = same = 0
    for position in range(12, len(SMALL)):
        for bits in (0x01, 0x20, 0xFF):
            data = bytearray(SMALL)
            data[position] ^= bits
            try:
                same += exercise(with_crc(data)) == reference
            except DawgFormatError:
                refused += 1
    assert refused > 0 and same > 0


@pytest.mark.parametrize("length", [0, 1, 4, 11, 12, 40, 63, 64, 65, 67, 68, len(SMALL) - 4, len(SMALL) - 1])
def test_truncated_files_are_refused(length: int):
    with pytest.raises(DawgFormatError, match="truncated|promises"):
        Dawg(SMALL[:length])


def test_wrong_magic_version_and_checksum_are_named():
    data = bytearray(SMALL)
    data[0:4] = b"NOPE"
    with pytest.raises(DawgFormatError, match="magic"):
        Dawg(bytes(data))
    data = bytearray(SMALL)
    data[4] = 1
    with pytest.raises(DawgFormatError, match="version 1"):
        Dawg(bytes(data))
    data = bytearray(SMALL)
    data[-1] ^= 1
    with pytest.raises(DawgFormatError, match="checksum"):
        Dawg(bytes(data))


def test_a_target_past_the_end_is_refused():
    data = bytearray(SMALL)
    edges = Dawg(SMALL).header.edges
    for index in range(edges):
        offset = edges_offset(edges) + 4 * index
        record = struct.unpack_from("<I", data, offset)[0]
        if record >> 8:
            struct.pack_into("<I", data, offset, (record & 0xFF) | 0xFFFFFF << 8)
    dawg = Dawg(with_crc(data))
    with pytest.raises(DawgFormatError, match="past"):
        list(dawg.words())


def test_a_letter_outside_the_alphabet_is_refused():
    data = bytearray(SMALL)
    header = Dawg(SMALL).header
    data[edges_offset(header.edges) + 4 * header.shared_edges] |= 0x1F
    with pytest.raises(DawgFormatError, match="alphabet"):
        list(Dawg(with_crc(data)).words())


# The real word list (TORRE_DIST).

@pytest.fixture(scope="module")
def real(built_dist: Path):
    words = (built_dist / "palavras.txt").read_text(encoding="utf-8").split()
    coimbra = [entry.folded for entry in load_coimbra()]
    data = (built_dist / "palavras.dawg").read_bytes()
    return words, coimbra, data


def test_the_built_file_is_what_the_builder_makes(real):
    words, coimbra, data = real
    assert build_dawg(words, coimbra) == data


def test_the_real_dawg_is_minimal(real):
    words, coimbra, data = real
    header = Dawg(data).header
    assert (header.states, header.edges) == independent_minimisation(words, coimbra)


def test_dump_is_the_word_list_and_the_coimbra_words(real):
    words, coimbra, data = real
    assert list(Dawg(data).words()) == sorted(set(words) | set(coimbra))


def test_every_coimbra_word_reports_coimbra_and_no_other_does(real):
    words, coimbra, data = real
    dawg = Dawg(data)
    flagged = [word for word, flags in dawg.entries() if flags & 2]
    assert flagged == sorted(set(coimbra))
    assert all(dawg.is_coimbra(word) for word in coimbra)


def test_random_strings_and_one_letter_mutations_agree_with_a_set(real):
    words, coimbra, data = real
    dawg = Dawg(data)
    word_set, coimbra_set = set(words), set(coimbra)
    expected = [(q in word_set) | (q in coimbra_set) << 1 for q in queries(words)]
    assert sum(1 for flags in expected if flags) > 10_000  # the mutations find real words too
    assert [flags_of(dawg, q) for q in queries(words)] == expected
    assert dawg.contains(words[0]) and dawg.is_coimbra(coimbra[0])


def test_python_and_javascript_readers_agree(real, built_dist: Path, tmp_path: Path):
    words, _, data = real
    asked = queries(words)
    (tmp_path / "queries.txt").write_text("\n".join(asked) + "\n", encoding="ascii")
    script = Path(__file__).parent / "js" / "dawg-answers.mjs"
    result = subprocess.run(
        ["node", str(script), str(built_dist / "palavras.dawg"), str(tmp_path / "queries.txt")],
        capture_output=True, text=True, timeout=120, check=True,
    )
    dawg = Dawg(data)
    assert result.stdout.strip() == "".join(str(flags_of(dawg, q)) for q in asked)


def test_changed_bytes_of_the_real_file_are_refused(real):
    data = real[2]
    for position in list(range(0, 200)) + list(range(200, len(data), 97)) + [len(data) - 1]:
        mutated = bytearray(data)
        mutated[position] ^= 0x24
        with pytest.raises(DawgFormatError):
            Dawg(bytes(mutated))
    for length in range(0, len(data), 1999):
        with pytest.raises(DawgFormatError):
            Dawg(data[:length])


def test_a_damaged_block_is_named_by_its_number():
    data = bytearray(SMALL)
    data[-1] ^= 0x40
    blocks = (Dawg(SMALL).header.edges - 1) // BLOCK_EDGES
    with pytest.raises(DawgFormatError, match=f"checksum mismatch in block {blocks}"):
        Dawg(bytes(data))
