"""Dealer's choice: the table moves through the games, announcing each one's house rules
before its first deal, with every chip accounted for across the games."""

from __future__ import annotations

import io

import pytest
from pty_harness import answer_for
from rich.console import Console

from pokerroom.terminal.loop import TableIO, play_session
from pokerroom.terminal.rotation import DealersChoice


def _auto_io(limit: int) -> tuple[TableIO, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=False)
    count = 0

    def read(prompt: str) -> str:
        nonlocal count
        count += 1
        if count > limit:
            raise EOFError
        console.print(prompt, end="")
        reply = "" if prompt.startswith("Enter") else answer_for(out.getvalue())
        console.print(reply)
        return reply

    return TableIO(console=console, read=read), out


@pytest.mark.rule("supp-announce")
def test_dealers_choice_rotates_and_announces_each_game() -> None:
    table = DealersChoice.create(seats=5, seed=12, name="You", stack=300)
    table_io, out = _auto_io(limit=2000)
    start = sum(table.stacks)
    # the rule-of-thumb bots: a player who calls everything lasts the fourteen hands
    result = play_session(table, human=0, io=table_io, seed=12, history=None, hands=14,
                          level="easy")
    screen = out.getvalue()
    assert result.hands == 14
    assert "Dealer's choice: Texas hold'em, Omaha" in screen
    assert "Next game: Omaha — house rules" in screen     # announced before its first deal
    assert screen.index("Next game: Omaha") < screen.index("Omaha · hand")
    total = sum(table.stacks) + table.chips_held + table.house_net
    assert total == start + table.buy_ins


def test_rotation_skips_games_that_cannot_seat_the_table() -> None:
    table = DealersChoice.create(seats=2, seed=1, name="You", stack=300)
    names = [entry.name for entry in table._games]
    assert "herbie" not in names                           # Herbie needs four to ten
    assert "holdem" in names and "three-card-poker" in names
