"""Issue 42: what a player can read under «Detalhes» is Portuguese. A damaged word list (the DAWG
reader's failure), on the game page and on a replay link, says under «Detalhes» what is damaged in
Portuguese, keeping what helps a report (the format's version, the sizes); the reader's English
words go to the console only (ui/shared/problem.js, ui/shared/problem_details.js)."""
from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest
from playwright.sync_api import expect

from e2e_support import browser, new_player, site_url  # noqa: F401
from test_e2e_nothing_lost import code_of

DAWG = re.compile(r"/palavras\.[0-9a-f]+\.dawg$")
# Words of the DAWG reader's (or a browser's) English that no Portuguese detail holds.
ENGLISH = re.compile(r"\b(?:engine|worker|error|graph|header|expected|failed|fetch|checksum|mismatch|magic|version|"
                     r"block|truncated|needs|wrong|promises|undefined|null|TypeError|SyntaxError|DawgFormatError)\b", re.I)
LIST_DAMAGED = "O ficheiro da lista de palavras está danificado: "


def the_dawg(built_dist: Path) -> bytes:
    return (built_dist / "palavras.dawg").read_bytes()


def of_version(data: bytes, version: int) -> bytes:
    return data[:4] + struct.pack("<H", version) + data[6:]


def damaged_lists(built_dist: Path) -> list[tuple[str, bytes, str]]:
    """(what is damaged, the bytes served for the DAWG, what «Detalhes» say)."""
    data = the_dawg(built_dist)
    return [
        ("zeros", b"\x00" * 80, f"{LIST_DAMAGED}o cabeçalho não é o de uma lista de palavras do jogo."),
        ("another format version", of_version(data, 3),
         f"{LIST_DAMAGED}está na versão 3 do formato, e o jogo lê a versão 2."),
        ("cut short", data[:4096], f"{LIST_DAMAGED}tem 4096 bytes, e o cabeçalho pede {len(data)}."),
    ]


def console_of(player) -> list[str]:
    said: list[str] = []
    player.page.on("console", lambda message: message.type in ("warning", "error") and said.append(message.text))
    return said


def opened_detail(player, sentence: str) -> str:
    """The text of the «Detalhes» right after `sentence` (a selector), opened as a player would."""
    details = player.page.locator(f"{sentence} + details.detalhes")
    details.locator("summary").click()
    body = details.locator("p")
    expect(body).not_to_have_text("")
    return body.inner_text()


@pytest.mark.parametrize("case", range(3), ids=["zeros", "another-version", "cut-short"])
def test_the_details_of_a_damaged_word_list_are_portuguese(new_player, built_dist, case):
    what, served, says = damaged_lists(built_dist)[case]
    player = new_player()
    console = console_of(player)
    player.page.route(DAWG, lambda route: route.fulfill(status=200, body=served))
    player.open()
    player.expect_text("#erro-texto", "A lista de palavras está danificada. Recarregue a página.")
    detail = opened_detail(player, "#erro-texto")
    assert not ENGLISH.search(detail), f"{what}: {detail!r}"
    assert detail == says, what
    assert any("DawgFormatError" in line for line in console), "the reader's own words are in the console"
    assert player.errors == []


def test_the_details_of_a_replay_link_whose_word_list_is_damaged_are_portuguese(new_player, built_dist):
    player = new_player(route=False).open("/").wait_ready()
    version = player.page.locator("#jogo").get_attribute("data-versao")
    served = of_version(the_dawg(built_dist), 3)
    player.page.route(re.compile(r"\.dawg$"), lambda route: route.fulfill(status=200, body=served))
    player.page.goto("about:blank")
    player.page.goto(f"{player.url}/repeticao/#{code_of('2026-11-30', version)}")
    player.page.wait_for_selector("#repeticao[data-veredicto]", state="attached")
    player.expect_text("#veredicto", re.compile(r"^Não foi possível verificar esta corrida: um ficheiro de que a repetição "
                                                r"precisa está danificado\."))
    detail = opened_detail(player, "#veredicto")
    assert not ENGLISH.search(detail), detail
    assert detail == f"{LIST_DAMAGED}está na versão 3 do formato, e o jogo lê a versão 2."
