"""The interactive table: one human against bots, hand after hand, at the terminal.

The loop announces the house rules, deals each hand through
:func:`~pokerroom.terminal.driver.play_hand`, draws the table whenever the human must act,
reads a short-form command (re-prompting on bad input, never crashing), prints the
showdown summary and who paid whom, and appends every hand to the session's history
file. Ctrl-C or end of input leaves cleanly and says where the history is.

Input and output are injected (a rich ``Console`` and a ``read(prompt)`` function), so a
test drives the same loop with scripted lines.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from pokerroom.bots import DEFAULT_LEVEL
from pokerroom.core import Action, HandState
from pokerroom.errors import IllegalActionError, PokerroomError
from pokerroom.history.text import format_hand
from pokerroom.sessions.adapter import Bot, Playable
from pokerroom.terminal.driver import play_hand
from pokerroom.terminal.figures import readable
from pokerroom.terminal.histfile import HistoryFile, record_phh, timestamp
from pokerroom.terminal.prompt import NeedCards, describe_options, parse_command, reading_note
from pokerroom.terminal.render import render_lines, render_moves, render_table

__all__ = ["HELP_TEXT", "PlayResult", "Quit", "TableIO", "play_session"]

HELP_TEXT = (
    "Short forms: f fold · k check · c call (or check) · b 20 bet · r 60 raise to 60 · "
    "a all in · bi bring in · co complete · in / out declare · d 2 draw two (then pick) · "
    "d As Kd or d 1 4 discard those and draw · d Jc 4d split (splitting openers) · "
    "pat stand pat · p Qs pass a card · "
    "x 1 discard group 1 · t redraw the table · q leave the table"
)


class Quit(Exception):
    """The player asked to leave the table."""


@dataclass
class TableIO:
    """Where the table is drawn and where the human's lines come from."""

    console: Console
    read: Callable[[str], str]


@dataclass
class PlayResult:
    """How a session ended: hands played, the ledger, and the history file."""

    hands: int
    players: tuple[str, ...]
    starting: tuple[int, ...]
    stacks: tuple[int, ...]
    history: Path | None
    reason: str
    nets: list[tuple[int, ...]] = field(default_factory=list)
    unfinished: bool = False
    """True when the player left in the middle of a hand (it is not in the history)."""
    held: int = 0
    """Chips still in the middle when the session ended (a carried Guts or Herbie pot)."""


def _ask(session: Playable, io: TableIO) -> Callable[[HandState, int], Action]:
    def ask(state: HandState, seat: int) -> Action:
        snap = session.snapshot(state, seat)
        options = tuple(state.legal_actions(seat))
        io.console.print(render_table(snap))
        io.console.print(render_moves(describe_options(options)))
        hand = snap.me.cards
        while True:
            line = io.read("> ").strip()
            word = line.lower()
            if word in ("q", "quit", "exit", "leave"):
                raise Quit
            if word in ("?", "h", "help"):
                io.console.print(HELP_TEXT)
                continue
            if word in ("t", "table"):
                io.console.print(render_table(session.snapshot(state, seat)))
                io.console.print(render_moves(describe_options(options)))
                continue
            try:
                notes: list[str] = []
                parsed = parse_command(line, options, seat, hand, notes=notes)
                for note in notes:              # an oversize bet cut to the maximum
                    io.console.print(Text(note, style="yellow"))
                reading = reading_note(line, parsed)
                if reading is not None:
                    io.console.print(Text(reading, style="bold yellow"))
                if isinstance(parsed, NeedCards):
                    picks = io.read(f"which {parsed.count}? (cards or positions 1-"
                                    f"{len(hand)}) > ")
                    parsed = parsed.build(picks, hand)
                return parsed
            except PokerroomError as err:
                io.console.print(Text(f"{err} — type ? for help", style="bold red"))
    return ask


def play_session(session: Playable, *, human: int, io: TableIO, seed: int | None,
                 history: HistoryFile | None, hands: int | None = None,
                 pause: bool = True, level: str = DEFAULT_LEVEL) -> PlayResult:
    """Play until the player leaves, is out of chips, the game ends, or ``hands`` are
    done. Every finished hand goes to ``history``. ``level``: the bots' (see
    :mod:`pokerroom.bots.levels`)."""
    rng = random.Random(seed)
    bots: dict[int, Bot] = {seat: session.make_bot(seat, random.Random(rng.random()), level)
                            for seat in range(len(session.players)) if seat != human}
    starting = session.stacks
    announce = session.announce()
    io.console.print(Panel(announce, title=f"{session.title} — house rules",
                           title_align="left", expand=False))
    io.console.print(table_words(starting))
    for seat, bot in sorted(bots.items()):
        io.console.print(f"{session.players[seat]} plays {bot.style}.")
    io.console.print("Type ? at the prompt for the short forms, q to leave the table.")
    if history is not None:
        history.begin(session.title, announce + "\nCards you did not see are written ??.")
    result = PlayResult(0, session.players, starting, starting, history.path if history
                        else None, "")

    def reject(seat: int, err: IllegalActionError) -> None:
        io.console.print(Text(f"{err} — try again", style="bold red"))

    ask = _ask(session, io)
    try:
        while True:
            if session.is_finished and not getattr(session, "can_continue", False):
                result.reason = "the game is over"
                break
            if hands is not None and result.hands >= hands:
                result.reason = f"{hands} hand(s) played"
                break
            if session.stacks[human] <= 0 and not getattr(session, "allows_debt", False):
                result.reason = "you are out of chips"
                break
            hand_no = result.hands + 1
            result.unfinished = True
            rotate = getattr(session, "rotate", None)
            fresh = rotate() if rotate is not None else None
            if fresh:
                io.console.print(Panel(fresh, title=f"Next game: {session.title} — house "
                                       "rules", title_align="left", expand=False))
            io.console.rule(f"{session.title} · hand {hand_no}")
            outcome = play_hand(
                session, hand_no=hand_no, bots=bots, human=human, ask_human=ask,
                reject=reject, when=timestamp(),
                on_lines=lambda lines: io.console.print(render_lines(lines, style="dim")),
                announce=announce.splitlines() if hand_no == 1 else ())
            result.hands = hand_no
            result.unfinished = False
            result.nets.append(outcome.result.net)
            result.stacks = session.stacks
            io.console.print(render_table(session.snapshot(outcome.state, human)))
            io.console.print(Panel(render_lines(list(outcome.result.summary)),
                                   title="Showdown", title_align="left", expand=False))
            if history is not None:
                history.append(format_hand(outcome.record))
                record_phh(history, session, hand_no, outcome.state, reader=human)
            if pause and (not session.is_finished or getattr(session, "can_continue", False)):
                more = "next hand" if not session.is_finished else "a new game"
                line = io.read(f"Enter: {more} · q: leave > ").strip().lower()
                if line in ("q", "quit", "exit", "leave"):
                    raise Quit
    except (Quit, KeyboardInterrupt, EOFError) as stop:
        result.reason = "you left the table" if isinstance(stop, Quit) else "interrupted"
        io.console.print()
    result.stacks = session.stacks
    result.held = 0 if result.unfinished else int(getattr(session, "chips_held", 0))
    _goodbye(io, result)
    return result


def table_words(stacks: tuple[int, ...]) -> str:
    """The table's size and starting chips, for the banner.

    >>> table_words((1000, 1000, 1000, 1000, 1000))
    'Table: 5 players, 1,000 chips each (--seats and --stack change them).'
    """
    chips = (f"{readable(stacks[0])} chips each" if len(set(stacks)) == 1
             else "chips " + ", ".join(map(readable, stacks)))
    return f"Table: {len(stacks)} players, {chips} (--seats and --stack change them)."


def _goodbye(io: TableIO, result: PlayResult) -> None:
    io.console.print(f"Session over ({result.reason}) after {result.hands} hand(s).")
    if result.unfinished:
        io.console.print("The hand in progress was left unfinished: its chips in the middle "
                         "are not counted below, and it is not in the history.")
    for name, start, now in zip(result.players, result.starting, result.stacks, strict=True):
        end = readable(now) if now >= 0 else f"owes {readable(-now)}"
        io.console.print(f"  {name:<12} {readable(start):>7} -> {end:>7}  "
                         f"({readable(now - start, sign=True)})")
    if result.held:
        io.console.print(f"The pot of {readable(result.held)} stays on the table: the players "
                         "paid it in and nobody has won it yet, so the results above add up "
                         f"to {readable(-result.held, sign=True)}.")
    if any(now < 0 for now in result.stacks):
        io.console.print("A stack below zero is a debt: those chips are owed to the table.")
    if result.history is not None:
        io.console.print(f"Hand history: {result.history}", soft_wrap=True)
