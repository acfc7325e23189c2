"""Where a seat acts on this betting round, from 0 (first) to 1 (last), as the rules set
the order: left of the big blind before the flop and left of the button after it in
button games; in stud by the cards showing (``stud-1``,
``razz-3``): the bring-in acts first on third street, and on later streets the best
hand showing (razz: the lowest), then clockwise. So a stud bot knows, street by street,
whether it acts last.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.tableview import SeatSnapshot, View
>>> def seat(n: int, cards: str) -> SeatSnapshot:
...     return SeatSnapshot(n, f"P{n}", 100, 0, parse_cards(cards), up=(False, False, True, True))
>>> snap = View(game="stud", street="fourth street", seats=(
...     seat(0, "?? ?? 9c 4d"), seat(1, "?? ?? Kd Kh"), seat(2, "?? ?? 7s 2c")))
>>> [round(acting_position("stud", snap, s), 2) for s in range(3)]  # the kings open
[1.0, 0.0, 0.5]
"""

from __future__ import annotations

from pokerroom.cards import Card
from pokerroom.engine.dealing import bring_in_key, showing_key
from pokerroom.engine.variants import Opener, Variant, get_variant
from pokerroom.errors import PokerroomError
from pokerroom.tableview import SeatSnapshot, View

__all__ = ["acting_position"]


def _showing(seat: SeatSnapshot) -> list[Card]:
    return [c for i, c in enumerate(seat.cards) if seat.is_up(i) and c.is_known]


def _live(seat: SeatSnapshot) -> bool:
    return not seat.folded and bool(seat.cards)


def _first(game: str | Variant, snap: View, live: list[SeatSnapshot]) -> int | None:
    """The seat that acts first on this round (``None``: no rule known here)."""
    try:
        variant = game if isinstance(game, Variant) else get_variant(game)
    except (KeyError, PokerroomError):
        return None
    opener = next((s.opener for s in variant.streets if s.name == snap.street), None)
    if opener is Opener.BRING_IN:
        ace_low = not variant.bring_in_low_ace_high
        shown = [(s.seat, _showing(s)) for s in live]
        keyed = sorted((bring_in_key(up[0], ace_low=ace_low), n) for n, up in shown if up)
        if not keyed:
            return None
        return keyed[-1][1] if ace_low else keyed[0][1]
    if opener in (Opener.HIGH_BOARD, Opener.LOW_BOARD):
        low = opener is Opener.LOW_BOARD
        best = max(live, key=lambda s: (showing_key([*_showing(s), *snap.board], low=low),
                                        -s.seat))
        return best.seat
    if snap.button is None:
        return None
    size = len(snap.seats)
    if opener is Opener.BLINDS:  # left of the big blind; heads-up the button opens
        return (snap.button + 3) % size if size > 2 else snap.button
    return (snap.button + 1) % size


def acting_position(game: str | Variant, snap: View, seat: int) -> float:
    """0 (acts first) to 1 (acts last) among the players still in; 0.5 when the seat is
    out or the order is unknown."""
    live = [s for s in snap.seats if _live(s)]
    if seat not in {s.seat for s in live} or len(live) < 2:
        return 0.5
    first = _first(game, snap, live)
    if first is None:
        return 0.5
    size = len(snap.seats)
    order = sorted((s.seat for s in live), key=lambda n: (n - first) % size)
    return order.index(seat) / (len(order) - 1)
