"""The game's word list: both dictionaries expanded, filtered, merged, traced.

The filters are pipeline.filters (RULES.md "Words"); pipeline.collect expands
the dictionaries, once for the entries they share. Both spellings are merged;
every word keeps each (dictionary, .dic line, stem, rules, accented form) that
made it, as its lines of palavras-origem.tsv.
"""
from __future__ import annotations

import gc
import json
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from .collect import Collected, Progress, Spelling, collect
from .constants import WORD_MAX_LENGTH, WORD_MIN_LENGTH
from .filters import (ENTRY_FILTERS, FILTERS, Folder, classify, is_abbreviation,  # noqa: F401
                      is_roman_numeral, letters_key)
from .files import write_atomic
from .record import Record
from .sources import DictionarySource

FILES = ("palavras.txt", "palavras-origem.tsv", "LICENCA-palavras.txt", "palavras-stats.json")
SPDX_DOCUMENT = "a-torre.spdx.json"  # pipeline.spdx.DOCUMENT, which the build writes beside it
TSV_HEADER = "palavra\tdicionario\tlinha_dic\tradical\tregras\tforma\n"


class Origin(NamedTuple):
    """One way a word comes out of a dictionary: one line of palavras-origem.tsv."""

    dictionary: str
    dic_name: str
    aff_name: str
    line: int
    stem: str
    rules: str  # ``SFX p pt_PT.aff:64 + PFX R pt_PT.aff:24`` (innermost first), or ``-``
    form: str

    def rules_text(self) -> str:
        return self.rules


class OriginIndex(Mapping):
    """Word → its origins, read on demand from its palavras-origem.tsv lines."""

    def __init__(self, collected: Collected, words: list[str]):
        self.collected, self.words = collected, words
        self.names = {s.ident: (s.dic_name, s.aff_name) for s in collected.spellings}

    def __getitem__(self, word: str) -> list[Origin]:
        return [self.origin(row) for row in self.collected.rows[word].splitlines()]

    def origin(self, row: str) -> Origin:
        _, ident, line, stem, rules, form = row.split("\t")
        return Origin(ident, *self.names[ident], int(line), stem, rules, form)

    def __contains__(self, word: object) -> bool:
        return word in self.collected.rows

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __len__(self) -> int:
        return len(self.words)


class WordList(Record):
    """The words, sorted; their origins; the figures of palavras-stats.json; for `why`,
    the rejected forms that spell watched words."""

    __slots__ = ("words", "origins", "stats", "near_misses")

    def __init__(self, words: list[str], origins: OriginIndex, stats: dict,
                 near_misses: dict[str, list[tuple[str, Origin]]] | None = None):
        self.words, self.origins, self.stats = words, origins, stats
        self.near_misses = {} if near_misses is None else near_misses

    def origin_text(self) -> str:
        """palavras-origem.tsv without its header: each word's lines, word by word."""
        return self.origins.collected.text()

    def origin_parts(self) -> Iterator[bytes]:
        """palavras-origem.tsv, header included, in UTF-8, part by part."""
        yield TSV_HEADER.encode("utf-8")
        for part in self.origins.collected.text_parts():
            yield part.encode("utf-8")


def build_word_list(sources: list[DictionarySource], progress: Progress | None = None,
                    *, watch: frozenset[str] = frozenset()) -> WordList:
    """Expand, filter and merge the dictionaries (see the module docstring).

    ``watch``: the letters of words whose rejected look-alikes to keep (for `why`).
    """
    with paused_gc():
        collected = collect(sources, frozenset(watch), progress)
    words = collected.words()
    origins = OriginIndex(collected, words)
    near: dict[str, list[tuple[str, Origin]]] = {}
    for form, reason, row in collected.near:
        near.setdefault(form, []).append((reason, origins.origin(row)))
    return WordList(words, origins, make_stats(words, collected),
                    {form: near[form] for form in sorted(near)})


@contextmanager
def paused_gc():
    """No cyclic garbage collection while ~200,000 strings are made and kept.

    The build creates no reference cycles; the collector would only rescan
    the growing heap again and again (a third of the step's time).

    The objects made meanwhile then go straight to the oldest generation
    (gc.freeze, then gc.unfreeze): left in the youngest, they would all be
    scanned by the first collection after it (~9 ms), for nothing.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


def spelling_counts(spellings: list[Spelling]) -> dict[str, int]:
    """How many words come from both dictionaries, and from each one only."""
    counts: dict[str, int] = {}
    for mask in range(1, 1 << len(spellings)):  # each non-empty group of dictionaries
        inside = [s.words for bit, s in enumerate(spellings) if mask >> bit & 1]
        outside = [s.words for bit, s in enumerate(spellings) if not mask >> bit & 1]
        # no copy of a whole set where one alone is inside, or none is outside
        common = inside[0].intersection(*inside[1:]) if len(inside) > 1 else inside[0]
        count = len(common.difference(*outside)) if outside else len(common)
        if count:
            idents = [s.ident for bit, s in enumerate(spellings) if mask >> bit & 1]
            name = "both" if not outside and len(inside) > 1 else "only_" + "+".join(idents)
            counts[name] = count
    return dict(sorted(counts.items()))


def make_stats(words: list[str], collected: Collected) -> dict:
    return {
        "words": len(words),
        "by_length": {str(n): c for n, c in sorted(Counter(map(len, words)).items())},
        "by_spelling": spelling_counts(collected.spellings),
        "dictionaries": {s.ident: s.stats for s in collected.spellings},
        "removed_forms": {reason: len(forms) for reason, forms in collected.removed.items()},
        "notes": {
            "removed_forms": "distinct accented forms each filter removed (a form is counted "
                             "under the first filter it fails, in this order: "
                             + ", ".join(FILTERS) + ")",
            "too_long": f"only forms spelled out; affixes that can only give forms longer "
                        f"than {WORD_MAX_LENGTH} letters are never applied",
        },
    }


def write_word_list(word_list: WordList, sources: list[DictionarySource],
                    out_dir: Path) -> list[Path]:
    """Write the four files of FILES into out_dir, each atomically."""
    out_dir = Path(out_dir)
    contents = {
        "palavras.txt": "\n".join(word_list.words) + "\n" if word_list.words else "",
        "palavras-origem.tsv": word_list.origin_parts(),
        "LICENCA-palavras.txt": licence_text(sources, len(word_list.words)),
        "palavras-stats.json": json.dumps(word_list.stats, indent=2, ensure_ascii=False,
                                          sort_keys=True) + "\n",
    }
    written = []
    for name in FILES:
        content = contents[name]
        write_atomic(out_dir / name,
                     content.encode("utf-8") if isinstance(content, str) else content)
        written.append(out_dir / name)
    return written


def grouped(n: int) -> str:
    """49132 → "49 132" (a no-break space between groups of three, as the site's pages write it)."""
    return f"{n:,}".replace(",", "\u00a0")


def licence_text(sources: list[DictionarySource], count: int) -> str:
    authors = list(dict.fromkeys(a for s in sources for a in s.authors))  # in order, once
    lines = [
        "Lista de palavras de A Torre (palavras.txt, palavras-origem.tsv, palavras-stats.json)",
        "",
        f"Estas {grouped(count)} palavras são uma obra derivada dos dicionários Hunspell de português",
        "europeu do Projecto Natura, de " + ", ".join(authors[:-1]) + " e " + authors[-1],
        "(Departamento de Informática, Universidade do Minho): são as formas que as regras de",
        "afixos desses dicionários geram, filtradas e escritas sem acentos e em maiúsculas.",
        "Como os dicionários, a lista é distribuída nos mesmos termos, à escolha de quem a usa:",
        "GNU GPL versão 2, GNU LGPL versão 2.1 ou Mozilla Public License versão 1.1",
        f"(SPDX: {sources[0].licence if sources else 'GPL-2.0-only OR LGPL-2.1-only OR MPL-1.1'}).",
        "",
        "This word list is a derived work of the Natura Hunspell dictionaries named below and",
        "is distributed under the same terms, at your choice: GPL-2.0-only OR LGPL-2.1-only",
        "OR MPL-1.1. palavras-origem.tsv traces every word to the dictionary line it comes from.",
        "",
        f"O documento SPDX {SPDX_DOCUMENT}, publicado ao lado deste ficheiro, lista cada ficheiro",
        "do site com a sua licença, o seu resumo SHA-256 e as fontes de que é feito.",
        f"The SPDX document {SPDX_DOCUMENT}, beside this file, lists every file of the site with",
        "its licence, its SHA-256 and the sources it is generated from.",
        "",
        "Dicionários usados (ficheiros exatos):",
    ]
    for s in sources:
        spelling = f", {s.spelling}" if s.spelling else ""
        lines += ["", f"  {s.id}: {s.release}{spelling}", f"    {s.url_label}: {s.url}"]
        if s.obtained_from:
            lines.append(f"    Cópia usada: {s.obtained_from}")
        lines += [f"    Licença (SPDX): {s.licence}",
                  f"    {s.aff_path.name}  SHA-256 {s.aff_sha256}",
                  f"    {s.dic_path.name}  SHA-256 {s.dic_sha256}"]
    return "\n".join(lines) + "\n"


def explain_words(words: list[str], sources: list[DictionarySource],
                  progress: Progress | None = None) -> list[list[str]]:
    """Lines for `torre words why`, one list per word; the dictionaries are expanded once."""
    return explain_words_and_list(words, sources, progress)[1]


def explain_words_and_list(words: list[str], sources: list[DictionarySource],
                           progress: Progress | None = None) -> tuple[WordList, list[list[str]]]:
    """explain_words, with the word list it built (`why` also says which words are common)."""
    queries = [Folder()(word.strip()).upper() for word in words]
    word_list = build_word_list(sources, progress,
                                watch=frozenset(letters_key(q) for q in queries))
    return word_list, [explanation(query, word_list) for query in queries]


def explain_word(word: str, sources: list[DictionarySource],
                 progress: Progress | None = None) -> list[str]:
    """Lines for one word: where it comes from, or why it is missing."""
    return explain_words([word], sources, progress)[0]


def explanation(query: str, word_list: WordList) -> list[str]:
    if query in word_list.origins:
        return ([f"{query} is in the list:"] + [describe(o) for o in word_list.origins[query]]
                + also_left_out(query, word_list))
    lines = [f"{query} is not in the list."]
    fold, key = Folder(), letters_key(query)
    misses = {form: found for form, found in word_list.near_misses.items()
              if letters_key(fold(form).upper()) == key}
    if misses:
        lines.append("Dictionary forms that spell it, and why they were left out:")
        for form, found in misses.items():
            reasons = sorted({FILTERS[reason] for reason, _ in found})
            lines.append(f"  {form}: {'; '.join(reasons)}")
            lines += [f"  {describe(o)}" for _, o in found[:3]]
    elif query != letters_key(query) or not (WORD_MIN_LENGTH <= len(query) <= WORD_MAX_LENGTH):
        lines.append(f"  The game takes only words of {WORD_MIN_LENGTH} to {WORD_MAX_LENGTH} "
                     "letters A to Z (no K, W, Y).")
    else:
        lines.append("  Neither dictionary produces it.")
    return lines


def also_left_out(query: str, word_list: WordList) -> list[str]:
    """For a word in the list: the entries spelling it that a whole-entry filter left out
    (VI is a word from *ver*, though the numeral entry vi gives nothing)."""
    fold = Folder()
    found = [(reason, o) for form, misses in word_list.near_misses.items()
             if fold(form).upper() == query for reason, o in misses if reason in ENTRY_FILTERS]
    lines = ["Entries that also spell it but give no word (the entries above give it):"]
    for reason, o in found:
        lines += [f"  {o.form}: {FILTERS[reason]}", f"  {describe(o)}"]
    return lines if found else []


def describe(o: Origin) -> str:
    return f"  {o.dictionary}  {o.dic_name}:{o.line}  {o.stem}  {o.rules_text()}  → {o.form}"
