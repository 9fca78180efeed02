"""The service worker: once visited, the game loads and plays offline."""
from __future__ import annotations

from e2e_support import FIXTURE_DATE, browser, new_player, site_url, wait_until  # noqa: F401


def test_offline_reload_after_a_first_visit_resumes_the_game(new_player):
    # The built tower of the fixture's date, unrouted: the service worker sees real requests.
    player = new_player(route=False, service_workers="allow").open().wait_ready()
    page = player.page
    player.wait_service_worker()
    wait_until(lambda: page.evaluate("url => caches.match(url).then(r => Boolean(r))", f"/dias/{FIXTURE_DATE}.json"),
               "the day file in the service worker's cache")
    hand = player.hand()
    player.press("ArrowDown")  # a cursor, then a pass: something to resume
    player.pass_turn()
    plays = player.number("jogadas")

    page.context.set_offline(True)
    page.reload()
    player.wait_ready()
    assert player.number("jogadas") == plays == 2
    assert sorted(player.hand()) == sorted(hand)
    assert page.evaluate("() => navigator.onLine") is False
    player.screenshot("offline")
    assert player.errors == []


def test_service_worker_deletes_caches_of_older_builds(new_player):
    player = new_player(route=False, service_workers="allow").open("/como-jogar/")
    page = player.page  # a page without the game registers no service worker
    page.evaluate("() => caches.open('torre-antiga').then(c => c.put('/velho', new Response('x')))")
    player.open().wait_ready()
    player.wait_service_worker()
    wait_until(lambda: "torre-antiga" not in page.evaluate("() => caches.keys()"), "the old cache to go")
    assert any(name.startswith("torre-") for name in page.evaluate("() => caches.keys()"))


def test_days_already_seen_outlive_a_new_build(new_player):
    player = new_player(route=False, service_workers="allow").open("/como-jogar/")
    page = player.page
    page.evaluate("() => caches.open('torre-dias').then(c => c.put('/dias/2026-11-02.json', new Response('{}')))")
    page.evaluate("() => caches.open('torre-antiga').then(c => c.put('/velho', new Response('x')))")
    player.open().wait_ready()
    player.wait_service_worker()
    wait_until(lambda: "torre-antiga" not in page.evaluate("() => caches.keys()"), "the old build's cache to go")
    kept = "url => caches.open('torre-dias').then(c => c.match(url)).then(r => Boolean(r))"
    assert page.evaluate(kept, "/dias/2026-11-02.json")
    wait_until(lambda: page.evaluate(kept, f"/dias/{FIXTURE_DATE}.json"), "today's day file in the days cache")
