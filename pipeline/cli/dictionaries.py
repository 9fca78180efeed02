"""`torre dictionaries` commands."""
from __future__ import annotations

import click


@click.group()
def dictionaries() -> None:
    """dictionaries commands."""
