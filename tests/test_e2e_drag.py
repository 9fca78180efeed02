"""Playing by dragging tiles (issue 19, item 1): real mouse drags and real touch drags.

Mouse drags go through Playwright's mouse (pointer events of a mouse); touch drags
through CDP `Input.dispatchTouchEvent` in a touch context (pointer events of a
touch, with the browser's own panning decisions). The fixture's floor 1 has FADO
on B4–E4 and the hand P R X E S T U M; SEU on C5–E5 scores 10.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from e2e_support import FIXTURE_DATE, browser, new_player, play_praxe_by_taps, site_url  # noqa: F401

SIZES = [{"width": 360, "height": 640}, {"width": 844, "height": 390}, {"width": 1280, "height": 800}]
PHONES = SIZES[:2]
WAYS = ["rato", "toque"]
SEU = "10 pontos: SEU 3 + AS 2 + DE 3 + OU 2"
STEPS = 8


class Hand:
    """Drags as a player makes them: press, move in steps, release."""

    def __init__(self, player, way: str):
        self.player = player
        self.page = player.page
        self.way = way
        self.cdp = player.page.context.new_cdp_session(player.page) if way == "toque" else None

    def centre(self, locator) -> tuple[float, float]:
        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def touch(self, kind: str, x: float | None = None, y: float | None = None):
        points = [] if x is None else [{"x": x, "y": y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def drag_to_point(self, source, x: float, y: float):
        sx, sy = self.centre(source)
        if self.way == "rato":
            self.page.mouse.move(sx, sy)
            self.page.mouse.down()
            self.page.mouse.move(x, y, steps=STEPS)
            self.page.mouse.up()
        else:
            self.touch("touchStart", sx, sy)
            for step in range(1, STEPS + 1):
                self.touch("touchMove", sx + (x - sx) * step / STEPS, sy + (y - sy) * step / STEPS)
            self.touch("touchEnd")
        self.settle()

    def hold(self, source, x: float, y: float):
        """A finger on `source` moved to (x, y) and kept there, once the page has seen the last move."""
        self.page.evaluate("() => { window.lastMove = null; window.movesSeen ??= addEventListener('pointermove',"
                           " (e) => { window.lastMove = [e.clientX, e.clientY]; }, true) ?? true; }")
        sx, sy = self.centre(source)
        self.touch("touchStart", sx, sy)
        for step in range(1, STEPS + 1):
            self.touch("touchMove", sx + (x - sx) * step / STEPS, sy + (y - sy) * step / STEPS)
        self.page.wait_for_function("([x, y]) => lastMove && Math.hypot(lastMove[0] - x, lastMove[1] - y) < 1", arg=[x, y])

    def release(self):
        self.touch("touchEnd")
        self.settle()

    def settle(self):
        # Touch events reach the page after CDP answers: let them land, then the dragged copy is gone.
        self.page.wait_for_timeout(100)
        self.page.wait_for_function("() => !document.querySelector('.peca-arrastada')")

    def drag(self, source, target):
        source.scroll_into_view_if_needed()
        # Both ends must be on screen at once: the target's centre is read after the source is in view.
        box = target.bounding_box()
        self.drag_to_point(source, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def drag_before(self, source, tile):
        """Into the hand, just before `tile` (left of its centre)."""
        box = tile.bounding_box()
        self.drag_to_point(source, box["x"] + 3, box["y"] + box["height"] / 2)


def pending(player) -> dict[str, str]:
    cells = player.page.locator("#tabuleiro .casa.pendente")
    return dict(cells.evaluate_all("cs => cs.map(c => [c.dataset.square, c.querySelector('.letra').textContent])"))


@pytest.fixture(params=[(size, way) for size in SIZES for way in WAYS],
                ids=lambda p: f"{p[0]['width']}x{p[0]['height']}-{p[1]}")
def dragger(request, new_player):
    size, way = request.param
    options = {"has_touch": True, "is_mobile": True} if way == "toque" else {}
    player = new_player(viewport=size, **options).open().wait_ready()
    return Hand(player, way)


def test_dragged_tiles_play_as_the_preview_said_and_a_reload_keeps_board_and_hand(dragger):
    player = dragger.player
    # Hand reorder: M before P, saved with the run.
    dragger.drag_before(player.tile("M"), player.tile("P"))
    assert player.hand() == "MPRXESTU"
    # Hand → square.
    dragger.drag(player.tile("S"), player.cell("C5"))
    dragger.drag(player.tile("E"), player.cell("E5"))
    assert pending(player) == {"C5": "S", "E5": "E"}
    assert player.page.locator("#tabuleiro .casa.cursor").count() == 0
    # Square → square: E from E5 to D5.
    dragger.drag(player.cell("E5"), player.cell("D5"))
    assert pending(player) == {"C5": "S", "D5": "E"}
    # Square → hand, just before M: the tile leaves the board and stands first.
    dragger.drag(player.tile("U"), player.cell("G6"))
    assert pending(player) == {"C5": "S", "D5": "E", "G6": "U"}
    dragger.drag_before(player.cell("G6"), player.tile("M"))
    assert pending(player) == {"C5": "S", "D5": "E"}
    assert player.hand() == "UMPRXT"
    # A drag released off the board and the hand puts the tile back; so does a taken square.
    dragger.drag_to_point(player.tile("T"), 2, 2)
    dragger.drag(player.tile("T"), player.cell("B4"))
    dragger.drag(player.cell("C5"), player.cell("D4"))
    assert player.hand() == "UMPRXT"
    assert pending(player) == {"C5": "S", "D5": "E"}
    dragger.drag(player.tile("U"), player.cell("E5"))
    assert player.text("#previsao") == SEU
    # A reload restores the same board and the same hand order.
    before = (player.board_snapshot(), player.hand())
    player.page.reload()
    player.wait_ready()
    assert (player.board_snapshot(), player.hand()) == before
    player.button("jogar").click()
    player.announced(re.compile(r"^SEU, AS, DE, OU: 10 pontos\."))  # then where the floor stands
    assert player.number("total") == 10
    player.screenshot(f"arrastar-{dragger.way}")
    assert player.errors == []


def test_a_dragged_blank_asks_its_letter_and_keeps_it_when_dragged_again(dragger):
    player = dragger.player
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta").first.click()  # Cabra
    player.page.locator("#ajudas [data-help=branca]").click()
    dragger.drag(player.page.locator("#mao .peca-branca"), player.cell("A1"))
    player.expect_text("#dialogo-titulo", "De que letra faz a peça branca?")
    player.dialog_button("Q").click()
    assert player.label("A1") == "Q, peça branca, 0 pontos, A1, por confirmar, palavra quádrupla"
    dragger.drag(player.cell("A1"), player.cell("A2"))
    assert player.label("A2").startswith("Q, peça branca, 0 pontos, A2, por confirmar")
    assert player.label("A1").startswith("4P, A1, vazia")
    dragger.drag_before(player.cell("A2"), player.page.locator("#mao .peca").first)
    assert player.hand().startswith("?")
    assert player.errors == []


def test_a_tap_stays_a_tap_beside_the_drags(dragger):
    """A press that barely moves is a tap: the tile is chosen, then a tapped square takes it."""
    player = dragger.player
    sx, sy = dragger.centre(player.tile("S"))
    dragger.drag_to_point(player.tile("S"), sx + 3, sy + 2)
    assert player.tile("S").get_attribute("aria-pressed") == "true"
    player.cell("C5").tap() if dragger.way == "toque" else player.cell("C5").click()
    assert pending(player) == {"C5": "S"}


def covers(box: dict, x: float, y: float) -> bool:
    return box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]


def overlaps(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


@pytest.fixture(params=PHONES, ids=lambda size: f"{size['width']}x{size['height']}")
def finger(request, new_player):
    player = new_player(viewport=request.param, has_touch=True, is_mobile=True).open().wait_ready()
    return Hand(player, "toque")


def test_a_finger_drag_lifts_the_tile_above_the_finger_and_drops_it_on_the_square_under_the_finger(finger):
    player = finger.player
    ghost = player.page.locator(".peca-arrastada")
    target = player.cell("C5")
    player.tile("S").scroll_into_view_if_needed()  # then the square's centre is read where it shows
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    finger.hold(player.tile("S"), x, y)
    expect(target).to_have_class(re.compile(r"\balvo-arrasto\b"))
    assert not covers(ghost.bounding_box(), x, y), "the lifted tile leaves the target square in sight"
    player.screenshot("arrastar-dedo-casa")
    finger.release()
    assert pending(player) == {"C5": "S"}
    # Into the hand, just before P: the insertion mark (a bar at P's left edge) stays in sight.
    mark = player.tile("P")
    box = mark.bounding_box()
    finger.hold(player.tile("M"), box["x"] + 3, box["y"] + box["height"] / 2)
    expect(mark).to_have_class(re.compile(r"\balvo-arrasto\b"))
    bar = {"x": box["x"] - 4, "y": box["y"], "width": 4, "height": box["height"]}
    assert not overlaps(ghost.bounding_box(), bar), "the lifted tile leaves the insertion mark in sight"
    player.screenshot("arrastar-dedo-mao")
    finger.release()
    assert player.hand() == "MPRXETU"
    assert player.errors == []


def test_a_tile_lifted_near_the_top_of_the_screen_stays_in_view(finger):
    player = finger.player
    ghost = player.page.locator(".peca-arrastada")
    x, _ = finger.centre(player.tile("S"))
    finger.hold(player.tile("S"), x, 4)
    box = ghost.bounding_box()
    size = player.page.viewport_size
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    finger.release()
    assert pending(player) == {}, "a drop off the board and the hand changes nothing"


def test_a_run_saved_before_drags_existed_resumes(new_player):
    """A log without `arrange` (every save from before) replays to the same board."""
    player = new_player()
    save = {"v": 1, "date": FIXTURE_DATE, "actions": [{"type": "shuffle"}, {"type": "place", "tile": 0, "square": "C5"}]}
    player.page.add_init_script(f"localStorage.setItem('torre.corrida', {json.dumps(json.dumps(save))});")
    player.open().wait_ready()
    assert len(pending(player)) == 1 and "C5" in pending(player)
    assert len(player.hand()) == 7
    assert player.errors == []


def test_a_finger_swiping_off_the_tiles_still_scrolls_the_page(new_player):
    """Only the tiles keep the finger for dragging: a swipe on the panel scrolls the page."""
    player = new_player(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True).open().wait_ready()
    hand = Hand(player, "toque")
    box = player.page.locator(".painel").bounding_box()
    x, y = box["x"] + 20, box["y"] + box["height"] - 5
    hand.touch("touchStart", x, y)
    for step in range(1, 11):
        hand.touch("touchMove", x, y - 25 * step)
    hand.touch("touchEnd")
    player.page.wait_for_timeout(300)
    assert player.page.evaluate("() => scrollY") > 0
    assert player.page.locator("#tabuleiro .casa.pendente").count() == 0
