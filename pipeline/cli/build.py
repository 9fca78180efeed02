"""`torre build` and `torre serve`."""
from __future__ import annotations

import click

commands: list[click.Command] = []
