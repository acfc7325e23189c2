"""Lowball's "minimum open is double the big blind" structure (``lowball-intro-structure``).

Some lowball structures let the big blind be called; others require the first player in
to open for at least double the big blind. With ``HouseRules(blind_may_be_called=False)``
:meth:`GameConfig.new_hand` makes a :class:`DoubleOpenHand`: before the draw, while
nobody has raised the big blind, calling it is not a legal action (a seat raises or
folds). Everything else is the ordinary hand.

>>> from pokerroom.engine import GameConfig
>>> from pokerroom.core import Call
>>> config = GameConfig.of("lowball-27", blinds=(5, 10), blind_may_be_called=False)
>>> hand = config.new_hand([100, 100, 100], button=2, deck=config.deck_cards())
>>> while hand.actors == (-1,):
...     _ = hand.advance()
>>> [type(o).__name__ for o in hand.legal_actions(2)]
['FoldOption', 'RaiseOption']
>>> hand.apply(Call(2))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerroom.errors.IllegalActionError: the big blind may not be called here: ...
"""

from __future__ import annotations

from pokerroom.core import Action, Call, CallOption, Event, Option
from pokerroom.engine.phases import BET
from pokerroom.engine.state import PokerHand
from pokerroom.errors import IllegalActionError

__all__ = ["DoubleOpenHand"]


class DoubleOpenHand(PokerHand):
    """A hand where the big blind may not be called before the draw."""

    __slots__ = ()

    def _unopened(self, seat: int) -> bool:
        """True when ``seat`` is to act before the draw and nobody has raised the blind."""
        blinds = self.config.stakes.blinds
        return (self.phase == BET and self.street == 0 and seat == self.actor
                and bool(blinds) and self.max_bet <= max(blinds))

    def legal_actions(self, seat: int | None = None) -> tuple[Option, ...]:
        options = super().legal_actions(seat)
        who = self.actor if seat is None else seat
        if self._unopened(who):
            options = tuple(o for o in options if not isinstance(o, CallOption))
        return options

    def apply(self, action: Action) -> Event:
        if isinstance(action, Call) and self._unopened(action.seat):
            raise IllegalActionError("the big blind may not be called here: the minimum "
                                     "open is double the big blind (raise or fold)")
        return super().apply(action)
