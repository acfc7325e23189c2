"""What every home-game table keeps between hands: the players, their chips through one
:class:`~pokerroom.engine.ledger.Ledger`, the dealer's seat, the hand count and the
hand in play.

:class:`HomeTable` is the shared part of the Guts, Herbie and Hearts Poker tables: a
game's table adds its antes and the way a finished hand's chips move, and nothing else.

>>> import random
>>> from pokerroom.homegames.options import HerbieOptions
>>> class Chips(HomeTable[HerbieOptions, Kernel]):
...     pass
>>> table = Chips(HerbieOptions(players=4, ante=1), rng=random.Random(1),
...               stacks=[5, 5, 5, 5])
>>> table.ledger.transfer(0, POT, 2, "ante", 1)
>>> table.players, table.stacks, table.pot
(('seat 1', 'seat 2', 'seat 3', 'seat 4'), (3, 5, 5, 5), 2)
>>> table.settle_check(None)
Traceback (most recent call last):
...
pokerroom.errors.IllegalActionError: that is not the table's current deal
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import ClassVar, Generic, Protocol, Self, TypeVar

from pokerroom.core import HandState
from pokerroom.deck import Deck, RandomSource, system_rng
from pokerroom.engine.kernel import Kernel
from pokerroom.engine.ledger import POT, RESERVE, Account, Ledger
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.session import HandResult

__all__ = ["HomeTable", "TableOptions"]


class TableOptions(Protocol):
    """What a table reads of its game's house rules."""

    @property
    def players(self) -> int: ...

    def validated(self) -> Self: ...

    def announce(self) -> str: ...


OptionsT = TypeVar("OptionsT", bound=TableOptions)
HandT = TypeVar("HandT", bound=Kernel)


class HomeTable(Generic[OptionsT, HandT]):
    """A session of one home game. ``stacks`` are the players' chips at the start
    (``start`` each if not given); ``names`` default to ``seat 1``, ``seat 2``, ...;
    ``first_dealer`` deals the first hand."""

    hand_word: ClassVar[str] = "deal"
    """What the game calls one hand in messages (Hearts Poker: ``hand``)."""

    def __init__(self, options: OptionsT, *, rng: random.Random | None = None,
                 names: Sequence[str] | None = None,
                 stacks: Sequence[int] | None = None, start: int = 0,
                 first_dealer: int = 0) -> None:
        self.options = options.validated()
        n = self.options.players
        self._names = tuple(names) if names is not None else tuple(
            f"seat {i + 1}" for i in range(n))
        self._start = tuple(stacks) if stacks is not None else (start,) * n
        if len(self._names) != n or len(self._start) != n:
            raise ConfigError(f"the table has {n} players; give {n} names and stacks")
        self.rng: RandomSource = rng if rng is not None else system_rng()
        self.ledger = Ledger(n)
        self.dealer = (first_dealer - 1) % n  # the deal passes on at each hand
        self.hand_no = 0
        """How many hands (deals) the table has started."""
        self.game_over = False
        """Guts and Herbie: the last pot was won and ends the game (a further deal
        starts a new game with a fresh ante)."""
        self._current: HandT | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return self._names

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(s + self.ledger.net(i) for i, s in enumerate(self._start))

    @property
    def pot(self) -> int:
        return self.ledger.holding(POT)

    @property
    def reserve(self) -> int:
        """Chips set aside beside the pot (a pot-limit Guts reserve; 0 elsewhere)."""
        return self.ledger.holding(RESERVE)

    @property
    def is_finished(self) -> bool:
        """True when the session cannot or need not go on: by default, once the game
        is over (:attr:`game_over`)."""
        return self.game_over

    def announce(self) -> str:
        return self.options.announce()

    def new_hand(self, deck: Deck | None = None) -> HandT:
        """Start the next hand; ``deck`` stacks it (tests, live-dealt cards)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ for a game's table

    def _begin(self) -> None:
        """Count the next hand and pass the deal to the left; refused while the last
        hand is unsettled."""
        if self._current is not None:
            raise IllegalActionError(f"the current {self.hand_word} is not settled yet")
        self.hand_no += 1
        self.dealer = (self.dealer + 1) % self.options.players
        self.game_over = False

    def _deck(self, deck: Deck | None) -> Deck:
        """``deck`` (a stacked deal) or a fresh shuffle from the table's source."""
        return deck if deck is not None else Deck.standard(rng=self.rng)

    def _started(self, hand: HandT) -> HandT:
        self._current = hand
        return hand

    def settle_check(self, state: HandState | None) -> HandT:
        """The table's current hand, once ``state`` is that hand and it is over."""
        hand = self._current
        if hand is None or state is not hand:
            raise IllegalActionError(f"that is not the table's current {self.hand_word}")
        if not hand.is_over:
            raise IllegalActionError(f"the {self.hand_word} is not over yet")
        return hand

    def settle(self, state: HandState) -> HandResult:
        """Take in the chips of the table's finished hand ``state`` (its own transfers,
        past those it opened with), then make the game's own moves after it
        (:meth:`_close`): its result against the stacks before it moved."""
        hand = self.settle_check(state)
        before = self.stacks
        self.ledger.absorb(hand.chips, self.hand_no, hand.opening)
        summary = tuple(self._close(hand))
        self._current = None
        return HandResult(net=tuple(a - b for a, b in zip(self.stacks, before, strict=True)),
                          summary=summary)

    def _close(self, hand: HandT) -> Iterable[str]:
        """The game's moves once a finished hand's chips are in, and its summary."""
        raise NotImplementedError

    def _transfers(self, moves: Iterable[tuple[Account, Account, int, str]]) -> None:
        """Move chips, each ``(source, target, amount, reason)``, on this hand's number."""
        for source, target, amount, reason in moves:
            self.ledger.transfer(source, target, amount, reason, self.hand_no)
