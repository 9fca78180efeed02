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

import datetime as dt
import hashlib
import json
import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .assets import short_hash
from .errors import PublishedError, first_names, quoted  # PublishedError: callers import it from here too
from .files import MAX_INPUT_BYTES, InputError, read_input, sha256_file, write_atomic
from .ledger import (LEDGER, Publication, content_digest, digest_of_hashes, next_publication,
                     parse_ledger)

VERSIONS = "versoes"  # dist/versoes/<id>.dawg and <id>.coimbra.json, every published word list

PROJECT_ROOT = Path(__file__).resolve().parent.parent
STORE = PROJECT_ROOT / "dictionaries" / "published"
WORDS = "words"
DAYS_MANIFEST = "days.sha256"
DAY_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})\.json$")
VERSION_NAME = re.compile(r"^([0-9a-f]{10})\.(dawg|coimbra\.json)$")
DAY_LINE = re.compile(r"^(\d{4}-\d{2}-\d{2})  ([0-9a-f]{64})$")
# A build's copy of the ledger it was made from: the newest publication it serves, so
# that a later build from a rolled-back store is refused (check_not_rolled_back).
SERVED_LEDGER = ".torre-ledger"
STORE_FILES = (f"the store holds regular files of at most {MAX_INPUT_BYTES >> 20} MiB; "
               "restore it from git")


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
        raise PublishedError(f"{where}: not a Coimbra index (a JSON object): "
                             f"{quoted(str(error))}") from None
    except RecursionError:
        raise PublishedError(f"{where}: nested too deeply to be a Coimbra index") from None
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
        dawg = read_input(parts["dawg"], STORE_FILES)
        coimbra_json = read_input(parts["coimbra.json"], STORE_FILES)
        actual = version_of(dawg, coimbra_json, str(parts["coimbra.json"]))
        if actual != version:
            raise PublishedError(f"{parts['dawg']}: the store is damaged: these files are "
                                 f"version {actual}, not {version} (restore it from git)")
        versions[version] = WordListVersion(version, dawg, coimbra_json)
    return versions


def stored_versions(store: Path | None = None) -> dict[str, WordListVersion]:
    """The committed store's versions (dictionaries/published/words/)."""
    return load_versions((store or STORE) / WORDS)


def read_store_text(path: Path) -> str | None:
    """A text file of the store (UTF-8, strictly), or None when it does not exist.
    Regular and at most 64 MiB, checked before it is opened: a FIFO would hang the build."""
    if not os.path.lexists(path):
        return None
    try:
        return read_input(path, STORE_FILES).decode("utf-8")
    except UnicodeDecodeError as error:
        raise PublishedError(f"{path}: not UTF-8 (byte {error.start}); "
                             "restore it from git") from None


def read_days_manifest(store: Path | None = None) -> dict[str, str]:
    """Date → SHA-256 of every published day file; no manifest yet is none published.

    Strict: a malformed line, a date listed twice (whichever comes first) or bytes
    that are not UTF-8 stop here with one line naming the file.
    """
    path = (store or STORE) / DAYS_MANIFEST
    text = read_store_text(path)
    if text is None:
        return {}
    lines = text.splitlines()
    recorded, first_line = {}, {}
    for number, line in enumerate(lines, start=1):
        match = DAY_LINE.match(line)
        if not match:
            raise PublishedError(f"{path}:{number}: expected 'YYYY-MM-DD  <sha256>', "
                                 f"got {quoted(line)} (restore it from git)")
        date = match.group(1)
        if date in recorded:
            raise PublishedError(f"{path}:{number}: {date} is listed twice (first on line "
                                 f"{first_line[date]}); restore it from git")
        recorded[date], first_line[date] = match.group(2), number
    return recorded


def day_hashes(days_dir: Path) -> dict[str, str]:
    """Date → SHA-256 of each day file (dias/YYYY-MM-DD.json) in a folder."""
    hashes = {}
    for path in sorted(days_dir.iterdir()):
        match = DAY_NAME.match(path.name)
        if match:
            hashes[match.group(1)] = sha256_file(path)
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
class StoreState:
    """The store as verified against its ledger: what a build must keep."""

    days: dict[str, str]
    versions: dict[str, WordListVersion]
    ledger: list[Publication]


def read_ledger(store: Path) -> list[Publication] | None:
    """The ledger's lines, or None when the store has none."""
    path = store / LEDGER
    text = read_store_text(path)
    return None if text is None else parse_ledger(text, str(path))


def git_knows(path: Path) -> bool:
    """Whether the project's last commit holds `path`: git, where there is one, is the
    witness of a store whose ledger went missing."""
    try:
        relative = path.resolve().relative_to(PROJECT_ROOT)
        return subprocess.run(["git", "-C", str(PROJECT_ROOT), "cat-file", "-e",
                               f"HEAD:{relative.as_posix()}"], capture_output=True,
                              timeout=10).returncode == 0
    except (ValueError, OSError, subprocess.SubprocessError):
        return False


def version_files(versions: dict[str, WordListVersion]) -> dict[str, tuple[bytes, bytes]]:
    return {v: (version.dawg, version.coimbra_json) for v, version in versions.items()}


def verify_store(store: Path | None = None, deployed: Path | None = None,
                 foreign_ok: bool = False) -> StoreState:
    """The store, checked against its ledger; any loss or change is one error naming it.

    Why: days.sha256 protects a day only while its line is there, and words/
    feeds versoes/: a deleted line, file or folder would otherwise build with
    exit 0 and lose the saves and replay links made on them. `deployed` is the
    earlier build about to be replaced (dist/): the store must hold at least the
    publications it was built from, and its files tell which day or version was edited.
    foreign_ok: the caller was told `deployed` may not be a build of this store
    (--replace-foreign-out; see check_not_rolled_back).
    """
    store = store or STORE
    ledger = read_ledger(store)
    check_not_rolled_back(store, ledger or [], deployed, foreign_ok)
    days, versions = read_days_manifest(store), stored_versions(store)
    if ledger is None:
        if days or versions or git_knows(store / LEDGER):
            raise PublishedError(f"{store / LEDGER}: missing, so nothing shows what the store "
                                 "should hold; restore it from git (a store made before the "
                                 "ledger existed: torre publish --begin-ledger, once)")
        return StoreState(days, versions, [])
    last = ledger[-1] if ledger else None
    check_against(store, last, days, versions, deployed)
    return StoreState(days, versions, ledger)


def not_built_here(build: Path, unless: str = "") -> str:
    """The way out of a build whose copy of the ledger is not this store's: it is in dist/,
    not in git, and --replace-foreign-out is the caller saying that dist/ is not theirs."""
    return (f"{build} was not built from this store{unless}; if {build} is yours to replace, "
            "build with --replace-foreign-out")


def served_ledger(build: Path | None) -> list[Publication]:
    """The ledger a build was made from (its SERVED_LEDGER), none for a build made before
    builds kept it, or for no build; a bad copy is one error naming it and the way out."""
    if build is None or not os.path.lexists(build / SERVED_LEDGER):
        return []
    path = build / SERVED_LEDGER
    try:
        text = read_input(path, not_built_here(build)).decode("utf-8")
    except UnicodeDecodeError as error:
        raise PublishedError(f"{path}: not UTF-8 (byte {error.start}): "
                             f"{not_built_here(build)}") from None
    return parse_ledger(text, str(path), f": {not_built_here(build)}")


def describes(line: Publication, build: Path) -> bool:
    """Whether a ledger line is the store `build` serves: its days (dias/) and word lists
    (versoes/) have the digest the line records. Only a build's true copy of the ledger
    does: a forged or another store's line names days or files it does not hold."""
    def digest(path: Path) -> str | None:
        return sha256_file(path) if path.is_file() and not path.is_symlink() else None
    days = {date: digest(build / "dias" / f"{date}.json") for date in line.dates()}
    files = {v: (digest(build / VERSIONS / f"{v}.dawg"),
                 digest(build / VERSIONS / f"{v}.coimbra.json")) for v in line.versions}
    if None in days.values() or any(None in pair for pair in files.values()):
        return False
    return digest_of_hashes(days, files) == line.content


def check_not_rolled_back(store: Path, ledger: list[Publication], build: Path | None,
                          foreign_ok: bool = False) -> None:
    """Refuse a store older than the one `build` was made from, naming what it lacks.

    Why: an older commit's store verifies against its own (older) ledger, and a build
    from it would drop the word lists and days published since, and every save and
    link made on them. A copy of the ledger that is not the one `build` was made from
    (damaged, forged, another store's) is refused naming it, unless foreign_ok
    (--replace-foreign-out): then only a true copy (`describes`) recording word lists or
    days the store lacks stops the build, a rolled-back store's.
    """
    try:
        served = served_ledger(build)
    except (PublishedError, InputError):
        if foreign_ok:
            return
        raise
    for line in served:
        if line.number > len(ledger):
            newest = served[-1]
            lost = sorted(set(newest.versions) - set(ledger[-1].versions if ledger else ()))
            dates = sorted(set(newest.dates()) - set(ledger[-1].dates() if ledger else ()))
            if not describes(newest, build):
                if foreign_ok:
                    return
                raise PublishedError(
                    f"{build / SERVED_LEDGER}: line {newest.number} does not describe the "
                    f"days and word lists {build} serves: {not_built_here(build)}")
            if foreign_ok and not (lost or dates):
                return
            lacks = "; ".join(part for part in (
                lost and f"word lists {first_names(lost)}",
                dates and f"days {dates[0]} … {dates[-1]}") if part) or "its last line"
            ends = f"ends at line {len(ledger)}" if ledger else "holds no line"
            raise PublishedError(
                f"{store / LEDGER}: {ends}, but {build} was built from line "
                f"{newest.number} (the store lacks {lacks}): it was rolled back to an older "
                "copy; restore the newest from git")
        if ledger[line.number - 1].chain != line.chain:
            if foreign_ok:
                return
            replaced = (" (or the store was replaced by another: then restore it from git)"
                        if describes(served[-1], build) else "")
            raise PublishedError(
                f"{build / SERVED_LEDGER}:{line.number}: not line {line.number} of "
                f"{store / LEDGER}: {not_built_here(build, replaced)}")


def check_not_dropped(build: Path | None, state: StoreState, current: str, days_dir: Path,
                      drop_unpublished: bool = False, store: Path | None = None) -> None:
    """Refuse a build that would stop serving a word list or a day that `build` (the
    dist/ it replaces) serves and the store lacks, unless drop_unpublished.

    Why: a store rolled back past a publish (an older commit, or an uncommitted publish
    undone) agrees with dist/'s copy of the ledger, made before that publish; the new
    build would drop the word list, and every save and link made with it. Only a
    developer's build that was never deployed may lose them, when told. Cheap: the
    names in three folders, read before anything is swapped.
    """
    if build is None or drop_unpublished:
        return
    served_versions = names_in(build / VERSIONS, VERSION_NAME, "dawg")
    served_days = names_in(build / "dias", DAY_NAME)
    lost = sorted(served_versions - set(state.versions) - {current})
    dates = sorted(served_days - set(state.days) - names_in(days_dir, DAY_NAME))
    if not (lost or dates):
        return
    what = " and ".join(part for part in (
        len(lost) == 1 and f"word list {lost[0]} ({VERSIONS}/{lost[0]}.dawg)",
        len(lost) > 1 and f"word lists {first_names(lost)}",
        dates and f"day{'s' if len(dates) > 1 else ''} {first_names(dates)}") if part)
    them = "it" if len(lost) + len(dates) == 1 else "them"
    store = store or STORE
    raise PublishedError(
        f"{build} serves {what}, which {store} lacks and this build would not serve: if "
        f"{build} was never deployed, torre build --drop-unpublished drops {them}; if it was, "
        f"the store was rolled back: restore it from git (git log -- {store}), or, for a "
        f"publish never committed, run torre publish --dist {build} again")


def names_in(folder: Path, pattern: re.Pattern, kind: str | None = None) -> set[str]:
    """The dates or version ids a folder's file names give (`kind`: only that suffix)."""
    try:
        names = os.listdir(folder)
    except (FileNotFoundError, NotADirectoryError):
        return set()
    return {match.group(1) for name in names if (match := pattern.match(name))
            and (kind is None or match.group(2) == kind)}


def check_against(store: Path, last: Publication | None, days: dict[str, str],
                  versions: dict[str, WordListVersion], deployed: Path | None = None) -> None:
    """Refuse a store that differs from the last line of its ledger, naming what differs."""
    where = f"ledger line {last.number}" if last else "the ledger"
    expected_days = last.dates() if last else []
    expected_versions = list(last.versions) if last else []
    for label, lost, place in (
            ("published days", sorted(set(expected_days) - set(days)), store / DAYS_MANIFEST),
            ("published word lists", sorted(set(expected_versions) - set(versions)),
             store / WORDS)):
        if lost:
            raise PublishedError(f"{place}: {len(lost)} {label} missing ({first_names(lost)}, recorded "
                                 f"in {where}); restore it from git")
    for label, extra, place in (
            ("days", sorted(set(days) - set(expected_days)), store / DAYS_MANIFEST),
            ("word lists", sorted(set(versions) - set(expected_versions)), store / WORDS)):
        if extra:
            raise PublishedError(f"{place}: {label} no torre publish recorded ({first_names(extra)}; "
                                 f"not in {where}); restore the store from git")
    if last and content_digest(days, version_files(versions)) != last.content:
        raise PublishedError(f"{edited_part(store, days, versions, deployed)} is not what "
                             f"torre publish recorded in {where} (a hash was edited); "
                             "restore it from git")


def edited_part(store: Path, days: dict[str, str], versions: dict[str, WordListVersion],
                deployed: Path | None) -> str:
    """Which day or version of the store differs from an earlier copy of it: the build
    about to be replaced, then git's last commit (the ledger holds one digest of all)."""
    for copy in (deployed_copy(deployed), git_copy(store)):
        if copy is None:
            continue
        dates = sorted(date for date, digest in days.items()
                       if copy(f"{date}.day") not in (None, digest))
        if dates:
            return f"{store / DAYS_MANIFEST}: the hash of {first_names(dates)}"
        files = [f"{version}.{kind}" for version, stored in sorted(versions.items())
                 for kind, data in (("dawg", stored.dawg), ("coimbra.json", stored.coimbra_json))
                 if copy(f"{version}.{kind}") not in (None, hashlib.sha256(data).hexdigest())]
        if files:
            return f"{store / WORDS}/{first_names(files)}"
    return (f"{store}: days.sha256 or words/ (no earlier build or git commit shows which "
            "day or version)")


def deployed_copy(build: Path | None):
    """name → SHA-256 of that day (`<date>.day`) or version file in an earlier build."""
    if build is None or not build.is_dir():
        return None

    def digest(name: str) -> str | None:
        path = (build / "dias" / name.replace(".day", ".json") if name.endswith(".day")
                else build / VERSIONS / name)
        return sha256_file(path) if path.is_file() and not path.is_symlink() else None
    return digest


def git_copy(store: Path):
    """name → SHA-256 of that day (`<date>.day`) or version file in git's last commit."""
    try:
        relative = store.resolve().relative_to(PROJECT_ROOT).as_posix()
    except ValueError:
        return None

    def show(name: str) -> bytes | None:
        try:
            result = subprocess.run(["git", "-C", str(PROJECT_ROOT), "show",
                                     f"HEAD:{relative}/{name}"], capture_output=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            return None
        return result.stdout if result.returncode == 0 else None
    manifest = show(DAYS_MANIFEST)
    if manifest is None:
        return None
    recorded = dict(match.groups() for line in manifest.decode("utf-8", "replace").splitlines()
                    if (match := DAY_LINE.match(line)))

    def digest(name: str) -> str | None:
        if name.endswith(".day"):
            return recorded.get(name.removesuffix(".day"))
        data = show(f"{WORDS}/{name}")
        return None if data is None else hashlib.sha256(data).hexdigest()
    return digest


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
    files (a blurb edited since changes no score), a day whose bytes differ
    from its recorded hash is refused, and a new day must be the one the
    generator makes for its date. The ledger gets one more line, written last.
    """
    store = store or STORE
    check_finished_build(dist)
    state = verify_store(store, deployed=dist)
    built = load_versions(dist / VERSIONS)
    if not built:
        raise PublishedError(f"{dist}/versoes holds no word-list version; "
                             "is it a build of this version of A Torre?")
    days = day_hashes(dist / "dias")
    for date in sorted(set(days) & set(state.days)):
        if days[date] != state.days[date]:
            raise PublishedError(f"day {date} in {dist} differs from the one published; "
                                 "published days never change")
    new_days = sorted(set(days) - set(state.days))
    check_generated(dist / "dias", new_days)
    merged_days = {**state.days, **{date: days[date] for date in new_days}}
    check_unbroken(merged_days, dist / "dias")
    new_versions = sorted(set(built) - set(state.versions))
    if new_days or new_versions:
        merged = {**state.versions, **{version: built[version] for version in new_versions}}
        publication = next_publication(state.ledger, merged_days, version_files(merged))
        for version in new_versions:
            write_atomic(store / WORDS / f"{version}.dawg", built[version].dawg)
            write_atomic(store / WORDS / f"{version}.coimbra.json", built[version].coimbra_json)
        write_atomic(store / DAYS_MANIFEST, days_manifest_bytes(merged_days))
        write_ledger(store, [*state.ledger, publication])
    return Recorded(new_versions, new_days)


def days_manifest_bytes(days: dict[str, str]) -> bytes:
    return "".join(f"{date}  {digest}\n" for date, digest in sorted(days.items())).encode("utf-8")


def write_ledger(folder: Path, ledger: list[Publication], name: str = LEDGER) -> None:
    write_atomic(folder / name, "".join(p.line() for p in ledger).encode("utf-8"))


def check_generated(days_dir: Path, dates: list[str]) -> None:
    """Refuse a new day whose file is not what the generator makes for its date.

    Why: a published day is kept for ever; a day file edited in dist/ (and its
    line in .torre-build) would be recorded, and every later, honest build
    refused for that date. The generator is deterministic: the date is enough.
    """
    from . import days as generator

    openers, window = generator.default_openers(), generator.load_window()
    for date in dates:
        path = days_dir / f"{date}.json"
        made = generator.day_json(generator.build_day(dt.date.fromisoformat(date), openers,
                                                      window)).encode("utf-8")
        if path.read_bytes() != made:
            raise PublishedError(f"{path}: not the tower the generator makes for {date}; "
                                 "only days torre build made are published: build again")


def check_unbroken(days: dict[str, str], where: Path) -> None:
    """The published days are one unbroken run of dates (what the ledger records)."""
    dates = [dt.date.fromisoformat(date) for date in sorted(days)]
    gaps = [str(day + dt.timedelta(days=1)) for day, following in zip(dates, dates[1:])
            if (following - day).days > 1]
    if gaps:
        raise PublishedError(f"{where}: the days would not be one unbroken run (a gap after "
                             f"{first_names(gaps)}); publish a whole build's window")


def begin_ledger(store: Path | None = None) -> Publication:
    """Write the first ledger line of a store made before the ledger existed (once)."""
    store = store or STORE
    if (store / LEDGER).exists():
        raise PublishedError(f"{store / LEDGER} exists already; the ledger is begun once")
    if git_knows(store / LEDGER):
        raise PublishedError(f"{store / LEDGER}: git's last commit holds it; restore it "
                             "(git checkout -- dictionaries/published) instead of beginning anew")
    days, versions = read_days_manifest(store), stored_versions(store)
    check_unbroken(days, store / DAYS_MANIFEST)
    publication = next_publication([], days, version_files(versions))
    write_ledger(store, [publication])
    return publication
