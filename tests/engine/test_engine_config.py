"""Configs: validation, house-rule defaults and the announcement before the first deal."""

from __future__ import annotations

import pytest

from pokerroom.engine import ButtonMode, GameConfig, HouseRules, KillMode, Structure
from pokerroom.engine.variants import VARIANTS, get_variant
from pokerroom.errors import ConfigError


@pytest.mark.rule("supp-announce", "supp-dead-button", "supp-kill")
def test_every_variant_announces_its_house_rules() -> None:
    for name, variant in VARIANTS.items():
        kwargs: dict[str, object] = ({"blinds": (1, 2)} if variant.forced.name == "BLINDS"
                                     else {"ante": 1, "bring_in": 2} if variant.is_stud
                                     else {"ante": 1})
        text = GameConfig.of(name, **kwargs).announce()  # type: ignore[arg-type]
        assert text.startswith(variant.title)
        assert "fixed limit" in text
        if variant.button_game:
            assert "dead button" in text and "no kill pots" in text


@pytest.mark.rule("supp-announce", "a5-2", "a5-4", "joker-1", "omaha8-2-posted",
                  "stud8-2-posted", "jacks-1-ante-limit", "stud-4")
def test_house_rules_in_words() -> None:
    a5 = GameConfig.of("lowball-a5", blinds=(1, 2)).announce()
    assert "check-raise is not allowed" in a5 and "sevens rule is in use" in a5
    assert "joker" in a5
    posted = GameConfig.of("omaha-hilo", blinds=(1, 2), low_qualifier=7).announce()
    assert "a low must be 7 or better" in posted
    stud8 = GameConfig.of("stud-hilo", ante=1, bring_in=2).announce()
    assert "a low must be 8 or better" in stud8
    jacks = GameConfig.of("jacks", ante=1, ante_limit=2).announce()
    assert "re-anted up to 2 times" in jacks
    stud = GameConfig.of("stud", ante=1, bring_in=2).announce()
    assert "open pair on fourth street" in stud
    off = GameConfig.of("stud", ante=1, bring_in=2, open_pair_option=False)
    assert "no open-pair option" in off.announce() and not off.open_pair_option
    moving = GameConfig.of("holdem", blinds=(1, 2), button=ButtonMode.MOVING,
                           kill=KillMode.HALF, kill_required=False).announce()
    assert "moving button; half kill (optional)" in moving


def test_structures_and_stakes() -> None:
    config = GameConfig.of("holdem", "pl", blinds=(1, 2))
    assert config.structure is Structure.POT_LIMIT
    assert GameConfig.of("holdem", "nl", blinds=(5, 10)).stakes.min_bet == 10
    limit = GameConfig.of("holdem", blinds=(5, 10))
    assert (limit.stakes.small_bet, limit.stakes.big_bet) == (10, 20)
    assert GameConfig.of("lowball-27", blinds=(1, 2)).raise_cap == 5
    assert GameConfig.of("holdem", blinds=(1, 2), raise_cap=6).raise_cap == 6


@pytest.mark.parametrize("call", [
    lambda: GameConfig.of("holdem", "half limit", blinds=(1, 2)),
    lambda: GameConfig.of("nonsense", blinds=(1, 2)),
    lambda: GameConfig.of("stud", ante=1, bring_in=0),
    lambda: GameConfig.of("stud", ante=1, bring_in=20, small_bet=10),
    lambda: GameConfig.of("jacks"),
    lambda: GameConfig.of("holdem", blinds=(1, 2), low_qualifier=3),
    lambda: GameConfig.of("holdem", blinds=(1, 2), raise_cap=0),
    lambda: GameConfig.of("holdem", blinds=(1, 2), nonsense=True),
    lambda: GameConfig.of("stud", ante=1, bring_in=2, kill=KillMode.FULL),
    lambda: GameConfig.of("razz", ante=1, bring_in=2, joker=True),
])
def test_impossible_configs_raise_config_error(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ConfigError):
        call()


def test_configs_are_frozen_and_rules_typed() -> None:
    config = GameConfig.of("holdem", blinds=(1, 2))
    with pytest.raises(AttributeError):
        config.stakes = None  # type: ignore[misc]
    assert HouseRules().button is ButtonMode.DEAD
    assert get_variant("Lowball_27 Triple").name == "lowball-27-triple"
