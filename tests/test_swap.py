"""The swap of a new build into --out: at every instant --out is a complete build.

The kills drive the real `torre build` swap in a child process: a test seam
(pipeline.outdir.step) pauses at each step, the test kills the process there,
and --out must still verify against its own .torre-build.
"""
from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from pipeline import build as build_module
from pipeline import outdir
from pipeline.build import BuildError, Builder, build_all
from pipeline.outdir import MANIFEST, foreign_reason
from test_build import fixture_coimbra  # noqa: F401 (a fixture)

# A build whose stages write two files (the swap, the manifest and the checks are real),
# paused at the step named by argv[1] for argv[5] seconds; argv[4] "fallback" takes the
# two-rename swap of systems without renameat2.
PAUSED_BUILD = """
import sys, time
from pathlib import Path
from pipeline import outdir
from pipeline.build import Builder, build_all
wanted, out, label, mode, seconds = sys.argv[1], Path(sys.argv[2]), *sys.argv[3:6]
def run(self, report):
    (self.tmp / "index.html").write_text(label)
    (self.tmp / "dias").mkdir()
    (self.tmp / "dias" / "2026-12-25.json").write_text("{}")
def step(name):
    if name == wanted:
        print(name, flush=True)
        time.sleep(float(seconds))
Builder.run = run
outdir.step = step
if mode == "fallback":
    outdir.exchange = lambda a, b: False
build_all(out, quiet=True)
print("done", flush=True)
"""


def start_build(out: Path, wanted: str, label: str, fallback: bool = False,
                seconds: float = 30) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", PAUSED_BUILD, wanted, str(out), label,
         "fallback" if fallback else "exchange", str(seconds)],
        cwd=build_module.PROJECT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)


def read_line(process: subprocess.Popen, seconds: float = 30) -> str:
    """The child's next line, or a failure (never a hang) when it says nothing in time."""
    ready, _, _ = select.select([process.stdout], [], [], seconds)
    if not ready:
        process.kill()
        pytest.fail(f"the build said nothing in {seconds} s: {process.communicate()[1]}")
    return process.stdout.readline().strip()


def finish(process: subprocess.Popen) -> tuple[int, str]:
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the build did not stop within 30 s")
    return process.returncode, err


def built(out: Path, label: str) -> Path:
    process = start_build(out, "never", label)
    assert finish(process)[0] == 0
    return out


def assert_complete_build(out: Path) -> str:
    """--out is a finished build whose files are exactly its manifest's; returns its label."""
    assert out.is_dir() and (out / MANIFEST).is_file(), f"{out} is not a build"
    assert foreign_reason(out) is None
    return (out / "index.html").read_text()


def leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if p.name.startswith(".dist-"))


def test_the_out_folder_is_read_once_before_a_build_replaces_it(tmp_path, monkeypatch):
    out = tmp_path / "dist"
    (out / "dias").mkdir(parents=True)
    for name in ("index.html", "dias/2026-12-25.json"):
        (out / name).write_text(name)
    outdir.write_manifest(out)
    hashed = []
    original = outdir.sha256_file
    monkeypatch.setattr(outdir, "sha256_file", lambda path: hashed.append(path) or original(path))
    state = outdir.replaceable_state(out)
    assert len(hashed) == len(set(hashed)) == 3  # the manifest too: the swap compares it
    assert state == outdir.tree_state(out)


@pytest.mark.parametrize("kind, name", [("link", "extra@"), ("folder", "empty/")])
def test_a_link_or_an_empty_folder_in_an_earlier_build_makes_it_foreign(tmp_path, kind, name):
    out = tmp_path / "dist"
    out.mkdir()
    (out / "index.html").write_text("x")
    outdir.write_manifest(out)
    if kind == "link":
        (out / "extra").symlink_to("index.html")
    else:
        (out / "empty").mkdir()
    assert foreign_reason(out) == f"files the build did not write: {name}"


# Issue 22 item 1: `rename(dist, old)` then `rename(tmp, dist)` left no dist/ between the two.
@pytest.mark.parametrize("fallback, wanted", [(False, "swap"), (False, "swapped"),
                                              (True, "swap"), (True, "renamed"),
                                              (True, "swapped")])
def test_a_build_killed_at_any_step_of_the_swap_leaves_a_complete_build(tmp_path, wanted,
                                                                       fallback):
    out = built(tmp_path / "dist", "old")
    process = start_build(out, wanted, "new", fallback)
    assert read_line(process) == wanted
    if wanted != "renamed":
        assert assert_complete_build(out) in ("old", "new")  # while it waits there
    process.kill()
    finish(process)
    if wanted == "renamed":     # the one window left, on systems without renameat2:
        assert not out.exists()  # the next build puts the old tree back first
        assert outdir.restore_interrupted(out) is not None
        assert assert_complete_build(out) == "old"
    else:
        assert assert_complete_build(out) == ("old" if wanted == "swap" else "new")
    built(out, "next")
    assert assert_complete_build(out) == "next" and leftovers(tmp_path) == []


@pytest.mark.parametrize("fallback", [False, True], ids=["exchange", "two renames"])
def test_sigterm_at_the_swap_leaves_a_complete_build_and_no_temporary_tree(tmp_path, fallback):
    out = built(tmp_path / "dist", "old")
    wanted = "renamed" if fallback else "swap"
    process = start_build(out, wanted, "new", fallback, seconds=2)
    assert read_line(process) == wanted
    process.send_signal(signal.SIGTERM)
    code, err = finish(process)
    assert code == 0, err  # the swap, once begun, is finished before the signal is heeded
    assert assert_complete_build(out) == "new" and leftovers(tmp_path) == []
    assert "SIGTERM arrived once the new build was in place" in err


# Issue 22 item 13: SIGHUP while the old tree was removed gave exit 1 "Aborted!" though the
# new build was in place.
@pytest.mark.parametrize("signal_name", ["SIGHUP", "SIGTERM", "SIGINT"])
def test_a_signal_once_the_new_build_is_in_place_finishes_the_cleanup_and_says_so(
        tmp_path, signal_name):
    out = built(tmp_path / "dist", "old")
    process = start_build(out, "swapped", "new", seconds=2)
    assert read_line(process) == "swapped"
    process.send_signal(getattr(signal, signal_name))
    code, err = finish(process)
    assert code == 0, err
    assert assert_complete_build(out) == "new" and leftovers(tmp_path) == []
    assert f"{signal_name} arrived once the new build was in place" in err


def write_file_meanwhile(monkeypatch, out: Path, when: str = "stages") -> None:
    """A file written into --out while the build runs (a user, an editor, a sync tool)."""
    real_run = Builder.run

    def run(self, report):
        real_run(self, report)
        if when == "stages":
            (out / "user-notes.txt").write_text("notes")
    monkeypatch.setattr(Builder, "run", run)
    if when == "swap":
        monkeypatch.setattr(outdir, "step", lambda name: name == "swap" and (
            out / "user-notes.txt").write_text("notes"))


# Issue 22 item 2: a file written into dist/ during a build was deleted with exit 0.
def test_a_file_written_into_out_during_the_build_stops_the_swap_and_both_trees_are_kept(
        tmp_path, fixture_coimbra, monkeypatch):
    out = tmp_path / "dist"
    build_all(out, quiet=True)
    write_file_meanwhile(monkeypatch, out)
    with pytest.raises(BuildError) as raised:
        build_all(out, quiet=True)
    message = str(raised.value)
    assert f"{out} changed during the build" in message and "user-notes.txt" in message
    kept = Path(message.split("the new build is kept in ")[1].split(";")[0])
    assert (out / "user-notes.txt").read_text() == "notes"
    assert kept.parent == tmp_path and (kept / MANIFEST).is_file() and foreign_reason(kept) is None


def test_a_file_written_into_out_during_the_exchange_itself_is_kept_with_the_old_tree(
        tmp_path, fixture_coimbra, monkeypatch):
    out = tmp_path / "dist"
    build_all(out, quiet=True)
    write_file_meanwhile(monkeypatch, out, when="swap")
    with pytest.raises(BuildError) as raised:
        build_all(out, quiet=True)
    message = str(raised.value)
    assert f"the new build is in place in {out}" in message
    kept = Path(message.split("the previous tree is kept in ")[1].split(";")[0])
    assert (kept / "user-notes.txt").read_text() == "notes"
    assert assert_complete_build(out)


# Issue 22 item 12: a root-owned dist/dias: "Error: 2028-01-01.json.gz: Permission denied",
# exit 1 with the new build in place, and a .dist-old-<pid> no later build removed.
def test_an_old_tree_that_cannot_be_removed_is_named_and_the_build_succeeds(
        tmp_path, fixture_coimbra, monkeypatch, capsys):
    out = tmp_path / "dist"
    build_all(out, quiet=True)
    real_unlink = os.unlink

    def unlink(path, *args, dir_fd=None, **kwargs):
        if str(path).endswith("2026-12-25.json.gz"):
            raise PermissionError(13, "Permission denied", path)
        return real_unlink(path, *args, dir_fd=dir_fd, **kwargs)
    monkeypatch.setattr(os, "unlink", unlink)
    report = build_all(out, quiet=True)
    assert_complete_build(out)
    warning = " ".join(report.warnings)
    assert f"the new build is in place in {out}" in warning
    assert "2026-12-25.json.gz: Permission denied" in warning
    left = [tmp_path / name for name in leftovers(tmp_path)]
    assert len(left) == 1 and str(left[0]) in warning
    assert f"{left[0]}/dias/2026-12-25.json.gz: Permission denied" in warning
    assert "WARNING" in capsys.readouterr().err
    monkeypatch.setattr(os, "unlink", real_unlink)
    build_all(out, quiet=True)  # the next build removes it
    assert leftovers(tmp_path) == []


def build_as_nobody(out: Path, label: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c",
         PAUSED_BUILD, "never", str(out), label, "exchange", "0"],
        cwd=build_module.PROJECT_ROOT, capture_output=True, text=True, timeout=60,
        env={**os.environ, "HOME": "/tmp", "PYTHONDONTWRITEBYTECODE": "1"})


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"),
                    reason="plays an unprivileged user: needs root and setpriv")
def test_an_unprivileged_build_over_a_root_owned_folder_succeeds_and_names_what_is_left():
    """Issue 22 item 12, as it happened: a user's build, dist/dias owned by root."""
    parent = Path(tempfile.mkdtemp(prefix="torre-unprivileged-"))
    try:
        parent.chmod(0o777)
        out = parent / "dist"
        assert build_as_nobody(out, "old").returncode == 0
        for path in [out / "dias", *(out / "dias").iterdir()]:
            os.chown(path, 0, 0)
        result = build_as_nobody(out, "new")
        assert result.returncode == 0, result.stderr
        assert assert_complete_build(out) == "new"
        left = [parent / name for name in leftovers(parent)]
        assert len(left) == 1
        assert f"the new build is in place in {out}" in result.stderr
        assert f"{left[0]}/dias/2026-12-25.json: Permission denied" in result.stderr
        assert str(left[0]) in result.stderr and "Traceback" not in result.stderr
    finally:
        shutil.rmtree(parent)
