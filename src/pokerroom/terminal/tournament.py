"""A tournament at the terminal: against bots (:func:`play_tournament`) or bots only
(:func:`run_tournament`), to the last player in, then the standings and prizes.

Before each hand the clock line is shown (level, stakes, hands or time left, the next
level, the average stack, the players left, the prize pool). A player out of chips is
offered a rebuy while the structure sells them, and every player the add-on at the end
of the rebuy period; bots buy by a seeded coin (:class:`BotPurse`). When the person
at the keyboard is out, the bots play the rest out unseen and the standings follow.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pokerroom.bots import DEFAULT_LEVEL
from pokerroom.core import HandState
from pokerroom.errors import IllegalActionError
from pokerroom.figures import readable
from pokerroom.history.text import format_hand
from pokerroom.sessions.tournament import TournamentSession
from pokerroom.tableview import Bot
from pokerroom.terminal.driver import play_hand
from pokerroom.terminal.histfile import HistoryFile, record_phh, timestamp
from pokerroom.terminal.loop import (
    Quit,
    TableIO,
    ask_person,
    bot_lines,
    confirmed,
    result_title,
    rules_panel,
    wait_between_hands,
)
from pokerroom.terminal.render import render_lines, render_table

__all__ = ["BotPurse", "TournamentResult", "play_tournament", "run_tournament",
           "standings_table"]


@dataclass
class BotPurse:
    """How bots buy: a rebuy with chance ``rebuy``, the add-on with chance ``add_on``,
    drawn from ``rng`` (so a seeded run buys the same way every time)."""

    rng: random.Random
    rebuy: float = 0.7
    add_on: float = 0.8

    def buy(self, session: TournamentSession, seats: list[int]) -> list[str]:
        """Offer ``seats`` what they may buy now; the lines say who bought what."""
        lines = []
        for seat in seats:
            name = session.players[seat]
            if seat in session.pending:
                if self.rng.random() < self.rebuy:
                    session.rebuy(seat)
                    lines.append(f"{name}: rebuys")
                else:
                    lines.extend(session.decline_rebuy(seat))
        for seat in seats:
            if session.add_on_offered(seat) and self.rng.random() < self.add_on:
                session.add_on(seat)
                lines.append(f"{session.players[seat]}: takes the add-on")
        return lines


@dataclass(frozen=True)
class TournamentResult:
    """A tournament played: the hands, each hand's level, and the standings
    (name, place in words, prize) best first."""

    hands: int
    levels: tuple[int, ...]
    standings: tuple[tuple[str, str, int], ...]
    reason: str


def _standings(session: TournamentSession) -> tuple[tuple[str, str, int], ...]:
    return tuple((session.players[f.seat], f.describe(), prize)
                 for f, prize in session.standings())


def run_tournament(session: TournamentSession, *, seed: int | None,
                   level: str = DEFAULT_LEVEL, history: HistoryFile | None = None,
                   after_hand: Callable[[TournamentSession, HandState], None] | None = None,
                   max_hands: int = 100_000) -> TournamentResult:
    """Bots in every seat play the tournament to its winner; ``after_hand(session,
    hand)`` is called after each hand has been settled and the rebuys sold (a test
    checks the chips there)."""
    rng = random.Random(seed)
    seats = range(len(session.players))
    bots: dict[int, Bot] = {seat: session.make_bot(seat, random.Random(rng.random()), level)
                            for seat in seats}
    purse = BotPurse(random.Random(rng.random()))
    if history is not None:
        history.begin(session.title, session.announce())
    levels: list[int] = []
    while not session.is_finished:
        if len(levels) >= max_hands:
            raise RuntimeError(f"the tournament did not end in {max_hands} hands")
        outcome = play_hand(session, hand_no=len(levels) + 1, bots=bots, when=timestamp(),
                            narrate=history is not None)
        levels.append(session.level)
        if history is not None:
            history.append(format_hand(outcome.record))
            record_phh(history, session, len(levels), outcome.state, reader=None)
        purse.buy(session, list(session.alive))
        session.close_rebuys()
        if after_hand is not None:
            after_hand(session, outcome.state)
    return TournamentResult(len(levels), tuple(levels), _standings(session),
                            "the tournament is over")


def standings_table(session: TournamentSession) -> Table:
    """The standings as a table: place, player, prize."""
    table = Table(title=f"Standings ({session.structure.name})",
                  caption=f"prize pool {readable(session.prize_pool)}")
    table.add_column("place")
    table.add_column("player")
    table.add_column("prize", justify="right")
    for finish, prize in session.standings():
        table.add_row(finish.describe(), session.players[finish.seat], readable(prize))
    still = [s for s in session.alive if s not in session.finishes]
    for seat in still:
        table.add_row("still in", session.players[seat], f"{readable(session.stacks[seat])} chips")
    return table


def play_tournament(session: TournamentSession, *, human: int, io: TableIO,
                    seed: int | None, history: HistoryFile | None,
                    level: str = DEFAULT_LEVEL, pause: bool = True) -> TournamentResult:
    """Play the tournament against bots at the terminal until it is won or the player
    leaves; the standings are shown at the end."""
    rng = random.Random(seed)
    bots: dict[int, Bot] = {seat: session.make_bot(seat, random.Random(rng.random()), level)
                            for seat in range(len(session.players)) if seat != human}
    purse = BotPurse(random.Random(rng.random()))
    announce = session.announce()
    io.console.print(rules_panel(announce, f"{session.title} tournament — house rules",
                                  False))
    for line in bot_lines(session.players, bots):
        io.console.print(line)
    io.console.print("Type ? at the prompt for the short forms, rules for the house rules, "
                     "q to leave the table.")
    if history is not None:
        history.begin(session.title, announce + "\nCards you did not see are written ??.")
    ask = ask_person(session, io)
    levels: list[int] = []
    reason = "the tournament is over"

    def reject(seat: int, err: IllegalActionError) -> None:
        io.console.print(Text(f"{err} — try again", style="bold red"))

    try:
        while not session.is_finished:
            if human in session.finishes:
                io.console.print("The bots play on to the end.")
                all_bots = {**bots, human: session.make_bot(human, random.Random(0), "easy")}
                while not session.is_finished:
                    play_hand(session, hand_no=len(levels) + 1, bots=all_bots, narrate=False)
                    levels.append(session.level)
                    purse.buy(session, list(session.alive))
                    session.close_rebuys()
                break
            hand_no = len(levels) + 1
            io.console.print(Text(f"Clock: {session.clock_line()}", style="bold cyan"),
                             soft_wrap=True)
            io.console.rule(f"{session.title} tournament · hand {hand_no}")
            outcome = play_hand(
                session, hand_no=hand_no, bots=bots, human=human, ask_human=ask,
                reject=reject, when=timestamp(),
                on_lines=lambda lines: io.console.print(render_lines(lines, style="dim")),
                announce=announce.splitlines() if hand_no == 1 else ())
            levels.append(session.level)
            io.console.print(render_table(session.snapshot(outcome.state, human)))
            io.console.print(Panel(render_lines(list(outcome.result.summary)),
                                   title=result_title([*outcome.record.lines,
                                                       *outcome.result.summary]),
                                   title_align="left", expand=False))
            if history is not None:
                history.append(format_hand(outcome.record))
                record_phh(history, session, hand_no, outcome.state, reader=human)
            lines = _human_buys(session, human, io)
            lines += purse.buy(session, [s for s in session.alive if s != human])
            lines += session.close_rebuys()
            for line in lines:
                io.console.print(Text(line, style="yellow"))
            if pause and not session.is_finished and human not in session.finishes:
                wait_between_hands(session, io, "Enter: next hand · rules · q: leave > ",
                                   "deals the next hand")
    except (Quit, KeyboardInterrupt, EOFError) as stop:
        reason = "you left the table" if isinstance(stop, Quit) else "interrupted"
        io.console.print()
    io.console.print(standings_table(session))
    io.console.print(f"Tournament over ({reason}) after {len(levels)} hand(s).")
    if history is not None:
        io.console.print(f"Hand history: {history.path}", soft_wrap=True)
    return TournamentResult(len(levels), tuple(levels), _standings(session), reason)


def _human_buys(session: TournamentSession, human: int, io: TableIO) -> list[str]:
    """Offer the player a rebuy when out of chips, and the add-on when it is sold."""
    lines: list[str] = []
    s = session.structure
    if human in session.pending and s.rebuys is not None:
        if confirmed(f"You are out of chips. Rebuy {readable(s.rebuys.chips)} chips for "
                      f"{readable(s.rebuys.price)}? (y/n)", io):
            session.rebuy(human)
            lines.append(f"{session.players[human]}: rebuys")
        else:
            lines.extend(session.decline_rebuy(human))
    if session.add_on_offered(human) and s.add_on is not None and confirmed(
            f"The rebuy period is over. Take the add-on, {readable(s.add_on.chips)} chips "
            f"for {readable(s.add_on.price)}? (y/n)", io):
        session.add_on(human)
        lines.append(f"{session.players[human]}: takes the add-on")
    return lines
