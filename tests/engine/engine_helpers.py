"""Test helpers: deal chosen cards to chosen seats, and run the dealer's steps."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine_conformance import Subject, random_action

from pokerroom.cards import Card, parse_cards
from pokerroom.core import DEALER, Draw
from pokerroom.engine import BOARD, BurnCard, DealCards, DealOption, GameConfig, PokerHand
from pokerroom.engine.dealing import holds_openers
from pokerroom.engine.state import PokerHand as _PokerHand
from pokerroom.engine.table import Table


class Script:
    """Cards to deal: per seat in the order dealt, and the board. Burns take any other
    card of the stub."""

    def __init__(self, hole: dict[int, str] | None = None, board: str = "") -> None:
        self.hole = {s: list(parse_cards(text)) for s, text in (hole or {}).items()}
        self.board = list(parse_cards(board))

    def reserved(self) -> set[Card]:
        return {c for cards in self.hole.values() for c in cards} | set(self.board)

    def step(self, hand: PokerHand) -> None:
        (option,) = hand.legal_actions(DEALER)
        if isinstance(option, DealOption):
            source = self.board if option.to == BOARD else self.hole.get(option.to, [])
            if len(source) >= option.count:
                cards = tuple(source[: option.count])
                del source[: option.count]
            else:
                spare = [c for c in hand.deck if c not in self.reserved()]
                cards = tuple(spare[: option.count])
            hand.apply(DealCards(to=option.to, cards=cards))
        elif type(option).__name__ == "BurnOption":
            spare = [c for c in hand.deck if c not in self.reserved()]
            hand.apply(BurnCard(card=spare[0]))
        else:
            hand.advance()

    def run(self, hand: PokerHand, *, showdown: bool = False) -> PokerHand:
        """Deal until a seat must act (or, with ``showdown``, until the hand is over)."""
        while hand.actors == (DEALER,):
            if not showdown and hand.legal_actions(DEALER)[0].__class__.__name__ == \
                    "ShowdownOption":
                hand.advance()
                break
            self.step(hand)
        return hand


def engine_subject(config: GameConfig, seats: int, *, stacks: tuple[int, ...] = (
        5, 20, 50, 200, 1000)) -> Subject:
    """A conformance subject for the engine: random stacks, button and shuffle by seed."""
    from pokerroom.engine import replay

    def factory(seed: int) -> _PokerHand:
        r = random.Random(seed)
        chosen = [r.choice(stacks) for _ in range(seats)]
        return config.new_hand(chosen, button=r.randrange(seats), rng=random.Random(seed))

    def cards(h: _PokerHand) -> list[Card]:
        return ([c for hh in h.hole for c in hh] + h.board + h.burns + h.muck + h.deck
                + [c for d in h.split_discards.values() for c in d])

    def choose(h, seat, options, rng):  # type: ignore[no-untyped-def]
        from engine_conformance import random_action

        from pokerroom.core import Draw

        action = random_action(seat, rng.choice(options), rng, h.hole[seat])
        if isinstance(action, Draw) and seat == h.opener_seat and h.variant.openers_required:
            from pokerroom.engine.dealing import holds_openers

            kept = [c for c in h.hole[seat] if c not in action.discards]
            if action.discards and not holds_openers(kept):
                action = Draw(seat, action.discards, split_openers=True)
        return action

    def roundtrip(h: _PokerHand) -> _PokerHand:
        from pokerroom.history.phh import dumps, loads

        text = dumps(h)
        again = loads(text)
        assert dumps(again) == text
        return again

    return Subject(factory, seats, lambda h: h.total_chips, cards,  # type: ignore[arg-type]
                   lambda h, s: h.hole[s], lambda h: replay(config, h.events),  # type: ignore[attr-defined]
                   roundtrip, choose=choose)  # type: ignore[arg-type]


def play_random_hand(config: GameConfig, seed: int, seats: int = 5) -> PokerHand:
    """A hand of ``config`` played to its end by random legal actions (an opener who
    breaks openers in a draw says so), stacks and button drawn from ``seed``."""
    rng = random.Random(seed)
    hand = config.new_hand([rng.choice((20, 100, 400)) for _ in range(seats)],
                           button=seed % seats, rng=random.Random(seed))
    return play_randomly(hand, rng)


def play_randomly(hand: PokerHand, rng: random.Random) -> PokerHand:
    """Play ``hand`` to its end by random legal actions drawn from ``rng`` (an opener who
    breaks openers in a draw says so)."""
    while hand.actors:
        seat = hand.actors[0]
        if seat == DEALER:
            hand.advance()
            continue
        action = random_action(seat, rng.choice(hand.legal_actions(seat)), rng,
                               hand.hole[seat])
        if isinstance(action, Draw) and seat == hand.opener_seat and action.discards:
            kept = [c for c in hand.hole[seat] if c not in action.discards]
            if not holds_openers(kept):
                action = Draw(seat, action.discards, split_openers=True)
        hand.apply(action)
    return hand


def miss_the_big_blind(table: Table, seat: int, play: Callable[[PokerHand], object]) -> None:
    """``seat`` sits out, each hand dealt without it is played with ``play``, until the
    big blind has passed it."""
    table.sit_out(seat)
    for _ in range(table.size + 1):
        hand = table.next_hand()
        assert not hand.in_hand[seat]
        play(hand)
        state = table.seats[seat]
        if state is not None and state.missed_big:
            return
    raise AssertionError(f"the big blind never passed seat {seat}")
