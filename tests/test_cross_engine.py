"""The game played through in Debian's Firefox ESR (WebDriver BiDi) and Debian's WebKitGTK (the
engine of every browser on an iPhone; its classic WebDriver, under an Xvfb of its own): a first
visit ready with each of its files fetched once, a play by keyboard, a play by taps, a reload that
resumes the run, the end screen with the day's opponents, «Estatísticas» and «Análise da corrida»
opening at their top, the run's replay link and challenge link verified, and a reload with the
server gone answered by the service worker (issue 40 item 12).

The drivers are tests/cross_engine/ (the standard library only). The site is the suite's own server
(`site_url`), whose day files are the fixture tower for whatever date the page asks: neither driver
can fix the page's clock or answer its requests, so the tower follows the clock instead.
Screenshots of the end screen and the two dialogs are in test-artifacts/.
"""
from __future__ import annotations

import json
import re

import pytest

from cross_engine import firefox, webkit
from e2e_support import ARTIFACTS, fixture_day, site_url, start_site_server, stop_site_server  # noqa: F401

ENGINES = {"firefox": (firefox.missing, firefox.Firefox), "webkit": (webkit.missing, webkit.WebKit)}
PHONE = (390, 700)  # short enough that Estatísticas and the analysis scroll
DAY = re.compile(r"/dias/(\d{4}-\d{2}-\d{2})\.json")
VERIFIED = re.compile(r"^Corrida verificada: chegou ao 2\.º andar, com 71 pontos\.$")
READY = """() => !document.querySelector("#partida")?.hidden && !!document.querySelector("#tabuleiro [data-square=A1]")
    && document.querySelector("#jogo")?.dataset.palavras === "prontas\""""


@pytest.fixture
def fixture_tower(monkeypatch, tmp_path):
    """Every server of pipeline.serve answers /dias/<date>.json with the fixture tower of that date."""
    from pipeline import serve

    resolve = serve.DistHandler.resolve

    def resolved(handler, url_path):
        match = DAY.fullmatch(url_path)
        if not match:
            return resolve(handler, url_path)
        path = tmp_path / f"{match[1]}.json"
        if not path.exists():
            path.write_text(json.dumps({**fixture_day(), "date": match[1]}, ensure_ascii=False), encoding="utf-8")
        return path

    monkeypatch.setattr(serve.DistHandler, "resolve", resolved)


@pytest.fixture(params=sorted(ENGINES))
def tab(request):
    missing, engine = ENGINES[request.param]
    if missing():
        pytest.fail(f"missing Debian packages {', '.join(missing())}: run `make system-deps` as root")
    started = engine(*PHONE)
    yield started
    started.close()


def files_fetched_twice(tab) -> list[str]:
    """The page's own requests (Resource Timing) that asked for one URL more than once."""
    return tab.run("""() => {
        const names = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname);
        return [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
    }""")


def dialog_top(tab) -> dict:
    """Where the open dialog stands once settled: scrolled by how much, of how much, heading in view."""
    return tab.run("""() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
        const dialog = document.querySelector("#dialogo"), title = document.querySelector("#dialogo-titulo");
        const box = dialog.getBoundingClientRect(), heading = title.getBoundingClientRect();
        done({ scrollTop: dialog.scrollTop, scrollable: dialog.scrollHeight - dialog.clientHeight,
               headingInView: heading.top >= box.top && heading.bottom <= box.bottom });
    })))""")


def open_dialog(tab, button: str, title: str, settled: str):
    tab.tap("#dialogo-botoes button", button)
    tab.wait_text("#dialogo-titulo", title, f"«{button}» opened")
    tab.wait(f"() => !!document.querySelector({json.dumps(settled)})", f"«{title}» filled in")


# The run is over: the end dialog is open, or "Ver o resultado" shows (before its chunk is in).
OVER = """() => document.querySelector("#dialogo").open && document.querySelector("#dialogo-titulo").textContent === "Fim da corrida"
    || !!document.querySelector("[data-action=resultado]")?.checkVisibility()"""


def pass_to_the_end(tab):
    for _ in range(6):
        if tab.run(OVER):
            return
        tab.tap("[data-action=passar]")
        tab.tap("#dialogo-botoes button", "Passar")
        tab.wait(f"""() => !document.querySelector("#dialogo").open || ({OVER})()""", "the pass taken")
    raise AssertionError(f"{tab.engine}: the run did not end")


def test_a_run_plays_through_offline_included(tab, site_url, built_dist, fixture_tower):  # noqa: F811
    engine = tab.engine
    # A first visit: the guide, the board, the word list; each file asked for once.
    tab.navigate(site_url + "/")
    tab.wait(READY, "the board and the word list")
    assert files_fetched_twice(tab) == [], f"{engine}: fetched twice on a first visit"
    tab.tap("#guia button", "Saltar")
    tab.wait("""() => document.querySelector("#guia")?.open === false || !document.querySelector("#guia")?.checkVisibility()""",
             "the guide closed")

    # By keyboard: the guide leaves focus on the board, on FADO's D4; the first arrow shows the
    # cursor there, two more take it to F4, after FADO.
    assert tab.run("() => document.activeElement.dataset.square") == "D4", engine
    tab.press("ArrowRight", "ArrowRight", "ArrowRight", "s")
    tab.wait("() => document.querySelector('#tabuleiro [data-square=F4]').getAttribute('aria-label')"
             " === 'S 1 ponto, F4, por confirmar'", "S on F4")
    tab.press("Enter")
    tab.wait_text("#total", "9", "FADOS played by keyboard")

    # By taps: PRAXE down column C (C2 twice: down), 62 points, a climb and its trunfo.
    tab.tap("#tabuleiro [data-square=C2]")
    tab.tap("#tabuleiro [data-square=C2]")
    for letter in "PRXE":
        tab.tap(f"#mao .peca[aria-label^='{letter} ']")
    tab.tap("[data-action=jogar]")
    tab.wait_text("#dialogo-titulo", "Escolha um trunfo", "PRAXE climbed")
    tab.tap("#dialogo .carta[data-trunfo=latada]")
    tab.wait_text("#trunfos", lambda t: "Latada" in t, "the trunfo kept")
    assert tab.text("#total") == "71", engine

    # A reload resumes the run.
    tab.reload()
    tab.wait(READY, "the board after a reload")
    tab.wait_text("#total", "71", "the run resumed")
    assert "Latada" in tab.text("#trunfos"), engine  # on floor 2, with the trunfo chosen on floor 1

    # The end screen, with the day's par and its opponents.
    pass_to_the_end(tab)
    tab.wait_text("#dialogo-titulo", "Fim da corrida", "the end screen")
    tab.wait_text("#par-linha", lambda t: t.startswith("Par do dia: "), "the par")
    tab.wait("() => !!document.querySelector('#dialogo .adversarios:not(.espera)')", "the opponents")
    tab.wait_text("#veredicto-do-dia", lambda t: "Categoria do dia: " in t, "the verdict against the opponents")
    tab.screenshot(ARTIFACTS, "motores-fim")
    share = tab.text("#texto-partilha")
    replay = next(line for line in share.splitlines() if "/repeticao/#" in line)
    challenge = tab.run("() => document.querySelector('#desafiar').getAttribute('data-partilha')").splitlines()[-1]

    # Estatísticas and the analysis open at their top, the heading in view (issue 40 item 9).
    open_dialog(tab, "Estatísticas", "Estatísticas", "#estatisticas-texto")
    stats = dialog_top(tab)
    tab.screenshot(ARTIFACTS, "motores-estatisticas")
    assert stats["scrollable"] > 0, f"{engine}: Estatísticas fits: the check below would prove nothing"
    assert stats["scrollTop"] == 0 and stats["headingInView"], f"{engine}: Estatísticas opened scrolled: {stats}"
    tab.tap("#dialogo-botoes button", "Fechar")
    tab.tap("[data-action=resultado]")
    open_dialog(tab, "Análise da corrida", "Análise da corrida", "#dialogo ol.analise")
    analysis = dialog_top(tab)
    tab.screenshot(ARTIFACTS, "motores-analise")
    assert analysis["scrollTop"] == 0 and analysis["headingInView"], f"{engine}: the analysis opened scrolled: {analysis}"

    # The replay link and the challenge link, each verified by its page.
    for link, page in ((replay, "repeticao"), (challenge, "desafio")):
        tab.navigate("about:blank")
        tab.navigate(link)
        tab.wait(f"() => document.querySelector('#{page}')?.hasAttribute('data-veredicto')", f"the {page} verdict")
        assert VERIFIED.match(tab.text("#veredicto")), f"{engine}: {page}: {tab.text('#veredicto')}"

    # Offline: a first visit on a server of its own, which then stops; the reload is the service worker's.
    server, url = start_site_server(built_dist)
    try:
        tab.navigate(url + "/")
        tab.wait(READY, "the board on a first visit")
        tab.wait("""() => navigator.serviceWorker.controller !== null
            || navigator.serviceWorker.ready.then(() => false)""", "the service worker ready", seconds=20)
    finally:
        stop_site_server(server)
    tab.reload()
    tab.wait(READY, "the board offline", seconds=20)
    if engine == "firefox":
        refused = [line for line in tab.console if "Content-Security-Policy" in line or "Content Security Policy" in line]
        assert refused == [], refused
