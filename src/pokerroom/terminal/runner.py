"""Bots only: play many hands fast, check the ledger after every hand, report results.

Every seat is a bot; nothing is drawn. After each hand the ledger must balance (every
chip is in a stack, in the middle, or with the house; see
:func:`~pokerroom.session.check_ledger`), and each hand's net result must be what
the stacks moved by. A history file is optional; it is written as a spectator saw the
hands (hidden cards ``??``), or with every card for a study run (``reveal``). A library
caller that keeps other records of the hands (another reader's PHH, a view of its own)
passes ``on_hand``, called with each hand once it is checked; with no history file and
only ``on_hand``, nothing is told or written that the caller does not make itself.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from pokerroom.bots import DEFAULT_LEVEL
from pokerroom.errors import HistoryError
from pokerroom.history.text import format_hand
from pokerroom.session import Session, check_ledger
from pokerroom.tableview import Bot
from pokerroom.terminal.driver import HandOutcome, play_hand
from pokerroom.terminal.histfile import HistoryFile, record_phh, timestamp

__all__ = ["BotsResult", "BotsRun", "OnHand", "run_bots"]

OnHand = Callable[[Session, int, HandOutcome], None]
"""Called after each hand of a bots-only run with the session, the hand's number in the
run and how it went (its final state among it), once the ledger is checked and the
history file written."""


@dataclass(frozen=True, slots=True)
class BotsResult:
    """A bots-only run: hands played over how many sessions, each player's net, the
    house's result, chips still in the middle of the last session, and the time."""

    game: str
    hands: int
    sessions: int
    players: tuple[str, ...]
    styles: tuple[str, ...]
    nets: tuple[int, ...]
    house_net: int
    chips_held: int
    seconds: float

    @property
    def balanced(self) -> bool:
        """True when the players' nets, the chips in the middle and the house's result
        add up to nothing: every chip is accounted for."""
        return sum(self.nets) + self.chips_held + self.house_net == 0

    def as_dict(self) -> dict[str, object]:
        """The result as plain data (for ``--json``)."""
        return {
            "game": self.game, "hands": self.hands, "sessions": self.sessions,
            "seconds": round(self.seconds, 3), "balanced": self.balanced,
            "house_net": self.house_net, "chips_held": self.chips_held,
            "players": [{"name": name, "bot": style, "net": net}
                        for name, style, net in zip(self.players, self.styles, self.nets,
                                                    strict=True)],
        }


def run_bots(make_session: Callable[[int], Session], *, hands: int, seed: int | None,
             history: HistoryFile | None = None, reveal: bool = False,
             level: str = DEFAULT_LEVEL, on_hand: OnHand | None = None) -> BotsResult:
    """Play ``hands`` hands with bots in every seat. ``make_session(i)`` makes the i-th
    session: when one ends (a Guts game won, too few players with chips) the next starts
    with fresh stacks, and the nets add up. Raises :class:`HistoryError` the moment a
    chip goes missing. ``history`` gets each hand's text and PHH record (as an onlooker
    saw it, or every card if ``reveal``), as ``pokerroom play --bots-only`` writes them;
    ``on_hand`` (:data:`OnHand`) sees each hand besides, for any other record."""
    return BotsRun(make_session, seed=seed, history=history, reveal=reveal,
                   level=level, on_hand=on_hand).play(hands)


class BotsRun:
    """A bots-only run (:func:`run_bots`) that can be carried on: :meth:`play` plays on
    to a number of hands in all, and a later call with more plays the hands after them,
    as one run of that many would have dealt them (the same sessions, bots and seeds)."""

    def __init__(self, make_session: Callable[[int], Session], *, seed: int | None,
                 history: HistoryFile | None = None, reveal: bool = False,
                 level: str = DEFAULT_LEVEL, on_hand: OnHand | None = None) -> None:
        self._make_session = make_session
        self._rng = random.Random(seed)
        self._history = history
        self._on_hand = on_hand
        self._reveal = reveal
        self._level = level
        self._began = time.perf_counter()
        self.played = 0
        """The hands played so far."""
        self._index = 0
        self._session = make_session(0)
        self._nets = [0] * len(self._session.players)    # of the sessions ended
        self._house = 0                                  # of the sessions ended
        self._bots: dict[int, Bot] | None = None         # None: the session not begun
        self._styles: tuple[str, ...] = ()
        self._starting: tuple[int, ...] = ()

    def play(self, hands: int) -> BotsResult:
        """Play on until ``hands`` hands in all have been played; the run so far."""
        while self.played < hands:
            session = self._session
            if self._bots is None:
                self._begin(session)
            bots = self._bots
            assert bots is not None
            while self.played < hands and _playable(session):
                self._play_hand(session, bots)
            if self.played < hands:
                self._end(session)
        return self._result()

    def _begin(self, session: Session) -> None:
        self._bots = {seat: session.make_bot(seat, random.Random(self._rng.random()),
                                             self._level)
                      for seat in range(len(session.players))}
        self._styles = tuple(self._bots[seat].style for seat in range(len(session.players)))
        self._starting = session.stacks
        if self._history is not None:
            self._history.begin(session.title, session.announce() + "\n" + (
                "Every card is written (a bots-only study run, --reveal)." if self._reveal
                else "Cards no onlooker saw are written ??."))

    def _play_hand(self, session: Session, bots: dict[int, Bot]) -> None:
        history = self._history
        before = session.stacks
        outcome = play_hand(session, hand_no=self.played + 1, bots=bots,
                            when=timestamp() if history is not None else "",
                            narrate=history is not None, reveal=self._reveal)
        self.played += 1
        played = self.played
        moved = tuple(now - then for now, then in zip(session.stacks, before, strict=True))
        if moved != tuple(outcome.result.net):
            raise HistoryError(f"hand {played}: the stacks moved by {moved}, but the "
                               f"hand reports {tuple(outcome.result.net)}")
        check_ledger(session, self._starting)
        if history is not None:
            history.append(format_hand(outcome.record))
            record_phh(history, session, played, outcome.state, reader=None,
                       reveal=self._reveal)
        if self._on_hand is not None:
            self._on_hand(session, played, outcome)

    def _end(self, session: Session) -> None:
        """The session is over and hands are still due: count it, start the next."""
        self._nets = self._with_nets(session)
        self._house += session.house_net
        if session.chips_held:
            raise HistoryError(f"a session ended with {session.chips_held} chip(s) still "
                               "in the middle")
        self._index += 1
        self._session = self._make_session(self._index)
        self._bots = None

    def _with_nets(self, session: Session) -> list[int]:
        """The nets of the sessions ended and of ``session`` so far."""
        if self._bots is None:          # not begun: nothing played in it
            return list(self._nets)
        return [net + now - start for net, now, start in
                zip(self._nets, session.stacks, self._starting, strict=True)]

    def _result(self) -> BotsResult:
        session = self._session
        return BotsResult(game=session.title, hands=self.played, sessions=self._index + 1,
                          players=session.players, styles=self._styles,
                          nets=tuple(self._with_nets(session)),
                          house_net=self._house + session.house_net,
                          chips_held=session.chips_held,
                          seconds=time.perf_counter() - self._began)


def _playable(session: Session) -> bool:
    """The session can deal another hand: it is not over (or a new game may start on
    the same table), and enough players have chips (one against a house bank, else two;
    any number where stacks may go below zero)."""
    capabilities = session.capabilities
    if session.is_finished and not capabilities.continues_after_game:
        return False
    return sum(1 for stack in session.stacks if stack > 0) >= capabilities.players_needed
