"""The common words' DAWG in the browser: never fetched when the game starts (the first
visit of / stays as it was), kept by the service worker once a page asks for it."""
from __future__ import annotations

import re

from e2e_support import browser, new_player, site_url, wait_until  # noqa: F401

FETCHED = "url => fetch(url).then(r => r.ok ? r.arrayBuffer() : null).then(b => b && b.byteLength)"


def common_url(player) -> str:
    return player.page.locator("#jogo").get_attribute("data-comuns")


def test_the_game_page_does_not_fetch_the_common_words_at_start(new_player, built_dist):
    player = new_player(route=False, service_workers="allow")
    requested = []
    player.page.context.on("request", lambda request: requested.append(request.url))
    player.open().wait_ready()
    player.wait_service_worker()  # its install (the whole precache) is done
    player.page.wait_for_load_state("networkidle")
    url = common_url(player)
    assert re.fullmatch(r"/palavras-comuns\.[0-9a-f]{10}\.dawg", url)
    assert (built_dist / url.lstrip("/")).is_file()
    assert any("/palavras." in u for u in requested)  # the word list itself was loaded
    assert [u for u in requested if "palavras-comuns" in u] == []
    assert not player.is_kept(url)
    assert player.errors == []


def test_the_common_words_once_fetched_are_kept_for_offline_use(new_player, built_dist):
    player = new_player(route=False, service_workers="allow", own_server=True).open().wait_ready()
    player.wait_service_worker()
    page = player.page
    wait_until(lambda: page.evaluate("() => Boolean(navigator.serviceWorker.controller)"),
               "the service worker to control the page")
    url = common_url(player)
    size = (built_dist / url.lstrip("/")).stat().st_size
    assert page.evaluate(FETCHED, url) == size
    player.wait_kept(url)
    player.go_offline()
    assert page.evaluate(FETCHED, url) == size
