"""`torre licence`: the licence of a published file or word, and the check of dist/ against
its SPDX document."""
from __future__ import annotations

from pathlib import Path

import click

from .common import check_latin_word
from .words import NATURA, QUIET, progress_bars


@click.command()
@click.argument("asked", metavar="PATH_OR_WORD", required=False)
@click.option("--dist", type=click.Path(path_type=Path, file_okay=False), default=Path("dist"),
              show_default=True, help="The build whose a-torre.spdx.json answers.")
@click.option("--check", is_flag=True,
              help="Check that every file of DIST has its entry in a-torre.spdx.json, with its "
                   "SHA-256, and that every entry has its file.")
@click.option("--document", type=click.Path(path_type=Path, dir_okay=False),
              help="Answer from this SPDX document (one downloaded from the site) instead of "
                   "DIST's, and compare its SHA-256s with DIST's files.")
@NATURA
@QUIET
def licence(asked: str | None, dist: Path, check: bool, document: Path | None,
            natura: Path | None, quiet: bool) -> None:
    """Say which sources, which licence and which file and line a published file or word
    comes from; or, with --check, whether DIST and its SPDX document agree.

    PATH_OR_WORD is a path relative to DIST (palavras.txt, coimbra/praxe/) or a word
    (a word needs the dictionaries, as `torre words why` does).

    Example: torre licence palavras.txt   (also: torre licence praxe; torre licence --check;
    torre licence palavras.txt --document a-torre.spdx.json, the site's, after `make build`)
    """
    from .. import spdx
    from ..licence import UnknownName, file_answer, word_answer

    if asked is not None and not asked.strip():
        raise click.BadParameter("it is blank; name a file of DIST (/ for index.html) "
                                 "or a word", param_hint="PATH_OR_WORD")
    if check:
        problems = spdx.check_document(dist, document)
        for problem in problems:
            click.echo(problem)
        if problems:
            raise click.exceptions.Exit(1)
        click.echo(f"{dist}: {len(spdx.dist_names(dist))} files, each listed in "
                   f"{document or spdx.DOCUMENT} with its SHA-256; no entry without its file")
    if asked is None:
        if not check:
            raise click.UsageError("name a PATH_OR_WORD, or give --check")
        return
    lines = file_answer(dist, asked, document)
    if lines is None:
        if "/" in asked or "." in asked:
            raise UnknownName(f"{asked}: no such file in {document or dist / spdx.DOCUMENT}")
        from ..sources import resolve_sources
        from ..why import why_lines

        word = check_latin_word(asked)
        lines = word_answer(dist, word, lambda words: why_lines(
            words, resolve_sources(natura), progress_bars(quiet)), document)
    click.echo("\n".join(lines))
