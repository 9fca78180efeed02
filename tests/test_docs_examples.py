"""Every example in docs/ is real: each is taken from the markdown and checked against the build.

- a fenced block whose info string is `json <path>` is an excerpt of dist/<path>:
  its line breaks are added ones, and `…` at its start, its end or both marks
  what is left out (a suffix, a prefix, or a piece of the middle);
- the worked example of docs/dawg-format.md is, byte for byte, what the builder
  makes of its five words, and its sentence of figures is the built file's;
- the example column of docs/wordlist.md is one line of palavras-origem.tsv;
- a writer made from the rules of "Writing the same bytes" alone lays out the
  real file's edges exactly;
- every figure dawg-format.md gives of today's file is the built file's;
- an outsider's readers, written from the three format docs and reading dist/ alone
  (no pipeline module, no dictionaries/coimbra.toml), get palavras.txt and the
  Coimbra words out of the DAWG the page loads, every day file byte for byte, the
  fixed fields of the docs' replay links, and every word-list version's id.
"""
from __future__ import annotations

import base64
import datetime
import hashlib
import itertools
import json
import re
import string
import struct
import subprocess
import unicodedata
import zlib
from collections import Counter
from pathlib import Path

import brotli
import pytest

from conftest import ROOT
from pipeline.coimbra import folded_set, load_coimbra
from pipeline.constants import ALPHABET, HELPS
from pipeline.dawg.builder import Builder, build_dawg, merge_words
from pipeline.dawg.format import edges_offset
from pipeline.dawg.reader import Dawg

DOCS = ROOT / "docs"
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
ELISION = "…"


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    """(info string, content) of every fenced block."""
    return [(info.strip(), body) for info, body in FENCE.findall(text)]


def json_examples() -> list[tuple[str, str, str]]:
    """(markdown file, dist path, excerpt) of every `json <path>` block in docs/."""
    examples = []
    for doc in sorted(DOCS.glob("*.md")):
        for info, body in fenced_blocks(doc.read_text(encoding="utf-8")):
            parts = info.split()
            if len(parts) == 2 and parts[0] == "json":
                examples.append((doc.name, parts[1], body.replace("\n", "")))
    return examples


def matches(excerpt: str, real: str) -> bool:
    """Does the excerpt (with … for what is left out) stand in the real text?"""
    head, tail = excerpt.startswith(ELISION), excerpt.endswith(ELISION)
    core = excerpt.strip(ELISION)
    if head and tail:
        return core in real
    if head:
        return real.endswith(core)
    if tail:
        return real.startswith(core)
    return real == core


def test_the_docs_hold_json_examples():
    assert len(json_examples()) >= 3


@pytest.mark.parametrize("doc, path, excerpt", json_examples(),
                         ids=lambda value: value if isinstance(value, str) and len(value) < 40 else "")
def test_every_json_example_is_an_excerpt_of_the_built_file(built_dist, doc, path, excerpt):
    real = (built_dist / path).read_text(encoding="utf-8").rstrip("\n")
    assert matches(excerpt, real), f"{doc}: the example of {path} is not in the built file"


def hex_bytes(text: str) -> bytes:
    """The hex pairs at the start of each line (before the two-space comment)."""
    found = []
    for line in text.splitlines():
        pairs = re.match(r"((?:[0-9a-f]{2} +)+)", line + " ")
        if pairs:
            found += pairs.group(1).split()
    return bytes.fromhex("".join(found))


def worked_example_bytes(text: str) -> bytes:
    """Header block, block table block, then the edges table's `bytes` column."""
    section = text[text.index("## A worked example"):text.index("## Why this layout")]
    blocks = [body for _, body in fenced_blocks(section)]
    edges = re.findall(r"^\| \d+ \| `([0-9a-f ]+)` \|", section, re.MULTILINE)
    return hex_bytes(blocks[0]) + hex_bytes(blocks[1]) + bytes.fromhex("".join(edges).replace(" ", ""))


def test_the_dawg_worked_example_is_what_the_builder_makes():
    text = (DOCS / "dawg-format.md").read_text(encoding="utf-8")
    call = re.search(r"`build_dawg\(\[([^\]]*)\], coimbra=\[([^\]]*)\]\)` is (\d+)\s+bytes", text)
    words, coimbra = ([w.strip(' "') for w in group.split(",")] for group in call.groups()[:2])
    built = build_dawg(words, coimbra)
    assert worked_example_bytes(text) == built
    assert len(built) == int(call.group(3))


def number(text: str) -> int:
    return int(text.replace(",", ""))


def test_the_dawg_figures_are_those_of_the_built_file(built_dist: Path):
    text = " ".join((DOCS / "dawg-format.md").read_text(encoding="utf-8").split())
    figures = re.search(
        r"holds ([\d,]+) words \(([\d,]+) dictionary words, ([\d,]+) Coimbra words, ([\d,]+) of "
        r"them in both\), ([\d,]+) states \(the end state included\), ([\d,]+) edges, ([\d,]+) "
        r"shared states with ([\d,]+) edges, and is ([\d,]+) bytes after brotli", text)
    assert figures, "docs/dawg-format.md lost its sentence of figures"
    data = (built_dist / "palavras.dawg").read_bytes()
    header = Dawg(data).header
    both = header.dictionary_words + header.coimbra_words - header.words
    assert [number(value) for value in figures.groups()] == [
        header.words, header.dictionary_words, header.coimbra_words, both, header.states,
        header.edges, header.shared_states, header.shared_edges,
        len(brotli.compress(data, quality=11))]


def test_the_origin_example_of_the_word_list_doc_is_a_real_line(built_dist: Path):
    text = (DOCS / "wordlist.md").read_text(encoding="utf-8")
    example = dict(re.findall(r"^\| `(\w+)` \| [^|]+ \| `([^`]+)` \|$", text, re.MULTILINE))
    columns = ["palavra", "dicionario", "linha_dic", "radical", "regras", "forma"]
    line = "\t".join(example[column] for column in columns)
    assert line in (built_dist / "palavras-origem.tsv").read_text(encoding="utf-8").splitlines()


def written_from_the_doc(root) -> list[int]:
    """Steps 2–4 of "Writing the same bytes" (docs/dawg-format.md), from the text alone."""
    first_visit: dict[int, int] = {}
    states, pending = [], [root]
    while pending:  # step 2: depth-first, ascending letters, each state at its first visit
        state = pending.pop()
        if id(state) in first_visit or not state.edges:
            continue
        first_visit[id(state)] = len(states)
        states.append(state)
        pending += [state.edges[letter][1] for letter in sorted(state.edges, reverse=True)]
    incoming: dict[int, int] = {}
    for state in states:
        for _, target in state.edges.values():
            incoming[id(target)] = incoming.get(id(target), 0) + 1
    shared = sorted((s for s in states if incoming.get(id(s), 0) >= 2),  # step 3
                    key=lambda s: (-incoming[id(s)], first_visit[id(s)]))
    ordered = shared + [s for s in states if incoming.get(id(s), 0) < 2]
    first_edge, count = {}, 0
    for state in ordered:
        first_edge[id(state)] = count
        count += len(state.edges)
    number = {id(state): n + 1 for n, state in enumerate(shared)}

    def v(target, end: int) -> int:  # "An edge leads to: v = 0 / 1 ≤ v ≤ K / v > K"
        if not target.edges:
            return 0
        return number.get(id(target)) or len(shared) + 1 + first_edge[id(target)] - end

    records = []
    for state in ordered:  # step 4: descending letters, the last one marked, targets coded
        end = first_edge[id(state)] + len(state.edges)
        records += [ALPHABET.index(letter) | (letter == min(state.edges)) << 5
                    | state.edges[letter][0] << 6 | v(state.edges[letter][1], end) << 8
                    for letter in sorted(state.edges, reverse=True)]
    return records


def test_a_writer_following_the_doc_makes_the_same_edges(built_dist: Path):
    data = (built_dist / "palavras.dawg").read_bytes()
    dawg = Dawg(data)
    builder = Builder()
    words = (built_dist / "palavras.txt").read_text(encoding="utf-8").split()
    for word, flags in merge_words(words, folded_set(load_coimbra())):  # step 1
        builder.add(word, flags)
    start = edges_offset(dawg.header.edges)
    assert written_from_the_doc(builder.finish()) == list(dawg.records)
    assert len(data) - start == 4 * len(dawg.records)


# --- an outsider's readers: docs/ and dist/ alone ---------------------------------------
#
# Each reader below is written from the text of docs/dawg-format.md, docs/days-format.md
# and docs/replay-link.md, and reads only files of dist/ (no pipeline module, no
# dictionaries/coimbra.toml): what a third party implementing the formats has.


def doc_text(name: str) -> str:
    """A doc with its lines joined, so that a sentence can be matched across line breaks."""
    return " ".join((DOCS / name).read_text(encoding="utf-8").split())


def page_attribute(built_dist: Path, name: str) -> str:
    """An attribute of the game page's <main id="jogo">, where the doc says the page reads it."""
    page = (built_dist / "index.html").read_text(encoding="utf-8")
    return re.search(rf'<main id="jogo"[^>]*\b{name}="([^"]*)"', page).group(1)


def outsider_dawg_words(data: bytes) -> tuple[list[str], list[str]]:
    """(dictionary words, Coimbra words) of a DAWG, read as "Layout" and "Checks" say."""
    assert data[:4] == b"TDWG" and struct.unpack_from("<HH", data, 4) == (2, 64)
    edge_count, shared, shared_edges = struct.unpack_from("<3I", data, 12)
    blocks = -(-edge_count // 1024)
    assert len(data) == 64 + 4 * blocks + 4 * edge_count
    assert struct.unpack_from("<I", data, 8)[0] == zlib.crc32(data[12:64 + 4 * blocks])
    alphabet = data[41:64].decode("ascii")
    start = 64 + 4 * blocks
    for b in range(blocks):
        block = data[start + 4096 * b:start + 4096 * (b + 1)]
        assert struct.unpack_from("<I", data, 64 + 4 * b)[0] == zlib.crc32(block)
    edges = struct.unpack_from(f"<{edge_count}I", data, start)
    firsts, first = [], 0  # one pass over the S shared edges: where each shared state starts
    for i in range(shared_edges):
        if edges[i] >> 5 & 1:
            firsts.append(first)
            first = i + 1
    assert len(firsts) == shared and first == shared_edges
    words: tuple[list[str], list[str]] = ([], [])
    pending = [(shared_edges, "")] if edge_count else []  # the root's first edge is edge S
    while pending:
        first, prefix = pending.pop()
        end = first
        while not edges[end] >> 5 & 1:
            end += 1
        end += 1  # just past the state's last edge
        for edge in edges[first:end]:
            word, v = prefix + alphabet[edge & 31], edge >> 8
            if edge >> 6 & 1:
                words[0].append(word)
            if edge >> 7 & 1:
                words[1].append(word)
            if v:
                pending.append((firsts[v - 1] if v <= shared else end + v - shared - 1, word))
    return sorted(words[0]), sorted(words[1])


def test_an_outsider_reads_the_words_of_the_dawg_the_page_loads(built_dist: Path):
    """docs/dawg-format.md: the file the page names in data-dawg holds palavras.txt (bit 6)
    and the keys of coimbra.json (bit 7); palavras.dawg is the same bytes."""
    text = doc_text("dawg-format.md")
    assert re.search(r"`dist/palavras\.<h>\.dawg`, where `<h>` is the first 10 hex digits of the "
                     r"SHA-256 of the file, and `dist/palavras\.dawg`", text)
    assert '<main id="jogo" data-dawg="/palavras.<h>.dawg">' in text
    name = page_attribute(built_dist, "data-dawg")
    loaded = (built_dist / name.lstrip("/")).read_bytes()
    assert name == f"/palavras.{hashlib.sha256(loaded).hexdigest()[:10]}.dawg"
    assert loaded == (built_dist / "palavras.dawg").read_bytes()
    dictionary, coimbra = outsider_dawg_words(loaded)
    assert dictionary == (built_dist / "palavras.txt").read_text(encoding="utf-8").split()
    assert coimbra == sorted(json.loads((built_dist / "coimbra.json").read_text(encoding="utf-8")))


class Stream:
    """docs/days-format.md "The generator": SHA-256 in counter mode, 8-byte big-endian words."""

    def __init__(self, seed: str):
        self.seed, self.counter, self.words = seed.encode("utf-8"), 0, []

    def word(self) -> int:
        if not self.words:
            block = hashlib.sha256(self.seed + b"\0" + self.counter.to_bytes(8, "big")).digest()
            self.words = [int.from_bytes(block[i:i + 8], "big") for i in range(0, 32, 8)]
            self.counter += 1
        return self.words.pop(0)

    def below(self, n: int) -> int:
        limit = 2 ** 64 - 2 ** 64 % n
        while True:
            w = self.word()
            if w < limit:
                return w % n

    def shuffle(self, items: list) -> list:
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def sample(self, items: list, k: int) -> list:
        items = list(items)
        for i in range(k):
            j = i + self.below(len(items) - i)
            items[i], items[j] = items[j], items[i]
        return items[:k]


def outsider_day(date: str, version: int, openers: list[str], c: dict) -> bytes:
    """A day file made from "How each field is drawn" and "Format, version 1"."""
    def stream(purpose: str) -> Stream:
        return Stream(f"a-torre/v{version}/{date}/{purpose}")

    size, columns = c["board_size"], c["columns"]
    reading = [f"{columns[col]}{row}" for row in range(1, size + 1) for col in range(size)]
    floors = []
    for n, opener in enumerate(stream("openers").sample(sorted(openers), c["floors"]), start=1):
        left = (size - len(opener)) // 2
        under = {f"{columns[left + i]}{c['opener_row']}" for i in range(len(opener))}
        legal = [s for s in reading if s not in c["corners"] and s not in under]
        drawn, squares, at = stream(f"squares/{n}").sample(legal, 9), {}, 0
        for kind in ("2L", "3L", "2P"):
            count = c["square_counts"][kind]
            squares[kind] = sorted(drawn[at:at + count], key=reading.index)
            at += count
        floors.append({"opener": opener, "squares": squares})
    tiles = [t["letter"] for t in c["tiles"] for _ in range(t["count"])]
    helps_stream, help_ids = stream("helps"), [h["id"] for h in c["helps"]]
    helps = [help_ids[helps_stream.below(len(help_ids))] for _ in range(235)]
    trunfos = [t["id"] for t in c["trunfos"]]
    offers = {}
    for held in (h for k in range(4) for h in itertools.combinations(trunfos, k)):
        key = "+".join(sorted(held))
        offers[key] = stream(f"offers/{key}").sample([t for t in trunfos if t not in held],
                                                      c["trunfo_offer"])
    day = {"date": date, "version": version, "floors": floors,
           "bag": "".join(stream("bag").shuffle(tiles)), "helps": helps,
           "offers": dict(sorted(offers.items()))}
    return (json.dumps(day, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def test_an_outsider_derives_every_day_file_from_the_doc_and_dist_alone(built_dist: Path):
    """docs/days-format.md: the openers are coimbra.json's `opener` words, the constants
    constantes.json; every day of dias/indice.json comes out byte for byte."""
    text = doc_text("days-format.md")
    version = int(re.search(r"## Format, version (\d+)", text).group(1))
    assert "the openers are the keys of `dist/coimbra.json` whose `opener` is `true`" in text
    coimbra = json.loads((built_dist / "coimbra.json").read_text(encoding="utf-8"))
    openers = [word for word, entry in coimbra.items() if entry["opener"] is True]
    assert len(openers) == int(re.search(r"derived from the date and the (\d+) openers", text).group(1))
    constants = json.loads((built_dist / "constantes.json").read_text(encoding="utf-8"))
    index = json.loads((built_dist / "dias" / "indice.json").read_text(encoding="utf-8"))
    assert len(index["days"]) >= 500
    for entry in index["days"]:
        made = outsider_day(entry["date"], version, openers, constants)
        assert made == (built_dist / "dias" / f"{entry['date']}.json").read_bytes(), entry["date"]
        assert json.loads(made)["floors"][0]["opener"] == entry["opener"]


def test_the_day_doc_says_the_first_hand_is_always_the_hand_size(built_dist: Path):
    text = doc_text("days-format.md")
    constants = json.loads((built_dist / "constantes.json").read_text(encoding="utf-8"))
    assert "with República)" not in text
    first = re.search(r"The first (\d+) \(`hand_size`\) are the first hand, always", text)
    assert first and int(first.group(1)) == constants["hand_size"]


BASE64URL = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"


def outsider_crc24(text: str) -> int:
    """CRC-24 of RFC 4880 §6.1 (OpenPGP): init 0xB704CE, generator 0x1864CFB."""
    crc = 0xB704CE
    for byte in text.encode("ascii"):
        crc ^= byte << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc & 0xFFFFFF


def outsider_code(n: int) -> str:
    """docs/replay-link.md "Format 1": a code of the number N, "1", N in base-64 digits, then the CRC."""
    digits = ""
    while n:
        n, d = divmod(n, 64)
        digits = BASE64URL[d] + digits
    body = "1" + digits
    crc = outsider_crc24(body)
    return body + "".join(BASE64URL[crc >> shift & 63] for shift in (18, 12, 6, 0))


def outsider_fixed_fields(code: str) -> dict:
    """docs/replay-link.md "Format 1": the CRC checked, then N's fixed fields."""
    body, crc = code[:-4], code[-4:]
    assert body[0] == "1" and body[1] != "A"
    assert crc == "".join(BASE64URL[outsider_crc24(body) >> shift & 63] for shift in (18, 12, 6, 0))
    n = 0
    for digit in body[1:]:
        n = n * 64 + BASE64URL.index(digit)
    fields = {}
    for name, radix in (("day", 32768), ("version", 16 ** 10), ("floor", 8), ("total", 16384)):
        n, fields[name] = divmod(n, radix)
    fields["date"] = (datetime.date(2020, 1, 1) + datetime.timedelta(fields["day"])).isoformat()
    fields["version"] = f"{fields['version']:010x}"
    fields["floor"] += 1
    return {**fields, "digits": len(body) - 1}


def outsider_version(dawg: bytes, coimbra_json: bytes) -> str:
    """docs/replay-link.md "Word-list versions": SHA-256 of DAWG, NUL, sorted keys joined by LF."""
    words = "\n".join(sorted(json.loads(coimbra_json.decode("utf-8")))).encode("utf-8")
    return hashlib.sha256(dawg + b"\0" + words).hexdigest()[:10]


def test_an_outsider_reads_the_worked_example_link_as_the_doc_says():
    text = doc_text("replay-link.md")
    link, length = re.search(r"(https://atorre\.pt/repeticao/#(\S+)) \((\d+) characters\)", text).group(1, 3)
    assert len(link) == int(length)
    code = link.split("#")[1]
    fields = outsider_fixed_fields(code)
    digits = re.search(r"`([^`]+)`: N, (\d+) base64url digits", text)
    assert digits.group(1) == code[1:-4] and int(digits.group(2)) == fields["digits"]
    crc = re.search(r"`(\w{4})`: CRC-24 of `([^`]+)` = 0x([0-9a-f]{6})", text)
    assert crc.group(1) == code[-4:] and crc.group(2) == code[:-4]
    assert int(crc.group(3), 16) == outsider_crc24(code[:-4])
    stated = re.search(r"Fixed fields: day (\d+) \(of 32768\) = (\S+); version (\d+) = `(\w+)`; "
                       r"floor 1 \+ 1 = (\d); total (\d+)", text).groups()
    assert stated == (str(fields["day"]), fields["date"], str(int(fields["version"], 16)),
                      fields["version"], str(fields["floor"]), str(fields["total"]))


def test_the_share_text_example_agrees_with_its_link_and_its_word_list(built_dist: Path):
    text = (DOCS / "replay-link.md").read_text(encoding="utf-8")
    section = text[text.index("## The share text"):]
    lines = [line.strip() for line in section.split("```")[0].splitlines() if line.startswith("    ")]
    fields = outsider_fixed_fields(lines[-1].split("#")[1])
    day, month, year = re.fullmatch(r"A Torre · (\d\d)/(\d\d)/(\d{4})", lines[0]).groups()
    assert fields["date"] == f"{year}-{month}-{day}"
    floor, total = map(int, re.fullmatch(r"Cheguei ao (\d)\.º andar com (\d+) pontos\.", lines[1]).groups())
    assert (floor, total) == (fields["floor"], fields["total"])
    floors = [re.fullmatch(r"(\d)\.º andar (🟩|🟥) (\d+)/(\d+)( \S+)?", line) for line in lines[2:2 + floor]]
    assert sum(int(m.group(3)) for m in floors) == total
    assert re.fullmatch(r"Par do dia: (\d\.º andar|torre toda), \d+ pontos", lines[-2])
    assert "`🏆 Subi a torre toda com T pontos.`" in section
    assert f"with word list `{fields['version']}`" in section
    versoes = built_dist / "versoes"
    assert outsider_version((versoes / f"{fields['version']}.dawg").read_bytes(),
                            (versoes / f"{fields['version']}.coimbra.json").read_bytes()) == fields["version"]


def test_an_outsider_finds_every_word_list_version_by_the_doc_s_hash(built_dist: Path):
    """The page's data-versao is the hash of palavras.dawg and coimbra.json; each
    versoes/<v> pair hashes to <v>."""
    text = doc_text("replay-link.md")
    assert ("the first 10 hex digits (lowercase) of the SHA-256 of the DAWG file's bytes, one NUL "
            "byte (`00`), and the Coimbra words joined by LF (`\\n`, none after the last): their "
            "folded spellings (the keys of `coimbra.json`), sorted by code point, in UTF-8") in text
    current = outsider_version((built_dist / "palavras.dawg").read_bytes(),
                               (built_dist / "coimbra.json").read_bytes())
    assert page_attribute(built_dist, "data-versao") == current
    versions = sorted(p.name[:-len(".dawg")] for p in (built_dist / "versoes").glob("*.dawg"))
    assert current in versions and len(versions) >= 3
    for version in versions:
        pair = [(built_dist / "versoes" / f"{version}{ext}").read_bytes() for ext in (".dawg", ".coimbra.json")]
        assert outsider_version(*pair) == version


def shared_state_firsts(edges, shared_edges: int) -> list[int]:
    firsts, first = [], 0
    for i in range(shared_edges):
        if edges[i] >> 5 & 1:
            firsts.append(first)
            first = i + 1
    return firsts


def test_every_figure_the_dawg_doc_gives_of_today_s_file_is_the_build_s(built_dist: Path):
    """The figures of "Checks", "Writing the same bytes" and the shared-state index
    (the measurement tables of earlier lists say which list they were made on)."""
    text = doc_text("dawg-format.md")
    data = (built_dist / "palavras.dawg").read_bytes()
    dawg = Dawg(data)
    edge_count, shared, shared_edges = dawg.header.edges, dawg.header.shared_states, dawg.header.shared_edges
    blocks = -(-edge_count // 1024)
    start = 64 + 4 * blocks
    edges = data[start:]
    compressed = len(brotli.compress(data, quality=11))
    without_table = len(brotli.compress(data[:64] + edges, quality=11))
    table_256 = b"".join(struct.pack("<I", zlib.crc32(edges[1024 * b:1024 * (b + 1)]))
                         for b in range(-(-edge_count // 256)))
    with_256 = len(brotli.compress(data[:64] + table_256 + edges, quality=11))
    table = re.search(r"today's file is ([\d,]+) bytes with (\d+) blocks, a block table of (\d+) bytes "
                      r"that costs (\d+) bytes after brotli .*?; blocks of 256 edges would make it "
                      r"(\d+) bytes, (\d+) bytes more after brotli", text)
    assert table, "docs/dawg-format.md lost its sentence on the block table"
    assert [number(v) for v in table.groups()] == [
        len(data), blocks, 4 * blocks, compressed - without_table, len(table_256), with_256 - compressed]

    ties = re.search(r"on today's list ([\d,]+) of the ([\d,]+) shared states are in a tie group", text)
    builder = Builder()
    for word, flags in merge_words((built_dist / "palavras.txt").read_text(encoding="utf-8").split(),
                                   json.loads((built_dist / "coimbra.json").read_text(encoding="utf-8"))):
        builder.add(word, flags)
    incoming = shared_incoming(builder.finish())
    groups = Counter(incoming)
    assert [number(v) for v in ties.groups()] == [
        sum(n for n in groups.values() if n > 1), len(incoming)] and len(incoming) == shared

    index = struct.pack(f"<{shared}I", *shared_state_firsts(dawg.records, shared_edges))
    stored = re.search(r"storing it instead, as K uint32 first-edge indexes between the block table "
                       r"and the edges, would cost ([\d,]+) bytes after brotli on today's file", text)
    assert stored, "docs/dawg-format.md lost its sentence on the shared-state index"
    assert number(stored.group(1)) == len(brotli.compress(data[:start] + index + edges, quality=11)) - compressed


def shared_incoming(root) -> list[int]:
    """The incoming edge counts of the shared states (two or more), one per state."""
    seen, states, pending = set(), [], [root]
    while pending:
        state = pending.pop()
        if id(state) in seen or not state.edges:
            continue
        seen.add(id(state))
        states.append(state)
        pending += [target for _, target in state.edges.values()]
    incoming = Counter(id(target) for state in states for _, target in state.edges.values())
    return [incoming[id(s)] for s in states if incoming[id(s)] >= 2]


NAME_PUNCTUATION = set(" -'’") | {"\u200d", "\ufe0f"}


def outsider_name(fragment: str) -> tuple[str, str | None]:
    """A challenge fragment read from docs/replay-link.md "The name" alone: (code, name or None)."""
    code, _, coded = fragment.partition("~")
    if not coded or not re.fullmatch(r"[A-Za-z0-9_-]+", coded):
        return code, None
    try:
        name = base64.urlsafe_b64decode(coded + "=" * (-len(coded) % 4)).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return code, None
    emoji = lambda c: ord(c) >= 0x1F000 or 0x2600 <= ord(c) <= 0x27BF  # noqa: E731 (enough for the examples)
    allowed = all(unicodedata.category(c)[0] in "LMN" or c in NAME_PUNCTUATION or emoji(c) for c in name)
    ok = (allowed and name == unicodedata.normalize("NFC", name) and name == name.strip() and "  " not in name
          and len(name) <= 16 and len(name.encode()) <= 32)
    return code, name if ok else None


def test_an_outsider_reads_and_writes_the_name_of_a_challenge_link_as_the_doc_says():
    doc = (DOCS / "replay-link.md").read_text(encoding="utf-8")
    section = doc[doc.index("### The name"):doc.index("### The day's table")]
    link = re.search(r"`(https://atorre\.pt/desafio/#[^`]+)`", section)[1]
    code, name = outsider_name(link.split("#", 1)[1])
    assert name == "João" and code in doc.split("### The name")[0], "the example's code is the doc's own"
    examples = re.findall(r"`(\w+)` (?:\(`[0-9A-F ]+`\) )?is `([\w-]+)`", section)
    assert len(examples) == 2, examples
    for example, coded in examples:
        assert outsider_name(f"{code}~{coded}")[1] == example
    for hostile in ("<b>", "a.pt", "x\u202ey", "\ufeffAna", "Abcdefghijklmnopq"):
        coded = base64.urlsafe_b64encode(hostile.encode()).decode().rstrip("=")
        assert outsider_name(f"{code}~{coded}")[1] is None, hostile


# --- the engine's doc: scoring and the shuffle ------------------------------------------

VECTORS = ROOT / "tests" / "vectors"


def test_no_doc_sends_the_reader_to_a_file_outside_the_project_for_a_rule():
    """RULES.md is the brief the project was built from, not a file of this repository."""
    for doc in sorted(DOCS.glob("*.md")):
        text = doc_text(doc.name)
        assert not re.search(r"RULES\.md (?:steps|\")", text), doc.name
        assert "leaves room)" not in text, doc.name


def test_the_scoring_steps_name_the_constants_and_their_examples_are_scoring_vectors(built_dist: Path):
    text = (DOCS / "engine.md").read_text(encoding="utf-8")
    section = text[text.index("## Scoring a play"):text.index("## The shuffle")]
    constants = json.loads((built_dist / "constantes.json").read_text(encoding="utf-8"))
    trunfo = {t["id"]: t for t in constants["trunfos"]}
    dobro = next(h for h in constants["helps"] if h["id"] == "dobro")
    for stated, real in ((r"`bingo\.bonus` \((\d+)\) when the play placed `bingo\.tiles` \((\d+)\)",
                          (constants["bingo"]["bonus"], constants["bingo"]["tiles"])),
                         (r"\+ `coimbra_bonus` \((\d+)\).*?`coimbra_bonus` \((\d+)\)",
                          (constants["coimbra_bonus"], trunfo["fitas"]["coimbra_bonus"])),
                         (r"the trunfo's `bonus` \((\d+)\) for each word formed of\s+at least `min_length` \((\d+)\)",
                          (trunfo["serenata"]["bonus"], trunfo["serenata"]["min_length"])),
                         (r"`first_play_multiplier` \((\d+)\).*?`multiplier` \((\d+)\)",
                          (trunfo["latada"]["first_play_multiplier"], dobro["multiplier"])),
                         (r"`corner_multiplier`, ×(\d+)", (trunfo["cabra"]["corner_multiplier"],))):
        found = re.search(stated, section, re.DOTALL)
        assert found and tuple(map(int, found.groups())) == real, stated
    cases = {case["name"]: case for case in json.loads((VECTORS / "scoring.json").read_text(encoding="utf-8"))["cases"]}
    rows = re.findall(r"^\| `([^`]+)` \| (.+) \| (\d+) \|$", section, re.MULTILINE)
    assert len(rows) >= 4
    for name, _play, points in rows:
        assert cases[name]["expect"]["points"] == int(points), name
    bonus = cases["a word multiplier does not multiply the coimbra bonus"]["expect"]
    assert bonus["points"] == bonus["words"][0]["points"] + bonus["bonuses"]["coimbra"]


def outsider_fnv1a(text: str) -> int:
    """docs/engine.md "The shuffle": 32-bit FNV-1a over the UTF-16 code units."""
    h = 0x811C9DC5
    units = text.encode("utf-16-le")
    for i in range(0, len(units), 2):
        h = ((h ^ int.from_bytes(units[i:i + 2], "little")) * 0x01000193) % 2 ** 32
    return h


def outsider_generator(seed: int):
    """splitmix32 as docs/engine.md "The shuffle" writes it."""
    state = seed
    while True:
        state = (state + 0x9E3779B9) % 2 ** 32
        z = state
        z = ((z ^ (z >> 16)) * 0x85EBCA6B) % 2 ** 32
        z = ((z ^ (z >> 13)) * 0xC2B2AE35) % 2 ** 32
        yield z ^ (z >> 16)


def outsider_below(outputs, k: int) -> int:
    limit = (2 ** 32 // k) * k
    while True:
        value = next(outputs)
        if value < limit:
            return value % k


def outsider_shuffle(items: list, seed: str) -> tuple[list, list[int]]:
    outputs, items, draws = outsider_generator(outsider_fnv1a(seed)), list(items), []
    for i in range(len(items) - 1, 0, -1):
        j = outsider_below(outputs, i + 1)
        draws.append(j)
        items[i], items[j] = items[j], items[i]
    return items, draws


def shuffle_vectors() -> list[dict]:
    return json.loads((VECTORS / "shuffle.json").read_text(encoding="utf-8"))["cases"]


def test_an_outsider_shuffles_as_the_engine_does_from_the_doc_alone():
    for case in shuffle_vectors():
        h = outsider_fnv1a(case["seed"])
        assert f"{h:08x}" == case["hash"], case["seed"]
        outputs = outsider_generator(h)
        assert [next(outputs) for _ in case["outputs"]] == case["outputs"]
        shuffled, draws = outsider_shuffle(list(case["hand"]), case["seed"])
        assert draws == case["draws"] and "".join(shuffled) == case["shuffled"]


ENGINE_SHUFFLE = """
import { readFileSync } from "node:fs";
import { hashString, makeGenerator, shuffled } from "./site_src/js/engine/rng.js";
import { apply, newRun } from "./site_src/js/engine/index.js";
const [vectors, dist] = process.argv.slice(1);
const out = JSON.parse(readFileSync(vectors, "utf8")).cases.map((c) => {
  const next = makeGenerator(hashString(c.seed));
  return { hash: hashString(c.seed).toString(16).padStart(8, "0"), outputs: c.outputs.map(() => next()),
           shuffled: shuffled([...c.hand], c.seed).join("") };
});
const day = JSON.parse(readFileSync(`${dist}/dias/2026-12-01.json`, "utf8"));
const run = newRun(day, JSON.parse(readFileSync(`${dist}/constantes.json`, "utf8")));
const after = apply(run, { type: "shuffle" }, null).state;
console.log(JSON.stringify({ out, first: run.hand.map((t) => t.letter).join(""), after: after.hand.map((t) => t.letter).join("") }));
"""


def test_the_shuffle_vectors_are_the_engine_s_and_the_doc_quotes_the_first(built_dist: Path):
    done = subprocess.run(["node", "--input-type=module", "-e", ENGINE_SHUFFLE, str(VECTORS / "shuffle.json"),
                           str(built_dist)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    engine = json.loads(done.stdout)
    for case, real in zip(shuffle_vectors(), engine["out"]):
        assert (case["hash"], case["outputs"], case["shuffled"]) == (real["hash"], real["outputs"], real["shuffled"])
    first = shuffle_vectors()[0]
    assert first["seed"] == "a-torre/2026-12-01/1/shuffle/0"
    assert (engine["first"], engine["after"]) == (first["hand"], first["shuffled"]), "the day's first shuffle"
    text = doc_text("engine.md")
    assert (f"the seed `{first['seed']}`, the hash `0x{first['hash']}`, the outputs "
            + ", ".join(map(str, first["outputs"])) + ", …, the draws j = " + ", ".join(map(str, first["draws"]))) in text
    assert f"turns the first hand {' '.join(first['hand'])} into {' '.join(first['shuffled'])}" in text


def test_the_replay_doc_states_what_an_outsider_had_to_guess():
    """The CRC's parameters and digit order, the exchange's coding (the blank in its radix, the
    first tile of each letter, in the order returned), and the floor of a run stopped at a trunfo."""
    text = doc_text("replay-link.md")
    assert "initial value 0xB704CE, generator 0x1864CFB, no reflection, no final XOR" in text
    assert outsider_crc24("") == 0xB704CE
    assert "written most significant digit first: bits 23–18, 17–12, 11–6, then 5–0 of the CRC" in text
    assert "`count − 1` (radix: the tiles in hand, a blank included)" in text
    assert "a blank included, although a blank is never chosen" in text
    assert "it codes the **first** tile of the canonical hand (below), not yet chosen and not a blank" in text
    assert "in the order the tiles went back to the bag" in text
    example = re.search(r"with the hand ((?:[A-Z] ){7}[A-Z]), returning the second A and then T is coded as "
                        r"exchange \((\d), (\d)\), count − 1 \((\d), (\d)\), then A as the first A \((\d), (\d)\) and T "
                        r"among the 7 left, ((?:[A-Z] ){6}[A-Z]) \((\d), (\d)\)", text)
    hand = example.group(1).split()
    helps = len(HELPS)
    left = hand[:hand.index("A")] + hand[hand.index("A") + 1:]
    assert [int(v) for v in example.groups()[1:7]] == [2 + helps, helps + 4, 1, 8, hand.index("A"), 8]
    assert example.group(8).split() == left and [int(v) for v in example.groups()[8:]] == [left.index("T"), 7]
    assert "its floor field is that of the floor it climbed **to** (as `summary`'s `floorReached`)" in text
