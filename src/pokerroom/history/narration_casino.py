"""Telling a Three Card Poker round in words: the wagers, the deal, each play or fold,
and the settlement of every wager against the house.

>>> from pokerroom.casino.actions import HandFolded, PlayMade, WagersPlaced
>>> names = ("You", "Ann")
>>> events = [WagersPlaced(seat=0, ante=10, pair_plus=5, six_card_bonus=0, bankroll=985),
...           PlayMade(seat=0, amount=10, bankroll=975), HandFolded(seat=1)]
>>> for line in tell_round(events, names):
...     print(line)
You: Ante 10, Pair Plus 5, 6 Card Bonus 0
You: plays (10)
Ann: folds
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import format_cards
from pokerroom.casino.actions import (
    DealerCardsDealt,
    DealerShows,
    HandFolded,
    HandShown,
    HoleCardsDealt,
    PlayMade,
    SeatSettled,
    WagersPlaced,
)
from pokerroom.core import Event
from pokerroom.history.narration_poker import dealt_line

__all__ = ["settlement_lines", "tell_round"]


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else ""


def tell_round(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """History lines for a run of a round's events (another seat's hidden cards, and the
    dealer's until the showdown, are not told)."""
    lines: list[str] = []
    for event in events:
        if isinstance(event, WagersPlaced):
            lines.append(f"{_name(names, event.seat)}: Ante {event.ante}, Pair Plus "
                         f"{event.pair_plus}, 6 Card Bonus {event.six_card_bonus}")
        elif isinstance(event, HoleCardsDealt):
            lines += dealt_line(_name(names, event.seat), event.cards)
        elif isinstance(event, DealerCardsDealt):
            lines.append("*** DEAL *** the dealer takes three cards face down")
        elif isinstance(event, PlayMade):
            lines.append(f"{_name(names, event.seat)}: plays ({event.amount})")
        elif isinstance(event, HandFolded):
            lines.append(f"{_name(names, event.seat)}: folds")
        elif isinstance(event, DealerShows):
            lines.append("*** SHOW DOWN ***")
    return lines


def settlement_lines(events: Sequence[Event], names: Sequence[str], house_result: int
                     ) -> list[str]:
    """The summary of a settled round: the dealer's hand and whether it qualifies, each
    hand shown, each seat's wagers against the house, and the house's result."""
    lines: list[str] = []
    for event in events:
        if isinstance(event, DealerShows):
            word = "qualifies" if event.qualifies else "does not qualify"
            lines.append(f"Dealer shows [{format_cards(event.cards)}] "
                         f"({event.description}) and {word}")
        elif isinstance(event, HandShown):
            lines.append(f"{names[event.seat]}: shows [{format_cards(event.cards)}] "
                         f"({event.description})")
        elif isinstance(event, SeatSettled):
            parts = ", ".join(f"{r.wager.value} {r.net:+d}" for r in event.results)
            verb = "pays" if event.net < 0 else "is paid"
            lines.append(f"{names[event.seat]}: {parts} — {verb} "
                         f"{abs(event.net)} {'to' if event.net < 0 else 'by'} the house")
    lines.append(f"House result this round: {house_result:+d}")
    return lines
