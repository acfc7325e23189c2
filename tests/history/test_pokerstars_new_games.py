"""The PokerStars names of the games beyond the rulebook (``docs/histories.md`` gives
where PokerStars writes them): each game's name, hands in PokerStars' own layout of those
games read into the game's PHH code, and short deck's two orders told apart by the pot.
The export → import → replay round trip of each, a few hundred hands, is
``test_pokerstars_round_trip.py``'s, which takes every game with a PokerStars name."""

from __future__ import annotations

from typing import Any

import pytest
from tests.history.pokerstars_export import as_pokerstars

from pokerroom.engine.variants import VARIANTS as RULEBOOK
from pokerroom.games import get_game, variants
from pokerroom.history.phh import phh_to_hand, player_seats
from pokerroom.history.pokerstars_import import read_pokerstars

VARIANTS = variants()     # every game's engine variants: the registry's games bring theirs

OMAHA5_CASH = """\
PokerStars Hand #500:  5 Card Omaha Pot Limit ($0.50/$1 USD) - 2020/01/01 12:00:00 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** HOLE CARDS ***
Dealt to Ann [Ah Kd Qc Js 9h]
Ann: raises $2 to $3
Bob: calls $2
*** FLOP *** [2c 7d Th]
Bob: checks
Ann: bets $6
Bob: folds
Uncalled bet ($6) returned to Ann
Ann collected $5.70 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $6 | Rake $0.30
Board [2c 7d Th]
Seat 1: Ann (button) (small blind) collected ($5.70)
Seat 2: Bob (big blind) folded on the Flop"""
OMAHA5_HILO_CASH = """\
PokerStars Hand #501:  5 Card Omaha Hi/Lo Pot Limit ($0.50/$1 USD) - 2020/01/01 12:01:00 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** HOLE CARDS ***
Ann: raises $2 to $3
Bob: calls $2
*** FLOP *** [Kc Qd 9h]
Bob: checks
Ann: checks
*** TURN *** [Kc Qd 9h] [9s]
Bob: checks
Ann: checks
*** RIVER *** [Kc Qd 9h 9s] [2c]
Bob: checks
Ann: checks
*** SHOW DOWN ***
Bob: shows [Kh Ks 6d 7d 8c] (HI: a full house, Kings full of Nines)
Ann: shows [Ah Ad 3h 4h 5s] (HI: two pair, Aces and Nines)
No low hand qualified
Bob collected $5.70 from pot
*** SUMMARY ***
Total pot $6 | Rake $0.30
Board [Kc Qd 9h 9s 2c]
Seat 1: Ann (button) (small blind) showed [Ah Ad 3h 4h 5s] and lost
Seat 2: Bob (big blind) showed [Kh Ks 6d 7d 8c] and won ($5.70)"""
BADUGI_CASH = """\
PokerStars Hand #502:  Badugi Limit ($0.25/$0.50 USD) - 2020/01/01 12:02:00 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts small blind $0.10
Bob: posts big blind $0.25
*** DEALING HANDS ***
Dealt to Ann [As 2d 3h Kc]
Ann: calls $0.15
Bob: checks
*** FIRST DRAW ***
Bob: discards 1 card
Ann: discards 1 card [Kc]
Dealt to Ann [As 2d 3h] [4c]
Bob: checks
Ann: bets $0.25
Bob: calls $0.25
*** SECOND DRAW ***
Bob: stands pat
Ann: stands pat
Bob: checks
Ann: checks
*** THIRD DRAW ***
Bob: stands pat
Ann: stands pat
Bob: checks
Ann: bets $0.50
Bob: folds
Uncalled bet ($0.50) returned to Ann
Ann collected $1 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: Ann (button) (small blind) collected ($1)
Seat 2: Bob (big blind) folded after the third Draw"""

"""Hands as PokerStars writes these games at a cash table (money amounts, rake): made up
for these tests, in the layout of the real files ``docs/histories.md`` cites."""


def test_each_game_beyond_the_rulebook_has_the_name_pokerstars_gives_it() -> None:
    names = {name: get_game(name).pokerstars
             for name in ("short-deck", "badugi", "omaha5", "omaha5-hilo")}
    assert names == {"short-deck": "6+ Hold'em", "badugi": "Badugi",
                     "omaha5": "5 Card Omaha", "omaha5-hilo": "5 Card Omaha Hi/Lo"}


@pytest.mark.parametrize(("text", "code", "finishing"), [
    (OMAHA5_CASH, "PO5", [9700, 10300]),
    (OMAHA5_HILO_CASH, "PO5/8", [10300, 9700]),
    (BADUGI_CASH, "FB", [950, 1050]),
], ids=["omaha5", "omaha5-hilo", "badugi"])
def test_a_hand_as_pokerstars_writes_the_game_reads_as_that_game(
        text: str, code: str, finishing: list[int]) -> None:
    result = read_pokerstars(text, "HH.txt", variants=VARIANTS)
    assert result.problems == []
    (data,) = result.hands.values()
    assert data["variant"] == code
    assert data["finishing_stacks"] == finishing        # in cents, before the rake
    hand = phh_to_hand(data, variants=VARIANTS)
    assert [hand.final_stacks[seat] for seat in player_seats(hand)] == finishing


def test_a_game_of_the_registry_reads_only_with_the_registry_s_variants() -> None:
    # the reader looks a hand's game up among the variants it is given: the registry's
    # (as every command passes them) deal badugi; the rulebook's alone (the default) do
    # not, and the hand is refused, saying so, and nothing else is read
    result = read_pokerstars(BADUGI_CASH, "HH.txt", variants=variants())
    assert result.problems == []
    assert result.hands[502]["variant"] == "FB"
    assert "badugi" not in RULEBOOK
    refused = read_pokerstars(BADUGI_CASH, "HH.txt")
    assert refused.hands == {}
    (problem,) = refused.problems
    assert problem.line == 1
    assert problem.message == ("HH.txt:1: Badugi is dealt by a game of the registry "
                               "(pokerroom.games), which is not loaded")


def _straight_against_trips(code: str) -> dict[str, Any]:
    """An all-in short-deck hand: 9-T makes a straight on 6-7-8-K-K, K-Q three kings."""
    data: dict[str, Any] = {
        "variant": code, "antes": [0, 0], "blinds_or_straddles": [1, 2], "min_bet": 2,
        "starting_stacks": [100, 100],
        "actions": ["d dh p1 9sTs", "d dh p2 KhQc", "p2 cbr 100", "p1 cc", "d db 6c7d8h",
                    "d db Ks", "d db Kd", "p1 sm 9sTs", "p2 sm KhQc"]}
    if code == "NST":
        data["_pokerroom_code"] = True
    return data


@pytest.mark.parametrize(("code", "finals"), [("NS", (200, 0)), ("NST", (0, 200))])
def test_short_deck_reads_back_in_the_order_its_pot_was_paid(
        code: str, finals: tuple[int, int]) -> None:
    """The header says ``6+ Hold'em`` in either order; the hand is read in the order in
    which it pays what the history says (a straight over trips, then trips over a
    straight)."""
    played = _straight_against_trips(code)
    assert phh_to_hand(played, variants=VARIANTS).final_stacks == finals
    text = as_pokerstars(played, hand_no=3)
    assert "6+ Hold'em No Limit" in text.splitlines()[0]
    result = read_pokerstars(text, "HH.txt", variants=VARIANTS)
    assert result.problems == []
    assert result.hands[3]["variant"] == code
    assert tuple(phh_to_hand(result.hands[3], variants=VARIANTS).final_stacks) == finals


BUTTON_BLIND = """\
PokerStars Hand #600: 6+ Hold'em No Limit (Button Blind $1 - Ante $1 USD) - 2020/01/01 12:02:00 ET
Table 'Test' 6-max Seat #3 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bob ($50 in chips)
Seat 3: Cat ($50 in chips)
Ann: posts the ante $1
Bob: posts the ante $1
Cat: posts the ante $1
Cat: posts button blind $1
*** HOLE CARDS ***
Ann: raises $2 to $3
Bob: folds
Cat: calls $2
*** FLOP *** [Ah Kd 6c]
Ann: bets $4
Cat: folds
Uncalled bet ($4) returned to Ann
Ann collected $9 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $9 | Rake $0
Board [Ah Kd 6c]
Seat 1: Ann collected ($9)
Seat 2: Bob folded before Flop (didn't bet)
Seat 3: Cat (button) (button blind) folded on the Flop"""


def test_six_plus_holdem_s_button_blind_is_posted_by_the_button_who_acts_last() -> None:
    # PokerStars' 6+ tables: everyone antes and the button alone posts a blind; before
    # the flop the action starts left of the button and the button acts last
    result = read_pokerstars(BUTTON_BLIND, "HH.txt", variants=VARIANTS)
    assert result.problems == []
    (data,) = result.hands.values()
    assert data["variant"] == "NS"
    assert data["blinds_or_straddles"] == [0, 0, 100]   # Ann, Bob, Cat (the button)
    assert data["antes"] == [100, 100, 100]
    assert data["finishing_stacks"] == [5500, 4900, 4600]
    hand = phh_to_hand(data, variants=VARIANTS)
    assert [hand.final_stacks[seat] for seat in player_seats(hand)] == [5500, 4900, 4600]


def test_the_header_s_button_blind_may_be_spaced_with_no_break_spaces() -> None:
    text = BUTTON_BLIND.replace("Button Blind $1 - Ante $1",
                                "Button Blind\u00a0$1 - Ante\u00a0$1 ")
    result = read_pokerstars(text, "HH.txt", variants=VARIANTS)
    assert result.problems == []
    (data,) = result.hands.values()
    assert data["blinds_or_straddles"] == [0, 0, 100]


CASHED_OUT = """\
PokerStars Hand #700:  Hold'em No Limit ($0.50/$1 USD) - 2020/01/01 12:03:00 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Ann ($20 in chips)
Seat 2: Bob ($20 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** HOLE CARDS ***
Ann: raises $19 to $20 and is all-in
Bob: calls $19 and is all-in
Ann: shows [Ah Ac] (a pair of Aces)
Bob: shows [Kh Kc] (a pair of Kings)
Ann cashed out the hand for $32.10 | Cash Out Fee $0.32
*** FLOP *** [2c 7d Th]
*** TURN *** [2c 7d Th] [3s]
*** RIVER *** [2c 7d Th 3s] [9h]
*** SUMMARY ***
Total pot $40 | Rake $1
Board [2c 7d Th 3s 9h]
Seat 1: Ann (button) (small blind) showed [Ah Ac] and won ($39) with a pair of Aces \
(pot not awarded as player cashed out)
Seat 2: Bob (big blind) showed [Kh Kc] and lost with a pair of Kings"""


def test_a_pot_whose_winner_cashed_out_is_read_as_the_hand_paid_it() -> None:
    # the site's cash-out offer is outside the game: the hand itself paid Ann the pot
    # less the rake, which the summary says ("pot not awarded as player cashed out")
    result = read_pokerstars(CASHED_OUT, "HH.txt", variants=VARIANTS)
    assert result.problems == []
    (data,) = result.hands.values()
    assert data["finishing_stacks"] == [0, 4000]    # Bob, Ann (the button); before the rake


def test_a_split_bounty_line_is_not_part_of_the_hand() -> None:
    text = OMAHA5_CASH.replace(
        "Ann: doesn't show hand",
        "Ann: doesn't show hand\nAnn wins $4.60 for splitting the elimination of Bob "
        "and their own bounty increases by $4.59 to $41.32")
    assert read_pokerstars(text, "HH.txt", variants=VARIANTS).problems == []
