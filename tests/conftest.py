"""Shared fixtures: paths of the project and of the dictionaries, the built tree."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
SHARED_DICTIONARIES = ROOT.parent / "shared" / "dictionaries"


@pytest.fixture(scope="session")
def built_dist() -> Path:
    """The dist/ tree built by `make test` (TORRE_DIST), or built here once."""
    env = os.environ.get("TORRE_DIST")
    if env:
        path = Path(env)
        if not (path / "palavras.txt").exists():
            pytest.fail(f"TORRE_DIST={env} holds no built tree (run `make test`)")
        return path.resolve()
    from pipeline.build import build_all

    out = ROOT / ".cache" / "pytest-dist"
    build_all(out, quiet=True)
    return out
