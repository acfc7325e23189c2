"""Random play of whole sessions with every chip and card accounted for: every hand's
chips at every step, the table's after every hand."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

from pokerroom.bots.random_play import random_action
from pokerroom.cards import UNKNOWN
from pokerroom.core import DEALER, Seat
from pokerroom.engine.config import Structure
from pokerroom.engine.ledger import POT, RESERVE
from pokerroom.errors import ConfigError
from pokerroom.hands.herbie import HerbieUnpaired
from pokerroom.hands.three_card import Guts3Order
from pokerroom.homegames.deal import HomeDeal
from pokerroom.homegames.events import PHANTOM, CardDealt, Drew, ShowdownSettled
from pokerroom.homegames.guts_table import GutsTable
from pokerroom.homegames.hearts import HeartsHand
from pokerroom.homegames.hearts_events import BOARD
from pokerroom.homegames.hearts_options import HeartsOpener, HeartsOptions
from pokerroom.homegames.hearts_table import HeartsTable
from pokerroom.homegames.herbie_table import HerbieTable
from pokerroom.homegames.options import (
    DeclareMode,
    EveryoneOut,
    GhostMode,
    GutsOptions,
    HerbieAnte,
    HerbieOptions,
    LoneTie,
)

ORDERS = tuple(a | b for a in (Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH,
                               Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS)
               for b in (Guts3Order.STRAIGHT_OVER_FLUSH, Guts3Order.FLUSH_OVER_STRAIGHT))


def guts_combinations(players: int = 4) -> Iterator[GutsOptions]:
    """Every Guts option combination the table accepts (for ``players``)."""
    for (cards, declare, out, limit, discard, compulsory, single, no_split, ghost
         ) in itertools.product((2, 3), DeclareMode, EveryoneOut, (None, 3 * players),
                                (False, True), (False, True), (False, True),
                                (False, True), GhostMode):
        extras = [(Guts3Order.DEFAULT, True, False)] if cards == 2 else [
            (order, sf, passing) for order in ORDERS for sf in (True, False)
            for passing in (False, True)]
        for order, sf, passing in extras:
            options = GutsOptions(players=players, ante=1, cards=cards, declare=declare,
                                  everyone_out=out, pot_limit=limit,
                                  discard_before_declare=discard,
                                  compulsory_first_round=compulsory, single_loser=single,
                                  no_split=no_split, ghost=ghost, order=order,
                                  straights_and_flushes=sf, pass_left=passing)
            try:
                yield options.validated()
            except ConfigError:
                continue


def herbie_combinations(players: int = 5) -> Iterator[HerbieOptions]:
    for unpaired, tie, ante in itertools.product(HerbieUnpaired, LoneTie, HerbieAnte):
        yield HerbieOptions(players=players, unpaired=unpaired, lone_tie=tie,
                            ante_rule=ante).validated()


def check_deal(deal: HomeDeal, views: bool = True) -> None:
    """Every card is somewhere exactly once; no seat saw another's cards."""
    where = [c for h in deal.hands for c in h] + deal.phantom + deal.muck + list(
        deal.deck)
    assert len(where) == 52 and len(set(where)) == 52, "a card was lost or duplicated"
    for seat in range(deal.players if views else 0):
        for event in deal.events_for(seat):
            if isinstance(event, CardDealt) and event.to != seat:
                assert event.card is UNKNOWN
            if isinstance(event, Drew) and event.seat != seat:
                assert all(c is UNKNOWN for c in event.received)


def check_chips(hand: HomeDeal | HeartsHand, start: Sequence[int]) -> None:
    """The hand's chips agree with its own numbers: its ledger balances and its returns
    sum to zero. A Guts or Herbie deal's table holds the stacks: each seat's return is
    the deal's showdown results so far less its ante. Hearts Poker's view shows them:
    each seat's return is its stack less its stack ``start`` before the hand, and until
    the hand is over the pot's return is what the view shows in the middle, the pot and
    the bets in front of the seats."""
    hand.chips.check()
    returns = hand.returns()
    assert sum(returns.values()) == 0, returns
    if isinstance(hand, HomeDeal):
        net = {seat: -hand.antes.get(seat, 0) for seat in range(hand.players)}
        for event in hand.log:
            if isinstance(event, ShowdownSettled):
                for seat, amount in event.payouts:
                    net[seat] += amount
                for seat, amount, _ in event.payments:
                    net[seat] -= amount
        assert {seat: returns[seat] for seat in net} == net, (returns, net)
    else:
        view = hand.view(None)
        assert [returns[s.seat] for s in view.seats] == [
            s.stack - start[s.seat] for s in view.seats], (returns, view.seats)
        if not view.over:
            assert returns[Seat.POT] == sum(a for _, a in view.pots) + sum(
                s.bet for s in view.seats), returns


def play_checked(hand: HomeDeal | HeartsHand, rng: random.Random,
                 start: Sequence[int]) -> None:
    """Play ``hand`` out with random legal actions, checking its chips
    (:func:`check_chips`) before its first step and after every one."""
    check_chips(hand, start)
    while hand.actors:
        seat = hand.actors[0]
        if seat == DEALER:
            hand.advance()
        else:
            hand.apply(random_action(hand, seat, rng))
        check_chips(hand, start)


def check_settled(table: GutsTable | HerbieTable | HeartsTable,
                  hand: HomeDeal | HeartsHand, start: Sequence[int]) -> None:
    """Settling the hand moved each seat's stack at the table from ``start``, its
    stack before the hand (before any ante), by the hand's return."""
    returns = hand.returns()
    assert [a - b for a, b in zip(table.stacks, start, strict=True)] == [
        returns[s] for s in range(len(start))], (returns, table.stacks, start)


def play_session(table: GutsTable | HerbieTable, deals: int, seed: int) -> None:
    """Play ``deals`` random deals, checking the chips at every step and after every
    deal."""
    rng = random.Random(seed)
    start = sum(table.stacks)
    for number in range(deals):
        before = table.stacks
        deal = table.new_hand()
        play_checked(deal, rng, before)
        check_deal(deal, views=number % 10 == 0)
        payouts = getattr(deal, "payouts", {})
        assert PHANTOM not in payouts, "a phantom hand won chips"
        table.settle(deal)
        check_settled(table, deal, before)
        ledger = table.ledger
        if number % 200 == 199 or number == deals - 1:
            ledger.check()  # a full replay of every transfer
        pools = ledger.holding(POT) + ledger.holding(RESERVE)
        assert sum(table.stacks) + pools == start
        assert pools <= ledger.paid_in()
        assert table.pot >= 0
        if isinstance(table, GutsTable) and table.options.pot_limit is not None:
            assert table.pot <= table.options.pot_limit


def hearts_combinations(players: int = 4) -> Iterator[HeartsOptions]:
    """Every Hearts Poker house-rule combination (opener, community, fourth round,
    betting structure, with and without an ante)."""
    for opener, community, fourth, structure, ante in itertools.product(
            HeartsOpener, (3, 6), (False, True), Structure, (0, 1)):
        yield HeartsOptions(players=players, opener=opener, community=community,
                            fourth_round=fourth, structure=structure, ante=ante,
                            small_bet=2, big_bet=4).validated()


def check_hearts(hand: HeartsHand, views: bool) -> None:
    where = [c for d in hand.down for c in d] + [c for u in hand.up for c in u] + \
        hand.board + list(hand.extra.values()) + hand.muck + list(hand.deck)
    assert len(where) == 52 and len(set(where)) == 52, "a card was lost or duplicated"
    assert sum(hand.stacks) == hand.total_chips
    assert all(s >= 0 for s in hand.stacks)
    if views:
        for seat in range(hand.n):
            for event in hand.events_for(seat):
                if isinstance(event, CardDealt) and event.to not in (seat, BOARD) and \
                        event.private_to is not None:
                    assert event.card is UNKNOWN


def play_hearts_session(table: HeartsTable, hands: int, seed: int) -> int:
    """Play up to ``hands`` random hands (fewer if one player wins every chip),
    checking the chips at every step and after every hand."""
    rng = random.Random(seed)
    start = sum(table.stacks)
    played = 0
    for number in range(hands):
        if table.is_finished:
            break
        before = table.stacks
        hand = table.new_hand()
        play_checked(hand, rng, before)
        check_hearts(hand, views=number % 10 == 0)
        table.settle(hand)
        check_settled(table, hand, before)
        played += 1
        assert sum(table.stacks) == start and table.pot == 0
    table.ledger.check()
    return played
