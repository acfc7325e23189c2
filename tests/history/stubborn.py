"""A test player for the draw games that never folds and always draws the most it may,
so the stub runs out and the dealer shuffles the discards and burns back in."""

from __future__ import annotations

from pokerroom import core
from pokerroom.core import Action, HandState, Option
from pokerroom.tableview import SeatView

__all__ = ["Stubborn", "hole_of", "stubborn_action"]


def stubborn_action(seat: int, options: tuple[Option, ...], hole: tuple[object, ...]
                    ) -> Action:
    """Check, else call, else draw the most cards allowed (the first ones held)."""
    for option in options:
        if isinstance(option, core.CheckOption):
            return core.Check(seat)
    for option in options:
        if isinstance(option, core.CallOption):
            return core.Call(seat)
    for option in options:
        if isinstance(option, core.DrawOption):
            return core.Draw(seat, tuple(hole[:option.max_cards]))  # type: ignore[arg-type]
    for option in options:
        if isinstance(option, core.BringInOption):
            return core.BringIn(seat)
    raise AssertionError(f"no stubborn answer among {options}")


def hole_of(state: HandState, seat: int) -> tuple[object, ...]:
    """The cards ``seat`` holds, as it sees them."""
    return tuple(state.view(seat).seats[seat].cards)


class Stubborn:
    """Plays :func:`stubborn_action` from a seat's view."""

    style = "never folds, draws the most it may"

    def act(self, seat_view: SeatView) -> Action:
        seat = seat_view.seat
        return stubborn_action(seat, seat_view.options,
                               tuple(seat_view.view.seats[seat].cards))
