"""What every command shares: clean exits, and where single-stage commands write."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import click

from ..errors import TorreError, quoted

# Single-stage commands (`torre words|dawg|days build`) write here by default,
# never into dist/: a file changed behind the build's back would no longer
# match its .br/.gz and hashed twins (and the next `torre build` would refuse
# the folder, see pipeline.outdir).
STAGE_OUT = Path(".cache") / "stages"
# What the single-stage commands wrote into an --out, in the format of
# .torre-build: they write over a file only when it is listed here, unchanged.
STAGE_MANIFEST = ".torre-stage"


class StageOutError(TorreError):
    """An --out holding a file a single-stage command would write over but did not write."""


def os_error_message(error: OSError) -> str:
    """One line for a failed file operation: the file, then what the system said."""
    what = error.strerror or str(error)
    if error.errno == errno.ENOSPC:
        what += " (free some space and rerun; the previous output was left as it was)"
    names = [str(n) for n in (error.filename, error.filename2) if n is not None]
    return f"{' → '.join(names)}: {what}" if names else what


def writable_output() -> None:
    """Characters the terminal's encoding lacks (→ under PYTHONIOENCODING=latin-1) print as
    `?` instead of ending the command with UnicodeEncodeError."""
    import sys

    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


def main_group() -> type[click.Group]:
    class TorreGroup(click.Group):
        def invoke(self, ctx: click.Context):
            writable_output()
            try:
                return super().invoke(ctx)
            except TorreError as error:
                raise click.ClickException(str(error)) from error
            except OSError as error:  # a full disk, a folder given for a file, no permission
                raise click.ClickException(os_error_message(error)) from error

    return TorreGroup


def stage_out(out: Path) -> Path:
    """Refuse an --out inside a build made by `torre build` (its manifest marks it)."""
    from ..outdir import is_inside_build, resolved

    build = is_inside_build(resolved(Path(out), "--out"))
    if build is not None:
        raise click.BadParameter(
            f"{out} is inside the build {build}; a single stage written there would no "
            "longer match the rest of it. Write elsewhere, or run `torre build`",
            param_hint="--out")
    return Path(out)


def check_latin_word(value: str) -> str:
    """A WORD argument: Latin letters only (accents allowed), else a usage error."""
    from ..latin import describe, foreign_characters

    foreign = foreign_characters(value.strip())
    if foreign:
        raise click.BadParameter(f"{quoted(value)} is not written in Latin letters: "
                                 f"{', '.join(describe(c) for c in dict.fromkeys(foreign))}")
    if not any(char.isalpha() for char in value):
        raise click.BadParameter(f"WORD needs at least one letter, got {quoted(value)}")
    return value


def needs_accept(ctx: click.Context, _param, value: bool) -> bool:
    if value and not ctx.params.get("accept_new_dictionaries"):
        raise click.UsageError("--allow-word-loss only goes with --accept-new-dictionaries")
    return value


def dictionary_update_options(function):
    """--accept-new-dictionaries and --allow-word-loss (see pipeline.update)."""
    function = click.option(
        "--allow-word-loss", is_flag=True, callback=needs_accept,
        help="With --accept-new-dictionaries: accept a dictionary that gives more than "
             "1 % fewer words than recorded.")(function)
    return click.option(
        "--accept-new-dictionaries", is_flag=True, is_eager=True,
        help="Accept dictionary files whose SHA-256 differs, check them, and once the output "
             "is written record them in dictionaries/sources.toml (a new upstream release).",
    )(function)


def replace_foreign_option(function):
    return click.option(
        "--replace-foreign-out", is_flag=True,
        help=f"Write over files at --out that no single-stage command wrote there (listed "
             f"in {STAGE_MANIFEST}), or that changed since.")(function)


def guard_stage_files(out: Path, names: list[str], replace_foreign: bool) -> None:
    """Refuse to write over a file at `out` that a stage command did not write, unchanged.

    Why: like `torre build --out`, a stage must not wipe a user's indice.json or
    palavras.dawg that happens to bear the name of one of its files.
    """
    from ..errors import first_names
    from ..files import sha256_file
    from ..outdir import read_manifest

    if replace_foreign:
        return
    recorded = read_manifest(out, STAGE_MANIFEST) or {}
    present = [name for name in names if os.path.lexists(out / name)]
    foreign = [name for name in present if name not in recorded]
    changed = [name for name in present if name in recorded and not (
        (out / name).is_file() and sha256_file(out / name) == recorded[name])]
    for found, why in ((foreign, "files this command did not write"),
                       (changed, "changed since this command wrote them")):
        if found:
            raise StageOutError(f"{out}: {first_names(found)}: {why}; refusing to write over them "
                                "(--replace-foreign-out writes over them all the same)")


def record_stage_files(out: Path, names: list[str]) -> None:
    """List what a stage command just wrote in out/.torre-stage (sha256sum format)."""
    from ..files import sha256_file, write_atomic
    from ..outdir import manifest_text, read_manifest

    recorded = read_manifest(out, STAGE_MANIFEST) or {}
    recorded.update({name: sha256_file(out / name) for name in names})
    write_atomic(out / STAGE_MANIFEST, manifest_text(recorded).encode("utf-8"))
