"""The repository is REUSE-compliant: `reuse lint` (the FSFE's tool, pinned) finds the licence
and copyright of every file git knows, from REUSE.toml, and the texts in LICENSES/."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import ROOT

REUSE = [sys.executable, "-m", "reuse", "lint"]


def lint(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run(REUSE, cwd=folder, capture_output=True, text=True)


def test_the_repository_passes_reuse_lint():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_new_file_without_licence_information_fails_lint_in_a_fresh_clone(tmp_path):
    clone = tmp_path / "clone"
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.strip()
    subprocess.run(["git", "clone", "--quiet", "--shared", "--no-checkout", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "checkout", "--quiet", commit], cwd=clone, check=True)
    assert lint(clone).returncode == 0, "a fresh clone of the last commit is compliant"
    (clone / "notas").mkdir()
    (clone / "notas" / "rascunho.txt").write_text("Uma ideia.\n", encoding="utf-8")
    result = lint(clone)
    assert result.returncode == 1
    assert "* notas/rascunho.txt" in result.stdout
