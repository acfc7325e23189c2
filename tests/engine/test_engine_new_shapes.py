"""The engine deals games of shapes beyond the rulebook, each defined only as a variant
and a config (``new_shapes.py``): a 36-card deck, four cards with three draws, five hole
cards. Random playouts keep chips and cards (from the variant's own deck only), replay
from their logs, and showdowns rank with the variant's ranking."""

from __future__ import annotations

import random

import pytest
from engine_conformance import Subject, play_one, run
from engine_helpers import Script
from new_shapes import BADUGI_TRIPLE, CONFIGS, OMAHA5, OMAHA5_HILO, SHORT_DECK

from pokerroom.cards import Card, parse_cards
from pokerroom.core import DEALER, Call, Check, Draw
from pokerroom.engine import DealCards, GameConfig, PokerHand, replay
from pokerroom.engine.events import HandEnded
from pokerroom.engine.variants import Forced, Opener, Variant, board_streets, draw_streets
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.hands.short_deck import SHORT_DECK_CARDS, SHORT_DECK_HIGH


def subject(config: GameConfig, seats: int) -> Subject:
    """A conformance subject: random stacks and button by seed, every card accounted
    for, the hand replayed from its log."""

    def factory(seed: int) -> PokerHand:
        r = random.Random(seed)
        stacks = [r.choice((5, 20, 50, 200, 1000)) for _ in range(seats)]
        return config.new_hand(stacks, button=r.randrange(seats), rng=random.Random(seed))

    def cards(h: PokerHand) -> list[Card]:
        return [c for hh in h.hole for c in hh] + h.board + h.burns + h.muck + h.deck

    return Subject(factory, seats, lambda h: h.total_chips, cards,  # type: ignore[arg-type]
                   lambda h, s: h.hole[s],  # type: ignore[attr-defined]
                   lambda h: replay(config, h.events))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.rule("supp-nlpl", "supp-raise-cap", "supp-short-allin", "supp-odd-chip")
def test_random_playouts_conserve_chips_and_the_variants_deck(name: str) -> None:
    config = CONFIGS[name]
    seats = 6
    stats = run(subject(config, seats), 120, seed=3_000)
    assert stats.hands == 120
    # every card of every hand is one of the variant's deck, each once
    for seed in range(3_000, 3_010):
        hand = play_one(subject(config, seats), seed, check_every_step=False)
        assert isinstance(hand, PokerHand)
        held = sorted([c for hh in hand.hole for c in hh] + hand.board + hand.burns
                      + hand.muck + hand.deck)
        assert held == sorted(config.deck_cards())


def test_the_decks_and_the_cards_dealt() -> None:
    assert len(CONFIGS["short-deck-nl"].deck_cards()) == 36
    assert CONFIGS["short-deck-nl"].deck_cards() == SHORT_DECK_CARDS
    assert len(CONFIGS["badugi-fl"].deck_cards()) == 52
    hand = CONFIGS["short-deck-nl"].new_hand([100] * 10, rng=random.Random(1))
    while hand.actors == (DEALER,):
        hand.advance()
    dealt = [c for hh in hand.hole for c in hh]
    assert len(dealt) == 20 and all(c.rank >= 6 for c in dealt)
    for config, count in (("badugi-fl", 4), ("omaha5-pl", 5)):
        hand = CONFIGS[config].new_hand([100] * 4, rng=random.Random(2))
        while hand.actors == (DEALER,):
            hand.advance()
        assert [len(h) for h in hand.hole] == [count] * 4


def test_a_card_outside_the_deck_is_refused() -> None:
    config = CONFIGS["short-deck-nl"]
    with pytest.raises(ConfigError, match="2c is not a card of the Short-deck hold'em deck"):
        config.new_hand([100, 100], deck=parse_cards("As Ks 2c Qs Js Ts 9s 8s 7s 6s"))
    # a person dealing real cards cannot name one either, and nothing changes
    hand = config.new_hand([100, 100], rng=random.Random(3))
    before = len(hand.events)
    with pytest.raises(IllegalActionError, match="not in the stub: 5h"):
        hand.apply(DealCards(to=hand.deal_order[0], cards=parse_cards("5h 6h")))
    assert len(hand.events) == before
    with pytest.raises(ConfigError, match="distinct standard cards"):
        Variant("bad", "Bad deck", board_streets(2), Forced.BLINDS, SHORT_DECK_HIGH,
                deck=parse_cards("As As"))


def _check_down(hand: PokerHand, script: Script) -> HandEnded:
    """Every seat checks or calls (and stands pat) to the showdown."""
    while not hand.is_over:
        if hand.actors == (DEALER,):
            script.step(hand)
            continue
        seat = hand.actors[0]
        options = hand.legal_actions(seat)
        names = {type(o).__name__ for o in options}
        if "DrawOption" in names:
            hand.apply(Draw(seat, ()))
        elif "CheckOption" in names:
            hand.apply(Check(seat))
        else:
            hand.apply(Call(seat))
    end = hand.events[-1]
    assert isinstance(end, HandEnded)
    return end


def test_short_deck_showdown_ranks_a_flush_over_a_full_house() -> None:
    hand = CONFIGS["short-deck-nl"].new_hand([100, 100, 100], button=2,
                                             rng=random.Random(4))
    script = Script({0: "Kd Kc", 1: "Ah Qh", 2: "6s 9c"}, board="Kh 7h 7c 8h Ts")
    end = _check_down(hand, script)
    assert [(a.seat, a.amount) for a in end.awards] == [(1, 6)]
    shown = {s.seat: s.high for s in end.shown}
    assert shown[1] == "flush, ace high, A-K-Q-8-7"
    assert shown[0] == "full house, kings full of sevens"
    assert shown[2] == "straight, ten high"


def test_short_deck_ace_low_straight_and_the_house_rule() -> None:
    board = "Ac 7d 8s 9h Kc"

    def winner(config: str) -> list[int]:
        hand = CONFIGS[config].new_hand([100, 100], button=1, rng=random.Random(5))
        end = _check_down(hand, Script({0: "6h Jd", 1: "Kd Ks"}, board=board))
        return [a.seat for a in end.awards]

    assert winner("short-deck-nl") == [0]           # A-6-7-8-9 beats kings
    assert winner("short-deck-trips-nl") == [1]     # the house rule: trips beat it


def test_badugi_three_draws_of_four_cards_and_the_lowest_badugi_wins() -> None:
    hand = CONFIGS["badugi-fl"].new_hand([100, 100, 100], button=2, rng=random.Random(6))
    script = Script({0: "Ac 2d 3h 9s", 1: "Kc Qd Jh Ts", 2: "As 2s 3d 4h"})
    end = _check_down(hand, script)
    draws = [e for e in hand.events if type(e).__name__ == "CardsDiscarded"]
    assert len(draws) == 9                          # three draws, three seats
    assert [(a.seat, a.share) for a in end.awards] == [(0, "all")]
    shown = {s.seat: s.low for s in end.shown}
    assert shown == {0: "9-3-2-A badugi", 1: "K-Q-J-T badugi", 2: "three cards, 4-3-A"}


def test_badugi_draws_replace_the_cards_thrown() -> None:
    config = CONFIGS["badugi-fl"]
    hand = config.new_hand([100, 100], button=1, rng=random.Random(7))
    while hand.actors == (DEALER,):
        hand.advance()
    rounds = 0
    while not hand.is_over:
        if hand.actors == (DEALER,):
            hand.advance()
            continue
        seat = hand.actors[0]
        names = {type(o).__name__ for o in hand.legal_actions(seat)}
        if "DrawOption" in names:
            rounds += 1
            thrown = tuple(hand.hole[seat][:2])
            hand.apply(Draw(seat, thrown))
            while hand.actors == (DEALER,) and len(hand.hole[seat]) < 4:
                hand.advance()
            assert len(hand.hole[seat]) == 4 and not set(thrown) & set(hand.hole[seat])
        else:
            hand.apply(Check(seat) if "CheckOption" in names else Call(seat))
    assert rounds == 6


@pytest.mark.rule("omaha-intro", "omaha-1", "omaha8-intro", "omaha8-2")
def test_five_card_omaha_plays_exactly_two_hole_cards_high_and_low() -> None:
    hand = CONFIGS["omaha5-hilo-pl"].new_hand([100, 100], button=1, rng=random.Random(8))
    # seat 0 holds four spades, but only two play: no flush on a two-spade board, a
    # straight with 6-7; seat 1 has A-2 for the best low and a lower straight
    script = Script({0: "As 6s 9s 8s 7d", 1: "Ah 2c Kh Kd Jc"}, board="Ks 3s 4h 5d Tc")
    end = _check_down(hand, script)
    shown = {s.seat: (s.high, s.low) for s in end.shown}
    assert shown[0] == ("straight, seven high", "6-5-4-3-A low")
    assert shown[1] == ("straight, five high (the wheel)", "5-4-3-2-A low")
    assert sorted((a.seat, a.share, a.amount) for a in end.awards) == [
        (0, "high", 2), (1, "low", 2)]


def test_the_variants_keep_to_what_they_declare() -> None:
    assert (SHORT_DECK.hole_count, BADUGI_TRIPLE.hole_count, OMAHA5.hole_count) == (2, 4, 5)
    assert sum(s.draw for s in BADUGI_TRIPLE.streets) == 3
    assert OMAHA5_HILO.is_split and not BADUGI_TRIPLE.is_split
    with pytest.raises(ConfigError, match="one to three draws"):
        draw_streets(4, Opener.BLINDS, Opener.BUTTON)


@pytest.mark.rule("supp-announce")
def test_a_variants_own_ranking_is_announced_in_words() -> None:
    lines = CONFIGS["short-deck-trips-nl"].announce().splitlines()
    assert "hands rank as short deck (three of a kind beats a straight; a flush beats a " \
        "full house)" in lines
    assert "hands rank as badugi" in CONFIGS["badugi-fl"].announce().splitlines()
    assert not any(line.startswith("hands rank") for line in
                   CONFIGS["omaha5-pl"].announce().splitlines())
