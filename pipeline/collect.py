"""Both dictionaries read, traced in two processes, and their findings merged.

Tracing (pipeline.trace) is the step's bulk, so it is split: each process
takes one part of every dictionary's entries, the parts cut at the same stem
in every dictionary, so that an entry both dictionaries share is expanded in
one process only. A word's lines are then joined back in the file's order:
dictionary by dictionary (ao90 first), and within one, part by part (the
parts follow the .dic). With progress bars, one process traces everything.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from itertools import accumulate

from .constants import WORD_MAX_LENGTH
from .filters import FILTERS, Folder, entry_filter
from .forked import run_side_by_side
from .hunspell import AffixFile, DicEntry, DicFile, Expander, read_aff, read_dic
from .hunspell.shared import shared_flags
from .sources import DictionarySource
from .trace import Dictionary, Traced, Tracer

Progress = Callable[[Iterable, str, int], object]  # click.progressbar-like factory
PARTS = 2  # processes; the build machine has two cores


@dataclass
class Spelling:
    """One dictionary's share of the list."""

    ident: str
    dic_name: str
    aff_name: str
    words: set[str] = field(default_factory=set)
    stats: dict = field(default_factory=dict)  # entries, forms_generated, words, pruned


@dataclass
class Collected:
    rows: dict[str, str]  # word → its palavras-origem.tsv lines, in the file's order
    spellings: list[Spelling]
    removed: dict[str, set[str]]  # filter → the distinct forms it removed
    near: list[tuple[str, str, str]]  # (form, filter, tsv line) of rejected watched forms


def can_prune(aff: AffixFile, dic: DicFile, fold: Folder) -> bool:
    """Pruning by length is exact only if no character folds to nothing."""
    if aff.OCONV:
        return False
    chars = set("".join([entry[0] for entry in dic.entries]))  # the stems
    chars |= {c for cls in (*aff.PFX.values(), *aff.SFX.values())
              for e in cls.entries for c in e.add}
    return all(fold(c) for c in chars)


def dropped_entries(dic: DicFile) -> dict[int, str]:
    """.dic line → the filter its morphology puts the entry under (abbreviation, Roman numeral)."""
    marked = [e for e in dic.entries if "ABR=" in e.morph or "subcat=rom" in e.morph]
    return {e.line: reason for e in marked if (reason := entry_filter(e.morph))}


def read_dictionaries(sources: list[DictionarySource], limit: int,
                      fold: Folder) -> list[Dictionary]:
    """Each dictionary read, with its expander and the flags it shares with the first."""
    dictionaries: list[Dictionary] = []
    for index, source in enumerate(sources):
        aff = read_aff(source.aff_path)
        dic = read_dic(source.dic_path, aff, source.tolerated_entries)
        expander = Expander(aff, limit if can_prune(aff, dic, fold) else None)
        first = dictionaries[0].expander if dictionaries else expander
        # Shared expansion needs the same pruning: the same limit, and the same slack
        # (which the whole .aff sets, shared classes or not).
        same_pruning = (first.max_length, first.slack) == (expander.max_length, expander.slack)
        shared = shared_flags(first.aff, aff) if same_pruning else frozenset()
        dictionaries.append(Dictionary(index, source.id, dic.entries, expander, shared,
                                       expander.forbidden_words(dic.entries),
                                       dropped_entries(dic)))
    return dictionaries


def even_cuts(entries: list[DicEntry], parts: int) -> list[int]:
    """Where to cut `entries` into parts of about equal work. An entry's work grows
    with its flags (each one a class of forms to spell out and trace): cutting by
    1 + flags, not by entries, evens the two processes (0.43/0.37 s, not 0.60/0.33)."""
    work = list(accumulate(1 + len(entry[1]) for entry in entries))
    return [min(bisect_left(work, work[-1] * k / parts), len(entries) - 1) for k in range(1, parts)]


def cuts(dictionaries: list[Dictionary], parts: int) -> list[list[int]]:
    """Where each dictionary's entries are cut into parts: at the first dictionary's
    even cuts, and in the others at the same stems (else evenly)."""
    first = dictionaries[0].entries if dictionaries else []
    stems = [first[i].stem for i in even_cuts(first, parts)] if first else []
    found = []
    for d in dictionaries:
        size, inner = len(d.entries), []
        for k, stem in enumerate(stems, start=1):
            inner.append(next((i for i, entry in enumerate(d.entries) if entry[0] == stem),
                              size * k // parts))
        found.append([0, *sorted(inner), size])
    return found


def trace_part(dictionaries: list[Dictionary], bounds: list[list[int]], part: int,
               watch: frozenset[str], fold: Folder) -> Traced:
    """One part of every dictionary's entries traced (run in its own process)."""
    tracer = Tracer(dictionaries, watch, fold)
    for d, cut in zip(dictionaries, bounds):
        tracer.trace(d, d.entries[cut[part]:cut[part + 1]])
    return tracer.traced


def trace_with_bars(dictionaries: list[Dictionary], watch: frozenset[str], fold: Folder,
                    progress: Progress) -> Traced:
    tracer = Tracer(dictionaries, watch, fold)
    for d in dictionaries:
        with progress(d.entries, f"expanding {d.ident}", len(d.entries)) as entries:
            tracer.trace(d, entries)
    return tracer.traced


def merge(sources: list[DictionarySource], dictionaries: list[Dictionary],
          parts: list[Traced]) -> Collected:
    """The parts' findings as one: each word's lines by dictionary, then by part."""
    rows: dict[str, str] = {}
    spellings, near = [], []
    for source, d in zip(sources, dictionaries):
        spelling = Spelling(source.id, source.dic_path.name, source.aff_path.name)
        for traced in parts:
            for word, text in traced.rows[d.index].items():
                found = rows.get(word)
                rows[word] = text if found is None else found + text
            spelling.words.update(traced.rows[d.index])
            near += traced.near[d.index]
        spelling.stats = {"entries": len(d.entries), "words": len(spelling.words),
                          "forms_generated": sum(t.generated[d.index] for t in parts),
                          "pruned": d.expander.max_length is not None}
        spellings.append(spelling)
    removed = {reason: set().union(*(t.removed[reason] for t in parts)) for reason in FILTERS}
    return Collected(rows, spellings, removed, near)


def collect(sources: list[DictionarySource], watch: frozenset[str] = frozenset(),
            progress: Progress | None = None) -> Collected:
    """Read, expand, filter and trace the dictionaries (see the module docstring).

    ``watch``: letters of words whose rejected look-alikes to keep (for `why`);
    forms a little longer than the longest are then spelled out too.
    """
    fold = Folder()
    limit = max(WORD_MAX_LENGTH, max(map(len, watch), default=0) + 3)
    dictionaries = read_dictionaries(sources, limit, fold)
    if progress is not None:
        return merge(sources, dictionaries, [trace_with_bars(dictionaries, watch, fold, progress)])
    bounds = cuts(dictionaries, PARTS)
    jobs = [partial(trace_part, dictionaries, bounds, part, watch, fold) for part in range(PARTS)]
    return merge(sources, dictionaries, run_side_by_side(jobs))
