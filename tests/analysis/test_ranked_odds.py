"""Odds of games given by their deck and rankings (short deck, badugi, five-card Omaha):
exact enumerations against a brute force written here from the showdown functions, and
Monte Carlo runs that repeat by seed and land near the exact equity."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations

import pytest

from pokerroom.analysis.ranked import (
    BADUGI_ODDS,
    OMAHA5_HILO_ODDS,
    OMAHA5_ODDS,
    SHORT_DECK_ODDS,
    RankedGame,
    ranked_odds,
    short_deck_odds,
)
from pokerroom.cards import STANDARD_CARDS, Card, parse_cards
from pokerroom.errors import ConfigError, InvalidHandError
from pokerroom.hands.badugi import evaluate_badugi
from pokerroom.hands.high import evaluate_omaha
from pokerroom.hands.lowball import evaluate_omaha_low
from pokerroom.hands.short_deck import (
    SHORT_DECK_CARDS,
    ShortDeckOrder,
    evaluate_short_deck_holdem,
)

Score = Callable[[Sequence[Card], Sequence[Card]], int]
LowScore = Callable[[Sequence[Card], Sequence[Card]], int | None]


def brute_force(deck: Sequence[Card], hands: list[list[Card]], board: list[Card],
                hand_size: int, board_size: int, high: Score,
                low: LowScore | None = None) -> tuple[list[int], list[Fraction], int]:
    """Wins (whole pots) and average pot share of each hand over every deal, by the
    showdown functions, from the cards left of ``deck``."""
    used = {c for hand in hands for c in hand} | set(board)
    left = [c for c in deck if c not in used]
    wins = [0] * len(hands)
    shares = [Fraction(0)] * len(hands)
    deals = 0

    def settle(full_hands: list[list[Card]], full_board: list[Card]) -> None:
        nonlocal deals
        deals += 1
        highs = [high(h, full_board) for h in full_hands]
        top = [i for i, k in enumerate(highs) if k == max(highs)]
        pot = [Fraction(1, len(top)) if i in top else Fraction(0) for i in range(len(highs))]
        if low is not None:
            lows = [low(h, full_board) for h in full_hands]
            good = [k for k in lows if k is not None]
            if good:
                low_top = [i for i, k in enumerate(lows) if k == max(good)]
                pot = [p / 2 + (Fraction(1, 2 * len(low_top)) if i in low_top else 0)
                       for i, p in enumerate(pot)]
        for i, share in enumerate(pot):
            shares[i] += share
            wins[i] += share == 1

    def deal(i: int, rest: list[Card], full: list[list[Card]], full_board: list[Card]
             ) -> None:
        if i == len(hands):
            settle(full, full_board)
            return
        need = hand_size - len(hands[i])
        for extra in combinations(rest, need):
            deal(i + 1, [c for c in rest if c not in extra], [*full, [*hands[i], *extra]],
                 full_board)

    for extra in combinations(left, board_size - len(board)):
        deal(0, [c for c in left if c not in extra], [], [*board, *extra])
    return wins, [s / deals for s in shares], deals


def _check(game: RankedGame, hands: list[str], board: str, high: Score,
           low: LowScore | None = None, deck: Sequence[Card] = STANDARD_CARDS) -> None:
    known = [list(parse_cards(h)) for h in hands]
    on_board = list(parse_cards(board))
    result = ranked_odds(game, known, board=on_board, exact=True)
    wins, equities, deals = brute_force(deck, known, on_board, game.hand_cards,
                                        game.board_cards, high, low)
    assert result.exact and result.deals == deals
    assert list(result.wins) == wins
    assert list(result.equities) == [float(e) for e in equities]


def _short(order: ShortDeckOrder) -> Score:
    return lambda h, b: evaluate_short_deck_holdem(h, b, order=order).key


def test_short_deck_on_the_turn_and_the_flop_against_a_brute_force() -> None:
    default = ShortDeckOrder.STRAIGHT_OVER_TRIPS
    _check(SHORT_DECK_ODDS, ["Ah Kh", "Qs Qd"], "Jh Th 6c 7d", _short(default),
           deck=SHORT_DECK_CARDS)
    _check(SHORT_DECK_ODDS, ["Ah Kh", "Qs Qd", "9c 8c"], "Jh Th 6c", _short(default),
           deck=SHORT_DECK_CARDS)


def test_the_short_deck_house_rule_changes_the_odds_as_it_changes_the_ranking() -> None:
    trips = ShortDeckOrder.TRIPS_OVER_STRAIGHT
    game = short_deck_odds(trips)
    # a set against a made straight: the house rule hands the set the pot
    _check(game, ["9s 9d", "Ac Jd"], "9h 6c 7d 8s", _short(trips), deck=SHORT_DECK_CARDS)
    hands = [parse_cards("9s 9d"), parse_cards("Ac Jd")]
    board = parse_cards("9h 6c 7d 8s")
    with_rule = ranked_odds(game, hands, board=board, exact=True)
    without = ranked_odds(SHORT_DECK_ODDS, hands, board=board, exact=True)
    assert with_rule.equities[0] > without.equities[0]


def test_badugi_draws_against_a_brute_force() -> None:
    _check(BADUGI_ODDS, ["Ac 2d 3h", "Kc Qd Jh"], "",
           lambda h, b: evaluate_badugi(h).key)


@pytest.mark.rule("omaha-intro", "omaha8-intro", "omaha8-2")
def test_five_card_omaha_high_and_high_low_on_the_turn_against_a_brute_force() -> None:
    hands = ["As 2s Kh Kd Qc", "Ad 3c Jh Th 9c"]
    board = "4c 5d 8h Ks"
    _check(OMAHA5_ODDS, hands, board, lambda h, b: evaluate_omaha(h, b).key)

    def low(h: Sequence[Card], b: Sequence[Card]) -> int | None:
        value = evaluate_omaha_low(h, b)
        return value.key if value is not None else None

    _check(OMAHA5_HILO_ODDS, hands, board, lambda h, b: evaluate_omaha(h, b).key, low)
    result = ranked_odds(OMAHA5_HILO_ODDS, [parse_cards(h) for h in hands],
                         board=parse_cards(board), exact=True)
    assert result.scoop is not None and result.half is not None


def test_monte_carlo_repeats_by_seed_and_lands_near_the_exact_equity() -> None:
    hands = [parse_cards("Ah Kh"), parse_cards("Qs Qd")]
    board = parse_cards("Jh Th 6c")
    exact = ranked_odds(SHORT_DECK_ODDS, hands, board=board, exact=True)
    runs = [ranked_odds(SHORT_DECK_ODDS, hands, board=board, trials=3_000, seed=9)
            for _ in range(2)]
    assert runs[0] == runs[1] and not runs[0].exact and runs[0].stderr is not None
    assert abs(runs[0].equities[0] - exact.equities[0]) < 4 * runs[0].stderr[0]


def test_the_method_is_chosen_by_the_size_of_the_job() -> None:
    small = ranked_odds(SHORT_DECK_ODDS, [parse_cards("Ah Kh"), parse_cards("Qs Qd")],
                        board=parse_cards("Jh Th 6c"))
    assert small.auto and small.exact and small.exact_deals == 406
    big = ranked_odds(OMAHA5_ODDS, [parse_cards("As 2s Kh Kd Qc"), parse_cards("Ad 3c")],
                      seed=3)
    assert big.auto and not big.exact and big.deals == 20_000


def test_bad_input_is_refused() -> None:
    with pytest.raises(InvalidHandError, match="2c is not a card of the short-deck deck"):
        ranked_odds(SHORT_DECK_ODDS, [parse_cards("Ah 2c"), parse_cards("Qs Qd")])
    with pytest.raises(InvalidHandError, match="at most 4 cards"):
        ranked_odds(BADUGI_ODDS, [parse_cards("Ac 2d 3h 4s 5c"), parse_cards("Kc")])
    with pytest.raises(InvalidHandError, match="twice"):
        ranked_odds(OMAHA5_ODDS, [parse_cards("Ac 2d"), parse_cards("Ac 3d")])
    with pytest.raises(InvalidHandError, match="no board"):
        ranked_odds(BADUGI_ODDS, [parse_cards("Ac"), parse_cards("Kc")],
                    board=parse_cards("2c 3c 4c"))
    with pytest.raises(ConfigError, match="not both"):
        ranked_odds(BADUGI_ODDS, [parse_cards("Ac"), parse_cards("Kc")], exact=True,
                    trials=10)
