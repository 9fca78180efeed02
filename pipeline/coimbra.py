"""The Coimbra words: dictionaries/coimbra.toml, loaded and checked at every build.

These words are valid in the game even where the dictionaries lack them, earn
a bonus, and 22 of them open the floors of the daily tower; their blurbs and
texts are what players read under the board and on /coimbra/<slug>/. A bad
entry would silently break a tower or a page, so every rule is checked here
and the first broken one stops the build with the file, the line of the
entry's ``[[word]]`` header and the entry named:

    coimbra.toml:53: word 5 (BIXO): folded is 'BIXO' but 'bicho' folds to 'BICHO'
"""
from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from unidecode import unidecode

from .constants import (
    ALPHABET,
    OPENER_MAX_LENGTH,
    OPENER_MIN_LENGTH,
    OPENERS,
    WORD_MAX_LENGTH,
    WORD_MIN_LENGTH,
)
from .errors import ConfigError, MissingInputError, quoted

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "dictionaries" / "coimbra.toml"

FIELDS = ("word", "folded", "blurb", "slug", "opener", "text")
# `fonte`: where the entry's facts were checked (for reviewers, not published). Every entry
# must say it (issue 42): a fact nobody can check is not published.
REQUIRED = (*FIELDS, "fonte")
OPTIONAL = ("see",)  # slugs of related entries ("Ver também")
BLURB_MAX_LENGTH = 160
TEXT_MAX_LENGTH = 800  # the page's 2–4 sentences; the longest today has ~360 characters
BOM = "\ufeff"
TEXT_MIN_SENTENCES, TEXT_MAX_SENTENCES = 2, 4

SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
WORD_HEADER = re.compile(r"^\s*\[\[\s*word\s*\]\]")
# A sentence ends at . ! ? or … (and any closing quote or bracket after it),
# followed by space and the capital, digit or opening quote of the next one.
SENTENCE_END = re.compile(r"[.!?…][»”\")]*(\s+)(?=[«“\"(]?[0-9A-ZÀ-ÖØ-Þ])")
ENDS_SENTENCE = re.compile(r"[.!?…][»”\")]*$")
# Abbreviations whose period does not end a sentence ("D. João V").
ABBREVIATIONS = frozenset({"D", "S", "Dr", "Dra", "Sr", "Sra", "Prof", "Sto", "Sta"})


@dataclass(frozen=True)
class CoimbraWord:
    word: str      # as written, with accents: "Inês", "praxe"
    folded: str    # the game's spelling: "INES", "PRAXE"
    blurb: str     # one sentence, shown under the board
    slug: str      # the page is /coimbra/<slug>/
    opener: bool   # one of the 22 words that open a floor
    text: str      # the page: 2–4 sentences, one of them the blurb
    see: tuple[str, ...] = ()  # slugs of the entries that tell related facts
    source: str = ""  # `fonte`: where the facts were checked (required in coimbra.toml; not published)


class CoimbraEntryError(ConfigError):
    """A [[word]] entry of coimbra.toml that breaks a rule; names file, line, entry."""

    def __init__(self, path: Path, line: int | None, entry: str, problem: str):
        self.path, self.line, self.entry, self.problem = Path(path), line, entry, problem
        where = f"{self.path.name}:{line}" if line else self.path.name
        super().__init__(f"{where}: {entry}: {problem}")


def fold(word: str) -> str:
    """The game's spelling of a word: accents dropped (Ç → C), uppercase."""
    return unidecode(word).upper()


def split_sentences(text: str) -> list[str]:
    """Split running text into sentences; the period of "D." and the like does not count."""
    sentences, start = [], 0
    for match in SENTENCE_END.finditer(text):
        sentence = text[start:match.start(1)]
        last_word = sentence.rstrip(".").rsplit(maxsplit=1)[-1] if sentence.strip() else ""
        if sentence.endswith(".") and last_word in ABBREVIATIONS:
            continue
        sentences.append(sentence)
        start = match.end(1)
    sentences.append(text[start:])
    return [s for s in sentences if s]


def load_coimbra(path: Path = DEFAULT_PATH) -> list[CoimbraWord]:
    """Read and check coimbra.toml; the words sorted by their folded form."""
    from .files import read_input

    path = Path(path)
    if not os.path.lexists(path):
        raise MissingInputError("the Coimbra words (coimbra.toml)", [path])
    try:
        source = read_input(path, "the Coimbra words are a coimbra.toml").decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: not UTF-8 (byte {error.start})") from None
    return parse_coimbra(source, path)


def parse_coimbra(source: str, path: Path | str = "coimbra.toml") -> list[CoimbraWord]:
    """Check the text of a coimbra.toml; `path` only names the file in errors."""
    path = Path(path)
    source = source.removeprefix(BOM)  # editors may add one; tomllib refuses it
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path.name}: invalid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(f"{path}: nested too deeply to be a coimbra.toml") from None
    unknown = sorted(set(data) - {"word"})
    if unknown:
        raise ConfigError(f"{path.name}: unknown top-level key(s) {', '.join(unknown)}; "
                          "the file holds only [[word]] tables")
    entries = data.get("word", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise ConfigError(f"{path.name}: 'word' must be a list of [[word]] tables")
    lines = header_lines(source, len(entries))
    words = [check_entry(entry, path, n, lines[n - 1]) for n, entry in enumerate(entries, 1)]
    check_collection(words, path, lines)
    return sorted(words, key=lambda w: w.folded)


def header_lines(source: str, count: int) -> list[int | None]:
    """1-based line of each [[word]] header, so errors can point at the entry."""
    found = [n for n, line in enumerate(source.split("\n"), 1) if WORD_HEADER.match(line)]
    return found if len(found) == count else [None] * count


def entry_label(entry: dict, number: int) -> str:
    name = entry.get("folded") or entry.get("word")
    return f"word {number} ({name})" if isinstance(name, str) and name else f"word {number}"


def check_entry(entry: dict, path: Path, number: int, line: int | None) -> CoimbraWord:
    """One [[word]] table → a CoimbraWord, or the first rule it breaks."""
    label = entry_label(entry, number)

    def fail(problem: str) -> CoimbraEntryError:
        return CoimbraEntryError(path, line, label, problem)

    missing = [key for key in REQUIRED if key not in entry]
    if missing:
        hint = ("; fonte says where the entry's facts were checked (a publication, a page "
                "with its address, or the Código da Praxe)") if "fonte" in missing else ""
        raise fail(f"missing key(s) {', '.join(missing)}{hint}")
    unknown = sorted(set(entry) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        raise fail(f"unknown key(s) {', '.join(unknown)}; expected {', '.join(REQUIRED)} "
                   f"and optionally {', '.join(OPTIONAL)}")
    for key in FIELDS:
        expected = bool if key == "opener" else str
        if not isinstance(entry[key], expected):
            raise fail(f"{key} must be {'true or false' if expected is bool else 'a string'}, "
                       f"found {quoted(entry[key])}")
    see = entry.get("see", [])
    if not isinstance(see, list) or not all(isinstance(slug, str) for slug in see):
        raise fail(f"see must be a list of slugs, found {quoted(see)}")
    source = entry["fonte"]
    if not isinstance(source, str) or not source.strip():
        raise fail(f"fonte must be a non-empty string, found {quoted(source)}")
    word = CoimbraWord(**{key: entry[key] for key in FIELDS}, see=tuple(see), source=source)
    problem = next(entry_problems(word), None)
    if problem:
        raise fail(problem)
    return word


def entry_problems(word: CoimbraWord):
    """The rules one entry must meet, as messages; only the first is reported."""
    if not word.word.isalpha():
        yield f"word {quoted(word.word)} must be letters only (accents allowed)"
    if word.folded != fold(word.word):
        yield (f"folded is {quoted(word.folded)} but {quoted(word.word)} folds to "
               f"{quoted(fold(word.word))}")
    bad = sorted(set(word.folded) - set(ALPHABET))
    if bad:
        yield (f"folded {quoted(word.folded)} has letters outside the game's alphabet: "
               f"{''.join(bad)}")
    if not WORD_MIN_LENGTH <= len(word.folded) <= WORD_MAX_LENGTH:
        yield (f"folded {quoted(word.folded)} has {len(word.folded)} letters; "
               f"words have {WORD_MIN_LENGTH}–{WORD_MAX_LENGTH}")
    if word.opener and not OPENER_MIN_LENGTH <= len(word.folded) <= OPENER_MAX_LENGTH:
        yield (f"opener {quoted(word.folded)} has {len(word.folded)} letters; "
               f"openers have {OPENER_MIN_LENGTH}–{OPENER_MAX_LENGTH}")
    if not SLUG.fullmatch(word.slug):
        yield f"slug {quoted(word.slug)} must be lowercase a–z and 0–9, parts joined by hyphens"
    yield from prose_problems("blurb", word.blurb)
    if len(word.blurb) > BLURB_MAX_LENGTH:
        yield f"blurb has {len(word.blurb)} characters; at most {BLURB_MAX_LENGTH}"
    if word.blurb.strip() and (split_sentences(word.blurb) != [word.blurb]
                               or not ENDS_SENTENCE.search(word.blurb)):
        yield "blurb must be exactly one sentence, ending in . ! ? or …"
    yield from prose_problems("text", word.text)
    if len(word.text) > TEXT_MAX_LENGTH:
        yield f"text has {len(word.text)} characters; at most {TEXT_MAX_LENGTH}"
    sentences = split_sentences(word.text)
    if not TEXT_MIN_SENTENCES <= len(sentences) <= TEXT_MAX_SENTENCES:
        yield (f"text has {len(sentences)} sentence(s); "
               f"pages have {TEXT_MIN_SENTENCES}–{TEXT_MAX_SENTENCES}")
    if word.blurb not in sentences:
        yield "text must contain the blurb, verbatim, as one of its sentences"


def prose_problems(key: str, value: str):
    """One paragraph of clean text: not empty, no line breaks, single spaces."""
    if not value.strip():
        yield f"{key} is empty"
    elif value != value.strip():
        yield f"{key} has leading or trailing spaces"
    elif any(ch in value for ch in "\n\r\t"):
        yield f"{key} must be one line (no line breaks or tabs)"
    elif "  " in value:
        yield f"{key} has a double space"


def check_collection(words: list[CoimbraWord], path: Path, lines: list[int | None]) -> None:
    """Rules across entries: no duplicate folded form or slug, exactly OPENERS openers."""
    for key in ("folded", "slug"):
        first_seen: dict[str, int] = {}
        for number, word in enumerate(words, 1):
            value = getattr(word, key)
            if value in first_seen:
                raise CoimbraEntryError(
                    path, lines[number - 1], f"word {number} ({word.folded})",
                    f"duplicate {key} {quoted(value)}, already used by word {first_seen[value]}")
            first_seen[value] = number
    check_links(words, path, lines)
    chosen = [word.folded for word in words if word.opener]
    if len(chosen) != OPENERS:
        raise ConfigError(f"{path.name}: {len(chosen)} openers ({', '.join(sorted(chosen))}); "
                          f"exactly {OPENERS} words must have opener = true")


def check_links(words: list[CoimbraWord], path: Path, lines: list[int | None]) -> None:
    """Every `see` names another entry's slug, once: a page never links to a missing page."""
    slugs = {word.slug for word in words}
    for number, word in enumerate(words, 1):
        def fail(problem: str) -> CoimbraEntryError:
            return CoimbraEntryError(path, lines[number - 1], f"word {number} ({word.folded})", problem)
        for slug in word.see:
            if slug == word.slug:
                raise fail(f"see lists the entry's own slug {quoted(slug)}")
            if slug not in slugs:
                raise fail(f"see names {quoted(slug)}, which is no entry's slug")
        if len(set(word.see)) != len(word.see):
            raise fail(f"see lists a slug twice: {quoted(list(word.see))}")


def openers(words: Iterable[CoimbraWord]) -> list[str]:
    """The folded openers, sorted: what pipeline.days draws the five floors from."""
    return sorted(word.folded for word in words if word.opener)


def folded_set(words: Iterable[CoimbraWord]) -> frozenset[str]:
    """Every Coimbra word in the game's spelling, for lookups and the DAWG."""
    return frozenset(word.folded for word in words)
