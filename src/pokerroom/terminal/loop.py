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
from pokerroom.figures import listed, readable
from pokerroom.history.text import format_hand
from pokerroom.session import Session
from pokerroom.tableview import Bot
from pokerroom.terminal.driver import play_hand
from pokerroom.terminal.helptext import help_text
from pokerroom.terminal.histfile import HistoryFile, record_phh, timestamp
from pokerroom.terminal.prompt import (
    confirm_question,
    describe_options,
    parse_command,
    reading_note,
)
from pokerroom.terminal.render import render_lines, render_moves, render_table

__all__ = ["PlayResult", "Quit", "TableIO", "ask_person", "confirmed", "play_session",
           "rules_panel", "wait_between_hands"]

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
    house: int = 0
    """What the house won (lost, below zero) banking the hands played (Three Card Poker):
    with it and ``held`` the players' results add up to zero."""


def ask_person(session: Session, io: TableIO) -> Callable[[HandState, int], Action]:
    """The chooser of a person's moves at the terminal: it shows the table, prompts for
    a move (``?``: what can be typed) and asks for a confirmation where one is due."""
    def ask(state: HandState, seat: int) -> Action:
        snap = session.snapshot(state, seat)
        options = tuple(state.legal_actions(seat))
        hand = snap.me.cards
        io.console.print(render_table(snap))
        io.console.print(render_moves(describe_options(options, hand)))
        while True:
            line = io.read("> ").strip()
            word = line.lower()
            if word in _QUIT:
                raise Quit
            if word in _HELP:
                io.console.print(Text(help_text(session.title, options, hand)))
                continue
            if word in _RULES:
                _show_rules(session, io)
                continue
            if word in ("t", "table"):
                io.console.print(render_table(session.snapshot(state, seat)))
                io.console.print(render_moves(describe_options(options, hand)))
                continue
            try:
                notes: list[str] = []
                parsed = parse_command(line, options, seat, hand, notes=notes)
                for note in notes:              # an oversize bet cut to the maximum
                    io.console.print(Text(note, style="yellow"))
                reading = reading_note(line, parsed)
                if reading is not None:
                    io.console.print(Text(reading, style="bold yellow"))
                question = confirm_question(parsed, hand)
                if question is not None and not confirmed(question, io):
                    io.console.print(Text("kept your cards: your move again",
                                          style="yellow"))
                    continue
                return parsed
            except PokerroomError as err:
                io.console.print(Text(f"{err} — type ? for help", style="bold red"))
    return ask


def confirmed(question: str, io: TableIO) -> bool:
    """Ask ``question`` until the answer is yes or no (Enter is no)."""
    while True:
        answer = io.read(f"{question} > ").strip().lower()
        if answer in _QUIT:
            raise Quit
        if answer in ("y", "yes"):
            return True
        if answer in ("", "n", "no"):
            return False
        io.console.print(Text("answer y or n", style="bold red"))


def play_session(session: Session, *, human: int, io: TableIO, seed: int | None,
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
    short = _small_screen(io.console, announce)
    io.console.print(rules_panel(announce, f"{session.title} — house rules", short))
    io.console.print(table_words(starting))
    for line in bot_lines(session.players, bots):
        io.console.print(line)
    io.console.print("Type ? at the prompt for the short forms, rules for the house rules, "
                     "q to leave the table.")
    if history is not None:
        history.begin(session.title, announce + "\nCards you did not see are written ??.")
    result = PlayResult(0, session.players, starting, starting, history.path if history
                        else None, "")

    def reject(seat: int, err: IllegalActionError) -> None:
        io.console.print(Text(f"{err} — try again", style="bold red"))

    ask = ask_person(session, io)
    try:
        if short and pause:
            _before_the_deal(session, io)
        while True:
            if session.is_finished and not session.capabilities.continues_after_game:
                result.reason = "the game is over"
                break
            if hands is not None and result.hands >= hands:
                result.reason = f"{hands} hand(s) played"
                break
            if session.stacks[human] <= 0 and not session.capabilities.allows_debt:
                result.reason = "you are out of chips"
                break
            hand_no = result.hands + 1
            result.unfinished = True
            fresh = session.rotate()
            if fresh:
                io.console.print(rules_panel(fresh, f"Next game: {session.title} — house "
                                              "rules", _small_screen(io.console, fresh)))
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
                                   title=result_title([*outcome.record.lines,
                                                       *outcome.result.summary]),
                                   title_align="left", expand=False))
            if history is not None:
                history.append(format_hand(outcome.record))
                record_phh(history, session, hand_no, outcome.state, reader=human)
            if pause and (not session.is_finished
                          or session.capabilities.continues_after_game):
                more = "next hand" if not session.is_finished else "a new game"
                wait_between_hands(session, io, f"Enter: {more} · rules · q: leave > ",
                                   f"deals the {more}" if not session.is_finished
                                   else "starts a new game")
    except (Quit, KeyboardInterrupt, EOFError) as stop:
        result.reason = "you left the table" if isinstance(stop, Quit) else "interrupted"
        io.console.print()
    result.stacks = session.stacks
    result.held = 0 if result.unfinished else session.chips_held
    result.house = session.house_net
    _goodbye(io, result)
    return result


def _before_the_deal(session: Session, io: TableIO) -> None:
    """On a short terminal: wait before the first deal, so the short banner is read
    before the hand pushes it off the screen (``rules`` shows every house rule)."""
    wait_between_hands(session, io, "Enter: deal the first hand · rules · q: leave > ",
                       "deals the first hand")


_QUIT = ("q", "quit", "exit", "leave")
_RULES = ("rules", "house", "house-rules")
_HELP = ("?", "h", "help")


def wait_between_hands(session: Session, io: TableIO, prompt: str, enter: str) -> None:
    """Wait between hands at ``prompt`` until Enter (which ``enter``): ``rules`` shows
    every house rule and ``?`` what can be typed, as at any prompt; ``q`` leaves. Any
    other word is refused and asked again, never taken for Enter."""
    while True:
        line = io.read(prompt).strip().lower()
        if line in _QUIT:
            raise Quit
        if not line:
            return
        if line in _RULES:
            _show_rules(session, io)
        elif line in _HELP:
            io.console.print(Text(f"Here Enter {enter}, rules shows the house rules, q "
                                  "leaves the table."))
        else:
            io.console.print(Text(f"unknown command {line!r} here: Enter {enter}, rules "
                                  "shows the house rules, q leaves the table",
                                  style="bold red"))


def _show_rules(session: Session, io: TableIO) -> None:
    io.console.print(rules_panel(session.announce(), f"{session.title} — house rules",
                                  short=False))


SCREEN_ROOM = 34
"""Rows a first hand takes below the house rules before its first prompt (deal, blinds,
the table, the moves): on a terminal with fewer spare rows the rules are shown short,
with ``rules`` at the prompt for all of them."""
SHORT_RULES = 2
"""Lines of the house rules a short banner keeps (the game, its stakes)."""


def _small_screen(console: Console, announce: str) -> bool:
    """True on a terminal too short to keep ``announce`` in sight until the first
    prompt (output that is not a terminal always gets every line)."""
    lines = len(announce.splitlines())
    return bool(console.is_terminal) and lines > SHORT_RULES and \
        console.height < lines + SCREEN_ROOM


def rules_panel(announce: str, title: str, short: bool) -> Panel:
    """The house rules in a panel under ``title``; ``short``: the first lines only, with
    how to see the rest."""
    if not short:
        return Panel(announce, title=title, title_align="left", expand=False)
    lines = announce.splitlines()
    rest = len(lines) - SHORT_RULES
    text = "\n".join(lines[:SHORT_RULES]) + (f"\n… and {rest} more house rule line"
                                              f"{'s' if rest > 1 else ''}: type rules at "
                                              "the prompt to read them all")
    return Panel(text, title=title, title_align="left", expand=False)


def bot_lines(players: tuple[str, ...], bots: dict[int, Bot]) -> list[str]:
    """One line per way of playing: the bots who play it, named together.

    >>> class B:
    ...     style = "normal: equity"
    >>> bot_lines(("You", "Ann", "Bob", "Cleo"), {1: B(), 2: B(), 3: B()})
    ['Ann, Bob and Cleo play normal: equity.']
    """
    styles: dict[str, list[str]] = {}
    for seat, bot in sorted(bots.items()):
        styles.setdefault(bot.style, []).append(players[seat])
    lines = []
    for style, names in styles.items():
        who = listed(names)
        lines.append(f"{who} {'plays' if len(names) == 1 else 'play'} {style}.")
    return lines


def result_title(lines: tuple[str, ...] | list[str]) -> str:
    """"Showdown" when hands were shown, "Result" for a pot nobody contested.

    >>> result_title(["*** SHOW DOWN ***", "Ann: shows [As Ad] (a pair of aces)"])
    'Showdown'
    >>> result_title(["Bob: folds", "Uncalled bet (4) returned to Ann"])
    'Result'
    """
    return "Showdown" if any(": shows [" in line for line in lines) else "Result"


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
    if result.house:
        io.console.print(f"  {'the house':<12} {'':>7}    {'':>7}  "
                         f"({readable(result.house, sign=True)})")
        io.console.print(f"The house banks Three Card Poker: it "
                         f"{'won' if result.house > 0 else 'lost'} {readable(abs(result.house))}"
                         ", so its line and the players' add up to "
                         f"{readable(-result.held, sign=True) if result.held else 'zero'}.")
    if result.held:
        io.console.print(f"The pot of {readable(result.held)} stays on the table: the players "
                         "paid it in and nobody has won it yet, so the results above add up "
                         f"to {readable(-result.held, sign=True)}.")
    if any(now < 0 for now in result.stacks):
        io.console.print("A stack below zero is a debt: those chips are owed to the table.")
    if result.history is not None:
        io.console.print(f"Hand history: {result.history}", soft_wrap=True)
