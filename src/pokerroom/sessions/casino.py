"""Three Card Poker in the catalog: the house-banked table as a playable session.

Every player plays against the dealer (the house). The pay tables are house rules (the
presets of SUPPLEMENT §1), as are Pair Plus on a fold and the rank of A-2-3. The bots
bet the table's stakes and play Q-6-4 or better. At the prompt, ``w 10 5`` places an
Ante of 10 and a Pair Plus of 5 (``w 0 5``: Pair Plus alone; a third number is the 6
Card Bonus), then ``play`` (or ``c``) or ``f`` (:mod:`pokerroom.terminal.prompt`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

from pokerroom.bots import DEFAULT_LEVEL
from pokerroom.casino.actions import SeatSettled
from pokerroom.casino.bots import ThreeCardPokerBot
from pokerroom.casino.paytables import AnteBonusTable, PairPlusTable, SixCardBonusTable
from pokerroom.casino.rules import (
    MAX_PLAYERS,
    A23Straight,
    PairPlusOnFold,
    ThreeCardPokerConfig,
    ThreeCardPokerHouseRules,
)
from pokerroom.casino.settlement import Wager
from pokerroom.casino.table import ThreeCardPokerRound, ThreeCardPokerTable
from pokerroom.catalog import HouseRuleSpec, TableSpec
from pokerroom.core import Event, HandState
from pokerroom.errors import ConfigError
from pokerroom.game import Game, Layout
from pokerroom.hands import games as rankings
from pokerroom.history.narration_casino import settlement_lines, tell_round
from pokerroom.history.phh_casino import tcp_to_phh
from pokerroom.session import Capabilities, HandResult, Session
from pokerroom.tableview import SITTING_OUT, Bot, SeatSnapshot, View

__all__ = ["TCP_RULES", "THREE_CARD_POKER", "CasinoSession"]


_SHORT = {Wager.ANTE.value: "A", Wager.PAIR_PLUS.value: "PP",
          Wager.SIX_CARD_BONUS.value: "6CB", Wager.PLAY.value: "P"}
"""How the table's picture abbreviates each wager beside a seat's hand."""


class CasinoSession(Session):
    """A Three Card Poker table."""

    capabilities = Capabilities(house_banked=True)
    """Players play the house, so one player with chips is enough for a round."""

    def __init__(self, table: ThreeCardPokerTable, names: Sequence[str], *, ante: int,
                 pair_plus: int, six_card_bonus: int) -> None:
        self.table = table
        self._names = tuple(names)
        self._posted: tuple[ThreeCardPokerConfig, str] | None = None
        self._bot = partial(ThreeCardPokerBot, ante=ante, pair_plus=pair_plus,
                            six_card_bonus=six_card_bonus)

    title = "Three Card Poker"

    @property
    def stakes_text(self) -> str:
        """The posted pay tables (what a Three Card Poker table's stakes are)."""
        # read at every round (for its record): written once for the table's config
        config = self.table.config
        posted = self._posted
        if posted is None or posted[0] is not config:
            posted = self._posted = (config, (
                f"ante bonus {config.ante_bonus.spec}, Pair Plus {config.pair_plus.spec}, "
                f"6 Card Bonus {config.six_card_bonus.spec}"))
        return posted[1]

    @property
    def players(self) -> tuple[str, ...]:
        return self._names

    @property
    def stacks(self) -> tuple[int, ...]:
        rolls = self.table.bankrolls
        current = self.table.current
        if current is not None and not current.is_over:
            rolls |= current.bankrolls
        return tuple(rolls[seat] for seat in range(len(self._names)))

    @property
    def chips_held(self) -> int:
        return 0  # every wager is settled with the house in its round

    @property
    def house_net(self) -> int:
        return self.table.house_net

    @property
    def is_finished(self) -> bool:
        return not self._seated()

    def _seated(self) -> list[int]:
        rules = self.table.config.rules
        floor = rules.min_bet if rules.pair_plus_without_ante else 2 * rules.min_bet
        return [seat for seat, chips in sorted(self.table.bankrolls.items()) if chips >= floor]

    def announce(self) -> str:
        return self.table.announce()

    @property
    def dealer(self) -> int | None:
        return None  # the house deals every hand

    def new_hand(self) -> HandState:
        return self.table.new_round(self._seated())

    def phh_record(self, state: HandState) -> dict[str, object] | None:
        """The settled round as PHH data (:mod:`pokerroom.history.phh_casino`), every card."""
        if not isinstance(state, ThreeCardPokerRound) or not state.is_over:
            return None
        return tcp_to_phh(state, self._names)

    def settle(self, state: HandState) -> HandResult:
        assert isinstance(state, ThreeCardPokerRound)
        nets = self.table.close_round(state)
        net = tuple(nets.get(seat, 0) for seat in range(len(self._names)))
        events, names = state.events, self._names
        # the words are written when first read (a bots-only run keeping no history
        # reads none): from the settled round, which nothing changes afterwards
        return HandResult(net, write=lambda: tuple(settlement_lines(events, names, -sum(net))))

    def snapshot(self, state: HandState, seat: int | None) -> View:
        """The round's own view with every player at the table (one not in the round is
        sitting out, with no cards, wagers or words), each known hand in words beside its
        wagers, the round's net in place of the decision once settled, and the round
        number."""
        assert isinstance(state, ThreeCardPokerRound)
        view = state.view(seat)
        nets = {e.seat: e.net for e in state.events if isinstance(e, SeatSettled)}
        by_seat = {s.seat: s for s in view.seats}
        seats = []
        for index, name in enumerate(self._names):
            info = by_seat.get(index) or SeatSnapshot(seat=index, name=name,
                                                      stack=self.stacks[index], status=SITTING_OUT)
            cards = info.cards
            hand = [state.describe(cards)] if cards and all(c.is_known for c in cards) else []
            bets = " ".join(f"{_SHORT[label]} {amount}" for label, amount in info.wagers)
            status = f"{nets[index]:+d}" if index in nets else info.status
            # positional copies (drawn at every decision): the fields in order
            seats.append(SeatSnapshot(info.seat, name, info.stack, info.bet, info.cards, (),
                                      status, info.marker, "  ".join([*hand, bets]),
                                      info.wagers))
        return View(self.title, tuple(seats), view.board, view.extra_hands, view.pots,
                    view.to_act, view.you, view.street,
                    self.table.rounds_played + (self.table.current is not None),
                    view.button, view.notes, view.options, view.over)

    def button_of(self, state: HandState, seat: int | None) -> int | None:
        return None  # the house deals every round: no button (nor in the snapshot)

    def narrate(self, events: Sequence[Event]) -> list[str]:
        return tell_round(events, self._names)

    def make_bot(self, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL) -> Bot:
        # the optimal Q-6-4 strategy at every level: against the house there is no rival
        return self._bot()


TCP_RULES: tuple[HouseRuleSpec, ...] = (
    HouseRuleSpec("ante_bonus", "str", "5-4-1", "ante bonus pay table (presets "
                  + ", ".join(AnteBonusTable.PRESETS) + "; or any SF-trips-straight)",
                  value=AnteBonusTable.from_spec),
    HouseRuleSpec("pair_plus", "str", "1-4-6-30-40", "Pair Plus pay table (presets "
                  + ", ".join(PairPlusTable.PRESETS) + "; or a custom one)",
                  value=PairPlusTable.from_spec),
    HouseRuleSpec("six_card_bonus", "str", "1000-200-100-20-15-10-7",
                  "6 Card Bonus pay table (presets " + ", ".join(SixCardBonusTable.PRESETS)
                  + "; or a custom one)", value=SixCardBonusTable.from_spec),
    HouseRuleSpec.of_enum("pair_plus_on_fold", PairPlusOnFold.FORFEITED,
                          "Pair Plus when the Ante hand folds"),
    HouseRuleSpec.of_enum("a23", A23Straight.LOWEST, "rank of A-2-3",
                          synonyms=(("low", "lowest"), ("high", "second-highest"))),
    HouseRuleSpec("pair_plus_without_ante", "bool", True, "Pair Plus may be bet alone"),
    HouseRuleSpec("min_bet", "int", 1, "table minimum per wager"),
)


_STAKES = {"ante": 10, "pair_plus": 5, "six_card_bonus": 0}
"""What each bot wagers by default."""


def _factory(spec: TableSpec) -> CasinoSession:
    if len(spec.players) > MAX_PLAYERS:
        raise ConfigError(f"Three Card Poker seats at most {MAX_PLAYERS} players")
    rules = spec.rules_of(TCP_RULES)
    pay_tables = {name: rules.pop(name) for name in ("ante_bonus", "pair_plus", "six_card_bonus")}
    config = ThreeCardPokerConfig(**pay_tables, rules=ThreeCardPokerHouseRules(**rules))
    table = ThreeCardPokerTable(config, dict(enumerate(spec.stacks)), rng=spec.rng)
    return CasinoSession(table, spec.players, **spec.stakes_of(_STAKES))


THREE_CARD_POKER = Game(
    name="three-card-poker", aliases=("tcp", "3cp", "3-card-poker", "three-card"),
    title="Three Card Poker", family="casino", min_seats=1, max_seats=MAX_PLAYERS,
    description=("House-banked: each player plays only the dealer. Bet the Ante (and/or Pair "
                 "Plus, 6 Card Bonus), see three cards, then play (a Play bet equal to the "
                 "Ante) or fold. The dealer qualifies with queen-high; the ante bonus pays "
                 "on a straight or better whenever you play. Optimal play: Q-6-4 or better."),
    factory=_factory, house_rules=TCP_RULES, capabilities=CasinoSession.capabilities,
    default_stakes=_STAKES, default_stack=1000, phh="TCP",
    layout=Layout(3, 3, (("wagers", 8),), ("wagers", "deal", "decisions", "showdown", "over")),
    ranking=rankings.THREE_CARD_POKER, analysis=True,
    on_timeout="place the smallest Ante, then fold")

