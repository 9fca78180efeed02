"""The atomic build: all stages into a temporary tree, swapped in only on success."""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline import build as build_module
from pipeline import sources
from pipeline.build import BuildError, Builder, build_all, days_left_warning
from pipeline.cli import main
from pipeline.days import Window, load_window
from test_cli_words import HUNSPELL, setup_dictionaries
from test_site import fixture_words

TODAY = dt.date(2026, 12, 25)


def tree_hashes(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def fixture_coimbra(monkeypatch):
    """Fast builds: a tiny word list instead of the dictionaries, the test's 22 openers."""
    def words(self):
        self.words = ["CASA", "MAR", "SOL"]
        return "3 fixture words"

    def coimbra(self):
        self.coimbra = fixture_words()
        return f"{len(self.coimbra)} fixture words"
    monkeypatch.setattr(Builder, "stage_words", words)
    monkeypatch.setattr(Builder, "stage_coimbra", coimbra)


def test_two_full_builds_are_byte_identical_whatever_the_zone_locale_and_hash_seed(tmp_path):
    # Both use the project's compression cache (a cold q11 pass costs ~15 s of
    # CPU); that cached bytes equal fresh ones is tested in test_site.py.
    first = build_all(tmp_path / "a" / "dist", today=TODAY, quiet=True)
    env = {**os.environ, "TZ": "Pacific/Kiritimati", "LC_ALL": "C", "PYTHONHASHSEED": "1"}
    subprocess.run([sys.executable, "-m", "pipeline", "build", "--out",
                    str(tmp_path / "b" / "dist"), "--today", TODAY.isoformat(), "--quiet"],
                   cwd=build_module.PROJECT_ROOT, env=env, check=True)
    hashes = tree_hashes(tmp_path / "a" / "dist")
    assert hashes == tree_hashes(tmp_path / "b" / "dist")
    assert "index.html" in hashes and "constantes.json" in hashes
    assert first.files == len(hashes)


def test_a_build_writes_every_day_of_the_window_and_todays_tower(tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    report = build_all(out, today=TODAY, quiet=True)
    window = load_window()
    assert len(list((out / "dias").glob("*.json"))) == window.days
    assert (out / "dias" / "2026-12-25.json.br").is_file()
    first = json.loads((out / "dias" / "2026-12-25.json").read_text())["floors"][0]["opener"]
    assert f'id="abertura-ligacao" href="/coimbra/{first.lower()}/"' in \
        (out / "index.html").read_text()
    assert [s.name for s in report.stages] == ["words", "coimbra", "dawg", "days", "site"]
    assert (out / "palavras.dawg").is_file()


def test_a_successful_build_replaces_the_old_tree_and_leaves_no_temporary_one(
        tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    out.mkdir()
    (out / "stale.txt").write_text("old")
    (out / "index.html").write_text("an earlier build")
    build_all(out, today=TODAY, quiet=True)
    assert not (out / "stale.txt").exists() and (out / "index.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith((".", "dist"))) \
        == ["dist"]


@pytest.mark.parametrize("left_by", ["words build", "dawg build", "days build"])
def test_what_a_single_stage_command_left_in_dist_is_replaced(tmp_path, fixture_coimbra, left_by):
    out = tmp_path / "dist"
    written = {"words build": "palavras.txt", "dawg build": "palavras.dawg",
               "days build": "dias/2026-12-25.json"}[left_by]
    (out / written).parent.mkdir(parents=True)
    (out / written).write_text("old")
    build_all(out, today=TODAY, quiet=True)
    assert (out / "index.html").is_file()


@pytest.mark.parametrize("contents", [{".git": None, "index.html": "x"},
                                      {"pyproject.toml": "[project]"},
                                      {"notes.txt": "mine", "photos": None}])
def test_a_folder_that_is_not_an_earlier_build_is_never_replaced(tmp_path, fixture_coimbra,
                                                                  contents):
    out = tmp_path / "project"
    out.mkdir()
    for name, text in contents.items():
        (out / name).mkdir() if text is None else (out / name).write_text(text)
    before = tree_hashes(out)
    with pytest.raises(BuildError, match="not an earlier build; refusing to replace it"):
        build_all(out, today=TODAY, quiet=True)
    assert tree_hashes(out) == before and sorted(p.name for p in tmp_path.iterdir()) == ["project"]


def test_an_out_that_is_a_file_is_refused(tmp_path, fixture_coimbra):
    (tmp_path / "README.md").write_text("keep me")
    with pytest.raises(BuildError, match="README.md is a file"):
        build_all(tmp_path / "README.md", today=TODAY, quiet=True)
    assert (tmp_path / "README.md").read_text() == "keep me"


@pytest.mark.parametrize("failing", ["stage_coimbra", "stage_dawg", "stage_days", "stage_site"])
def test_a_failed_build_leaves_the_old_dist_intact(tmp_path, fixture_coimbra, monkeypatch,
                                                   failing):
    out = tmp_path / "dist"
    (out / "dias").mkdir(parents=True)
    (out / "index.html").write_text("the old site")
    (out / "dias" / "2026-12-25.json").write_text("{}")
    before = tree_hashes(out)

    def fail(self):
        raise RuntimeError(f"{failing} broke")
    monkeypatch.setattr(Builder, failing, fail)
    with pytest.raises(RuntimeError, match="broke"):
        build_all(out, today=TODAY, quiet=True)
    assert tree_hashes(out) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith((".", "dist"))) \
        == ["dist"]


def test_a_failure_while_swapping_in_puts_the_old_tree_back(tmp_path, fixture_coimbra,
                                                            monkeypatch):
    out = tmp_path / "dist"
    out.mkdir()
    (out / "index.html").write_text("the old site")
    real_rename = build_module.os.rename

    def rename(source, target):
        if Path(source).name.startswith(".dist-tmp-"):
            raise OSError("disk full")
        real_rename(source, target)
    monkeypatch.setattr(build_module.os, "rename", rename)
    with pytest.raises(OSError, match="disk full"):
        build_all(out, today=TODAY, quiet=True)
    assert (out / "index.html").read_text() == "the old site"
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
    last = load_window().last
    report = build_all(tmp_path / "dist", today=last - dt.timedelta(days=3), quiet=True)
    assert report.warnings and "only 3 days of towers left" in report.warnings[0]
    assert "WARNING: only 3 days" in capsys.readouterr().err


def test_progress_and_summary_name_every_stage_with_times(tmp_path, fixture_coimbra, capsys):
    build_all(tmp_path / "dist", today=TODAY)
    err = capsys.readouterr().err
    for stage in ("words", "coimbra", "dawg", "days", "site", "total"):
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
