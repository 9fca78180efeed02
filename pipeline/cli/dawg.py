"""`torre dawg` commands."""
from __future__ import annotations

import click


@click.group()
def dawg() -> None:
    """dawg commands."""
