"""The table drawing: whose turn, cards face up and down, pots and side pots, the moves."""

from __future__ import annotations

import io

from rich.console import Console

from pokerroom.cards import parse_cards
from pokerroom.tableview import SeatSnapshot, View
from pokerroom.terminal.render import cards_text, render_moves, render_table


def _text(snap: View) -> str:
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    console.print(render_table(snap))
    return console.export_text()


def test_turn_button_stacks_and_pots() -> None:
    snap = View(
        game="Seven-card stud", street="fifth street", hand_no=4, you=1, to_act=(2,),
        pots=(("main pot", 60), ("side pot 1", 20)), seats=(
            SeatSnapshot(0, "Ann", 0, 0, parse_cards("?? ?? 7h 8h 2s"), (False, False, True,
                                                                        True, True),
                         status="all in"),
            SeatSnapshot(1, "You", 140, 10, parse_cards("As Kd 7c 8c 9c"),
                         (False, False, True, True, True), note="ace high"),
            SeatSnapshot(2, "Bob", 90, 20, parse_cards("?? ?? Qs Qd 3c"),
                         (False, False, True, True, True), marker="D")))
    text = _text(snap)
    assert "Seven-card stud · hand 4 · fifth street" in text
    assert "main pot 60   side pot 1 20   bets 30" in text
    assert "[A♠ K♦] 7♣ 8♣ 9♣" in text              # your own hole cards bracketed
    assert "?? ?? 7♥ 8♥ 2♠" in text                 # theirs hidden, the upcards shown
    bob = next(line for line in text.splitlines() if "Bob" in line)
    assert "▶ 3" in bob and "Bob D" in bob          # Bob's turn, Bob has the button
    assert "all in" in text and "ace high" in text


def test_extra_hands_and_joker() -> None:
    snap = View(game="Herbie", you=0, pots=(("pot", 8),),
                         extra_hands=(("Herbie", parse_cards("?? ?? ??")),),
                         seats=(SeatSnapshot(0, "You", 10, cards=parse_cards("2h Jk 9d")),))
    text = _text(snap)
    assert "Herbie  ?? ?? ??   pot 8" in text
    assert cards_text(parse_cards("2h Jk")).plain == "2♥ Jk"


def test_moves_line() -> None:
    assert render_moves(["f fold", "c call 2"]).plain == "Your move: f fold  |  c call 2"
