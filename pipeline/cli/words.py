"""`torre words` commands."""
from __future__ import annotations

import click


@click.group()
def words() -> None:
    """words commands."""
