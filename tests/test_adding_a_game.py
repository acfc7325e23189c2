"""The walkthrough of ``docs/architecture.md`` ("Adding a game") as a test: the game of
``examples/toy-game``, a package of its own outside ``src/``, is installed the way pip
leaves a package (its modules and a ``.dist-info`` with the entry points its
``pyproject.toml`` declares), found by pokerroom's registry through the entry-point
group ``pokerroom.games``, and then played at the terminal, in the card room (its
service and its HTTP API), as a PettingZoo environment and through the every-game
conformance harness, with no file of pokerroom's own naming it."""

from __future__ import annotations

import importlib
import re
import shutil
import sys
import tomllib
import warnings
from collections.abc import Iterator
from importlib.metadata import distribution, entry_points
from pathlib import Path

import pytest
from tests.every_game.game_harness import house_rule_combinations, play_game
from typer.testing import CliRunner

from pokerroom import games
from pokerroom.cli import app
from pokerroom.game import Game

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "toy-game"
PACKAGE = "toy_high_card"


def install(site: Path) -> str:
    """Install the example into ``site`` as pip would for importlib.metadata: the
    package's modules, and a ``.dist-info`` whose ``entry_points.txt`` holds the entry
    points of the package's own ``pyproject.toml``. The distribution's name."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text())["project"]
    name, version = project["name"], project["version"]
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\n"
                                   f"Version: {version}\n")
    lines = []
    for group, points in project["entry-points"].items():
        lines.append(f"[{group}]")
        lines.extend(f"{point} = {value}" for point, value in points.items())
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    shutil.copytree(EXAMPLE / "src" / PACKAGE, site / PACKAGE)
    return str(name)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A site directory holding the installed example, on ``sys.path``, and a registry
    that has not yet looked for installed games; both gone afterwards."""
    where = tmp_path_factory.mktemp("site-packages")
    install(where)
    # the card room's tests import the package from examples/ (tests/server/toygame.py):
    # set it aside, so this install is the one the entry point loads
    aside = {m: sys.modules.pop(m) for m in list(sys.modules) if m.split(".")[0] == PACKAGE}
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(where))
        patch.setattr(games, "_REGISTRY", games._Registry())
        importlib.invalidate_caches()
        yield where
    for module in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
        del sys.modules[module]
    sys.modules.update(aside)


@pytest.fixture(scope="module")
def high_card(site: Path) -> Game:
    return games.get_game("high-card")


def test_the_package_s_entry_point_adds_the_game(site: Path, high_card: Game) -> None:
    assert distribution("pokerroom-toy-high-card").version == "0.1.0"
    (point,) = [p for p in entry_points(group=games.ENTRY_POINT_GROUP) if p.name == "high-card"]
    assert point.value == "toy_high_card:GAME"
    assert Path(sys.modules[PACKAGE].__file__ or "").is_relative_to(site)
    assert games.all_games()[-1] is high_card is games.get_game("Toy High")
    assert [g.name for g in games.all_games()[:-1]] == [g.name for g in games.RULEBOOK]
    # pokerroom does not import the package: adding the game took no file of pokerroom's
    imports = re.compile(rf"^\s*(import|from)\s+{PACKAGE}\b", re.MULTILINE)
    sources = (ROOT / "src" / "pokerroom").rglob("*.py")
    assert not [path for path in sources if imports.search(path.read_text())]


def test_it_is_listed_with_its_house_rules(high_card: Game) -> None:
    listed = CliRunner().invoke(app, ["games"])
    assert listed.exit_code == 0
    assert "high-card          High card (2-6 players)" in listed.output
    assert "house rules: ace_high" in listed.output
    rules = CliRunner().invoke(app, ["rules", "high-card"])
    assert rules.exit_code == 0 and "ace_high" in rules.output


def test_it_plays_at_the_terminal_against_bots(high_card: Game) -> None:
    # each prompt takes the first line of these it accepts: declare in, check or
    # call, Enter for the next hand
    answers = "in\nk\nc\n\n" * 40
    result = CliRunner().invoke(app, ["play", "high-card", "--seats", "3", "--seed", "3",
                                      "--hands", "3", "--no-history"], input=answers)
    assert result.exit_code == 0, result.output
    screen = result.output
    assert screen.index("ace is the highest card") < screen.index("hand 1")
    assert "Your move: in | out" in screen
    assert "after 3 hand(s)" in screen


def test_it_plays_in_the_card_room(high_card: Game) -> None:
    pytest.importorskip("fastapi")
    from tests.server.helpers import make_service, open_table, play

    service = make_service()
    room_id, _host, _tokens = open_table(service, game="high-card", players=3)
    play(service, room_id, 300)
    room = service.get(room_id).room
    assert len(room.hands) > 20
    stacks = {info.name: info.stack for info in room.seats.values()}
    in_play = room.hand.state.returns() if room.hand and room.hand.result is None else {}
    assert sum(stacks.values()) == 600 and sum(in_play.values()) == 0
    rebuilt = service._replay(room_id)
    assert [h.result.net if h.result else None for h in rebuilt.hands] == \
        [h.result.net if h.result else None for h in room.hands]


def test_its_table_opens_over_http(high_card: Game, tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from pokerroom.server.app import create_app
    from pokerroom.server.service import Timing

    app_ = create_app(f"sqlite:///{tmp_path / 'room.sqlite3'}",
                      timing=Timing(bot_delay=0.0, warm_up=False))
    with TestClient(app_) as client:
        offered = client.get("/api/games").json()
        assert "high-card" in [game["name"] for game in offered]
        made = client.post("/api/tables", json={"game": "high-card", "seats": 3,
                                                "buy_in": 100, "approval": False})
        assert made.status_code == 200, made.text
        table = client.get(f"/api/tables/{made.json()['id']}").json()
        assert table["table"]["announcement"].startswith("High card, ante 1")


def test_it_is_a_pettingzoo_environment(high_card: Game) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from pokerroom.env import env

    table = env("high-card", 3, render_mode="ansi")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(table, num_cycles=1000)
    expected = ("Observation is not a NumPy array",
                "Observation space for each agent probably should be")
    assert not [str(w.message) for w in caught if not str(w.message).startswith(expected)]


def test_it_keeps_every_promise_of_the_harness(high_card: Game) -> None:
    assert len(house_rule_combinations(high_card)) == 2
    tally = play_game(high_card, 200, seed=1, hands_per_session=10)
    assert tally.hands >= 200 and tally.replays >= 1 and tally.combinations == 2
    assert tally.checked_steps >= tally.steps
    assert {"Declare", "Bet", "Call", "Fold", "Check"} <= set(tally.actions)


def test_the_walkthrough_shows_this_code() -> None:
    """The doc's steps name the files and the entry point this test installs."""
    doc = (ROOT / "docs" / "architecture.md").read_text()
    section = doc[doc.index("## Adding a game"):]
    section = section[:section.index("\n## ")] if "\n## " in section else section
    tree = section.split("```\n", 2)[1]
    listed = [line.split()[0] for line in tree.splitlines()[1:] if line.strip()]
    assert listed and all((EXAMPLE / path).is_file() for path in listed), listed
    declared = tomllib.loads((EXAMPLE / "pyproject.toml").read_text())["project"]
    shown = tomllib.loads(section.split("```toml\n", 1)[1].split("```", 1)[0].replace(
        "\n   ", "\n"))
    assert shown["project"]["entry-points"] == declared["entry-points"]
    for name in ("HighCardHand", "HighCardTable", "HighCardBot", "GAME", "ace_high"):
        assert name in section and any(name in path.read_text() for path in
                                       (EXAMPLE / "src" / PACKAGE).glob("*.py")), name
