"""The observations of the poker engine's hands, read straight from the hand's arrays.

A :class:`~pokerroom.engine.state.PokerHand` (every button, stud and draw game of the
engine) keeps its table in plain lists: ``hole``, ``up``, ``board``, ``stacks``,
``bets``, ``folded``, ``in_hand``. :class:`HandObserver` writes the observation of
:mod:`pokerroom.env.observation` from those lists, number for number the vector that
:meth:`Encoder.encode <pokerroom.env.observation.Encoder.encode>` builds from the seat's
:class:`~pokerroom.tableview.View` (``tests/env/test_env_fast.py`` compares the two at
every step of many seeded hands), without drawing the view.

It reads only what the seat's view shows: a card of another seat only when it lies face
up or was shown at the showdown, the seat's own cards, the board, and the public chips.

Everything in the vector but the seat's own row of cards and the amount it has to call
is the same for every seat, turned so the observer comes first; it is worked out once a
step (the hand's log only grows, one event per step, so its length names the step) and
shared by every seat observed at that step: the seat to act, and every seat at the end
of the hand. The log is read as :class:`~pokerroom.env.observation.EventSummary` reads
it, once for all seats: what the summary takes from an event (a betting action, how many
cards a draw discarded) is the same in every seat's redaction of it.

>>> import random
>>> from pokerroom.engine import GameConfig
>>> from pokerroom.env import env
>>> table = env("holdem", players=3)
>>> table.reset(seed=2)
>>> hand = table.state
>>> seat = table.possible_agents.index(table.agent_selection)
>>> fast = table.hand_observer.encode(hand, seat)
>>> slow = table.encoder.encode(hand, seat, table.session.stacks)
>>> bool((fast == slow).all()), fast.dtype, fast.shape == slow.shape
(True, dtype('float32'), True)
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from pokerroom.cards import Card
from pokerroom.core import CallOption
from pokerroom.engine.state import PokerHand
from pokerroom.env.layout import Money
from pokerroom.env.observation import (
    CARD_FEATURES,
    CHIP_CLIP,
    FACE_UP,
    HIDDEN,
    SEAT_FEATURES,
    Encoder,
    EventSummary,
)

__all__ = ["HandObserver", "observed_by_arrays"]

_LAST: Final = {"": (0.0, 0.0, 0.0, 0.0), "fold": (1.0, 0.0, 0.0, 0.0),
                "check": (0.0, 1.0, 0.0, 0.0), "call": (0.0, 0.0, 1.0, 0.0),
                "raise": (0.0, 0.0, 0.0, 1.0)}
"""A seat's last betting action this street as the observation's four flags."""


def observed_by_arrays(state: object) -> bool:
    """True when ``state`` is a hand whose observation :class:`HandObserver` writes (a
    :class:`~pokerroom.engine.state.PokerHand` itself, whose view is the engine's
    ``hand_view``).

    >>> from pokerroom.env import env
    >>> table = env("stud", players=3)
    >>> table.reset(seed=1)
    >>> observed_by_arrays(table.state), observed_by_arrays(object())
    (True, False)
    """
    return type(state) is PokerHand


class HandObserver:
    """Writes the observations of one environment's poker hands (see the module
    docstring) in the layout of ``encoder``."""

    __slots__ = ("_block", "_board_ones", "_cards", "_encoder", "_hand", "_other_phase",
                 "_phase_at", "_pot", "_private", "_public", "_summary", "_version", "board_base",
                 "board_rows", "cards", "players", "scale", "seats_at", "size", "table_at")

    def __init__(self, encoder: Encoder) -> None:
        shape = encoder.shape
        self._encoder = encoder
        self.players = encoder.players
        self.cards = shape.cards
        self.board_rows = shape.board
        self.board_base = self.players * shape.cards * CARD_FEATURES
        self.seats_at = encoder.cards_size
        self.table_at = encoder.cards_size + encoder.seats_size
        self.size = encoder.size
        self.scale = encoder.chip_scale
        names = shape.phases
        self._phase_at: dict[str, int] = {}
        for i, name in enumerate(names):
            self._phase_at.setdefault(name, self.table_at + 2 + i)
        self._other_phase = self.table_at + 2 + len(names)
        self._hand: PokerHand | None = None
        self._version = -1
        self._summary = EventSummary(self.players)
        self._block: NDArray[np.float32] = np.zeros(0, dtype=np.float32)
        self._public: list[list[int]] = []
        self._private: list[list[int]] = []
        self._board_ones: list[int] = []
        self._pot = 0.0
        self._cards: list[int] = []

    # ------------------------------------------------------------------ one step

    def _step(self, hand: PokerHand) -> None:
        """Work out what every seat sees alike at the hand's current step, unless done."""
        version = len(hand.log)
        if hand is self._hand and version == self._version:
            return
        if hand is not self._hand:
            self._hand = hand
            self._summary = EventSummary(self.players)
        self._version = version
        n = self.players
        positions = self.cards
        scale = self.scale
        clip = CHIP_CLIP
        last, drew = self._summary.read(hand.log)
        shown = {s.seat for s in hand.result.shown} if hand.result is not None else ()
        face_up_flags = not hand.variant.button_game
        actors = hand.actors
        button = hand.button
        share = max(1, positions)
        values: list[float] = []
        public: list[list[int]] = []
        private: list[list[int]] = []
        stacks, bets, folded, in_hand = hand.stacks, hand.bets, hand.folded, hand.in_hand
        for s in range(n):
            dealt = in_hand[s]
            out = dealt and folded[s]
            stack = stacks[s]
            bet = bets[s]
            chips = stack / scale
            put = bet / scale
            values += (
                1.0 if dealt else 0.0, 1.0 if out else 0.0,
                1.0 if dealt and not out and stack == 0 else 0.0,
                clip if chips > clip else -clip if chips < -clip else chips,
                clip if put > clip else -clip if put < -clip else put,
                1.0 if s in actors else 0.0, 1.0 if s == button else 0.0, 0.0, 0.0,
                *_LAST[last[s]], min(1.0, drew[s] / share), 0.0)
            seen: list[int] = []
            own: list[int] = []
            up = hand.up[s]
            whole = s in shown
            for i, card in enumerate(hand.hole[s][:positions]):
                base = i * CARD_FEATURES
                index = int(card)
                flag = face_up_flags and up[i]
                own.append(base + index)
                seen.append(base + (index if whole or up[i] else HIDDEN))
                if flag:
                    own.append(base + FACE_UP)
                    seen.append(base + FACE_UP)
            public.append(seen)
            private.append(own)
        self._block = np.array(values, dtype=np.float32)
        self._public, self._private = public, private
        board_base = self.board_base
        board_ones: list[int] = []
        for i, card in enumerate(hand.board[:self.board_rows]):
            base = board_base + i * CARD_FEATURES
            board_ones.append(base + int(card))
            if card.is_known:
                board_ones.append(base + FACE_UP)
        board_ones.append(self._phase_at.get(hand.street_name, self._other_phase))
        self._board_ones = board_ones
        pot = hand.pot / scale
        self._pot = clip if pot > clip else -clip if pot < -clip else pot

    # ------------------------------------------------------------------ reading

    def encode(self, hand: PokerHand, seat: int,
               out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """The observation vector of ``seat`` (the same numbers as
        :meth:`Encoder.encode <pokerroom.env.observation.Encoder.encode>`); ``out``: a
        vector to write it into (a row of a batch), else a new one."""
        self._step(hand)
        n = self.players
        row = self.cards * CARD_FEATURES
        ones = list(self._board_ones)
        public, private = self._public, self._private
        for k in range(n):
            s = seat + k
            if s >= n:
                s -= n
            base = k * row
            ones += [base + x for x in (private[s] if k == 0 else public[s])]
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out[:] = 0.0
        out[ones] = 1.0
        at = self.seats_at
        block = self._block
        split = seat * SEAT_FEATURES
        after = at + (n - seat) * SEAT_FEATURES
        out[at:after] = block[split:]
        out[after:self.table_at] = block[:split]
        table = self.table_at
        out[table] = self._pot
        to_call = self.to_call(hand, seat)
        if to_call:
            owed = to_call / self.scale
            out[table + 1] = CHIP_CLIP if owed > CHIP_CLIP else owed
        return out

    @staticmethod
    def to_call(hand: PokerHand, seat: int) -> int:
        """What ``seat`` must put in to call now (0: it is not to act, or has nothing
        to call)."""
        if seat not in hand.actors:
            return 0
        to_call = 0
        for option in hand.legal_actions(seat):
            if isinstance(option, CallOption):
                to_call = option.amount
        return to_call

    def hand_cards(self, hand: PokerHand, seat: int) -> tuple[Card | None, ...]:
        """The seat's own cards by position (``None``: an empty position), as
        :meth:`Encoder.hand <pokerroom.env.observation.Encoder.hand>` gives them."""
        cards: list[Card | None] = list(hand.hole[seat][:self.cards])
        cards += [None] * (self.cards - len(cards))
        return tuple(cards)

    @staticmethod
    def money(hand: PokerHand, seat: int, stakes: dict[str, int]) -> Money:
        """The pot and the seat's own bet, as :meth:`Encoder.money
        <pokerroom.env.observation.Encoder.money>` reads them from the view."""
        return Money(pot=hand.pot, own_bet=hand.bets[seat], stakes=stakes)
