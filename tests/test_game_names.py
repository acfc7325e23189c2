"""One set of names per game, the game's own: every spelling of a game's name or other
name finds it, and its ranking, odds and engine variant are the ones it carries, never
looked up by name elsewhere; one range of posted low qualifiers."""

from __future__ import annotations

import pytest

from pokerroom import catalog, games
from pokerroom.engine import GameConfig, get_variant
from pokerroom.errors import ConfigError
from pokerroom.game import Game
from pokerroom.game_names import normalise


def _every_spelling() -> list[tuple[str, str]]:
    return [(alias, game.name) for game in games.RULEBOOK
            for alias in (game.name, *game.aliases)]


def test_every_spelling_of_every_game_is_one_game_s() -> None:
    spellings = [normalise(alias) for alias, _ in _every_spelling()]
    assert len(spellings) == len(set(spellings))


@pytest.mark.parametrize(("alias", "game"), _every_spelling())
def test_a_name_means_the_same_game_everywhere(alias: str, game: str) -> None:
    for spelling in (alias, alias.upper(), alias.replace("-", " "), alias.replace("-", "_")):
        entry = games.get_game(spelling)
        assert entry.name == game
        for facet in (entry.ranking, entry.odds):
            assert facet is None or facet.name == game
        if entry.variant is not None:
            assert games.variant_named(entry.variant).name == entry.variant


def test_the_names_that_name_a_structure_are_other_names_of_their_game() -> None:
    named = [(game, other, structure) for game in games.RULEBOOK
             for other, structure in game.structure_names]
    assert {other for _, other, _ in named} == {"nlhe", "holdem-nl", "lhe", "plo", "plo8"}
    for game, other, structure in named:
        assert other in game.aliases
        assert game.structure_named(other.upper()) == structure
        assert structure in next(spec for spec in game.house_rules
                                 if spec.name == "structure").choices
    assert games.get_game("holdem").structure_named("texas-holdem") is None


def test_an_unknown_name_is_one_clear_error() -> None:
    with pytest.raises(ConfigError, match="unknown game 'canasta'; `pokerroom games`"):
        games.get_game("canasta")
    with pytest.raises(ConfigError, match="unknown poker variant 'herbie'"):
        get_variant("herbie")
    with pytest.raises(ConfigError, match="unknown poker variant 'nlhe'"):
        get_variant("nlhe")  # an other name is the game's, not the engine's


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
    omaha8, stud8 = games.get_game("omaha-hilo"), games.get_game("stud-hilo")
    assert omaha8.ranking is not None
    ranking = omaha8.ranking
    for check in (lambda: ranking.rules(words),
                  lambda: GameConfig.of("omaha-hilo", blinds=(1, 2), low_qualifier=qualifier),
                  lambda: stud8.factory(catalog.TableSpec(
                      players=("a", "b"), stacks=(100, 100), stakes=stud8.default_stakes,
                      house_rules=stud8.parse_house_rules(words)))):
        if accepted:
            check()
        else:
            with pytest.raises(ConfigError, match="a low qualifier is 5 to 13"):
                check()
