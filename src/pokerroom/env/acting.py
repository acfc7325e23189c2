"""What each action index of a learning environment does for the seat to act.

A :class:`ActionLookup` turns the index a learner picks into the concrete
:class:`~pokerroom.core.Action` its game's blocks make of it
(:class:`~pokerroom.env.layout.GameShape`), or into nothing (the index is masked), and
gives the action mask. A :class:`~pokerroom.env.aec.PokerroomEnv` holds one and asks it
at every step.

The spots of the poker engine's hands are looked up rather than worked out: the same
options of the seat to act, pot, bet and (in the draw games) cards always stand for the
same mask and actions, but for the seat. What is kept is the actions of the seat that
met a spot first; another seat's, the same but for the seat, are made once, for the
index it plays, and kept beside them. Each action is kept as one object, whatever the
number of spots that hold it, and the tables of a batch share what they look up
(:meth:`ActionLookup.share`).

>>> from pokerroom.env import env
>>> table = env("holdem", players=3, house_rules={"structure": "fixed-limit"})
>>> table.reset(seed=7)
>>> lookup = table.action_lookup
>>> spot = lookup.spot(0, table.state)
>>> spot[0].tolist()                # the mask: fold, call or raise the minimum
[1, 1, 1, 0, 0, 0]
>>> lookup.seated(spot, 1, 0) is table.action_at(0, 1)     # kept once
True
>>> lookup.seated(spot, 2, 0)
Raise(seat=0, to=4)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
from numpy.typing import NDArray

from pokerroom.core import (
    Action,
    Bet,
    Call,
    Check,
    Draw,
    Fold,
    HandState,
    Option,
    Raise,
)
from pokerroom.engine.dealing import holds_openers
from pokerroom.engine.state import PokerHand
from pokerroom.env.handobs import HandObserver
from pokerroom.env.layout import BET_WORDS, GameShape
from pokerroom.env.observation import Encoder
from pokerroom.env.spots import bets_at, plain_action
from pokerroom.errors import IllegalActionError
from pokerroom.tableview import View

__all__ = ["ActionLookup"]

_KNOWN = 1 << 14
"""Concrete actions kept at most (see ``ActionLookup.known``); then they are forgotten."""
_MASKS: dict[tuple[bool, ...], NDArray[np.int8]] = {}
"""Each action mask met, by its indices' legality, read-only: the masks looked up are
these (a game has a few dozen of them), and every observation copies its own."""


class ActionLookup:
    """The concrete actions and the action masks of one table's seats to act (see the
    module docstring): of a game of ``shape``, observed by ``encoder`` (from the seats'
    views) and ``hand_observer`` (the poker engine's hands, from their arrays), at
    ``stakes``; ``title`` names the game in errors. ``views`` is the environment's
    cache of the seats' views of the hand now, read (and filled) for the games the
    poker engine does not deal.

    The environment clears :attr:`spots` and :attr:`concrete` whenever the hand moves
    on, and its step, observation and :meth:`~pokerroom.env.aec.PokerroomEnv.action_at`
    read :attr:`spots` themselves before they ask :meth:`spot`."""

    def __init__(self, shape: GameShape, encoder: Encoder, hand_observer: HandObserver,
                 stakes: dict[str, int], title: str, views: dict[int, View]) -> None:
        self.shape = shape
        self.encoder = encoder
        self.hand_observer = hand_observer
        self.stakes = stakes
        self.title = title
        self.views = views
        self.actions = shape.actions
        """The number of action indices."""
        self.draws = any(b.kind == "draw" for b in shape.blocks)
        """The game draws: a seat's actions are made from its spot at each step (a draw
        that breaks jacks-or-better openers declares the split,
        :func:`_split_openers`), never read from the spot itself."""
        self.by_position = any(b.kind in ("draw", "pass") for b in shape.blocks)
        """Only the draw and pass blocks name cards by hand position."""
        self.plain = (len(shape.blocks) == 1 and shape.blocks[0].kind == "bet"
                      and shape.blocks[0].size == len(BET_WORDS))
        """The shape is the bet block alone: :func:`~pokerroom.env.layout.plain_bets`
        works out its spots of plain betting."""
        self.known: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        """A poker hand's mask and concrete actions, one tuple ``(mask, others,
        *actions)``, by the options of the seat to act (as plain values:
        :func:`~pokerroom.env.handobs.options_key`), the pot, its bet and its cards
        (the same always stand for the same actions, but for the seat: the actions kept
        are those of the seat that first met the spot, and ``others`` keeps another
        seat's, the same but for the seat, by the seat and the index, as they are asked
        for: see :meth:`seated`)."""
        self.interned: dict[Any, Any] = {}
        """One object for each action in ``known``: the same fold, call or raise comes
        back again and again, and one object kept instead of thousands leaves the
        garbage collector fewer to walk (a full collection walks every object kept).
        Kept by the action itself, or for a fold, check, call, bet or raise by ``(kind,
        seat, size)`` (:func:`~pokerroom.env.spots.plain_action`), which is quicker to
        hash."""
        self.spots: dict[int, tuple[Any, ...]] = {}
        """The ``known`` tuple of each seat to act looked up now."""
        self.concrete: dict[int, list[Action | None]] = {}
        """The concrete actions of each seat worked out now (:meth:`concrete_actions`)."""

    def concrete_actions(self, seat: int, state: HandState | None
                         ) -> list[Action | None]:
        """What each action index does for ``seat`` in ``state``, the hand now
        (``None``: masked)."""
        if state is None or seat not in state.actors:
            return [None] * self.actions
        concrete = self.concrete.get(seat)
        if concrete is None:
            if type(state) is PokerHand:
                known = self.spot(seat, state)
                concrete = [self.seated(known, index, seat)
                            for index in range(self.actions)]
                if not self.draws:              # the rest was checked when worked out
                    self.concrete[seat] = concrete
                    return concrete
                options = self.hand_observer.options(state, seat)
            else:
                options = state.legal_actions(seat)
                seen = self.views.get(seat)
                if seen is None:
                    seen = self.views[seat] = state.view(seat)
                hand = self.encoder.hand(state, seat, seen) if self.by_position else ()
                money = self.encoder.money(state, seat, self.stakes, seen)
                concrete = self.shape.concrete_actions(seat, options, hand, money)
            if self.draws:
                concrete = [_split_openers(state, a) for a in concrete]
            if not any(a is not None for a in concrete):
                raise IllegalActionError(
                    f"{self.title}: no action index fits seat {seat}'s options "
                    f"{options!r}")
            self.concrete[seat] = concrete
        return concrete

    def spot(self, seat: int, state: PokerHand) -> tuple[Any, ...]:
        """The ``known`` tuple ``(mask, others, *actions)`` of ``seat``, a seat to act of
        the poker hand ``state``, looked up (or worked out) once a step."""
        known = self.spots.get(seat)
        if known is None:
            # the same options, chips and cards always stand for the same actions
            observer = self.hand_observer
            key = observer.spot_key(state, seat, self.by_position)
            known = self.known.get(key)
            if known is None:
                known = self._work_out(key, observer.options(state, seat), seat, state)
            self.spots[seat] = known
        return known

    def seated(self, known: tuple[Any, ...], index: int, seat: int) -> Action | None:
        """The action of index ``index`` of the ``known`` tuple ``known`` as
        ``seat``'s (``None``: masked)."""
        action: Action | None = known[2 + index]
        if action is None or action.seat == seat:
            return action
        others: dict[tuple[int, int], Action] = known[1]
        rebound = others.get((seat, index))
        if rebound is None:
            rebound = others[seat, index] = self._rebound(action, seat)
        return rebound

    def _rebound(self, action: Action, seat: int) -> Action:
        """``action`` as ``seat``'s, one object for each (see :attr:`interned`)."""
        if type(action) is Raise:
            return plain_action(Raise, seat, action.to, self.interned)
        if type(action) is Bet:
            return plain_action(Bet, seat, action.amount, self.interned)
        kind = type(action)
        if kind is Fold or kind is Check or kind is Call:
            return plain_action(kind, seat, -1, self.interned)
        rebound = replace(action, seat=seat)
        kept: Action = self.interned.setdefault(rebound, rebound)
        return kept

    def _work_out(self, key: tuple[Any, ...], options: tuple[Option, ...], seat: int,
                  state: PokerHand) -> tuple[Any, ...]:
        """The mask and the concrete actions, ``(mask, others, *actions)``, of a poker
        hand's seat to act with ``options``, kept by ``key`` (see :meth:`spot`) for the
        next time."""
        hand = key[1]
        if len(self.known) >= _KNOWN:
            self.known.clear()
            self.interned.clear()
        interned = self.interned
        # a spot of plain betting (hold'em's every spot) size by size, its actions
        # taken from those made before (from the pot and the seat's bet as they are: no
        # Money made); any other block by block
        actions = bets_at(seat, options, state.pot, state.bets[seat], interned) \
            if self.plain else None
        if actions is None:
            money = self.hand_observer.money(state, seat, self.stakes)
            actions = [None if a is None else interned.setdefault(a, a)
                       for a in self.shape.block_by_block(seat, options, hand, money)]
        legal = tuple([a is not None for a in actions])
        if not self.draws and True not in legal:
            raise IllegalActionError(
                f"{self.title}: no action index fits seat {seat}'s options "
                f"{options!r}")
        mask = _MASKS.get(legal)
        if mask is None:
            if len(_MASKS) >= _KNOWN:
                _MASKS.clear()
            mask = _MASKS[legal] = np.array(legal, dtype=np.int8)
            mask.flags.writeable = False        # shared: each observation copies it
        known = self.known[key] = (mask, {}, *actions)
        return known

    def share(self, other: ActionLookup) -> None:
        """Let ``other``, the lookup of a table of the same game, players, stakes and
        stacks, look up what this one has worked out and add to it (the environment
        checks that the tables are alike:
        :meth:`~pokerroom.env.aec.PokerroomEnv.share_lookups`)."""
        other.known = self.known
        other.interned = self.interned


def _split_openers(state: HandState, action: Action | None) -> Action | None:
    """Jacks or better: the opener's draw that breaks the openers declares the split
    (``jacks-9``), which is no choice of the player's but a duty."""
    if not isinstance(action, Draw) or not action.discards:
        return action
    if not isinstance(state, PokerHand) or not state.variant.openers_required or \
            state.opener_seat != action.seat:
        return action
    own = state.view(action.seat).seats[action.seat].cards
    kept = [c for c in own if c not in action.discards]
    return action if holds_openers(kept) else replace(action, split_openers=True)
