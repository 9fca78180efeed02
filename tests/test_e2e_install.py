"""Installable as an app: Chromium's own criteria (manifest, PNG icons, a worker) are met."""
from __future__ import annotations

import pytest

from e2e_support import CHROMIUM, CHROMIUM_ARGS, FIXTURE_NOON, Player, browser, route_day, site_url  # noqa: F401


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
