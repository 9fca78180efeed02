"""What has been published and must stay reachable: word-list versions and day files.

A saved run and a replay link are an action log replayed against a day file
and a word list (the DAWG and the Coimbra words: both change scores). So both
must outlive a deploy that changes them:

- every published word-list version stays in dist/versoes/ under its id
  (`word_list_version`), carried from a committed store,
  dictionaries/published/words/<v>.dawg and <v>.coimbra.json, so a fresh
  clone on a new machine builds them all;
- a day file, once published, never changes: dictionaries/published/days.sha256
  records the SHA-256 of each ("YYYY-MM-DD  <sha256>" lines) and the build
  refuses a day whose bytes differ.

`torre publish` records a finished build into the store; docs/hosting.md says
when (every deploy) and why nothing is ever pruned.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .assets import short_hash
from .errors import TorreError
from .files import write_atomic

VERSIONS = "versoes"  # dist/versoes/<id>.dawg and <id>.coimbra.json, every published word list

STORE = Path(__file__).resolve().parent.parent / "dictionaries" / "published"
WORDS = "words"
DAYS_MANIFEST = "days.sha256"
DAY_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})\.json$")
VERSION_NAME = re.compile(r"^([0-9a-f]{10})\.(dawg|coimbra\.json)$")
DAY_LINE = re.compile(r"^(\d{4}-\d{2}-\d{2})  ([0-9a-f]{64})$")


class PublishedError(TorreError):
    """A damaged store of published versions, or a build that would change a published file."""


@dataclass(frozen=True)
class WordListVersion:
    """One word list as a client replays against it: dist/versoes/<id>.dawg and .coimbra.json."""

    id: str
    dawg: bytes
    coimbra_json: bytes  # the format of dist/coimbra.json: folded word → {word, blurb, slug[, opener]}


def coimbra_words_bytes(folded: Iterable[str]) -> bytes:
    """The Coimbra words as the version hashes them: sorted, folded, one per line, UTF-8."""
    return "\n".join(sorted(set(folded))).encode("utf-8")


def word_list_version(dawg: bytes, coimbra_folded: Iterable[str]) -> str:
    """The id of a word list: short_hash(dawg + NUL + Coimbra words).

    Both parts count because both change a score: a Coimbra word is valid even
    where the dictionaries lack it, adds 10 points and earns a help. Blurbs do
    not count: they change no score.
    """
    return short_hash(dawg + b"\0" + coimbra_words_bytes(coimbra_folded))


def version_of(dawg: bytes, coimbra_json: bytes, where: str) -> str:
    """The id a stored pair really has (its coimbra.json's keys are the folded words)."""
    try:
        index = json.loads(coimbra_json.decode("utf-8"))
        if not isinstance(index, dict):
            raise ValueError("not an object")
    except (UnicodeDecodeError, ValueError) as error:
        raise PublishedError(f"{where}: not a Coimbra index (a JSON object): {error}") from None
    return word_list_version(dawg, index)


def load_versions(folder: Path) -> dict[str, WordListVersion]:
    """Every version in a folder (the store's words/, or a build's versoes/), each checked
    against its name; a damaged one is one error naming the file."""
    if not folder.is_dir():
        return {}
    found: dict[str, dict[str, Path]] = {}
    for path in sorted(folder.iterdir()):
        match = VERSION_NAME.match(path.name)
        if path.name.startswith(".") or path.name.endswith((".br", ".gz")):
            continue  # a build's compressed copies
        if not match or not path.is_file():
            raise PublishedError(f"{path}: not a stored version (<10 hex>.dawg or "
                                 "<10 hex>.coimbra.json); the folder holds nothing else")
        found.setdefault(match.group(1), {})[match.group(2)] = path
    versions = {}
    for version, parts in sorted(found.items()):
        for kind in ("dawg", "coimbra.json"):
            if kind not in parts:
                raise PublishedError(f"{folder / f'{version}.{kind}'}: missing; every stored "
                                     "version has both files (restore it from git)")
        dawg, coimbra_json = parts["dawg"].read_bytes(), parts["coimbra.json"].read_bytes()
        actual = version_of(dawg, coimbra_json, str(parts["coimbra.json"]))
        if actual != version:
            raise PublishedError(f"{parts['dawg']}: the store is damaged: these files are "
                                 f"version {actual}, not {version} (restore it from git)")
        versions[version] = WordListVersion(version, dawg, coimbra_json)
    return versions


def stored_versions(store: Path | None = None) -> dict[str, WordListVersion]:
    """The committed store's versions (dictionaries/published/words/)."""
    return load_versions((store or STORE) / WORDS)


def read_days_manifest(store: Path | None = None) -> dict[str, str]:
    """Date → SHA-256 of every published day file; no manifest yet is none published."""
    path = (store or STORE) / DAYS_MANIFEST
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return {}
    recorded = {}
    for number, line in enumerate(lines, start=1):
        match = DAY_LINE.match(line)
        if not match:
            raise PublishedError(f"{path}:{number}: expected 'YYYY-MM-DD  <sha256>', "
                                 f"got {line!r} (restore it from git)")
        recorded[match.group(1)] = match.group(2)
    return recorded


def day_hashes(days_dir: Path) -> dict[str, str]:
    """Date → SHA-256 of each day file (dias/YYYY-MM-DD.json) in a folder."""
    hashes = {}
    for path in sorted(days_dir.iterdir()):
        match = DAY_NAME.match(path.name)
        if match:
            hashes[match.group(1)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return hashes


def check_days(days_dir: Path, recorded: dict[str, str]) -> None:
    """Refuse a build whose day files differ from, or lack, a published one.

    Why: a player's saved run and every replay link are actions against that
    exact tower; a changed day (new openers, a new PRNG, a shorter window)
    would lose or falsify them. A day not yet recorded is fine.
    """
    written = day_hashes(days_dir)
    for date, digest in sorted(recorded.items()):
        if date not in written:
            raise PublishedError(f"day {date} was published but this build does not write it "
                                 f"(the window in pyproject.toml no longer holds it); "
                                 "a published day must stay")
        if written[date] != digest:
            raise PublishedError(f"day {date} would change: its bytes differ from the ones "
                                 f"published ({DAYS_MANIFEST}); published days never change")


@dataclass
class Recorded:
    """What `record_build` added to the store."""

    versions: list[str]
    days: list[str]


def check_finished_build(dist: Path) -> None:
    """Only an unchanged build is recorded: what it lists is what was deployed."""
    from .outdir import MANIFEST, foreign_reason

    if not (dist / MANIFEST).is_file():
        raise PublishedError(f"{dist} is not a finished build (no {MANIFEST}); "
                             "run `torre build` first")
    reason = foreign_reason(dist)
    if reason:
        raise PublishedError(f"{dist} has changed since it was built ({reason}); "
                             "run `torre build` again")


def record_build(dist: Path, store: Path | None = None) -> Recorded:
    """Add a finished build's word-list versions and day hashes to the store.

    Nothing recorded is ever rewritten: a version already stored keeps its
    files (a blurb edited since changes no score), and a day whose bytes differ
    from its recorded hash is refused, so the store only ever grows.
    """
    store = store or STORE
    check_finished_build(dist)
    built = load_versions(dist / VERSIONS)
    if not built:
        raise PublishedError(f"{dist}/versoes holds no word-list version; "
                             "is it a build of this version of A Torre?")
    recorded_days = read_days_manifest(store)
    days = day_hashes(dist / "dias")
    for date in sorted(set(days) & set(recorded_days)):
        if days[date] != recorded_days[date]:
            raise PublishedError(f"day {date} in {dist} differs from the one published; "
                                 "published days never change")
    stored = stored_versions(store)
    new_versions = sorted(set(built) - set(stored))
    for version in new_versions:
        write_atomic(store / WORDS / f"{version}.dawg", built[version].dawg)
        write_atomic(store / WORDS / f"{version}.coimbra.json", built[version].coimbra_json)
    new_days = sorted(set(days) - set(recorded_days))
    if new_days:
        merged = {**recorded_days, **days}
        write_atomic(store / DAYS_MANIFEST, "".join(
            f"{date}  {digest}\n" for date, digest in sorted(merged.items())).encode("utf-8"))
    return Recorded(new_versions, new_days)
