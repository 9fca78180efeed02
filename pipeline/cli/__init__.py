"""The `torre` command: click only — parse, call the library, report.

Each command group lives in its own module; domain errors (TorreError) become
one clear message and exit code 1, usage errors exit 2 (click's own).
"""
from __future__ import annotations

import click

from . import build, dawg, days, dictionaries, licence, publish, words
from .common import main_group


@click.group(cls=main_group())
@click.version_option(package_name="a-torre")
def main() -> None:
    """A Torre: build the word list, the DAWG, the daily towers and the site.

    Example: torre build   (everything into dist/)
    """


main.add_command(words.words)
main.add_command(dawg.dawg)
main.add_command(days.days)
# The issues write `torre day show DATE`: the same commands under that name, unlisted.
main.add_command(click.Group("day", commands=days.days.commands, help=days.days.help,
                             hidden=True))
main.add_command(dictionaries.dictionaries)
main.add_command(publish.publish)
main.add_command(licence.licence)
for command in build.commands:
    main.add_command(command)
