"""One list of game names: the catalog, the rankings of ``rank``/``showdown``/``odds`` and
the engine's variants all answer to the same names; one range of posted low qualifiers."""

from __future__ import annotations

import pytest

from pokerroom import catalog, game_names, games
from pokerroom.engine import GameConfig, get_variant
from pokerroom.errors import ConfigError
from pokerroom.game import Game
from pokerroom.hands import games as rankings


def _every_spelling() -> list[tuple[str, str]]:
    return [(alias, game) for game, aliases in game_names.GAMES.items()
            for alias in (game, *aliases)]


def test_every_game_of_the_catalog_and_of_the_rankings_is_listed_once() -> None:
    listed = set(game_names.GAMES)
    played = {e.name for e in games.all_games() if e.family != "test"}
    ranked = {g.name for g in rankings.GAMES}
    assert listed == played == ranked
    spellings = [game_names.normalise(a) for a, _ in _every_spelling()]
    assert len(spellings) == len(set(spellings))


@pytest.mark.parametrize(("alias", "game"), _every_spelling())
def test_a_name_means_the_same_game_everywhere(alias: str, game: str) -> None:
    for spelling in (alias, alias.upper(), alias.replace("-", " "), alias.replace("-", "_")):
        assert game_names.canonical(spelling) == game
        assert games.get_game(spelling).name == game
        assert rankings.get_game(spelling).name == game
        entry = games.get_game(spelling)
        assert entry.aliases == game_names.GAMES[game]
        if entry.family == "poker":
            variant = get_variant(spelling)
            assert game_names.canonical(variant.name) == game


def test_an_unknown_name_is_one_clear_error_everywhere() -> None:
    for lookup in (games.get_game, rankings.get_game, game_names.canonical):
        with pytest.raises(ConfigError, match="unknown game 'canasta'; `pokerroom games`"):
            lookup("canasta")
    with pytest.raises(ConfigError, match="unknown poker variant 'herbie'"):
        get_variant("herbie")


@pytest.mark.parametrize(("name", "aliases"), [("holdem", ("hold-me",)),
                                              ("hold-me", ("Texas Hold'em",))])
def test_a_game_cannot_take_a_name_already_taken(name: str, aliases: tuple[str, ...]) -> None:
    entry = games.get_game("holdem")
    with pytest.raises(games.GameEntryError, match="is already taken by holdem"):
        games.register(Game(
            name=name, title="x", family="poker", description="", min_seats=2,
            max_seats=2, factory=entry.factory, aliases=aliases))
    assert games.get_game("holdem") is entry
    with pytest.raises(ConfigError, match="unknown game 'hold-me'"):
        games.get_game("hold-me")


@pytest.mark.rule("omaha8-2-posted", "stud8-2-posted")
@pytest.mark.parametrize("qualifier", [4, 5, 8, 10, 13, 14])
def test_one_range_of_posted_low_qualifiers(qualifier: int) -> None:
    accepted = 5 <= qualifier <= 13
    words = [f"low_qualifier={qualifier}"]
    for check in (lambda: rankings.get_game("omaha-hilo").rules(words),
                  lambda: GameConfig.of("omaha-hilo", blinds=(1, 2), low_qualifier=qualifier),
                  lambda: games.get_game("stud-hilo").factory(catalog.TableSpec(
                      players=("a", "b"), stacks=(100, 100),
                      stakes=games.get_game("stud-hilo").default_stakes,
                      house_rules=games.get_game("stud-hilo").parse_house_rules(words)))):
        if accepted:
            check()
        else:
            with pytest.raises(ConfigError, match="a low qualifier is 5 to 13"):
                check()
