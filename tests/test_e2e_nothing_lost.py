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
