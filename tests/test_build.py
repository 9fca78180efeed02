"""The atomic build: all stages into a temporary tree, swapped in only on success."""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import signal
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline import build as build_module
from pipeline import outdir, published, sources
from pipeline.build import BuildError, Builder, build_all, days_left_warning
from pipeline.outdir import MANIFEST
from pipeline.cli import main
from pipeline import days as days_module
from pipeline.coimbra import openers
from pipeline.days import Window
from pipeline.errors import DicFileError
from pipeline.update import DictionaryUpdateError
from test_cli_words import HUNSPELL, setup_dictionaries
from test_site import fixture_words

TODAY = dt.date(2026, 12, 25)
# The fast builds' window, three months around TODAY, and their dozen practice towers: the
# project's 500 days and 1,000 towers (and their compressed copies) were most of a build's
# seconds. The real window is built whole by `make test` and by the byte-identical test below.
FAST_WINDOW = Window(dt.date(2026, 12, 1), dt.date(2027, 2, 28), 60)
FAST_PRACTICE = 12


def tree_hashes(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def fixture_coimbra(monkeypatch, tmp_path):
    """Fast builds: a tiny word list instead of the dictionaries, the test's 22 openers,
    FAST_WINDOW's days, and an empty store of published files (the project's records days
    of the real openers)."""
    def words(self):
        self.words = ["CASA", "MAR", "SOL"]
        return "3 fixture words"

    def coimbra(self):
        self.coimbra = fixture_words()
        return f"{len(self.coimbra)} fixture words"
    monkeypatch.setattr(Builder, "stage_words", words)
    monkeypatch.setattr(Builder, "stage_coimbra", coimbra)
    monkeypatch.setattr(published, "STORE", tmp_path / "published-store")
    monkeypatch.setattr(days_module, "default_openers", lambda: openers(fixture_words()))
    monkeypatch.setattr(days_module, "load_window", lambda *_args: FAST_WINDOW)
    monkeypatch.setattr(build_module, "load_window", lambda *_args: FAST_WINDOW)
    monkeypatch.setattr(build_module, "write_practice",
                        lambda out, openers: days_module.write_practice(out, openers, FAST_PRACTICE))


def test_two_full_builds_are_byte_identical_whatever_the_day_zone_locale_and_hash_seed(tmp_path):
    # Both use the project's compression cache (a cold q11 pass costs ~15 s of
    # CPU); that cached bytes equal fresh ones is tested in test_site.py. The
    # second runs on another Lisbon day: nothing in dist/ depends on the build day.
    first = build_all(tmp_path / "a" / "dist", today=TODAY, quiet=True)
    env = {**os.environ, "TZ": "Pacific/Kiritimati", "LC_ALL": "C", "PYTHONHASHSEED": "1"}
    subprocess.run([sys.executable, "-m", "pipeline", "build", "--out",
                    str(tmp_path / "b" / "dist"), "--today", "2027-03-02", "--quiet"],
                   cwd=build_module.PROJECT_ROOT, env=env, check=True)
    hashes = tree_hashes(tmp_path / "a" / "dist")
    assert hashes == tree_hashes(tmp_path / "b" / "dist")
    assert "index.html" in hashes and "constantes.json" in hashes and "palavras-comuns.txt" in hashes
    assert "a-torre.spdx.json" in hashes  # the SPDX document too: no clock, no path of the build
    assert first.files == len(hashes)


def test_a_build_writes_every_day_of_the_window_and_todays_tower(tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    report = build_all(out, today=TODAY, quiet=True)
    assert len(list((out / "dias").glob("????-??-??.json"))) == FAST_WINDOW.days
    assert (out / "dias" / "2026-12-25.json.br").is_file()
    assert json.loads((out / "dias" / "2026-12-25.json").read_text())["date"] == "2026-12-25"
    # The home page names no day's opener: the page fills it in from the day file.
    assert 'id="abertura-ligacao" href="/coimbra/">' in (out / "index.html").read_text()
    assert [s.name for s in report.stages] == ["words", "coimbra", "dawg", "common", "days",
                                                "published", "site"]
    assert (out / "palavras.dawg").is_file()


def test_a_successful_build_replaces_an_earlier_build_and_leaves_no_temporary_one(
        tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    build_all(out, today=TODAY, quiet=True)
    (out / "index.html").unlink()  # removed: the manifest no longer matches…
    with pytest.raises(BuildError, match="files removed since the build: index.html"):
        build_all(out, today=TODAY, quiet=True)
    build_all(out, today=TODAY, quiet=True, replace_foreign=True)  # …unless told to
    build_all(out, today=TODAY, quiet=True)
    assert (out / "index.html").exists() and (out / MANIFEST).is_file()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith((".", "dist"))) \
        == ["dist"]


def test_the_manifest_lists_every_file_with_its_sha256(tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    build_all(out, today=TODAY, quiet=True)
    listed = dict(reversed(line.split("  ", 1)) for line in
                  (out / MANIFEST).read_text(encoding="utf-8").splitlines())
    hashes = tree_hashes(out)
    del hashes[MANIFEST]
    assert listed == hashes


def make_folder(out: Path, contents: dict[str, str | None]) -> Path:
    """A folder holding `contents`: name → text, or None for a subfolder."""
    out.mkdir()
    for name, text in contents.items():
        (out / name).mkdir() if text is None else (out / name).write_text(text)
    return out


# Issue 13 item 1: one build name was enough to count as a build, and all else was deleted.
@pytest.mark.parametrize("contents", [
    {"index.html": "hi", "photos": None, "photos/a.jpg": "p"},
    {"dias": None},
    {"palavras.txt": "CASA\n"},
])
def test_a_folder_with_build_names_but_no_manifest_is_never_replaced(tmp_path, fixture_coimbra,
                                                                     contents):
    out = make_folder(tmp_path / "x", contents)
    before = sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))
    with pytest.raises(BuildError, match=f"no {MANIFEST} manifest"):
        build_all(out, today=TODAY, quiet=True)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == before


@pytest.mark.parametrize("change, reason", [
    (lambda out: (out / "photos").mkdir() or (out / "photos" / "a.jpg").write_text("p"),
     r"files the build did not write: photos/\)"),  # named from the top level, unread
    (lambda out: (out / "index.html").write_text("edited by hand"), "changed files: index.html"),
    (lambda out: (out / "photos").mkdir(), "files the build did not write: photos/"),
    (lambda out: (out / "notes").symlink_to("/etc"), "files the build did not write: notes@"),
    (lambda out: (out / "dias" / "notes.txt").write_text("mine"),
     "files the build did not write: dias/notes.txt"),
])
def test_an_earlier_build_with_a_file_added_or_changed_is_refused(tmp_path, fixture_coimbra,
                                                                  change, reason):
    out = tmp_path / "dist"
    build_all(out, today=TODAY, quiet=True)
    change(out)
    before = tree_hashes(out)
    with pytest.raises(BuildError, match=reason):
        build_all(out, today=TODAY, quiet=True)
    assert tree_hashes(out) == before


def test_the_cli_replaces_a_foreign_out_only_with_its_flag(tmp_path, fixture_coimbra):
    out = tmp_path / "x"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    args = ["build", "--out", str(out), "--today", "2026-12-25", "--quiet"]
    refused = CliRunner().invoke(main, args)
    assert refused.exit_code == 1 and "--replace-foreign-out" in refused.output
    assert (out / "notes.txt").exists()
    replaced = CliRunner().invoke(main, [*args, "--replace-foreign-out"])
    assert replaced.exit_code == 0 and not (out / "notes.txt").exists()


@pytest.mark.parametrize("contents", [{".git": None, "index.html": "x"},
                                      {"pyproject.toml": "[project]"},
                                      {"notes.txt": "mine", "photos": None}])
def test_a_folder_that_is_not_an_earlier_build_is_never_replaced(tmp_path, fixture_coimbra,
                                                                  contents):
    out = make_folder(tmp_path / "project", contents)
    before = tree_hashes(out)
    with pytest.raises(BuildError, match="refusing to replace it"):
        build_all(out, today=TODAY, quiet=True)
    if ".git" in contents:  # never, even when told to replace a foreign folder
        with pytest.raises(BuildError, match="it is a project, not a build"):
            build_all(out, today=TODAY, quiet=True, replace_foreign=True)
    assert tree_hashes(out) == before and sorted(p.name for p in tmp_path.iterdir()) == ["project"]


def test_an_out_that_is_a_file_is_refused(tmp_path, fixture_coimbra):
    (tmp_path / "README.md").write_text("keep me")
    with pytest.raises(BuildError, match="README.md is a file"):
        build_all(tmp_path / "README.md", today=TODAY, quiet=True)
    assert (tmp_path / "README.md").read_text() == "keep me"


@pytest.mark.parametrize("failing", ["stage_coimbra", "stage_dawg", "stage_common", "stage_days",
                                     "stage_site"])
def test_a_failed_build_leaves_the_old_dist_intact(tmp_path, fixture_coimbra, monkeypatch,
                                                   failing):
    out = tmp_path / "dist"
    build_all(out, today=TODAY, quiet=True)
    before = tree_hashes(out)

    def fail(self):
        raise RuntimeError(f"{failing} broke")
    monkeypatch.setattr(Builder, failing, fail)
    with pytest.raises(RuntimeError, match="broke"):
        build_all(out, today=TODAY, quiet=True)
    assert tree_hashes(out) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith((".", "dist"))) \
        == ["dist"]


@pytest.mark.parametrize("fallback", [False, True], ids=["exchange", "two renames"])
def test_a_failure_while_swapping_in_puts_the_old_tree_back(tmp_path, fixture_coimbra,
                                                            monkeypatch, fallback):
    out = tmp_path / "dist"
    build_all(out, today=TODAY, quiet=True)
    before = tree_hashes(out)
    real_rename = outdir.os.rename

    def rename(source, target):
        if Path(source).name.startswith(".dist-tmp-"):
            raise OSError("disk full")
        real_rename(source, target)
    monkeypatch.setattr(outdir.os, "rename", rename)

    def exchange(first, second):
        if fallback:
            return False
        raise OSError("disk full")
    monkeypatch.setattr(outdir, "exchange", exchange)
    with pytest.raises(OSError, match="disk full"):
        build_all(out, today=TODAY, quiet=True)
    assert tree_hashes(out) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith((".", "dist"))) \
        == ["dist"]


@pytest.fixture
def new_release(tmp_path, monkeypatch):
    """Fixture dictionaries whose .dic hash the manifest does not record."""
    folder, manifest = setup_dictionaries(
        tmp_path, (HUNSPELL / "affixes.aff").read_text(encoding="utf-8"),
        (HUNSPELL / "affixes.dic").read_text(encoding="utf-8"), record=False)
    monkeypatch.setattr(sources, "DEFAULT_MANIFEST", manifest)
    return folder, manifest


def test_a_failed_build_accepting_new_dictionaries_leaves_the_manifest_alone(
        tmp_path, new_release, monkeypatch):
    folder, manifest = new_release
    before = manifest.read_bytes()

    def fail(self):
        raise RuntimeError("stage_dawg broke")
    monkeypatch.setattr(Builder, "stage_dawg", fail)
    with pytest.raises(RuntimeError, match="broke"):
        build_all(tmp_path / "dist", natura_dir=folder, today=TODAY, quiet=True,
                  accept_new_dictionaries=True)
    assert manifest.read_bytes() == before


def test_a_build_accepting_new_dictionaries_records_them_once_in_place(
        tmp_path, new_release, capsys):
    folder, manifest = new_release
    build_all(tmp_path / "dist", natura_dir=folder, today=TODAY, quiet=True,
              accept_new_dictionaries=True)
    assert (tmp_path / "dist" / "palavras.txt").is_file()
    assert "0" * 64 not in manifest.read_text(encoding="utf-8")
    assert f"recorded the SHA-256 of {folder / 't.dic'}" in capsys.readouterr().err


@pytest.mark.parametrize("today, warns", [
    (dt.date(2026, 12, 25), False),
    (dt.date(2028, 1, 14), False),   # 60 days left: enough
    (dt.date(2028, 1, 15), True),    # 59 left
    (dt.date(2028, 6, 1), True),     # past the end
])
def test_warns_when_fewer_than_warn_days_left_remain(today, warns):
    window = Window(dt.date(2026, 11, 1), dt.date(2028, 3, 14), 60)
    warning = days_left_warning(window, today)
    assert (warning is not None) == warns
    if warns:
        assert "torre days extend" in warning


def test_the_build_warns_loudly_on_stderr_even_when_quiet(tmp_path, fixture_coimbra, capsys):
    last = FAST_WINDOW.last
    report = build_all(tmp_path / "dist", today=last - dt.timedelta(days=3), quiet=True)
    assert report.warnings and "only 3 days of towers left" in report.warnings[0]
    assert "WARNING: only 3 days" in capsys.readouterr().err


def test_progress_and_summary_name_every_stage_with_times(tmp_path, fixture_coimbra, capsys):
    build_all(tmp_path / "dist", today=TODAY)
    err = capsys.readouterr().err
    for stage in ("words", "coimbra", "dawg", "common", "days", "published", "site", "total"):
        assert stage in err
    assert " s " in err and "files" in err


def test_torre_build_cli_builds_into_out(tmp_path, fixture_coimbra):
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path / "d"),
                                       "--today", "2026-12-25", "--quiet"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "d" / "index.html").is_file()


def test_torre_build_cli_refuses_a_malformed_date(tmp_path):
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path), "--today", "25/12"])
    assert result.exit_code == 2 and "not a date YYYY-MM-DD" in result.output


def test_torre_serve_without_a_build_exits_1_naming_the_directory(tmp_path):
    result = CliRunner().invoke(main, ["serve", "--dir", str(tmp_path), "--port", "0"])
    assert result.exit_code == 1
    assert str(tmp_path) in result.output and "torre build" in result.output


# Issue 13 item 5: a symlinked --out crashed in rmtree and turned the link into a folder.
def test_a_build_through_a_symlink_replaces_the_folder_it_points_to(tmp_path, fixture_coimbra):
    real, link = tmp_path / "real", tmp_path / "link"
    build_all(real, today=TODAY, quiet=True)
    link.symlink_to(real)
    (real / MANIFEST).write_text((real / MANIFEST).read_text())  # same manifest, rewritten
    build_all(link, today=TODAY - dt.timedelta(days=1), quiet=True)
    assert link.is_symlink() and link.resolve() == real
    assert (link / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]


# Issue 13 item 6: kill -9 left .dist-tmp-* trees that nothing removed.
def test_stale_temporary_trees_of_dead_builds_are_removed_and_live_ones_kept(
        tmp_path, fixture_coimbra):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    stale = [tmp_path / f".dist-tmp-{dead}-abc", tmp_path / f".dist-old-{dead}-abc"]
    live = tmp_path / f".dist-tmp-{os.getpid()}-running"
    for folder in (*stale, live):
        (folder / "dias").mkdir(parents=True)
    build_all(tmp_path / "dist", today=TODAY, quiet=True)
    assert not any(folder.exists() for folder in stale) and live.is_dir()


STOPPED_BUILD = """
import sys, time
from pathlib import Path
from pipeline.build import Builder, build_all
def run(self, report):
    print("ready", flush=True)
    time.sleep(60)
Builder.run = run
build_all(Path(sys.argv[1]), quiet=True)
"""


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_build_stopped_by_a_signal_removes_its_temporary_tree(tmp_path, signal_name):
    # SIGINT as a terminal's Ctrl-C sends it: a shell script's background job starts with it
    # ignored, and Python then never turns it into KeyboardInterrupt.
    process = subprocess.Popen([sys.executable, "-c", STOPPED_BUILD, str(tmp_path / "dist")],
                               cwd=build_module.PROJECT_ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert process.stdout.readline().strip() == "ready"
    assert [p.name[:10] for p in tmp_path.iterdir()] == [".dist-tmp-"]
    process.send_signal(getattr(signal, signal_name))
    # The wait ends when the child does; the long limit only covers a machine under heavy
    # load, where the unwind and the interpreter's shutdown once took more than 20 s.
    assert process.wait(timeout=180) != 0, process.stderr.read()
    assert list(tmp_path.iterdir()) == []


# Issue 13 item 9: under umask 077 files came out 600 and a web server answered 403.
def test_the_tree_is_world_readable_whatever_the_umask(tmp_path, fixture_coimbra):
    previous = os.umask(0o077)
    try:
        build_all(tmp_path / "dist", today=TODAY, quiet=True)
    finally:
        os.umask(previous)
    root = tmp_path / "dist"
    modes = {stat.S_IMODE(p.stat().st_mode) for p in [root, *root.rglob("*")]}
    assert modes == {0o644, 0o755}
    assert stat.S_IMODE((root / "dias").stat().st_mode) == 0o755


# Issue 13 item 2: accepting new dictionaries took truncated ones and recorded them.
WORDS_BEFORE = 26  # what tests/fixtures/hunspell/affixes.dic gives (test_hunspell_expand)


def recorded_words(manifest: Path) -> int:
    return int(next(line.split("=")[1] for line in manifest.read_text().splitlines()
                    if line.startswith("words")))


def test_accepting_new_dictionaries_records_their_word_count(tmp_path, new_release):
    folder, manifest = new_release
    build_all(tmp_path / "dist", natura_dir=folder, today=TODAY, quiet=True,
              accept_new_dictionaries=True)
    assert recorded_words(manifest) == WORDS_BEFORE


def shrink_dictionary(folder: Path, keep: int) -> None:
    """The .dic cut to its first `keep` entries, its count line rewritten to match."""
    lines = (folder / "t.dic").read_text(encoding="utf-8").splitlines()
    (folder / "t.dic").write_text("\n".join([str(keep), *lines[1:keep + 1]]) + "\n")


def test_a_new_release_losing_words_is_refused_and_nothing_recorded(tmp_path, new_release,
                                                                   capsys):
    folder, manifest = new_release
    out = tmp_path / "dist"
    build_all(out, natura_dir=folder, today=TODAY, quiet=True, accept_new_dictionaries=True)
    capsys.readouterr()
    shrink_dictionary(folder, 8)
    before, site = manifest.read_bytes(), tree_hashes(out)
    with pytest.raises(DictionaryUpdateError, match=r"now gives \d+ words, \d+ fewer than the "
                                                    f"{WORDS_BEFORE} recorded"):
        build_all(out, natura_dir=folder, today=TODAY, quiet=True, accept_new_dictionaries=True,
                  drop_unpublished=True)  # out's word list was never published
    assert manifest.read_bytes() == before and tree_hashes(out) == site
    build_all(out, natura_dir=folder, today=TODAY, quiet=True, accept_new_dictionaries=True,
              allow_word_loss=True, drop_unpublished=True)
    err = capsys.readouterr().err
    assert re.search(r"against .*palavras\.txt: \+0 words, -\d+ words", err)
    assert err.index("words, -") < err.index("recorded the SHA-256")
    assert recorded_words(manifest) < WORDS_BEFORE


def test_an_emptied_dictionary_stops_the_build_at_its_count_line(tmp_path, new_release):
    folder, manifest = new_release
    before = manifest.read_bytes()
    (folder / "t.dic").write_text("44476\n")
    with pytest.raises(DicFileError, match="t.dic:1: declares 44476 entries, found 0"):
        build_all(tmp_path / "dist", natura_dir=folder, today=TODAY, quiet=True,
                  accept_new_dictionaries=True)
    assert manifest.read_bytes() == before


def never_walked(monkeypatch) -> None:
    """Reading past the top level (hashing files, walking folders) fails the test."""
    def walk(*_args):
        raise AssertionError("the refusal read past the manifest and the top level")
    monkeypatch.setattr(outdir, "tree_state", walk)
    monkeypatch.setattr(outdir, "sha256_file", walk)


# Issue 31 item 6: a folder of 20,000 photos was refused after 16–60 s of hashing every file.
@pytest.mark.parametrize("manifest", [False, True], ids=["no manifest", "an earlier build's"])
def test_a_large_foreign_out_is_refused_from_its_manifest_and_top_level_alone(
        tmp_path, monkeypatch, manifest):
    out = make_folder(tmp_path / "photos", {"2026": None, "index.html": "x"})
    for number in range(50):
        (out / "2026" / f"{number}.jpg").write_bytes(b"jpg")
    if manifest:  # a build's manifest, but a top-level folder it never wrote
        (out / MANIFEST).write_text(f"{'0' * 64}  index.html\n")
    never_walked(monkeypatch)
    reason = "files the build did not write: 2026/" if manifest else "no .torre-build manifest"
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet"])
    assert result.exit_code == 1 and reason in result.output, result.output
    assert "refusing to replace it" in result.output


# Issue 34 item 7: `torre build --out /` died with «Error: /proc/NNNN: No such file or directory».
@pytest.mark.parametrize("folder", ["/", "/usr", "/home", "~", "the temporary folder"])
@pytest.mark.parametrize("flag", [[], ["--replace-foreign-out"]], ids=["", "replace-foreign"])
def test_a_system_folder_as_out_is_refused_at_once_even_with_replace_foreign_out(
        monkeypatch, folder, flag):
    folder = {"~": str(Path.home()), "the temporary folder": tempfile.gettempdir()}.get(
        folder, folder)
    never_walked(monkeypatch)
    result = CliRunner().invoke(main, ["build", "--out", folder, "--quiet", *flag])
    assert result.exit_code == 1, result.output
    assert result.output.strip().splitlines() == [
        f"Error: {folder} is a system folder; refusing to replace it (even with "
        "--replace-foreign-out). --out names a folder the build owns, such as dist"]
