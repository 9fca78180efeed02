"""What the first visit of / loads (issue 23; bench/page.py's budget): what a first play needs,
and nothing else. What only some paths need comes from torre.js's chunk (ui/game/run_end.js)
when one of them asks for it, and a chunk that cannot be had is said, never a blank."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from e2e_support import DESKTOP, PHONE, browser, new_player, site_url  # noqa: F401
from e2e_support import axe_in_each_scheme
from test_e2e_challenge import challenge_link, open_challenge
from test_e2e_end import END_CHUNK

TODAY_AT_ONCE = "Desafio a bater: 1.º andar com 0 pontos."


def page_bench():
    """bench/page.py, whose cold visit and limit this file checks: one measure, one limit."""
    spec = importlib.util.spec_from_file_location("page_bench", Path(__file__).resolve().parent.parent / "bench" / "page.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_first_visit_of_the_game_stays_within_its_byte_limit(browser, site_url):
    bench = page_bench()
    # `make bench`'s own measure in its own browser, Debian's full Chromium: bytes on the wire, headers
    # too, and whatever that browser asks for (the headless shell of the other tests asks for no
    # favicon, and so counted 778 B less than the bench while the favicon was a file of its own).
    full = browser.browser_type.launch(executable_path=bench.CHROMIUM, args=bench.CHROMIUM_ARGS)
    try:
        visit = bench.cold_visit(full, site_url, False)
    finally:
        full.close()
    total = sum(size for _, size, _ in visit["resources"])
    listed = "\n".join(f"{size:7,d} B  {url}" for url, size, _ in sorted(visit["resources"], key=lambda r: -r[1]))
    assert total <= bench.FIRST_VISIT_LIMIT, f"{total:,d} B > {bench.FIRST_VISIT_LIMIT:,d} B:\n{listed}"


def todays_challenge(new_player) -> str:
    """A challenge link of today's tower: another browser's run, ended at once by three passes."""
    first = new_player(route=False).open().wait_ready()
    first.pass_turn(3)
    return challenge_link(first)


def accept(friend, link: str) -> list[str]:
    """Opens the challenge and accepts it; the URLs the game page then asked for."""
    open_challenge(friend, link)
    asked = []
    friend.page.on("request", lambda request: asked.append(request.url))
    friend.page.get_by_role("link", name="Aceitar o desafio").click()
    friend.page.wait_for_url(re.compile(r"/$"))
    return asked


def test_a_device_keeping_a_challenge_reads_it_from_the_end_chunk_before_its_run(new_player):
    link = todays_challenge(new_player)
    friend = new_player(route=False)
    asked = accept(friend, link)
    friend.wait_ready()
    friend.expect_text("#desafio-alvo", TODAY_AT_ONCE)
    assert not friend.run_is_over()
    assert len([url for url in asked if END_CHUNK.search(url)]) == 1, "the store and its code reader, once"
    assert friend.errors == []


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_kept_challenge_whose_chunk_cannot_be_had_is_said_and_the_run_starts_without_it(new_player, viewport):
    link = todays_challenge(new_player)
    friend = new_player(route=False, viewport=viewport)
    friend.page.route(END_CHUNK, lambda route: route.abort("internetdisconnected"))
    accept(friend, link)
    friend.expect_text("#dialogo-titulo", "Não foi possível ler os desafios recebidos")
    assert friend.text("#dialogo-corpo > p") == ("Esta parte do jogo não chegou a este aparelho: verifique se o aparelho tem Internet "
                                         "e recarregue a página.")
    assert axe_in_each_scheme(friend, "desafio-sem-modulo") == {"light": [], "dark": []}
    friend.dialog_button("Fechar").click()
    friend.wait_ready()
    assert friend.page.locator("#desafio-alvo").is_hidden()
    friend.page.unroute(END_CHUNK)
    friend.page.reload()  # as the message says
    friend.wait_ready()
    friend.expect_text("#desafio-alvo", TODAY_AT_ONCE)
    assert friend.errors == []


# What the game page needs only once a run ends or a dialog opens (pipeline/site.py LATER_STYLESHEET).
LATER_SHEET = re.compile(r"/static/[0-9a-f]+/css/fim\.css$")


def test_an_end_screens_stylesheet_that_cannot_be_had_is_explained_as_its_chunk_is(new_player):
    player = new_player().open().wait_ready()
    player.page.route(LATER_SHEET, lambda route: route.abort("internetdisconnected"))
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Não foi possível mostrar o fim da corrida")
    assert player.page.locator("#erro").is_hidden() and player.page.locator("#partida").is_visible()
    player.dialog_button("Fechar").click()
    player.page.unroute(LATER_SHEET)
    player.button("estatisticas").click()  # asked for again, and had
    player.expect_text("#dialogo-titulo", "Estatísticas")
    assert player.page.locator("#dialogo .factos").evaluate("e => getComputedStyle(e).display") == "grid"
    assert player.errors == []
