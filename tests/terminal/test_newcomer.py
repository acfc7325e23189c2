"""What a newcomer trips over at the terminal (issue 38): names that say a betting
structure, the draw's numbers, the replay of a history, rules between hands, messages in
the words of the table, the house in the summary, the triple-draw banner and the
progress of long analyses, each shown on a screen."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from pty_harness import POKERROOM, clean, drive, play_one_hand, spawn_play

from pokerroom import games
from pokerroom.terminal.seating import build_session, named_game


def run(*args: str, cols: int = 100, timeout: float = 120, **env_vars: str) -> str:
    """The screen of ``pokerroom ARGS`` on a pseudo-terminal, ANSI styling stripped."""
    env = dict(os.environ, NO_COLOR="1", COLUMNS=str(cols), TERM="xterm", **env_vars)
    child = pexpect.spawn(POKERROOM, list(args), env=env, encoding="utf-8",
                          timeout=timeout, dimensions=(32, cols))
    try:
        child.expect(pexpect.EOF)
        return clean(child.before)
    finally:
        child.close(force=True)


def one_line(text: str) -> str:
    """``text`` with panel borders and line breaks folded to single spaces."""
    return " ".join(text.replace("│", " ").split())


# --------------------------------------------------------------- 2. names of a structure

_STRUCTURE_WORDS = {"fixed-limit": "fixed limit", "pot-limit": "pot limit",
                    "no-limit": "no limit"}


@pytest.mark.parametrize(("alias", "structure"), [("lhe", "fixed limit"),
                                                  ("plo8", "pot limit")])
def test_an_alias_that_names_a_structure_deals_it(alias: str, structure: str) -> None:
    screens = drive([alias, "--seed", "1"], ["q"])
    banner = one_line(screens[0])
    assert f", {structure}, blinds 1/2" in banner
    assert f"({structure}, blinds 1/2) · hand 1" in banner


def test_every_alias_deals_the_structure_it_names_or_else_the_games_own() -> None:
    for game in games.RULEBOOK:
        default = build_session(named_game(game.name, [])[0], seats=None, stakes=None,
                                house_rules=(), seed=1, name="You").announce()
        for alias in game.aliases:
            entry, rules = named_game(alias, [])
            announce = build_session(entry, seats=None, stakes=None, house_rules=rules,
                                     seed=1, name="You").announce()
            named = game.structure_named(alias)
            if named is None:
                assert announce == default, alias
            else:
                assert f", {_STRUCTURE_WORDS[named]}, " in announce.splitlines()[0], alias


def test_a_structure_rule_against_the_name_is_refused() -> None:
    screens = drive(["lhe", "--house-rule", "structure=nl"], [])
    assert ("error: lhe is fixed-limit Texas hold'em, not no-limit: play holdem "
            "--house-rule structure=no-limit") in one_line(screens[-1])


# --------------------------------------------------------------- 3. the draw's numbers


@pytest.mark.parametrize(("rows", "cols", "first"), [(60, 100, []), (24, 80, [""])])
def test_a_number_after_d_is_a_position_and_a_big_discard_is_asked_again(
        rows: int, cols: int, first: list[str]) -> None:
    """Deuce-to-seven, seed 2: dealt 2d 2c Kc 4d 4h. The hint and the help read numbers
    as positions; d 1 2 3 4 5 is asked again (no), and d 5 throws the fifth card. On an
    80x24 terminal the table waits before the first deal (Enter)."""
    screens = drive(["lowball-27", "--seed", "2"],
                    [*first, "c", "?", "d 1 2 3 4 5", "n", "d 5", "q"], rows=rows, cols=cols)
    screens = ["".join(screens[:len(first) + 1]), *screens[len(first) + 1:]]
    assert "Dealt to You [2d 2c Kc 4d 4h]" in screens[0]
    assert "Your move: d 0..5 draw (by position: d 2, d 1 4; by card: d 4d 4h; pat)" \
        in screens[1]
    assert "d 2         throw card 2 (positions run 1-5 from the left) and draw one" \
        in screens[2]
    assert "then say which" not in screens[2]
    assert screens[3].rstrip().endswith(
        "Throw away all your 5 cards (2d 2c Kc 4d 4h) and draw 5? y/n >")
    assert "kept your cards: your move again" in screens[4]
    assert "You: discards" not in screens[4]
    assert "You: discards 1 card [4h]" in screens[5]
    assert "which 1?" not in "".join(screens)


def test_four_cards_thrown_are_thrown_once_confirmed() -> None:
    screens = drive(["lowball-27", "--seed", "2"], ["c", "d 1 2 3 4", "y", "q"])
    assert "Throw away 4 of your 5 cards (2d 2c Kc 4d) and draw 4? y/n >" in screens[2]
    assert "You: discards 4 cards [2d 2c Kc 4d]" in screens[3]


# --------------------------------------------------------------- 6. words of the table


def test_the_floor_refuses_a_move_and_a_report_in_the_words_of_the_table() -> None:
    """Three seats of hold'em: seat 3, first to act, raises to 3 (the least raise is to
    4), then a count report the rules of hold'em do not cover."""
    env = dict(os.environ, NO_COLOR="1", COLUMNS="200", TERM="xterm")
    child = pexpect.spawn(POKERROOM, ["floor", "holdem"], env=env, encoding="utf-8",
                          timeout=60, dimensions=(32, 200))
    try:
        for dealt in ("As", "Ks", "Qs", "Js", "Ts", "9s"):
            child.expect("> ")
            child.sendline(dealt)
        child.expect(r"seat 3 to act \[fold, call, raise\] > ")
        child.sendline("raise 3")
        child.expect("> ")
        refused = clean(child.before)
        child.sendline("report count 1 3")
        child.expect("> ")
        report = clean(child.before)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert ("not done: raise to 3 is not allowed now; the moves allowed: fold, call 2 or "
            "raise to 4") in refused
    assert "Option(" not in refused and "Raise(" not in refused
    assert ("not done: Texas hold'em has no ruling for \"seat 1 holds 3 cards\": it is ruled "
            "in draw, lowball and stud games") in one_line(report)
    assert "HandCardCount" not in report


def test_discard_in_a_draw_round_throws_those_cards_and_draws() -> None:
    """Deuce-to-seven, seed 2: dealt 2d 2c Kc 4d 4h; discard 2c at the draw."""
    screens = drive(["lowball-27", "--seed", "2"], ["c", "discard 2c", "q"])
    assert "Dealt to You [2d 2c Kc 4d 4h]" in screens[0]
    assert "You: discards 1 card [2c]" in screens[2]
    assert "there is no discard now" not in screens[2]


@pytest.mark.rule("hearts-first-pass")
def test_a_face_up_card_cannot_be_passed_rather_than_not_held() -> None:
    """Hearts Poker, seed 3: your hand cards 9d 4h, Td face up; p Td at the first pass."""
    screens = drive(["hearts-poker", "--seed", "3"], ["k", "p Td", "q"])
    assert "Your move: p CARD pass to seat 2 (9d 4h)" in screens[1]
    assert "Td cannot be passed now; pass exactly one of: 9d 4h" in screens[2]
    assert "you do not hold" not in screens[2]


def test_a_home_game_history_in_the_pokerstars_layout_says_it_has_no_such_game(
        tmp_path: Path) -> None:
    run("play", "herbie", "--bots-only", "--hands", "2", "--seed", "1", "--history-dir",
        str(tmp_path))
    phhs = next(tmp_path.glob("*.phhs"))
    said = one_line(run("history", "show", str(phhs), "--format", "pokerstars", cols=300))
    assert (f"error: {phhs}: the PokerStars layout has no game called Herbie; `pokerroom "
            f"history show {phhs}` prints it as it was played") in said
    assert "HERBIE" not in said


def test_a_threshold_of_two_ranks_is_told_it_needs_three() -> None:
    said = one_line(run("analyze", "three-card-poker", "--strategy", "Q-9"))
    assert ("error: 'Q-9' names 2 ranks: a threshold hand is three ranks like 'Q-6-4' (or "
            "three cards like 'Qs 6d 4c')") in said
    assert "bad card" not in said


def test_a_hearts_hand_is_told_to_add_the_board_and_the_extra_card() -> None:
    no_board = one_line(run("rank", "hearts", "Jd 5c", cols=300))
    assert ("error: hearts-poker ranks a hand with the board: add its 3 or 6 cards with "
            "--board, e.g. pokerroom rank hearts 'Jd 5c' --board 'Kh 7c 2s'") in no_board
    no_extra = one_line(run("rank", "hearts", "Jd 5c", "--board", "Kh 7c 2s", cols=300))
    assert ("error: the jack of diamonds earns an extra card: write it after the two hand "
            "cards, e.g. 'Jd 5c 9c'") in no_extra
    ranked = run("rank", "hearts", "Jd 5c 9c", "--board", "Kh 7c 2s")
    assert "high card: king high" in ranked


# --------------------------------------------------------------- 5. between hands


@pytest.mark.rule("supp-announce")
def test_rules_and_help_between_hands_do_not_deal_the_next_hand() -> None:
    """Hold'em, seed 21, four seats, the rule-of-thumb bots: fold at once; between hands
    rules, ?, and a word that is no command, then leave: no second hand is dealt."""
    screens = drive(["holdem", "--seed", "21", "--seats", "4", "--bots", "easy"],
                    ["f", "rules", "?", "deal", "q"])
    assert screens[1].rstrip().endswith("Enter: next hand · rules · q: leave >")
    assert "Texas hold'em — house rules" in screens[2]
    assert "a new player waits for the big blind" in one_line(screens[2])
    assert ("Here Enter deals the next hand, rules shows the house rules, q leaves the "
            "table.") in one_line(screens[3])
    assert "unknown command 'deal' here: Enter deals the next hand" in screens[4]
    assert all("hand 2" not in screen for screen in screens)
    assert "Session over (you left the table) after 1 hand(s)." in screens[5]


# --------------------------------------------------------------- 4. the replay of a history


@pytest.mark.rule("holdem-intro")
def test_the_history_named_at_the_end_of_play_replays_with_the_players_names(
        tmp_path: Path) -> None:
    """Hold'em, seed 21, four seats: one hand played safely, then `pokerroom replay` of
    the file `play` named at the end."""
    session = play_one_hand("holdem", "--seed", "21", "--seats", "4", "--bots", "easy",
                            history_dir=tmp_path)
    assert session.history is not None and session.history.suffix == ".txt"
    replayed = run("replay", str(session.history), cols=300)
    assert f"replaying {session.history.with_suffix('.phhs')}, the PHH file written beside " \
           f"{session.history.name}" in replayed
    assert "hand 1: Texas hold'em: 4 players, hand over" in replayed
    rows = re.findall(r"^  (\w+) \(seat (\d), p\d\): \d+ -> \d+$", replayed, re.MULTILINE)
    assert rows == [("You", "1"), ("Ann", "2"), ("Bob", "3"), ("Cleo", "4")]
    assert "not a PHH (TOML) file" not in replayed


def test_a_text_history_with_no_phh_beside_it_says_what_to_do(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("Hand #1\n", encoding="utf-8")
    said = one_line(run("replay", str(text), cols=300))
    assert (f"error: {text} is a text hand history and no PHH file (notes.phhs) is beside "
            f"it: `pokerroom history show {text}` prints it") in said


# --------------------------------------------------------------- 7. the house's line


@pytest.mark.rule("tcp-wagers")
def test_the_session_summary_gives_the_house_its_line_so_it_adds_to_zero() -> None:
    """Three Card Poker, seed 2: two hands (an Ante played, then an Ante and Pair Plus
    folded), then leave."""
    screens = drive(["three-card-poker", "--seed", "2"], ["w 10", "play", "", "w 10 5", "f",
                                                          "q"])
    end = screens[-1]
    players = [int(net.replace(",", "")) for net in
               re.findall(r"^  \w+ +[\d,]+ -> +[\d,]+  \(([-+][\d,]+)\)$", end, re.MULTILINE)]
    house = re.search(r"^  the house +\(([-+][\d,]+)\)$", end, re.MULTILINE)
    assert len(players) == 5 and house is not None, end
    assert sum(players) + int(house.group(1).replace(",", "")) == 0
    assert sum(players) != 0
    assert "so its line and the players' add up to zero." in one_line(end)


# --------------------------------------------------------------- 8. the triple-draw banner


@pytest.mark.rule("lowball-intro-structure")
def test_the_triple_draw_banner_says_which_rounds_play_which_bet() -> None:
    """Deuce-to-seven triple draw, seed 1: the banner, then leave at the first prompt."""
    screens = drive(["triple-draw", "--seed", "1"], ["q"])
    banner = one_line(screens[0])
    assert ("bets: 2 before the first draw and after the first draw, 4 after the second "
            "and third draws") in banner
    assert "2 before the draw, 4 after" not in banner


# --------------------------------------------------------------- 9. long analyses


def test_a_simulation_without_a_seed_prints_the_one_it_chose_and_it_repeats() -> None:
    first = one_line(run("simulate", "three-card-poker", "--rounds", "2000", cols=200))
    chosen = re.search(r"seed (\d+) \(--seed (\d+) repeats it\)", first)
    assert chosen is not None and chosen.group(1) == chosen.group(2), first
    assert "seed None" not in first
    again = one_line(run("simulate", "three-card-poker", "--rounds", "2000", "--seed",
                         chosen.group(1), cols=200))
    assert again[again.index("wager"):] == first[first.index("wager"):]


_BAR = "━"


def test_a_long_analysis_shows_a_progress_bar_on_a_terminal_only() -> None:
    """The bar is drawn at once here (POKERROOM_PROGRESS_AFTER=0), as it is after a second
    of work; --json and a stderr that is not a terminal get none."""
    screen = run("analyze", "three-card-poker", POKERROOM_PROGRESS_AFTER="0")
    assert "enumerating" in screen and _BAR in screen
    assert "house edge" in screen
    machine = run("analyze", "three-card-poker", "--json", POKERROOM_PROGRESS_AFTER="0")
    assert "enumerating" not in machine and _BAR not in machine
    assert json.loads(machine)
    piped = subprocess.run([POKERROOM, "simulate", "three-card-poker", "--rounds", "2000",
                            "--seed", "1"], capture_output=True, text=True, check=True,
                           env=dict(os.environ, POKERROOM_PROGRESS_AFTER="0"))
    assert piped.stderr == "" and "simulating" not in piped.stdout


def test_analyze_says_where_it_enumerates_and_where_it_simulates() -> None:
    said = one_line(run("analyze", "--help"))
    assert "exact enumeration where it is cheap" in said and "Monte Carlo beyond" in said
    assert "Exact analysis of a game by full enumeration" not in said


# --------------------------------------------------------------- 10. the first deal


def _compiled(folder: Path) -> set[str]:
    """The numba overloads compiled into ``folder`` (one ``.nbc`` file each)."""
    return {str(path.relative_to(folder)) for path in folder.rglob("*.nbc")}


def test_after_the_install_warm_up_the_first_deal_compiles_nothing(tmp_path: Path) -> None:
    """Empty numba and table caches, as on a fresh install; the warm-up `make install`
    runs (here for hold'em alone), then a first session of hold'em to its first prompt:
    it finds every kernel and table it needs already there."""
    numba, tables = tmp_path / "numba", tmp_path / "tables"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(numba), POKERROOM_CACHE_DIR=str(tables))
    subprocess.run([sys.executable, "-m", "pokerroom.terminal.warmup", "holdem"], env=env,
                   check=True, capture_output=True, timeout=600)
    warmed, built = _compiled(numba), sorted(p.name for p in tables.iterdir())
    assert warmed and built
    child = spawn_play(["holdem", "--seed", "1", "--no-history"], rows=60, cols=100,
                       timeout=300, env=env)
    try:
        child.expect(r"· hand 1 ─")
        child.expect(r"> $")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert _compiled(numba) == warmed
    assert sorted(p.name for p in tables.iterdir()) == built
