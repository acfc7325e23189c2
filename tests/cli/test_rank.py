"""``pokerroom rank``, ``showdown`` and ``games`` through typer's test runner."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.games import RULEBOOK, all_games, get_game

runner = CliRunner()

GAME_NAMES = {game.name for game in RULEBOOK}
"""The registry's games (toy games that test suites register are not in it)."""


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def showdown_json(*args: str) -> dict[str, object]:
    code, out, err = run("showdown", *args, "--json")
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


@pytest.mark.rule("holdem-intro")
def test_rank_names_the_hand() -> None:
    code, out, _ = run("rank", "holdem", "As Kd", "--board", "Qh Jc Ts")
    assert code == 0
    assert "straight, ace high" in out
    code, out, _ = run("rank", "nlhe", "As Kd", "--board", "Qh Jc Ts", "--json")
    data = json.loads(out)
    assert data["high"]["category"] == "straight" and data["low"] is None
    assert data["has_low"] is False and data["game"] == "holdem"


@pytest.mark.rule("omaha8-intro", "omaha8-2")
def test_rank_shows_the_low_in_high_low_games() -> None:
    code, out, _ = run("rank", "omaha-hilo", "As 2s Kd Kh", "--board", "4c 5d 8h Kc Qd",
                       "--json")
    data = json.loads(out)
    assert data["high"]["description"] == "three of a kind, kings, Q-8 kickers"
    assert data["low"]["description"] == "8-5-4-2-A low"
    code, out, _ = run("rank", "stud-hilo", "As Ks Qs Js 9s 9d 9h")
    assert code == 0 and "no qualifying low" in out


@pytest.mark.rule("holdem-6")
def test_showdown_json_shape_and_split_pot() -> None:
    data = showdown_json("holdem", "--board", "9c 8d 7h 6s 5c", "2c 3d", "Ac Kd")
    assert data == {"high": {"winners": [0, 1],
                             "descriptions": ["straight, nine high", "straight, nine high"]},
                    "low": None}


@pytest.mark.rule("omaha8-2", "stud8-2")
def test_showdown_low_half() -> None:
    data = showdown_json("omaha-hilo", "--board", "4c 5d 8h Kc Qd", "As 2s Kd Kh",
                         "7c 7d 9h 9s")
    assert data["high"] == {"winners": [0], "descriptions": [
        "three of a kind, kings, Q-8 kickers", "pair of nines, K-Q-8 kickers"]}
    assert data["low"] == {"winners": [0], "descriptions": ["8-5-4-2-A low", None]}
    none = showdown_json("stud-hilo", "As Ks Qs Js 9s 9d 9h", "2c 2d 3c 3d Tc Th Td")
    assert none["low"] == {"winners": [], "descriptions": [None, None]}


@pytest.mark.rule("omaha8-2-posted", "stud8-2-posted")
def test_showdown_house_rule_qualifier() -> None:
    hands = ("9s 7d 5c 3h 2s Kd Qc", "Ts 8d 6c 4h 3s Kh Qh")
    assert showdown_json("stud-hilo", *hands)["low"] == {"winners": [],
                                                         "descriptions": [None, None]}
    low = showdown_json("stud-hilo", "--house-rule", "qualifier=9", *hands)["low"]
    assert low == {"winners": [0], "descriptions": ["9-7-5-3-2 low", None]}


@pytest.mark.rule("a5-1", "joker-4", "razz-2", "27-1", "herbie-1.5-unpaired",
                  "tcp-a23-rank", "hearts-queen-spades")
def test_showdown_covers_every_game() -> None:
    cases = {
        "holdem": ("--board", "Qh Jc Ts 2d 2c", "As Kd", "Qs Qd"),
        "omaha": ("--board", "Qh Jc Ts 2d 2c", "As Kd 3c 3d", "Qs Qd 4c 5c"),
        "omaha-hilo": ("--board", "4c 5d 8h Kc Qd", "As 2s Kd Kh", "7c 7d 9h 9s"),
        "stud": ("As Ad Kc Kd 2c 3c 4c", "Qs Qd Qc 2d 3d 4d 5h"),
        "stud-hilo": ("As 2d 3c 4h 5s Kc Kd", "Ah 2c 3d 4s 6h 9c 9d"),
        "razz": ("Kd 7c 4h 2s Ah 3c 7d", "Qd Qc Qh 9s 8h 6c 5d"),
        "lowball-a5": ("5d 4c 3h As Jk", "6c 4d 3s 2h Ah"),
        "lowball-27": ("7d 5c 4h 3s 2h", "Ad 5d 4c 3c 2c"),
        "draw-high": ("As Ad Ah Ac Jk", "Ks Qs Js Ts 9s"),
        "jacks-or-better": ("Js Jd 4h 4c 9s", "Qs Qd 5h 8c Ts"),
        "lowball-27-triple": ("7d 5c 4h 3s 2h", "Ad 5d 4c 3c 2c"),
        "three-card-poker": ("Ac 2d 3h", "Kc Qd Jh"),
        "guts2": ("2c 2d", "As Kd"),
        "guts3": ("2c 2d 2s", "4h 5h 6h"),
        "herbie": ("Kc 9d 7s", "Tc 8d 6s"),
        "hearts-poker": ("--board", "Kh Kd 7c", "Ks Qs", "Ah 3d"),
        # a flush beats a full house in the short deck
        "short-deck": ("--board", "Kh Kd 7h 7c 6h", "Ah 9h", "Ks Qd"),
        # any four-card badugi beats any three cards
        "badugi": ("Ac 2c 3d 4h", "Kc Qd Jh Ts"),
        # two hole cards and three board cards: A-K with Q-J-T beats the queen-high straight
        "omaha5": ("--board", "Qh Jc Ts 2d 3c", "As Ad Ah Ac Kd", "9s 8d 4c 5c 6h"),
        "omaha5-hilo": ("--board", "4c 5d 8h Kc Qd", "As 2s Kd Kh 9c", "7c 7d 9h 9s Th"),
    }
    expected_high = {"holdem": [1], "omaha": [1], "omaha-hilo": [0], "stud": [1],
                     "stud-hilo": [0], "razz": [0], "lowball-a5": [0], "lowball-27": [0],
                     "draw-high": [0], "jacks-or-better": [0], "lowball-27-triple": [0],
                     "three-card-poker": [1], "guts2": [0], "guts3": [0],
                     "herbie": [1], "hearts-poker": [1], "short-deck": [0],
                     "badugi": [1], "omaha5": [0], "omaha5-hilo": [0]}
    assert set(cases) == GAME_NAMES
    for game, args in cases.items():
        data = showdown_json(game, *args)
        high = data["high"]
        assert isinstance(high, dict)
        assert high["winners"] == expected_high[game], game
        assert len(high["descriptions"]) == 2
        ranking = get_game(game).ranking
        assert ranking is not None
        assert (data["low"] is None) == (not ranking.has_low), game


def test_human_output() -> None:
    code, out, _ = run("showdown", "stud-hilo", "As 2d 3c 4h 5s Kc Kd", "Ah 2c 3d 4s 6h 9c 9d")
    assert code == 0
    assert "* hand 1 [As 2d 3c 4h 5s Kc Kd]: straight, five high (the wheel)" in out
    assert "low (8-or-better):" in out


def test_games_lists_names_and_aliases() -> None:
    code, out, _ = run("games", "--json")
    data = json.loads(out)
    # a test suite's toy game, registered in this process, is listed beside them
    toys = {entry.name for entry in all_games() if entry.family == "test"}
    assert {g["name"] for g in data} - toys == GAME_NAMES
    holdem = next(g for g in data if g["name"] == "holdem")
    assert "texas-holdem" in holdem["aliases"] and "nlhe" in holdem["aliases"]
    code, out, _ = run("games")
    assert code == 0 and all(name in out for name in GAME_NAMES)
    code, out, _ = run("rank", "PLO8", "As 2s Kd Kh", "--board", "4c 5d 8h")
    assert code == 0


@pytest.mark.parametrize(("args", "message"), [
    (("rank", "holdem", "As Kd Qc", "--board", "2c 3c 4c"), "needs 2 cards"),
    (("rank", "holdem", "As Kd"), "add its 3, 4 or 5 cards with --board, e.g. "),
    (("rank", "canasta", "As Kd"), "unknown game 'canasta'"),
    (("rank", "holdem", "As Kx", "--board", "2c 3c 4c"), "bad card 'Kx'"),
    (("rank", "stud", "As Kd Qc Jd Tc", "--house-rule", "joker=off"),
     "unknown house rule 'joker'"),
    (("showdown", "holdem", "--board", "2c 3c 4c", "As Kd", "As Qd"), "duplicate card: As"),
    (("showdown", "holdem", "--board", "2c 3c 4c", "As Kd", "Qd 2c"), "duplicate card: 2c"),
    (("showdown", "stud", "As Ad Kc Kd 2c 2c 4c"), "duplicate card: 2c"),
    (("showdown", "omaha-hilo", "--house-rule", "qualifier=x", "--board", "2c 3c 4c",
      "As Kd Qd Jd"), "low_qualifier: expected a whole number"),
    (("showdown", "guts3", "--house-rule", "order", "2c 3c 4c"), "NAME=VALUE"),
    (("showdown", "lowball-a5", "--house-rule", "joker=off", "As 2d 3c 4h Jk"), "joker"),
    (("showdown", "hearts-poker", "--board", "Kh Kd 7c", "Jd 2c"), "extra card"),
    (("showdown", "razz", "As 2d 3c 4h ??"), "unknown card"),
])
def test_bad_input_is_one_line_on_stderr_and_exit_code_2(args: tuple[str, ...],
                                                         message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.rule("hearts-community", "hearts-best-five")
def test_hearts_showdown_takes_a_six_card_board_as_the_six_community_rule() -> None:
    board = "Kh Kd 7c 2s 4h 5c"
    data = showdown_json("hearts-poker", "--board", board, "Ah 3d", "Kc 9s")
    assert data["high"] == {"winners": [0], "descriptions": [
        "straight, five high (the wheel)", "three of a kind, kings, 9-7 kickers"]}
    code, out, err = run("showdown", "hearts-poker", "--board", board, "Ah 3d", "Kc 9s")
    assert code == 0, err
    assert "house rule: There are 6 community cards." in out
    for spelling in ("community=6", "community=six"):
        assert showdown_json("hearts-poker", "-r", spelling, "--board", board,
                             "Ah 3d")["high"] == {"winners": [0], "descriptions": [
                                 "straight, five high (the wheel)"]}
    # a rule given and a board that contradicts it is still refused
    code, out, err = run("showdown", "hearts-poker", "-r", "community=3", "--board", board,
                         "Ah 3d")
    assert code == 2 and out == "" and "board needs 3 cards, got 6" in err


@pytest.mark.rule("hearts-four-card", "hearts-queen-spades", "hearts-jack-diamonds")
def test_hearts_hands_of_one_two_or_three_cards_are_evaluated_as_given() -> None:
    # Qh alone is what is left of Qh Qs once the queen of spades goes: the one hand card
    # competes with the three community cards, as four cards
    data = showdown_json("hearts-poker", "--board", "Kh Kd 7c", "Qh", "Ah 3d", "Jd Qs 9c")
    assert data["high"] == {"winners": [1], "descriptions": [
        "pair of kings, Q-7 kickers (four cards)",
        "pair of kings, A-7-3 kickers",
        "pair of kings, J-9-7 kickers (the queen of spades discards Qs)"]}
    code, out, _ = run("rank", "hearts-poker", "Qs", "--board", "Kh Kd 7c")
    assert code == 0 and "pair of kings, Q-7 kickers (four cards)" in out
    # one hand card and six community cards: the best five of seven
    code, out, _ = run("rank", "hearts-poker", "Qs", "--board", "Kh Kd 7c 2s 4h 5c")
    assert code == 0 and "pair of kings, Q-7-5 kickers" in out
    code, out, err = run("rank", "hearts-poker", "Qs Jd 9c 8c", "--board", "Kh Kd 7c")
    assert code == 2 and "needs 1 or 2 or 3 cards, got 4" in err
