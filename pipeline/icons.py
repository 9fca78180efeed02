"""The app icons as PNG, drawn from the tower of site_src/favicon.svg.

A browser installs the site as an app only with raster icons: 192 and 512 px,
a maskable one (the platform crops it to a circle or a squircle, so its drawing
stays inside the central safe circle, 40 % of the size in radius) and iOS's
apple-touch-icon (opaque: iOS fills transparency with black and rounds the
corners itself). They are drawn here from the favicon's shapes on its 64-unit
grid by a small rasterizer (exact coverage across, SUBROWS samples down) and
written by a minimal PNG encoder, so the bytes depend only on this file and
zlib: no Pillow, no SVG renderer.
"""
from __future__ import annotations

import functools
import math
import struct
import zlib
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Callable

GRID = 64            # favicon.svg's viewBox is 0 0 64 64
CORNER = 12          # its rx
SUBROWS = 16         # vertical samples per pixel row
RED = (0x7a, 0x1f, 0x2b)
CREAM = (0xf7, 0xef, 0xe3)

# x0, y0, x1, y1 in grid units; disjoint, so their coverages add up.
TOWER = ((22, 24, 42, 54), (18, 20, 46, 24),                    # body, gallery
         (18, 16, 24, 20), (28, 16, 36, 20), (40, 16, 46, 20))  # merlons
WINDOW = (30, 28, 34, 36)
DOOR = (29, 44, 35, 54)     # under an arch: a half disc of radius 3 centred on (32, 44)
ARCH = (32, 44, 3)
TOWER_CENTRE_Y = 35         # middle of the tower's height (16 … 54)

Spans = Callable[[float], list[tuple[float, float]]]  # grid y → x intervals covered


@dataclass(frozen=True)
class Icon:
    name: str
    size: int
    purpose: str        # "any": the favicon's rounded square; "maskable": full bleed, centred


ICONS = (Icon("icone-192.png", 192, "any"), Icon("icone-512.png", 512, "any"),
         Icon("icone-mascaravel-512.png", 512, "maskable"),
         Icon("apple-touch-icon.png", 180, "maskable"))


def rect(x0: float, y0: float, x1: float, y1: float) -> Spans:
    return lambda y: [(x0, x1)] if y0 <= y < y1 else []


def rounded_square(size: float, radius: float) -> Spans:
    def spans(y: float) -> list[tuple[float, float]]:
        if not 0 <= y < size:
            return []
        dy = max(radius - y, y - (size - radius), 0.0)
        inset = radius - math.sqrt(max(radius * radius - dy * dy, 0.0)) if dy else 0.0
        return [(inset, size - inset)]
    return spans


def upper_half_disc(cx: float, cy: float, r: float) -> Spans:
    def spans(y: float) -> list[tuple[float, float]]:
        if not cy - r <= y < cy:
            return []
        half = math.sqrt(r * r - (y - cy) ** 2)
        return [(cx - half, cx + half)]
    return spans


def union(*shapes: Spans) -> Spans:
    """Shapes that never overlap, as one."""
    return lambda y: [span for shape in shapes for span in shape(y)]


def layers(purpose: str) -> list[tuple[tuple[int, int, int], Spans]]:
    """(colour, shape) from the bottom up, in grid units."""
    background = rounded_square(GRID, CORNER) if purpose == "any" else rect(0, 0, GRID, GRID)
    return [(RED, background), (CREAM, union(*(rect(*r) for r in TOWER))),
            (RED, union(rect(*WINDOW), rect(*DOOR), upper_half_disc(*ARCH)))]


def row_coverage(shape: Spans, row: int, size: int, scale: float, dy: float) -> list[float]:
    """How much of each pixel of `row` the shape covers, 0 … 1."""
    full = [0.0] * (size + 1)     # differences: whole pixels from a to b
    partial = [0.0] * (size + 1)  # the cut pixels at both ends
    weight = 1 / SUBROWS
    for k in range(SUBROWS):
        y = (row + (k + 0.5) / SUBROWS - dy) / scale
        for x0, x1 in shape(y):
            a, b = max(x0 * scale, 0.0), min(x1 * scale, float(size))
            if b <= a:
                continue
            ia, ib = int(a), int(b)
            if ia == ib:
                partial[ia] += (b - a) * weight
                continue
            partial[ia] += (ia + 1 - a) * weight
            full[ia + 1] += weight
            full[ib] -= weight
            partial[ib] += (b - ib) * weight
    return [min(f + p, 1.0) for f, p in zip(accumulate(full), partial)][:size]


def over(pixel: tuple[float, ...], colour: tuple[int, int, int], alpha: float) -> tuple[float, ...]:
    """Premultiplied `colour` at `alpha` over a premultiplied RGBA pixel."""
    return tuple(c * alpha + p * (1 - alpha) for c, p in zip((*colour, 255), pixel))


def straight(pixel: tuple[float, ...]) -> bytes:
    """A premultiplied pixel as 8-bit straight RGBA."""
    alpha = pixel[3]
    if alpha <= 0:
        return b"\0\0\0\0"
    return bytes(min(255, round(c * 255 / alpha)) for c in pixel[:3]) + bytes((round(alpha),))


def draw(icon: Icon) -> list[bytes]:
    """The icon's rows of RGBA bytes."""
    scale = icon.size / GRID
    # A maskable icon is cropped to a circle: centre the tower's height in it.
    dy = (GRID / 2 - TOWER_CENTRE_Y) * scale if icon.purpose == "maskable" else 0.0
    stack = layers(icon.purpose)
    pixels: dict[tuple[float, ...], bytes] = {}  # few distinct coverages: draw each once
    shape_dy = [0.0] + [dy] * (len(stack) - 1)  # the background never moves
    rows = []
    for row in range(icon.size):
        coverages = [row_coverage(shape, row, icon.size, scale, d)
                     for (_, shape), d in zip(stack, shape_dy)]
        out = []
        for key in zip(*coverages):
            if key not in pixels:
                pixel = (0.0, 0.0, 0.0, 0.0)
                for (colour, _), alpha in zip(stack, key):
                    pixel = over(pixel, colour, alpha)
                pixels[key] = straight(pixel)
            out.append(pixels[key])
        rows.append(b"".join(out))
    return rows


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode_png(width: int, height: int, rows: list[bytes]) -> bytes:
    """8-bit RGBA, no filter on any row, zlib level 9."""
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    raw = b"".join(b"\0" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


@functools.lru_cache(maxsize=None)
def icon_png(icon: Icon) -> bytes:
    """The icon's PNG. Drawing is pure Python and costs seconds, and an icon depends on
    nothing but its Icon: a process that renders the site again (the tests) draws it once."""
    return encode_png(icon.size, icon.size, draw(icon))


def write_icons(out_dir: Path) -> list[str]:
    """Every icon at the root of out_dir; returns their URL paths."""
    urls = []
    for icon in ICONS:
        (out_dir / icon.name).write_bytes(icon_png(icon))
        urls.append(f"/{icon.name}")
    return urls
