"""A table of many hands of high card: players, stacks and stakes, the announcement of
its house rules, the settling of each hand, what each seat sees, the story of each hand
in words, and its bot.

>>> import random
>>> from pokerroom.catalog import TableSpec
>>> table = HighCardTable(TableSpec(players=("Ann", "Bob"), stacks=(100, 100),
...     stakes={"ante": 1, "bet": 5}, house_rules={"ace_high": False},
...     rng=random.Random(2)))
>>> print(table.announce())
High card, ante 1, one bet of 5. House rules: the ace is the lowest card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from pokerroom.bots.random_play import random_option_action
from pokerroom.catalog import TableSpec
from pokerroom.core import DEALER, Action, Event, HandState
from pokerroom.session import Capabilities, HandResult, Session
from pokerroom.tableview import Bot, SeatView, View
from toy_high_card.hand import Dealt, Declared, HighCardHand, Showdown, Wagered

__all__ = ["HighCardBot", "HighCardTable"]


class HighCardBot:
    """A random legal action, chosen from the seat's options alone."""

    style = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, seat_view: SeatView) -> Action:
        return random_option_action(self.rng.choice(seat_view.options), seat_view.seat,
                                    self.rng)


class HighCardTable(Session):
    """The table: every pot is won and nobody plays the house or owes chips, so its
    capabilities are the plain ones."""

    capabilities = Capabilities()

    def __init__(self, spec: TableSpec) -> None:
        self._players = spec.players
        self._stacks = list(spec.stacks)
        self.ante = int(spec.stakes.get("ante", 1))
        self.bet = int(spec.stakes.get("bet", 10))
        self.ace_high = bool(spec.house_rules.get("ace_high", True))
        self.rng = spec.rng or random.Random()
        self.hands = 0
        self._current: HighCardHand | None = None

    @property
    def title(self) -> str:
        return "High card"

    @property
    def stakes_text(self) -> str:
        return f"ante {self.ante}, bet {self.bet}"

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(self._stacks)

    @property
    def chips_held(self) -> int:
        hand = self._current
        return sum(hand.put) if hand is not None and not hand.is_over else 0

    @property
    def dealer(self) -> int | None:
        return None                                  # no button: nobody deals

    @property
    def is_finished(self) -> bool:
        return False

    def announce(self) -> str:
        ace = "highest" if self.ace_high else "lowest"
        return (f"High card, ante {self.ante}, one bet of {self.bet}. "
                f"House rules: the ace is the {ace} card.")

    def new_hand(self) -> HandState:
        self.hands += 1
        self._current = HighCardHand(self._stacks, ante=self.ante, bet=self.bet,
                                     ace_high=self.ace_high, rng=self.rng)
        return self._current

    def settle(self, state: HandState) -> HandResult:
        assert isinstance(state, HighCardHand)
        net = tuple(after - before
                    for after, before in zip(state.stacks, self._stacks, strict=True))
        self._stacks = list(state.stacks)
        self._current = None
        last = state.events[-1]
        words, winners = (last.words, last.winners) if isinstance(last, Showdown) else ((), ())
        return HandResult(net=net, summary=(*words, *(f"{self._players[s]} wins"
                                                      for s in winners)))

    def snapshot(self, state: HandState, seat: int | None) -> View:
        assert isinstance(state, HighCardHand)
        view = state.view(seat)
        return replace(view, game=f"{self.title} ({self.stakes_text})",
                       seats=tuple(replace(info, name=name) for info, name
                                   in zip(view.seats, self._players, strict=True)),
                       to_act=tuple(a for a in view.to_act if a != DEALER),
                       hand_no=self.hands)

    def narrate(self, events: Sequence[Event]) -> list[str]:
        lines = []
        for event in events:
            if isinstance(event, Dealt) and event.card.is_known:
                lines.append(f"Dealt to {self._players[event.seat]} [{event.card!r}]")
            elif isinstance(event, Declared):
                said = {None: "declares", True: "says in", False: "says out"}[event.stay]
                lines.append(f"{self._players[event.seat]} {said}")
            elif isinstance(event, Wagered):
                lines.append(f"{self._players[event.action.seat]}: "
                             f"{type(event.action).__name__.lower()}s")
            elif isinstance(event, Showdown):
                lines.extend(event.words)
        return lines

    def make_bot(self, seat: int, rng: random.Random, level: str = "normal") -> Bot:
        return HighCardBot(rng)
