"""In Debian's full browser (the rest of the suite runs in its headless shell, e2e_support):
installable as an app, Chromium's own criteria (manifest, PNG icons, a worker) met; and a
floor played through, looked at by axe in light and dark."""
from __future__ import annotations

import pytest

from e2e_support import (CHROMIUM, CHROMIUM_ARGS, FIXTURE_NOON, Player, axe_in_each_scheme,  # noqa: F401
                         browser, play_praxe_by_taps, route_day, site_url)


@pytest.fixture
def installing_player(browser, site_url, tmp_path):
    """The game in a persistent profile: Chromium never offers to install from an incognito one,
    and Playwright's ordinary contexts are."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "perfil", executable_path=CHROMIUM, args=CHROMIUM_ARGS, locale="pt-PT")
    page = context.pages[0] if context.pages else context.new_page()
    page.clock.set_fixed_time(FIXTURE_NOON)
    route_day(page)
    yield Player(page, site_url)
    context.close()


def test_chromium_finds_nothing_missing_to_install_the_game(installing_player):
    player = installing_player.open().wait_ready()
    player.wait_service_worker()
    session = player.page.context.new_cdp_session(player.page)
    assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_chromium_reads_the_manifest_without_errors_with_its_png_icons(installing_player):
    player = installing_player.open().wait_ready()
    session = player.page.context.new_cdp_session(player.page)
    manifest = session.send("Page.getAppManifest")
    assert manifest["errors"] == []
    icons = manifest["manifest"]["icons"]
    assert {(icon["url"].rsplit("/", 1)[1], icon["sizes"]) for icon in icons} >= {
        ("icone-192.png", "192x192"), ("icone-512.png", "512x512"), ("icone-mascaravel-512.png", "512x512")}


def test_the_full_browser_plays_a_floor_as_the_headless_shell_does(installing_player):
    player = installing_player.open().wait_ready()
    player.page.locator("#guia").get_by_role("button", name="Saltar").click()  # a new profile: the guide
    play_praxe_by_taps(player)
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    player.expect_text("#trunfos", "🎉 Latada")
    assert player.number("total") == 62
    assert axe_in_each_scheme(player, "navegador-completo") == {"light": [], "dark": []}
    assert player.errors == []
