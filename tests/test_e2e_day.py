"""The day: Lisbon's calendar decides the tower, also across midnight with the page open."""
from __future__ import annotations

import json
import re

from e2e_support import FIXTURE_DATE, browser, fixture_day, new_player, site_url  # noqa: F401


def test_page_left_open_past_lisbon_midnight_loads_the_new_tower(new_player, built_dist):
    player = new_player(clock=None, route=False)
    page = player.page
    fixture = json.dumps(fixture_day(), ensure_ascii=False)

    def only_fixture_day(route):
        if route.request.url.endswith(f"/dias/{FIXTURE_DATE}.json"):
            route.fulfill(status=200, content_type="application/json", body=fixture)
        else:
            route.continue_()

    page.route(re.compile(r"/dias/"), only_fixture_day)
    page.clock.install(time="2026-12-01T23:59:30Z")  # 23:59:30 in Lisbon (winter time)
    player.open().wait_ready()
    assert player.hand() == "PRXESTUM"
    page.clock.run_for(60_000)
    next_day = json.loads((built_dist / "dias" / "2026-12-02.json").read_text(encoding="utf-8"))
    first_hand = next_day["bag"][:8]
    player.expect_text("#anuncio", "Começou um novo dia: eis a torre de hoje.")
    assert player.hand() == first_hand
    assert player.text("#abertura-ligacao").upper() == next_day["floors"][0]["opener"]


def test_lisbon_summer_time_decides_the_day_not_utc(new_player):
    # 23:30 UTC on 30 June is already 1 July in Lisbon (UTC+1 in summer).
    player = new_player(clock="2027-06-30T23:30:00Z", route=False)
    asked = []
    player.page.on("request", lambda request: asked.append(request.url))
    player.open().wait_ready()
    assert [url.rsplit("/", 1)[1] for url in asked if "/dias/" in url] == ["2027-07-01.json"]
