"""`torre words`: build the word list, explain a word, show the figures."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from .common import (STAGE_OUT, check_latin_word, dictionary_update_options, guard_stage_files,
                     record_stage_files, replace_foreign_option, stage_out)

NATURA = click.option("--natura", type=click.Path(path_type=Path, file_okay=False),
                      help="Folder holding the Natura dictionaries (default: $TORRE_NATURA_DIR, "
                           "dictionaries/natura/, ../shared/dictionaries/).")
QUIET = click.option("--quiet", is_flag=True, help="No progress bars or summary.")


def progress_bars(quiet: bool):
    """click's progress bars on stderr, or none."""
    if quiet:
        return None

    def bar(items, label: str, length: int):
        return click.progressbar(items, label=label, length=length, file=sys.stderr)

    return bar


@click.group()
def words() -> None:
    """The word list: palavras.txt and the files that trace and license it.

    Example: torre words build --out dist
    """


@words.command()
@NATURA
@click.option("--out", type=click.Path(path_type=Path, file_okay=False),
              default=STAGE_OUT / "words", show_default=True, callback=lambda _c, _p, v: stage_out(v),
              help="Folder for palavras.txt and its companions (not inside a `torre build` tree).")
@dictionary_update_options
@replace_foreign_option
@QUIET
def build(natura: Path | None, out: Path, accept_new_dictionaries: bool, allow_word_loss: bool,
          replace_foreign_out: bool, quiet: bool) -> None:
    """Expand both dictionaries and write palavras.txt, palavras-origem.tsv,
    LICENCA-palavras.txt and palavras-stats.json.

    Example: torre words build --natura ~/natura --out /tmp/palavras
    """
    from ..sources import resolve_sources
    from ..update import prepare_update, record_update
    from ..wordlist import FILES, build_word_list, write_word_list

    guard_stage_files(out, list(FILES), replace_foreign_out)
    sources = resolve_sources(natura, accept_new=accept_new_dictionaries)
    word_list = build_word_list(sources, progress_bars(quiet))
    update = None
    if accept_new_dictionaries:
        update = prepare_update(word_list.words, word_list.stats, sources, out, allow_word_loss)
    written = write_word_list(word_list, sources, out)
    record_stage_files(out, list(FILES))
    recorded = record_update(sources, update) if update else []
    for path in recorded:
        click.echo(f"recorded the SHA-256 of {path} in dictionaries/sources.toml", err=True)
    if not quiet:
        click.echo(f"{len(word_list.words)} words; wrote " + ", ".join(str(p) for p in written))


def latin_words(_ctx, _param, values: tuple[str, ...]) -> list[str]:
    """Each WORD must be Latin letters (accents allowed) with at least one letter."""
    return [check_latin_word(value) for value in values]


@words.command()
@click.argument("words_asked", metavar="WORD...", nargs=-1, required=True, callback=latin_words)
@NATURA
@QUIET
def why(words_asked: list[str], natura: Path | None, quiet: bool) -> None:
    """Say which dictionary lines and affix rules give each WORD, or why it is missing,
    and whether it is common (its wordfreq rank, or a Coimbra word).

    Both dictionaries are expanded once, whatever the number of words.

    Example: torre words why accao optimo lisboa
    """
    from ..sources import resolve_sources
    from ..why import why_lines

    answers = why_lines(words_asked, resolve_sources(natura), progress_bars(quiet))
    click.echo("\n\n".join("\n".join(lines) for lines in answers))


@words.command()
@NATURA
@QUIET
def stats(natura: Path | None, quiet: bool) -> None:
    """Count the words by length and spelling, and what each filter removed.

    Example: torre words stats
    """
    from ..sources import resolve_sources
    from ..wordlist import build_word_list

    figures = build_word_list(resolve_sources(natura), progress_bars(quiet)).stats
    click.echo(f"words: {figures['words']}")
    click.echo("by length: " + ", ".join(f"{n}: {c}" for n, c in figures["by_length"].items()))
    click.echo("by spelling: " + ", ".join(f"{k}: {c}" for k, c in figures["by_spelling"].items()))
    for name, info in figures["dictionaries"].items():
        click.echo(f"{name}: {info['entries']} entries, {info['forms_generated']} forms "
                   f"spelled out, {info['words']} words")
    click.echo("removed (distinct forms, first filter failed):")
    for reason, count in figures["removed_forms"].items():
        click.echo(f"  {reason}: {count}")
