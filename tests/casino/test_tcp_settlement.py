"""Three Card Poker settlement, wager by wager (three-card-poker.txt)."""

from __future__ import annotations

from itertools import combinations

import pytest

from pokerroom.cards import STANDARD_CARDS, parse_cards
from pokerroom.casino.paytables import AnteBonusTable, PairPlusTable, SixCardBonusTable
from pokerroom.casino.rules import PairPlusOnFold
from pokerroom.casino.settlement import (
    Wager,
    dealer_qualifies,
    settle_ante_play,
    settle_pair_plus,
    settle_six_card_bonus,
)
from pokerroom.hands.six_card import SixCardClass
from pokerroom.hands.three_card import three_card_poker_key

BONUS = AnteBonusTable.from_spec("5-4-1")
PAIR_PLUS = PairPlusTable.from_spec("1-4-6-30-40")


def key(text: str) -> int:
    return three_card_poker_key(parse_cards(text))


def nets(player: str, dealer: str, *, ante: int = 10, played: bool = True,
         bonus: AnteBonusTable = BONUS) -> dict[str, int]:
    results = settle_ante_play(ante, played, key(player), key(dealer), bonus)
    return {r.wager.value: r.net for r in results}


@pytest.mark.rule("tcp-dealer-qualifies")
def test_dealer_qualifies_with_queen_high_or_better() -> None:
    assert dealer_qualifies(key("Qs 3d 2c"))
    assert dealer_qualifies(key("2s 2d 3c"))
    assert dealer_qualifies(key("As 4d 2c"))
    assert not dealer_qualifies(key("Js Td 8c"))
    assert not dealer_qualifies(key("Js Td 7c"))
    assert dealer_qualifies(key("Js Td 9c"))        # a straight
    assert dealer_qualifies(key("2s 5s 7s"))        # a flush qualifies
    total = sum(dealer_qualifies(three_card_poker_key(h))
                for h in combinations(STANDARD_CARDS, 3))
    assert total == 15_380


@pytest.mark.rule("tcp-not-qualify")
def test_dealer_not_qualified_pays_ante_and_pushes_play() -> None:
    assert nets("2s 4d 6c", "Js Td 8c") == {"Ante": 10, "Play": 0}
    results = settle_ante_play(10, True, key("2s 4d 6c"), key("Js Td 8c"), BONUS)
    assert [r.returned for r in results] == [20, 10]
    assert "does not qualify" in results[1].reason


@pytest.mark.rule("tcp-dealer-qualifies", "tcp-4.3a", "tcp-4.3b")
def test_the_dealers_lowest_qualifying_hand_plays_for_both_bets() -> None:
    # Q-3-2 qualifies: the Play bet is won or lost, not pushed
    assert nets("Ks 4d 2c", "Qs 3d 2h") == {"Ante": 10, "Play": 10}
    assert nets("Js Td 8c", "Qs 3d 2h") == {"Ante": -10, "Play": -10}


@pytest.mark.rule("tcp-4.3a")
def test_player_higher_wins_ante_and_play_even_money() -> None:
    assert nets("Ks Kd 2c", "Qs Qd Ac") == {"Ante": 10, "Play": 10}
    assert nets("Ks 6d 4c", "Qs Jd 9c") == {"Ante": 10, "Play": 10}


@pytest.mark.rule("tcp-4.3b")
def test_dealer_higher_takes_ante_and_play() -> None:
    assert nets("Qs 6d 4c", "Ks 2d 3c") == {"Ante": -10, "Play": -10}
    assert nets("As Kd Jc", "2s 2d 3c") == {"Ante": -10, "Play": -10}


@pytest.mark.rule("tcp-4.3c")
def test_exact_tie_pushes_both() -> None:
    assert nets("Qs 6d 4c", "Qh 6c 4d") == {"Ante": 0, "Play": 0}
    results = settle_ante_play(10, True, key("9s 9d Ac"), key("9h 9c Ad"), BONUS)
    assert [r.returned for r in results] == [10, 10]


@pytest.mark.rule("tcp-ante-bonus", "tcp-ante-bonus-table")
def test_ante_bonus_paid_whatever_the_dealer_holds() -> None:
    # dealer does not qualify
    assert nets("5h 6h 7h", "Js Td 8c") == {"Ante": 10, "Play": 0, "ante bonus": 50}
    # dealer beats the player: the bonus is still paid
    assert nets("Ah 2d 3c", "Ks Kh Kd") == {"Ante": -10, "Play": -10, "ante bonus": 10}
    assert nets("4c 4d 4h", "5s 5d 5c") == {"Ante": -10, "Play": -10, "ante bonus": 40}
    # flush and pair get no ante bonus
    assert nets("2h 5h 9h", "Js Td 8c") == {"Ante": 10, "Play": 0}
    assert nets("As Ad 2c", "Js Td 8c") == {"Ante": 10, "Play": 0}
    # another posted table
    alt = AnteBonusTable.from_spec("4-3-1")
    assert nets("4c 4d 4h", "5s 5d 5c", bonus=alt)["ante bonus"] == 30


@pytest.mark.rule("tcp-fold-no-bonus")
def test_fold_loses_ante_and_gets_no_bonus() -> None:
    assert nets("5h 6h 7h", "Js Td 8c", played=False) == {"Ante": -10}
    assert nets("2c 4d 7h", "Js Td 8c", played=False) == {"Ante": -10}


@pytest.mark.rule("tcp-pair-plus-wins", "tcp-pair-plus-table")
@pytest.mark.parametrize(("hand", "pays"), [("As Ad 2c", 1), ("2h 5h 9h", 4),
                                            ("4c 5d 6h", 6), ("Qs Qd Qc", 30),
                                            ("Js Qs Ks", 40)])
def test_pair_plus_wins_on_pair_or_better(hand: str, pays: int) -> None:
    result = settle_pair_plus(5, key(hand), PAIR_PLUS)
    assert result.wager is Wager.PAIR_PLUS
    assert result.net == 5 * pays and result.returned == 5 + 5 * pays


@pytest.mark.rule("tcp-pair-plus-loses")
def test_pair_plus_loses_on_high_card() -> None:
    result = settle_pair_plus(5, key("As Kd Jc"), PAIR_PLUS)
    assert result.net == -5 and result.returned == 0


@pytest.mark.rule("tcp-pair-plus-independent")
def test_pair_plus_ignores_the_dealer() -> None:
    # the settlement takes no dealer input at all; the same hand pays the same whatever
    # the Ante outcome
    for dealer in ("Js Td 8c", "As Ah Ad", "Qs 3d 2c"):
        ante = nets("9s 9d 2c", dealer)
        assert settle_pair_plus(5, key("9s 9d 2c"), PAIR_PLUS).net == 5
        assert ante["Ante"] in (10, -10)


@pytest.mark.rule("supp-tcp-pairplus-fold")
def test_pair_plus_on_a_folded_hand() -> None:
    forfeited = settle_pair_plus(5, key("9s 9d 2c"), PAIR_PLUS, folded=True)
    assert forfeited.net == -5 and "forfeited" in forfeited.reason
    settled = settle_pair_plus(5, key("9s 9d 2c"), PAIR_PLUS, folded=True,
                               on_fold=PairPlusOnFold.SETTLED)
    assert settled.net == 5


@pytest.mark.rule("tcp-6-card-bonus")
def test_six_card_bonus_pays_by_class() -> None:
    table = SixCardBonusTable.from_spec("1000-200-100-20-15-10-7")
    assert settle_six_card_bonus(2, SixCardClass.ROYAL_FLUSH, table).net == 2000
    assert settle_six_card_bonus(2, SixCardClass.THREE_OF_A_KIND, table).net == 14
    lost = settle_six_card_bonus(2, SixCardClass.NOTHING, table)
    assert lost.net == -2 and lost.returned == 0
