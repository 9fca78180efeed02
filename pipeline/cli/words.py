"""`torre words`: build the word list, explain a word, show the figures."""
from __future__ import annotations

import sys
from pathlib import Path

import click

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
@click.option("--out", type=click.Path(path_type=Path, file_okay=False), default=Path("dist"),
              show_default=True, help="Folder for palavras.txt and its companions.")
@click.option("--accept-new-dictionaries", is_flag=True,
              help="Accept dictionary files whose SHA-256 differs and, once the list is "
                   "written, record it in dictionaries/sources.toml (a new upstream release).")
@QUIET
def build(natura: Path | None, out: Path, accept_new_dictionaries: bool, quiet: bool) -> None:
    """Expand both dictionaries and write palavras.txt, palavras-origem.tsv,
    LICENCA-palavras.txt and palavras-stats.json.

    Example: torre words build --natura ~/natura --out /tmp/palavras
    """
    from ..sources import record_hashes, resolve_sources
    from ..wordlist import build_word_list, write_word_list

    sources = resolve_sources(natura, accept_new=accept_new_dictionaries)
    word_list = build_word_list(sources, progress_bars(quiet))
    written = write_word_list(word_list, sources, out)
    recorded = record_hashes(sources) if accept_new_dictionaries else []
    for path in recorded:
        click.echo(f"recorded the SHA-256 of {path} in dictionaries/sources.toml", err=True)
    if not quiet:
        click.echo(f"{len(word_list.words)} words; wrote " + ", ".join(str(p) for p in written))


def word_with_letters(_ctx, _param, value: str) -> str:
    """WORD must spell something: at least one letter once accents are folded."""
    from ..coimbra import fold
    from ..wordlist import letters_key

    if not letters_key(fold(value)):
        raise click.BadParameter(f"WORD needs at least one letter, got {value!r}")
    return value


@words.command()
@click.argument("word", callback=word_with_letters)
@NATURA
@QUIET
def why(word: str, natura: Path | None, quiet: bool) -> None:
    """Say which dictionary lines and affix rules give WORD, or why it is missing.

    Example: torre words why accao
    """
    from ..coimbra import fold, folded_set, load_coimbra
    from ..sources import resolve_sources
    from ..wordlist import explain_word

    for line in explain_word(word, resolve_sources(natura), progress_bars(quiet)):
        click.echo(line)
    folded = fold(word.strip())
    if folded in folded_set(load_coimbra()):
        click.echo(f"{folded} is a Coimbra word (dictionaries/coimbra.toml): valid in the "
                   "game, with the Coimbra bonus.")


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
