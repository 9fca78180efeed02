"""Nothing a player saved is lost, second round (issues 31 and 34, the browser's items): two
tabs never send a save backwards, a damaged practice save is kept aside, an unknown word
list never locks a page, a day that has not opened is never verified nor kept, the end
screen's chunk served empty is said, a challenge is of a finished run, a full storage is
said once, and every damaged value gets its own copy. Each new state is checked by axe,
light and dark, and photographed at phone and desktop sizes."""
from __future__ import annotations

import json
import re

import pytest

from e2e_support import (DESKTOP, FIXTURE_NOON, Player, browser, new_player, play_praxe_by_taps,  # noqa: F401
                         route_day, site_url)
from test_e2e_saves import FULL_FOR, PHONE_SMALL, QUIET_PAGE, VIEWPORTS, check_looks, put, storage

TODAY = "2026-12-01"


def second_tab(player: Player) -> Player:
    """Another tab of the same browser (same storage), on the same day."""
    page = player.page.context.new_page()
    page.clock.set_fixed_time(FIXTURE_NOON)
    route_day(page)
    return Player(page, player.url)


# Issue 31, item 1 -------------------------------------------------------------------------

def test_a_play_in_one_tab_is_never_lost_to_an_older_state_in_another(new_player):
    first = new_player().open().wait_ready()
    other = second_tab(first).open().wait_ready()
    first.pass_turn()
    first.expect_text("#jogadas", "2")
    other.expect_text("#jogadas", "2")  # the other tab takes up the newer save
    other.announced(re.compile("noutro separador"))
    other.button("baralhar").click()
    first.page.reload()
    first.wait_ready()
    first.expect_text("#jogadas", "2")
    assert [a["type"] for a in json.loads(storage(first, "torre.corrida"))["actions"]] == ["pass", "shuffle"], "both kept"
    assert first.errors == [] and other.errors == []


def test_a_tab_that_missed_the_news_takes_up_the_newer_save_before_it_writes(new_player):
    first = new_player().open().wait_ready()
    other = second_tab(first).open().wait_ready()
    # A newer save written behind the other tab's back (no storage event reaches it).
    newer = json.dumps({"v": 1, "date": TODAY, "actions": [{"type": "pass"}],
                        "wordList": first.page.get_attribute("#jogo", "data-versao")})
    put(other, "torre.corrida", newer)
    other.button("baralhar").click()
    other.expect_text("#jogadas", "2")
    other.announced(re.compile("noutro separador"))
    assert json.loads(storage(other, "torre.corrida"))["actions"][0] == {"type": "pass"}, "the newer save is never overwritten"


# Issue 31, item 2 -------------------------------------------------------------------------

RESULT = {"floor": 3, "total": 150, "won": False}
# Cut short, of an unknown version, and with one result no run could have written.
DAMAGED_PRACTICE = [
    '{"v":1,"current":2,"run":{"number":2,"actions":[{"type":"pa',
    json.dumps({"v": 2, "current": 1, "run": None, "results": {}}),
    json.dumps({"v": 1, "current": 1, "run": None, "results": {"1": RESULT, "2": {**RESULT, "floor": 0}}}),
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["phone", "desktop"])
def test_a_damaged_practice_save_is_kept_aside_and_the_player_told(new_player, scheme, viewport):
    player = new_player(viewport=viewport, color_scheme=scheme).open(QUIET_PAGE)
    for raw in DAMAGED_PRACTICE:
        put(player, "torre.treino", raw)
        player.open("/treino/")
        player.expect_text("#dialogo-titulo", "O treino guardado estava danificado")
        player.expect_text("#dialogo-corpo", re.compile(r"\(guardámos uma cópia do antigo à parte\)\.$"))
        if raw == DAMAGED_PRACTICE[0]:
            check_looks(player, "treino-danificado", scheme)
        player.dialog_button("Continuar").click()
        player.wait_ready()
        player.pass_turn()
    copies = [storage(player, key) for key in ("torre.treino.danificado", "torre.treino.danificado.2",
                                               "torre.treino.danificado.3")]
    assert copies == DAMAGED_PRACTICE, "each damaged save kept under its own key"
    assert json.loads(storage(player, "torre.treino"))["results"] == {"1": RESULT}, "the readable result kept"
    player.page.reload()
    player.wait_ready()
    assert not player.page.locator("#dialogo").is_visible(), "said once: what was readable is now sound"
    assert player.errors == []
