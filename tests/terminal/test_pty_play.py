"""``pokerroom play`` at a real pseudo-terminal: one full hand of a game of each family
(button, stud, draw, Guts, Herbie, Hearts Poker, Three Card Poker), checking what the
screen shows and the hand history the session wrote."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pty_harness import Session, play_one_hand


def _common(session: Session, title: str) -> str:
    """Checks every game's screen and history pass; returns the history text."""
    screen = session.screen
    assert "house rules" in screen                      # announced before the first deal
    assert "Your move:" in screen                       # the legal moves were offered
    assert "Showdown" in screen                         # the hand's summary panel
    assert "Session over (you left the table) after 1 hand(s)." in screen
    assert session.history is not None and session.history.exists()
    text = session.history.read_text(encoding="utf-8")
    assert re.search(rf"^pokerroom Hand #1: {re.escape(title)} \(", text, re.MULTILINE)
    assert "*** SUMMARY ***" in text
    assert "Seat 1: You (" in text
    return text


@pytest.mark.rule("holdem-intro", "supp-announce")
def test_holdem_hand_at_the_terminal(tmp_path: Path) -> None:
    session = play_one_hand("holdem", "--seed", "5", history_dir=tmp_path)
    text = _common(session, "Texas hold'em")
    screen = session.screen
    assert "Texas hold'em, no limit, blinds 1/2" in screen
    assert re.search(r"Board\s+\S+ \S+ \S+", screen)    # the flop drawn on the table
    assert "*** HOLE CARDS ***" in text and "Dealt to You [" in text
    assert session.history is not None
    assert session.history.with_suffix(".phhs").read_text().startswith("[1]\nvariant = \"NT\"")
    assert "posts small blind 1" in text and "posts big blind 2" in text
    # only the player's own hole cards are told; the bots' stay hidden unless shown
    dealt = re.findall(r"^Dealt to (\w+) \[", text, re.MULTILINE)
    assert dealt == ["You"]


@pytest.mark.rule("stud-intro")
def test_stud_hand_at_the_terminal(tmp_path: Path) -> None:
    session = play_one_hand("stud", "--seed", "3", history_dir=tmp_path)
    text = _common(session, "Seven-card stud")
    assert "*** 3rd STREET ***" in text
    assert "bring-in 2" in session.screen
    assert re.search(r"brings in for 2|completes to", text)
    # face-down cards of the player's own hand are bracketed on the table
    assert re.search(r"\[\S\S \S\S\] \S\S", session.screen)


@pytest.mark.rule("27-intro")
def test_draw_hand_at_the_terminal(tmp_path: Path) -> None:
    session = play_one_hand("lowball-27", "--seed", "5", history_dir=tmp_path)
    text = _common(session, "Deuce-to-seven lowball, single draw")
    assert "pat" in session.answers
    assert "*** DRAW ***" in text
    assert "You: stands pat" in text


@pytest.mark.rule("guts-declare-in-turn", "guts-deal")
def test_guts_hand_at_the_terminal(tmp_path: Path) -> None:
    session = play_one_hand("guts2", "--seed", "5", history_dir=tmp_path)
    text = _common(session, "Guts (two-card)")
    assert session.answers[0] == "in"
    assert "in | out" in session.screen
    assert "Players declare in or out in turn" in text
    assert "You: in" in text
    assert "*** DEAL ***" in text


@pytest.mark.rule("herbie-3.1", "herbie-4-intro", "herbie-1.4")
def test_herbie_hand_at_the_terminal(tmp_path: Path) -> None:
    session = play_one_hand("herbie", "--seed", "5", history_dir=tmp_path)
    text = _common(session, "Herbie")
    assert "Herbie  ?? ?? ??" in session.screen          # Herbie's hand, face down
    assert re.search(r"^Herbie: shows \[\S\S \S\S \S\S\] \(", text, re.MULTILINE)
    assert "Herbie, 5 players, ante 1." in session.screen
    assert "Table: 5 players, 1,000 chips each" in session.screen   # make play's defaults
    # the odd-card reading is announced before the first deal, and played
    assert "Pairs: a pair's odd card does not count" in session.screen
    assert " kicker" not in text
    assert "Deuces, fours and tens are wild" in text    # the history header has it all


@pytest.mark.rule("hearts-first-pass", "hearts-second-pass", "hearts-discard")
def test_hearts_poker_hand_at_the_terminal(tmp_path: Path) -> None:
    session = play_one_hand("hearts-poker", "--seed", "5", history_dir=tmp_path)
    text = _common(session, "Hearts Poker")
    assert any(a.startswith("p ") for a in session.answers)
    assert "x 1" in session.answers
    assert "*** FIRST PASS ***" in text and "*** SECOND PASS ***" in text
    assert "*** DISCARD ***" in text and "*** COMMUNITY ***" in text


@pytest.mark.rule("tcp-banked", "tcp-play-equals-ante")
def test_three_card_poker_round_at_the_terminal(tmp_path: Path) -> None:
    session = play_one_hand("three-card-poker", "--seed", "5", history_dir=tmp_path)
    text = _common(session, "Three Card Poker")
    assert session.answers[:2] == ["w 10 5", "play"]
    assert "Pair Plus 1-4-6-30-40" in session.screen     # the posted pay table
    assert "You: plays (10)" in text                     # the Play bet equals the Ante
    assert re.search(r"Dealer shows \[\S\S \S\S \S\S\]", text)
    assert "to the house" in text or "by the house" in text


def test_bad_input_reprompts_and_eof_leaves_cleanly(tmp_path: Path) -> None:
    import pexpect
    from pty_harness import clean, spawn_play

    child = spawn_play(["holdem", "--seed", "5", "--history-dir", str(tmp_path)])
    seen = []
    # a 24-row terminal: Enter deals the first hand after the short banner
    for line in ("", "r 1", "zz"):                       # below the minimum; not a command
        child.expect("> $")
        seen.append(child.before)
        child.sendline(line)
    child.expect("> $")
    seen.append(child.before)
    child.sendeof()                                      # Ctrl-D: leave
    child.expect(pexpect.EOF)
    seen.append(child.before)
    screen = clean("".join(seen))
    child.close()
    assert "raise to 4 to 1000, not 1" in screen
    assert "unknown command 'zz'" in screen
    assert "Session over (interrupted)" in screen
    assert re.search(r"Hand history: \S+holdem-\S+\.txt", screen)
    assert child.exitstatus == 0


def test_ctrl_c_leaves_cleanly(tmp_path: Path) -> None:
    import pexpect
    from pty_harness import clean, press_ctrl_c, spawn_play

    child = spawn_play(["guts2", "--seed", "1", "--history-dir", str(tmp_path)])
    child.expect("> $")
    press_ctrl_c(child)
    child.expect(pexpect.EOF)
    screen = clean(child.before or "")
    child.close()
    assert "Traceback" not in screen
    assert "Hand history:" in screen
    assert child.exitstatus == 0


@pytest.mark.rule("supp-announce")
def test_make_play_deals_dealers_choice(tmp_path: Path) -> None:
    """`make play` runs `pokerroom play` with no game: dealer's choice opens with a real
    hand of hold'em at once."""
    session = play_one_hand("--seed", "2", history_dir=tmp_path)
    text = _common(session, "Texas hold'em")
    assert "Dealer's choice: Texas hold'em, Omaha" in session.screen
    assert session.history is not None and session.history.name.startswith("dealers-choice-")
    assert "*** HOLE CARDS ***" in text
