"""``pokerroom odds --history``: a past hand's equities street by street, from PHH files
pokerroom wrote and from PokerStars histories brought in by ``pokerroom import``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import tomli_w
from tests.history.pokerstars_export import as_pokerstars
from typer.testing import CliRunner

from pokerroom.analysis.odds import compute_odds
from pokerroom.analysis.odds_game import HOLDEM
from pokerroom.cards import parse_cards
from pokerroom.cli import commands_registry  # noqa: F401
from pokerroom.cli.app import app
from pokerroom.history.phh import phh_to_hand, player_seats

runner = CliRunner()


def _imported(bot_hands: Any, tmp_path: Path, game: str, count: int, *,
              reveal: bool) -> tuple[dict[int, dict[str, Any]], Path]:
    """Bot play exported in the PokerStars layout and imported back: the hands as played
    and the imported PHH set."""
    hands = bot_hands(game, count, seats=6, reveal=reveal)
    export = tmp_path / f"{game}.txt"
    export.write_text("\n\n\n".join(as_pokerstars(d, hand_no=n) for n, d in hands.items())
                      + "\n", encoding="utf-8")
    out = tmp_path / f"{game}.phhs"
    result = runner.invoke(app, ["import", str(export), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return hands, out


def _odds(path: Path, number: int, *extra: str) -> dict[str, Any]:
    result = runner.invoke(app, ["odds", "--history", str(path), "--hand", str(number),
                                 "--json", *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def _showdowns(hands: dict[int, dict[str, Any]]) -> list[int]:
    """The hands that reached a showdown of two players or more."""
    return [n for n, d in hands.items() if sum(a.split()[1] == "sm" for a in d["actions"]
                                               if not a.startswith("d ")) >= 2]


def test_the_river_equities_of_a_showdown_are_its_result(bot_hands: Any,
                                                         tmp_path: Path) -> None:
    hands, phhs = _imported(bot_hands, tmp_path, "holdem", 60, reveal=True)
    checked = 0
    for number in _showdowns(hands)[:4]:
        data = _odds(phhs, number, "--trials", "2000", "--seed", "3")
        hand = phh_to_hand(hands[number])
        seats = player_seats(hand)
        river = data["streets"][-1]
        assert river["street"] == "river" and len(river["board"]) == 5
        assert hand.result is not None
        won = {seats.index(a.seat) + 1 for a in hand.result.awards}
        players = [int(p.split()[0][1:]) for p in river["players"]]
        # five board cards: each hand's share of the deal is what the showdown gave it
        for p, equity in zip(players, river["odds"]["equities"], strict=True):
            assert (equity > 0) == (p in won)
        assert data["streets"][0]["street"] == "preflop"
        checked += 1
    assert checked


def test_folded_hands_are_dead_and_each_street_runs_the_engine(bot_hands: Any,
                                                               tmp_path: Path) -> None:
    hands, phhs = _imported(bot_hands, tmp_path, "holdem", 60, reveal=True)
    number = next(n for n in _showdowns(hands)
                  if any(a.endswith(" f") for a in hands[n]["actions"]))
    data = _odds(phhs, number, "--trials", "3000", "--seed", "11")
    actions = hands[number]["actions"]
    folded_pre = [a.split()[0] for a in actions[:actions.index(next(
        (a for a in actions if a.startswith("d db")), actions[-1]))] if a.endswith(" f")]
    dealt = {a.split()[2]: a.split()[3] for a in actions if a.startswith("d dh")}
    first, *later = data["streets"]
    assert len(first["players"]) == 6
    for street in later:
        dead = "".join(street["dead"])
        for player in folded_pre:
            assert dealt[player][:2] in dead and dealt[player][2:] in dead
        assert all(p.split()[0] not in folded_pre for p in street["players"])
    for street in data["streets"]:
        again = compute_odds(HOLDEM, [parse_cards(" ".join(c)) for c in street["cards"]],
                             board=parse_cards(" ".join(street["board"])),
                             dead=parse_cards(" ".join(street["dead"])), trials=3000,
                             seed=11)
        assert list(again.equities) == street["odds"]["equities"]


def test_an_onlookers_stud_history_leaves_out_the_hands_it_does_not_show(
        bot_hands: Any, tmp_path: Path) -> None:
    hands, phhs = _imported(bot_hands, tmp_path, "stud", 60, reveal=False)
    number = next(n for n in _showdowns(hands))
    data = _odds(phhs, number, "--trials", "1000", "--seed", "2")
    assert data["unknown_players"] == "left out"
    third = data["streets"][0]
    assert third["street"] == "third street"
    assert third["left_out"], "the players who never showed are left out"
    assert all(len(c) == 3 for c in third["cards"])
    # the up card of every player left out is seen, so dead
    assert len(third["dead"]) >= len(third["left_out"])
    assert data["streets"][-1]["street"] == "seventh street"


def test_text_output_names_the_streets_and_who_is_left_out(bot_hands: Any,
                                                           tmp_path: Path) -> None:
    hands, phhs = _imported(bot_hands, tmp_path, "holdem", 40, reveal=False)
    number = _showdowns(hands)[0]
    result = runner.invoke(app, ["odds", "--history", str(phhs), "--hand", str(number),
                                 "--trials", "1000", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "players whose cards are unknown (??) are left out" in result.output
    assert "river: board [" in result.output
    assert "Monte Carlo: 1,000 random deals, seed 1" in result.output


def test_a_hand_with_no_two_known_players_is_refused(bot_hands: Any,
                                                     tmp_path: Path) -> None:
    hands, phhs = _imported(bot_hands, tmp_path, "holdem", 20, reveal=False)
    number = next(n for n in hands if n not in _showdowns(hands))
    result = runner.invoke(app, ["odds", "--history", str(phhs), "--hand", str(number)])
    assert result.exit_code == 2
    assert result.output.startswith(f"error: hand {number} never has two players still in "
                                    "whose cards the history shows")
    assert result.output.count("\n") == 1


def test_a_missing_hand_and_a_set_without_hand_are_refused(bot_hands: Any,
                                                           tmp_path: Path) -> None:
    _, phhs = _imported(bot_hands, tmp_path, "holdem", 5, reveal=True)
    missing = runner.invoke(app, ["odds", "--history", str(phhs), "--hand", "9"])
    assert missing.exit_code == 2
    assert missing.output == f"error: {phhs} has no hand 9 (hands: 1-5)\n"
    many = runner.invoke(app, ["odds", "--history", str(phhs)])
    assert many.exit_code == 2
    assert "holds 5 hands: choose one with --hand N" in many.output
    both = runner.invoke(app, ["odds", "holdem", "AsAd", "KsKd", "--history", str(phhs)])
    assert both.exit_code == 2 and "--history takes no game or hands" in both.output


def test_a_game_the_odds_do_not_cover_is_refused(tmp_path: Path) -> None:
    deal = {"variant": "GUTS2", "_pokerroom_code": True, "players": ["Ann", "Bob", "Cleo"],
            "antes": [1, 1, 1], "starting_stacks": [50, 50, 50],
            "finishing_stacks": [52, 46, 49], "_dealer": 2, "_pot": 3, "_deal": 1,
            "_house_rules": {"ante": 1},
            "actions": ["d dh p1 As", "d dh p2 Kd", "d dh p3 ??", "d dh p1 Ah",
                        "d dh p2 Kh", "d dh p3 ??", "p1 in", "p2 in", "p3 out"]}
    path = tmp_path / "guts.phh"
    path.write_text(tomli_w.dumps(deal), encoding="utf-8")
    result = runner.invoke(app, ["odds", "--history", str(path)])
    assert result.exit_code == 2
    assert result.output.startswith("error: hand 1 is Guts (two-card) (GUTS2): odds are "
                                    "available for holdem, omaha")


def test_a_triple_draw_history_pokerroom_wrote_gives_each_draw(bot_hands: Any,
                                                               tmp_path: Path) -> None:
    hands = bot_hands("lowball-27-triple", 40, seats=4, reveal=True)
    path = tmp_path / "draw.phhs"
    path.write_text(tomli_w.dumps({str(n): d for n, d in hands.items()}), encoding="utf-8")
    number = next(n for n in _showdowns(hands)
                  if sum(" sd" in a for a in hands[n]["actions"]) >= 6)
    data = _odds(path, number, "--exact")
    names = [s["street"] for s in data["streets"]]
    assert names[0] == "first round" and "after the third draw" in names
    for street in data["streets"]:
        assert all(len(c) == 5 for c in street["cards"])
        assert street["odds"]["method"] == "exact"
