"""Practice towers (Treino): drawn like the days in their own seed namespace, never a day's."""
from __future__ import annotations

import hashlib
import json

import pytest

from pipeline import days as days_module
from pipeline.days import (PRACTICE_TOWERS, build_day, build_practice, build_tower, day_json,
                           load_window, practice_key, practice_name, write_practice)
from pipeline.errors import DayError
from pipeline.prng import seed_string

from test_days import OPENERS

PRACTICE_FIELDS = ("version", "floors", "bag", "helps", "offers")


@pytest.fixture(scope="module")
def practice_towers() -> list[dict]:
    return [build_practice(n, OPENERS) for n in range(1, PRACTICE_TOWERS + 1)]


def test_practice_towers_are_seeded_in_their_own_namespace_treino_n():
    assert practice_key(17) == "treino-17"
    assert seed_string(1, practice_key(17), "bag") == "a-torre/v1/treino-17/bag"
    assert build_practice(17, OPENERS) == {"treino": 17, **build_tower("treino-17", OPENERS)}


def test_a_practice_file_is_a_day_file_with_treino_in_place_of_date():
    tower = build_practice(3, OPENERS)
    assert list(tower) == ["treino", *PRACTICE_FIELDS]
    day = build_day(load_window().first, OPENERS)
    assert list(day) == ["date", *PRACTICE_FIELDS]


def test_a_practice_tower_never_equals_a_days_tower(practice_towers):
    """No practice tower shares a bag, a floor plan or its whole content with any day of the window."""
    window = load_window()
    day_towers = [build_day(date, OPENERS, window) for date in window.dates()]
    content = lambda tower: json.dumps({k: tower[k] for k in PRACTICE_FIELDS}, sort_keys=True)
    days = {content(t) for t in day_towers}
    assert not days & {content(t) for t in practice_towers}
    assert not {t["bag"] for t in day_towers} & {t["bag"] for t in practice_towers}
    floors = lambda tower: json.dumps(tower["floors"])
    assert not {floors(t) for t in day_towers} & {floors(t) for t in practice_towers}


def test_practice_towers_differ_from_one_another(practice_towers):
    assert len({t["bag"] for t in practice_towers}) == PRACTICE_TOWERS


def test_practice_towers_are_deterministic_and_pinned():
    """Same number, same bytes; a change to the derivation fails here (and needs a new version)."""
    first = day_json(build_practice(1, OPENERS))
    assert first == day_json(build_practice(1, list(reversed(OPENERS))))
    assert hashlib.sha256(first.encode()).hexdigest() == PINNED_PRACTICE_1


PINNED_PRACTICE_1 = "fe9ad454fb72258ed2809685ac6a2c20ddfc496f901111020cf7e1c1fdaf95ac"


@pytest.mark.parametrize("number", [0, -1, PRACTICE_TOWERS + 1])
def test_a_practice_number_outside_1_to_the_count_is_a_clear_error(number):
    with pytest.raises(DayError, match=f"numbered 1–{PRACTICE_TOWERS}"):
        build_practice(number, OPENERS)


def test_write_practice_writes_numbered_zero_padded_files(tmp_path):
    assert write_practice(tmp_path, OPENERS, count=3) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0001.json", "0002.json", "0003.json"]
    assert practice_name(1000) == "1000.json"
    tower = json.loads((tmp_path / "0002.json").read_text(encoding="utf-8"))
    assert tower == build_practice(2, OPENERS)


def test_the_build_writes_every_practice_tower_with_its_compressed_copies_in_the_manifest(built_dist):
    folder = built_dist / "treino"
    names = sorted(p.name for p in folder.glob("*.json"))
    assert names == [practice_name(n) for n in range(1, PRACTICE_TOWERS + 1)]
    listed = {line.split("  ", 1)[1] for line in (built_dist / ".torre-build").read_text().splitlines()}
    for name in ("0001.json", "0500.json", "1000.json"):
        for suffix in ("", ".br", ".gz"):
            assert (folder / f"{name}{suffix}").is_file()
            assert f"treino/{name}{suffix}" in listed
    tower = json.loads((folder / "0001.json").read_text(encoding="utf-8"))
    assert tower == build_practice(1, days_module.default_openers())


def test_practice_towers_are_not_published_days(built_dist):
    """dictionaries/published/days.sha256 holds dates only: practice towers are never frozen."""
    recorded = (days_module.PYPROJECT.parent / "dictionaries" / "published" / "days.sha256")
    assert "treino" not in recorded.read_text(encoding="utf-8")


def test_the_service_worker_knows_practice_towers_by_pattern_not_by_list(built_dist):
    worker = (built_dist / "sw.js").read_text(encoding="utf-8")
    assert f"const PRACTICE = {PRACTICE_TOWERS};" in worker
    assert "/treino/0001.json" not in worker
    assert '"/treino/"' in worker  # the page itself is kept


def test_every_page_header_links_to_treino_and_the_practice_page_runs_the_game(built_dist):
    for page in ("index.html", "arquivo/index.html", "como-jogar/index.html", "fontes/index.html",
                 "treino/index.html", "404.html"):
        html = (built_dist / page).read_text(encoding="utf-8")
        assert '<a href="/treino/"' in html, page
    practice = (built_dist / "treino" / "index.html").read_text(encoding="utf-8")
    assert 'data-treino="/treino/"' in practice and "js/treino.js" in practice and "js/torre.js" not in practice
    assert f'data-treino-total="{PRACTICE_TOWERS}"' in practice
    assert '<main id="jogo"' in practice and 'id="partida"' in practice
