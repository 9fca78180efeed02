"""What the end-to-end tests share: the built site served on 127.0.0.1, Debian's
Chromium driven by Playwright, a page whose clock and day file are fixed, and
helpers that read the game as a player sees it.

Test modules import the fixtures by name (`from e2e_support import …`).
"""
from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
FIXTURE_DAYS = ROOT / "tests" / "fixtures" / "e2e"
# Debian's Chromium: the suite's pages run in its headless shell (package chromium-headless-shell,
# the same build without the desktop browser around it, as Playwright's own headless default),
# which takes a third less time than the full browser on this 2-core machine (test_e2e_learn.py:
# 53 s against 36 s). The full browser, CHROMIUM, runs what only it can answer and a game played
# through (test_e2e_install.py); TORRE_CHROMIUM=/usr/bin/chromium runs the whole suite in it.
CHROMIUM = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]

# The fixture tower (tests/fixtures/e2e/2026-12-01.json): floor 1 opens with FADO
# on B4–E4, 2P on C2 and C6, and the first hand is P R X E S T U M. So PRAXE down
# column C scores (2+1+1+8+1) × 2 × 2 + 10 (a Coimbra word) = 62 and climbs.
FIXTURE_DATE = "2026-12-01"
# 10:00 in Lisbon (winter time, UTC+0) on the fixture's day.
FIXTURE_NOON = "2026-12-01T10:00:00Z"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


def fixture_day(date: str = FIXTURE_DATE) -> dict:
    return json.loads((FIXTURE_DAYS / f"{date}.json").read_text(encoding="utf-8"))


def wait_until(check, what: str, seconds: float = 10.0):
    """Polls `check` until it is true; fails naming `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


# Each test module imports these fixtures, so pytest sees one definition per
# module; the server and the browser are shared across them by reference count
# (two sync Playwright instances cannot run at once).
_SHARED: dict[str, list] = {}


def _shared(name: str, start, stop):
    if name not in _SHARED:
        _SHARED[name] = [start(), 0]
    _SHARED[name][1] += 1
    try:
        yield _SHARED[name][0]
    finally:
        _SHARED[name][1] -= 1
        if _SHARED[name][1] == 0:
            stop(_SHARED.pop(name)[0])


def start_site_server(directory: Path):
    from pipeline.serve import start_server

    return start_server(directory, port=0)


def stop_site_server(server):
    """Stops a server once (a player's own may have been stopped by going offline)."""
    if not getattr(server, "stopped", False):
        server.stopped = True
        server.shutdown()
        server.server_close()


def _start_browser():
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("TORRE_CHROMIUM", HEADLESS_SHELL)
    if not Path(executable).exists():
        pytest.fail(f"{executable} is missing: install Debian's {Path(executable).name} (make system-deps)")
    playwright = sync_playwright().start()
    return playwright, playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)


def _stop_browser(started):
    started[1].close()
    started[0].stop()


@pytest.fixture(scope="session")
def site_url(built_dist):
    """The built tree served on 127.0.0.1 by the project's own server."""
    for server, url in _shared("server", lambda: start_site_server(built_dist),
                                  lambda started: stop_site_server(started[0])):
        yield url


@pytest.fixture(scope="session")
def browser():
    for _, chromium in _shared("browser", _start_browser, _stop_browser):
        yield chromium


AXE = ROOT / "tests" / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
AXE_OPTIONS = {"rules": {"label-content-name-mismatch": {"enabled": True}},
               # Passes and the like are counted, not listed node by node: a third of axe's time.
               "resultTypes": ["violations"]}
# What a colour scheme changes is colours alone (the CSS's media queries; no script reads
# it), so once the page passed every rule in one scheme, the other needs only these.
AXE_COLOUR_RULES = ["color-contrast", "link-in-text-block"]
AXE_COLOUR_OPTIONS = {"runOnly": {"type": "rule", "values": AXE_COLOUR_RULES}, "resultTypes": ["violations"]}
SCHEMES = ("light", "dark")


def axe_violations(page, colours_only: bool = False) -> list[str]:
    """axe-core's violations on the page as it stands (every rule, or the colour rules alone)."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make test` (it installs tests/a11y)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    # A toast still fading in (or colours still changing scheme) is read part-way: judge them settled.
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    options = AXE_COLOUR_OPTIONS if colours_only else AXE_OPTIONS
    result = page.evaluate(f"() => axe.run(document, {json.dumps(options)})")
    if colours_only:
        judged = {rule["id"] for kind in ("passes", "violations", "incomplete") for rule in result[kind]}
        assert "color-contrast" in judged, "axe judged no text's colours: is the page empty?"
    else:
        assert len(result["passes"]) >= 15, "axe checked almost nothing: is the page empty?"
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}" for v in result["violations"]]


def in_each_scheme(player, name: str | None = None):
    """The page as it stands in light, then in dark: yields each scheme, screenshotted as
    `name-scheme` once the caller has looked. One page load and one walk to a state serve
    both schemes, since the scheme changes the CSS's colours and nothing else."""
    for scheme in SCHEMES:
        player.page.emulate_media(color_scheme=scheme)
        yield scheme
        if name:
            player.screenshot(f"{name}-{scheme}")


def axe_in_each_scheme(player, name: str | None = None) -> dict[str, list[str]]:
    """axe's violations in light (every rule) and in dark (the colour rules), screenshotted."""
    return {scheme: axe_violations(player.page, colours_only=scheme != SCHEMES[0])
            for scheme in in_each_scheme(player, name)}


# How long a test waits for the service worker to keep a file before saying it never did.
KEPT_DEADLINE_S = 120
IN_CACHE = "urls => Promise.all(urls.map((u) => caches.match(u))).then((found) => found.every(Boolean))"


class Player:
    """A page of the game seen through what a player can read and do."""

    def __init__(self, page, url: str, server=None):
        self.page = page
        self.url = url
        self.server = server  # a server of this player's own, which go_offline stops
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        # The CSP (script-src/style-src 'self') must never have to refuse anything.
        page.on("console", lambda message: "Content Security Policy" in message.text
                and self.errors.append(message.text))

    def open(self, path: str = "/"):
        self.page.goto(self.url + path)
        return self

    def wait_ready(self):
        """The board shown and the word list in (it may arrive after the board)."""
        self.page.wait_for_selector("#partida:not([hidden])", timeout=10000)
        self.page.wait_for_selector("#tabuleiro [data-square=A1]")
        self.page.wait_for_selector("#jogo[data-palavras=prontas]", state="attached")
        return self

    def cell(self, square: str):
        return self.page.locator(f"#tabuleiro [data-square={square}]")

    def label(self, square: str) -> str:
        return self.cell(square).get_attribute("aria-label")

    def hand(self) -> str:
        """The hand's letters in order ("?" for the blank)."""
        labels = self.page.locator("#mao .peca").evaluate_all(
            "tiles => tiles.map(t => t.getAttribute('aria-label'))")
        return "".join("?" if label.startswith("peça branca") else label[0] for label in labels)

    def tile(self, letter: str):
        return self.page.locator(f"#mao .peca[aria-label^='{letter} ']").first

    def text(self, selector: str) -> str:
        return self.page.locator(selector).inner_text()

    def number(self, element_id: str) -> int:
        return int(self.text(f"#{element_id}"))

    def press(self, *keys: str):
        for key in keys:
            self.page.keyboard.press(key)

    def type_word(self, word: str):
        for letter in word:
            self.page.keyboard.press(letter.lower())

    def button(self, action: str):
        return self.page.locator(f"[data-action={action}]")

    def dialog_button(self, text: str):
        return self.page.locator("#dialogo").get_by_role("button", name=text, exact=True)

    def run_is_over(self) -> bool:
        """The run has ended: "Ver o resultado" shows at once, the end screen once its chunk is in."""
        return self.button("resultado").is_visible()

    def pass_turn(self, times: int = 1):
        """Passes through the button and its confirmation."""
        for _ in range(times):
            self.button("passar").click()
            self.dialog_button("Passar").click()

    def wait_service_worker(self):
        self.page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")

    def go_offline(self):
        """The network gone. Chromium's offline emulation can miss a service worker that
        restarts for a navigation (its fetch then reaches the server), so a player with a
        server of its own also has that server stopped: nothing answers, whatever asks."""
        if self.server is not None:
            stop_site_server(self.server)
        self.page.context.set_offline(True)
        return self

    def is_kept(self, *urls: str) -> bool:
        """Every URL is in one of the service worker's caches (caches.match looks in all)."""
        return self.page.evaluate(IN_CACHE, list(urls))

    def wait_kept(self, *urls: str):
        """Waits until the worker has kept every URL: it fetches each once the page asks, which a
        loaded machine may delay by seconds; the deadline only ends a wait that would never end,
        naming what is still not kept and the caches there are."""
        deadline = time.monotonic() + KEPT_DEADLINE_S
        missing = list(urls)
        while missing := [url for url in missing if not self.is_kept(url)]:
            if time.monotonic() > deadline:
                raise AssertionError(f"after {KEPT_DEADLINE_S} s the service worker has still not kept {', '.join(missing)} "
                                     f"(caches: {', '.join(self.page.evaluate('() => caches.keys()')) or 'none'})")
            time.sleep(0.1)
        return self

    def expect_text(self, selector: str, text):
        """Waits (up to 5 s) until `selector` shows `text` (a string or a compiled regex)."""
        expect(self.page.locator(selector)).to_have_text(text)

    def announced(self, text):
        self.expect_text("#anuncio", text)

    def board_snapshot(self) -> list[str]:
        return self.page.locator("#tabuleiro [role=gridcell]").evaluate_all(
            "cells => cells.map(c => c.getAttribute('aria-label'))")

    def screenshot(self, name: str):
        ARTIFACTS.mkdir(exist_ok=True)
        size = self.page.viewport_size
        self.page.screenshot(path=str(ARTIFACTS / f"{name}-{size['width']}x{size['height']}.png"))


def route_day(page, day: dict | None = None, status: int = 200):
    """Serve `day` (default: the fixture tower) for every day file the page asks for."""
    day = day or fixture_day()

    def handle(route):
        if status != 200:
            route.fulfill(status=status, body="")
        else:
            route.fulfill(status=200, content_type="application/json",
                          body=json.dumps(day, ensure_ascii=False))

    page.route(re.compile(r"/dias/\d{4}-\d{2}-\d{2}\.json$"), handle)


# Marks the first-visit guide as seen before the page's scripts run (ui/guide/walkthrough.js).
GUIDE_SEEN = "try { localStorage.setItem('torre.guia', 'visto'); } catch (error) { /* storage blocked */ }"


@pytest.fixture
def new_player(browser, site_url, built_dist):
    """Factory: a fresh context (no service worker, own storage, the guide seen unless `guide`) on the
    fixture's day; with `own_server`, on a server of its own that `Player.go_offline` stops."""
    contexts, servers = [], []

    def make(viewport=PHONE, day: dict | None = None, clock: str | None = FIXTURE_NOON,
             route: bool = True, guide: bool = False, own_server: bool = False, **context_options) -> Player:
        context_options.setdefault("service_workers", "block")
        server, url = start_site_server(built_dist) if own_server else (None, site_url)
        if server is not None:
            servers.append(server)
        context = browser.new_context(viewport=viewport, locale="pt-PT", **context_options)
        if not guide:  # the first-visit guide (test_e2e_learn.py) stays out of the other tests' way
            context.add_init_script(GUIDE_SEEN)
        contexts.append(context)
        page = context.new_page()
        if clock:
            page.clock.set_fixed_time(clock)
        if route:
            route_day(page, day)
        return Player(page, url, server)

    yield make
    for context in contexts:
        # A route handler still answering the page's background requests (a service worker's
        # revalidation) must not fail the test once it is over.
        context.unroute_all(behavior="ignoreErrors")
        context.close()
    for server in servers:
        stop_site_server(server)


def play_praxe_by_taps(player: Player):
    """Floor 1 of the fixture: PRAXE down column C (62 points, a climb)."""
    player.cell("C2").click()
    player.cell("C2").click()  # the same square again: down
    for letter in "PRXE":
        player.tile(letter).click()
    player.button("jogar").click()


def wander_the_game(player):
    """The game page's states, each with its own controls, from a first visit (`new_player(guide=True)`):
    the guide's first two cards, the game, the trunfo dialog, the helps, Passar's question, the end
    screen with its par, the statistics, the analysis. Yields the name of each as it is reached."""
    guide = player.page.locator("#guia")
    guide.get_by_role("button", name="Seguinte").wait_for()
    yield "guia"
    first = player.text("#guia-titulo")
    guide.get_by_role("button", name="Seguinte").click()
    expect(player.page.locator("#guia-titulo")).not_to_have_text(first)
    yield "guia-2"
    guide.get_by_role("button", name="Saltar").click()
    expect(guide).to_be_hidden()
    yield "jogo"
    play_praxe_by_taps(player)
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    yield "trunfo"
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    player.expect_text("#trunfos", "🎉 Latada")
    yield "ajudas"
    player.button("passar").click()
    player.dialog_button("Passar").wait_for()
    yield "passar"
    player.dialog_button("Passar").click()
    player.pass_turn(2)
    player.expect_text("#par-linha", re.compile(r"^Par do dia: "))
    yield "fim"
    player.dialog_button("Estatísticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    yield "estatisticas"
    player.dialog_button("Fechar").click()
    player.button("resultado").click()
    player.dialog_button("Análise da corrida").click()
    player.page.locator("#dialogo ol.analise").wait_for()
    yield "analise"


# What a screen reader hears of the live regions (tests/test_e2e_heard.py, bench/keyboard_run.py): every
# change of a live region (aria-live other than off, role status/alert/log) as it happens, with whether
# a modal dialog was open and the region outside it (a screen reader then reads only the dialog), and
# whether the region was hidden (the page's own markup parsed into a hidden region is not said).
HEARD_RECORDER = """
window.__heard = [];
const regionOf = (node) => {
  for (let n = node.nodeType === 1 ? node : node.parentElement; n; n = n.parentElement) {
    const live = n.getAttribute("aria-live");
    if (live) return live === "off" ? null : n;
    if (["status", "alert", "log"].includes(n.getAttribute("role"))) return n;
  }
  return null;
};
new MutationObserver((records) => {
  const regions = new Set(records.map((r) => regionOf(r.target)).filter(Boolean));
  const modal = document.querySelector("dialog:modal");
  for (const region of regions) {
    const text = region.textContent.replace(/\\s+/g, " ").trim();
    if (text) window.__heard.push({ id: region.id, text, modal: !!modal, outside: !!modal && !modal.contains(region),
                                    hidden: region.closest("[hidden]") !== null });
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
