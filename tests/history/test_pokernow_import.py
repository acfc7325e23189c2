"""PokerNow CSV logs import into PHH and replay, cross-checked against
``pokernow-log-parser`` (a PyPI parser of PokerNow logs): the same hands, players,
actions and stacks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokerroom.cli import commands_registry  # noqa: F401
from pokerroom.cli.app import app
from pokerroom.history.phh import phh_to_hand, player_seats
from pokerroom.history.pokernow import read_pokernow

from .pokernow_log import session_log

pokernow_parser = pytest.importorskip("pokernow_parser")
FIXTURE = Path(__file__).parent / "fixtures" / "pokernow_session.csv"


def _finals(data: dict[str, Any]) -> dict[str, int]:
    hand = phh_to_hand(data)
    return dict(zip(data["players"], (hand.final_stacks[s] for s in player_seats(hand)),
                    strict=True))


def _check_against_the_parser(text: str) -> dict[int, dict[str, Any]]:
    result = read_pokernow(text, "log.csv")
    assert result.problems == []
    log = pokernow_parser.parse_string(text)
    assert sorted(result.hands) == [h.number for h in log.hands]
    for parsed in log.hands:
        mine = result.hands[parsed.number]
        names = {seat.player: seat.player.rsplit(" @ ", 1)[0] for seat in parsed.seats}
        assert sorted(mine["players"]) == sorted(names.values())
        starting = dict(zip(mine["players"], mine["starting_stacks"], strict=True))
        assert {names[s.player]: int(s.stack) for s in parsed.seats} == starting
        finals = _finals(mine)
        for player, net in parsed.net_results.items():
            assert finals[names[player]] - starting[names[player]] == int(net)
        voluntary = [a for a in parsed.actions if a.action.value in
                     ("fold", "check", "call", "bet", "raise")]
        phh_moves = [line for line in mine["actions"] if not line.startswith("d ")]
        assert len(voluntary) == len(phh_moves)
        for action, line in zip(voluntary, phh_moves, strict=True):
            p = int(line.split()[0][1:])
            assert names[action.player] == mine["players"][p - 1]
            verb = line.split()[1]
            assert verb == {"fold": "f", "check": "cc", "call": "cc", "bet": "cbr",
                            "raise": "cbr"}[action.action.value]
            if verb == "cbr":
                assert int(line.split()[2]) == int(action.amount)
    return result.hands


@pytest.mark.parametrize("game", ["holdem", "omaha", "omaha-hilo"])
def test_logs_of_bot_play_import_as_the_parser_reads_them(bot_hands: Any, game: str) -> None:
    hands = bot_hands(game, 500, seats=6)
    played = {n: phh_to_hand(d) for n, d in hands.items()}
    names = {seat: f"Bot{seat + 1}" for seat in range(6)}
    imported = _check_against_the_parser(session_log(played, names))
    for number, hand in played.items():
        finals = {names[s]: hand.final_stacks[s] for s in hand.deal_order}
        assert _finals(imported[number]) == finals


def test_the_written_fixture_imports_and_replays(tmp_path: Path) -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    hands = _check_against_the_parser(text)
    assert len(hands) == 4
    out = tmp_path / "pokernow.phhs"
    result = CliRunner().invoke(app, ["import", str(FIXTURE), "-o", str(out)])
    assert result.exit_code == 0, result.output
    replayed = CliRunner().invoke(app, ["replay", str(out), "--json"])
    assert replayed.exit_code == 0, replayed.output
    rows = json.loads(replayed.output)
    assert [row["variant"] for row in rows] == ["holdem"] * 3 + ["omaha"]
    # hand 4 of the fixture: Bob (small blind) wins 180 with kings; Cy folds his big
    # blind; Ann (dealer) calls 80 in all and loses
    assert rows[3]["finishing_stacks"] == [810 - 80 + 180, 1060 - 20, 1130 - 80]


def test_a_line_it_cannot_read_is_named(tmp_path: Path) -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    lines = text.splitlines()
    target = next(i for i, line in enumerate(lines) if '" checks' in line)
    lines[target] = lines[target].replace(" checks", " dances")
    broken = tmp_path / "broken.csv"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["import", str(broken), "-o", str(tmp_path / "b.phhs")])
    assert result.exit_code == 1
    assert f"{broken}:{target + 1}: a line pokerroom cannot read" in result.output
    assert "3 hand(s) written" in result.output


def test_a_fold_where_a_check_was_possible_imports_as_the_log_has_it() -> None:
    """PokerNow, as PokerStars, lets a player fold with no bet to face: the hand carries
    the house rule ``free_fold`` and replays the fold, not a check in its place."""
    from pokerroom.core import DEALER, Call, Check, Fold
    from pokerroom.engine import GameConfig, HouseRules

    from .pokernow_log import session_log

    config = GameConfig.of("holdem", "no limit", blinds=(1, 2),
                           rules=HouseRules(free_fold=True))
    hand = config.new_hand([100, 100, 100], button=0, deck=config.deck_cards())
    for step in (Call(0), Call(1), Check(2), "flop", Fold(1), Check(2), Check(0), "turn",
                 Check(2), Check(0), "river", Check(2), Check(0)):
        while hand.actors == (DEALER,):
            hand.advance()
        if not isinstance(step, str):
            hand.apply(step)
    while not hand.is_over:
        hand.advance()
    result = read_pokernow(session_log({1: hand}, {0: "Ann", 1: "Bob", 2: "Cy"}), "log.csv")
    assert result.problems == []
    data = result.hands[1]
    assert data["_house_rules"] == {"free_fold": True}
    assert _finals(data) == {name: hand.final_stacks[seat] for seat, name
                             in ((0, "Ann"), (1, "Bob"), (2, "Cy"))}
