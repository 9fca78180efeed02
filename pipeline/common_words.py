"""The common words: game words a typical player knows (issue 23).

Why: the end screen's advice and the practice mode's "Sugestão" should use
words people know. A game word is common when a form among wordfreq's 20,000
most frequent Portuguese forms folds to it the way the game folds a
dictionary form (pipeline.filters.classify); a Coimbra word is common by rule.
The Coimbra words are left out of palavras-comuns.txt, even the frequent ones:
the client already knows them (its DAWG's Coimbra flag), so the list holds
only what it could not know otherwise. The wordfreq data ships inside its
wheel: nothing is downloaded, and the pinned version makes builds repeatable.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from .errors import TorreError
from .files import write_atomic
from .filters import Folder, classify

WORDFREQ_VERSION = "3.1.1"
LANGUAGE = "pt"
TOP_N = 20_000
WORDS_FILE = "palavras-comuns.txt"
ORIGIN_FILE = "palavras-comuns-origem.tsv"
FILES = (WORDS_FILE, ORIGIN_FILE)
TSV_HEADER = "palavra\tposicao\tformas\n"
# The licence of the list: wordfreq's data (CC BY-SA 4.0) applied to the game's words.
SPDX = "CC-BY-SA-4.0 AND (GPL-2.0-only OR LGPL-2.1-only OR MPL-1.1)"


@dataclass(frozen=True)
class CommonWord:
    """One common word: its best (lowest, 1-based) rank and every wordfreq form, in rank order."""

    word: str
    forms: tuple[tuple[int, str], ...]

    @property
    def rank(self) -> int:
        return self.forms[0][0]


def top_forms(language: str = LANGUAGE, count: int = TOP_N) -> list[str]:
    """wordfreq's most frequent forms, most frequent first; refuses another wordfreq version."""
    version = metadata.version("wordfreq")
    if version != WORDFREQ_VERSION:
        raise TorreError(f"wordfreq {version} is installed, the common words need "
                         f"{WORDFREQ_VERSION} (run `make venv`)")
    import wordfreq

    return wordfreq.top_n_list(language, count)


def ranked_words(words: Iterable[str], forms: list[str]) -> dict[str, CommonWord]:
    """Every game word some form folds to, with its ranks; `forms` most frequent first."""
    game, fold = frozenset(words), Folder()
    found: dict[str, list[tuple[int, str]]] = {}
    for rank, form in enumerate(forms, 1):
        failed, folded = classify(form, fold)
        if failed is None and folded in game:
            found.setdefault(folded, []).append((rank, form))
    return {word: CommonWord(word, tuple(found[word])) for word in sorted(found)}


def common_words(words: Iterable[str], coimbra: Iterable[str],
                 forms: list[str] | None = None) -> list[CommonWord]:
    """The words of palavras-comuns.txt, sorted: ranked game words that are not Coimbra words."""
    ranked = ranked_words(words, top_forms() if forms is None else forms)
    left_out = frozenset(coimbra)
    return [entry for word, entry in ranked.items() if word not in left_out]


def words_text(common: list[CommonWord]) -> str:
    return "".join(f"{entry.word}\n" for entry in common)


def origin_text(common: list[CommonWord]) -> str:
    """One line per word: the word, its best rank, each form as `form:rank`."""
    lines = (f"{e.word}\t{e.rank}\t" + " ".join(f"{form}:{rank}" for rank, form in e.forms)
             for e in common)
    return TSV_HEADER + "".join(f"{line}\n" for line in lines)


def write_common_words(common: list[CommonWord], out_dir: Path) -> list[Path]:
    """palavras-comuns.txt and palavras-comuns-origem.tsv, each atomically."""
    contents = {WORDS_FILE: words_text(common), ORIGIN_FILE: origin_text(common)}
    for name in FILES:
        write_atomic(Path(out_dir) / name, contents[name].encode("utf-8"))
    return [Path(out_dir) / name for name in FILES]


def explain_common(folded: str, words: Iterable[str], coimbra: Iterable[str],
                   forms: list[str] | None = None) -> str:
    """The line `torre words why` prints about a word's familiarity."""
    entry = ranked_words(words, top_forms() if forms is None else forms).get(folded)
    ranked = "" if entry is None else (
        f" (rank {entry.rank} in wordfreq {WORDFREQ_VERSION}'s {TOP_N} most frequent "
        f"Portuguese forms, from " + ", ".join(form for _, form in entry.forms) + ")")
    if folded in frozenset(coimbra):
        return f"{folded} is common: a Coimbra word, common by rule{ranked}."
    if entry is None:
        return (f"{folded} is not common: no form among wordfreq {WORDFREQ_VERSION}'s {TOP_N} "
                f"most frequent Portuguese forms spells a game word {folded}.")
    return f"{folded} is common{ranked}."
