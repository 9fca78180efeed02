"""requirements.lock and the Makefile: every package installed is pinned with its hash."""
from __future__ import annotations

import re
import tomllib
from importlib import metadata

from packaging.requirements import Requirement

from conftest import ROOT

LOCK = ROOT / "requirements.lock"
PINNED = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+) \\\n((?:\s+--hash=sha256:[0-9a-f]{64}(?: \\)?\n)+)",
                    re.MULTILINE)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked() -> dict[str, str]:
    return {canonical(name): version for name, version, _ in PINNED.findall(LOCK.read_text())}


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    requirements = [*project["project"]["dependencies"], *project["build-system"]["requires"]]
    for extra in project["project"]["optional-dependencies"].values():
        requirements += extra
    return [Requirement(text) for text in requirements]


def transitive(requirements: list[Requirement]) -> set[str]:
    """Every installed distribution the declared requirements pull in."""
    seen: set[str] = set()
    queue = list(requirements)
    while queue:
        requirement = queue.pop()
        name = canonical(requirement.name)
        if name in seen or (requirement.marker and not requirement.marker.evaluate({"extra": ""})):
            continue
        seen.add(name)
        try:
            queue += [Requirement(text) for text in metadata.requires(requirement.name) or []]
        except metadata.PackageNotFoundError:  # not installed here: its own name is checked
            pass
    return seen


# Issue 13 item 12: transitive test and bench dependencies were unpinned, with no hashes.
def test_every_package_the_project_pulls_in_is_locked_with_a_hash():
    lock = locked()
    assert lock, "requirements.lock pins nothing"
    missing = sorted(transitive(declared()) - set(lock))
    assert missing == []


def test_the_lock_pins_the_versions_pyproject_pins():
    lock = locked()
    for requirement in declared():
        pinned = [spec.version for spec in requirement.specifier if spec.operator == "=="]
        if pinned:
            assert lock[canonical(requirement.name)] == pinned[0], requirement


def test_every_locked_line_carries_hashes():
    entries = [line for line in LOCK.read_text().splitlines() if re.match(r"^[A-Za-z0-9]", line)]
    assert len(entries) == len(PINNED.findall(LOCK.read_text()))


def test_the_makefile_installs_only_from_the_lock():
    makefile = (ROOT / "Makefile").read_text()
    assert "--require-hashes -r requirements.lock" in makefile
    assert "--upgrade pip" not in makefile
    installs = [line for line in makefile.splitlines() if "pip install" in line]
    assert all("--require-hashes" in line or "--no-deps" in line for line in installs), installs
