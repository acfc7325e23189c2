"""Each kind of line a real PokerStars history holds, read as PokerStars writes it: rake,
no ``Uncalled bet`` line, seats sitting out that post, tournament amounts in chips, the
lines that change nothing (``No low hand qualified``, re-buys, ``Betting is capped``...),
and the encodings the files come in."""

from __future__ import annotations

import pytest

from pokerroom.history.phh import phh_to_hand
from pokerroom.history.pokerstars_import import iter_pokerstars, read_pokerstars
from pokerroom.history.text_encoding import decode_history

CASH = """PokerStars Hand #101: Hold'em No Limit ($0.05/$0.10 USD) - 2009/11/25 19:17:00 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cy ($10 in chips)
Seat 5: Dee ($4.20 in chips) is sitting out
Bob: posts small blind $0.05
Cy: posts big blind $0.10
*** HOLE CARDS ***
Ann: raises $0.20 to $0.30
Bob: folds
Cy: calls $0.20
*** FLOP *** [2d 5s 9h]
Cy: checks
Ann: bets $0.50
Cy: calls $0.50
*** TURN *** [2d 5s 9h] [Jc]
Cy: checks
Ann: checks
*** RIVER *** [2d 5s 9h Jc] [3h]
Cy: bets $1
Ann: folds
Cy collected $1.62 from pot
*** SUMMARY ***
Total pot $1.65 | Rake $0.03
Board [2d 5s 9h Jc 3h]
"""


def test_rake_is_taken_from_what_the_winner_collects() -> None:
    hand = read_pokerstars(CASH, "cash.txt").hands[101]
    assert hand["_rake"] == 3
    assert hand["players"] == ["Bob", "Cy", "Ann"]            # Dee sits out, not dealt
    # before the rake: Cy wins Ann's 80 and Bob's 5 (the bet of 100 comes back unprinted)
    assert hand["finishing_stacks"] == [995, 1085, 920]


def test_a_seat_sitting_out_that_only_says_so_is_not_dealt_in() -> None:
    text = CASH.replace("*** SUMMARY ***", "Dee: sits out \nDee is sitting out\n*** SUMMARY ***")
    assert read_pokerstars(text, "cash.txt").hands[101]["players"] == ["Bob", "Cy", "Ann"]


def test_a_history_that_prints_no_uncalled_bet_line_still_reads() -> None:
    assert "Uncalled bet" not in CASH
    assert 101 in read_pokerstars(CASH, "cash.txt").hands


def test_a_wrong_collected_amount_is_refused_saying_who_gets_what() -> None:
    wrong = CASH.replace("Cy collected $1.62", "Cy collected $1.50")
    problem = read_pokerstars(wrong, "cash.txt").problems[0]
    assert problem.hand == 101
    assert "the replay pays Cy 165; the history Cy 150 with a rake of 3" in problem.reason


TOURNAMENT = """PokerStars Hand #202: Tournament #9, $0.98+$0.02 USD \
Hold'em No Limit - Level II (15/30) - 2010/07/10 12:00:00 ET
Table '9 1' 9-max Seat #2 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 4: Cy (1470 in chips) is sitting out
Ann: posts the ante 5
Bob: posts the ante 5
Cy: posts the ante 5
Cy: posts small blind 15
Ann: posts big blind 30
*** HOLE CARDS ***
Dealt to Ann [Ah Kh]
Bob: raises 60 to 90
Cy: folds
Ann: calls 60
*** FLOP *** [2d 5s 9h]
Ann: checks
Bob: bets 120
Ann: folds
Uncalled bet (120) returned to Bob
Bob collected 210 from pot
Ann re-buys and receives 1500 chips for $1.00
*** SUMMARY ***
Total pot 210 | Rake 0
"""


def test_a_tournament_seat_sitting_out_that_posts_is_dealt_in_and_chips_stay_chips() -> None:
    hand = read_pokerstars(TOURNAMENT, "t.txt").hands[202]
    assert hand["players"] == ["Cy", "Ann", "Bob"]
    assert hand["starting_stacks"] == [1470, 1500, 1500]      # never multiplied by 100
    assert hand["antes"] == [5, 5, 5]
    assert hand["finishing_stacks"] == [1450, 1405, 1615]
    assert hand["_tournament"] == 9 and hand["seat_count"] == 9


@pytest.mark.parametrize("line", [
    "No low hand qualified", "Betting is capped", "Pair on board - a double bet is allowed",
    "Ann re-buys and receives 1500 chips for 100 FPPs", "Bob is sitting out",
    "Bob was removed from the table for failing to post", "The deck is reshuffled",
    "Ann wins the $0.25 bounty for eliminating Bob", "Bob: sits out ", "Bob said, \"nh\""])
def test_lines_that_change_nothing_are_passed_over(line: str) -> None:
    text = TOURNAMENT.replace("*** SUMMARY ***", f"{line}\n*** SUMMARY ***")
    assert 202 in read_pokerstars(text, "t.txt").hands


def test_a_raise_that_reaches_the_cap_and_a_stands_pat_with_cards_are_read() -> None:
    capped = TOURNAMENT.replace("Bob: raises 60 to 90",
                                "Bob: raises 60 to 90 and has reached the 90 cap")
    assert read_pokerstars(capped, "t.txt").hands[202]["actions"][3] == "p3 cbr 90"


def test_a_game_pokerroom_does_not_deal_is_refused_by_name() -> None:
    for game in ("6 Card Omaha Pot Limit", "Courchevel Pot Limit", "Fusion Pot Limit"):
        text = CASH.replace("Hold'em No Limit", game)
        assert "a game pokerroom does not deal" in read_pokerstars(text, "x.txt").problems[0].reason


def test_each_hand_or_its_problem_comes_in_turn_and_a_file_with_none_says_so() -> None:
    broken = TOURNAMENT.replace("Ann: checks", "Ann: juggles")
    items = list(iter_pokerstars(CASH + "\n\n" + broken + "\n\n" + CASH.replace("#101", "#103"),
                                 "two.txt"))
    assert [getattr(i, "number", None) or i.hand for i in items] == [101, 202, 103]
    assert items[1].line == 45 and "juggles" in items[1].reason
    empty = read_pokerstars("no hands here\n", "empty.txt")
    assert empty.found == 0 and "no PokerStars hand in this file" in empty.problems[0].reason


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8-sig", "utf-16", "utf-8"])
def test_histories_in_every_encoding_read_the_same(encoding: str) -> None:
    text = CASH.replace("Ann", "Renée").replace("$", "€").replace("USD", "EUR")
    decoded = decode_history(text.encode(encoding))
    assert read_pokerstars(decoded, "e.txt").hands[101]["players"][2] == "Renée"


@pytest.mark.rule("draw-1", "draw-2")
def test_five_card_draw_with_blinds_imports_and_replays() -> None:
    """PokerStars deals five-card draw with a small and a big blind (the rulebook's draw
    high has an ante): the hand is the engine's five-card draw with blinds, opened left
    of the big blind, the round after the draw first to the seat left of the button; an
    older file marks no draw, and the draw itself ends the first betting round."""
    draw = """PokerStars Game #303:  5 Card Draw Limit ($0.10/$0.20 USD) - 2009/11/25 14:13:39 ET
Table 'D' 6-max Seat #1 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($5 in chips)
Seat 3: Cy ($5 in chips)
Bob: posts small blind $0.05
Cy: posts big blind $0.10
*** DEALING HANDS ***
Ann: raises $0.10 to $0.20
Bob: folds
Cy: calls $0.10
Cy: discards 2 cards
Ann: stands pat
Cy: checks
Ann: bets $0.20
Cy: calls $0.20
*** SHOW DOWN ***
Cy: shows [Th Jc 8c Ts 8d] (two pair, Tens and Eights)
Ann: shows [2c 3d 4h 9s Kc] (high card King)
Cy collected $0.85 from pot
*** SUMMARY ***
Total pot $0.85 | Rake $0
"""
    result = read_pokerstars(draw, "d.txt")
    assert result.problems == []
    data = result.hands[303]
    assert data["variant"] == "F5D" and data["blinds_or_straddles"] == [5, 10, 0]
    assert data["finishing_stacks"] == [495, 545, 460]       # Bob, Cy, Ann
    hand = phh_to_hand(data)
    assert hand.variant.name == "draw-high-blinds"


def test_a_raise_nobody_can_answer_is_read_as_the_call_it_is() -> None:
    text = """PokerStars Hand #404: Tournament #9, Freeroll  Hold'em No Limit - \
Level I (10/20) - 2010/06/04 14:47:00 ET
Table '9 1' 9-max Seat #1 is the button
Seat 1: Ann (1000 in chips)
Seat 2: Bob (100 in chips)
Seat 3: Cy (100 in chips)
Bob: posts small blind 10
Cy: posts big blind 20
*** HOLE CARDS ***
Ann: calls 20
Bob: raises 80 to 100 and is all-in
Cy: calls 80 and is all-in
Ann: raises 900 to 1000 and is all-in
Uncalled bet (900) returned to Ann
*** FLOP *** [2d 5s 9h]
*** TURN *** [2d 5s 9h] [Jc]
*** RIVER *** [2d 5s 9h Jc] [3h]
*** SHOW DOWN ***
Ann: shows [As Ad] (a pair of Aces)
Bob: shows [Ks Kd] (a pair of Kings)
Cy: shows [Qs Qd] (a pair of Queens)
Ann collected 300 from pot
*** SUMMARY ***
Total pot 300 | Rake 0
"""
    hand = read_pokerstars(text, "t.txt").hands[404]
    assert hand["actions"][3:7] == ["p3 cc", "p1 cbr 100", "p2 cc", "p3 cc"]
    assert hand["finishing_stacks"] == [0, 0, 1200]
