"""Every game of the rulebook is in the catalog, builds with its defaults, announces its
house rules, and maps each house rule onto its family's typed options."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys

import pytest

from pokerroom import games
from pokerroom.catalog import TableSpec
from pokerroom.errors import ConfigError
from pokerroom.games import all_games, get_game, register, unregister
from pokerroom.homegames.options import DeclareMode, GhostMode, LoneTie
from pokerroom.session import Session

GAMES = ("holdem", "omaha", "omaha-hilo", "stud", "stud-hilo", "razz", "lowball-a5",
         "lowball-27", "lowball-27-triple", "draw-high", "jacks-or-better", "guts2", "guts3",
         "herbie", "hearts-poker", "three-card-poker")


def _session(name: str, rules: list[str] | None = None, seats: int = 4) -> Session:
    entry = get_game(name)
    spec = TableSpec(players=tuple(f"P{i}" for i in range(seats)),
                     stacks=(entry.default_stack,) * seats, stakes=entry.default_stakes,
                     house_rules=entry.parse_house_rules(rules or []), rng=random.Random(1))
    session = entry.factory(spec)
    assert isinstance(session, Session)
    return session


def test_every_game_is_registered() -> None:
    names = {entry.name for entry in all_games()}
    assert set(GAMES) <= names
    # Test suites may register toy games of their own (family "test").
    families = {entry.family for entry in all_games()} - {"test"}
    assert families == {"poker", "home", "casino"}


def test_a_toy_game_leaves_the_catalog_with_its_names() -> None:
    toy = dataclasses.replace(get_game("holdem"), name="toy-of-this-test", family="test",
                              aliases=("toy-alias",))
    register(toy)
    assert get_game("toy-alias").name == "toy-of-this-test"
    unregister("toy-of-this-test")
    assert "toy-of-this-test" not in {entry.name for entry in all_games()}
    with pytest.raises(ConfigError, match="unknown game 'toy-alias'"):
        get_game("toy-alias")
    for refused in ("holdem", "toy-of-this-test"):
        with pytest.raises(ConfigError, match="not a game added by register"):
            unregister(refused)
    assert get_game("holdem").name == "holdem"


@pytest.mark.parametrize(("alias", "name"), [
    ("nlhe", "holdem"), ("plo", "omaha"), ("omaha8", "omaha-hilo"), ("stud8", "stud-hilo"),
    ("a5", "lowball-a5"), ("27", "lowball-27"), ("triple-draw", "lowball-27-triple"),
    ("jacks", "jacks-or-better"), ("guts", "guts2"), ("hearts", "hearts-poker"),
    ("tcp", "three-card-poker"), ("Three Card", "three-card-poker"),
])
def test_aliases(alias: str, name: str) -> None:
    assert get_game(alias).name == name


@pytest.mark.rule("supp-announce")
@pytest.mark.parametrize("name", GAMES)
def test_each_game_builds_and_announces(name: str) -> None:
    session = _session(name)
    words = session.announce()
    assert len(words.splitlines()) >= 2
    assert session.players == ("P0", "P1", "P2", "P3")
    assert session.stacks == (get_game(name).default_stack,) * 4
    state = session.new_hand()
    snap = session.snapshot(state, 0)
    assert snap.you == 0 and len(snap.seats) == 4
    for seat in snap.seats[1:]:                          # never another seat's hidden cards
        hidden = [c for i, c in enumerate(seat.cards) if not seat.is_up(i)]
        assert all(not c.is_known for c in hidden)


@pytest.mark.rule("guts-5.1-simultaneous", "guts-ghost")
def test_guts_house_rules_reach_the_table() -> None:
    session = _session("guts2", ["declare=simultaneous", "ghost=always"])
    options = session.table.options  # type: ignore[attr-defined]
    assert options.declare is DeclareMode.SIMULTANEOUS
    assert options.ghost is GhostMode.ALWAYS
    assert "all at once" in session.announce()


@pytest.mark.rule("herbie-4.4")
def test_herbie_lone_tie_rule_reaches_the_table() -> None:
    session = _session("herbie", ["lone_tie=player-wins"])
    assert session.table.options.lone_tie is LoneTie.PLAYER_WINS  # type: ignore[attr-defined]
    assert "the player wins the pot and the game ends" in session.announce()


@pytest.mark.rule("supp-tcp-pairplus-fold", "tcp-pair-plus-table")
def test_three_card_poker_pay_tables_are_house_rules() -> None:
    session = _session("tcp", ["pair_plus=1-3-6-30-40", "pair_plus_on_fold=settled"])
    words = session.announce()
    assert "Pair Plus 1-3-6-30-40" in words
    assert "still has the Pair Plus bet settled" in words


@pytest.mark.rule("a5-4")
def test_poker_house_rules_reach_the_engine() -> None:
    assert "the sevens rule is in use" in _session("lowball-a5").announce()
    session = _session("lowball-a5", ["sevens_rule=no"])
    assert session.config.rules.sevens_rule is False  # type: ignore[attr-defined]
    assert "the sevens rule is not in use" in session.announce()
    session = _session("holdem", ["structure=pot-limit"])
    assert session.announce().startswith("Texas hold'em, pot limit, blinds 1/2")


def test_impossible_settings_are_refused() -> None:
    with pytest.raises(ConfigError, match="unknown house rule"):
        get_game("holdem").parse_house_rules(["joker=yes"])
    with pytest.raises(ConfigError):
        _session("guts2", ["everyone_out=fresh-ante"])   # needs simultaneous declare
    with pytest.raises(ConfigError, match="4 to 10"):
        _session("herbie", seats=3)


@pytest.mark.parametrize("first", ["pokerroom.sessions.casino", "pokerroom.sessions.home",
                                   "pokerroom.sessions.hearts"])
def test_the_games_are_listed_in_one_order_whichever_family_loads_first(first: str) -> None:
    script = (f"import {first}\n"
              "from pokerroom.games import all_games\n"
              "print(' '.join(entry.name for entry in all_games()))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == [game.name for game in games.RULEBOOK]
