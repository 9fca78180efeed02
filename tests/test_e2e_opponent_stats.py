"""The computer opponents in Estatísticas (issue 29 §4, §6; issue 39): the best patente and the days
each level was beaten (a table of won–lost once the archive has the days, tests/test_e2e_stats.py);
statistics from before the opponents open as they did, with one line that there is nothing yet;
an export carries the figures to another device."""
from __future__ import annotations

import json
import re

import pytest

from e2e_support import DESKTOP, axe_in_each_scheme, browser, new_player, site_url  # noqa: F401

SMALL_PHONE = {"width": 360, "height": 640}

# Statistics as the game writes them once the opponents count: three days, Caloiro beaten on two, Veterano on one.
BEATEN_STATS = {"v": 1, "runs": 3, "wins": 0, "floors": [0, 1, 2, 0, 0], "best": 170, "streak": 3, "bestStreak": 3,
                "lastDate": "2026-11-30", "parBeaten": 1, "parDate": "2026-11-29",
                "opponentsBeaten": {"caloiro": 2, "doutor": 1, "dux": 0}, "opponentsDate": "2026-11-30",
                "bestPatente": "doutor"}
# Statistics as the game wrote them before the opponents: none of their fields.
OLD_STATS = {"v": 1, "runs": 3, "wins": 0, "floors": [0, 1, 2, 0, 0], "best": 170, "streak": 3, "bestStreak": 3,
             "lastDate": "2026-11-30", "parBeaten": 1, "parDate": "2026-11-29"}
# No «0 dias» line for the Dux: what is zero is not said (issue 39).
OPPONENT_LINES = [["Melhor categoria", "Veterano"], ["Ganhou ao Caloiro", "2 dias"], ["Ganhou ao Veterano", "1 dia"]]
NONE_YET = ("Ainda não há corridas contra os adversários: cada torre diária que acabar é comparada com as corridas "
            "do Caloiro, do Veterano e do Dux.")


def open_stats(player, stats):
    """The game page with `stats` saved on the device before it loads, and Estatísticas open."""
    saved = json.dumps(json.dumps(stats))
    player.page.add_init_script(f"try {{ localStorage.setItem('torre.estatisticas', {saved}); }} catch (error) {{}}")
    player.open().wait_ready()
    player.button("estatisticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    player.page.locator("#estatisticas-adversarios").wait_for()
    return player


def opponent_lines(player):
    section = player.page.locator("#estatisticas-adversarios")
    terms, values = section.locator("dt").all_inner_texts(), section.locator("dd").all_inner_texts()
    return [list(pair) for pair in zip(terms, values)]


def test_statistics_show_the_best_patente_and_the_days_each_opponent_was_beaten(new_player):
    player = open_stats(new_player(viewport=SMALL_PHONE), BEATEN_STATS)
    assert player.text("#estatisticas-adversarios h3") == "Adversários"
    assert opponent_lines(player) == OPPONENT_LINES
    assert NONE_YET not in player.text("#estatisticas-adversarios")
    assert player.page.locator("#dialogo .aviso-erro").count() == 0, "valid statistics, no warning"
    assert player.errors == []


def test_statistics_from_before_the_opponents_open_as_before_and_say_none_was_beaten_yet(new_player):
    player = open_stats(new_player(viewport=SMALL_PHONE), OLD_STATS)
    assert player.page.locator("#dialogo .aviso-erro").count() == 0, "old statistics are not damaged ones"
    assert player.page.locator("#dialogo .factos").first.locator("dd").all_inner_texts() == ["3", "0", "170", "3", "3", "1"]
    assert player.text("#estatisticas-adversarios p") == NONE_YET
    assert opponent_lines(player) == []
    assert player.page.evaluate("() => JSON.parse(localStorage.getItem('torre.estatisticas'))") == OLD_STATS
    assert player.errors == []


def test_the_opponents_figures_travel_to_another_device_in_the_export(new_player):
    player = open_stats(new_player(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"]), BEATEN_STATS)
    player.dialog_button("Exportar").click()
    exported = player.page.locator("#estatisticas-texto").input_value()

    other = new_player(viewport=DESKTOP).open().wait_ready()  # another phone, nothing beaten there
    other.button("estatisticas").click()
    other.expect_text("#estatisticas-nada", re.compile("^Ainda não há nada para contar"))
    other.page.locator("#estatisticas-texto").fill(exported)
    other.dialog_button("Importar").click()
    other.page.locator("#estatisticas-adversarios dd").first.wait_for()
    assert opponent_lines(other) == OPPONENT_LINES
    assert other.page.evaluate("() => JSON.parse(localStorage.getItem('torre.estatisticas'))") == BEATEN_STATS
    assert player.errors == [] and other.errors == []


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_opponents_statistics_have_no_axe_violations(new_player, viewport):
    found = {}
    for name, stats in (("adversarios", BEATEN_STATS), ("adversarios-nenhum", OLD_STATS)):
        player = open_stats(new_player(viewport=viewport), stats)
        player.page.locator("#estatisticas-adversarios").scroll_into_view_if_needed()
        found[name] = axe_in_each_scheme(player, f"estatisticas-{name}")
    assert found == {"adversarios": {"light": [], "dark": []}, "adversarios-nenhum": {"light": [], "dark": []}}
