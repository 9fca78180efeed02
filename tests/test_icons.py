"""The app icons: valid PNGs of the declared sizes, the favicon's tower, a maskable safe zone."""
from __future__ import annotations

import math
import struct
import zlib

import pytest

from pipeline.icons import CREAM, GRID, ICONS, RED, draw, encode_png, write_icons

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decode(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, RGBA rows) of an unfiltered 8-bit RGBA PNG; checks every CRC."""
    assert data[:8] == SIGNATURE
    position, chunks = 8, []
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        (crc,) = struct.unpack(">I", data[position + 8 + length:position + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        chunks.append((kind, body))
        position += 12 + length
    assert [k for k, _ in chunks] == [b"IHDR", b"IDAT", b"IEND"]
    width, height, depth, colour, *_ = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, colour) == (8, 6)
    raw = zlib.decompress(chunks[1][1])
    stride = 1 + 4 * width
    assert len(raw) == stride * height
    rows = [raw[i * stride:(i + 1) * stride] for i in range(height)]
    assert all(row[0] == 0 for row in rows)
    return width, height, [row[1:] for row in rows]


def pixel(rows: list[bytes], x: int, y: int) -> tuple[int, int, int, int]:
    return tuple(rows[y][4 * x:4 * x + 4])


def at_grid(icon, rows, gx: float, gy: float):
    """The pixel under grid point (gx, gy) of the favicon's 64-unit grid."""
    scale = icon.size / GRID
    return pixel(rows, int(gx * scale), int(gy * scale))


@pytest.fixture(scope="module")
def drawn():
    return {icon.name: decode(encode_png(icon.size, icon.size, draw(icon))) for icon in ICONS}


def test_there_are_192_512_maskable_and_apple_touch_icons():
    assert {(i.size, i.purpose) for i in ICONS} >= {(192, "any"), (512, "any"), (512, "maskable")}
    assert any(i.name == "apple-touch-icon.png" and i.size == 180 for i in ICONS)


def test_every_icon_is_a_valid_rgba_png_of_its_size(drawn):
    for icon in ICONS:
        width, height, _ = drawn[icon.name]
        assert (width, height) == (icon.size, icon.size), icon.name


def test_icons_are_drawn_byte_identical_every_time(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir(), second.mkdir()
    assert write_icons(first) == write_icons(second) == [f"/{i.name}" for i in ICONS]
    for icon in ICONS:
        assert (first / icon.name).read_bytes() == (second / icon.name).read_bytes()


def test_any_icons_are_the_favicons_rounded_square_with_transparent_corners(drawn):
    for icon in (i for i in ICONS if i.purpose == "any"):
        rows = drawn[icon.name][2]
        assert pixel(rows, 0, 0)[3] == 0 and pixel(rows, icon.size - 1, icon.size - 1)[3] == 0
        assert at_grid(icon, rows, 32, 2) == (*RED, 255)          # the background
        assert at_grid(icon, rows, 25, 50) == (*CREAM, 255)       # the tower's body
        assert at_grid(icon, rows, 32, 32) == (*RED, 255)         # its window
        assert at_grid(icon, rows, 26, 18) == (*RED, 255)         # between two merlons
        assert at_grid(icon, rows, 32, 41.5) == (*RED, 255)       # the top of the door's arch
        assert at_grid(icon, rows, 29.3, 41.3) == (*CREAM, 255)   # beside the arch: round, not square


def test_maskable_icons_are_opaque_and_keep_the_tower_inside_the_safe_circle(drawn):
    for icon in (i for i in ICONS if i.purpose == "maskable"):
        rows = drawn[icon.name][2]
        centre, safe = icon.size / 2, 0.4 * icon.size
        cream, cream_rows = 0, []
        for y, row in enumerate(rows):
            for x in range(icon.size):
                r, g, b, a = row[4 * x:4 * x + 4]
                assert a == 255, (icon.name, x, y)
                if (r, g, b) != RED:
                    cream += 1
                    cream_rows.append(y)
                    assert math.hypot(x + 0.5 - centre, y + 0.5 - centre) <= safe, (icon.name, x, y)
        assert cream > icon.size * icon.size / 10, icon.name  # the tower is there
        # Centred: the tower's top and bottom as far from the edges.
        assert abs(min(cream_rows) + max(cream_rows) + 1 - icon.size) <= 2, icon.name
