"""Every example in docs/ is real: each is taken from the markdown and checked against the build.

- a fenced block whose info string is `json <path>` is an excerpt of dist/<path>:
  its line breaks are added ones, and `…` at its start, its end or both marks
  what is left out (a suffix, a prefix, or a piece of the middle);
- the worked example of docs/dawg-format.md is, byte for byte, what the builder
  makes of its five words, and its sentence of figures is the built file's;
- the example column of docs/wordlist.md is one line of palavras-origem.tsv;
- a writer made from the rules of "Writing the same bytes" alone lays out the
  real file's edges exactly.
"""
from __future__ import annotations

import re
from pathlib import Path

import brotli
import pytest

from conftest import ROOT
from pipeline.coimbra import folded_set, load_coimbra
from pipeline.constants import ALPHABET
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
