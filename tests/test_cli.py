"""The `torre` command as a whole: every command's --help, exit codes of errors."""
from __future__ import annotations

import errno
import pathlib

import click
import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.outdir import MANIFEST


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


# Issue 13 item 10: `torre dawg build` rewrote dist/palavras.dawg behind the build's back.
@pytest.mark.parametrize("command, default", [
    (["words", "build"], ".cache/stages/words"), (["dawg", "build"], ".cache/stages/dawg"),
    (["days", "build"], ".cache/stages/dias")])
def test_single_stage_commands_write_outside_dist_by_default(command, default):
    result = CliRunner().invoke(main, [*command, "--help"])
    assert f"[default: {default}]" in " ".join(result.output.split())


@pytest.mark.parametrize("command, inside", [
    (["words", "build"], ""), (["dawg", "build"], ""), (["days", "build"], "dias")])
def test_single_stage_commands_refuse_a_folder_inside_a_build(tmp_path, command, inside):
    build = tmp_path / "dist"
    build.mkdir()
    (build / MANIFEST).write_text("")
    result = CliRunner().invoke(main, [*command, "--out", str(build / inside)])
    assert result.exit_code == 2 and "is inside the build" in result.output
    assert sorted(p.name for p in build.iterdir()) == [MANIFEST]


# Issue 13 item 8: a full disk ended in an OSError traceback.
def test_a_failed_file_operation_is_one_line_and_exit_1(tmp_path, monkeypatch):
    def full_disk(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "x.json"))
    monkeypatch.setattr(pathlib.Path, "write_bytes", full_disk)
    result = CliRunner().invoke(main, ["days", "build", "--out", str(tmp_path / "d"),
                                       "--first", "2026-12-24", "--last", "2026-12-24"])
    assert result.exit_code == 1 and not isinstance(result.exception, OSError)
    assert result.output.strip().splitlines() == [
        f"Error: {tmp_path / 'x.json'}: No space left on device (free some space and rerun; "
        "the previous output was left as it was)"]


# Issue 22 item 5: `days build --out DIR` overwrote a user's DIR/indice.json and
# DIR/2026-12-01.json with exit 0.
DAYS_RANGE = ["--first", "2026-12-01", "--last", "2026-12-02"]


@pytest.mark.parametrize("command, name", [
    (["days", "build", *DAYS_RANGE], "indice.json"),
    (["days", "build", *DAYS_RANGE], "2026-12-01.json"),
    (["dawg", "build", "--words", "WORDS"], "palavras.dawg"),
], ids=["days index", "day file", "dawg"])
def test_single_stage_commands_never_write_over_a_file_they_did_not_write(tmp_path, command,
                                                                          name):
    out = tmp_path / "mine"
    out.mkdir()
    (out / name).write_text("my notes")
    (tmp_path / "palavras.txt").write_text("CASA\nSOL\n")
    command = [str(tmp_path / "palavras.txt") if part == "WORDS" else part for part in command]
    refused = CliRunner().invoke(main, [*command, "--out", str(out)])
    assert refused.exit_code == 1, refused.output
    assert f"{out}: {name}" in refused.output and "--replace-foreign-out" in refused.output
    assert (out / name).read_text() == "my notes"
    forced = CliRunner().invoke(main, [*command, "--out", str(out), "--replace-foreign-out"])
    assert forced.exit_code == 0, forced.output
    again = CliRunner().invoke(main, [*command, "--out", str(out)])  # its own files: fine
    assert again.exit_code == 0, again.output
    (out / name).write_text("edited since")
    changed = CliRunner().invoke(main, [*command, "--out", str(out)])
    assert changed.exit_code == 1 and "changed since" in changed.output
