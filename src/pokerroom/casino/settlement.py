"""Three Card Poker settlement, wager by wager, exactly as the text says. Pure functions
on chip counts and hand keys; the table, the analysis and the simulation all use them.

* The dealer qualifies with queen-high or better (``tcp-dealer-qualifies``).
* Not qualified: a played hand wins the Ante 1 to 1 and the Play pushes
  (``tcp-not-qualify``).
* Qualified: higher hand wins Ante and Play 1 to 1 (``tcp-4.3a``), lower loses both
  (``tcp-4.3b``), an exact tie pushes both (``tcp-4.3c``).
* The ante bonus is paid on the Ante whenever the Play bet is made, whatever the dealer
  holds (``tcp-ante-bonus``); a fold gets none (``tcp-fold-no-bonus``) and loses the Ante.
* Pair Plus is settled on the player's hand alone (``tcp-pair-plus-*``); a fold forfeits
  it unless the house settles it anyway (``supp-tcp-pairplus-fold``).
* The 6 Card Bonus is paid on the best five of the six cards (``tcp-6-card-bonus``).

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.hands.three_card import three_card_poker_key as key
>>> from pokerroom.casino.paytables import AnteBonusTable
>>> results = settle_ante_play(10, True, key(parse_cards("5h 6h 7h")),
...                            key(parse_cards("Ks Kd 2c")), AnteBonusTable.from_spec("5-4-1"))
>>> [(r.wager.value, r.net) for r in results]
[('Ante', 10), ('Play', 10), ('ante bonus', 50)]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pokerroom.casino.paytables import (
    AnteBonusTable,
    HandClass,
    PairPlusTable,
    PayTable,
    SixCardBonusTable,
)
from pokerroom.casino.rules import PairPlusOnFold
from pokerroom.hands.six_card import SixCardClass
from pokerroom.hands.three_card import QUEEN_HIGH_KEY, ThreeCardClass

__all__ = [
    "Wager",
    "WagerResult",
    "dealer_qualifies",
    "settle_ante_play",
    "settle_pair_plus",
    "settle_six_card_bonus",
]


class Wager(Enum):
    """The wagers a Three Card Poker seat can have settled."""

    ANTE = "Ante"
    PLAY = "Play"
    ANTE_BONUS = "ante bonus"
    PAIR_PLUS = "Pair Plus"
    SIX_CARD_BONUS = "6 Card Bonus"


@dataclass(frozen=True, slots=True)
class WagerResult:
    """How one wager was settled: ``stake`` chips were on it (0 for the ante bonus, which
    is paid on the Ante and has no stake of its own), ``net`` chips won (negative: lost),
    and the reason in words."""

    wager: Wager
    stake: int
    net: int
    reason: str

    @property
    def returned(self) -> int:
        """Chips handed back to the player: the stake plus the net (0 when lost)."""
        return self.stake + self.net


def dealer_qualifies(dealer_key: int) -> bool:
    """True when the dealer's hand is queen-high or better (Q-3-2 the lowest).

    >>> from pokerroom.hands.three_card import key_from_ranks
    >>> dealer_qualifies(key_from_ranks([12, 3, 2])), dealer_qualifies(key_from_ranks([11, 10, 8]))
    (True, False)
    """
    return dealer_key >= QUEEN_HIGH_KEY


def settle_ante_play(ante: int, played: bool, player_key: int, dealer_key: int,
                     ante_bonus: AnteBonusTable) -> tuple[WagerResult, ...]:
    """Settle the Ante, the Play bet (equal to the Ante) and the ante bonus.

    A folded hand loses its Ante and gets no bonus; the dealer's hand does not matter.
    """
    if not played:
        return (WagerResult(Wager.ANTE, ante, -ante, "folded"),)
    if not dealer_qualifies(dealer_key):
        on_ante = (ante, "dealer does not qualify")
        on_play = (0, "push: dealer does not qualify")
    elif player_key > dealer_key:
        on_ante = on_play = (ante, "player's hand is higher")
    elif player_key < dealer_key:
        on_ante = on_play = (-ante, "dealer's hand is higher")
    else:
        on_ante = on_play = (0, "push: the hands tie")
    results: tuple[WagerResult, ...] = (WagerResult(Wager.ANTE, ante, *on_ante),
                                        WagerResult(Wager.PLAY, ante, *on_play))
    pay = ante_bonus.pay(player_key >> 12)
    if pay:
        label = ThreeCardClass(player_key >> 12).label
        results += (WagerResult(Wager.ANTE_BONUS, 0, ante * pay, f"{label} pays {pay} to 1"),)
    return results


def settle_pair_plus(stake: int, player_key: int, table: PairPlusTable, *,
                     folded: bool = False,
                     on_fold: PairPlusOnFold = PairPlusOnFold.FORFEITED) -> WagerResult:
    """Settle Pair Plus on the player's own hand; the dealer's hand plays no part.

    >>> from pokerroom.hands.three_card import key_from_ranks
    >>> table = PairPlusTable.from_spec("1-4-6-30-40")
    >>> settle_pair_plus(5, key_from_ranks([9, 9, 4]), table).net
    5
    >>> settle_pair_plus(5, key_from_ranks([9, 9, 4]), table, folded=True).reason
    'forfeited: the Ante hand was folded'
    """
    if folded and on_fold is PairPlusOnFold.FORFEITED:
        return WagerResult(Wager.PAIR_PLUS, stake, -stake, "forfeited: the Ante hand was folded")
    return _paid(Wager.PAIR_PLUS, stake, table, ThreeCardClass(player_key >> 12))


def settle_six_card_bonus(stake: int, six_class: SixCardClass,
                          table: SixCardBonusTable) -> WagerResult:
    """Settle the 6 Card Bonus on the pay class of the best five of the six cards.

    >>> table = SixCardBonusTable.from_spec("1000-200-100-20-15-10-7")
    >>> settle_six_card_bonus(2, SixCardClass.FLUSH, table).net
    30
    """
    return _paid(Wager.SIX_CARD_BONUS, stake, table, SixCardClass(six_class))


def _paid(wager: Wager, stake: int, table: PayTable, hand_class: HandClass) -> WagerResult:
    """A side bet settled on its pay table: the hand's pay to 1, or the stake lost when
    the hand does not pay (a high card never pays Pair Plus)."""
    pay = table.pay(hand_class)
    if not pay:
        return WagerResult(wager, stake, -stake, f"{hand_class.label} loses")
    return WagerResult(wager, stake, stake * pay, f"{hand_class.label} pays {pay} to 1")
