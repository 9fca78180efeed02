"""What the archive and replay end-to-end tests share: a real past day's first
play worked out by the engine in Node (so the test plays words the real word list
accepts), and finishing a run through the page."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_PLAY = """
import { legalPlays, newRun } from "./site_src/js/engine/index.js";
import { loadDay, loadDistConstants, realWords } from "./tests/js/helpers/real-dist.mjs";
const constants = loadDistConstants();
const state = newRun(loadDay(process.argv[1] + ".json"), constants);
const play = legalPlays(state, realWords().words).find((p) => p.tiles.every((t) => !t.blank) && p.points < constants.targets[0]);
console.log(JSON.stringify({ tiles: play.tiles, points: play.points }));
"""


def first_play(dist: Path, date: str) -> dict:
    """The best play of `date`'s opening position that has no blank and does not climb (so no trunfo
    dialog follows): {tiles:[{square, letter}], points}."""
    out = subprocess.run(["node", "--input-type=module", "-e", FIRST_PLAY, date], cwd=ROOT, check=True,
                         capture_output=True, text=True, env=dict(os.environ, TORRE_DIST=str(dist)))
    return json.loads(out.stdout)


def make_play(player, play: dict):
    """Each tile tapped in the hand, then its square; then Jogar."""
    for tile in play["tiles"]:
        player.tile(tile["letter"]).click()
        player.cell(tile["square"]).click()
    player.button("jogar").click()


def finish_by_passing(player):
    """Passes until the run ends (the end dialog opens)."""
    dialog = player.page.locator("#dialogo")
    for _ in range(12):
        if dialog.is_visible() or player.run_is_over():
            break
        player.pass_turn()
    dialog.wait_for(state="visible")


def share_link(player) -> str:
    """The replay link in the end dialog's share text."""
    lines = player.text("#texto-partilha").splitlines()
    links = [line for line in lines if "/repeticao/#" in line]
    assert len(links) == 1, lines
    return links[0]
