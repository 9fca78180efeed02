"""`torre build` and `torre serve`."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from .common import dictionary_update_options
from .days import parse_date


@click.command()
@click.option("--out", type=click.Path(path_type=Path, file_okay=False),
              default=Path("dist"), show_default=True,
              help="Where the site goes, replaced atomically when everything succeeded; "
                   "an existing folder must be an unchanged earlier build (its .torre-build "
                   "manifest lists every file), or empty.")
@click.option("--natura", type=click.Path(path_type=Path, file_okay=False),
              help="Directory holding the Natura dictionaries (default: the usual places).")
@click.option("--today", callback=parse_date,
              help="Lisbon date to build as (default: now in Europe/Lisbon), YYYY-MM-DD.")
@dictionary_update_options
@click.option("--replace-foreign-out", is_flag=True,
              help="Replace --out even when it is not an unchanged earlier build of this "
                   "store (files changed, its .torre-ledger damaged or another store's); "
                   "never a folder holding .git or pyproject.toml, nor from a store rolled "
                   "back since --out was built.")
@click.option("--drop-unpublished", is_flag=True,
              help="Let the build stop serving word lists (versoes/) and days (dias/) that "
                   "--out serves and no torre publish recorded: only for a build never "
                   "deployed (a Coimbra word added, built, removed again).")
@click.option("--quiet", is_flag=True, help="No progress or summary (warnings still shown).")
def build(out: Path, natura: Path | None, today: dt.date | None,
          accept_new_dictionaries: bool, allow_word_loss: bool, replace_foreign_out: bool,
          drop_unpublished: bool, quiet: bool) -> None:
    """Build everything into dist/: words, DAWG, daily towers, the site.

    Example: torre build --out /tmp/site --today 2026-12-25
    """
    from ..build import build_all

    build_all(out, natura_dir=natura, today=today, quiet=quiet,
              accept_new_dictionaries=accept_new_dictionaries,
              allow_word_loss=allow_word_loss, replace_foreign=replace_foreign_out,
              drop_unpublished=drop_unpublished)


@click.command()
@click.option("--dir", "directory", type=click.Path(path_type=Path, file_okay=False),
              default=Path("dist"), show_default=True, help="The built site to serve.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
def serve(directory: Path, port: int) -> None:
    """Serve the built site on 127.0.0.1, sending .br/.gz when accepted.

    Example: torre serve --port 8000
    """
    from ..serve import serve as serve_forever

    serve_forever(directory, port)


commands: list[click.Command] = [build, serve]
