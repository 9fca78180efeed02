"""Issue 22 item 3: the published store refuses any loss, naming what is missing.

Its ledger (pipeline.ledger), appended by `torre publish`, says what the store
holds: every build checks days.sha256 and words/ against its last line.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline import build as build_module, days as days_module, published
from pipeline.build import PROJECT_ROOT, Builder, build_all
from pipeline.cli import main
from pipeline.coimbra import CoimbraWord as Word
from pipeline.ledger import LEDGER, next_publication
from pipeline.outdir import MANIFEST, manifest_text, file_hashes
from pipeline.published import (PublishedError, begin_ledger, days_manifest_bytes,
                                stored_versions, verify_store, version_files, write_ledger)
from test_build import FAST_WINDOW, TODAY, fixture_coimbra, tree_hashes  # noqa: F401 (a fixture)
from test_published import DAWG, current_version_of, store_version
from test_site import fixture_words

DAYS = {f"2026-11-{n:02d}": hashlib.sha256(bytes([n])).hexdigest() for n in range(1, 11)}


@pytest.fixture
def store(tmp_path) -> Path:
    """Ten days and two versions, published in two steps, as `torre publish` writes them."""
    store = tmp_path / "store"
    first = store_version(store, DAWG)
    (store / "days.sha256").write_bytes(days_manifest_bytes(DAYS))
    begin_ledger(store)
    store_version(store, DAWG + b"2")
    ledger = published.read_ledger(store)
    write_ledger(store, [*ledger, next_publication(ledger, DAYS, version_files(
        stored_versions(store)))])
    assert first in verify_store(store).versions
    return store


def days_file(store: Path) -> Path:
    return store / "days.sha256"


def version_ids(store: Path) -> list[str]:
    return sorted({p.name[:10] for p in (store / "words").iterdir()})


def drop_line(store: Path, date: str) -> None:
    lines = days_file(store).read_text().splitlines(keepends=True)
    days_file(store).write_text("".join(line for line in lines if not line.startswith(date)))


def duplicate(store: Path, wrong_first: bool) -> None:
    lines = days_file(store).read_text().splitlines(keepends=True)
    wrong = f"2026-11-05  {'0' * 64}\n"
    lines.insert(4 if wrong_first else 5, wrong)
    days_file(store).write_text("".join(lines))


def remove_version(store: Path, kinds: tuple[str, ...]) -> None:
    for kind in kinds:
        (store / "words" / f"{version_ids(store)[0]}.{kind}").unlink()


def remove_words(store: Path) -> None:
    for path in (store / "words").iterdir():
        path.unlink()
    (store / "words").rmdir()


LOSSES = {
    "a deleted line": (lambda s: drop_line(s, "2026-11-05"),
                       r"days\.sha256: 1 published days missing \(2026-11-05, recorded in "
                       "ledger line 2"),
    "an emptied days.sha256": (lambda s: days_file(s).write_text(""),
                               r"10 published days missing \(2026-11-01, .* and 5 more"),
    "a deleted days.sha256": (lambda s: days_file(s).unlink(), "10 published days missing"),
    "a deleted .dawg": (lambda s: remove_version(s, ("dawg",)), r"\.dawg: missing"),
    "a deleted version": (lambda s: remove_version(s, ("dawg", "coimbra.json")),
                          r"words: 1 published word lists missing \([0-9a-f]{10}, recorded"),
    "all of words/": (remove_words, r"words: 2 published word lists missing"),
    "a duplicate date, the wrong hash first": (lambda s: duplicate(s, True),
                                               r"days\.sha256:6: 2026-11-05 is listed twice"),
    "a duplicate date, the wrong hash second": (lambda s: duplicate(s, False),
                                                r"days\.sha256:6: 2026-11-05 is listed twice"),
    "an edited hash": (lambda s: days_file(s).write_text(
        days_file(s).read_text().replace(DAYS["2026-11-03"], "1" * 64)), "a hash was edited"),
    "a day no publish recorded": (lambda s: days_file(s).write_text(
        days_file(s).read_text() + f"2026-11-11  {'1' * 64}\n"),
        r"days no torre publish recorded \(2026-11-11"),
    "a deleted ledger": (lambda s: (s / LEDGER).unlink(), r"ledger: missing"),
    "an emptied ledger": (lambda s: (s / LEDGER).write_text(""),
                          "days no torre publish recorded"),
    "a ledger line edited to hide a loss": (lambda s: (s / LEDGER).write_text(
        (s / LEDGER).read_text().replace("..2026-11-10", "..2026-11-09")),
        "ledger:1: its chain digest does not follow"),
    "a ledger line removed": (lambda s: (s / LEDGER).write_text(
        (s / LEDGER).read_text().splitlines(keepends=True)[1]),
        "ledger:1: not a line torre publish wrote"),
}


@pytest.mark.parametrize("damage, message", LOSSES.values(), ids=LOSSES.keys())
def test_any_loss_or_change_in_the_store_is_refused_naming_it(store, damage, message):
    damage(store)
    with pytest.raises(PublishedError, match=message):
        verify_store(store)


def test_an_untouched_store_verifies(store):
    state = verify_store(store)
    assert state.days == DAYS and len(state.versions) == 2 and len(state.ledger) == 2


def test_the_committed_store_matches_its_ledger():
    state = verify_store()
    assert len(state.days) >= 500 and len(state.versions) >= 2


# Issue 22 item 10: invalid UTF-8 in days.sha256 was a traceback.
def test_a_days_manifest_that_is_not_utf8_is_one_error_naming_it(store):
    days_file(store).write_bytes(days_file(store).read_bytes() + b"\xff\xfe\n")
    with pytest.raises(PublishedError, match=r"days\.sha256: not UTF-8 \(byte \d+\)"):
        verify_store(store)


# Issue 22 item 11: a 50 MB line appended to days.sha256 gave a 50 MB error line.
def test_a_huge_line_is_quoted_cut_to_80_characters(store):
    with days_file(store).open("a") as handle:
        handle.write("x" * 5_000_000 + "\n")
    with pytest.raises(PublishedError) as raised:
        verify_store(store)
    message = str(raised.value)
    assert "'" + "x" * 80 + "'…" in message and len(message) < 300


def test_a_build_on_a_store_that_lost_a_line_exits_1_naming_the_day(tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    build_all(out, today=TODAY, quiet=True)
    assert CliRunner().invoke(main, ["publish", "--dist", str(out)]).exit_code == 0
    drop_line(published.STORE, "2027-02-14")
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet"])
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1
    assert "1 published days missing (2027-02-14, recorded in ledger line 1)" in result.output


# Issue 22 item 4: publish recorded a day edited in dist/ (and in .torre-build).
def test_publish_refuses_a_day_the_generator_does_not_make_for_its_date(tmp_path,
                                                                        fixture_coimbra):
    out = tmp_path / "dist"
    build_all(out, today=TODAY, quiet=True)
    day = out / "dias" / "2026-12-01.json"
    day.write_bytes(day.read_bytes().replace(b'"bag":"', b'"bag":"Z'))
    (out / MANIFEST).write_text(manifest_text(file_hashes(out)))
    result = CliRunner().invoke(main, ["publish", "--dist", str(out)])
    assert result.exit_code == 1
    assert f"{day}: not the tower the generator makes for 2026-12-01" in result.output
    assert not published.STORE.exists()


def test_begin_ledger_runs_once_and_builds_accept_the_store_it_describes(tmp_path):
    store = tmp_path / "store"
    store_version(store, DAWG)
    (store / "days.sha256").write_bytes(days_manifest_bytes(DAYS))
    with pytest.raises(PublishedError, match="ledger: missing"):
        verify_store(store)
    begin_ledger(store)
    assert verify_store(store).days == DAYS
    with pytest.raises(PublishedError, match="exists already"):
        begin_ledger(store)


def make_fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def link_to_dev_zero(path: Path) -> None:
    path.unlink()
    path.symlink_to("/dev/zero")


def make_sparse(path: Path) -> None:
    with path.open("r+b") as handle:
        handle.truncate(2 << 30)  # 2 GB of holes: no disk used, but read_bytes() would fill memory


def first_dawg(store: Path) -> Path:
    return sorted((store / "words").glob("*.dawg"))[0]


STORE_FILE_ATTACKS = {
    "days.sha256 as a FIFO": (days_file, make_fifo, "not a regular file"),
    "the ledger as a FIFO": (lambda s: s / LEDGER, make_fifo, "not a regular file"),
    "days.sha256 linked to /dev/zero": (days_file, link_to_dev_zero, "not a regular file"),
    "a 2 GB sparse .dawg": (first_dawg, make_sparse, "2147483648 bytes, more than the 64 MiB"),
}


# Issue 34 item 3: a FIFO hung the build forever; /dev/zero or a sparse 2 GB .dawg ended
# in a MemoryError traceback.
@pytest.mark.parametrize("which, attack, reason", STORE_FILE_ATTACKS.values(),
                         ids=STORE_FILE_ATTACKS.keys())
def test_a_store_file_that_is_not_a_regular_file_of_at_most_64_mib_is_refused_unread(
        store, which, attack, reason):
    path = which(store)
    attack(path)
    command = ("from pathlib import Path; from pipeline.published import verify_store; "
               f"verify_store(Path({str(store)!r}))")
    try:  # a child process: a FIFO must not hang the test, nor /dev/zero fill its memory
        result = subprocess.run([sys.executable, "-c", command], cwd=PROJECT_ROOT,
                                capture_output=True, text=True, timeout=60,
                                preexec_fn=lambda: resource.setrlimit(
                                    resource.RLIMIT_AS, (1 << 30, 1 << 30)))
    except subprocess.TimeoutExpired:
        pytest.fail(f"reading the store hung on {path}")
    last = result.stderr.strip().splitlines()[-1]
    assert result.returncode == 1
    assert last.startswith(f"pipeline.files.InputError: {path}: {reason}"), result.stderr
    assert "restore it from git" in last


def build_and_publish(out: Path) -> str:
    """An older word list published first (ledger line 1), then a build and its word list
    (line 2): returns the version line 2 added."""
    store_version(published.STORE, b"AN OLDER DAWG" * 40, fixture_words()[:-1])
    begin_ledger(published.STORE)
    build_all(out, today=TODAY, quiet=True)
    added = CliRunner().invoke(main, ["publish", "--dist", str(out)])
    assert added.exit_code == 0, added.output
    return current_version_of(out)


# Issue 34 item 1: a store replaced by an older commit's copy built with exit 0, and a later
# build shipped versoes/ without the word list published since.
def test_a_build_or_publish_from_a_rolled_back_store_is_refused_naming_what_it_lacks(
        tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    older = tmp_path / "older-store"
    store = published.STORE
    store_version(older, b"AN OLDER DAWG" * 40, fixture_words()[:-1])
    begin_ledger(older)  # what the store was before the second publication
    current = build_and_publish(out)
    build_all(out, today=TODAY, quiet=True)  # the build deployed: from ledger line 2
    shutil.rmtree(store)
    shutil.copytree(older, store)
    before = tree_hashes(out)
    for command in (["build", "--out", str(out), "--quiet"], ["publish", "--dist", str(out)],
                    ["build", "--out", str(out), "--quiet", "--replace-foreign-out"]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 1, result.output
        assert result.output.strip().splitlines() == [
            f"Error: {store / LEDGER}: ends at line 1, but {out} was built from line 2 (the "
            f"store lacks word lists {current}; days {FAST_WINDOW.first} … {FAST_WINDOW.last}): it was rolled "
            "back to an older copy; restore the newest from git"]
    assert tree_hashes(out) == before and (store / LEDGER).read_text().count("\n") == 1


# Issue 34 item 5: «days.sha256 or words/ is not what torre publish recorded» named neither.
@pytest.mark.parametrize("part", ["a day", "a blurb"])
def test_an_edited_hash_or_blurb_in_the_store_is_named_with_its_date_or_version(
        tmp_path, fixture_coimbra, part):
    out = tmp_path / "dist"
    current = build_and_publish(out)
    if part == "a day":
        manifest = days_file(published.STORE)
        digest = published.read_days_manifest()["2026-12-10"]
        manifest.write_text(manifest.read_text().replace(f"2026-12-10  {digest}",
                                                         f"2026-12-10  {'0' * 64}"))
        named = f"{manifest}: the hash of 2026-12-10"
    else:
        blurbs = published.STORE / "words" / f"{current}.coimbra.json"
        blurbs.write_bytes(blurbs.read_bytes().replace(b'"blurb": "', b'"blurb": "X', 1))
        named = f"{published.STORE / 'words'}/{current}.coimbra.json"
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet"])
    assert result.exit_code == 1, result.output
    assert result.output.strip().splitlines() == [
        f"Error: {named} is not what torre publish recorded in ledger line 2 (a hash was "
        "edited); restore it from git"]


def test_without_an_earlier_build_git_s_last_commit_names_the_edited_day(
        store, tmp_path, monkeypatch):
    monkeypatch.setattr(published, "PROJECT_ROOT", tmp_path)
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "store"], check=True)
    subprocess.run([*git, "commit", "-qm", "store"], check=True)
    days_file(store).write_text(days_file(store).read_text().replace(DAYS["2026-11-03"], "1" * 64))
    with pytest.raises(PublishedError, match=r"days\.sha256: the hash of 2026-11-03 is not what "
                                             "torre publish recorded in ledger line 2"):
        verify_store(store)


def with_a_coimbra_word(monkeypatch) -> None:
    """Builds from here on have one more Coimbra word, so another word list."""
    def coimbra(self):
        self.coimbra = [*fixture_words(), Word("Sé Velha", "SE", "Uma catedral.", "se-velha",
                                               False, "Românica. Uma catedral.")]
        return "fixture words and the Sé Velha"
    monkeypatch.setattr(Builder, "stage_coimbra", coimbra)


def without_it(monkeypatch) -> None:
    """Back to the fixture's Coimbra words (and their word list)."""
    def coimbra(self):
        self.coimbra = fixture_words()
        return "fixture words"
    monkeypatch.setattr(Builder, "stage_coimbra", coimbra)


def build_refused(out: Path, *flags: str) -> list[str]:
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet", *flags])
    assert result.exit_code == 1, result.output
    return result.output.strip().splitlines()


def not_served(out: Path, what: str, them: str = "it") -> str:
    """The line a build gives when it would drop what `out` serves and the store lacks."""
    store = published.STORE
    return (f"Error: {out} serves {what}, which {store} lacks and this build would not serve: "
            f"if {out} was never deployed, torre build --drop-unpublished drops {them}; if it was, "
            f"the store was rolled back: restore it from git (git log -- {store}), or, for a "
            f"publish never committed, run torre publish --dist {out} again")


# Issue 41 item 1: an uncommitted publish undone (git checkout and clean of the store) with
# its Coimbra word, the next build dropped the word list dist/ served, with exit 0.
def test_a_build_refuses_to_drop_a_word_list_the_dist_it_replaces_serves(
        tmp_path, fixture_coimbra, monkeypatch):
    out, saved = tmp_path / "dist", tmp_path / "store-as-committed"
    build_and_publish(out)
    shutil.copytree(published.STORE, saved)
    with_a_coimbra_word(monkeypatch)
    build_all(out, today=TODAY, quiet=True)
    added = current_version_of(out)
    assert CliRunner().invoke(main, ["publish", "--dist", str(out)]).exit_code == 0
    assert (published.STORE / LEDGER).read_text().count("\n") == 3
    shutil.rmtree(published.STORE)
    shutil.copytree(saved, published.STORE)  # the publish undone, never committed
    without_it(monkeypatch)
    before = tree_hashes(out)
    assert build_refused(out) == [not_served(out, f"word list {added} (versoes/{added}.dawg)")]
    assert tree_hashes(out) == before
    assert CliRunner().invoke(main, ["publish", "--dist", str(out)]).exit_code == 0  # the way out
    build_all(out, today=TODAY, quiet=True)
    assert (out / "versoes" / f"{added}.dawg").is_file()


# Issue 41 item 1, a developer's day: a Coimbra word added, built, removed, built again.
@pytest.mark.parametrize("part", ["a word list", "a day"])
def test_what_a_build_served_and_no_publish_recorded_is_dropped_only_with_drop_unpublished(
        tmp_path, fixture_coimbra, monkeypatch, part):
    out = tmp_path / "dist"
    if part == "a word list":
        with_a_coimbra_word(monkeypatch)
    build_all(out, today=TODAY, quiet=True)
    dropped = f"versoes/{current_version_of(out)}.dawg"
    what = f"word list {current_version_of(out)} ({dropped})"
    if part == "a word list":
        without_it(monkeypatch)
    else:
        shorter = dataclasses.replace(FAST_WINDOW, last=FAST_WINDOW.last - dt.timedelta(days=2))
        for module in (days_module, build_module):
            monkeypatch.setattr(module, "load_window", lambda *_args: shorter)
        dropped = f"dias/{FAST_WINDOW.last}.json"
        what = f"days {FAST_WINDOW.last - dt.timedelta(days=1)}, {FAST_WINDOW.last}"
    them = "them" if part == "a day" else "it"
    before = tree_hashes(out)
    assert build_refused(out) == [not_served(out, what, them)]
    assert build_refused(out, "--replace-foreign-out") == [not_served(out, what, them)]
    assert tree_hashes(out) == before
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet",
                                       "--drop-unpublished"])
    assert result.exit_code == 0, result.output
    assert not (out / dropped).exists()
    assert "--drop-unpublished" in CliRunner().invoke(main, ["build", "--help"]).output


def forged_into(out: Path, ledger_text: str) -> None:
    """Write `out`'s copy of the ledger, and record it in .torre-build: the manifest vouches."""
    (out / published.SERVED_LEDGER).write_text(ledger_text)
    (out / MANIFEST).write_text(manifest_text(file_hashes(out)))


def a_longer_one(out: Path) -> str:
    """The store's ledger and a third line that chains, claiming a day after the window."""
    ledger = published.read_ledger(published.STORE)
    days = {**published.read_days_manifest(), str(FAST_WINDOW.last + dt.timedelta(days=1)): "0" * 64}
    forged = next_publication(ledger, days, version_files(stored_versions()))
    return "".join(line.line() for line in [*ledger, forged])


def another_stores(out: Path) -> str:
    """The store's first line and a second line another store's publish wrote."""
    first = published.read_ledger(published.STORE)[:1]
    kept = {version: files for version, files in version_files(stored_versions()).items()
            if version in first[0].versions}
    return "".join(line.line() for line in [*first, next_publication(first, DAYS, kept)])


def not_from_this_store(out: Path, reason: str) -> str:
    return (f"Error: {out / published.SERVED_LEDGER}{reason}: {out} was not built from this "
            f"store; if {out} is yours to replace, build with --replace-foreign-out")


SERVED_LEDGER_DAMAGES = {
    "garbage": (lambda out: "garbage\n", ":1: not a line torre publish wrote: 'garbage'"),
    "a forged longer one": (a_longer_one, ": line 3 does not describe the days and word lists "
                                          "{out} serves"),
    "another store's line 2": (another_stores, f":2: not line 2 of {{store}}/{LEDGER}"),
}


# Issue 41 item 13: a damaged or foreign dist/.torre-ledger blocked every build, even with
# --replace-foreign-out, saying "restore it from git" of a file git does not hold.
@pytest.mark.parametrize("ledger, reason", SERVED_LEDGER_DAMAGES.values(),
                         ids=SERVED_LEDGER_DAMAGES.keys())
def test_a_damaged_or_foreign_served_ledger_is_named_and_replace_foreign_out_replaces_it(
        tmp_path, fixture_coimbra, ledger, reason):
    out = tmp_path / "dist"
    build_and_publish(out)
    build_all(out, today=TODAY, quiet=True)
    forged_into(out, ledger(out))
    before = tree_hashes(out)
    for command in (["build", "--out", str(out), "--quiet"], ["publish", "--dist", str(out)]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 1, result.output
        assert result.output.strip().splitlines() == [not_from_this_store(
            out, reason.format(out=out, store=published.STORE))]
    assert tree_hashes(out) == before
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet",
                                       "--replace-foreign-out"])
    assert result.exit_code == 0, result.output
    assert (out / published.SERVED_LEDGER).read_text() == (published.STORE / LEDGER).read_text()
