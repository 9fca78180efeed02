"""What every command shares: turning domain errors into clean exits."""
from __future__ import annotations

import click

from ..errors import TorreError


def main_group() -> type[click.Group]:
    class TorreGroup(click.Group):
        def invoke(self, ctx: click.Context):
            try:
                return super().invoke(ctx)
            except TorreError as error:
                raise click.ClickException(str(error)) from error

    return TorreGroup
