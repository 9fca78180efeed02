"""`torre days` commands."""
from __future__ import annotations

import click


@click.group()
def days() -> None:
    """days commands."""
