"""Production hosting, tested: Debian's nginx with the configuration the project
ships (deploy/nginx/) serves the build as `_headers` and `torre serve` do, header
by header, and the game plays, goes offline and resumes on it (issue 21).

Skipped, with the reason in the summary, where nginx is not installed (`make
system-deps` installs it as root); the brotli checks where its module is not.
"""
from __future__ import annotations

import http.client
from pathlib import Path

import pytest

from e2e_archive import first_play, make_play
from e2e_support import (FIXTURE_DATE, FIXTURE_NOON, GUIDE_SEEN, PHONE, Player, browser,  # noqa: F401
                         site_url, start_site_server, stop_site_server)
from nginx_support import missing, start_nginx
from pipeline.assets import IMMUTABLE, REVALIDATE, SHORT
from pipeline.serve import CONTENT_TYPES, headers_for, read_headers_file
from test_serve import ODD_REQUESTS, raw_answer

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")

SECURITY = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy")
# What a test compares on every answer: the security headers and these.
COMPARED = ("Content-Type", "Cache-Control", "Content-Encoding", "Vary") + SECURITY
# Accept-Encoding as sent: nothing, gzip only, br only, and as Chromium sends it.
ENCODINGS = (None, "gzip", "br", "gzip, deflate, br, zstd")
PAST = "2026-11-30"  # an archive day, before the fixed clock's day


def path_kinds(dist: Path) -> dict[str, tuple[str, int, str | None]]:
    """Every kind of path of the build: (URL, status, the Cache-Control it must have)."""
    def first(pattern: str) -> str:
        return "/" + sorted(dist.glob(pattern))[0].relative_to(dist).as_posix()

    return {
        "game page": ("/", 200, REVALIDATE),
        "page": ("/como-jogar/", 200, REVALIDATE),
        "Coimbra word page": ("/coimbra/praxe/", 200, REVALIDATE),
        "hashed script": (first("static/*/js/main.js"), 200, IMMUTABLE),
        "hashed stylesheet": (first("static/*/css/*.css"), 200, IMMUTABLE),
        "day file": (f"/dias/{FIXTURE_DATE}.json", 200, SHORT),
        "archive's index": ("/dias/indice.json", 200, SHORT),
        "DAWG": (first("palavras.*.dawg"), 200, IMMUTABLE),
        "common words' DAWG": (first("palavras-comuns.*.dawg"), 200, IMMUTABLE),
        "DAWG alias": ("/palavras.dawg", 200, REVALIDATE),
        "published word list": (first("versoes/*.dawg"), 200, IMMUTABLE),
        "published Coimbra words": (first("versoes/*.coimbra.json"), 200, IMMUTABLE),
        "service worker": ("/sw.js", 200, "no-cache"),
        "manifest": ("/manifest.webmanifest", 200, REVALIDATE),
        "icon": ("/icone-192.png", 200, REVALIDATE),
        "favicon": ("/favicon.svg", 200, REVALIDATE),
        "constants": ("/constantes.json", 200, REVALIDATE),
        "download": ("/palavras-origem.tsv", 200, REVALIDATE),
        "offline page": ("/sem-rede.html", 200, REVALIDATE),
        "unknown path": ("/nao-existe/", 404, None),
        "unknown hashed file": ("/static/0000000000/js/main.js", 404, None),
    }


def served_file(dist: Path, url: str, status: int) -> Path:
    """The file an answer carries: the page of a folder, the 404 page for a miss."""
    if status == 404:
        return dist / "404.html"
    path = dist / url.lstrip("/")
    return path / "index.html" if url.endswith("/") else path


def expected(dist: Path, rules, url: str, status: int, accept: str | None, brotli: bool) -> dict:
    """What `_headers` (and torre serve's content types) say the answer must carry."""
    path = served_file(dist, url, status)
    compressed = path.with_name(path.name + ".gz").is_file()
    accepted = {part.split(";")[0].strip() for part in (accept or "").split(",")}
    encoding = ("br" if brotli and "br" in accepted else "gzip" if "gzip" in accepted else None) \
        if compressed else None
    headers = {"Content-Type": CONTENT_TYPES[path.suffix], "Content-Encoding": encoding,
               "Vary": "Accept-Encoding" if compressed else None, "Cache-Control": None}
    for name, value in headers_for(rules, url):
        if name != "Cache-Control" or status == 200:  # a miss is never kept
            headers[name] = value
    return headers


def get(base: str, path: str, accept: str | None = None) -> tuple[int, dict, bytes]:
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", path, headers={"Accept-Encoding": accept} if accept else {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {name: response.getheader(name) for name in COMPARED}, body


@pytest.fixture(scope="module")
def rules(built_dist):
    return read_headers_file((built_dist / "_headers").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def nginx(built_dist):
    """nginx over the test build, brotli_static on where the module is installed."""
    server = start_nginx(built_dist)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def nginx_gzip_only(built_dist):
    """The variant without the brotli module: the configuration must load all the same."""
    server = start_nginx(built_dist, brotli=False)
    yield server
    server.stop()


def compare(dist, rules, base, brotli: bool) -> list[str]:
    """Every path kind × every Accept-Encoding: what differs from the table."""
    problems = []
    for kind, (url, status, cache_control) in path_kinds(dist).items():
        for accept in ENCODINGS:
            got_status, got, _ = get(base, url, accept)
            want = expected(dist, rules, url, status, accept, brotli)
            if want["Cache-Control"] != cache_control:
                problems.append(f"{kind} {url}: _headers gives Cache-Control {want['Cache-Control']!r}, "
                                f"the table {cache_control!r}")
            if got_status != status:
                problems.append(f"{kind} {url} ({accept}): status {got_status}, not {status}")
            problems += [f"{kind} {url} ({accept}): {name} is {got[name]!r}, _headers gives {want[name]!r}"
                         for name in COMPARED if got[name] != want[name]]
    return problems


def test_nginx_answers_every_path_kind_with_the_headers_of_the_headers_file(built_dist, rules, nginx):
    assert compare(built_dist, rules, nginx.url, brotli=nginx.brotli) == []


def test_nginx_sends_brotli_where_the_module_is_installed(built_dist, nginx):
    if not nginx.brotli:
        pytest.skip("libnginx-mod-http-brotli-static is not installed: nginx was checked with gzip only")
    assert get(nginx.url, "/", "gzip, deflate, br, zstd")[1]["Content-Encoding"] == "br"


def test_nginx_without_the_brotli_module_still_loads_and_sends_gzip(built_dist, rules, nginx_gzip_only):
    assert compare(built_dist, rules, nginx_gzip_only.url, brotli=False) == []


def test_torre_serve_answers_the_same_table(built_dist, rules, site_url):
    """The development server is held to the same table, so the two servers never drift apart."""
    assert compare(built_dist, rules, site_url, brotli=True) == []


def canonical_urls(dist: Path) -> list[str]:
    """The URL of every file a visitor can ask for (a folder's page by its folder)."""
    urls = []
    for path in sorted(dist.rglob("*")):
        if not path.is_file() or path.suffix in (".br", ".gz") or path.name in ("_headers", ".torre-build", ".torre-ledger"):
            continue
        url = "/" + path.relative_to(dist).as_posix()
        urls.append(url.removesuffix("index.html"))
    return urls


def test_every_file_of_the_build_gets_from_nginx_what_the_headers_file_gives_it(built_dist, rules, nginx):
    problems = []
    for url in canonical_urls(built_dist):
        status, got, _ = get(nginx.url, url, "gzip")
        want = expected(built_dist, rules, url, 200, "gzip", nginx.brotli)
        if status != 200:
            problems.append(f"{url}: status {status}")
        problems += [f"{url}: {name} is {got[name]!r}, _headers gives {want[name]!r}"
                     for name in COMPARED if got[name] != want[name]]
    assert problems == []


def test_nginx_sends_the_precompressed_bytes_of_the_build(built_dist, nginx):
    url = "/como-jogar/"
    for accept, suffix in (("gzip", ".gz"), ("br", ".br" if nginx.brotli else None), (None, "")):
        _, _, body = get(nginx.url, url, accept)
        page = built_dist / "como-jogar" / "index.html"
        assert body == page.with_name(page.name + (suffix or "")).read_bytes(), accept


def test_nginx_redirects_a_folder_without_its_slash_by_path_and_hides_what_is_not_the_site(nginx):
    host, port = nginx.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", "/fontes")
    response = connection.getresponse()
    response.read()
    assert (response.status, response.getheader("Location")) == (301, "/fontes/")
    assert get(nginx.url, "/_headers")[0] == get(nginx.url, "/.torre-build")[0] == 404
    assert get(nginx.url, "/static/")[0] == 404, "a folder without a page is a miss, as with torre serve"


def test_nginx_and_torre_serve_answer_every_spelling_of_a_request_alike(nginx, site_url):
    """The same targets, sent as written, to both: the same status and Location (and those
    test_serve.py holds torre serve to)."""
    targets = [target for target, _, _ in ODD_REQUESTS]
    on_nginx = [(target, *raw_answer(nginx.url, target)) for target in targets]
    assert on_nginx == [(target, *raw_answer(site_url, target)) for target in targets]
    assert on_nginx == ODD_REQUESTS


# In Chromium, on nginx.

NOT_FOUND_TITLE = "Esta página não existe"
OFFLINE_TITLE = "Sem Internet"


def visit(page, url: str) -> tuple[int, str]:
    response = page.goto(url)
    return response.status, page.locator("h1").first.inner_text()


def test_on_nginx_a_played_word_resumes_offline_and_como_jogar_and_an_archive_day_open(browser, built_dist):
    # nginx shut down before going offline: only the service worker can answer, whatever
    # navigator.onLine says (as the first test of test_e2e_offline.py does with torre serve).
    server = start_nginx(built_dist)
    context = browser.new_context(viewport=PHONE, locale="pt-PT", service_workers="allow")
    context.add_init_script(GUIDE_SEEN)
    try:
        page = context.new_page()
        page.clock.set_fixed_time(FIXTURE_NOON)
        player = Player(page, server.url).open().wait_ready()
        player.wait_service_worker()
        player.open(f"/?dia={PAST}").wait_ready()  # an archive day opened once online
        player.wait_kept(f"/dias/{PAST}.json")  # the archive day's file
        player.open().wait_ready()
        play = first_play(built_dist, FIXTURE_DATE)
        make_play(player, play)
        player.expect_text("#total", str(play["points"]))

        server.stop()
        context.set_offline(True)
        assert page.reload().from_service_worker
        player.wait_ready()
        player.expect_text("#total", str(play["points"]))
        assert visit(page, server.url + "/como-jogar/") == (200, "Como jogar")
        player.open(f"/?dia={PAST}").wait_ready()
        assert player.text("h1") == "A torre de 30/11/2026"
        page.goto(server.url + "/arquivo/")
        page.wait_for_selector("#arquivo[data-arquivo=pronto]")
        assert page.locator(f"#arquivo-lista li[data-date='{PAST}']").count() == 1
        player.screenshot("nginx-offline")
        assert player.errors == []
    finally:
        context.close()
        server.stop()


def misses_and_fallbacks(browser, url: str, stop_server) -> list:
    """(status, h1) of a miss and the offline page online, then offline of a file never kept and a miss.
    Offline is the server stopped as well as emulated: the emulation can miss the service worker's
    own fetches (test_e2e_offline.py), which would then reach the server."""
    context = browser.new_context(viewport=PHONE, locale="pt-PT", service_workers="allow")
    context.add_init_script(GUIDE_SEEN)
    try:
        page = context.new_page()
        page.clock.set_fixed_time(FIXTURE_NOON)
        seen = [visit(page, url + "/nao-existe/"), visit(page, url + "/sem-rede.html")]
        Player(page, url).open().wait_ready().wait_service_worker()
        stop_server()
        context.set_offline(True)
        return seen + [visit(page, url + path) for path in ("/palavras.txt", "/nao-existe/", "/fontes/")]
    finally:
        context.close()


def test_on_nginx_the_404_page_and_the_offline_page_answer_as_with_torre_serve(browser, built_dist):
    server = start_nginx(built_dist)
    try:
        on_nginx = misses_and_fallbacks(browser, server.url, server.stop)
    finally:
        server.stop()
    own, url = start_site_server(built_dist)
    try:
        assert on_nginx == misses_and_fallbacks(browser, url, lambda: stop_site_server(own))
    finally:
        stop_site_server(own)
    assert on_nginx == [(404, NOT_FOUND_TITLE), (200, OFFLINE_TITLE), (503, OFFLINE_TITLE),
                        (404, NOT_FOUND_TITLE), (200, "Fontes e licenças")]


SITE_PAGES = ("/", "/como-jogar/", "/coimbra/", "/coimbra/praxe/", "/fontes/", "/arquivo/", "/repeticao/",
              "/nao-existe/")


def test_on_nginx_every_page_loads_compressed_styled_and_with_no_csp_refusal(browser, nginx):
    page = browser.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: "Content Security Policy" in message.text and problems.append(message.text))
    page.on("requestfinished", lambda request: request.url.startswith(nginx.url)
            or problems.append(f"request left the site: {request.url}"))
    try:
        for path in SITE_PAGES:
            response = page.goto(nginx.url + path)
            assert response.status == (404 if path == "/nao-existe/" else 200), path
            assert response.headers.get("content-encoding") == ("br" if nginx.brotli else "gzip"), path
            assert response.headers.get("content-type") == "text/html; charset=utf-8", path
            links = page.locator("header.topo ul")  # a list flowing as text: site.css applied
            assert links.evaluate("e => getComputedStyle(e).display") == "inline", path
    finally:
        page.close()
    assert problems == []
