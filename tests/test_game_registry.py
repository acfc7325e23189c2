"""One registry of games: the rulebook's in one explicit list, then the games installed
packages name in the entry-point group ``pokerroom.games``; a bad entry is one clear typed
error and adds nothing. A game is one object, and its facets are what the faces offer."""

from __future__ import annotations

import dataclasses
from importlib.metadata import EntryPoint

import pytest

from pokerroom import games
from pokerroom.engine.variants import VARIANTS, Variant, get_variant
from pokerroom.errors import ConfigError
from pokerroom.game import Game, Layout
from pokerroom.sessions.home import GUTS2
from pokerroom.sessions.short_deck import SHORT_DECK, SHORT_DECK_VARIANT

PARTY = dataclasses.replace(GUTS2, name="party-guts", title="Party Guts", family="test",
                            aliases=("pg",), phh=None, layout=None, ranking=None,
                            analysis=False)
"""A game of a package outside pokerroom (its entry point names it below)."""
CLASH = dataclasses.replace(PARTY, aliases=("Texas Holdem",))
"""A game that answers to another game's name."""


def _point(name: str, value: str) -> EntryPoint:
    return EntryPoint(name=name, value=value, group=games.ENTRY_POINT_GROUP)


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> list[EntryPoint]:
    """The entry points the registry finds, as a test lists them, in a fresh registry."""
    points: list[EntryPoint] = []
    monkeypatch.setattr(games, "_REGISTRY", games._Registry())
    monkeypatch.setattr(games, "entry_points", lambda group: [
        p for p in points if p.group == group])
    return points


def test_the_rulebook_is_one_list_and_the_games_are_listed_in_its_order() -> None:
    assert games.RULEBOOK[:3] == tuple(games.get_game(name) for name in (
        "holdem", "omaha", "omaha-hilo"))
    assert [game.name for game in games.all_games()][:len(games.RULEBOOK)] == [
        game.name for game in games.RULEBOOK]
    for game in games.RULEBOOK:
        assert isinstance(game, Game)
        assert games.get_game(game.name) is game
        for other in game.aliases:
            assert games.get_game(other) is game


def test_an_installed_package_adds_its_game(installed: list[EntryPoint]) -> None:
    installed.append(_point("party", f"{__name__}:PARTY"))
    assert games.get_game("PG") is PARTY
    assert [g.name for g in games.all_games()] == [*(g.name for g in games.RULEBOOK),
                                                   "party-guts"]


@pytest.mark.parametrize(("value", "words"), [
    ("pokerroom.sessions.home:GUTS2", "the game name 'guts2' is already taken by guts2"),
    ("pokerroom.catalog:TableSpec", "gives type .*not a pokerroom.game.Game"),
    ("pokerroom.no_such_module:GAME", "cannot be loaded: No module named"),
])
def test_a_bad_entry_is_refused_in_words(installed: list[EntryPoint], value: str,
                                         words: str) -> None:
    installed.append(_point("bad", value))
    with pytest.raises(games.GameEntryError,
                       match=f"entry point 'bad' of pokerroom.games.*{words}"):
        games.all_games()


def test_a_game_whose_other_name_is_taken_is_refused(installed: list[EntryPoint]) -> None:
    installed.append(_point("clash", f"{__name__}:CLASH"))
    with pytest.raises(games.GameEntryError,
                       match="game name 'Texas Holdem' is already taken by holdem"):
        games.all_games()


def test_a_game_added_at_run_time_leaves_with_its_names() -> None:
    games.register(PARTY)
    try:
        assert games.get_game("party guts") is PARTY
        with pytest.raises(games.GameEntryError, match="'party-guts' is already taken"):
            games.register(PARTY)
    finally:
        games.unregister("party-guts")
    with pytest.raises(ConfigError, match="unknown game 'pg'"):
        games.get_game("pg")
    with pytest.raises(ConfigError, match="not a game added by register"):
        games.unregister("holdem")


def test_the_registry_leaves_the_engine_as_it_was(installed: list[EntryPoint]) -> None:
    rulebook = dict(VARIANTS)
    assert games.all_games() and dict(VARIANTS) == rulebook
    assert "badugi" not in VARIANTS and games.variants()["badugi"] is \
        games.get_game("badugi").engine_variants[0]
    assert games.variant_named("short_deck") is SHORT_DECK_VARIANT
    with pytest.raises(ConfigError, match="unknown poker variant 'short-deck'"):
        get_variant("short-deck")
    with pytest.raises(TypeError):
        VARIANTS["short-deck"] = SHORT_DECK_VARIANT  # type: ignore[index]


def test_a_game_brings_its_own_variants_and_takes_them_away() -> None:
    own = Variant("party-deck", "Party deck", SHORT_DECK_VARIANT.streets,
                  SHORT_DECK_VARIANT.forced, SHORT_DECK_VARIANT.high)
    party = dataclasses.replace(SHORT_DECK, name="party-deck", title="Party deck",
                                family="test", aliases=(), variant=own.name,
                                engine_variants=(own,), phh=None)
    games.register(party)
    try:
        assert games.variant_named("party deck") is own and "party-deck" not in VARIANTS
    finally:
        games.unregister("party-deck")
    assert "party-deck" not in games.variants()
    taken = dataclasses.replace(party, engine_variants=(dataclasses.replace(
        own, name="razz"),), variant="razz")
    with pytest.raises(games.GameEntryError, match="the variant name 'razz' is already taken"):
        games.register(taken)
    assert games.variants()["razz"] is VARIANTS["razz"]
    with pytest.raises(ConfigError, match="unknown game"):
        games.get_game("party-deck")


def test_a_game_has_a_range_of_seats() -> None:
    with pytest.raises(ConfigError, match="seats 3 to 2 is no range of seats"):
        dataclasses.replace(PARTY, min_seats=3, max_seats=2)


@pytest.mark.parametrize("game", games.RULEBOOK, ids=lambda g: g.name)
def test_each_facet_says_what_the_game_offers(game: Game) -> None:
    engine = game.family == "poker"
    assert (game.variant is not None) == engine
    # the floor's rulings are the rulebook's: a game beyond it brings its own variant
    assert game.floor == (engine and not game.engine_variants)
    assert game.phh is not None and game.ranking is not None
    assert game.ranking.name == game.name
    assert isinstance(game.layout, Layout) and game.layout.size > 0
    assert (game.odds is not None) == engine
    assert game.pokerstars is None or engine
    assert game.analysis == (game.name in {"guts2", "guts3", "herbie", "three-card-poker"})
