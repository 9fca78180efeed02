"""The output folder of `torre build`: what may be replaced, and how.

The build swaps a whole new tree in place of `--out`, so it must know for sure
that the folder it deletes is one it wrote. Every build therefore ends by
writing `.torre-build`, a manifest of every file it wrote with its SHA-256
(the format of `sha256sum`, so `sha256sum -c .torre-build` checks a tree).
An existing `--out` is replaced only when it is empty or when its files are
exactly those of its manifest, unchanged; anything else (a file added, edited
or removed, a folder with no manifest) is refused unless the caller says
`replace_foreign=True` (`torre build --replace-foreign-out`). A folder holding
`.git` or `pyproject.toml` is refused even then.

Temporary trees are named `.dist-tmp-<pid>-…` beside `--out`; a later build
removes those whose process is gone (a kill -9 leaves them behind).
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

from .errors import TorreError

MANIFEST = ".torre-build"
NEVER_REPLACED = frozenset({".git", "pyproject.toml"})
TEMPORARY = re.compile(r"^\.dist-(?:tmp|old)-(\d+)-")
FILE_MODE, DIR_MODE = 0o644, 0o755


class BuildError(TorreError):
    """An --out the build must not replace."""


def file_hashes(root: Path) -> dict[str, str]:
    """Relative POSIX path → SHA-256 of every file under root but the manifest."""
    hashes = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            relative = path.relative_to(root).as_posix()
            if relative != MANIFEST:
                hashes[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    return hashes


def manifest_text(hashes: dict[str, str]) -> str:
    return "".join(f"{digest}  {name}\n" for name, digest in sorted(hashes.items()))


def write_manifest(root: Path) -> int:
    """Write root/.torre-build; returns how many files it lists."""
    hashes = file_hashes(root)
    (root / MANIFEST).write_text(manifest_text(hashes), encoding="utf-8")
    return len(hashes)


def read_manifest(root: Path) -> dict[str, str] | None:
    """The manifest of an earlier build, or None when there is none or it is not one."""
    try:
        lines = (root / MANIFEST).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    hashes = {}
    for line in lines:
        digest, separator, name = line.partition("  ")
        if not separator or not re.fullmatch(r"[0-9a-f]{64}", digest):
            return None
        hashes[name] = digest
    return hashes


def is_inside_build(path: Path) -> Path | None:
    """The earlier build `path` is in or is (the folder holding a manifest), or None."""
    for folder in (path, *path.parents):
        if (folder / MANIFEST).is_file():
            return folder
    return None


def foreign_reason(out: Path) -> str | None:
    """Why `out` (an existing folder) is not an unchanged earlier build, or None if it is."""
    names = sorted(path.name for path in out.iterdir())
    if not names:
        return None
    recorded = read_manifest(out)
    if recorded is None:
        shown = ", ".join(names[:5]) + (", …" if len(names) > 5 else "")
        return f"it holds {shown} and no {MANIFEST} manifest"
    found = file_hashes(out)
    extra = sorted(set(found) - set(recorded)) + unrecorded_entries(out, recorded)
    changed = sorted(name for name in set(found) & set(recorded) if found[name] != recorded[name])
    missing = sorted(set(recorded) - set(found))
    for label, names in (("files the build did not write", extra), ("changed files", changed),
                         ("files removed since the build", missing)):
        if names:
            return f"{label}: {', '.join(names[:5])}{', …' if len(names) > 5 else ''}"
    return None


def unrecorded_entries(out: Path, recorded: dict[str, str]) -> list[str]:
    """Links and folders under `out` that no recorded file explains (the build makes neither
    links nor empty folders), as `name/` or `name@`."""
    folders = {parent.as_posix() for name in recorded for parent in Path(name).parents}
    found = []
    for path in sorted(out.rglob("*")):
        relative = path.relative_to(out).as_posix()
        if path.is_symlink():
            found.append(relative + "@")
        elif path.is_dir() and relative not in folders:
            found.append(relative + "/")
    return found


def check_replaceable(out: Path, replace_foreign: bool = False) -> None:
    """Refuse to swap the new tree over anything but an unchanged earlier build.

    Why: the swap deletes what was at `out`; `torre build --out .` in a
    checkout, or `--out` naming a folder of photos, must not wipe it.
    """
    if not out.exists():
        return
    if not out.is_dir():
        raise BuildError(f"{out} is a file; --out names the folder the site is built into")
    kept = sorted(NEVER_REPLACED & {path.name for path in out.iterdir()})
    if kept:
        raise BuildError(f"{out} holds {', '.join(kept)}: it is a project, not a build; "
                         "refusing to replace it")
    reason = None if replace_foreign else foreign_reason(out)
    if reason:
        raise BuildError(f"{out} is not an earlier build; refusing to replace it ({reason}). "
                         "--out names a folder the build owns, such as dist; "
                         "--replace-foreign-out replaces it all the same")


def real_out(out: Path) -> Path:
    """`out` made absolute with a symlinked last component followed.

    The swap renames folders, and a symlink cannot be swapped: building through
    a link replaces the folder it points to, and the link keeps pointing at it.
    """
    out = Path(os.path.abspath(out))
    return Path(os.path.realpath(out)) if out.is_symlink() else out


def is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_trees(parent: Path) -> list[Path]:
    """Delete `.dist-tmp-<pid>-*` / `.dist-old-<pid>-*` of processes that are gone."""
    removed = []
    if not parent.is_dir():
        return removed
    for path in sorted(parent.iterdir()):
        match = TEMPORARY.match(path.name)
        if match and path.is_dir() and not path.is_symlink() \
                and not is_running(int(match.group(1))):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def make_temporary_tree(parent: Path) -> Path:
    parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".dist-tmp-{os.getpid()}-", dir=parent))


def publish_permissions(root: Path) -> None:
    """Folders 755, files 644, whatever the umask: a web server runs as another user."""
    root.chmod(DIR_MODE)
    for path in root.rglob("*"):
        if path.is_symlink():
            continue
        mode = stat.S_IMODE(path.stat().st_mode)
        wanted = DIR_MODE if path.is_dir() else FILE_MODE
        if mode != wanted:
            path.chmod(wanted)


def step(name: str) -> None:
    """A seam for tests: they replace it to widen the window at each step of the swap."""


def swap_into_place(tmp: Path, out: Path) -> None:
    """Rename the old tree away, the new one in, then delete the old one."""
    old = None
    if out.exists():
        old = tmp.with_name(tmp.name.replace(".dist-tmp-", ".dist-old-"))
        os.rename(out, old)
    step("swap")
    try:
        os.rename(tmp, out)
    except OSError:
        if old is not None:
            os.rename(old, out)
        raise
    step("swapped")
    if old is not None:
        shutil.rmtree(old)
