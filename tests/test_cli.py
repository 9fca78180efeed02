"""The `torre` command as a whole: every command's --help, exit codes of errors."""
from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from pipeline.cli import main


def command_paths(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every listed command and group under `group`, as the words typed after `torre`."""
    paths = []
    for name, command in sorted(group.commands.items()):
        if command.hidden:  # an alias (`torre day`): its help is the listed command's
            continue
        paths.append(prefix + (name,))
        if isinstance(command, click.Group):
            paths += command_paths(command, prefix + (name,))
    return paths


def test_every_command_is_reached_by_the_walk():
    paths = command_paths(main)
    for expected in [("build",), ("serve",), ("words", "why"), ("dawg", "check"),
                     ("days", "extend"), ("dictionaries", "fetch")]:
        assert expected in paths


@pytest.mark.parametrize("path", [()] + command_paths(main), ids=lambda p: " ".join(p) or "torre")
def test_every_command_help_has_an_example(path):
    result = CliRunner().invoke(main, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert f"Example: torre {' '.join(path)}".rstrip() in result.output


@pytest.mark.parametrize("command", [["build"], ["words", "build"], ["dawg", "build"],
                                     ["days", "build"]])
def test_an_out_that_is_a_file_is_a_usage_error_and_the_file_is_kept(tmp_path, command):
    target = tmp_path / "notes.txt"
    target.write_text("keep me")
    result = CliRunner().invoke(main, [*command, "--out", str(target)])
    assert result.exit_code == 2 and "is a file" in result.output
    assert target.read_text() == "keep me"
