"""Writing files so that a reader never sees half of one."""
from __future__ import annotations

import hashlib
import itertools
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from .errors import TorreError

MAX_INPUT_BYTES = 64 << 20  # far above any input of the game (palavras.txt is 0.4 MB)


class InputError(TorreError):
    """An input path that is not a readable regular file of sensible size."""


def read_input(path: Path, what: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a regular file, checked before it is opened: a FIFO would block the
    open, /dev/zero never ends, and a 3 GB file is no input of the game."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError(f"{path}: not found; {what}") from None
    except OSError as error:
        raise InputError(f"{path}: {error.strerror or error}; {what}") from None
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"{path}: not a regular file; {what}")
    if info.st_size > limit:
        raise InputError(f"{path}: {info.st_size} bytes, more than the {limit >> 20} MiB "
                         f"any such file takes; {what}")
    return Path(path).read_bytes()


def sha256_file(path: Path) -> str:
    """The SHA-256 of a file, read in blocks: what manifests and ledgers record."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


NUMBERS = itertools.count()  # temporary names unique within this process


def write_atomic(path: Path, data: bytes | Iterable[bytes]) -> None:
    """Write via a temporary file in the same folder, then rename over.

    ``data`` may come in parts (a large file need never be whole in memory).

    The temporary name holds the process id and a counter, and is created only if
    it does not exist yet (O_EXCL), as tempfile.mkstemp does, without importing
    tempfile (with shutil and random: ~4 ms of the word-list step's start).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        tmp = path.parent / f".{path.name}.{os.getpid()}-{next(NUMBERS)}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            break
        except FileExistsError:  # left by an earlier process with the same id
            continue
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(data, bytes):
                handle.write(data)
            else:
                handle.writelines(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
