"""Issue 22 items 10 and 11: every bad input is one line naming the path, never a
traceback or a hang, and quotes no more than 80 characters of it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline import build as build_module
from pipeline.cli import main


def one_line_error(result, *expected: str) -> str:
    """The command failed with exit 1 (or 2 and click's usage lines) and one error line
    saying `expected`, no traceback."""
    assert result.exit_code in (1, 2), result.output
    assert isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    errors = [line for line in lines if line.startswith("Error: ")]
    assert len(errors) == 1 and (result.exit_code == 2 or len(lines) == 1), result.output
    for text in expected:
        assert text in errors[0]
    return errors[0]


@pytest.fixture
def loop(tmp_path) -> Path:
    link = tmp_path / "loop"
    link.symlink_to(link)
    return link


@pytest.mark.parametrize("command", [
    ["days", "build", "--first", "2026-12-01", "--last", "2026-12-01", "--out"],
    ["words", "build", "--out"], ["dawg", "build", "--out"], ["serve", "--port", "0", "--dir"],
    ["build", "--quiet", "--out"]], ids=lambda c: " ".join(c[:2]))
def test_a_symlink_loop_as_the_folder_is_one_line_naming_it(loop, command):
    one_line_error(CliRunner().invoke(main, [*command, str(loop)]), str(loop),
                   "Too many levels of symbolic links")


def words_file(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "palavras.txt"
    path.write_bytes(data)
    return path


def dawg_build(tmp_path: Path, *args: str):
    return CliRunner().invoke(main, ["dawg", "build", "--out", str(tmp_path / "out"), *args])


def test_a_latin1_word_list_is_one_line_naming_the_byte(tmp_path):
    path = words_file(tmp_path, "CASA\nAÇÃO\n".encode("latin-1"))
    one_line_error(dawg_build(tmp_path, "--words", str(path)), f"{path}: not UTF-8 (byte 6)")


def test_a_100000_letter_line_is_refused_and_quoted_cut(tmp_path):
    path = words_file(tmp_path, b"CASA\n" + b"A" * 100_000 + b"\n")
    line = one_line_error(dawg_build(tmp_path, "--words", str(path)),
                          f"{path}:2: a line of 100000 letters", "'" + "A" * 80 + "'…")
    assert len(line) < 300


def test_a_word_list_over_64_mib_is_refused_unread(tmp_path):
    path = tmp_path / "palavras.txt"
    with path.open("wb") as handle:
        handle.truncate(3 << 30)  # 3 GB, sparse: nothing is written, nothing must be read
    one_line_error(dawg_build(tmp_path, "--words", str(path)), str(path), "64 MiB")


def test_a_coimbra_file_nested_5000_deep_is_one_line(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    words = words_file(tmp_path, b"CASA\n")
    one_line_error(dawg_build(tmp_path, "--words", str(words), "--coimbra", str(path)),
                   str(path), "nested too deeply")


SPECIAL = {"a FIFO": "FIFO", "/dev/zero": "/dev/zero"}


@pytest.mark.parametrize("option", ["--words", "--coimbra"])
@pytest.mark.parametrize("special", SPECIAL.values(), ids=SPECIAL.keys())
def test_a_fifo_or_dev_zero_is_refused_without_hanging(tmp_path, option, special):
    path = Path(special)
    if special == "FIFO":
        path = tmp_path / "fifo"
        os.mkfifo(path)
    words = words_file(tmp_path, b"CASA\n")
    args = ["--words", str(words), "--coimbra", str(words)]
    args[args.index(option) + 1] = str(path)
    process = subprocess.run([sys.executable, "-m", "pipeline", "dawg", "build", "--out",
                              str(tmp_path / "out"), *args], capture_output=True, text=True,
                             timeout=60, cwd=build_module.PROJECT_ROOT)
    assert process.returncode == 1
    assert process.stderr.strip() == f"Error: {path}: not a regular file; " + (
        "--words names palavras.txt, one word per line" if option == "--words"
        else "the Coimbra words are a coimbra.toml")


def test_a_deeply_nested_stored_coimbra_index_is_one_line(tmp_path):
    from pipeline.published import PublishedError, version_of

    with pytest.raises(PublishedError, match="x.coimbra.json: nested too deeply"):
        version_of(b"", b"[" * 100_000 + b"]" * 100_000, "x.coimbra.json")


def test_days_show_prints_under_a_latin1_terminal(tmp_path):
    process = subprocess.run([sys.executable, "-m", "pipeline", "days", "show", "2026-12-25"],
                             capture_output=True, timeout=60, cwd=build_module.PROJECT_ROOT,
                             env={**os.environ, "PYTHONIOENCODING": "latin-1"})
    assert process.returncode == 0, process.stderr
    assert b"Tower of 2026-12-25" in process.stdout and b"?" in process.stdout


def test_a_quoted_word_argument_is_cut_to_80_characters():
    result = CliRunner().invoke(main, ["dawg", "check", "ж" * 10_000])
    line = one_line_error(result, "'" + "ж" * 80 + "'…")
    assert len(line) < 1000
