"""Hands run twice in every history format (issue 37, section 2): PHH as PokerKit, the
standard's reader, writes several run-outs (each run-out's ``d db`` after the first
board's; ``_run_count = 2``), the PokerStars layout as PokerStars writes a board run
twice (``*** FIRST FLOP ***`` ... ``*** SECOND RIVER ***``, ``*** FIRST SHOW DOWN ***``,
``Hand was run twice``, ``FIRST Board``/``SECOND Board``), and the narration; pokerroom's
own readers read each back to the same hand."""

from __future__ import annotations

import random

import pytest

from pokerroom.core import DEALER, Bet, Call, Check, Raise
from pokerroom.engine import GameConfig
from pokerroom.engine.state import PokerHand
from pokerroom.engine.twice import run_twice, twice_refusal
from pokerroom.games import get_game
from pokerroom.history.narration_poker import PokerStory
from pokerroom.history.phh import dumps, loads, phh_to_hand
from pokerroom.history.pokerstars import pokerstars_text
from pokerroom.history.pokerstars_import import read_pokerstars
from pokerroom.history.text_encoding import decode_history

from .real_phh import REAL_HISTORIES

CONFIGS = {"holdem": GameConfig.of("holdem", "no limit", blinds=(1, 2)),
           "omaha-hilo": GameConfig.of("omaha-hilo", "pot limit", blinds=(1, 2))}


def hand_run_twice(config: GameConfig, seed: int, *, on_flop: bool) -> PokerHand:
    """Three players all in, before the flop or on it, the board run twice."""
    rng = random.Random(seed)
    hand = config.new_hand([rng.randrange(50, 300) for _ in range(3)],
                           rng=random.Random(seed))
    while not hand.is_over:
        if hand.actors == (DEALER,):
            if twice_refusal(hand) is None:
                run_twice(hand)
            hand.advance()
            continue
        seat = hand.actors[0]
        kinds = {type(o).__name__: o for o in hand.legal_actions(seat)}
        aggressive = bool(hand.board) or not on_flop
        if aggressive and "RaiseOption" in kinds:
            hand.apply(Raise(seat, kinds["RaiseOption"].max_to))  # type: ignore[attr-defined]
        elif aggressive and "BetOption" in kinds:
            hand.apply(Bet(seat, kinds["BetOption"].max_amount))  # type: ignore[attr-defined]
        elif "CheckOption" in kinds:
            hand.apply(Check(seat))
        else:
            hand.apply(Call(seat))
    assert hand.runs == 2 and hand.second_board
    return hand


CASES = [(game, seed, on_flop) for game in CONFIGS for seed in range(6)
         for on_flop in (False, True)]


@pytest.mark.parametrize(("game", "seed", "on_flop"), CASES)
def test_phh_writes_each_run_out_and_reads_back_the_same_hand(game: str, seed: int,
                                                              on_flop: bool) -> None:
    hand = hand_run_twice(CONFIGS[game], seed, on_flop=on_flop)
    text = dumps(hand)
    assert "_run_count = 2" in text and "# second run-out" in text
    assert "# the players in the pot agree to run it twice" in text
    back = loads(text)
    assert back.runs == 2 and back.run_from == hand.run_from
    assert (back.board, back.second_board) == (hand.board, hand.second_board)
    assert back.final_stacks == hand.final_stacks
    assert back.result is not None and hand.result is not None
    assert back.result.awards == hand.result.awards
    assert dumps(back) == text


@pytest.mark.parametrize(("game", "seed", "on_flop"), CASES)
def test_the_pokerstars_layout_writes_both_boards_and_reads_back_the_same_payouts(
        game: str, seed: int, on_flop: bool) -> None:
    hand = hand_run_twice(CONFIGS[game], seed, on_flop=on_flop)
    text = pokerstars_text(hand, get_game(game).pokerstars or "", tournament=None,
                           table="Alpha")
    lines = text.splitlines()
    assert "*** FIRST RIVER *** [" in text and "*** SECOND RIVER *** [" in text
    assert lines.index("*** FIRST SHOW DOWN ***") < lines.index("*** SECOND SHOW DOWN ***")
    summary = lines[lines.index("*** SUMMARY ***"):]
    assert summary[2:5] == ["Hand was run twice",
                            f"FIRST Board [{' '.join(map(repr, hand.board))}]",
                            "SECOND Board [" + " ".join(map(repr, (
                                *hand.board[:hand.run_from], *hand.second_board))) + "]"]
    imported = read_pokerstars(text, "alpha.txt")
    assert not imported.problems
    (data,) = imported.hands.values()
    assert data["_run_count"] == 2
    back = phh_to_hand(data)
    assert (back.board, back.second_board) == (hand.board, hand.second_board)
    assert back.final_stacks == hand.final_stacks


def test_the_narration_tells_both_boards_and_both_showdowns() -> None:
    hand = hand_run_twice(CONFIGS["holdem"], 1, on_flop=True)
    story = PokerStory(("Ann", "Bob", "Cy"), stud=False).tell(hand.events)
    assert "All the players in the pot agree to run it twice" in story
    assert any(line.startswith("*** FIRST TURN ***") for line in story)
    assert any(line.startswith("*** SECOND RIVER ***") for line in story)
    first, second = story.index("*** FIRST SHOW DOWN ***"), story.index(
        "*** SECOND SHOW DOWN ***")
    assert first < second
    assert all("(second board" in line for line in story[second:]
               if " collected " in line and "(first board" not in line
               and "side pot" not in line and "(" in line)


GG_STYLE = """PokerStars Hand #202: Hold'em No Limit ($0.01/$0.02) - 2024/11/03 19:36:57
Table 'Rush' 6-max Seat #1 is the button
Seat 1: Ann ($2.00 in chips)
Seat 2: Bob ($2.00 in chips)
Ann: posts small blind $0.01
Bob: posts big blind $0.02
*** HOLE CARDS ***
Ann: raises $1.98 to $2.00 and is all-in
Bob: calls $1.98 and is all-in
Ann: shows [Kc Ac]
Bob: shows [Ad Qs]
*** FIRST FLOP *** [Td 4s 8d]
*** FIRST TURN *** [Td 4s 8d] [2h]
*** FIRST RIVER *** [Td 4s 8d 2h] [7d]
*** SECOND FLOP *** [2s 9h 8c]
*** SECOND TURN *** [2s 9h 8c] [Jc]
*** SECOND RIVER *** [2s 9h 8c Jc] [Qh]
*** FIRST SHOWDOWN ***
Ann collected $1.98 from pot
*** SECOND SHOWDOWN ***
Bob collected $1.98 from pot
*** SUMMARY ***
Total pot $4.00 | Rake $0.04
Hand was run twice
FIRST Board [Td 4s 8d 2h 7d]
SECOND Board [2s 9h 8c Jc Qh]
Seat 1: Ann (button) (small blind) showed [Kc Ac] and won ($1.98), and lost
Seat 2: Bob (big blind) showed [Ad Qs] and lost, and won ($1.98)
""".replace("SHOWDOWN ***\n", "SHOWDOWN *** \n")      # as the room writes them, a space


def test_a_board_run_twice_as_the_rooms_write_it_is_read_and_replays_to_its_payouts(
) -> None:
    result = read_pokerstars(GG_STYLE, "rush.txt")
    assert not result.problems
    data = result.hands[202]
    assert data["_run_count"] == 2 and data["_rake"] == 4
    assert data["actions"][-6:] == ["d db Td4s8d", "d db 2h", "d db 7d", "d db 2s9h8c",
                                    "d db Jc", "d db Qh"]
    hand = phh_to_hand(data)
    assert [repr(c) for c in hand.second_board] == ["2s", "9h", "8c", "Jc", "Qh"]
    assert hand.result is not None
    assert sorted((a.seat, a.amount, a.share) for a in hand.result.awards) == [
        (0, 200, "second board"), (1, 200, "first board")]


_REAL = sorted((REAL_HISTORIES / "pokerstars").glob("*.txt")) \
    if (REAL_HISTORIES / "pokerstars").is_dir() else []


@pytest.mark.skipif(not _REAL, reason=f"no real PokerStars files in {REAL_HISTORIES}")
def test_the_real_boards_run_twice_import_and_pay_what_the_rooms_paid() -> None:
    """The real hands run twice of the corpus (PokerStars' and other rooms'): each one in
    hold'em or Omaha is read with both boards and replays to the payouts the history
    gives (the import checks them, the rake aside); a split hold'em hand (two boards
    from the start) and a capped game's run-out are refused by name."""
    imported, refused = 0, []
    for path in _REAL:
        text = decode_history(path.read_bytes())
        if "*** FIRST " not in text.replace("*** FIRST DRAW", ""):
            continue
        result = read_pokerstars(text, path.name)
        for data in result.hands.values():
            if data.get("_run_count") == 2:
                hand = phh_to_hand(data)
                assert hand.runs == 2 and len(hand.second_board) > 0, path.name
                imported += 1
        refused += [p.reason for p in result.problems if p.hand is not None]
    assert imported >= 4
    assert all("a game pokerroom does not deal" in why or "a board run twice" in why
               for why in refused), refused
