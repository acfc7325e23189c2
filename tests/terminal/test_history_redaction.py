"""The histories the terminal writes never show a card their reader did not see.

A player's history is written from the player's seat; a bots-only history from an
onlooker's, unless ``--reveal`` asks for every card (a study run). Hidden cards are
written ``??`` in the PHH (``.phhs``) files, and a redacted PHH still replays.
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from pathlib import Path

import pexpect
import pytest
from pty_harness import clean, spawn_play
from typer.testing import CliRunner

from pokerroom.cards import Card, parse_cards
from pokerroom.cli import app
from pokerroom.core import Action, HandState
from pokerroom.games import all_games, get_game, variants
from pokerroom.history.phh import hidden_cards, phh_to_hand
from pokerroom.history.redaction import card_slots
from pokerroom.history.text import format_hand
from pokerroom.session import Session
from pokerroom.tableview import Bot
from pokerroom.terminal.driver import play_hand, seat_view
from pokerroom.terminal.histfile import HistoryFile, record_phh
from pokerroom.terminal.seating import build_session

CARD = re.compile(r"\b(?:[2-9TJQKA][cdhs]|Jk)\b")
GAMES = [g.name for g in all_games()]
POKER = [g.name for g in all_games() if g.family == "poker"]
runner = CliRunner()


def _cards(text: str) -> set[Card]:
    return {parse_cards(token)[0] for token in CARD.findall(text)}


def _phh_cards(lines: list[str]) -> set[Card]:
    """The known cards PHH lines name (runs such as ``AcKh``, ``??`` skipped)."""
    found: set[Card] = set()
    for line in lines:
        word = line.split("#")[0].split()[-1]
        for i in range(0, len(word), 2):
            if CARD.fullmatch(word[i:i + 2]):
                found.add(parse_cards(word[i:i + 2])[0])
    return found


def seen_cards(state: HandState, reader: int | None) -> set[Card]:
    """The cards ``reader`` saw somewhere in the hand."""
    return {slot.card for slot in card_slots(state, reader) if slot.seen}


def _dealt(state: HandState) -> set[Card]:
    """Every card in the hand's full log."""
    return {slot.card for slot in card_slots(state, None)}


def _hands(game: str, *, reader: int | None, count: int, seed: int, tmp_path: Path,
           reveal: bool = False) -> list[tuple[HandState, str, HistoryFile]]:
    session: Session = build_session(get_game(game), seats=None, stakes=None,
                                      house_rules=(), seed=seed, name="You",
                                      bots_only=reader is None)
    rng = random.Random(seed)
    bots: dict[int, Bot] = {s: session.make_bot(s, rng) for s in range(len(session.players))}

    def me(state: HandState, seat: int) -> Action:
        return bots[seat].act(seat_view(session, state, seat))

    history = HistoryFile.create(tmp_path, game, seed=seed)
    out = []
    for number in range(1, count + 1):
        outcome = play_hand(session, hand_no=number, bots=bots, human=reader,
                            ask_human=me if reader is not None else None, reveal=reveal)
        record_phh(history, session, number, outcome.state, reader=reader, reveal=reveal)
        out.append((outcome.state, format_hand(outcome.record), history))
        if session.is_finished and not session.capabilities.continues_after_game:
            break
    return out


@pytest.mark.rule("supp-announce", "holdem-intro", "herbie-2.2", "guts-deal", "hearts-deal",
                  "tcp-no-sharing", "stud-intro")
@pytest.mark.parametrize("reader", [0, None])
@pytest.mark.parametrize("game", GAMES)
def test_every_history_shows_only_the_cards_its_reader_saw(game: str, reader: int | None,
                                                           tmp_path: Path) -> None:
    hidden_somewhere = False
    for state, text, _ in _hands(game, reader=reader, count=6, seed=21, tmp_path=tmp_path):
        seen = seen_cards(state, reader)
        assert _cards(text) <= seen, (game, sorted(_cards(text) - seen))
        hidden_somewhere |= bool(_dealt(state) - seen)
    assert hidden_somewhere, game


@pytest.mark.rule("holdem-intro", "stud-intro", "lowball-9")
@pytest.mark.parametrize("reader", [0, None])
@pytest.mark.parametrize("game", POKER)
def test_phh_histories_write_unseen_cards_as_question_marks_and_still_replay(
        game: str, reader: int | None, tmp_path: Path) -> None:
    hands = _hands(game, reader=reader, count=6, seed=21, tmp_path=tmp_path)
    data = tomllib.loads(hands[0][2].phh_path.read_text(encoding="utf-8"))
    assert [int(k) for k in data] == list(range(1, len(hands) + 1))
    hidden, named = 0, False
    for number, (state, _, _) in enumerate(hands, start=1):
        record = data[str(number)]
        seen = seen_cards(state, reader)
        written = _phh_cards([*record["actions"], *record["_burns"]])
        assert written <= seen, sorted(written - seen)
        named |= bool(written)
        hidden += hidden_cards(record)
        replayed = phh_to_hand(record, variants=variants())  # hidden cards: stand-ins
        assert list(replayed.final_stacks) == list(state.final_stacks)  # type: ignore[attr-defined]
    assert hidden > 0 and named


@pytest.mark.rule("holdem-intro")
@pytest.mark.parametrize("game", ["holdem", "stud", "lowball-27", "herbie",
                                  "three-card-poker", "hearts-poker"])
def test_a_study_run_reveals_every_card(game: str, tmp_path: Path) -> None:
    for _state, text, history in _hands(game, reader=None, count=3, seed=5,
                                       tmp_path=tmp_path, reveal=True):
        dealt_to_seats = {line for line in text.splitlines() if line.startswith("Dealt to")}
        assert dealt_to_seats and not any("??" in line for line in dealt_to_seats), text
        if history.phh_path.exists():
            assert "??" not in history.phh_path.read_text(encoding="utf-8")


def test_cli_bots_only_redacts_unless_reveal(tmp_path: Path) -> None:
    args = ["play", "holdem", "--bots-only", "--hands", "4", "--seed", "21", "--json"]
    quiet = json.loads(runner.invoke(app, [*args, "--history-dir", str(tmp_path / "a")]
                                     ).output)
    shown = json.loads(runner.invoke(app, [*args, "--reveal", "--history-dir",
                                           str(tmp_path / "b")]).output)
    hidden_text = Path(quiet["history"]).read_text(encoding="utf-8")
    every_text = Path(shown["history"]).read_text(encoding="utf-8")
    assert "Cards no onlooker saw are written ??." in hidden_text
    assert "Every card is written (a bots-only study run, --reveal)." in every_text
    assert "Dealt to" not in hidden_text.replace("Dealt to Herbie", "")
    assert every_text.count("Dealt to ") == 4 * 5          # 4 hands, 5 players
    phh_hidden = Path(quiet["history"]).with_suffix(".phhs").read_text(encoding="utf-8")
    phh_every = Path(shown["history"]).with_suffix(".phhs").read_text(encoding="utf-8")
    assert "d dh p1 ????" in phh_hidden and "????" not in phh_every
    assert quiet["players"] == shown["players"]          # the same play either way
    result = runner.invoke(app, ["play", "holdem", "--reveal", "--history-dir",
                                 str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.strip() == ("error: --reveal is for --bots-only runs: a player's "
                                     "history shows only the cards that player saw")


@pytest.mark.rule("holdem-intro")
def test_folding_at_once_at_the_terminal_keeps_every_bot_card_out_of_the_phh(
        tmp_path: Path) -> None:
    """`pokerroom play holdem --seed 21 --bots easy` (four seats), fold at once, leave:
    the bots fold too, and the .phhs holds the player's two cards and nothing else."""
    child = spawn_play(["holdem", "--seed", "21", "--seats", "4", "--bots", "easy",
                        "--history-dir", str(tmp_path)])
    seen = []
    for answer in ("", "f", "q"):                        # Enter deals on a 24-row terminal
        child.expect("> $")
        seen.append(child.before)
        child.sendline(answer)
    child.expect(pexpect.EOF)
    seen.append(child.before)
    child.close()
    screen = clean("".join(seen))
    assert "You: folds" in screen
    (phhs,) = tmp_path.glob("*.phhs")
    hand = tomllib.loads(phhs.read_text(encoding="utf-8"))["1"]
    text = next(tmp_path.glob("*.txt")).read_text(encoding="utf-8")
    dealt = re.search(r"Dealt to You \[(\S\S) (\S\S)\]", text)
    assert dealt is not None
    deals = [a for a in hand["actions"] if a.startswith("d dh")]
    assert len(deals) == 4
    assert sum("????" in a for a in deals) == 3
    assert any(a.endswith(dealt.group(1) + dealt.group(2)) for a in deals)
    assert all(burn == "??" for burn in hand["_burns"])
    assert _phh_cards(hand["actions"]) == set(parse_cards(" ".join(dealt.groups())))
    assert "Cards you did not see are written ??." in text
