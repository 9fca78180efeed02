"""The game's word list: both dictionaries expanded, filtered, merged, traced.

RULES.md "Words": a form enters the list only if it is all lowercase (no
proper nouns or acronyms), has no dot (abbreviations), hyphen, apostrophe or
digit, and, with accents folded by unidecode (Ç → C) and put in uppercase, is
2–7 letters of A–Z without K, W or Y. Both spellings are merged; every word
keeps each (dictionary, .dic line, stem, rules, accented form) that made it.
"""
from __future__ import annotations

import gc
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from unidecode import unidecode

from .constants import WORD_MAX_LENGTH, WORD_MIN_LENGTH
from .hunspell import AffixEntry, Expander, read_aff, read_dic
from .sources import DictionarySource, write_atomic

Progress = Callable[[Iterable, str, int], object]  # click.progressbar-like factory
PLAYABLE = re.compile(f"[A-JL-VXZ]{{{WORD_MIN_LENGTH},{WORD_MAX_LENGTH}}}")
# The filters, in the order they are tried; a form is counted under the first it fails.
FILTERS = {
    "capitalised": "is capitalised (a proper noun or an acronym)",
    "abbreviation": "is an abbreviation (has a dot, or ABR= in the .dic entry)",
    "hyphen": "has a hyphen",
    "apostrophe": "has an apostrophe",
    "digit": "has a digit",
    "other_character": "has a character that is not a letter",
    "too_short": f"is shorter than {WORD_MIN_LENGTH} letters",
    "too_long": f"is longer than {WORD_MAX_LENGTH} letters",
    "k_w_y": "has K, W or Y (no tile spells them)",
}
DIGIT = re.compile(r"\d")
ABBREVIATION = re.compile(r"\bABR=(?!0)")
FILES = ("palavras.txt", "palavras-origem.tsv", "LICENCA-palavras.txt", "palavras-stats.json")
TSV_HEADER = "palavra\tdicionario\tlinha_dic\tradical\tregras\tforma\n"


class Origin(NamedTuple):
    """One way a word comes out of a dictionary (a tuple: there are ~100k)."""

    dictionary: str
    dic_name: str
    aff_name: str
    line: int
    stem: str
    rules: tuple[AffixEntry, ...]
    form: str

    def rules_text(self) -> str:
        """``SFX p pt_PT.aff:64 + PFX R pt_PT.aff:24`` (innermost first), or ``-``."""
        return rules_text(self.aff_name, self.rules)


@lru_cache(maxsize=1 << 16)
def rules_text(aff_name: str, rules: tuple[AffixEntry, ...]) -> str:
    return " + ".join(f"{r.kind} {r.flag} {aff_name}:{r.line}" for r in rules) or "-"


@dataclass
class WordList:
    words: list[str]
    origins: dict[str, list[Origin]]
    stats: dict
    near_misses: dict[str, list[tuple[str, Origin]]] = field(default_factory=dict)


class FoldTable(dict):
    """unidecode as a str.translate table, filled on demand.

    unidecode maps each code point on its own, so folding character by
    character gives the same text as folding the whole string, only faster.
    """

    def __missing__(self, code: int) -> str:
        value = self[code] = unidecode(chr(code))
        return value


class Folder:
    def __init__(self):
        self.table = FoldTable()

    def __call__(self, text: str) -> str:
        return text.translate(self.table)


def classify(form: str, fold: Folder) -> tuple[str | None, str]:
    """(first filter the form fails or None, its folded uppercase spelling).

    Abbreviations without a dot are caught per entry (is_abbreviation)."""
    folded = form.translate(fold.table).upper()
    if PLAYABLE.fullmatch(folded) and form == form.lower():
        return None, folded
    if form != form.lower():
        return "capitalised", folded
    if "." in form:
        return "abbreviation", folded
    if "-" in form:
        return "hyphen", folded
    if "'" in form or "’" in form:
        return "apostrophe", folded
    if DIGIT.search(form):
        return "digit", folded
    if not folded.isascii() or not folded.isalpha():
        return "other_character", folded
    if len(folded) < WORD_MIN_LENGTH:
        return "too_short", folded
    if len(folded) > WORD_MAX_LENGTH:
        return "too_long", folded
    return "k_w_y", folded


def is_abbreviation(morph: str) -> bool:
    """Natura marks abbreviations without a dot (``sr``, ``pág``) with ABR=1."""
    return ABBREVIATION.search(morph) is not None


def letters_key(folded: str) -> str:
    """What a player would type for a form: its letters only."""
    return re.sub(r"[^A-Z]", "", folded)


def can_prune(aff, dic, fold: Folder) -> bool:
    """Pruning by length is exact only if no character folds to nothing."""
    if aff.OCONV:
        return False
    chars = {c for entry in dic.entries for c in entry.stem}
    chars |= {c for cls in (*aff.PFX.values(), *aff.SFX.values())
              for e in cls.entries for c in e.add}
    return all(fold(c) for c in chars)


def build_word_list(sources: list[DictionarySource], progress: Progress | None = None,
                    *, watch: str | None = None) -> WordList:
    """Expand, filter and merge the dictionaries (see the module docstring).

    ``watch``: the letters of a word whose rejected look-alikes to keep (for
    `why`); forms a little longer than it are then spelled out too.
    """
    collector = Collector(watch)
    with paused_gc():
        per_dictionary = {source.id: collector.add(source, progress) for source in sources}
    origins = collector.origins
    words = sorted(origins)
    rank = {s.id: i for i, s in enumerate(sources)}
    for word in words:
        if len(origins[word]) > 1:
            origins[word].sort(key=lambda o: (rank[o.dictionary], o.line, o.rules_text(), o.form))
    stats = make_stats(words, origins, collector.removed, per_dictionary, list(rank))
    near = collector.near
    return WordList(words, origins, stats, {k: near[k] for k in sorted(near)})


@contextmanager
def paused_gc():
    """No cyclic garbage collection while ~500,000 tuples are made and kept.

    The build creates no reference cycles; the collector would only rescan
    the growing heap again and again (a third of the step's time).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class Collector:
    """Sorts every form of every dictionary into the list or a filter's bin."""

    def __init__(self, watch: str | None):
        self.watch = watch
        self.fold = Folder()
        self.decisions: dict[str, tuple[str | None, str]] = {}
        self.origins: dict[str, list[Origin]] = {}
        self.removed: dict[str, set[str]] = {reason: set() for reason in FILTERS}
        self.near: dict[str, list[tuple[str, Origin]]] = {}

    def add(self, source: DictionarySource, progress: Progress | None) -> dict:
        aff = read_aff(source.aff_path)
        dic = read_dic(source.dic_path, aff, source.tolerated_entries)
        # For `why`, room for the letters asked about plus a few hyphens or dots.
        limit = max(WORD_MAX_LENGTH, len(self.watch) + 3 if self.watch else 0)
        expander = Expander(aff, limit if can_prune(aff, dic, self.fold) else None)
        forbidden = expander.forbidden_words(dic.entries)
        names = (source.id, source.dic_path.name, source.aff_path.name)
        abbreviations = {e.line for e in dic.entries if "ABR=" in e.morph and is_abbreviation(e.morph)}
        decisions, origins, fold = self.decisions, self.origins, self.fold
        new_origin = tuple.__new__  # Origin(...) without the Python-level __new__: ~100k of them
        generated, words_here = 0, set()
        bar = progress(dic.entries, f"expanding {source.id}", len(dic.entries)) \
            if progress else nullcontext(dic.entries)
        with bar as entries:
            for entry, form, rules in expander.expand_entries(entries, forbidden):
                generated += 1
                decision = decisions.get(form)
                if decision is None:
                    decision = decisions[form] = classify(form, fold)
                reason, folded = decision
                if reason is None and entry.line in abbreviations:
                    reason = "abbreviation"
                if reason is None:
                    words_here.add(folded)
                    origin = new_origin(Origin, (*names, entry.line, entry.stem, rules, form))
                    found = origins.get(folded)
                    if found is None:
                        origins[folded] = [origin]
                    else:
                        found.append(origin)
                else:
                    self.removed[reason].add(form)
                    if self.watch is not None and letters_key(folded) == self.watch:
                        self.near.setdefault(form, []).append(
                            (reason, Origin(*names, entry.line, entry.stem, rules, form)))
        return {"entries": len(dic.entries), "forms_generated": generated,
                "words": len(words_here), "pruned": expander.max_length is not None}


def make_stats(words, origins, removed, per_dictionary, ids) -> dict:
    by_spelling: Counter[str] = Counter()
    for word in words:
        found = {o.dictionary for o in origins[word]}
        by_spelling["both" if len(found) == len(ids) > 1 else "only_" + "+".join(
            i for i in ids if i in found)] += 1
    return {
        "words": len(words),
        "by_length": {str(n): c for n, c in sorted(Counter(map(len, words)).items())},
        "by_spelling": dict(sorted(by_spelling.items())),
        "dictionaries": per_dictionary,
        "removed_forms": {reason: len(forms) for reason, forms in removed.items()},
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
        "palavras.txt": "".join(f"{w}\n" for w in word_list.words),
        "palavras-origem.tsv": TSV_HEADER + "".join(
            f"{w}\t{o.dictionary}\t{o.line}\t{o.stem}\t{o.rules_text()}\t{o.form}\n"
            for w in word_list.words for o in word_list.origins[w]),
        "LICENCA-palavras.txt": licence_text(sources, len(word_list.words)),
        "palavras-stats.json": json.dumps(word_list.stats, indent=2, ensure_ascii=False,
                                          sort_keys=True) + "\n",
    }
    written = []
    for name in FILES:
        write_atomic(out_dir / name, contents[name].encode("utf-8"))
        written.append(out_dir / name)
    return written


def licence_text(sources: list[DictionarySource], count: int) -> str:
    authors = list(dict.fromkeys(a for s in sources for a in s.authors))  # in order, once
    lines = [
        "Lista de palavras de A Torre (palavras.txt, palavras-origem.tsv, palavras-stats.json)",
        "",
        f"Estas {count} palavras são uma obra derivada dos dicionários Hunspell de português",
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
        "Dicionários usados (ficheiros exatos):",
    ]
    for s in sources:
        lines += ["", f"  {s.id}: {s.release} ({s.spelling})", f"    a montante (upstream): {s.url}"]
        if s.obtained_from:
            lines.append(f"    obtido de: {s.obtained_from}")
        lines += [f"    Licença: {s.licence}",
                  f"    {s.aff_path.name}  SHA-256 {s.aff_sha256}",
                  f"    {s.dic_path.name}  SHA-256 {s.dic_sha256}"]
    return "\n".join(lines) + "\n"


def explain_word(word: str, sources: list[DictionarySource],
                 progress: Progress | None = None) -> list[str]:
    """Lines for `torre words why`: where a word comes from, or why it is missing."""
    query = Folder()(word.strip()).upper()
    word_list = build_word_list(sources, progress, watch=letters_key(query))
    if query in word_list.origins:
        return [f"{query} is in the list:"] + [describe(o) for o in word_list.origins[query]]
    lines = [f"{query} is not in the list."]
    if word_list.near_misses:
        lines.append("Dictionary forms that spell it, and why they were left out:")
        for form, misses in word_list.near_misses.items():
            reasons = sorted({FILTERS[reason] for reason, _ in misses})
            lines.append(f"  {form}: {'; '.join(reasons)}")
            lines += [f"  {describe(o)}" for _, o in misses[:3]]
    elif query != letters_key(query) or not (WORD_MIN_LENGTH <= len(query) <= WORD_MAX_LENGTH):
        lines.append(f"  The game takes only words of {WORD_MIN_LENGTH} to {WORD_MAX_LENGTH} "
                     "letters A to Z (no K, W, Y).")
    else:
        lines.append("  Neither dictionary produces it.")
    return lines


def describe(o: Origin) -> str:
    return f"  {o.dictionary}  {o.dic_name}:{o.line}  {o.stem}  {o.rules_text()}  → {o.form}"
