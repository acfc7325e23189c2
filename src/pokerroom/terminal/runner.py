"""Bots only: play many hands fast, check the ledger after every hand, report results.

Every seat is a bot; nothing is drawn. After each hand the ledger must balance (every
chip is in a stack, in the middle, or with the house; see
:func:`~pokerroom.session.check_ledger`), and each hand's net result must be what
the stacks moved by. A history file is optional; it is written as a spectator saw the
hands (hidden cards ``??``), or with every card for a study run (``reveal``).
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
from pokerroom.terminal.driver import play_hand
from pokerroom.terminal.histfile import HistoryFile, record_phh, timestamp

__all__ = ["BotsResult", "run_bots"]


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
             level: str = DEFAULT_LEVEL) -> BotsResult:
    """Play ``hands`` hands with bots in every seat. ``make_session(i)`` makes the i-th
    session: when one ends (a Guts game won, too few players with chips) the next starts
    with fresh stacks, and the nets add up. Raises :class:`HistoryError` the moment a
    chip goes missing."""
    rng = random.Random(seed)
    began = time.perf_counter()
    played = 0
    index = 0
    session = make_session(index)
    nets = [0] * len(session.players)
    house = held = 0
    styles: tuple[str, ...] = ()
    while played < hands:
        bots: dict[int, Bot] = {seat: session.make_bot(seat, random.Random(rng.random()),
                                                       level)
                                for seat in range(len(session.players))}
        styles = tuple(bots[seat].style for seat in range(len(session.players)))
        starting = session.stacks
        if history is not None:
            history.begin(session.title, session.announce() + "\n" + (
                "Every card is written (a bots-only study run, --reveal)." if reveal else
                "Cards no onlooker saw are written ??."))
        while played < hands and _playable(session):
            before = session.stacks
            outcome = play_hand(session, hand_no=played + 1, bots=bots,
                                when=timestamp() if history is not None else "",
                                narrate=history is not None, reveal=reveal)
            played += 1
            moved = tuple(now - then for now, then in zip(session.stacks, before, strict=True))
            if moved != tuple(outcome.result.net):
                raise HistoryError(f"hand {played}: the stacks moved by {moved}, but the "
                                   f"hand reports {tuple(outcome.result.net)}")
            check_ledger(session, starting)
            if history is not None:
                history.append(format_hand(outcome.record))
                record_phh(history, session, played, outcome.state, reader=None,
                           reveal=reveal)
        for seat, (now, start) in enumerate(zip(session.stacks, starting, strict=True)):
            nets[seat] += now - start
        house += session.house_net
        held = session.chips_held
        if played < hands:
            if held:
                raise HistoryError(f"a session ended with {held} chip(s) still in the middle")
            index += 1
            session = make_session(index)
    return BotsResult(game=session.title, hands=played, sessions=index + 1,
                      players=session.players, styles=styles, nets=tuple(nets),
                      house_net=house, chips_held=held, seconds=time.perf_counter() - began)


def _playable(session: Session) -> bool:
    """The session can deal another hand: it is not over (or a new game may start on
    the same table), and enough players have chips (one against a house bank, else two;
    any number where stacks may go below zero)."""
    capabilities = session.capabilities
    if session.is_finished and not capabilities.continues_after_game:
        return False
    return sum(1 for stack in session.stacks if stack > 0) >= capabilities.players_needed
