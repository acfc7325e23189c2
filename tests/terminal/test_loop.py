"""The play loop with scripted input: real games, a recording console, the history file."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from pokerroom.games import get_game
from pokerroom.history.text import split_hands
from pokerroom.terminal.histfile import HistoryFile
from pokerroom.terminal.loop import PlayResult, TableIO, play_session
from pokerroom.terminal.seating import build_session


def _script(lines: list[str] | None, *, action: str = "c",
            limit: int = 0) -> tuple[TableIO, io.StringIO, list[str]]:
    """Scripted input: the given lines in order, or (``lines=None``) ``action`` at every
    move and Enter between hands, leaving after ``limit`` prompts."""
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=False)
    asked: list[str] = []
    feed: Iterator[str] = iter(lines or [])

    def read(prompt: str) -> str:
        asked.append(prompt)
        console.print(prompt, end="")
        if lines is None:
            if limit and len(asked) > limit:
                raise EOFError
            line = "" if prompt.startswith("Enter") else action
        else:
            try:
                line = next(feed)
            except StopIteration:
                raise EOFError from None
        console.print(line)
        return line

    return TableIO(console=console, read=read), out, asked


def _play(game: str, lines: list[str] | None, tmp_path: Path, *, seed: int = 4,
          hands: int | None = None, seats: int | None = None,
          action: str = "c") -> tuple[PlayResult, str]:
    table_io, out, _ = _script(lines, action=action, limit=400)
    session = build_session(get_game(game), seats=seats, stakes=None, house_rules=(),
                            seed=seed, name="You")
    history = HistoryFile.create(tmp_path, game, seed=seed)
    result = play_session(session, human=0, io=table_io, seed=seed, history=history,
                          hands=hands)
    return result, out.getvalue()


@pytest.mark.rule("supp-announce")
def test_house_rules_are_announced_before_the_first_deal(tmp_path: Path) -> None:
    result, screen = _play("guts2", ["in", "q"], tmp_path)
    announce = screen.index("house rules")
    first_deal = screen.index("hand 1")
    assert announce < first_deal
    assert "Everyone antes when the pot is empty" in screen[announce:first_deal]
    header = result.history.read_text() if result.history else ""
    assert header.startswith("# Guts (two-card)\n# Guts, two-card, 5 players, ante 1.")


def test_bad_commands_reprompt_without_crashing(tmp_path: Path) -> None:
    result, screen = _play("guts2", ["r 50", "maybe", "?", "in", "q"], tmp_path)
    assert "you cannot raise now" in screen
    assert "unknown command 'maybe'" in screen
    assert "declaring. What you can type now:" in screen  # ? shows the help for now
    assert result.hands == 1 and result.reason == "you left the table"


@pytest.mark.rule("supp-nlpl")
def test_an_oversize_raise_is_cut_to_the_pot_limit_with_a_message(tmp_path: Path) -> None:
    result, screen = _play("omaha", ["r 100000", "q"], tmp_path)
    assert result.hands == 1 and "r 4..7 raise to" in screen
    assert "a raise to 100000 is over the maximum: cut to 7" in screen
    assert "You: raises to 7" in screen


def test_end_of_input_leaves_and_names_the_history(tmp_path: Path) -> None:
    result, screen = _play("holdem", [], tmp_path)
    assert result.reason == "interrupted" and result.unfinished
    assert "left unfinished" in screen
    assert result.history is not None
    assert re.search(r"Hand history: \S+holdem-\S+-seed4\.txt", screen)


@pytest.mark.rule("guts-single-in-takes-pot", "guts-losers-match")
def test_showdown_summary_names_hands_and_payments(tmp_path: Path) -> None:
    # play several Guts deals, always in, until someone shows a hand and someone pays
    result, screen = _play("guts2", None, tmp_path, seed=11, hands=12, action="in")
    assert result.hands >= 2
    text = result.history.read_text() if result.history else ""
    assert re.search(r": shows \[\S\S \S\S\] \((pair of \w+|\w+-\w+)\)", text)
    assert re.search(r"(collected \d+ from the pot|pays \d+ into the pot)", text)
    assert "Showdown" in screen


def test_stacks_carry_over_and_the_history_holds_every_hand(tmp_path: Path) -> None:
    # the player folds to every bet (and checks otherwise), so the blinds move the stacks
    result, _ = _play("holdem", None, tmp_path, hands=3, action="f")
    assert result.hands == 3 and result.reason == "3 hand(s) played"
    assert sum(result.stacks) == sum(result.starting)
    assert result.history is not None
    hands = split_hands(result.history.read_text())
    assert [h.hand_no for h in hands] == [1, 2, 3]
    # each hand starts with the stacks the previous one left
    seats = [re.findall(r"^Seat \d+: (\w+) \((\d+) in chips\)", h.text, re.MULTILINE)
             for h in hands]
    net = [n for n in result.nets]
    for before, after, moved in zip(seats, seats[1:], net, strict=False):
        assert [int(b) + m for (_, b), m in zip(before, moved, strict=True)] == \
            [int(a) for _, a in after]


def test_three_card_poker_wagers_at_the_prompt(tmp_path: Path) -> None:
    result, screen = _play("three-card-poker", ["w 5000", "w 10 5 2", "f", "q"], tmp_path)
    assert "need 10000 chips" in screen                  # more than the bankroll
    assert result.hands == 1
    text = result.history.read_text() if result.history else ""
    assert "You: Ante 10, Pair Plus 5, 6 Card Bonus 2" in text
    assert "You: folds" in text


@pytest.mark.rule("supp-nlpl")
def test_a_bet_facing_a_bet_is_read_as_a_raise_and_the_table_says_so(tmp_path: Path) -> None:
    _, out = _play("holdem", ["b 10"], tmp_path, seed=4)
    assert "There is a bet to you: b 10 is read as raise to 10 (r 10)." in out
    assert "You: raises" in out or "You raises" in out or "raises 8 to 10" in out


def test_make_play_and_play_game_share_the_defaults_shown_in_the_banner(
        tmp_path: Path) -> None:
    from pokerroom.terminal.rotation import DealersChoice

    _, out = _play("guts2", [], tmp_path)
    assert "Table: 5 players, 1,000 chips each (--seats and --stack change them)." in out
    rotation = DealersChoice.create(seats=None, seed=1, name="You", stack=None)
    assert rotation.stacks == (1000,) * 5
