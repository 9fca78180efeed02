"""Domain errors. The CLI turns each into one clear message and exit code 1.

Errors about input files carry the path and the 1-based line so that the
message reads like a compiler's: ``pt_PT.aff:212: SFX N declares 3 entries, found 2``.
"""
from __future__ import annotations

from pathlib import Path


class TorreError(Exception):
    """Base of every error the pipeline reports to a user (exit code 1)."""


class InputFileError(TorreError):
    """Something wrong at a place in an input file."""

    def __init__(self, path: Path | str, line: int | None, message: str):
        self.path = Path(path)
        self.line = line
        self.detail = message
        where = f"{self.path.name}:{line}" if line else f"{self.path.name}"
        super().__init__(f"{where}: {message}")


class AffixFileError(InputFileError):
    """A malformed or unsupported line in a Hunspell .aff file."""


class DicFileError(InputFileError):
    """A malformed line in a Hunspell .dic file."""


class MissingInputError(TorreError):
    """An input file that is not where we looked; says every place tried."""

    def __init__(self, what: str, looked_in: list[Path] | list[str]):
        self.what = what
        self.looked_in = [str(p) for p in looked_in]
        places = "\n  ".join(self.looked_in)
        super().__init__(f"{what} not found; looked in:\n  {places}")


class ChecksumMismatchError(TorreError):
    """An input file whose SHA-256 is not the one the manifest records."""

    def __init__(self, path: Path, expected: str, actual: str):
        self.path, self.expected, self.actual = path, expected, actual
        super().__init__(
            f"{path}: SHA-256 mismatch\n  manifest: {expected}\n  file:     {actual}\n"
            "If this is a new upstream release, rerun with --accept-new-dictionaries "
            "to record it in dictionaries/sources.toml."
        )


class PublishedError(TorreError):
    """A damaged store of published versions, or a build that would change a published file.
    Here, not in pipeline.published, so that pipeline.ledger (which published imports) can raise it."""


class ConfigError(TorreError):
    """Invalid project data (coimbra.toml, [tool.torre], the manifest)."""


class DawgFormatError(TorreError):
    """A DAWG file that is truncated, corrupted or of another format."""


class DayError(TorreError):
    """A date outside the build window, or a day that cannot be built."""


QUOTE_LIMIT = 80  # characters of a user's input an error message repeats


def first_names(items: list[str], shown: int = 5) -> str:
    """The first names of a list for a one-line message, and how many more: a build
    that lost 500 files must not print 500 names."""
    more = len(items) - shown
    return ", ".join(items[:shown]) + (f" and {more} more" if more > 0 else "")


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`value` as repr() quotes it in a message, cut to `limit` characters and "…": a
    50 MB line in a file must not become a 50 MB error."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "…"
    text = repr(value)
    return text if len(text) <= limit + 2 else text[:limit] + "…"
