"""`torre dawg build/check/dump/info` through click's CliRunner."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.coimbra import load_coimbra

WORDS = ["CABRA", "CASA", "CASAS", "SOL"]


@pytest.fixture(scope="module")
def coimbra() -> list[str]:
    return sorted({entry.folded for entry in load_coimbra()})


@pytest.fixture
def built(tmp_path: Path) -> Path:
    (tmp_path / "palavras.txt").write_text("".join(w + "\n" for w in WORDS), encoding="utf-8")
    result = CliRunner().invoke(
        main, ["dawg", "build", "--words", str(tmp_path / "palavras.txt"), "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    return tmp_path / "palavras.dawg"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_build_writes_palavras_dawg_and_says_what_it_holds(built: Path, coimbra: list[str]):
    assert built.exists()
    assert run("dawg", "info", "--dawg", str(built)).output.splitlines()[2].split()[-1] == str(
        len(set(WORDS) | set(coimbra)))


def test_build_counts_the_words_stored_not_the_lines_read(tmp_path: Path, coimbra: list[str]):
    (tmp_path / "palavras.txt").write_text("CASA\nCASA\nSOL\n", encoding="utf-8")
    result = run("dawg", "build", "--words", str(tmp_path / "palavras.txt"),
                 "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert f"2 dictionary words, {len(coimbra)} Coimbra words" in result.output


def test_check_answers_yes_no_or_coimbra_per_word(built: Path):
    result = run("dawg", "check", "--dawg", str(built), "casa", "Cabra", "xyz", "TRICANA", "Sól")
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "casa yes", "Cabra coimbra", "xyz no", "TRICANA coimbra", "Sól yes"]


def test_check_folds_cedilla_and_accents(built: Path):
    assert run("dawg", "check", "--dawg", str(built), "ÇASA", "cása").output.splitlines() == [
        "ÇASA yes", "cása yes"]


def test_dump_prints_every_word_in_order(built: Path, coimbra: list[str]):
    result = run("dawg", "dump", "--dawg", str(built))
    assert result.exit_code == 0
    assert result.output.splitlines() == sorted(set(WORDS) | set(coimbra))


def test_info_reports_counts_sizes_and_checksum(built: Path, coimbra: list[str]):
    lines = dict(line.rsplit(None, 1) for line in run("dawg", "info", "--dawg", str(built)).output.splitlines())
    assert lines["dictionary words"] == str(len(WORDS))
    assert lines["coimbra words"] == str(len(coimbra))
    assert lines["bytes raw"] == str(built.stat().st_size)
    assert 0 < int(lines["bytes brotli q11"]) < built.stat().st_size
    assert len(lines["crc-32"]) == 8


def test_a_missing_dawg_exits_1_and_says_where_it_looked(tmp_path: Path):
    result = run("dawg", "check", "--dawg", str(tmp_path / "nada.dawg"), "casa")
    assert result.exit_code == 1
    assert "nada.dawg" in result.output and "torre dawg build" in result.output


def test_a_corrupted_dawg_exits_1_with_the_reason(built: Path):
    data = bytearray(built.read_bytes())
    data[-1] ^= 1
    built.write_bytes(bytes(data))
    result = run("dawg", "dump", "--dawg", str(built))
    assert result.exit_code == 1 and "checksum mismatch" in result.output


def test_a_bad_word_list_line_is_named_by_file_and_line(tmp_path: Path):
    (tmp_path / "palavras.txt").write_text("CASA\nKIWI\n", encoding="utf-8")
    result = run("dawg", "build", "--words", str(tmp_path / "palavras.txt"), "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "palavras.txt:2:" in result.output and "KIWI" in result.output


def test_check_without_words_is_a_usage_error(built: Path):
    assert run("dawg", "check", "--dawg", str(built)).exit_code == 2


# Issue 13 item 8: a folder gave IsADirectoryError, /dev/zero was read for ever.
@pytest.mark.parametrize("target, reason", [
    (lambda tmp: tmp, "not a regular file"),
    (lambda tmp: Path("/dev/zero"), "not a regular file"),
])
def test_a_dawg_that_is_not_a_file_is_one_line_and_exit_1(tmp_path, target, reason):
    result = run("dawg", "check", "casa", "--dawg", str(target(tmp_path)))
    assert result.exit_code == 1 and reason in result.output
    assert len(result.output.strip().splitlines()) == 1 and result.exception.__class__ is SystemExit


def test_a_dawg_far_larger_than_any_word_list_is_refused_unread(tmp_path):
    huge = tmp_path / "palavras.dawg"
    with huge.open("wb") as handle:
        handle.truncate(65 << 20)  # sparse: no bytes written
    result = run("dawg", "info", "--dawg", str(huge))
    assert result.exit_code == 1 and "more than any DAWG of the word list" in result.output


# Issue 13 item 12: look-alikes from other scripts were folded into real words.
@pytest.mark.parametrize("word", ["cаsa", "ｃａｓａ", "Ⅻ", "sol\u0301\u0336"])
def test_check_refuses_words_not_written_in_latin_letters(built: Path, word):
    result = run("dawg", "check", word, "--dawg", str(built))
    assert result.exit_code == 2 and "not written in Latin letters" in result.output
    assert " yes" not in result.output


def test_check_still_takes_accented_latin_words(built: Path):
    result = run("dawg", "check", "Cásá", "sól", "--dawg", str(built))
    assert result.exit_code == 0 and result.output.splitlines() == ["Cásá yes", "sól yes"]


# Issue 31 item 8: an empty --words file gave a DAWG of 0 dictionary words and exit 0.
@pytest.mark.parametrize("text, line, reason", [
    ("", None, "holds no word"),
    ("\n", 1, "words are non-empty"),
    ("CASA\nSOL\nCABRA\n", 3, "CABRA comes before SOL"),
])
def test_an_empty_or_unsorted_word_list_is_refused_naming_the_line(tmp_path, text, line, reason):
    (tmp_path / "palavras.txt").write_text(text, encoding="utf-8")
    result = run("dawg", "build", "--words", str(tmp_path / "palavras.txt"),
                 "--out", str(tmp_path / "out"))
    assert result.exit_code == 1, result.output
    where = f"palavras.txt:{line}:" if line else "palavras.txt:"
    assert where in result.output and reason in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "out" / "palavras.dawg").exists()
