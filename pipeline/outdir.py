"""The output folder of `torre build`: what may be replaced, and how.

The build swaps a whole new tree in place of `--out`, so it must know for sure
that the folder it deletes is one it wrote. Every build therefore ends by
writing `.torre-build`, a manifest of every file it wrote with its SHA-256
(the format of `sha256sum`, so `sha256sum -c .torre-build` checks a tree).
An existing `--out` is replaced only when it is empty or when its files are
exactly those of its manifest, unchanged; anything else (a file added, edited
or removed, a folder with no manifest) is refused unless the caller says
`replace_foreign=True` (`torre build --replace-foreign-out`). A folder holding
`.git` or `pyproject.toml`, or a system folder, is refused even then. A folder
with no manifest, or with a top-level name its manifest does not explain, is
refused before its tree is walked: a home folder answers at once.

Temporary trees are named `.dist-tmp-<pid>-…` beside `--out`; a later build
removes those whose process is gone (a kill -9 leaves them behind). The new
tree takes the place of the old one in one step (`install`), so `--out` is a
complete build at every instant; a new build refused because `--out` changed
while it ran is kept as `.dist-kept-<pid>-…`, which nothing removes but
`make clean`.
"""
from __future__ import annotations

import ctypes
import errno
import os
import re
import shutil
import signal
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path

from .errors import TorreError, first_names
from .files import InputError, read_input, sha256_file

MANIFEST = ".torre-build"
NEVER_REPLACED = frozenset({".git", "pyproject.toml"})
# Folders no build replaces, whatever --replace-foreign-out says (the home and temporary
# folders are added at run time): a walk of / would end on /proc, of the others after minutes.
SYSTEM_FOLDERS = frozenset({"/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32",
                            "/lib64", "/media", "/mnt", "/opt", "/proc", "/root", "/run",
                            "/sbin", "/srv", "/sys", "/tmp", "/usr", "/usr/local", "/var",
                            "/var/tmp"})
TEMPORARY = re.compile(r"^\.dist-(?:tmp|old)-(\d+)-")
FILE_MODE, DIR_MODE = 0o644, 0o755


class BuildError(TorreError):
    """An --out the build must not replace."""


def file_hashes(root: Path, state: dict[str, str] | None = None) -> dict[str, str]:
    """Relative POSIX path → SHA-256 of every file under root but the manifest.
    `state` is tree_state(root) when the caller has it already (one walk of the tree)."""
    state = (tree_state(root) or {}) if state is None else state
    return {name: kind for name, kind in state.items() if name != MANIFEST and is_file_entry(kind)}


def manifest_text(hashes: dict[str, str]) -> str:
    return "".join(f"{digest}  {name}\n" for name, digest in sorted(hashes.items()))


def write_manifest(root: Path) -> int:
    """Write root/.torre-build; returns how many files it lists."""
    hashes = file_hashes(root)
    (root / MANIFEST).write_text(manifest_text(hashes), encoding="utf-8")
    return len(hashes)


def read_manifest(root: Path, name: str = MANIFEST) -> dict[str, str] | None:
    """The manifest of an earlier build, or None when there is none or it is not one."""
    try:  # regular and ≤ 64 MiB: a FIFO named .torre-build must not hang the build
        lines = read_input(root / name, "a manifest").decode("utf-8").splitlines()
    except (InputError, OSError, UnicodeDecodeError):
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


def top_level_reason(out: Path) -> str | None:
    """Why `out` is not an earlier build, from its manifest and its top level alone (None:
    it may be one): a folder of 20,000 photos is refused before a single file is read."""
    names = sorted(path.name for path in out.iterdir())
    if not names:
        return None
    recorded = read_manifest(out)
    if recorded is None:
        return f"it holds {first_names(names)} and no {MANIFEST} manifest"
    written = {Path(name).parts[0] for name in recorded} | {MANIFEST}
    extra = [marked(out / name) for name in names if name not in written]
    return f"files the build did not write: {first_names(extra)}" if extra else None


def marked(path: Path) -> str:
    """A name as unrecorded_entries() gives it: `name@` a link, `name/` a folder."""
    return path.name + ("@" if path.is_symlink() else "/" if path.is_dir() else "")


def foreign_reason(out: Path, state: dict[str, str] | None = None) -> str | None:
    """Why `out` (an existing folder) is not an unchanged earlier build, or None if it is.
    `state` is tree_state(out) when the caller has it already (one walk of the tree)."""
    reason = top_level_reason(out)
    recorded = None if reason else read_manifest(out)
    if recorded is None:
        return reason  # None: an empty folder
    state = tree_state(out) if state is None else state
    found = file_hashes(out, state)
    extra, changed, missing = differences(recorded, found)
    extra = extra + unrecorded_entries(state, recorded)
    for label, names in (("files the build did not write", extra), ("changed files", changed),
                         ("files removed since the build", missing)):
        if names:
            return f"{label}: {first_names(names)}"
    return None


def is_file_entry(kind: str) -> bool:
    """A tree_state() value that is a file's hash (not "/", "@target" or "?")."""
    return kind not in ("/", "?") and not kind.startswith("@")


def unrecorded_entries(state: dict[str, str], recorded: dict[str, str]) -> list[str]:
    """Entries of a tree_state() that no recorded file explains (the build makes no links,
    empty folders or FIFOs), as `name/`, `name@` or `name?`."""
    folders = {parent.as_posix() for name in recorded for parent in Path(name).parents}
    found = []
    for name, kind in sorted(state.items()):
        if kind.startswith("@") or kind == "?":
            found.append(name + kind[0])
        elif kind == "/" and name not in folders:
            found.append(name + "/")
    return found


def replaceable_state(out: Path, replace_foreign: bool = False) -> dict[str, str] | None:
    """Refuse to swap the new tree over anything but an unchanged earlier build; returns
    tree_state(out), which the swap compares the folder against at the end.

    Why: the swap deletes what was at `out`; `torre build --out .` in a
    checkout, or `--out` naming a folder of photos, must not wipe it. The
    cheap refusals come before the one walk that hashes the tree.
    """
    if is_system_folder(out):
        raise BuildError(f"{out} is a system folder; refusing to replace it (even with "
                         "--replace-foreign-out). --out names a folder the build owns, "
                         "such as dist")
    if not out.exists():
        return tree_state(out)
    if not out.is_dir():
        raise BuildError(f"{out} is a file; --out names the folder the site is built into")
    kept = sorted(NEVER_REPLACED & {path.name for path in out.iterdir()})
    if kept:
        raise BuildError(f"{out} holds {', '.join(kept)}: it is a project, not a build; "
                         "refusing to replace it")
    state, reason = None, None if replace_foreign else top_level_reason(out)
    if reason is None:  # the top level is a build's: walk and hash the tree (once)
        state = tree_state(out)
        reason = None if replace_foreign else foreign_reason(out, state)
    if reason:
        raise BuildError(f"{out} is not an earlier build; refusing to replace it ({reason}). "
                         "--out names a folder the build owns, such as dist; "
                         "--replace-foreign-out replaces it all the same")
    return state


def is_system_folder(out: Path) -> bool:
    """`/`, /usr, /home…, the home folder or the temporary folder (links followed)."""
    real = os.path.realpath(out)
    return real in SYSTEM_FOLDERS or real in {os.path.realpath(Path.home()),
                                              os.path.realpath(tempfile.gettempdir())}


def resolved(path: Path, option: str) -> Path:
    """`path` with every symlink followed; a loop of links is one error naming the path."""
    try:
        return Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:
        return Path(os.path.realpath(path))  # a link to a folder not made yet: fine
    except OSError as error:
        raise BuildError(f"{path}: {error.strerror or error} (a loop of symbolic links?); "
                         f"{option} names a folder") from None


def real_out(out: Path) -> Path:
    """`out` made absolute with a symlinked last component followed.

    The swap renames folders, and a symlink cannot be swapped: building through
    a link replaces the folder it points to, and the link keeps pointing at it.
    """
    out = Path(os.path.abspath(out))
    return resolved(out, "--out") if out.is_symlink() else out


def is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


LEFT_BEHIND: set[Path] = set()  # old trees this process could not remove (each build retries)


def remove_tree(path: Path) -> list[str]:
    """Delete a tree; returns what could not be removed, each as `full path: reason`."""
    errors: list[str] = []

    def note(_function, name, info):
        error = info[1]
        errors.append(f"{name}: {getattr(error, 'strerror', None) or error}")
    shutil.rmtree(path, onerror=note)
    return errors


def remove_stale_trees(parent: Path) -> list[str]:
    """Delete `.dist-tmp-<pid>-*` / `.dist-old-<pid>-*` of processes that are gone, and the
    old trees this process could not remove before; returns a warning for each one left."""
    warnings = []
    if not parent.is_dir():
        return warnings
    for path in sorted(parent.iterdir()):
        match = TEMPORARY.match(path.name)
        if match and path.is_dir() and not path.is_symlink() \
                and (path in LEFT_BEHIND or not is_running(int(match.group(1)))):
            errors = remove_tree(path)
            if errors:
                warnings.append(f"{path}, the tree of an earlier build, could not be removed "
                                f"({errors[0]}); remove it yourself")
            else:
                LEFT_BEHIND.discard(path)
    return warnings


def restore_interrupted(out: Path) -> Path | None:
    """Put back the old tree of a build killed between the two renames of the fallback
    swap (no renameat2): a stale `.dist-old-*` whose files are its manifest's."""
    if os.path.lexists(out) or not out.parent.is_dir():
        return None
    for path in sorted(out.parent.iterdir()):
        match = TEMPORARY.match(path.name)
        if match and path.name.startswith(".dist-old-") and path.is_dir() \
                and not is_running(int(match.group(1))) and (path / MANIFEST).is_file() \
                and foreign_reason(path) is None:
            os.rename(path, out)
            return path
    return None


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


def tree_state(root: Path) -> dict[str, str] | None:
    """Every entry under root (file → SHA-256, folder → "/", link → "@target"), or None
    when root does not exist: what must not change while a build runs."""
    if not os.path.lexists(root):
        return None
    state = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if path.is_symlink():
            state[relative] = "@" + os.readlink(path)
        elif path.is_dir():
            state[relative] = "/"
        elif path.is_file():
            state[relative] = sha256_file(path)
        else:
            state[relative] = "?"  # a FIFO, a socket: not ours either
    return state


def state_change(before: dict[str, str] | None, after: dict[str, str] | None) -> str:
    """What differs between two tree_state()s, the first five names of each kind."""
    if before is None or after is None:
        return "created" if before is None else "removed"
    parts = []
    for label, names in zip(("added", "changed", "removed"), differences(before, after)):
        if names:
            parts.append(f"{label}: {first_names(names)}")
    return "; ".join(parts)


def differences(before: dict[str, str], after: dict[str, str]) -> tuple[list[str], ...]:
    """The names `after` added, changed and removed with respect to `before`, each sorted."""
    return (sorted(set(after) - set(before)),
            sorted(name for name in set(after) & set(before) if after[name] != before[name]),
            sorted(set(before) - set(after)))


def step(name: str) -> None:
    """A seam for tests: they replace it to widen the window at each step of the swap."""


AT_FDCWD, RENAME_EXCHANGE = -100, 2


def exchange(first: Path, second: Path) -> bool:
    """Swap two paths in one step (Linux renameat2 RENAME_EXCHANGE, since 3.15 on ext4,
    xfs, btrfs, tmpfs…); False where the C library or the file system has none."""
    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                         ctypes.c_uint]
    if function(AT_FDCWD, os.fsencode(first), AT_FDCWD, os.fsencode(second),
                RENAME_EXCHANGE) == 0:
        return True
    number = ctypes.get_errno()
    if number in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(number, os.strerror(number), str(first), None, str(second))


@contextmanager
def deferred_signals():
    """SIGTERM, SIGHUP and SIGINT wait until the block ends; yields their names."""
    received: list[str] = []

    def note(number, _frame):
        received.append(signal.Signals(number).name)
    previous = {}
    try:
        for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            previous[number] = signal.signal(number, note)
    except ValueError:  # not the main thread: signals cannot be caught here
        pass
    try:
        yield received
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def swap_into_place(tmp: Path, out: Path) -> Path | None:
    """Put `tmp` at `out`; returns where the old tree now is (None: there was none).

    With renameat2 the two trees trade places in one step, so `out` is a complete
    tree at every instant. Without it (another kernel or file system), the old
    tree is renamed away and the new one in: only a SIGKILL or a power cut between
    the two leaves no `out`, and the next build puts the old tree back
    (restore_interrupted).
    """
    if not os.path.lexists(out):
        os.rename(tmp, out)
        return None
    step("swap")
    if exchange(tmp, out):
        step("swapped")
        return tmp
    old = tmp.with_name(tmp.name.replace(".dist-tmp-", ".dist-old-"))
    os.rename(out, old)
    step("renamed")
    try:
        os.rename(tmp, out)
    except OSError:
        os.rename(old, out)
        raise
    step("swapped")
    return old


def kept_name(path: Path) -> Path:
    return path.with_name(re.sub(r"^\.dist-(tmp|old)-", ".dist-kept-", path.name))


def install(tmp: Path, out: Path, before: dict[str, str] | None) -> list[str]:
    """Swap the finished tree `tmp` in as `out`, then remove the old tree; returns warnings.

    `before` is tree_state(out) when the build began: if `out` changed since (a file
    written into it meanwhile), nothing is swapped and both trees are kept.
    Once the swap is done the build is done: a signal waits for the old tree's
    removal, and an old tree that cannot be removed is a warning naming it.
    """
    now = tree_state(out)
    if now != before:
        kept = kept_name(tmp)
        os.rename(tmp, kept)
        raise BuildError(f"{out} changed during the build ({state_change(before, now)}); it is "
                         f"left as it is, and the new build is kept in {kept}; move your files "
                         f"out of {out} and build again, or delete {kept}")
    with deferred_signals() as received:
        old = swap_into_place(tmp, out)
        warnings = retire(old, out, before) if old is not None else []
    if received:
        warnings.append(f"{', '.join(received)} arrived once the new build was in place in "
                        f"{out}; the build finished removing the old tree first")
    return warnings


def retire(old: Path, out: Path, before: dict[str, str] | None) -> list[str]:
    """Remove the tree just swapped out, unless someone wrote into it meanwhile."""
    try:
        found = tree_state(old)
    except OSError as error:
        return [f"the new build is in place in {out}; the previous tree could not be read "
                f"({error.filename}: {error.strerror or error}) and is left in {old}: "
                "look at it, then remove it yourself"]
    if found != before:
        kept = kept_name(old)
        os.rename(old, kept)
        raise BuildError(f"the new build is in place in {out}, but {out} changed as it was "
                         f"swapped in ({state_change(before, found)}): the previous tree is "
                         f"kept in {kept}; take what you need from it, then delete it")
    errors = remove_tree(old)
    if not errors:
        return []
    LEFT_BEHIND.add(old)
    more = f" and {len(errors) - 1} more" if len(errors) > 1 else ""
    return [f"the new build is in place in {out}; the previous tree could not be removed "
            f"({errors[0]}{more}) and is left in {old}: remove it yourself (each build tries "
            "again)"]
