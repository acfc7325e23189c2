"""Three Card Poker pay tables and house rules (SUPPLEMENT §1)."""

from __future__ import annotations

import pytest

from pokerroom.casino.actions import PlaceWagers
from pokerroom.casino.paytables import (
    ANTE_BONUS_PRESETS,
    PAIR_PLUS_PRESETS,
    SIX_CARD_BONUS_PRESETS,
    AnteBonusTable,
    PairPlusTable,
    SixCardBonusTable,
)
from pokerroom.casino.rules import (
    A23Straight,
    PairPlusOnFold,
    ThreeCardPokerConfig,
    ThreeCardPokerHouseRules,
)
from pokerroom.errors import ConfigError
from pokerroom.hands.six_card import SixCardClass
from pokerroom.hands.three_card import ThreeCardClass as C


@pytest.mark.rule("tcp-ante-bonus-table")
def test_ante_bonus_presets() -> None:
    assert set(ANTE_BONUS_PRESETS) == {"5-4-1", "5-3-1", "4-3-1"}
    usual = ANTE_BONUS_PRESETS["5-4-1"]
    assert [usual.pay(c) for c in (C.STRAIGHT_FLUSH, C.THREE_OF_A_KIND, C.STRAIGHT,
                                   C.FLUSH, C.PAIR, C.HIGH_CARD)] == [5, 4, 1, 0, 0, 0]
    assert ANTE_BONUS_PRESETS["4-3-1"].pay(C.STRAIGHT_FLUSH) == 4
    assert ThreeCardPokerConfig().ante_bonus == usual


@pytest.mark.rule("tcp-pair-plus-table")
def test_pair_plus_presets() -> None:
    assert list(PAIR_PLUS_PRESETS) == ["1-4-6-30-40", "1-4-6-25-40", "1-4-6-25-35",
                                       "1-3-6-30-40", "1-4-5-30-40"]
    table = PAIR_PLUS_PRESETS["1-3-6-30-40"]
    assert [table.pay(c) for c in (C.PAIR, C.FLUSH, C.STRAIGHT, C.THREE_OF_A_KIND,
                                   C.STRAIGHT_FLUSH, C.HIGH_CARD)] == [1, 3, 6, 30, 40, 0]
    assert ThreeCardPokerConfig().pair_plus.spec == "1-4-6-30-40"


@pytest.mark.rule("tcp-6-card-bonus")
def test_six_card_bonus_presets() -> None:
    assert list(SIX_CARD_BONUS_PRESETS) == ["1000-200-100-20-15-10-7",
                                            "1000-200-50-25-20-10-5",
                                            "1000-200-50-25-15-10-5"]
    table = SIX_CARD_BONUS_PRESETS["1000-200-50-25-20-10-5"]
    assert table.pay(SixCardClass.ROYAL_FLUSH) == 1000
    assert table.pay(SixCardClass.FULL_HOUSE) == 25
    assert table.pay(SixCardClass.THREE_OF_A_KIND) == 5
    assert table.pay(SixCardClass.NOTHING) == 0


@pytest.mark.rule("tcp-ante-bonus-table", "tcp-pair-plus-table", "tcp-6-card-bonus")
def test_custom_tables_and_bad_tables() -> None:
    custom = PairPlusTable.from_spec("2-4-6-30-100")
    assert custom.pay(C.PAIR) == 2 and not custom.is_preset
    assert "(custom)" in custom.describe()
    assert AnteBonusTable((6, 3, 0)).pay(C.STRAIGHT) == 0
    for bad in ("1-4-6", "1-4-6-30-x", "", "1--4-6-30"):
        with pytest.raises(ConfigError):
            PairPlusTable.from_spec(bad)
    with pytest.raises(ConfigError):
        AnteBonusTable((5, -4, 1))
    with pytest.raises(ConfigError):
        SixCardBonusTable((1000, 200, 100))


@pytest.mark.rule("tcp-ante-bonus-table", "tcp-pair-plus-table", "tcp-6-card-bonus",
                  "supp-tcp-pairplus-fold", "tcp-a23-rank")
def test_announcement_names_posted_tables_and_house_rules() -> None:
    config = ThreeCardPokerConfig(
        ante_bonus=AnteBonusTable.from_spec("4-3-1"),
        pair_plus=PairPlusTable.from_spec("1-4-5-30-40"),
        six_card_bonus=SixCardBonusTable.from_spec("1000-200-50-25-15-10-5"),
        rules=ThreeCardPokerHouseRules(pair_plus_without_ante=False,
                                       pair_plus_on_fold=PairPlusOnFold.SETTLED,
                                       a23=A23Straight.SECOND_HIGHEST, max_bet=500))
    text = config.announce()
    assert "ante bonus 4-3-1: straight flush 4 to 1" in text
    assert "Pair Plus 1-4-5-30-40" in text and "straight 5 to 1" in text
    assert "6 Card Bonus 1000-200-50-25-15-10-5" in text
    assert "Pair Plus may only be bet with an Ante." in text
    assert "still has the Pair Plus bet settled" in text
    assert "A-2-3 ranks just below A-K-Q" in text
    assert "maximum 500" in text
    default = ThreeCardPokerConfig().announce()
    assert "A player who folds forfeits the Pair Plus bet." in default
    assert "Pair Plus may be bet without an Ante." in default


@pytest.mark.rule("tcp-progressive")
def test_no_progressive_or_other_side_bet_is_offered() -> None:
    # none is posted in the rulebook, so the table offers exactly the three wagers and
    # says so before play
    assert "No progressive jackpot or other side bet is offered" in \
        ThreeCardPokerConfig().announce()
    assert [f for f in PlaceWagers.__dataclass_fields__ if f != "seat"] == [
        "ante", "pair_plus", "six_card_bonus"]


@pytest.mark.rule("supp-tcp-pairplus-fold")
def test_house_rule_defaults_and_validation() -> None:
    rules = ThreeCardPokerHouseRules()
    assert rules.pair_plus_on_fold is PairPlusOnFold.FORFEITED
    assert rules.pair_plus_without_ante and rules.a23_lowest
    for bad in ({"min_bet": 0}, {"min_bet": 10, "max_bet": 5}, {"pair_plus_on_fold": "x"},
                {"a23": "lowest"}, {"pair_plus_without_ante": 1}):
        with pytest.raises(ConfigError):
            ThreeCardPokerHouseRules(**bad)
    with pytest.raises(ConfigError):
        ThreeCardPokerConfig(pair_plus=AnteBonusTable.from_spec("5-4-1"))  # type: ignore[arg-type]
