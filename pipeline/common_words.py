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
from .wordlist import grouped

WORDFREQ_VERSION = "3.1.1"
LANGUAGE = "pt"
TOP_N = 20_000
WORDS_FILE = "palavras-comuns.txt"
ORIGIN_FILE = "palavras-comuns-origem.tsv"
FILES = (WORDS_FILE, ORIGIN_FILE)
TSV_HEADER = "palavra\tposicao\tformas\n"
# The licence of the list: wordfreq's data (CC BY-SA 4.0) applied to the game's words.
SPDX = "CC-BY-SA-4.0 AND (GPL-2.0-only OR LGPL-2.1-only OR MPL-1.1)"
WORDFREQ_URL = "https://github.com/rspeer/wordfreq"
WORDFREQ_CITATION = ("Robyn Speer (2022), rspeer/wordfreq: v3.0 (v3.0.2), Zenodo, "
                     "https://doi.org/10.5281/zenodo.7199437")
CC_BY_SA_URL = "https://creativecommons.org/licenses/by-sa/4.0/"
# The sources wordfreq's README (its "License" section, in the installed package's
# METADATA) asks to credit, as (name, address, who or what); tests check them against it.
ATTRIBUTIONS = (
    ("Google Books Ngrams", "http://books.google.com/ngrams",
     "Google Books Ngram Viewer"),
    ("Google Books Syntactic Ngrams",
     "http://commondatastorage.googleapis.com/books/syntactic-ngrams/index.html",
     "Google Books Ngram Viewer"),
    ("The Leeds Internet Corpus", "http://corpus.leeds.ac.uk/list.html",
     "Centre for Translation Studies, Universidade de Leeds"),
    ("Wikipédia", "http://www.wikipedia.org", "a enciclopédia livre"),
    ("ParaCrawl", "https://paracrawl.eu", "recolha multilingue da Web"),
    ("OPUS OpenSubtitles 2018", "http://opus.nlpl.eu/OpenSubtitles.php",
     "dados do projeto OpenSubtitles, http://www.opensubtitles.org/"),
    ("SUBTLEX (SUBTLEX-US, SUBTLEX-UK, SUBTLEX-CH, SUBTLEX-DE, SUBTLEX-NL)",
     "http://crr.ugent.be/programs-data/subtitle-frequencies",
     "de Marc Brysbaert et al., dados de acesso livre"),
)


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


def licence_section(count: int) -> str:
    """The common words' part of LICENCA-palavras.txt."""
    lines = [
        "",
        f"Palavras comuns ({WORDS_FILE}, {ORIGIN_FILE}, palavras-comuns.<hash>.dawg)",
        "",
        f"Estas {grouped(count)} palavras são as palavras da lista acima que são, escritas como no jogo",
        f"(sem acentos e em maiúsculas), uma das {TOP_N} formas mais frequentes do português",
        f"no wordfreq {WORDFREQ_VERSION}, de Robyn Speer ({WORDFREQ_URL});",
        f"{ORIGIN_FILE} dá a posição de cada uma e as formas de que vem.",
        "As palavras de Coimbra não estão na lista: o jogo considera-as sempre comuns.",
        "Os dados do wordfreq são distribuídos nos termos da licença Creative Commons",
        f"Atribuição-PartilhaIgual 4.0 Internacional (CC BY-SA 4.0, {CC_BY_SA_URL});",
        "o código do wordfreq, que só a construção do site usa, tem a licença Apache 2.0.",
        "Esta lista é distribuída nos termos da CC BY-SA 4.0 e, por ser feita de palavras",
        f"da lista acima, também nos dos dicionários (SPDX: {SPDX}).",
        "",
        "The common words are the words of the list above that one of the 20,000 most",
        f"frequent Portuguese forms of wordfreq {WORDFREQ_VERSION} folds to. wordfreq's data is",
        "licensed CC BY-SA 4.0 and its code Apache-2.0; this list is distributed under",
        f"CC BY-SA 4.0 and the dictionaries' terms: {SPDX}.",
        f"Cite wordfreq as: {WORDFREQ_CITATION}.",
        "",
        "Fontes dos dados do wordfreq, tal como o seu README pede que sejam atribuídas:",
    ]
    for name, url, note in ATTRIBUTIONS:
        lines.append(f"  - {name} ({url}): {note}")
    lines.append("  - e estatísticas de palavras do Twitter, recolhidas nos termos do Developer "
                 "Agreement & Policy do Twitter.")
    return "\n".join(lines) + "\n"


def append_licence(out_dir: Path, count: int) -> None:
    """Add the common words' section to the LICENCA-palavras.txt the word list stage wrote
    (the section alone where that stage wrote none: the tests' builds of a few words)."""
    path = Path(out_dir) / "LICENCA-palavras.txt"
    before = path.read_bytes() if path.is_file() else b""
    write_atomic(path, before + licence_section(count).encode("utf-8"))


def explain_common(folded: str, ranked: dict[str, CommonWord], coimbra: Iterable[str],
                   in_list: bool) -> str:
    """The line `torre words why` prints about a word's familiarity; `ranked` is ranked_words',
    `in_list` whether the word is in palavras.txt."""
    entry = ranked.get(folded)
    rank = "" if entry is None else (
        f"rank {entry.rank} among wordfreq {WORDFREQ_VERSION}'s {TOP_N} most frequent Portuguese "
        "forms, from " + ", ".join(f"{form} ({number})" for number, form in entry.forms))
    if folded in frozenset(coimbra):
        return (f"{folded} is common: a Coimbra word, common by rule (not written in {WORDS_FILE})"
                + (f"; also {rank}." if entry else "."))
    if not in_list:
        return f"{folded} is not common: only words of palavras.txt can be."
    if entry is None:
        return (f"{folded} is not common: no form among wordfreq {WORDFREQ_VERSION}'s {TOP_N} most "
                f"frequent Portuguese forms is the game word {folded}.")
    return f"{folded} is common: {rank}."
