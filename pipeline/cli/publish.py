"""`torre publish`: record a deployed build in the committed store (pipeline.published)."""
from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.option("--dist", type=click.Path(path_type=Path, file_okay=False),
              default=Path("dist"), show_default=True,
              help="The finished, unchanged build that is being deployed.")
@click.option("--begin-ledger", is_flag=True,
              help="Only write the first line of the store's ledger, for a store made before "
                   "the ledger existed (once; refused when git's last commit holds one).")
def publish(dist: Path, begin_ledger: bool) -> None:
    """Record the word lists and towers of a build as published, for ever.

    Adds to dictionaries/published/ every word list of DIST/versoes/ not yet
    stored and the SHA-256 of every day file not yet recorded (each new day must
    be the tower the generator makes for its date), and appends a line to its
    ledger, which later builds check the whole store against. Later builds
    carry every stored word list into versoes/ (so saves and replay links made
    with it still replay) and refuse to change a recorded day. Run it on each
    deploy, then commit dictionaries/published/.

    Example: torre publish --dist dist   (after `torre build`; then commit
    dictionaries/published/)
    """
    from ..published import STORE, begin_ledger as begin, record_build

    if begin_ledger:
        line = begin()
        click.echo(f"ledger begun: {line.fields()}; now commit {STORE}")
        return
    recorded = record_build(dist)
    days = (f"{len(recorded.days)} new, {recorded.days[0]} … {recorded.days[-1]}"
            if recorded.days else "none new")
    click.echo(f"word lists: {', '.join(recorded.versions) or 'none new'}; days: {days}")
    if recorded.versions or recorded.days:
        click.echo(f"now commit {STORE} with this deploy")
