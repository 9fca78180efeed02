"""`torre dawg` commands: build, check, dump and describe the DAWG file."""
from __future__ import annotations

import os
from pathlib import Path

import brotli
import click

from ..errors import DawgFormatError, MissingInputError
from .common import (STAGE_OUT, check_latin_word, guard_stage_files, record_stage_files,
                     replace_foreign_option, stage_out)

DEFAULT_DIST = Path("dist")
# palavras.dawg is ~0.4 MB; a file far larger (or /dev/zero) is not one.
MAX_DAWG_BYTES = 64 << 20


@click.group()
def dawg() -> None:
    """Build and inspect the word list's DAWG (dist/palavras.dawg).

    Example: torre dawg check casa tricana xyz
    """


@dawg.command()
@click.option("--words", "words_path", type=click.Path(path_type=Path),
              default=DEFAULT_DIST / "palavras.txt", show_default=True,
              help="The word list, one uppercase A–Z word per line.")
@click.option("--coimbra", "coimbra_path", type=click.Path(path_type=Path), default=None,
              help="coimbra.toml (default: the project's dictionaries/coimbra.toml).")
@click.option("--out", type=click.Path(path_type=Path, file_okay=False),
              default=STAGE_OUT / "dawg", show_default=True, callback=lambda _c, _p, v: stage_out(v),
              help="Folder that receives palavras.dawg (not inside a `torre build` tree).")
@replace_foreign_option
def build(words_path: Path, coimbra_path: Path | None, out: Path,
          replace_foreign_out: bool) -> None:
    """Build palavras.dawg from palavras.txt and the Coimbra words.

    Example: torre dawg build --words dist/palavras.txt --out /tmp/dawg
    """
    from ..coimbra import folded_set, load_coimbra
    from ..dawg.builder import build_dawg
    from ..dawg.format import parse_header
    from ..files import write_atomic

    guard_stage_files(out, ["palavras.dawg"], replace_foreign_out)
    words = read_word_list(words_path)
    coimbra = load_coimbra(coimbra_path) if coimbra_path else load_coimbra()
    data = build_dawg(words, folded_set(coimbra))
    target = out / "palavras.dawg"
    write_atomic(target, data)
    record_stage_files(out, ["palavras.dawg"])
    header = parse_header(data)
    click.echo(f"{target}: {len(data)} bytes, {header.dictionary_words} dictionary words, "
               f"{header.coimbra_words} Coimbra words")


def read_word_list(path: Path) -> list[str]:
    """The words of palavras.txt; a line outside the DAWG's alphabet names its line."""
    from ..dawg.builder import check_word
    from ..files import read_input

    if not os.path.lexists(path):
        raise MissingInputError("the word list (palavras.txt)", [path])
    data = read_input(path, "--words names palavras.txt, one word per line")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DawgFormatError(f"{path}: not UTF-8 (byte {error.start}); --words names "
                              "palavras.txt, one uppercase A–Z word per line") from None
    words = []
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            check_word(line)
        except DawgFormatError as error:
            raise DawgFormatError(f"{path}:{number}: {error}") from None
        if words and line < words[-1]:  # the word-list step writes them sorted
            raise DawgFormatError(f"{path}:{number}: {line} comes before {words[-1]} (line "
                                  f"{number - 1}); palavras.txt is sorted, as the word-list "
                                  "step writes it")
        words.append(line)
    if not words:
        raise DawgFormatError(f"{path}: holds no word; --words names palavras.txt, one "
                              "uppercase A–Z word per line, as the word-list step writes it")
    return words


def dawg_option(function):
    return click.option(
        "--dawg", "dawg_path", type=click.Path(path_type=Path),
        default=DEFAULT_DIST / "palavras.dawg", show_default=True, help="The DAWG file to read.",
    )(function)


def open_dawg(path: Path):
    from ..dawg.reader import Dawg

    if not path.exists():
        raise MissingInputError("the DAWG (run `torre dawg build`)", [path])
    if not path.is_file():
        raise DawgFormatError(f"{path}: not a regular file; --dawg names a palavras.dawg")
    size = path.stat().st_size
    if size > MAX_DAWG_BYTES:
        raise DawgFormatError(f"{path}: {size} bytes, more than any DAWG of the word list "
                              f"({MAX_DAWG_BYTES >> 20} MiB)")
    return Dawg.load(path)


@dawg.command()
@click.argument("words", nargs=-1, required=True,
                callback=lambda _c, _p, values: [check_latin_word(v) for v in values])
@dawg_option
def check(words: tuple[str, ...], dawg_path: Path) -> None:
    """Say whether each WORD is in the list: `yes`, `no` or `coimbra`.

    Example: torre dawg check casa Tricana xyz
    """
    from ..coimbra import fold  # case- and accent-insensitive: "Tricana", "açúcar" → A–Z

    reader = open_dawg(dawg_path)
    for word in words:
        folded = fold(word)
        if reader.is_coimbra(folded):
            answer = "coimbra"
        else:
            answer = "yes" if reader.contains(folded) else "no"
        click.echo(f"{word} {answer}")


@dawg.command()
@dawg_option
def dump(dawg_path: Path) -> None:
    """Print every word of the DAWG, one per line, in alphabetical order.

    Example: torre dawg dump | diff - dist/palavras.txt
    """
    reader = open_dawg(dawg_path)
    click.echo("".join(word + "\n" for word in reader.words()), nl=False)


@dawg.command()
@dawg_option
def info(dawg_path: Path) -> None:
    """Counts, sizes (raw and brotli quality 11) and the checksum of the DAWG.

    Example: torre dawg info --dawg dist/palavras.dawg
    """
    reader = open_dawg(dawg_path)
    data = dawg_path.read_bytes()
    header = reader.header
    rows = [
        ("file", str(dawg_path)),
        ("format version", header.version),
        ("words", header.words),
        ("dictionary words", header.dictionary_words),
        ("coimbra words", header.coimbra_words),
        ("states", header.states),
        ("edges", header.edges),
        ("shared states", header.shared_states),
        ("shared-region edges", header.shared_edges),
        ("longest word", header.max_length),
        ("bytes raw", len(data)),
        ("bytes brotli q11", len(brotli.compress(data, quality=11))),
        ("crc-32", f"{header.crc:08x}"),
    ]
    for label, value in rows:
        click.echo(f"{label:<20} {value}")
