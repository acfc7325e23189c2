"""House rules of Guts and Herbie: typed, validated once, announced in words."""

from __future__ import annotations

import pytest

from pokerroom.errors import ConfigError
from pokerroom.hands.herbie import HerbieOddCard, HerbieUnpaired
from pokerroom.hands.three_card import Guts3Order
from pokerroom.homegames.options import (
    DeclareMode,
    EveryoneOut,
    GhostMode,
    GutsOptions,
    HerbieAnte,
    HerbieOptions,
    LoneTie,
)

SIM = DeclareMode.SIMULTANEOUS


@pytest.mark.rule("guts-ante-agree", "guts-limit-agree", "guts-4.6-pot-limit")
def test_stakes_are_agreed_and_checked() -> None:
    with pytest.raises(ConfigError, match="ante"):
        GutsOptions(players=4, ante=0).validated()
    with pytest.raises(ConfigError, match="pot limit"):
        GutsOptions(players=4, ante=5, pot_limit=10).validated()
    text = GutsOptions(players=4, ante=5, pot_limit=500).validated().announce()
    assert "ante 5" in text and "Pot limit 500" in text and "reserve" in text


@pytest.mark.rule("guts-deck", "guts-5.1b-discard", "guts-ghost")
def test_player_counts_that_could_run_the_deck_out_are_rejected() -> None:
    assert GutsOptions(players=26).validated().cards_needed() == 52
    with pytest.raises(ConfigError, match="deck"):
        GutsOptions(players=27).validated()
    with pytest.raises(ConfigError, match="deck"):
        GutsOptions(players=14, discard_before_declare=True).validated()
    with pytest.raises(ConfigError, match="deck"):
        GutsOptions(players=17, cards=3, ghost=GhostMode.ALWAYS).validated()
    with pytest.raises(ConfigError, match="at least 2"):
        GutsOptions(players=1).validated()


@pytest.mark.rule("guts-pass-left", "guts-three-card", "guts-three-card-order")
def test_three_card_only_options_need_three_cards() -> None:
    with pytest.raises(ConfigError, match="cards=3"):
        GutsOptions(players=4, pass_left=True).validated()
    with pytest.raises(ConfigError, match="cards=3"):
        GutsOptions(players=4, order=Guts3Order.FLUSH_OVER_STRAIGHT
                    | Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH).validated()
    with pytest.raises(ConfigError):
        GutsOptions(players=4, cards=3, order=Guts3Order.FLUSH_OVER_STRAIGHT).validated()
    with pytest.raises(ConfigError):
        GutsOptions(players=4, cards=4).validated()


@pytest.mark.rule("guts-5.1a-fresh-ante", "guts-5.1a-best-pays", "guts-single-loser",
                  "guts-ghost")
def test_impossible_combinations_are_rejected() -> None:
    with pytest.raises(ConfigError, match="simultaneous"):
        GutsOptions(players=4, everyone_out=EveryoneOut.FRESH_ANTE).validated()
    with pytest.raises(ConfigError, match="ghost"):
        GutsOptions(players=4, single_loser=True, ghost=GhostMode.ALWAYS).validated()
    with pytest.raises(ConfigError, match="single loser"):
        GutsOptions(players=4, declare=SIM, single_loser=True,
                    everyone_out=EveryoneOut.FRESH_ANTE).validated()
    GutsOptions(players=4, declare=SIM, single_loser=True, no_split=True,
                everyone_out=EveryoneOut.BEST_HAND_PAYS, compulsory_first_round=True,
                pot_limit=40, discard_before_declare=True).validated()


@pytest.mark.rule("guts-declare-in-turn", "guts-5.1-simultaneous", "guts-5.1a-everyone-out",
                  "guts-5.1a-fresh-ante", "guts-5.1a-best-pays", "guts-compulsory-first",
                  "guts-single-loser", "guts-single-loser-ante", "guts-no-split",
                  "guts-ghost", "guts-ghost-single", "guts-three-card-sf-high",
                  "guts-three-card-flush-high", "guts-5.1b-discard", "supp-home-odd-chip")
def test_every_guts_rule_is_announced_in_words() -> None:
    base = GutsOptions(players=5).validated().announce()
    assert "in turn from the dealer's left" in base and "automatically in" in base
    assert "odd chip" in base and "share the pot" in base
    assert "antes when the pot is empty" in base
    sim = GutsOptions(players=5, declare=SIM).validated().announce()
    assert "all at once" in sim and "pot stays" in sim
    for rule, words in ((EveryoneOut.FRESH_ANTE, "antes again"),
                        (EveryoneOut.BEST_HAND_PAYS, "best hand pays")):
        assert words in GutsOptions(players=5, declare=SIM,
                                    everyone_out=rule).validated().announce()
    many = GutsOptions(players=5, compulsory_first_round=True, single_loser=True,
                       no_split=True, discard_before_declare=True).validated().announce()
    for words in ("must stay in", "skips the next ante", "Only the worst hand",
                  "neither win nor pay", "discard"):
        assert words in many
    assert "ghost" in GutsOptions(players=5, ghost=GhostMode.ALWAYS).validated().announce()
    assert "only when a single player" in GutsOptions(
        players=5, ghost=GhostMode.SINGLE_STAYER).validated().announce()
    three = GutsOptions(players=5, cards=3, pass_left=True,
                        order=Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS
                        | Guts3Order.FLUSH_OVER_STRAIGHT).validated().announce()
    assert "straight flush > three of a kind > flush > straight" in three
    assert "passes one card to the left" in three


@pytest.mark.rule("herbie-1.4", "herbie-4.3")
def test_herbie_odd_card_rule_is_announced_before_play() -> None:
    text = HerbieOptions(players=5).validated().announce()
    assert "only pairs and trips count" in text
    assert "Pairs: a pair's odd card does not count: two pairs of the same rank tie" in text
    kicker = HerbieOptions(players=5, odd_card=HerbieOddCard.BREAKS_TIES).validated()
    assert "a pair's odd card breaks a tie between pairs of the same rank" in (
        kicker.announce())


@pytest.mark.rule("herbie-1.5-unpaired", "herbie-4.4", "supp-herbie-deck-out",
                  "supp-home-odd-chip", "herbie-2.1")
def test_herbie_house_rules_are_announced() -> None:
    text = HerbieOptions(players=6, ante=2).validated().announce()
    assert text.splitlines()[0] == "Herbie, 6 players, ante 2."
    assert "high card, then the second, then the third" in text
    assert "Herbie wins: the player matches the pot" in text
    assert "discards are shuffled (never Herbie's or live hands)" in text
    assert "a carried pot takes no ante" in text
    other = HerbieOptions(players=6, unpaired=HerbieUnpaired.NO_VALUE,
                          lone_tie=LoneTie.STANDOFF,
                          ante_rule=HerbieAnte.EVERY_DEAL).validated().announce()
    assert "are equal" in other and "standoff" not in other
    assert "nobody wins or pays" in other and "on every deal" in other
    with pytest.raises(ConfigError):
        HerbieOptions(players=6, ante=-1).validated()
