"""The game's constants: the one source of truth for Python and the client.

Everything the rules fix as a number (RULES.md) lives here and nowhere else;
`as_json()` is written to dist/ as ``constantes.json`` and the JavaScript
engine reads only that file. Tile values and counts are the Portuguese
Scrabble distribution without its blanks.
"""
from __future__ import annotations

import json

VERSION = 1

BOARD_SIZE = 7
COLUMNS = "ABCDEFG"
CORNERS = ("A1", "G1", "A7", "G7")
OPENER_ROW = 4  # the middle row; squares are named column letter + row 1–7 from the top

# letter, value, count — in the order the rules page lists them.
TILES = (
    ("A", 1, 14), ("E", 1, 11), ("I", 1, 10), ("O", 1, 10), ("S", 1, 8),
    ("U", 1, 7), ("M", 1, 6), ("R", 1, 6), ("T", 1, 5),
    ("D", 2, 5), ("L", 2, 5), ("C", 2, 4), ("P", 2, 4),
    ("N", 3, 4), ("B", 3, 3), ("Ç", 3, 2),
    ("F", 4, 2), ("G", 4, 2), ("H", 4, 2), ("V", 4, 2),
    ("J", 5, 2), ("Q", 6, 1), ("X", 8, 1), ("Z", 8, 1),
)
BAG_SIZE = sum(count for _, _, count in TILES)
# Letters a word may contain: A–Z without K, W, Y (Ç reads as C).
ALPHABET = "ABCDEFGHIJLMNOPQRSTUVXZ"
BLANK = "?"
BLANK_VALUE = 0

FLOORS = 5
TARGETS = (25, 50, 75, 110, 150)
PLAYS_PER_FLOOR = 3
HAND_SIZE = 8
EXCHANGES = 3

# Special squares drawn per floor (corners are always 3P).
SQUARE_COUNTS = {"2L": 5, "3L": 2, "2P": 2}
LETTER_MULTIPLIERS = {"2L": 2, "3L": 3}
WORD_MULTIPLIERS = {"2P": 2, "3P": 3}

BINGO_TILES = 7
BINGO_BONUS = 20
COIMBRA_BONUS = 10

OPENERS = 22
OPENER_MIN_LENGTH, OPENER_MAX_LENGTH = 3, 7
WORD_MIN_LENGTH, WORD_MAX_LENGTH = 2, 7

TRUNFO_OFFER = 3
# id, emoji, name (Portuguese, shown to players), effect numbers.
TRUNFOS = (
    {"id": "fitas", "emoji": "🎀", "name": "Fitas", "coimbra_bonus": 20},
    {"id": "serenata", "emoji": "🎶", "name": "Serenata", "min_length": 5, "bonus": 5},
    {"id": "republica", "emoji": "🏠", "name": "República", "hand_size": 9},
    {"id": "grelo", "emoji": "🌱", "name": "Grelo", "extra_exchanges": 2},
    {"id": "cabra", "emoji": "🔔", "name": "Cabra", "corner_multiplier": 4},
    {"id": "latada", "emoji": "🎉", "name": "Latada", "first_play_multiplier": 2},
)
TRUNFO_IDS = tuple(t["id"] for t in TRUNFOS)

HELP_CAPACITY = 3
HELP_CLIMB_MARGIN = 10  # climbing with ≥ target + this earns a help
HELPS = (
    {"id": "branca", "name": "Peça branca"},
    {"id": "espreitar", "name": "Espreitar", "tiles": 3},
    {"id": "jogada", "name": "Mais uma jogada", "plays": 1},
    {"id": "dobro", "name": "Dobro", "multiplier": 2},
)
HELP_IDS = tuple(h["id"] for h in HELPS)


def tile_values() -> dict[str, int]:
    return {letter: value for letter, value, _ in TILES}


def as_dict() -> dict:
    return {
        "version": VERSION,
        "board_size": BOARD_SIZE,
        "columns": COLUMNS,
        "corners": list(CORNERS),
        "opener_row": OPENER_ROW,
        "tiles": [{"letter": l, "value": v, "count": c} for l, v, c in TILES],
        "bag_size": BAG_SIZE,
        "alphabet": ALPHABET,
        "blank": {"letter": BLANK, "value": BLANK_VALUE},
        "floors": FLOORS,
        "targets": list(TARGETS),
        "plays_per_floor": PLAYS_PER_FLOOR,
        "hand_size": HAND_SIZE,
        "exchanges": EXCHANGES,
        "square_counts": dict(SQUARE_COUNTS),
        "letter_multipliers": dict(LETTER_MULTIPLIERS),
        "word_multipliers": dict(WORD_MULTIPLIERS),
        "bingo": {"tiles": BINGO_TILES, "bonus": BINGO_BONUS},
        "coimbra_bonus": COIMBRA_BONUS,
        "trunfo_offer": TRUNFO_OFFER,
        "trunfos": [dict(t) for t in TRUNFOS],
        "help_capacity": HELP_CAPACITY,
        "help_climb_margin": HELP_CLIMB_MARGIN,
        "helps": [dict(h) for h in HELPS],
        "word_length": {"min": WORD_MIN_LENGTH, "max": WORD_MAX_LENGTH},
    }


def as_json() -> str:
    """Deterministic JSON (sorted keys, LF, UTF-8) for dist/constantes.json."""
    return json.dumps(as_dict(), ensure_ascii=False, sort_keys=True, indent=1) + "\n"
