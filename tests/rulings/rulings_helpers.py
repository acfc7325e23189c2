"""Helpers for the floor-ruling tests: live hands of each game, dealing what the hand
expects next, playing a hand out, and the conservation checks."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom.cards import Card, card, parse_cards
from pokerroom.core import (
    DEALER,
    BetOption,
    BringIn,
    BringInOption,
    Call,
    CallOption,
    Check,
    CheckOption,
    Complete,
    CompleteOption,
    Draw,
    DrawOption,
    Fold,
    FoldOption,
    Option,
    Raise,
    RaiseOption,
)
from pokerroom.core import Action as CoreAction
from pokerroom.engine import BOARD, GameConfig
from pokerroom.errors import IllegalActionError
from pokerroom.rulings import BURN_PILE, RESERVE, Choice, LiveHand

HOLDEM = GameConfig.of("holdem", "no limit", blinds=(1, 2))
HOLDEM_FL = GameConfig.of("holdem", "fixed limit", blinds=(1, 2))
OMAHA = GameConfig.of("omaha", "pot limit", blinds=(1, 2))
A5_LIMIT = GameConfig.of("lowball-a5", blinds=(1, 2))
A5_NL = GameConfig.of("lowball-a5", "no limit", blinds=(1, 2))
D27_LIMIT = GameConfig.of("lowball-27", blinds=(1, 2))
D27_NL = GameConfig.of("lowball-27", "no limit", blinds=(1, 2))
DRAW_HIGH = GameConfig.of("draw-high", ante=1)
JACKS = GameConfig.of("jacks", ante=1, joker=False)
STUD = GameConfig.of("stud", ante=1, bring_in=2, small_bet=5, big_bet=10)


def live_hand(config: GameConfig, seats: int = 3, stack: int = 100, *,
              button: int | None = None, stacks: Sequence[int] | None = None,
              **kwargs: object) -> LiveHand:
    """A live hand; the button defaults to the last seat."""
    chips = list(stacks) if stacks is not None else [stack] * seats
    return LiveHand(config, chips, button=len(chips) - 1 if button is None else button,
                    **kwargs)  # type: ignore[arg-type]


def deal(live: LiveHand, cards: str | Sequence[Card]) -> None:
    """Deal ``cards`` one by one to wherever the hand expects the next card."""
    for c in parse_cards(cards) if isinstance(cards, str) else cards:
        to = live.deal_queue[0].to
        if to == BURN_PILE:
            live.burn(c)
        elif to == RESERVE:
            live.remove_card(c)
        else:
            live.deal(to, c)


def deal_rest(live: LiveHand, rng: random.Random | None = None,
              avoid: Sequence[Card] = ()) -> None:
    """Deal every card due now from the unseen cards (in deck order, or shuffled)."""
    while live.deal_queue:
        pool = [c for c in live.unseen() if c not in avoid] or live.unseen()
        if rng is not None:
            rng.shuffle(pool)
        deal(live, [pool[0]])


def next_card(live: LiveHand, avoid: Sequence[Card] = ()) -> Card:
    """The first unseen card not in ``avoid``."""
    return next(c for c in live.unseen() if c not in avoid)


def choose(seat: int, options: Sequence[Option], rng: random.Random) -> CoreAction:
    """A random legal action for ``seat``."""
    option = rng.choice(list(options))
    if isinstance(option, FoldOption):
        return Fold(seat)
    if isinstance(option, CheckOption):
        return Check(seat)
    if isinstance(option, CallOption):
        return Call(seat)
    if isinstance(option, BringInOption):
        return BringIn(seat)
    if isinstance(option, CompleteOption):
        return Complete(seat)
    if isinstance(option, BetOption):
        from pokerroom.core import Bet
        amounts = option.amounts or (option.min_amount, option.max_amount)
        return Bet(seat, rng.choice(amounts))
    if isinstance(option, RaiseOption):
        tos = option.tos or (option.min_to, option.max_to)
        return Raise(seat, rng.choice(tos))
    if isinstance(option, DrawOption):
        raise AssertionError("draws are chosen by play_out")
    return Choice(seat, what=getattr(option, "what", ""), take=rng.random() < 0.5)


def play_out(live: LiveHand, rng: random.Random, limit: int = 400) -> None:
    """Play the hand to its end with random legal actions and cards."""
    for _ in range(limit):
        if live.deal_queue:
            deal_rest(live, rng)
            continue
        actors = live.actors
        if not actors:
            return
        seat = actors[0]
        if seat == DEALER:
            live.advance()
            continue
        options = live.legal_actions(seat)
        if any(isinstance(o, DrawOption) for o in options):
            hole = list(live.hand.hole[seat])
            k = rng.randint(0, min(len(hole), 3))
            try:
                live.apply(Draw(seat, tuple(rng.sample(hole, k))))
            except IllegalActionError:          # would break openers: stand pat
                live.apply(Draw(seat, ()))
            continue
        live.apply(choose(seat, options, rng))
    raise AssertionError("the hand did not end")


def check_conserved(live: LiveHand) -> None:
    """Every card of the deck exactly once; chips as they started."""
    assert sorted(live.cards_in_play()) == sorted(live.config.deck_cards())
    out = [c for _, c, _ in live.group] + live.out_of_play + live.extra_burns + \
        live.reserve + live.held + list(live.burn_for.values())
    assert len(set(out)) == len(out) and set(out) <= set(live.hand.deck)
    assert live.total_chips == sum(live.start_stacks)


def c(text: str) -> Card:
    """One card."""
    return card(text)


def step(live: LiveHand, rng: random.Random) -> None:
    """One dealer card or one player action, at random."""
    if live.deal_queue:
        target = live.deal_queue[0].to
        pool = live.unseen()
        deal(live, [rng.choice(pool)] if target != BOARD or pool else [])
        return
    seat = live.actors[0]
    if seat == DEALER:
        live.advance()
        return
    options = live.legal_actions(seat)
    if any(isinstance(o, DrawOption) for o in options):
        try:
            live.apply(Draw(seat, tuple(rng.sample(list(live.hand.hole[seat]), 1))))
        except IllegalActionError:
            live.apply(Draw(seat, ()))
        return
    live.apply(choose(seat, options, rng))
