"""The actions, options and events of a Three Card Poker round, on the core protocol.

A seat places its wagers (:class:`PlaceWagers`), then plays or folds: the Play bet is
:class:`PlayBet`, always exactly the Ante (``tcp-play-equals-ante``). A core
:class:`~pokerroom.core.Call` is accepted as the same thing, since playing "calls" the
Ante; folding is the core :class:`~pokerroom.core.Fold`. The dealer's steps are
:class:`DealRound` (shuffle and deal) and :class:`HouseShowdown` (reveal and settle).

>>> option = PlaceWagersOption(min_bet=5, max_bet=100, bankroll=50)
>>> option.allows(PlaceWagers(seat=0, ante=10, pair_plus=5))
True
>>> option.problem(PlaceWagers(seat=0, ante=30, pair_plus=5))
'the wagers (35) plus a Play bet equal to the Ante (30) need 65 chips; seat 1 has 50'
>>> PlayOption(amount=10).allows(PlayBet(seat=0))
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pokerroom.cards import UNKNOWN, Card
from pokerroom.casino.settlement import WagerResult
from pokerroom.core import Action, Call, Event, Option

__all__ = [
    "DealRound",
    "DealRoundOption",
    "DealerCardsDealt",
    "DealerShows",
    "DeckShuffled",
    "HandFolded",
    "HandShown",
    "HoleCardsDealt",
    "HouseShowdown",
    "HouseShowdownOption",
    "PlaceWagers",
    "PlaceWagersOption",
    "PlayBet",
    "PlayMade",
    "PlayOption",
    "SeatSettled",
    "WagersPlaced",
]


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class PlaceWagers(Action):
    """Put chips on the Ante, Pair Plus and 6 Card Bonus circles (0: no such wager)."""

    ante: int = 0
    pair_plus: int = 0
    six_card_bonus: int = 0

    @property
    def total(self) -> int:
        """All chips this places."""
        return self.ante + self.pair_plus + self.six_card_bonus


@dataclass(frozen=True, slots=True)
class PlayBet(Action):
    """Place the Play bet (always equal to the Ante) and keep the hand."""


@dataclass(frozen=True, slots=True)
class DealRound(Action):
    """Dealer: shuffle a full deck and deal three cards to each player and the dealer."""


@dataclass(frozen=True, slots=True)
class HouseShowdown(Action):
    """Dealer: turn the dealer's hand up and settle every wager."""


# --------------------------------------------------------------------------- options


@dataclass(frozen=True, slots=True)
class PlaceWagersOption(Option):
    """Wagers a seat may place: each between ``min_bet`` and ``max_bet`` (``None``: no
    limit) or 0 for none; all of them (and, with ``reserve_play_bet``, the Play bet an
    Ante may need) within ``bankroll``; Pair Plus or the 6 Card Bonus without an Ante
    only where the house allows."""

    min_bet: int
    max_bet: int | None
    bankroll: int
    pair_plus_without_ante: bool = True
    six_card_bonus_without_ante: bool = True
    reserve_play_bet: bool = True

    def problem(self, action: Action) -> str | None:
        """Why ``action`` does not fit this option, in words (``None``: it fits)."""
        if not isinstance(action, PlaceWagers):
            return "place wagers first"
        ante, pair_plus, six = action.ante, action.pair_plus, action.six_card_bonus
        low, high = self.min_bet, self.max_bet
        # asked of every seat's wagers (by its bot, then by the round): amounts that are
        # plain whole numbers within the limits pass each check of the loop below at once
        if not (type(ante) is int and type(pair_plus) is int and type(six) is int
                and ante >= 0 and pair_plus >= 0 and six >= 0
                and (not ante or ante >= low) and (not pair_plus or pair_plus >= low)
                and (not six or six >= low)
                and (high is None or max(ante, pair_plus, six) <= high)):
            return self._amount_problem(action)
        return self._total_problem(action)

    def _amount_problem(self, action: PlaceWagers) -> str | None:
        """The first wager that is not a whole number of chips within the limits."""
        named = (("Ante", action.ante), ("Pair Plus", action.pair_plus),
                 ("6 Card Bonus", action.six_card_bonus))
        for name, amount in named:
            if isinstance(amount, bool) or not isinstance(amount, int):
                return f"the {name} must be a whole number of chips, got {amount!r}"
            if amount < 0:
                return f"the {name} cannot be negative ({amount})"
            if amount and amount < self.min_bet:
                return f"the {name} ({amount}) is below the table minimum of {self.min_bet}"
            if self.max_bet is not None and amount > self.max_bet:
                return f"the {name} ({amount}) is above the table maximum of {self.max_bet}"
        return self._total_problem(action)

    def _total_problem(self, action: PlaceWagers) -> str | None:
        """What is wrong with wagers of whole numbers within the limits, taken
        together: none at all, one the table does not take alone, more than the seat
        holds."""
        seat = action.seat
        if action.total == 0:
            return "place at least one wager (Ante, Pair Plus or 6 Card Bonus)"
        if action.ante == 0 and action.pair_plus and not self.pair_plus_without_ante:
            return "this table does not take Pair Plus without an Ante"
        if action.ante == 0 and action.six_card_bonus and not self.six_card_bonus_without_ante:
            return "this table does not take the 6 Card Bonus without an Ante"
        needed = action.total + (action.ante if self.reserve_play_bet else 0)
        if needed > self.bankroll:
            if self.reserve_play_bet and action.ante:
                return (f"the wagers ({action.total}) plus a Play bet equal to the Ante "
                        f"({action.ante}) need {needed} chips; seat {seat + 1} has "
                        f"{self.bankroll}")
            return f"the wagers ({action.total}) exceed seat {seat + 1}'s {self.bankroll} chips"
        return None

    def allows(self, action: Action) -> bool:
        return self.problem(action) is None


@dataclass(frozen=True, slots=True)
class PlayOption(Option):
    """Play the hand for ``amount`` chips, exactly the Ante (``PlayBet``; ``Call``
    means the same)."""

    amount: int

    def allows(self, action: Action) -> bool:
        return isinstance(action, PlayBet | Call)


@dataclass(frozen=True, slots=True)
class DealRoundOption(Option):
    """The dealer shuffles and deals."""

    def allows(self, action: Action) -> bool:
        return isinstance(action, DealRound)


@dataclass(frozen=True, slots=True)
class HouseShowdownOption(Option):
    """The dealer reveals and settles."""

    def allows(self, action: Action) -> bool:
        return isinstance(action, HouseShowdown)


# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class WagersPlaced(Event):
    """A seat's wagers are down; ``bankroll`` is what it has left behind them."""

    seat: int
    ante: int
    pair_plus: int
    six_card_bonus: int
    bankroll: int


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """A full 52-card deck was shuffled for this round (``tcp-shuffle``)."""

    cards: int = 52


@dataclass(frozen=True, slots=True)
class HoleCardsDealt(Event):
    """Three cards to ``seat``; only that seat sees them."""

    seat: int
    cards: tuple[Card, ...]

    def redacted(self) -> Event:
        return replace(self, cards=(UNKNOWN,) * len(self.cards), private_to=None)


@dataclass(frozen=True, slots=True)
class DealerCardsDealt(Event):
    """The dealer's three cards, face down: nobody sees them until the showdown."""

    cards: tuple[Card, ...]

    def redacted(self) -> Event:
        return replace(self, cards=(UNKNOWN,) * len(self.cards), private_to=None)


@dataclass(frozen=True, slots=True)
class PlayMade(Event):
    """``seat`` placed a Play bet of ``amount`` (its Ante); final."""

    seat: int
    amount: int
    bankroll: int


@dataclass(frozen=True, slots=True)
class HandFolded(Event):
    """``seat`` folded; final."""

    seat: int


@dataclass(frozen=True, slots=True)
class DealerShows(Event):
    """The dealer's hand, face up, and whether it qualifies."""

    cards: tuple[Card, ...]
    description: str
    qualifies: bool


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """A live player's hand turned up to be settled."""

    seat: int
    cards: tuple[Card, ...]
    description: str


@dataclass(frozen=True, slots=True)
class SeatSettled(Event):
    """Every wager of ``seat`` settled: ``net`` chips won (negative: lost) this round,
    ``bankroll`` after being paid."""

    seat: int
    results: tuple[WagerResult, ...]
    net: int
    bankroll: int
