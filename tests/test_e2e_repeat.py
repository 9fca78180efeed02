"""A repeat visit under the service worker: ready from its cache without waiting on
the network; a changed page reaches the player on the visit after next, and only
when it belongs with the files the worker keeps; after a deploy, one visit shows
the old build whole and the next the new build whole."""
from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path

import pytest

from e2e_support import FIXTURE_DATE, browser, new_player, site_url, stop_site_server, wait_until  # noqa: F401

TITLE = "A torre de hoje"
CHANGED_TITLE = "A torre de hoje, nova"
# The caches that outlive builds (sw.js LASTING: days, word-list versions, practice towers).
LASTING = ["torre-dias", "torre-versoes", "torre-treino"]
# The names of the build caches (one per build the worker kept), in the page.
BUILD_CACHES = f"""(await caches.keys()).filter((k) => k.startsWith("torre-") && !{json.dumps(LASTING)}.includes(k))"""
# Every kept file of the worker's build is in its cache (the precache is complete).
PRECACHE_COMPLETE = """async (urls) => {
  const keys = """ + BUILD_CACHES + """;
  if (keys.length !== 1) return false;
  const cache = await caches.open(keys[0]);
  return (await Promise.all(urls.map((url) => cache.match(url)))).every(Boolean);
}"""


@pytest.fixture
def precache(built_dist) -> list[str]:
    text = (built_dist / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"^const PRECACHE = (.*);$", text, re.M).group(1))


def visited_once(new_player, precache, url: str | None = None):
    """The game (on `url`, default the shared server) visited once: the worker controls the
    page, its precache and today's day file kept."""
    player = new_player(route=False, service_workers="allow")
    player.url = url or player.url
    player.open().wait_ready()
    page = player.page
    wait_until(lambda: page.evaluate("() => Boolean(navigator.serviceWorker.controller)"),
               "the service worker to control the page")
    wait_until(lambda: page.evaluate(PRECACHE_COMPLETE, precache), "the precache to be complete")
    kept = "url => caches.open('torre-dias').then(c => c.match(url)).then(Boolean)"
    wait_until(lambda: page.evaluate(kept, f"/dias/{FIXTURE_DATE}.json"), "today's day file kept")
    return player


def hang_the_network(context, asked: list[str]):
    """Every request but /sw.js (the worker's update check) is recorded and never answered."""
    context.route(re.compile(r"^(?!.*/sw\.js$)"), lambda route: asked.append(route.request.url))


# Far more than a kept page needs even on a busy machine (~0.2 s); a network that
# never answers never gets there.
READY_SECONDS = 5


def reload_and_time_until_ready(player) -> float:
    start = time.monotonic()
    player.page.goto(player.url + "/", wait_until="commit", timeout=READY_SECONDS * 1000)
    player.page.wait_for_selector("#partida:not([hidden])", timeout=READY_SECONDS * 1000)
    return time.monotonic() - start


def title(player) -> str:
    return player.page.locator("h1").first.inner_text()


def test_a_repeat_visit_is_ready_from_the_cache_while_the_network_never_answers(new_player, precache):
    player = visited_once(new_player, precache)
    asked = []
    hang_the_network(player.page.context, asked)
    assert reload_and_time_until_ready(player) < READY_SECONDS
    player.wait_ready()  # the word list too
    assert player.hand() and player.errors == []


def test_a_kept_day_file_is_never_asked_for_again(new_player, precache):
    player = visited_once(new_player, precache)
    asked = []
    hang_the_network(player.page.context, asked)
    reload_and_time_until_ready(player)
    player.page.wait_for_timeout(300)
    assert not [url for url in asked if "/dias/" in url]
    assert any(url == player.url + "/" for url in asked)  # the page is revalidated in the background


def serve_changed_page(context, change):
    """The game page as the server would send it after `change` (str → str) of its HTML."""
    def handle(route):
        response = route.fetch()
        route.fulfill(response=response, body=change(response.text()))
    context.route(re.compile(r"/(index\.html)?$"), handle)


def kept_page_says(page, text: str) -> bool:
    return page.evaluate("""async (text) => {
      const keys = """ + BUILD_CACHES + """;
      const cached = await (await caches.open(keys[0])).match("/");
      return Boolean(cached) && (await cached.text()).includes(text);
    }""", text)


def test_a_changed_page_is_shown_on_the_visit_after_next(new_player, precache):
    player = visited_once(new_player, precache)
    serve_changed_page(player.page.context, lambda html: html.replace(f">{TITLE}<", f">{CHANGED_TITLE}<"))
    player.open().wait_ready()
    assert title(player) == TITLE  # the kept page, at once
    wait_until(lambda: kept_page_says(player.page, CHANGED_TITLE), "the changed page to be kept")
    player.open().wait_ready()
    assert title(player) == CHANGED_TITLE
    assert player.errors == []


def test_a_page_naming_another_builds_files_never_replaces_the_kept_one(new_player, precache):
    player = visited_once(new_player, precache)
    other_build = lambda html: re.sub(r"/static/[0-9a-f]+/", "/static/0000000000/", html).replace(
        f">{TITLE}<", f">{CHANGED_TITLE}<")
    serve_changed_page(player.page.context, other_build)
    revalidated = []
    player.page.context.on("requestfinished", lambda request: request.url == player.url + "/"
                           and revalidated.append(request))
    for _ in range(2):
        player.open().wait_ready()
        assert title(player) == TITLE
        wait_until(lambda: revalidated, "the page to be revalidated")
        player.page.wait_for_timeout(200)
        revalidated.clear()
    assert not kept_page_says(player.page, CHANGED_TITLE)
    assert player.errors == []



NEW_STATIC = "/static/0123456789/"


@pytest.fixture
def own_site(built_dist, tmp_path):
    """A copy of the built tree on a server of its own, to deploy another build into."""
    from pipeline.serve import start_server

    site = tmp_path / "site"
    shutil.copytree(built_dist, site, ignore=shutil.ignore_patterns("palavras*.txt*", "palavras*.tsv*"))
    server, url = start_server(site, port=0)
    yield site, url, server
    stop_site_server(server)


def deploy_another_build(site: Path) -> str:
    """Another build on the server: the same files under a new static folder, which every
    page names, and a worker of another version that keeps it. Returns the old folder."""
    old_static = re.search(r"/static/[0-9a-f]+/", (site / "index.html").read_text()).group(0)
    shutil.copytree(site / old_static.strip("/"), site / NEW_STATIC.strip("/"))
    for path in [site / "sw.js", *site.rglob("*.html")]:
        text = path.read_text(encoding="utf-8").replace(old_static, NEW_STATIC)
        if path.name == "sw.js":
            text = re.sub(r'^const VERSION = ".*";$', 'const VERSION = "nova";', text, flags=re.M)
        path.write_text(text, encoding="utf-8")
        for compressed in (path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")):
            compressed.unlink(missing_ok=True)
    return old_static


def static_folder(player) -> str:
    return re.search(r"/static/[0-9a-f]+/", player.page.content()).group(0)


def test_after_a_deploy_one_visit_shows_the_old_build_whole_and_the_next_the_new_one(new_player, precache,
                                                                                       own_site):
    site, url, server = own_site
    player = visited_once(new_player, precache, url)
    old_static = deploy_another_build(site)
    player.open().wait_ready()
    assert static_folder(player) == old_static  # the kept page, with its kept files
    keys = lambda: sorted(k for k in player.page.evaluate("() => caches.keys()") if k not in LASTING)
    wait_until(lambda: keys() == ["torre-nova"], "the new build's worker to replace the old cache")
    # So the new page and its files come from the new cache alone: the server stopped too, since
    # the offline emulation can miss the service worker's own fetches (test_e2e_offline.py).
    stop_site_server(server)
    player.page.context.set_offline(True)
    player.open().wait_ready()
    assert static_folder(player) == NEW_STATIC
    assert player.errors == []
