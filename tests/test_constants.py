"""The game constants are the rules' numbers, once."""
import json

from pipeline import constants


def test_bag_holds_117_tiles_without_k_w_y():
    assert constants.BAG_SIZE == 117
    letters = {letter for letter, _, _ in constants.TILES}
    assert not letters & set("KWY")


def test_tile_values_follow_portuguese_scrabble():
    values = constants.tile_values()
    assert [values[l] for l in "AEIOSUMRT"] == [1] * 9
    assert [values[l] for l in "DLCP"] == [2] * 4
    assert (values["N"], values["B"], values["Ç"]) == (3, 3, 3)
    assert [values[l] for l in "FGHV"] == [4] * 4
    assert (values["J"], values["Q"], values["X"], values["Z"]) == (5, 6, 8, 8)


def test_tile_counts_follow_portuguese_scrabble():
    counts = {letter: count for letter, _, count in constants.TILES}
    assert counts == {
        "A": 14, "E": 11, "I": 10, "O": 10, "S": 8, "U": 7, "M": 6, "R": 6, "T": 5,
        "D": 5, "L": 5, "C": 4, "P": 4, "N": 4, "B": 3, "Ç": 2,
        "F": 2, "G": 2, "H": 2, "V": 2, "J": 2, "Q": 1, "X": 1, "Z": 1,
    }


def test_floor_targets_are_25_50_75_110_150():
    assert constants.TARGETS == (25, 50, 75, 110, 150)
    assert len(constants.TARGETS) == constants.FLOORS


def test_special_squares_per_floor_are_five_2l_two_3l_two_2p():
    assert constants.SQUARE_COUNTS == {"2L": 5, "3L": 2, "2P": 2}


def test_six_trunfos_and_four_helps_with_their_ids():
    assert constants.TRUNFO_IDS == ("fitas", "serenata", "republica", "grelo", "cabra", "latada")
    assert constants.HELP_IDS == ("branca", "espreitar", "jogada", "dobro")


def test_json_is_deterministic_and_round_trips():
    text = constants.as_json()
    assert text == constants.as_json()
    assert text.endswith("\n")
    data = json.loads(text)
    assert data["bag_size"] == 117
    assert sum(t["count"] for t in data["tiles"]) == 117
    assert data["hand_size"] == 8
