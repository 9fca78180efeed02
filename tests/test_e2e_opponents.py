"""The day's three computer opponents at the end of a run: once the analysis worker has played
them, the end screen says in one line how the run did against the Caloiro, the Veterano and the
Dux, gives the day's patente, and links each one's run as a replay that /repeticao/ verifies
with that opponent's result. Nothing moves under a finger when they arrive."""
from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from e2e_archive import finish_by_passing, first_play, make_play
from e2e_support import (  # noqa: F401
    DESKTOP, FIXTURE_DAYS, FIXTURE_DATE, axe_in_each_scheme, browser, in_each_scheme, new_player,
    play_praxe_by_taps, site_url, wait_until,
)

ROOT = Path(__file__).resolve().parent.parent
SMALL_PHONE = {"width": 360, "height": 640}
PAST = "2026-11-30"
NAMES = {"caloiro": "Caloiro", "doutor": "Veterano", "dux": "Dux"}

OPPONENTS = """
import { readFileSync } from "node:fs";
import { wordLookup } from "./site_src/js/dawg.js";
import { OPPONENT_LEVELS, opponentRun } from "./site_src/js/engine/opponents.js";
import { realCommonDawg } from "./tests/js/helpers/common-words.mjs";
import { loadDistConstants, realWords } from "./tests/js/helpers/real-dist.mjs";
const day = JSON.parse(readFileSync(process.argv[1], "utf8"));
const words = wordLookup(realWords().dawg, realCommonDawg());
const runs = OPPONENT_LEVELS.map((level) => ({ level, ...opponentRun(day, loadDistConstants(), words, level) }));
console.log(JSON.stringify(runs.map(({ level, floor, total, won }) => ({ level, floor, total, won }))));
"""


def opponents_of(dist: Path, day_file: Path) -> list[dict]:
    """The engine's three opponents of a day file, weakest first: {level, floor, total, won}."""
    out = subprocess.run(["node", "--input-type=module", "-e", OPPONENTS, str(day_file)], cwd=ROOT, check=True,
                         capture_output=True, text=True, env=dict(os.environ, TORRE_DIST=str(dist)))
    return json.loads(out.stdout)


def where(opponent: dict) -> str:
    """As the end screen says it: "o Dux chegou ao 4.º andar com 264 pontos"."""
    got = "subiu a torre toda" if opponent["won"] else f"chegou ao {opponent['floor']}.º andar"
    return f"o {NAMES[opponent['level']]} {got} com {opponent['total']} pontos"


def verdict(opponent: dict) -> str:
    """What /repeticao/ says of the opponent's run once verified."""
    got = "subiu a torre toda" if opponent["won"] else f"chegou ao {opponent['floor']}.º andar"
    return f"Corrida verificada: {got}, com {opponent['total']} pontos."


def opponents_line(player) -> str:
    player.page.locator(".adversarios:not(.espera)").wait_for()
    return player.text("#adversarios-linha")


def replay_links(player) -> dict[str, str]:
    return {level: player.page.locator(f"#corrida-{level}").get_attribute("href") for level in NAMES}


def check_replays_verify(new_player, links: dict[str, str], opponents: list[dict], **player_options):
    """Each opponent's link, opened afresh, replays and is verified with that opponent's result."""
    viewer = new_player(**player_options)
    for opponent in opponents:
        viewer.page.goto("about:blank")  # a new document each time, not a same-page change of fragment
        viewer.page.goto(links[opponent["level"]])
        viewer.page.wait_for_selector("#repeticao[data-veredicto]", state="attached")
        viewer.expect_text("#veredicto", verdict(opponent))
    assert viewer.errors == []


def test_a_run_that_beats_no_opponent_says_where_each_got_and_each_replay_verifies(new_player, built_dist):
    opponents = opponents_of(built_dist, FIXTURE_DAYS / f"{FIXTURE_DATE}.json")
    assert all(not o["won"] and o["total"] > 0 for o in opponents), "the fixture's opponents all score and fall"
    player = new_player(viewport=SMALL_PHONE).open().wait_ready()
    player.pass_turn(3)  # floor 1, 0 points
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    caloiro, doutor, dux = (where(o) for o in opponents)
    assert opponents_line(player) == f"{caloiro[0].upper()}{caloiro[1:]}, {doutor} e {dux}."
    # Whom the run beat and the category are the card's verdict, said once (the reader's report, Estilo 13).
    player.expect_text("#veredicto-do-dia", "Perdeu com o Caloiro, o Veterano e o Dux. Categoria do dia: nenhuma, desta vez.")
    assert "Categoria" not in player.text(".adversarios")
    links = replay_links(player)
    assert all(re.fullmatch(re.escape(player.url) + r"/repeticao/#1[A-Za-z0-9_-]+", link) for link in links.values()), links
    check_replays_verify(new_player, links, opponents)
    player.page.get_by_role("link", name="Ver a corrida do Dux").click()  # the link itself leads there
    player.page.wait_for_selector("#repeticao[data-veredicto]", state="attached")
    player.expect_text("#veredicto", verdict(opponents[2]))
    assert player.errors == []


def test_a_run_that_beats_the_caloiro_gets_its_patente(new_player, built_dist):
    opponents = opponents_of(built_dist, FIXTURE_DAYS / f"{FIXTURE_DATE}.json")
    caloiro, doutor, dux = opponents
    assert caloiro["floor"] == 1 and doutor["floor"] > 2 and not doutor["won"], "PRAXE's 62 points beat only the Caloiro"
    player = new_player(viewport=DESKTOP).open().wait_ready()
    play_praxe_by_taps(player)
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    finish_by_passing(player)
    assert opponents_line(player) == f"{where(caloiro)[0].upper()}{where(caloiro)[1:]}, {where(doutor)} e {where(dux)}."
    player.expect_text("#veredicto-do-dia", "Ganhou ao Caloiro; perdeu com o Veterano e o Dux. Categoria do dia: Caloiro.")
    stats = player.page.evaluate("() => JSON.parse(localStorage.getItem('torre.estatisticas'))")
    assert stats["opponentsBeaten"] == {"caloiro": 1, "doutor": 0, "dux": 0} and stats["bestPatente"] == "caloiro"
    player.page.locator("#corrida-dux").scroll_into_view_if_needed()
    player.screenshot("fim-adversarios-caloiro")
    check_replays_verify(new_player, replay_links(player), [doutor], viewport=DESKTOP)
    assert player.errors == []


def test_an_archive_days_end_screen_has_its_own_opponents(new_player, built_dist):
    opponents = opponents_of(built_dist, built_dist / "dias" / f"{PAST}.json")
    player = new_player(route=False).open(f"/?dia={PAST}").wait_ready()
    make_play(player, first_play(built_dist, PAST))
    finish_by_passing(player)
    line = opponents_line(player)
    assert where(opponents[2]) in line, line  # the Dux of that day, beaten by one play and passes on no day
    links = replay_links(player)
    check_replays_verify(new_player, links, opponents, route=False)


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_opponents_arrive_without_moving_the_end_screens_buttons(new_player, viewport):
    # They come from the analysis worker, maybe seconds after the end screen opens: their place is kept.
    player = new_player(viewport=viewport).open().wait_ready()
    held = []
    player.page.route(re.compile(r"/js/analise\.js"), lambda route: held.append(route))
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    player.expect_text("#adversarios-linha", "A calcular as corridas do Caloiro, do Veterano e do Dux…")
    wait_until(lambda: player.page.wait_for_timeout(50) or held, "the analysis worker's request")
    assert player.page.get_by_role("link", name=re.compile("Ver a corrida")).count() == 0, "no link before its run"
    controls = player.page.locator("#dialogo button, #dialogo a")
    rects = "cs => cs.map(c => JSON.stringify(c.getBoundingClientRect()))"
    player.page.locator("#adversarios-linha").scroll_into_view_if_needed()  # where a player would look, waiting
    for _ in in_each_scheme(player, "fim-adversarios-espera"):
        pass  # looked at in each scheme: the screenshots
    player.page.emulate_media(color_scheme="light")
    before = controls.evaluate_all(rects)
    held[0].continue_()
    opponents_line(player)
    player.expect_text("#par-linha", re.compile(r"^Par do dia: "))
    assert controls.evaluate_all(rects) == before
    assert player.page.get_by_role("link", name=re.compile("Ver a corrida")).count() == 3
    assert axe_in_each_scheme(player, "fim-adversarios") == {"light": [], "dark": []}
    player.page.locator("#adversarios-linha").scroll_into_view_if_needed()
    for _ in in_each_scheme(player, "fim-adversarios-fundo"):
        pass  # looked at in each scheme: the screenshots
    assert player.errors == []
