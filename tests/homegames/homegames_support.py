"""Helpers for the home-game tests: stacked decks and scripted deals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerroom.cards import STANDARD_CARDS, Card, parse_cards
from pokerroom.core import DEALER, Declare, HandState
from pokerroom.deck import Deck
from pokerroom.homegames.deal import clockwise_from_left
from pokerroom.homegames.events import PHANTOM


def stacked(hands: Sequence[str], dealer: int, phantom: str | None = None,
            then: str = "") -> Deck:
    """A deck that deals ``hands[seat]`` to each seat (one card at a time from the
    dealer's left, the phantom after the dealer), then ``then``, then every other card
    in index order."""
    parsed = {seat: parse_cards(h) for seat, h in enumerate(hands)}
    if phantom is not None:
        parsed[PHANTOM] = parse_cards(phantom)
    order = [*clockwise_from_left(dealer, len(hands))]
    if phantom is not None:
        order.append(PHANTOM)
    size = len(parsed[0])
    cards: list[Card] = [parsed[owner][i] for i in range(size) for owner in order]
    cards += parse_cards(then)
    cards += [c for c in STANDARD_CARDS if c not in cards]
    return Deck(cards)


def deal_out(state: HandState) -> None:
    """Run the dealer's steps until a seat must act (or the deal is over)."""
    while state.actors == (DEALER,):
        state.advance()


def declare(state: HandState, stays: Mapping[int, bool]) -> None:
    """Declare for the given seats (in the order given), dealing out first."""
    deal_out(state)
    for seat, stay in stays.items():
        state.apply(Declare(seat=seat, stay=stay))
