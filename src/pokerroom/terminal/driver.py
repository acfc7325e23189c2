"""Driving one hand of any game: dealer steps, bots, a human, narration and the record.

:func:`play_hand` is shared by the interactive table and the bots-only runner. It only
speaks the :class:`~pokerroom.core.HandState` protocol and the
:class:`~pokerroom.session.Session` type, so it needs no special case per game. The
reader (the human's seat, or ``None`` in a bots-only run: a spectator) decides how events
are redacted in the narration; only a bots-only study run may ``reveal`` every card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pokerroom.core import DEALER, Action, HandState
from pokerroom.errors import IllegalActionError
from pokerroom.history.text import HandRecord
from pokerroom.session import HandResult, Session
from pokerroom.tableview import Bot, SeatView

__all__ = ["MAX_STEPS", "HandOutcome", "play_hand", "seat_view"]

MAX_STEPS = 5000
"""No hand of any game needs this many steps; more means a game that never ends."""

AskHuman = Callable[[HandState, int], Action]
Reject = Callable[[int, IllegalActionError], None]


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A finished hand: the final state, what it did to the stacks, and its record."""

    state: HandState
    result: HandResult
    record: HandRecord


def seat_view(session: Session, state: HandState, seat: int) -> SeatView:
    """What ``seat`` may know now, for a bot: the hand's view and the session's
    ``bot_snapshot`` (drawn from that view), each made only if the bot asks for it."""
    made = SeatView(seat=seat, view=lambda: state.view(seat),
                    options=tuple(state.legal_actions(seat)),
                    snapshot=lambda: session.bot_snapshot(state, seat, made.view))
    return made


def play_hand(session: Session, *, hand_no: int, bots: Mapping[int, Bot],
              human: int | None = None, ask_human: AskHuman | None = None,
              reject: Reject | None = None, on_lines: Callable[[list[str]], None] | None = None,
              when: str = "", table: str = "pokerroom",
              announce: Sequence[str] = (), narrate: bool = True,
              reveal: bool = False) -> HandOutcome:
    """Play one hand to the end and settle it.

    ``ask_human(state, seat)`` answers for the human's seat; an action the state refuses
    goes to ``reject`` and the human is asked again (a bot's illegal action is a bug and
    propagates). ``on_lines`` receives the narration as it happens; with ``narrate=False``
    (a bots-only run keeping no history) the hand is not told at all. The narration is
    told as ``human`` saw it (``None``: a spectator), or with every card if ``reveal``.
    """
    players = session.players
    starting = session.stacks
    state = session.new_hand()
    button = session.button_of(state, human)
    lines: list[str] = []
    seen = 0

    def flush() -> None:
        nonlocal seen
        if not narrate:
            return
        events = state.events
        batch = [event if reveal else event.for_seat(human) for event in events[seen:]]
        seen = len(events)
        fresh = session.narrate(batch) if batch else []
        if fresh:
            lines.extend(fresh)
            if on_lines is not None:
                on_lines(fresh)

    flush()
    steps = 0
    while state.actors:
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"{session.title}: hand {hand_no} did not end in "
                               f"{MAX_STEPS} steps")
        actors = state.actors
        if actors == (DEALER,):
            state.advance()
            continue
        flush()
        seat = actors[0]
        if seat == human and ask_human is not None:
            while True:
                action = ask_human(state, seat)
                try:
                    state.apply(action)
                except IllegalActionError as err:
                    if reject is None:
                        raise
                    reject(seat, err)
                    continue
                break
        else:
            state.apply(bots[seat].act(seat_view(session, state, seat)))
        flush()
    result = session.settle(state)
    flush()
    record = HandRecord(
        hand_no=hand_no, game=session.title, stakes=session.stakes_text, when=when,
        table=table, button=button,
        seats=tuple((seat, players[seat], starting[seat]) for seat in range(len(players))),
        lines=tuple(lines), summary=tuple(result.summary), announce=tuple(announce))
    return HandOutcome(state=state, result=result, record=record)
