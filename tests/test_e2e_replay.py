"""Replay links: a finished run's share text carries /repeticao/#<code>; the page
replays it with the engine, shows it step by step and says "Corrida verificada";
the same link with one character changed, or any nonsense, says it could not be
verified, without an uncaught error."""
from __future__ import annotations

import re

from e2e_archive import finish_by_passing, first_play, make_play, share_link
from e2e_support import DESKTOP, PHONE, browser, new_player, site_url  # noqa: F401
from e2e_support import axe_in_each_scheme, axe_violations

PAST = "2026-11-30"
SMALL_PHONE = {"width": 360, "height": 640}
DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


# Worked out once per built tree: the play is the engine's, and the run (the same each time, the
# clock being fixed) yields a link that stands on its own, any page replaying it.
_FIRST_PLAY: dict = {}
_LINK: dict = {}


def past_first_play(built_dist) -> dict:
    if built_dist not in _FIRST_PLAY:
        _FIRST_PLAY[built_dist] = first_play(built_dist, PAST)
    return _FIRST_PLAY[built_dist]


def played_link(new_player, built_dist) -> str:
    """The share link of a finished run of PAST: one real play, then passes."""
    if built_dist not in _LINK:
        player = new_player(route=False).open(f"/?dia={PAST}").wait_ready()
        make_play(player, past_first_play(built_dist))
        finish_by_passing(player)
        _LINK[built_dist] = share_link(player)
    return _LINK[built_dist]


def open_replay(player, link: str):
    errors = []
    player.page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    player.page.goto("about:blank")  # a new document each time, not a same-page change of fragment
    player.page.goto(link)
    player.page.wait_for_selector("#repeticao[data-veredicto]", state="attached")
    return errors


def one_changed(link: str, at: int) -> str:
    code_start = link.index("#") + 1
    i = code_start + at
    swap = DIGITS[(DIGITS.index(link[i]) + 1) % 64] if link[i] in DIGITS else "A"
    return link[:i] + swap + link[i + 1:]


def test_a_finished_runs_share_link_replays_and_is_verified(new_player, built_dist):
    link = played_link(new_player, built_dist)
    assert "/repeticao/#1" in link and len(link) - link.index("/repeticao/") + len("https://atorre.pt") <= 160
    for viewport in (PHONE, DESKTOP):
        viewer = new_player(viewport=viewport, route=False)
        errors = open_replay(viewer, link)
        viewer.expect_text("#veredicto", re.compile(r"^Corrida verificada: chegou ao 1\.º andar, com \d+ pontos\.$"))
        assert viewer.page.locator(".repeticao-lista li").count() == 3  # the play and two passes
        assert axe_violations(viewer.page) == []
        viewer.screenshot("repeticao")
        assert viewer.errors == [] and errors == []
    tiles = viewer.page.locator(".tabuleiro .casa.ocupada")
    at_start = tiles.count()
    assert viewer.text("#repeticao-passo").startswith("Início")
    viewer.page.get_by_role("button", name="Seguinte").click()
    assert viewer.text("#repeticao-passo").startswith("Passo 1 de 3:")
    assert tiles.count() > at_start, "the play's tiles are on the board"
    viewer.press("ArrowRight", "ArrowRight")
    assert viewer.text("#repeticao-passo") == "Passo 3 de 3: Passou a vez."
    assert viewer.page.get_by_role("button", name="Seguinte").is_disabled()
    viewer.press("ArrowLeft")
    assert viewer.text("#repeticao-passo").startswith("Passo 2 de 3")
    viewer.page.get_by_role("button", name="Anterior").click()
    viewer.page.get_by_role("button", name="Anterior").click()
    assert viewer.text("#repeticao-passo").startswith("Início")


def test_the_same_link_with_one_character_changed_is_not_verified(new_player, built_dist):
    link = played_link(new_player, built_dist)
    viewer = new_player(route=False)
    code_length = len(link) - link.index("#") - 1
    for at in (0, 1, code_length // 2, code_length - 1):
        errors = open_replay(viewer, one_changed(link, at))
        viewer.expect_text("#veredicto", "Não foi possível verificar esta corrida: a ligação está danificada ou foi alterada.")
        assert viewer.page.locator("#repeticao").get_attribute("data-veredicto") == "recusada"
        assert viewer.errors == [] and errors == []
    assert axe_violations(viewer.page) == []
    viewer.screenshot("repeticao-recusada")


def test_nonsense_and_empty_links_say_so_without_an_error(new_player):
    viewer = new_player(route=False)
    for fragment in ("", "olá", "%E2%9C%93", "1" + "z" * 5000, "<script>alert(1)</script>", "%"):
        errors = open_replay(viewer, f"{viewer.url}/repeticao/#{fragment}")
        assert viewer.text("#veredicto").startswith("Não foi possível verificar esta corrida"), fragment
        assert viewer.errors == [] and errors == []


def marked(viewer) -> dict:
    """The squares marked as just played, with their accessible names."""
    return dict(viewer.page.locator(".tabuleiro .casa.acabada").evaluate_all(
        "cells => cells.map(c => [c.dataset.square, c.getAttribute('aria-label')])"))


def test_each_step_marks_the_tiles_its_play_added_and_names_them_just_played(new_player, built_dist):
    play = past_first_play(built_dist)
    link = played_link(new_player, built_dist)
    for viewport in (SMALL_PHONE, DESKTOP):
        viewer = new_player(viewport=viewport, route=False)
        open_replay(viewer, link)
        viewer.expect_text("#veredicto", re.compile(r"^Corrida verificada"))
        assert marked(viewer) == {}, "the tower as it opened: nothing played yet"
        viewer.page.get_by_role("button", name="Seguinte").click()
        added = marked(viewer)
        assert sorted(added) == sorted(tile["square"] for tile in play["tiles"])
        for tile in play["tiles"]:
            assert re.match(rf"^{tile['letter']} \d+ pontos?, {tile['square']}, acabada de jogar", added[tile["square"]])
        assert viewer.page.locator(".tabuleiro .casa.ocupada:not(.acabada)").count() > 0, "the opening word is not marked"
        assert axe_in_each_scheme(viewer, "repeticao-acabada") == {"light": [], "dark": []}
        viewer.press("ArrowRight")
        assert viewer.text("#repeticao-passo").startswith("Passo 2 de 3: Passou")
        assert marked(viewer) == {}, "a pass adds no tiles"
        viewer.press("ArrowLeft")
        assert sorted(marked(viewer)) == sorted(added)
        assert viewer.errors == []
