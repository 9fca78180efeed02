"""`torre dictionaries`: download the Natura releases, check the files in use."""
from __future__ import annotations

from pathlib import Path

import click


@click.group()
def dictionaries() -> None:
    """The Natura Hunspell dictionaries recorded in dictionaries/sources.toml.

    Example: torre dictionaries verify
    """


@dictionaries.command()
@click.option("--dest", type=click.Path(path_type=Path, file_okay=False),
              default=Path("dictionaries/natura"), show_default=True,
              help="Where to unpack (each dictionary in its own folder).")
def fetch(dest: Path) -> None:
    """Download the upstream tarballs named in the manifest and unpack the .aff/.dic.

    Needs internet. Afterwards `torre dictionaries verify` says whether they are the
    releases the manifest records.

    Example: torre dictionaries fetch --dest dictionaries/natura
    """
    from ..sources import fetch as fetch_all

    for path in fetch_all(dest):
        click.echo(f"wrote {path}")


@dictionaries.command()
@click.option("--natura", type=click.Path(path_type=Path, file_okay=False),
              help="Folder holding the dictionaries (default: the usual places).")
def verify(natura: Path | None) -> None:
    """Find both dictionaries and check their SHA-256 against the manifest.

    Example: torre dictionaries verify --natura dictionaries/natura
    """
    from ..sources import resolve_sources

    for source in resolve_sources(natura):
        click.echo(f"{source.id}: {source.release}")
        click.echo(f"  {source.aff_path}  {source.aff_sha256}  ok")
        click.echo(f"  {source.dic_path}  {source.dic_sha256}  ok")
