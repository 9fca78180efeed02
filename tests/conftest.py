"""Shared fixtures: paths of the project and of the dictionaries, the built tree."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
SHARED_DICTIONARIES = ROOT.parent / "shared" / "dictionaries"
MEMORY_DISK = Path("/dev/shm")


def pytest_configure(config):
    """Test folders in memory where the machine has a memory disk: the build tests write tens of
    thousands of small files, which cost ~1 ms each on this disk and ~25 µs in memory. A run
    gets its own folder (two runs side by side never share one), removed at its end; xdist's
    workers inherit it as `--basetemp` and leave it alone."""
    if config.option.basetemp or not os.access(MEMORY_DISK, os.W_OK):
        return
    config.option.basetemp = tempfile.mkdtemp(prefix="torre-tests-", dir=MEMORY_DISK)
    config.own_basetemp = config.option.basetemp


def pytest_unconfigure(config):
    if getattr(config, "own_basetemp", None):
        shutil.rmtree(config.own_basetemp, ignore_errors=True)


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


# Two environments as different as a build machine's can be: hash seed, locale, time zone.
ENVIRONMENTS = (("1", "C", "UTC"), ("2", "C.UTF-8", "Asia/Tokyo"))


def outputs_in_two_environments(code: str, args: list[str], out_of, read) -> list:
    """What `python -c code *args out` leaves, `read(out)`, in each of ENVIRONMENTS; `out_of(seed)`
    names the folder (the last argument)."""
    outputs = []
    for seed, locale, zone in ENVIRONMENTS:
        out = out_of(seed)
        env = {**os.environ, "PYTHONHASHSEED": seed, "LC_ALL": locale, "TZ": zone}
        subprocess.run([sys.executable, "-c", code, *args, str(out)], check=True, env=env, cwd=ROOT)
        outputs.append(read(out))
    return outputs
