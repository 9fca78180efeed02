"""One dictionary expanded and every form sorted into the list or a filter's bin.

This runs once per dictionary, the two side by side in two processes
(pipeline.forked), so what it returns is plain data that crosses a pipe
quickly: for each word, its lines of palavras-origem.tsv already written out
(one string per word), not one object per form. Speed matters here (the
benchmark holds this step to Hunspell's own `unmunch`): the loop below makes
one string per accepted form and nothing else.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import nullcontext
from dataclasses import dataclass

from .constants import WORD_MAX_LENGTH
from .filters import FILTERS, PLAYABLE, Folder, failed_filter, is_abbreviation, letters_key
from .hunspell import AffixFile, DicEntry, DicFile, Expander, convert, read_aff, read_dic
from .sources import DictionarySource

Progress = Callable[[Iterable, str, int], object]  # click.progressbar-like factory


@dataclass
class DictionaryResult:
    ident: str
    dic_name: str
    aff_name: str
    lines: dict[str, str]  # folded word → its palavras-origem.tsv lines from here, in order
    removed: dict[str, set[str]]  # filter → the distinct forms it removed
    stats: dict  # entries, forms_generated, words, pruned
    near: list[tuple[str, str, str]]  # (form, filter, tsv line) of rejected watched forms

    # Through a pipe, ~100,000 small strings cost more than the work that made
    # them; joined into a few long ones (split again in C) they cross in ~10 ms.
    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["lines"] = (SEPARATOR.join(self.lines), SEPARATOR.join(self.lines.values()))
        state["removed"] = {reason: SEPARATOR.join(forms) for reason, forms in self.removed.items()}
        return state

    def __setstate__(self, state: dict) -> None:
        words, texts = state["lines"]
        state["lines"] = dict(zip(split(words), split(texts)))
        state["removed"] = {reason: set(split(forms)) for reason, forms in state["removed"].items()}
        self.__dict__.update(state)


SEPARATOR = "\0"  # in no word, form or .dic line (the reader would have refused it)


def split(joined: str) -> list[str]:
    return joined.split(SEPARATOR) if joined else []


def can_prune(aff, dic, fold: Folder) -> bool:
    """Pruning by length is exact only if no character folds to nothing."""
    if aff.OCONV:
        return False
    chars = set("".join(entry.stem for entry in dic.entries))
    chars |= {c for cls in (*aff.PFX.values(), *aff.SFX.values())
              for e in cls.entries for c in e.add}
    return all(fold(c) for c in chars)


class RuleTexts(dict):
    """Rules tuple → ``SFX p pt_PT.aff:64 + PFX R pt_PT.aff:24`` (innermost first), or ``-``."""

    def __init__(self, aff_name: str):
        super().__init__()
        self.aff_name = aff_name

    def __missing__(self, rules: tuple) -> str:
        text = " + ".join(f"{r.kind} {r.flag} {self.aff_name}:{r.line}" for r in rules) or "-"
        self[rules] = text
        return text


def row_order(row: str) -> tuple[int, str, str]:
    """Sort key of one dictionary's rows for a word: .dic line, rules, form."""
    _, _, line, _, rules, form = row.split("\t")
    return int(line), rules, form


class FormSorter:
    """Puts each form of a dictionary in the list (as its palavras-origem.tsv line) or
    in the bin of the first filter it fails; the hot loop of the word-list step."""

    def __init__(self, ident: str, aff: AffixFile, watch: frozenset[str], fold: Folder):
        self.ident, self.watch, self.fold, self.oconv = ident, watch, fold, aff.OCONV
        self.texts = RuleTexts(aff.path.name)
        self.rows: dict[str, list[str]] = {}
        self.removed: dict[str, set[str]] = {reason: set() for reason in FILTERS}
        self.near: list[tuple[str, str, str]] = []
        self.generated = 0

    def sort(self, entries: Iterable[DicEntry], expander: Expander, forbidden: set[str],
             abbreviations: set[int]) -> None:
        rows, texts, expand, oconv = self.rows, self.texts, expander.expand, self.oconv
        upper, playable = self.fold.upper_table, PLAYABLE.fullmatch
        generated = 0
        for entry in entries:
            middle = f"\t{self.ident}\t{entry.line}\t{entry.stem}\t"
            abbreviation = entry.line in abbreviations
            for form, rules in expand(entry.stem, entry.flags):
                if oconv:
                    form = convert(oconv, form)
                if forbidden and form in forbidden:
                    continue
                generated += 1
                # unidecode leaves ASCII as it is; str.upper is far cheaper than translate
                folded = form.upper() if form.isascii() else form.translate(upper)
                if playable(folded) and form == form.lower() and not abbreviation:
                    found = rows.get(folded)
                    row = f"{folded}{middle}{texts[rules]}\t{form}\n"
                    if found is None:
                        rows[folded] = [row]
                    else:
                        found.append(row)
                    continue
                self.reject(form, folded, middle, rules, abbreviation)
        self.generated += generated

    def reject(self, form: str, folded: str, middle: str, rules: tuple,
               abbreviation: bool) -> None:
        """A form the fast test refused: the filter it fails first, else its entry's ABR=."""
        passes = abbreviation and PLAYABLE.fullmatch(folded) and form == form.lower()
        reason = "abbreviation" if passes else failed_filter(form, folded)
        self.removed[reason].add(form)
        if self.watch and letters_key(folded) in self.watch:
            self.near.append((form, reason, f"{folded}{middle}{self.texts[rules]}\t{form}"))

    def lines(self) -> dict[str, str]:
        """Word → its rows in order (.dic line, rules, form), one string."""
        return {word: found[0] if len(found) == 1 else "".join(sorted(found, key=row_order))
                for word, found in self.rows.items()}


def abbreviation_lines(dic: DicFile) -> set[int]:
    return {e.line for e in dic.entries if "ABR=" in e.morph and is_abbreviation(e.morph)}


def collect(source: DictionarySource, watch: frozenset[str] = frozenset(),
            progress: Progress | None = None) -> DictionaryResult:
    """Expand, filter and trace one dictionary (see the module docstring).

    ``watch``: letters of words whose rejected look-alikes to keep (for `why`);
    forms a little longer than the longest are then spelled out too.
    """
    aff = read_aff(source.aff_path)
    dic = read_dic(source.dic_path, aff, source.tolerated_entries)
    fold = Folder()
    limit = max(WORD_MAX_LENGTH, max(map(len, watch), default=0) + 3)
    expander = Expander(aff, limit if can_prune(aff, dic, fold) else None)
    sorter = FormSorter(source.id, aff, watch, fold)
    bar = progress(dic.entries, f"expanding {source.id}", len(dic.entries)) \
        if progress else nullcontext(dic.entries)
    with bar as entries:
        sorter.sort(entries, expander, expander.forbidden_words(dic.entries),
                    abbreviation_lines(dic))
    lines = sorter.lines()
    stats = {"entries": len(dic.entries), "forms_generated": sorter.generated,
             "words": len(lines), "pruned": expander.max_length is not None}
    return DictionaryResult(source.id, source.dic_path.name, source.aff_path.name, lines,
                            sorter.removed, stats, sorter.near)
