"""Property tests: hidden simultaneous choices, phantoms that never win chips, and a
reserve that never holds more than was paid in."""

from __future__ import annotations

import random

import pytest
from homegames_support import deal_out
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.bots.home_games import RandomBot, play_out
from pokerroom.core import Declare
from pokerroom.deck import Deck
from pokerroom.homegames.deal import HomeDeal
from pokerroom.homegames.events import PHANTOM, ShowdownSettled
from pokerroom.homegames.guts import GutsDeal
from pokerroom.homegames.guts_table import GutsTable
from pokerroom.homegames.herbie import HerbieDeal
from pokerroom.homegames.herbie_table import HerbieTable
from pokerroom.homegames.options import (
    DeclareMode,
    GhostMode,
    GutsOptions,
    HerbieOptions,
)


def _fresh(game: str, players: int, seed: int) -> HomeDeal:
    deck = Deck.standard(rng=random.Random(seed))
    if game == "herbie":
        return HerbieDeal(HerbieOptions(players=players).validated(), dealer=0, pot=10,
                          deck=deck)
    opts = GutsOptions(players=players, declare=DeclareMode.SIMULTANEOUS).validated()
    return GutsDeal(opts, dealer=0, pot=10, deck=deck)


@pytest.mark.rule("guts-5.1-simultaneous", "herbie-3.1")
@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(["guts", "herbie"]), players=st.integers(4, 8),
       seed=st.integers(0, 10**6), data=st.data())
def test_no_view_reveals_another_choice_before_all_are_in(game: str, players: int,
                                                          seed: int,
                                                          data: st.DataObject) -> None:
    order = data.draw(st.permutations(range(players)))
    choices = data.draw(st.lists(st.booleans(), min_size=players, max_size=players))
    watcher = data.draw(st.integers(0, players - 1))
    # the same deal twice, every seat but the watcher choosing the opposite way
    flipped = [c if s == watcher else not c for s, c in enumerate(choices)]
    a, b = _fresh(game, players, seed), _fresh(game, players, seed)
    deal_out(a)
    deal_out(b)
    for seat in order[:-1]:
        a.apply(Declare(seat=seat, stay=choices[seat]))
        b.apply(Declare(seat=seat, stay=flipped[seat]))
        assert a.view(watcher) == b.view(watcher)
        assert a.events_for(watcher) == b.events_for(watcher)
        assert a.actors == b.actors
    last = order[-1]
    a.apply(Declare(seat=last, stay=choices[last]))
    ins = tuple(s for s in range(players) if choices[s])
    assert a.ins is not None and sorted(a.ins) == sorted(ins)


@pytest.mark.rule("herbie-1.3", "guts-ghost", "guts-ghost-single")
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(4, 8),
       ghost=st.sampled_from([GhostMode.ALWAYS, GhostMode.SINGLE_STAYER]),
       herbie=st.booleans())
def test_a_phantom_hand_never_wins_chips(seed: int, players: int, ghost: GhostMode,
                                         herbie: bool) -> None:
    rng = random.Random(seed)
    table: GutsTable | HerbieTable
    if herbie:
        table = HerbieTable(HerbieOptions(players=players), rng=rng)
    else:
        table = GutsTable(GutsOptions(players=players, ghost=ghost), rng=rng)
    bots = [RandomBot(rng) for _ in range(players)]
    for _ in range(25):
        deal = table.new_hand()
        pot = table.pot
        play_out(deal, bots, rng)
        results = [e for e in deal.events if isinstance(e, ShowdownSettled)]
        assert all(seat != PHANTOM for r in results for seat, _ in r.payouts)
        assert all(seat != PHANTOM for r in results for seat, _, _ in r.payments)
        won = sum(a for r in results for _, a in r.payouts)
        table.settle(deal)
        # chips leave the pot only to seats: what the seats took is what left the pot
        paid = sum(a for r in results for _, a, _ in r.payments)
        assert table.pot == pot + paid - won
        assert sum(table.stacks) + table.pot == 0


@pytest.mark.rule("guts-4.6-pot-limit")
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), limit_x=st.integers(1, 5),
       single=st.booleans())
def test_reserve_plus_pot_never_exceeds_what_was_paid_in(seed: int, players: int,
                                                         limit_x: int,
                                                         single: bool) -> None:
    rng = random.Random(seed)
    table = GutsTable(GutsOptions(players=players, ante=2, pot_limit=2 * players * limit_x,
                                  single_loser=single), rng=rng)
    bots = [RandomBot(rng) for _ in range(players)]
    for _ in range(30):
        deal = table.new_hand()
        play_out(deal, bots, rng)
        table.settle(deal)
        assert table.pot + table.reserve <= table.ledger.paid_in()
        assert table.pot + table.reserve == table.ledger.paid_in() - table.ledger.paid_out()
        assert table.pot <= 2 * players * limit_x
    table.ledger.check()


@pytest.mark.rule("hearts-first-pass", "hearts-second-pass", "hearts-discard")
@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 10**6), data=st.data())
def test_hearts_simultaneous_steps_reveal_nothing_before_all_are_in(
        players: int, seed: int, data: st.DataObject) -> None:
    from pokerroom.core import DEALER, Check, Discard, PassCard
    from pokerroom.homegames.hearts import HeartsHand
    from pokerroom.homegames.hearts_options import HeartsOptions

    def fresh() -> HeartsHand:
        return HeartsHand(HeartsOptions(players=players).validated(),
                          stacks=[50] * players, dealer=0,
                          deck=Deck.standard(rng=random.Random(seed)))

    def to_choice(hand: HeartsHand) -> None:
        while hand.phase in ("deal", "bet"):
            if hand.actors == (DEALER,):
                hand.advance()
            else:
                hand.apply(Check(seat=hand.actors[0]))

    watcher = data.draw(st.integers(0, players - 1))
    tested = data.draw(st.integers(0, 2))  # the first pass, the second pass, the discard
    a, b = fresh(), fresh()
    for step in range(tested + 1):
        to_choice(a)
        to_choice(b)
        seats = list(a.actors)
        order = data.draw(st.permutations(seats))
        picks = data.draw(st.lists(st.booleans(), min_size=len(seats),
                                   max_size=len(seats)))
        for seat, pick in zip(order[:-1], picks, strict=False):
            other = pick if seat == watcher or step < tested else not pick
            for hand, choose_first in ((a, pick), (b, other)):
                option = hand.legal_actions(seat)[0]
                if hand.phase == "discard":
                    choices = option.choices  # type: ignore[attr-defined]
                    hand.apply(Discard(seat=seat, cards=choices[0 if choose_first else 1]))
                else:
                    cards = option.cards  # type: ignore[attr-defined]
                    hand.apply(PassCard(seat=seat, card=cards[0 if choose_first else -1]))
            assert a.view(watcher) == b.view(watcher)
            assert a.events_for(watcher) == b.events_for(watcher)
        last = order[-1]
        for hand in (a, b):
            option = hand.legal_actions(last)[0]
            if hand.phase == "discard":
                hand.apply(Discard(seat=last, cards=option.choices[0]))  # type: ignore[attr-defined]
            else:
                hand.apply(PassCard(seat=last, card=option.cards[0]))  # type: ignore[attr-defined]
