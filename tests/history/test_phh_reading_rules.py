"""Each rule by which PHH files written elsewhere are read as they are: per-player antes,
decimal amounts, stacks written ``inf``, cards shown after being dealt ``????``, hands
mucked unseen at a showdown, hidden stud door cards, raises written up to a covered
all-in, half-chip splits."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from pokerroom.errors import HistoryError
from pokerroom.history.phh import phh_replay, phh_to_hand, player_seats
from pokerroom.history.phh_amounts import chip_scale, in_chips, in_file_units

HOLDEM: dict[str, Any] = {"variant": "NT", "blinds_or_straddles": [1, 2, 0], "min_bet": 2}


def _finishing(data: dict[str, Any]) -> list[int | Decimal]:
    hand = phh_to_hand(data)
    scale = chip_scale(data)
    return [in_file_units(hand.final_stacks[s], scale) for s in player_seats(hand)]


def _folded_around(antes: list[int]) -> dict[str, Any]:
    return HOLDEM | {"antes": antes, "starting_stacks": [100, 100, 100],
                     "actions": ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????",
                                 "p3 f", "p1 f"]}


def test_a_big_blind_ante_is_posted_by_the_big_blind_alone() -> None:
    # p2 (the big blind) antes 2: the others ante nothing, and p2 wins 1 + its own 4
    assert _finishing(_folded_around([0, 2, 0])) == [99, 101, 100]


def test_a_button_ante_is_posted_by_the_button_alone() -> None:
    # p3 (the button, last) antes 3 and folds: it loses the ante to p2
    assert _finishing(_folded_around([0, 0, 3])) == [99, 104, 97]


def test_one_ante_for_everyone_is_the_tables() -> None:
    assert _finishing(_folded_around([1, 1, 1])) == [98, 103, 99]


def test_the_wsop_hand_with_a_big_blind_ante_ends_on_the_files_stacks() -> None:
    data = HOLDEM | {
        "antes": [0, 120000, 0, 0, 0], "blinds_or_straddles": [40000, 80000, 0, 0, 0],
        "min_bet": 80000, "starting_stacks": [7380000, 2500000, 5110000, 10170000, 4545000],
        "actions": ["d dh p1 7s4s", "d dh p2 Js8h", "d dh p3 Td8c", "d dh p4 6d5h",
                    "d dh p5 Qh7h", "p3 f", "p4 cbr 170000", "p5 f", "p1 f", "p2 cc",
                    "d db JcTs2d", "p2 cc", "p4 cbr 140000", "p2 cc", "d db As", "p2 cc",
                    "p4 cbr 325000", "p2 cc", "d db Qs", "p2 cc", "p4 cbr 600000",
                    "p2 cc", "p4 sm 6d5h", "p2 sm Js8h"],
        "finishing_stacks": [7340000, 3775000, 5110000, 8935000, 4545000]}
    assert _finishing(data) == data["finishing_stacks"]


def test_decimal_amounts_are_scaled_exactly_and_written_back() -> None:
    data = HOLDEM | {"antes": [0.25, 0.25, 0.25], "blinds_or_straddles": [0.5, 1, 0],
                     "min_bet": 1, "starting_stacks": [200.3, 81.6, 197],
                     "actions": ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f",
                                 "p1 cbr 3.00", "p2 f"]}
    assert chip_scale(data) == 100
    assert in_chips(data, 100)["starting_stacks"] == [20030, 8160, 19700]
    # p1 raises to 3 and takes the big blind and the other two antes: +1.50
    assert _finishing(data) == [Decimal("201.8"), Decimal("80.35"), Decimal("196.75")]


def test_amounts_read_by_their_decimal_text_not_as_binary_fractions() -> None:
    # 0.1 + 0.2 is not 0.3 in binary; the scale reads each as written
    data = {"starting_stacks": [0.1, 0.2, 0.3]}
    assert in_chips(data, chip_scale(data))["starting_stacks"] == [1, 2, 3]


def test_an_amount_finer_than_a_millionth_is_refused() -> None:
    with pytest.raises(HistoryError, match="finer than a millionth"):
        chip_scale({"starting_stacks": [1.0000001]})


def test_a_negative_or_non_numeric_amount_is_refused() -> None:
    with pytest.raises(HistoryError, match="must be a number"):
        chip_scale({"starting_stacks": ["lots"]})
    with pytest.raises(HistoryError, match="number of chips"):
        chip_scale({"starting_stacks": [-5]})


@pytest.mark.rule("supp-odd-chip")
def test_a_split_pot_written_with_half_chips_is_compared_exactly() -> None:
    # Pluribus 91/43: 825 split two ways is 412.5 each, as the file writes it
    data = {"variant": "NT", "antes": [0] * 6, "blinds_or_straddles": [50, 100, 0, 0, 0, 0],
            "min_bet": 100, "starting_stacks": [10000] * 6,
            "actions": ["d dh p1 2cAs", "d dh p2 Kh5s", "d dh p3 9c5h", "d dh p4 QcAh",
                        "d dh p5 AdQd", "d dh p6 KsJs", "p3 f", "p4 cbr 225", "p5 cc",
                        "p6 cc", "p1 f", "p2 f", "d db 6h4c2s", "p4 cc", "p5 cc", "p6 cc",
                        "d db 8h", "p4 cc", "p5 cc", "p6 cc", "d db 4d", "p4 cc", "p5 cc",
                        "p6 cc", "p4 sm QcAh", "p5 sm AdQd", "p6 sm"],
            "finishing_stacks": [9950.0, 9900.0, 10000.0, 10187.5, 10187.5, 9775.0]}
    assert chip_scale(data) == 10
    assert _finishing(data) == [9950, 9900, 10000, Decimal("10187.5"),
                                Decimal("10187.5"), 9775]
    # a file that writes the split in whole chips is read in whole chips: the odd chip
    # goes to the first tied hand from the button's left (p4), as PokerKit pays it
    whole = data | {"finishing_stacks": [9950, 9900, 10000, 10188, 10187, 9775]}
    assert _finishing(whole) == whole["finishing_stacks"]
    wrong = data | {"finishing_stacks": [9950, 9900, 10000, 10187, 10188, 9775]}
    with pytest.raises(HistoryError, match="finishing_stacks do not match"):
        phh_to_hand(wrong)


def test_a_stack_written_inf_replays_deeper_than_the_hand() -> None:
    data = HOLDEM | {"antes": [0, 0, 0], "starting_stacks": [float("inf")] * 3,
                     "actions": ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????",
                                 "p3 cbr 500", "p1 f", "p2 f"]}
    hand = phh_to_hand(data)
    seats = player_seats(hand)
    assert [hand.final_stacks[s] - hand.start_stacks[s] for s in seats] == [-1, -2, 3]
    assert all(hand.start_stacks[s] > 500 for s in seats)


def test_cards_dealt_hidden_and_shown_later_are_the_showdowns() -> None:
    # HandHQ: p1 dealt ???? shows 8dAs (three nines, ace kicker) and beats the stand-ins
    # of the hands mucked unseen (sm ????), which must lose to it
    data = HOLDEM | {"antes": [0, 0, 0], "blinds_or_straddles": [0.5, 1, 0], "min_bet": 1,
                     "starting_stacks": [247.1, 14.6, 200],
                     "actions": ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cc",
                                 "p1 cc", "p2 cc", "d db 9s7h2c", "p1 cc", "p2 cc",
                                 "p3 cc", "d db 9d", "p1 cc", "p2 cc", "p3 cc", "d db 9c",
                                 "p1 cc", "p2 cc", "p3 cc", "p1 sm 8dAs", "p2 sm ????",
                                 "p3 sm ????"]}
    hand = phh_to_hand(data)
    assert hand.result is not None
    assert [str(c) for c in next(s.cards for s in hand.result.shown if s.seat == 0)] == \
        ["8d", "As"]
    assert _finishing(data) == [Decimal("249.1"), Decimal("13.6"), 199]
    # the cards shown are the file's; the losing cards of the mucked hands stand in, and
    # are marked so (the card room's replay hides them by place)
    _, slots = phh_replay(data)
    assert slots[:6] == (False, False, True, True, True, True)


def test_a_shown_card_the_deal_already_names_is_not_dealt_twice() -> None:
    data = HOLDEM | {"antes": [0, 0, 0], "starting_stacks": [100, 100, 100],
                     "actions": ["d dh p1 As??", "d dh p2 ????", "d dh p3 ????", "p3 f",
                                 "p1 cc", "p2 cc", "d db 2c7d9h", "p1 cc", "p2 cc",
                                 "d db Th", "p1 cc", "p2 cc", "d db Jd", "p1 cc", "p2 cc",
                                 "p1 sm AsAh", "p2 sm ????"]}
    assert _finishing(data) == [102, 98, 100]


@pytest.mark.rule("stud-1")
def test_a_hidden_stud_door_card_never_brings_in() -> None:
    # WSOP 2023 #43 hand 53: p5's whole deal is hidden; p4's 4c brings in
    data = {"variant": "F7S/8", "antes": [50000] * 5, "bring_in": 75000,
            "small_bet": 250000, "big_bet": 500000,
            "starting_stacks": [4475000, 1600000, 14650000, 5675000, 3300000],
            "actions": ["d dh p1 KdQdQs", "d dh p2 Qh4d6s", "d dh p3 Jd7d9h",
                        "d dh p4 7h4h4c", "d dh p5 ??????", "p4 pb", "p5 f",
                        "p1 cbr 250000", "p2 f", "p3 f", "p4 cc", "d dh p1 6h",
                        "d dh p4 2c", "p1 cc", "p4 cbr 250000", "p1 cc", "d dh p1 Ad",
                        "d dh p4 Td", "p1 cbr 500000", "p4 cc", "d dh p1 Kc", "d dh p4 Jh",
                        "p1 cbr 500000", "p4 f"]}
    hand, slots = phh_replay(data)
    assert hand.is_over
    assert _finishing(data)[1:4] == [1550000, 14600000, 4625000]
    assert slots[12:15] == (True, True, True)      # p5's three cards stand in


@pytest.mark.rule("razz-3")
def test_a_hidden_razz_door_card_is_an_ace_and_never_brings_in() -> None:
    data = {"variant": "FR", "antes": [10, 10], "bring_in": 10, "small_bet": 20,
            "big_bet": 40, "starting_stacks": [500, 500],
            "actions": ["d dh p1 ??????", "d dh p2 2c3dQs", "p2 pb", "p1 f"]}
    assert _finishing(data) == [490, 510]


@pytest.mark.rule("supp-nlpl")
def test_a_raise_written_up_to_a_covered_all_in_is_the_least_raise() -> None:
    # WSOP 2023 #43 hand 85 (razz): p1 has 750,000 left; p2 "raises to 750000", short of
    # the limit raise to 1,200,000: what p1 cannot call comes back
    data = {"variant": "FR", "antes": [100000, 100000], "bring_in": 100000,
            "small_bet": 300000, "big_bet": 600000, "starting_stacks": [2650000, 27050000],
            "actions": ["d dh p1 8c2h4c", "d dh p2 4h3d8d", "p2 pb", "p1 cbr 300000",
                        "p2 cbr 600000", "p1 cc", "d dh p1 Ad", "d dh p2 2s",
                        "p1 cbr 300000", "p2 cbr 600000", "p1 cc", "d dh p1 Qd",
                        "d dh p2 Td", "p2 cbr 600000", "p1 cc", "d dh p1 Jd", "d dh p2 8s",
                        "p1 cbr 600000", "p2 cbr 750000", "p1 cc",
                        "p2 sm 4h3d8d2sTd8s", "p1 sm 8c2h4cAdQdJd", "d dh p1 Kh",
                        "d dh p2 7h", "p1 sm 8c2h4cAdQdJdKh", "p2 sm 4h3d8d2sTd8s7h"],
            "finishing_stacks": [0, 29700000]}
    assert _finishing(data) == data["finishing_stacks"]


def test_a_raise_short_of_the_least_is_still_refused_when_someone_could_call_more() -> None:
    data = HOLDEM | {"antes": [0, 0, 0], "starting_stacks": [100, 100, 100],
                     "actions": ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????",
                                 "p3 cbr 6", "p1 cbr 7"]}
    with pytest.raises(HistoryError, match="raise to 7 is not allowed"):
        phh_to_hand(data)


def test_reading_leaves_the_callers_dict_as_it_was() -> None:
    data = HOLDEM | {"antes": [0, 0, 0], "starting_stacks": [100.5, 100, 100],
                     "actions": ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????",
                                 "p3 f", "p1 f", "p1 sm ????"]}
    before = repr(data)
    phh_to_hand(data)
    assert repr(data) == before
