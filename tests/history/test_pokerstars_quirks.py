"""What real PokerStars files do that a clean export never does, each read as the file
has it: a fold where a check was possible, a seat all in for its blind that the room
folds, a call of the full big blind over a short one, stud dealing on to a hand folded
with no bet and a last card dealt to the board, lines indented or spaced out, names with
brackets, mixed-game headers, cards a client wrote as no card, converters' lines, and
hands cancelled or cut short (each said so)."""

from __future__ import annotations

import pytest

from pokerroom.history.phh import phh_to_hand
from pokerroom.history.pokerstars_import import read_pokerstars

HEAD = "PokerStars Hand #{n}:  Hold'em No Limit ($0.05/$0.10 USD) - 2012/04/06 4:02:16 ET"

FREE_FOLD = HEAD.format(n=1) + """
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cy ($10 in chips)
Bob: posts small blind $0.05
Cy: posts big blind $0.10
*** HOLE CARDS ***
Ann: calls $0.10
Bob: calls $0.05
Cy: checks
*** FLOP *** [2d 5s 9h]
Bob: folds
Cy: bets $0.20
Ann: folds
Uncalled bet ($0.20) returned to Cy
Cy collected $0.30 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0
"""


def test_a_fold_where_a_check_was_possible_is_imported_as_the_room_allows_it() -> None:
    """PokerStars lets a player fold with no bet to face (it asks first); the engine
    offers that fold only under the house rule ``free_fold``, which the imported hand
    carries: the fold is the file's, not a check put in its place."""
    result = read_pokerstars(FREE_FOLD, "f.txt")
    assert result.problems == []
    data = result.hands[1]
    assert data["_house_rules"] == {"free_fold": True}
    assert "p1 f" in data["actions"]                         # Bob folds on the flop
    assert data["finishing_stacks"] == [990, 1020, 990]
    hand = phh_to_hand(data)
    assert hand.config.rules.free_fold


def test_a_hand_with_no_such_fold_carries_no_house_rule() -> None:
    text = FREE_FOLD.replace("Bob: folds\n", "Bob: checks\n").replace(
        "Ann: folds\n", "Ann: folds\nBob: folds\n")
    data = read_pokerstars(text, "f.txt").hands[1]
    assert "_house_rules" not in data


ALL_IN_BLIND = """PokerStars Hand #2: Tournament #5, $1+$0.10 USD Hold'em No Limit - \
Level II (15/30) - 2012/02/16 22:26:13 ET
Table '5 1' 9-max Seat #1 is the button
Seat 1: Ann (1000 in chips)
Seat 2: Bob (1000 in chips)
Seat 3: Cy (20 in chips) is sitting out
Seat 4: Dee (1000 in chips)
Bob: posts small blind 15
Cy: posts big blind 20 and is all-in
*** HOLE CARDS ***
Dee: calls 30
Ann: raises 90 to 120
Bob: folds
Cy: folds
Dee: calls 90
*** FLOP *** [6s Qs Ac]
Dee: checks
Ann: checks
*** TURN *** [6s Qs Ac] [6c]
Dee: checks
Ann: checks
*** RIVER *** [6s Qs Ac 6c] [Ts]
Dee: checks
Ann: checks
*** SHOW DOWN ***
Dee: shows [8h Ah] (two pair, Aces and Sixes)
Ann: shows [Kc Ad] (two pair, Aces and Sixes - King kicker)
Ann collected 200 from side pot
Ann collected 75 from main pot
*** SUMMARY ***
Total pot 275 Main pot 75. Side pot 200. | Rake 0
"""


def test_a_seat_all_in_for_its_blind_that_the_room_folds_loses_what_it_put_in() -> None:
    """The engine has no fold for a seat with no chips behind: it stays in with hidden
    cards that lose to every hand shown, and the pots are the file's."""
    result = read_pokerstars(ALL_IN_BLIND, "a.txt")
    assert result.problems == []
    data = result.hands[2]
    assert "p2 f" not in data["actions"]                     # Cy is p2
    assert data["finishing_stacks"] == [985, 0, 880, 1155]   # Bob, Cy, Dee, Ann


def test_an_all_in_call_of_the_full_blind_over_a_short_one_is_read_as_the_engine_raise() -> None:
    text = """PokerStars Hand #3: Tournament #5, 1FPP Hold'em No Limit - Level V (300/600) \
- 2010/06/04 20:01:02 ET
Table '5 2' 6-max Seat #3 is the button
Seat 1: Ann (360 in chips)
Seat 2: Bob (600 in chips)
Seat 3: Cy (1720 in chips)
Cy: posts small blind 300
Ann: posts big blind 360 and is all-in
*** HOLE CARDS ***
Bob: calls 600 and is all-in
Cy: calls 300
*** FLOP *** [8h 5c 3d]
*** TURN *** [8h 5c 3d] [7d]
*** RIVER *** [8h 5c 3d 7d] [2s]
*** SHOW DOWN ***
Cy: shows [9s Ac] (high card Ace)
Bob: shows [5h Qs] (a pair of Fives)
Ann: shows [6c Ks] (high card King)
Bob collected 480 from side pot
Bob collected 1080 from main pot
*** SUMMARY ***
Total pot 1560 Main pot 1080. Side pot 480. | Rake 0
"""
    result = read_pokerstars(text, "c.txt")
    assert result.problems == []
    assert "p2 cbr 600" in result.hands[3]["actions"]         # Bob, all in


@pytest.mark.rule("stud-7")
def test_stud_deals_on_to_a_hand_folded_with_no_bet_until_a_bet_kills_it() -> None:
    text = """PokerStars Game #4:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:27:46 ET
Table 'S' 8-max
Seat 1: Ann ($1 in chips)
Seat 2: Bob ($1 in chips)
Seat 3: Cy ($1 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
Cy: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Td]
Dealt to Bob [2c]
Dealt to Cy [7d]
Bob: brings in for $0.02
Cy: calls $0.02
Ann: calls $0.02
*** 4th STREET ***
Dealt to Ann [Td] [Qd]
Dealt to Bob [2c] [7s]
Dealt to Cy [7d] [5s]
Ann: checks
Bob: checks
Cy: folds
*** 5th STREET ***
Dealt to Ann [Td Qd] [Jd]
Dealt to Bob [2c 7s] [9s]
Ann: bets $0.08
Bob: folds
Uncalled bet ($0.08) returned to Ann
Ann collected $0.09 from pot
*** SUMMARY ***
Total pot $0.09 | Rake $0
"""
    result = read_pokerstars(text, "s.txt")
    assert result.problems == []
    actions = result.hands[4]["actions"]
    assert "d dh p3 ??" in actions                           # Cy's fifth-street card
    assert result.hands[4]["finishing_stacks"] == [106, 97, 97]


@pytest.mark.rule("stud-15")
def test_a_stud_river_card_dealt_to_the_board_is_the_board() -> None:
    """Eight players to seventh street are more than the deck: PokerStars deals the last
    card face up to the board (``*** RIVER *** [6h]``), as the engine does."""
    seats = [f"P{i}" for i in range(1, 9)]
    lines = ["PokerStars Game #5:  7 Card Stud Limit ($0.04/$0.08) - 2009/07/16 2:36:31 CET",
             "Table 'L' 8-max", *(f"Seat {i}: {p} ($1 in chips)" for i, p in enumerate(seats, 1)),
             *(f"{p}: posts the ante $0.01" for p in seats)]
    ups = [["Ac", "Tc", "6c", "Js", "2d", "Jh", "Kh", "4s"],
           ["Ad", "7d", "7h", "2c", "4h", "7c", "4c", "3d"],
           ["Ah", "8d", "3s", "9s", "9h", "6d", "5d", "8s"],
           ["As", "3c", "Qh", "8h", "5s", "5h", "Td", "Kd"]]
    for street, cards in zip(("3rd", "4th", "5th", "6th"), ups, strict=True):
        lines.append(f"*** {street} STREET ***")
        lines += [f"Dealt to {p} [{c}]" for p, c in zip(seats, cards, strict=True)]
        if street == "3rd":     # P5's deuce brings in; from fourth street P1's aces open
            lines += ["P5: brings in for $0.02",
                      *(f"{p}: calls $0.02" for p in seats[5:] + seats[:4])]
        else:
            lines += [f"{p}: checks" for p in seats]
    lines += ["*** RIVER *** [6h]", *(f"{p}: checks" for p in seats), "*** SHOW DOWN ***",
              "P1: shows [Kc Qc Ac Ad Ah As] (four of a kind, Aces)",
              *(f"{p}: mucks hand" for p in seats[1:]),
              "P1 collected $0.24 from pot", "*** SUMMARY ***", "Total pot $0.24 | Rake $0"]
    result = read_pokerstars("\n".join(lines) + "\n", "r.txt")
    assert result.problems == []
    assert "d db 6h" in result.hands[5]["actions"]


def test_lines_indented_or_spaced_out_are_read_as_they_stand() -> None:
    archive = "\n".join(" " + line for line in FREE_FOLD.splitlines())
    spaced = "\n\n".join(line + " " for line in FREE_FOLD.splitlines())
    for text in (archive, spaced):
        assert read_pokerstars(text, "x.txt").hands[1]["finishing_stacks"] == \
            [990, 1020, 990]


def test_a_name_with_brackets_is_dealt_to_by_its_whole_name() -> None:
    text = FREE_FOLD.replace("Ann", "PC [Mittel]").replace(
        "*** HOLE CARDS ***", "*** HOLE CARDS ***\nDealt to PC [Mittel] [Ah Kh]")
    data = read_pokerstars(text, "x.txt").hands[1]
    assert "d dh p3 AhKh" in data["actions"]


def test_a_mixed_game_header_gives_its_stakes_after_the_game() -> None:
    text = FREE_FOLD.replace("Hold'em No Limit ($0.05/$0.10 USD)",
                             "Mixed NLH/PLO (Hold'em No Limit, $0.05/$0.10 USD)")
    assert read_pokerstars(text, "x.txt").hands[1]["blinds_or_straddles"] == [5, 10, 0]


def test_a_card_written_as_no_card_is_a_card_the_file_does_not_tell() -> None:
    shows = FREE_FOLD.replace("Cy collected", "Cy: shows [XX 9c] ()\nCy collected")
    assert 1 in read_pokerstars(shows, "x.txt").hands


@pytest.mark.parametrize("line", ["Table leave user", "Cy: Table deposit $3.50",
                                  "Ann, Bob split the $50 bounty for eliminating Cy"])
def test_converters_and_split_bounty_lines_change_nothing(line: str) -> None:
    text = FREE_FOLD.replace("*** SUMMARY ***", f"{line}\n*** SUMMARY ***")
    assert 1 in read_pokerstars(text, "x.txt").hands


def test_a_fold_that_shows_a_card_or_says_disconnect_is_a_fold() -> None:
    for fold in ("Ann: folds [Ks]", "Ann: folds (disconnect)"):
        text = FREE_FOLD.replace("Ann: folds", fold)
        assert read_pokerstars(text, "x.txt").hands[1]["finishing_stacks"] == \
            [990, 1020, 990]


def test_a_converter_that_counts_the_uncalled_bet_collected_agrees() -> None:
    text = FREE_FOLD.replace("Uncalled bet ($0.20) returned to Cy\n", "").replace(
        "Cy collected $0.30", "Cy collected $0.50")
    assert read_pokerstars(text, "x.txt").hands[1]["finishing_stacks"] == [990, 1020, 990]


def test_a_cancelled_hand_and_a_hand_cut_short_say_so() -> None:
    cancelled = HEAD.format(n=6) + """
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Ann: posts small blind $0.05
Bob: is sitting out
Hand cancelled
*** SUMMARY ***
Seat 1: Ann (button) collected ($0)
"""
    cut = HEAD.format(n=7) + "\nTable 'T"
    problems = read_pokerstars(cancelled + "\n\n" + cut, "x.txt").problems
    assert "a hand cancelled before the deal" in problems[0].reason
    assert "a hand cut short in the file" in problems[1].reason


def test_a_header_in_capitals_or_with_fixed_limit_names_a_game_pokerroom_deals() -> None:
    upper = FREE_FOLD.replace("PokerStars Hand #1:  Hold'em No Limit",
                              "POKERSTARS GAME #1:  HOLD'EM NO LIMIT")
    assert read_pokerstars(upper, "x.txt").hands[1]["variant"] == "NT"
    fixed = FREE_FOLD.replace("Hold'em No Limit ($0.05/$0.10 USD)",
                              "Hold'em Fixed Limit ($0.10/$0.20 USD)").replace(
        "Cy: bets $0.20", "Cy: bets $0.10").replace("($0.20) returned", "($0.10) returned")
    data = read_pokerstars(fixed, "x.txt").hands[1]
    assert data["variant"] == "FT" and (data["small_bet"], data["big_bet"]) == (10, 20)


def test_a_small_blind_posted_out_of_turn_plays_live_when_the_calls_count_it() -> None:
    """A converted file's second small blind: the player's call reaches the bet only with
    the blind counted in, so the file plays it live (a dead one would be called in full)."""
    text = HEAD.format(n=8) + """
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cy ($10 in chips)
Seat 4: Dee ($10 in chips)
Bob: posts small blind $0.05
Cy: posts big blind $0.10
Dee: posts small blind $0.05
*** HOLE CARDS ***
Dee: calls $0.05
Ann: folds
Bob: folds
Cy: checks
*** FLOP *** [2d 5s 9h]
Cy: bets $0.10
Dee: folds
Uncalled bet ($0.10) returned to Cy
Cy collected $0.25 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0
"""
    data = read_pokerstars(text, "x.txt").hands[8]
    assert [post[2:] for post in data["_posts"]] == [[True, "small blind (posted)"]]
    assert data["finishing_stacks"] == [995, 1015, 990, 1000]   # Bob, Cy, Dee, Ann
