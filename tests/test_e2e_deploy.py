"""A deploy while the page is open: at Lisbon midnight the page fetches only the new
day file, so the old build's assets may be gone; if even that fails, the retry shows."""
from __future__ import annotations

import json
import re

from e2e_support import FIXTURE_DATE, browser, fixture_day, new_player, site_url  # noqa: F401

NEXT_DATE = "2026-12-02"


def open_before_midnight(new_player):
    """The game at 23:59:30 in Lisbon on the fixture's day, then every request recorded."""
    player = new_player(clock=None, route=False)
    page = player.page
    fixture = json.dumps(fixture_day(), ensure_ascii=False)
    page.route(re.compile(rf"/dias/{FIXTURE_DATE}\.json$"), lambda route: route.fulfill(
        status=200, content_type="application/json", body=fixture))
    page.clock.install(time=f"{FIXTURE_DATE}T23:59:30Z")
    player.open().wait_ready()
    asked = []
    page.on("request", lambda request: asked.append(request.url.replace(player.url, "")))
    return player, asked


def deploy_removes_the_old_build(page):
    """Every file but the day files now answers 404, as after a deploy that pruned them."""
    page.route(re.compile(r"^(?!.*/dias/)"), lambda route: route.fulfill(status=404, body=""))


def test_midnight_after_a_deploy_fetches_only_the_new_day_file(new_player, built_dist):
    player, asked = open_before_midnight(new_player)
    deploy_removes_the_old_build(player.page)
    player.page.clock.run_for(60_000)
    player.announced("Começou um novo dia: eis a torre de hoje.")
    next_day = json.loads((built_dist / "dias" / f"{NEXT_DATE}.json").read_text(encoding="utf-8"))
    assert player.hand() == next_day["bag"][:8]
    assert asked == [f"/dias/{NEXT_DATE}.json"]
    assert player.errors == []


def test_midnight_whose_day_file_cannot_be_fetched_shows_the_retry(new_player):
    player, _ = open_before_midnight(new_player)
    player.page.route(re.compile(rf"/dias/{NEXT_DATE}\.json$"), lambda route: route.abort())
    player.page.clock.run_for(60_000)
    player.expect_text("#erro-texto", re.compile("^Não foi possível descarregar a torre de hoje"))
    assert player.page.locator("#erro-repetir").is_visible()
    assert player.page.locator("#partida").is_hidden()
