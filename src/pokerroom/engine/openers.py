"""Jacks or better at the showdown: the opener must prove openers to win the pot.

The opener is the player who opened, or the player who declared the pot open after false
openers (``jacks-2``): "Any player who has legally declared the pot opened must prove
openers in order to win the pot" (``jacks-3``). A hand that kept its openers proves them
by holding them. A hand that split openers (``jacks-9``) had its discards set aside; they
are shown after the hand, and "if it is determined that you could not possibly have had
openers when your final hand is compared with your discards, you will lose the pot": the
discards and some of the final hand's cards, as many as were kept, must be able to make
openers, and the kept cards alone must not: "You are not splitting openers if you retain
openers" (``jacks-10``), so a hand that kept openers is no split of them. Where the cards
the player really held when splitting are known (a hand the engine dealt, or a live hand,
whose dealer named every card), they decide: the split is proved when that hand held
openers.

A hand that cannot prove openers cannot win any pot; the other hands share the pots as
usual. The rulebook does not say what becomes of a pot no other hand may win (everyone
else folded): that is the house rule :class:`~pokerroom.engine.config.UnprovenPot`
(default: the pot stays in the middle for the next deal, as an unopened pot does).

>>> from pokerroom.cards import parse_cards
>>> could_have_held_openers(parse_cards("Th Td Tc 4s 2c"), parse_cards("9s 8d 7c"))
False
>>> could_have_held_openers(parse_cards("Jh Td Tc 4s 2c"), parse_cards("Js 8d 7c"))
True
>>> could_have_held_openers(parse_cards("Ts Th Tc 9c 8d"), parse_cards("4c"))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Protocol

from pokerroom.cards import Card, format_cards
from pokerroom.engine.dealing import holds_openers
from pokerroom.engine.shapes import HandConfig
from pokerroom.engine.variants import Variant

__all__ = ["OpenersHand", "could_have_held_openers", "is_openers", "openers_proved",
           "unproven_openers"]


class OpenersHand(Protocol):
    """What the openers' proof reads of a hand (:class:`~pokerroom.engine.state.PokerHand`
    is one)."""

    config: HandConfig
    variant: Variant
    opener_seat: int
    hole: list[list[Card]]
    split_discards: dict[int, tuple[Card, ...]]
    split_held: dict[int, tuple[Card, ...]]


def is_openers(cards: Sequence[Card], *, joker: bool = False) -> bool:
    """True when ``cards`` make jacks or better (``jacks-1``): a whole hand is read as
    a hand (a straight or a flush opens), fewer cards by their pairs.

    >>> from pokerroom.cards import parse_cards
    >>> is_openers(parse_cards("9s Ts Jd Qc Kh")), is_openers(parse_cards("Ts Td 4c"))
    (True, False)
    """
    if len(cards) < 5:
        return holds_openers(cards)
    from pokerroom.engine.showdown import evaluate_seat_high, jacks_key

    return evaluate_seat_high("draw-high", list(cards), (), joker=joker).key >= jacks_key()


def could_have_held_openers(final: Sequence[Card], discards: Sequence[Card], *,
                            joker: bool = False) -> bool:
    """``jacks-9``: whether a hand that split openers could have held openers, judged
    as the rule says from the final hand and the discards set aside: the discards with
    some of the final hand's cards, as many as the player kept (a five-card hand less
    the discards), make openers, and those kept cards alone do not (``jacks-10``:
    keeping openers is not splitting them)."""
    kept = max(0, min(len(final), 5 - len(discards)))
    return any(not holds_openers(held) and is_openers([*held, *discards], joker=joker)
               for held in combinations(final, kept))


def _held_when_split(hand: OpenersHand, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` really held when it split openers, if every one is known."""
    held = hand.split_held.get(seat)
    return held if held is not None and all(c.is_known for c in held) else None


def openers_proved(hand: OpenersHand, seat: int) -> bool:
    """Whether ``seat`` proves openers with the hand it holds (``jacks-3``) or, having
    split openers, with its final hand and discards (``jacks-9``)."""
    joker = hand.config.joker
    discards = hand.split_discards.get(seat)
    if discards is None:
        return is_openers(hand.hole[seat], joker=joker)
    held = _held_when_split(hand, seat)
    if held is not None:
        return is_openers(held, joker=joker)
    return could_have_held_openers(hand.hole[seat], discards, joker=joker)


def unproven_openers(hand: OpenersHand, seats: Sequence[int], notes: list[str]) -> set[int]:
    """The seats among ``seats`` (the hands at the showdown) that may not win because
    they opened, or declared the pot open, and cannot prove openers; the ruling goes to
    ``notes``."""
    opener = hand.opener_seat
    if not hand.variant.openers_required or opener not in seats or \
            openers_proved(hand, opener):
        return set()
    discards = hand.split_discards.get(opener)
    if discards is not None and not could_have_held_openers(
            hand.hole[opener], discards, joker=hand.config.joker):
        notes.append(f"seat {opener} split openers, but the final hand "
                     f"{format_cards(hand.hole[opener])} and the discards could not have "
                     "held openers (keeping openers is no split): the hand loses the pot "
                     "(jacks-9, jacks-10)")
    elif discards is not None:
        held = hand.split_held[opener]
        notes.append(f"seat {opener} split openers, but the hand it split, "
                     f"{format_cards(held)}, held no openers: the hand loses the pot "
                     "(jacks-9)")
    else:
        notes.append(f"seat {opener} cannot prove openers with "
                     f"{format_cards(hand.hole[opener])}: the hand cannot win the pot "
                     "(jacks-3)")
    return {opener}
