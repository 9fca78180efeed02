"""The service worker: once the game is visited, it plays offline, and every page
opens as itself; what is not kept says so (503), what does not exist is a 404."""
from __future__ import annotations

import json
import re
from contextlib import contextmanager

from e2e_support import (DESKTOP, FIXTURE_DATE, FIXTURE_NOON, GUIDE_SEEN, PHONE, Player, browser,  # noqa: F401
                         in_each_scheme, new_player, site_url, wait_until)
from pipeline.serve import start_server


def end_chunk(page) -> str:
    """The URL of the game page's end-screen chunk, beside its bundle (pipeline/bundle.py)."""
    return page.evaluate("() => new URL('torre.run_end.js', document.querySelector('script[src*=\"/torre.js\"]').src).pathname")


@contextmanager
def offline_after_a_first_visit(browser, built_dist, kept, path="/", saves=None):
    """A first visit of `path` on a server of its own (with `saves` already in localStorage),
    once every URL of `kept(page)` is in the worker's cache; then the server is shut down and the
    context offline: only the service worker can answer what follows, whatever the browser's
    offline emulation reports (navigator.onLine is not the product). Whatever a test needs offline
    is waited for here, while the server still answers: the worker keeps the files a page asks for
    each on its own, so one kept says nothing of another, still on its way when the server goes."""
    server, url = start_server(built_dist)
    context = browser.new_context(viewport=PHONE, locale="pt-PT", service_workers="allow")
    context.add_init_script(GUIDE_SEEN)
    if saves:  # written once, before the first page's scripts: what the page writes later stays
        context.add_init_script(f"if (!localStorage.getItem('torre.treino')) Object.entries({json.dumps(saves)})"
                                ".forEach(([key, value]) => localStorage.setItem(key, JSON.stringify(value)));")
    try:
        page = context.new_page()
        page.clock.set_fixed_time(FIXTURE_NOON)
        player = Player(page, url).open(path).wait_ready()
        player.wait_service_worker()
        player.wait_kept(*kept(page))
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        yield player
    finally:
        context.close()
        server.server_close()


def test_offline_reload_after_a_first_visit_resumes_the_game(browser, built_dist):
    # The day file, and the end screen's chunk the opponent's line asks for at the first action (a loaded
    # machine may still be fetching it into the precache when the server goes).
    with offline_after_a_first_visit(browser, built_dist, lambda page: [f"/dias/{FIXTURE_DATE}.json", end_chunk(page)]) as player:
        page = player.page
        hand = player.hand()
        player.press("ArrowDown")  # a cursor, then a pass: something to resume
        player.pass_turn()
        plays = player.number("jogadas")
        responses, failed = [], []
        page.on("response", lambda response: responses.append(response))
        page.on("requestfailed", lambda request: failed.append(request.url))
        assert page.reload().from_service_worker
        player.wait_ready()
        assert player.number("jogadas") == plays == 2
        assert sorted(player.hand()) == sorted(hand)
        assert [r.url for r in responses if not r.from_service_worker] == []
        # The analysis worker is not kept: offline, the opponent's line says it is unavailable.
        assert [url for url in failed if not url.endswith("/js/analise.js")] == []
        player.expect_text("#adversario-texto", "Veterano: indisponível")
        player.screenshot("offline")
        assert player.errors == []


def test_offline_after_a_first_visit_a_run_ends_on_its_end_screen(browser, built_dist):
    """The end screen is a chunk no first visit loads (ui/game/run_end.js): the worker keeps it."""
    chunk = lambda page: page.locator("#jogo").get_attribute("data-static") + "js/torre.run_end.js"  # noqa: E731
    with offline_after_a_first_visit(browser, built_dist, lambda page: [chunk(page)]) as player:
        page, url = player.page, chunk(player.page)
        responses = []
        page.on("response", lambda response: responses.append(response))
        assert page.reload().from_service_worker
        player.wait_ready()
        player.pass_turn(3)
        player.expect_text("#dialogo-titulo", "Fim da corrida")
        assert [r.url for r in responses if r.url.endswith(url)] and all(r.from_service_worker for r in responses
                                                                          if r.url.endswith(url))
        player.screenshot("fim-offline")
        assert player.errors == []


def test_after_a_first_visit_of_the_game_treino_opens_offline_on_the_players_tower(browser, built_dist):
    saves = {"torre.treino": {"v": 1, "current": 3, "run": None, "results": {}}}
    kept = [f"/dias/{FIXTURE_DATE}.json", "/treino/0003.json"]
    with offline_after_a_first_visit(browser, built_dist, lambda _: kept, saves=saves) as player:
        assert player.page.goto(player.url + "/treino/").from_service_worker
        player.wait_ready()
        assert player.text("h1") == "Treino: torre n.º 3"
        player.pass_turn()
        assert player.number("jogadas") == 2
        player.screenshot("treino-offline-depois-do-jogo")
        assert player.errors == []


def test_after_one_visit_of_treino_its_next_tower_plays_offline(browser, built_dist):
    kept = ["/treino/0001.json", "/treino/0002.json"]
    with offline_after_a_first_visit(browser, built_dist, lambda _: kept, path="/treino/") as player:
        player.pass_turn(3)
        player.expect_text("#dialogo-titulo", "Fim do treino")
        player.dialog_button("Próxima torre").click()
        player.expect_text("h1", "Treino: torre n.º 2")
        player.wait_ready()
        assert player.number("jogadas") == 3
        player.page.reload()
        player.wait_ready()
        assert player.text("h1") == "Treino: torre n.º 2"
        assert player.errors == []


def test_service_worker_deletes_caches_of_older_builds(new_player):
    player = new_player(route=False, service_workers="allow").open("/como-jogar/")
    page = player.page  # a page without the game registers no service worker
    page.evaluate("() => caches.open('torre-antiga').then(c => c.put('/velho', new Response('x')))")
    player.open().wait_ready()
    player.wait_service_worker()
    wait_until(lambda: "torre-antiga" not in page.evaluate("() => caches.keys()"), "the old cache to go")
    assert any(name.startswith("torre-") for name in page.evaluate("() => caches.keys()"))


def after_a_new_build(new_player, cache: str, url: str):
    """A player whose browser kept `url` in `cache` and an old build's cache, then opened this build."""
    player = new_player(route=False, service_workers="allow", own_server=True).open("/como-jogar/")
    page = player.page  # no worker yet: these caches are an earlier build's
    page.evaluate("([cache, url]) => caches.open(cache).then(c => c.put(url, new Response('{}')))", [cache, url])
    page.evaluate("() => caches.open('torre-antiga').then(c => c.put('/velho', new Response('x')))")
    player.open().wait_ready()
    player.wait_service_worker()
    wait_until(lambda: "torre-antiga" not in page.evaluate("() => caches.keys()"), "the old build's cache to go")
    return player


def test_days_already_seen_outlive_a_new_build(new_player):
    page = after_a_new_build(new_player, "torre-dias", "/dias/2026-11-02.json").page
    kept = "url => caches.open('torre-dias').then(c => c.match(url)).then(r => Boolean(r))"
    assert page.evaluate(kept, "/dias/2026-11-02.json")
    wait_until(lambda: page.evaluate(kept, f"/dias/{FIXTURE_DATE}.json"), "today's day file in the days cache")


def test_a_kept_word_list_outlives_a_new_build_and_opens_offline(new_player, built_dist):
    version = next((built_dist / "versoes").glob("*.dawg"))
    url, size = f"/versoes/{version.name}", version.stat().st_size
    player = after_a_new_build(new_player, "torre-versoes", "/versoes/0123456789.dawg")
    page = player.page
    kept = "url => caches.open('torre-versoes').then(c => c.match(url)).then(r => Boolean(r))"
    assert page.evaluate(kept, "/versoes/0123456789.dawg")
    fetched = "url => fetch(url).then(r => r.arrayBuffer()).then(b => b.byteLength)"
    assert page.evaluate(fetched, url) == size
    wait_until(lambda: page.evaluate(kept, url), "the word list in the kept word lists' cache")
    player.go_offline()
    assert page.evaluate(fetched, url) == size


# Every page of the site, offline, after a visit of the game only.
PAGES = {"/como-jogar/": "Como jogar", "/coimbra/": "Palavras de Coimbra", "/fontes/": "Fontes e licenças",
         "/404.html": "Esta página não existe"}
OFFLINE_TITLE = "Sem Internet"
NOT_FOUND_TITLE = "Esta página não existe"


def offline_after_a_visit(new_player, **options):
    """A player who opened the game once (the service worker installed), now offline."""
    player = new_player(route=False, service_workers="allow", own_server=True, **options).open().wait_ready()
    player.wait_service_worker()
    return player.go_offline()


def visit(player, path: str):
    """(status, h1) of `path` opened as a navigation."""
    response = player.page.goto(player.url + path)
    return response.status, player.page.locator("h1").first.inner_text()


def test_offline_every_page_opens_as_itself_after_one_visit_of_the_game(new_player, built_dist):
    player = offline_after_a_visit(new_player)
    for path, title in PAGES.items():
        status, h1 = visit(player, path)
        assert (status, h1.startswith(title)) == (200, True), (path, h1)
        assert player.page.locator("#jogo").count() == 0, path
    words = json.loads((built_dist / "coimbra.json").read_text(encoding="utf-8"))
    for entry in words.values():
        status, h1 = visit(player, f"/coimbra/{entry['slug']}/")
        assert (status, h1) == (200, entry["word"]), entry
    assert player.errors == []


def test_offline_a_page_without_its_final_slash_or_as_index_html_opens(new_player):
    player = offline_after_a_visit(new_player)
    assert visit(player, "/fontes")[0] == 200
    assert player.page.url == player.url + "/fontes/"
    assert visit(player, "/como-jogar/index.html")[1] == "Como jogar"


def test_offline_a_file_of_the_build_never_fetched_answers_the_offline_page_with_503(new_player, built_dist):
    player = offline_after_a_visit(new_player)
    last_day = max(p.name for p in (built_dist / "dias").glob("????-??-??.json"))
    for path in ("/palavras.txt", f"/dias/{last_day}"):
        assert visit(player, path) == (503, OFFLINE_TITLE), path
        assert player.page.locator("#jogo").count() == 0
    assert player.page.title() == "Sem Internet — A Torre"


def test_offline_an_unknown_url_answers_the_404_page_with_404(new_player):
    player = offline_after_a_visit(new_player)
    for path in ("/nao-existe/", "/coimbra/nao-existe/", "/dias/2099-01-01.json", "/static/0000000000/js/main.js"):
        assert visit(player, path) == (404, NOT_FOUND_TITLE), path


def test_online_an_unknown_url_is_a_404_with_the_404_page_also_under_the_worker(new_player):
    player = new_player(route=False, service_workers="allow").open().wait_ready()
    player.wait_service_worker()
    assert visit(player, "/nao-existe/") == (404, NOT_FOUND_TITLE)
    assert player.page.evaluate("() => Boolean(navigator.serviceWorker.controller)")


def test_offline_reload_of_the_game_loads_every_file_it_asks_for_favicon_included(new_player):
    player = offline_after_a_visit(new_player)
    failed = []
    player.page.on("requestfailed", lambda request: failed.append(request.url))
    player.page.on("console", lambda message: message.type == "error" and failed.append(message.text))
    player.page.reload()
    player.wait_ready()
    # The icons are the browser's to ask for, when it likes (the headless shell never does): ask. The
    # favicon is inline (a data: URI): nothing to ask for.
    icons = player.page.locator("link[rel~=icon], link[rel=apple-touch-icon], link[rel=manifest]").evaluate_all(
        "links => links.map(l => l.href)")
    assert [u for u in icons if u.startswith("data:")] == [player.page.locator("link[rel=icon]").get_attribute("href")]
    icons = [u for u in icons if not u.startswith("data:")]
    statuses = player.page.evaluate("urls => Promise.all(urls.map(u => fetch(u).then(r => r.status, () => 0)))", icons)
    assert len(icons) >= 2 and statuses == [200] * len(icons), dict(zip(icons, statuses))
    assert failed == []


def test_offline_page_and_offline_404_look_like_the_site(new_player):
    for viewport in (PHONE, DESKTOP):
        player = offline_after_a_visit(new_player, viewport=viewport)
        for path, name, title in (("/palavras.txt", "sem-rede", OFFLINE_TITLE),
                                  ("/nao-existe/", "404-sem-rede", NOT_FOUND_TITLE)):
            assert visit(player, path)[1] == title
            for _ in in_each_scheme(player, name):
                assert player.page.locator(".topo nav").is_visible()


def test_the_worker_is_installed_only_once_a_tower_is_ready_never_during_the_start(new_player):
    player = new_player(route=False, service_workers="allow")
    player.page.route(re.compile(r"/dias/"), lambda route: route.fulfill(status=404, body=""))
    player.open()
    player.page.wait_for_selector("#erro:not([hidden])")
    player.page.wait_for_load_state("load")
    player.page.wait_for_timeout(300)
    assert player.page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r === undefined)")
