"""The home-game bots: measured thresholds, and whole sessions played sensibly."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pokerroom.bots.home_games import (
    HERBIE_BEAT_CHANCE,
    HERBIE_BEAT_CHANCE_KICKER,
    GutsBot,
    HeartsBot,
    HerbieBot,
    RandomBot,
    guts2_should_stay,
    guts_percentile,
    herbie_discards,
    herbie_should_stay,
    herbie_stay_table,
    play_out,
)
from pokerroom.cards import STANDARD_CARDS, parse_cards
from pokerroom.hands.guts import evaluate_guts2
from pokerroom.hands.herbie import HerbieOddCard, HerbieUnpaired
from pokerroom.homegames.guts_table import GutsTable
from pokerroom.homegames.hearts_options import HeartsOptions
from pokerroom.homegames.hearts_table import HeartsTable
from pokerroom.homegames.herbie_table import HerbieTable
from pokerroom.homegames.options import GutsOptions, HerbieOptions


def direct_percentile(text: str) -> float:
    hand = parse_cards(text)
    mine = evaluate_guts2(hand)
    rest = [c for c in STANDARD_CARDS if c not in hand]
    others = [evaluate_guts2(h) for h in combinations(rest, 2)]
    return (sum(mine > o for o in others) + sum(mine == o for o in others) / 2) / len(others)


@pytest.mark.parametrize("text", ["7c 7d", "Kc 4d", "Jc 8d", "3c 2d", "As Ad"])
def test_percentile_is_exact(text: str) -> None:
    assert guts_percentile(parse_cards(text)) == pytest.approx(direct_percentile(text))


@pytest.mark.parametrize(("players", "weakest_stay", "strongest_out"), [
    (2, "Jc 8d", "Jc 7d"), (3, "Kc 4d", "Kc 3d"), (4, "Ac 2d", "Kc Qd"),
    (5, "Ac 4d", "Ac 3d"), (6, "Ac 7d", "Ac 6d"), (8, "Ac Td", "Ac 9d"),
    (10, "Ac Qd", "Ac Jd")])
def test_guts_threshold_figures_in_the_docs(players: int, weakest_stay: str,
                                           strongest_out: str) -> None:
    assert guts2_should_stay(parse_cards(weakest_stay), players=players)
    assert not guts2_should_stay(parse_cards(strongest_out), players=players)


@pytest.mark.rule("herbie-5-strategy", "herbie-1.4")
@pytest.mark.parametrize("odd_card", list(HerbieOddCard))
def test_herbie_stay_figures_hold_on_a_fresh_measurement(odd_card: HerbieOddCard) -> None:
    fresh = herbie_stay_table(trials=1500, seed=2024, odd_card=odd_card)
    tables = HERBIE_BEAT_CHANCE if odd_card is HerbieOddCard.IGNORED else (
        HERBIE_BEAT_CHANCE_KICKER)
    recorded = tables[HerbieUnpaired.HIGH_CARDS]
    assert set(fresh) == set(recorded)
    for kind, chance in recorded.items():
        assert fresh[kind] == pytest.approx(chance, abs=0.05), kind
    # a low pair is no favourite alone against Herbie; trips nearly always win
    assert recorded["pair of threes"] < 0.5 < recorded["pair of fives"]
    assert recorded["trips"] > 0.9


@pytest.mark.rule("herbie-5-strategy")
def test_herbie_bot_choices() -> None:
    assert herbie_discards(parse_cards("2h Ks 9d")) == parse_cards("9d")
    assert herbie_discards(parse_cards("Kh Ks Kd")) == ()
    assert herbie_should_stay(parse_cards("Qc Qd 3s"), players=10)
    assert not herbie_should_stay(parse_cards("3c 3d Ks"), players=4)
    assert not herbie_should_stay(parse_cards("7c 7d Ks"), players=10)


def test_measured_bots_beat_random_players() -> None:
    rng = random.Random(5)
    herbie = HerbieTable(HerbieOptions(players=5), rng=rng)
    bots = [HerbieBot(5), HerbieBot(5), RandomBot(rng), RandomBot(rng), RandomBot(rng)]
    # Herbie pots grow geometrically, so the chips after 400 deals are decided by the
    # last few pots; each deal's result counted in pots of that deal measures the play
    in_pots = [0.0] * 5
    for _ in range(400):
        deal = herbie.new_hand()
        pot, before = herbie.pot, herbie.stacks
        play_out(deal, bots, rng)
        herbie.settle(deal)
        for seat in range(5):
            in_pots[seat] += (herbie.stacks[seat] - before[seat]) / pot
    # every random player loses more than twice as many pots as either bot
    assert all(rand < 2 * bot for rand in in_pots[2:] for bot in in_pots[:2]), in_pots
    guts = GutsTable(GutsOptions(players=4), rng=rng)
    gbots = [GutsBot(4), GutsBot(4), RandomBot(rng), RandomBot(rng)]
    for _ in range(400):
        deal = guts.new_hand()
        play_out(deal, gbots, rng)
        guts.settle(deal)
    assert guts.stacks[0] + guts.stacks[1] > 0
    hearts = HeartsTable(HeartsOptions(players=4, ante=1), stacks=[10_000] * 4, rng=rng)
    hbots = [HeartsBot(), HeartsBot(), RandomBot(rng), RandomBot(rng)]
    for _ in range(300):
        hand = hearts.new_hand()
        play_out(hand, hbots, rng)
        hearts.settle(hand)
    assert hearts.stacks[0] + hearts.stacks[1] > 20_000
    hearts.ledger.check()
