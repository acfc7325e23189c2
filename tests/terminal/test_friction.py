"""What a newcomer trips over at the terminal, each shown on a screen: help about the game
and the moment, card picks that ask again, the Hearts Poker pass, dealer's choice's
numbering and words, the banner on a small terminal, and the help screens."""

from __future__ import annotations

import io
import os
import random
import re
from pathlib import Path

import pexpect
import pytest
from pty_harness import POKERROOM, answer_for, clean, drive, play_one_hand
from rich.console import Console

from pokerroom.games import get_game
from pokerroom.terminal.driver import play_hand
from pokerroom.terminal.loop import TableIO, play_session
from pokerroom.terminal.rotation import DealersChoice
from pokerroom.terminal.seating import build_session


@pytest.mark.rule("herbie-3.2")
def test_help_on_a_three_card_draw_and_a_bad_pick_asks_again() -> None:
    """Herbie, seed 3: in, then ? at the draw, then two bad picks and a good one."""
    screens = drive(["herbie", "--seed", "3"], ["in", "?", "d Zz", "d 1 7", "d 1 2", "q"])
    help_screen = screens[2]
    assert "Herbie: the draw. What you can type now:" in help_screen
    assert "d 1 3" in help_screen and "d 1 4" not in help_screen
    assert "d 2         throw card 2 (positions run 1-3 from the left) and draw one" \
        in help_screen
    assert "pat         keep every card" in help_screen
    assert "Short forms" not in help_screen              # no fixed wall of text
    assert "bad card 'Zz'" in screens[3]
    assert "card positions run 1 to 3, not 7" in screens[4]
    assert screens[4].endswith("\n> ")                 # asked again
    assert "You: discards 2 cards" in screens[5]


@pytest.mark.rule("tcp-play-equals-ante", "tcp-wagers")
def test_help_at_three_card_poker_explains_its_own_wagers_and_play() -> None:
    screens = drive(["three-card-poker", "--seed", "2"], ["?", "w 10", "?", "play", "q"])
    assert "w           place your wagers: w 10 bets an Ante of 10" in screens[1]
    decision = screens[3]
    assert "play        play (or c): make the Play bet, equal to your Ante" in decision
    assert "f           fold" in decision
    assert "d 1 4" not in decision and "in          stay in" not in decision


@pytest.mark.rule("hearts-first-pass")
def test_the_hearts_pass_counts_positions_over_its_cards_and_reads_no_words() -> None:
    """Hearts Poker, seed 3: checks to the first pass; `play` is no card, `p 3` is past
    the two cards that may be passed, `p 1` passes the first of them."""
    screens = drive(["hearts-poker", "--seed", "3"], ["k", "play", "p 3", "p 1", "q"])
    assert "Your move: p CARD pass to seat 2 (9d 4h)" in screens[1]
    assert "unknown command 'play'" in screens[2]
    assert "card positions run 1 to 2, not 3" in screens[3]
    told = screens[4]
    assert "You pass [9d] to Ann" in told and "You passes" not in told
    assert "You have chosen (pass-left)" in told and "You: has chosen" not in told
    # the last to choose is named before the passes are shown
    before_pass = told[:told.index("*** FIRST PASS ***")]
    assert "Dev has chosen (pass-left)" in before_pass


@pytest.mark.rule("holdem-intro")
def test_a_pot_nobody_contested_is_a_result_not_a_showdown() -> None:
    """Hold'em, seed 21, four seats, the rule-of-thumb bots: fold at once, and they fold."""
    screens = drive(["holdem", "--seed", "21", "--seats", "4", "--bots", "easy"],
                     ["f", "q"])
    end = screens[1]
    assert "╭─ Result" in end and "╭─ Showdown" not in end


@pytest.mark.rule("supp-announce")
def test_on_an_80_by_24_terminal_the_house_rules_stay_in_sight_until_the_first_prompt(
        ) -> None:
    """A short banner, then a prompt before the first deal: the banner is read before
    the hand's lines push it off the screen; rules shows every house rule."""
    screens = drive(["hearts-poker", "--seed", "3"], ["rules", "", "q"], rows=24, cols=80)
    first = screens[0]
    assert len(first[first.index("Hearts Poker — house rules"):].splitlines()) <= 24
    assert "type rules at the prompt to read them all" in first
    assert "Table: 5 players, 1,000 chips each" in first
    assert first.rstrip().endswith("Enter: deal the first hand · rules · q: leave >")
    assert "hand 1" not in first
    everything = " ".join(screens[1].replace("│", " ").split())
    assert "queen of spades forces out the higher of the two hand cards" in everything
    assert "Hearts Poker · hand 1" in screens[2]


def _auto(limit: int) -> tuple[TableIO, io.StringIO]:
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
def test_dealers_choice_numbers_each_table_as_its_header() -> None:
    table = DealersChoice.create(seats=5, seed=12, name="You", stack=300)
    table_io, out = _auto(limit=2000)
    play_session(table, human=0, io=table_io, seed=12, history=None, hands=7, level="easy")
    screen = out.getvalue()
    headers = re.findall(r"─ (.+?) · hand (\d+) ─", screen)
    assert ("Omaha", "6") in headers
    tables = set(re.findall(r"╭─ (\w[\w' ]*?) \(.*?\) · hand (\d+) ·", screen))
    assert ("Omaha", "6") in tables and ("Omaha", "1") not in tables


@pytest.mark.rule("supp-raise-cap")
def test_the_announcement_counts_one_raise_as_one() -> None:
    session = build_session(get_game("lowball-a5"), seats=4, stakes=None,
                            house_rules=("raise_cap=2",), seed=1, name="You")
    assert "(a bet and 1 raise multi-way" in session.announce()


@pytest.mark.rule("hearts-queen-spades")
def test_the_queen_of_spades_forced_discard_is_told() -> None:
    """Bots-only Hearts Poker until a shown hand holds the queen of spades in hand."""
    entry = get_game("hearts-poker")
    for seed in range(400):
        session = build_session(entry, seats=5, stakes=None, house_rules=(), seed=seed,
                                name="x", bots_only=True)
        bots = {s: session.make_bot(s, random.Random(s)) for s in range(5)}
        outcome = play_hand(session, hand_no=1, bots=bots, reveal=True)
        told = [line for line in outcome.record.lines if "queen of spades forces out" in line]
        shows = [line for line in outcome.record.lines
                 if (hand := re.search(r": shows \[(\S\S) (\S\S)", line)) and
                 "Qs" in hand.groups()]
        if shows:
            assert told, outcome.record.lines
            assert re.search(r"'s queen of spades forces out \S\S: it does not play", told[0])
            return
    pytest.fail("no shown hand held the queen of spades in 400 deals")


def test_play_help_wraps_whole_paragraphs_and_history_help_has_no_markup() -> None:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="80", TERM="dumb")
    play_help = clean(pexpect.run(f"{POKERROOM} play --help", env=env, encoding="utf-8"))
    prose = play_help[play_help.index("The house rules"):play_help.index("╭─ Arguments")]
    lines = [line.strip() for line in prose.strip().splitlines()]
    assert all(len(line) > 60 for line in lines[:-1]), lines   # no line broken short
    history_help = clean(pexpect.run(f"{POKERROOM} history --help", env=env,
                                     encoding="utf-8"))
    assert "``" not in history_help and "(.phh, .phhs)" in history_help


@pytest.mark.rule("lowball-9")
def test_the_draw_is_titled_the_draw_while_players_draw(tmp_path: Path) -> None:
    """Deuce-to-seven, seed 2: the table drawn for your draw is "the draw", never "after
    the draw" before anyone has drawn."""
    session = play_one_hand("lowball-27", "--seed", "2", history_dir=tmp_path)
    screen = session.screen
    moves = screen.index("Your move: d ")
    title = screen.rfind("╭─ ", 0, moves)
    assert "· the draw ─" in screen[title:moves].splitlines()[0]
    assert "after the draw ─" not in screen[:moves]


@pytest.mark.parametrize(("args", "words"), [
    (["holdem", "--seats", "20"], "error: Texas hold'em seats 2 to 10 players, not 20"),
    (["--seats", "20"], "error: no game seats 20 players: dealer's choice seats 2 to 12"),
])
def test_too_many_seats_is_said_not_silently_changed(args: list[str], words: str) -> None:
    from typer.testing import CliRunner

    from pokerroom.cli import app

    result = CliRunner().invoke(app, ["play", *args, "--no-history"], input="q\n")
    assert result.exit_code == 2
    assert result.output.strip().startswith(words)
