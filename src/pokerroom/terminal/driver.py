"""Driving one hand of any game: dealer steps, bots, a human, narration and the record.

:func:`play_hand` is shared by the interactive table and the bots-only runner. It only
speaks the :class:`~pokerroom.core.HandState` protocol and the
:class:`~pokerroom.session.Session` type, so it needs no special case per game. The
reader (the human's seat, or ``None`` in a bots-only run: a spectator) decides how events
are redacted in the narration; only a bots-only study run may ``reveal`` every card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

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


class HandOutcome:
    """A finished hand: the final state, what it did to the stacks, and its record.
    ``record`` may be given as a function that makes it, called the first time it is
    read: a bots-only run that keeps no history reads none, so the hand's summary (the
    result's words, themselves written when first read) is never written.

    >>> from pokerroom.session import HandResult
    >>> record = HandRecord(hand_no=1, game="g", stakes="s", when="", table="t",
    ...                     button=None, seats=(), lines=(), summary=("Ann won 5",))
    >>> later = HandOutcome(None, HandResult((5, -5), ("Ann won 5",)), lambda: record)
    >>> later.record is later.record is record
    True
    """

    __slots__ = ("_make", "_record", "result", "state")

    def __init__(self, state: HandState, result: HandResult,
                 record: HandRecord | Callable[[], HandRecord]) -> None:
        self.state = state
        self.result = result
        self._record = record if isinstance(record, HandRecord) else None
        self._make = None if isinstance(record, HandRecord) else record

    @property
    def record(self) -> HandRecord:
        """The hand as a :class:`~pokerroom.history.text.HandRecord` (made now if it was
        left to a function)."""
        if self._record is None:
            assert self._make is not None
            self._record = self._make()
            self._make = None
        return self._record


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
    # the record is made when first read (a bots-only run keeping no history reads
    # none), so the result's words are written only then; what the session may change
    # by the next hand (its stakes, as a tournament's level rises) is taken now
    game, stakes, told, said = session.title, session.stakes_text, tuple(lines), tuple(announce)

    def record() -> HandRecord:
        return HandRecord(
            hand_no=hand_no, game=game, stakes=stakes, when=when, table=table,
            button=button,
            seats=tuple((seat, players[seat], starting[seat]) for seat in range(len(players))),
            lines=told, summary=tuple(result.summary), announce=said)
    return HandOutcome(state, result, record)
