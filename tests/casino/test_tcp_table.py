"""The Three Card Poker table: the round on the HandState protocol, wagers, bankrolls,
views and settlement through the state machine (three-card-poker.txt)."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise

import pytest

from pokerroom.cards import UNKNOWN, Card, parse_cards
from pokerroom.casino.actions import (
    DealerCardsDealt,
    DealRound,
    DealRoundOption,
    DeckShuffled,
    HoleCardsDealt,
    HouseShowdown,
    PlaceWagers,
    PlaceWagersOption,
    PlayBet,
    PlayMade,
    PlayOption,
    SeatSettled,
)
from pokerroom.casino.bots import ThreeCardPokerBot, run_round
from pokerroom.casino.rules import (
    A23Straight,
    PairPlusOnFold,
    ThreeCardPokerConfig,
    ThreeCardPokerHouseRules,
)
from pokerroom.casino.table import Phase, ThreeCardPokerRound, ThreeCardPokerTable
from pokerroom.core import DEALER, Call, Check, Fold, FoldOption, HandState
from pokerroom.deck import Deck
from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError

CONFIG = ThreeCardPokerConfig()


def stacked(bankrolls: dict[int, int], cards: str,
            config: ThreeCardPokerConfig = CONFIG) -> ThreeCardPokerRound:
    """A round dealing ``cards`` in order: each seat's three, then the dealer's three."""
    return ThreeCardPokerRound(config, bankrolls, deck=Deck.stacked(cards))


def snapshot(state: ThreeCardPokerRound) -> tuple[object, ...]:
    return (state.phase, state.actors, state.bankrolls, len(state.events),
            state.view(None), *(state.view(s) for s in state.bankrolls))


def nets(state: ThreeCardPokerRound, seat: int) -> dict[str, int]:
    return {r.wager.value: r.net for r in state.results(seat)}


@pytest.mark.rule("tcp-banked", "tcp-hand", "tcp-wagers")
def test_a_round_speaks_the_hand_state_protocol() -> None:
    state = stacked({0: 100, 1: 100}, "Kh Kd 2c  5s 6d 8c  Qs Jd 9h")
    assert isinstance(state, HandState)
    assert state.actors == (0, 1) and state.phase is Phase.WAGERS
    (option,) = state.legal_actions(0)
    assert isinstance(option, PlaceWagersOption) and option.bankroll == 100
    state.apply(PlaceWagers(seat=1, ante=10))
    assert state.actors == (0,)
    state.apply(PlaceWagers(seat=0, ante=10, pair_plus=5))
    assert state.actors == (DEALER,) and state.legal_actions() == (DealRoundOption(),)
    state.advance()
    assert state.view(0).me.cards == parse_cards("Kh Kd 2c")
    assert state.view(1).me.cards == parse_cards("5s 6d 8c")
    assert state.actors == (0, 1) and state.phase is Phase.DECISIONS
    assert state.legal_actions(0) == (PlayOption(10), FoldOption())
    state.apply(PlayBet(seat=0))
    state.apply(Fold(seat=1))
    assert state.actors == (DEALER,)
    final = state.advance()
    assert isinstance(final, SeatSettled) and state.is_over and state.actors == ()
    for late in (PlayBet(0), HouseShowdown(DEALER)):
        with pytest.raises(IllegalActionError, match="over"):
            state.apply(late)
    # dealer Q-J-9 qualifies; each seat is settled against the dealer alone
    assert nets(state, 0) == {"Ante": 10, "Play": 10, "Pair Plus": 5}
    assert nets(state, 1) == {"Ante": -10}
    assert state.bankrolls == {0: 100 + 10 + 10 + 5, 1: 90}


@pytest.mark.rule("tcp-deck", "tcp-hand", "tcp-shuffle")
def test_fresh_full_shuffle_every_round_and_seeded_reproducibility() -> None:
    def deal(seed: int) -> list[tuple[Card, ...]]:
        table = ThreeCardPokerTable(CONFIG, {s: 100 for s in range(7)},
                                    rng=random.Random(seed))
        hands = []
        for _ in range(30):
            state = table.new_round()
            for seat in state.actors:
                state.apply(PlaceWagers(seat=seat, pair_plus=1))
            state.advance()
            shuffles = [e for e in state.events if isinstance(e, DeckShuffled)]
            assert len(shuffles) == 1 and shuffles[0].cards == 52
            dealt = [c for e in state.events if isinstance(e, HoleCardsDealt | DealerCardsDealt)
                     for c in e.cards]
            assert len(dealt) == 24 == len(set(dealt))           # 8 hands of three
            assert all(c.is_standard for c in dealt)             # no jokers
            state.advance()
            table.close_round(state)
            hands.append(tuple(dealt))
        return hands

    first = deal(11)
    assert first == deal(11)                                     # same seed, same deals
    assert first != deal(12)
    assert len(set(first)) == len(first)                         # every round reshuffled
    # a full reshuffle: cards dealt last round can be dealt again at once
    assert any(set(a) & set(b) for a, b in pairwise(first))


@pytest.mark.rule("tcp-banked")
def test_one_to_seven_players() -> None:
    for bad in ({}, {s: 10 for s in range(8)}):
        with pytest.raises(ConfigError):
            ThreeCardPokerRound(CONFIG, bad)
    with pytest.raises(ConfigError):
        ThreeCardPokerRound(CONFIG, {0: -5})
    with pytest.raises(ConfigError):
        ThreeCardPokerRound(CONFIG, {-2: 5})
    assert ThreeCardPokerRound(CONFIG, {s: 10 for s in range(7)}).actors == tuple(range(7))


@pytest.mark.rule("tcp-wagers")
def test_pair_plus_and_six_card_bonus_without_an_ante_by_default() -> None:
    state = stacked({0: 100}, "9s 9d 2c  As 4d 3c")
    state.apply(PlaceWagers(seat=0, pair_plus=5, six_card_bonus=5))
    state.advance()
    assert state.actors == (DEALER,)       # no Ante, so no decision to make
    state.advance()
    assert nets(state, 0) == {"Pair Plus": 5, "6 Card Bonus": -5}
    assert state.bankrolls[0] == 100


@pytest.mark.rule("tcp-wagers")
def test_house_may_bar_side_bets_without_an_ante() -> None:
    rules = ThreeCardPokerHouseRules(pair_plus_without_ante=False,
                                     six_card_bonus_without_ante=False)
    state = ThreeCardPokerRound(replace(CONFIG, rules=rules), {0: 100})
    for action in (PlaceWagers(0, pair_plus=5), PlaceWagers(0, six_card_bonus=5)):
        before = snapshot(state)
        with pytest.raises(IllegalActionError, match="without an Ante"):
            state.apply(action)
        assert snapshot(state) == before
    state.apply(PlaceWagers(0, ante=5, pair_plus=5, six_card_bonus=5))
    assert state.bankrolls[0] == 85


@pytest.mark.rule("tcp-play-equals-ante", "tcp-wagers")
@pytest.mark.parametrize(("wagers", "message"), [
    ((0, 0, 0), "at least one wager"),
    ((-5, 0, 0), "cannot be negative"),
    ((10, -1, 0), "cannot be negative"),
    ((60, 0, 0), "Play bet"),                    # 60 + a Play of 60 > 100
    ((0, 101, 0), "exceed"),
    ((10, 0, 2), "below the table minimum"),
    ((10, 0, 600), "above the table maximum"),
])
def test_bad_wagers_are_refused_and_change_nothing(wagers: tuple[int, int, int],
                                                   message: str) -> None:
    rules = ThreeCardPokerHouseRules(min_bet=5, max_bet=500)
    state = ThreeCardPokerRound(replace(CONFIG, rules=rules), {0: 100, 1: 100})
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=message):
        state.apply(PlaceWagers(0, *wagers))
    assert snapshot(state) == before


def test_wrong_actions_at_each_step_change_nothing() -> None:
    state = stacked({0: 100}, "Kh Kd 2c  5s 6d 8c")
    before = snapshot(state)
    for action in (PlayBet(0), Fold(0), DealRound(DEALER), HouseShowdown(DEALER), Check(0)):
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert snapshot(state) == before
    with pytest.raises(IllegalActionError):
        state.apply(PlaceWagers(5, ante=10))
    with pytest.raises(IllegalActionError):
        state.apply(PlaceWagers(0, ante=True))
    with pytest.raises(OutOfTurnError):
        state.advance()
    state.apply(PlaceWagers(0, ante=10))
    with pytest.raises(OutOfTurnError):
        state.apply(PlaceWagers(0, ante=10))
    with pytest.raises(OutOfTurnError):
        state.apply(PlayBet(0))                                  # the dealer deals first
    with pytest.raises(OutOfTurnError):
        state.apply(HouseShowdown(DEALER))
    assert state.bankrolls == {0: 90}
    two = ThreeCardPokerRound(CONFIG, {0: 100, 1: 100})
    two.apply(PlaceWagers(0, ante=10))
    before = snapshot(two)
    with pytest.raises(IllegalActionError, match="already placed"):
        two.apply(PlaceWagers(0, ante=20))
    assert snapshot(two) == before


@pytest.mark.rule("tcp-wagers", "tcp-decision-final")
def test_each_step_takes_only_the_actions_its_transitions_name() -> None:
    samples = {PlaceWagers: PlaceWagers(0, ante=10), PlayBet: PlayBet(0), Call: Call(0),
               Fold: Fold(0), Check: Check(0), DealRound: DealRound(DEALER),
               HouseShowdown: HouseShowdown(DEALER)}
    table = ThreeCardPokerRound.TRANSITIONS
    assert {kind for _, kind in table} == set(samples) - {Check}
    state = stacked({0: 100, 1: 100}, "Kh Kd 2c  5s 6d 8c  Qs Jd 9h")
    seen = set()
    for step in (PlaceWagers(1, pair_plus=5), PlaceWagers(0, ante=10), None, Fold(0), None):
        seen.add(state.phase)
        for kind, sample in samples.items():
            if (state.phase, kind) in table and sample.seat in state.actors:
                continue
            before = snapshot(state)
            with pytest.raises(IllegalActionError):
                state.apply(sample)
            assert snapshot(state) == before
        if step is None:
            state.advance()
        else:
            state.apply(step)
    assert seen | {state.phase} == set(Phase) and state.is_over


@pytest.mark.rule("tcp-play-equals-ante")
def test_play_bet_is_exactly_the_ante() -> None:
    state = stacked({0: 100}, "Kh Kd 2c  5s 6d 8c")
    state.apply(PlaceWagers(0, ante=15))
    state.advance()
    (play, fold) = state.legal_actions(0)
    assert play == PlayOption(amount=15) and isinstance(fold, FoldOption)
    event = state.apply(Call(0))                                 # Call means Play here
    assert state.bankrolls[0] == 100 - 15 - 15
    assert isinstance(event, PlayMade) and event.amount == 15
    state.advance()
    stakes = {r.wager.value: r.stake for r in state.results(0)}
    assert stakes == {"Ante": 15, "Play": 15}


@pytest.mark.rule("tcp-decision-final")
def test_fold_or_play_is_final() -> None:
    state = stacked({0: 100, 1: 100}, "Kh Kd 2c  5s 6d 8c  Qs Jd 9h")
    state.apply(PlaceWagers(0, ante=10))
    state.apply(PlaceWagers(1, ante=10))
    state.advance()
    state.apply(Fold(0))
    before = snapshot(state)
    for action in (PlayBet(0), Fold(0), Call(0)):
        with pytest.raises(IllegalActionError, match="final"):
            state.apply(action)
        assert snapshot(state) == before
    assert state.legal_actions(0) == ()
    state.apply(PlayBet(1))
    with pytest.raises(IllegalActionError):
        state.apply(Fold(1))


@pytest.mark.rule("tcp-not-qualify", "tcp-ante-bonus")
def test_dealer_not_qualifying_through_the_table() -> None:
    state = stacked({0: 100}, "5h 6h 7h  Js Td 8c")
    state.apply(PlaceWagers(0, ante=10))
    state.advance()
    state.apply(PlayBet(0))
    state.advance()
    assert state.dealer_qualifies is False
    assert state.view(0).extra_hands[0][0] == "Dealer (does not qualify)"
    assert nets(state, 0) == {"Ante": 10, "Play": 0, "ante bonus": 50}
    assert state.bankrolls[0] == 160


@pytest.mark.rule("tcp-4.3a", "tcp-4.3b", "tcp-4.3c", "tcp-dealer-qualifies")
@pytest.mark.parametrize(("cards", "expected"), [
    ("Ks Kd 2c  Qs Qd Ac", {"Ante": 10, "Play": 10}),
    ("Qs 6d 4c  Ks 2d 3c", {"Ante": -10, "Play": -10}),
    ("Qs 6d 4c  Qh 6c 4d", {"Ante": 0, "Play": 0}),
])
def test_showdown_against_a_qualifying_dealer(cards: str, expected: dict[str, int]) -> None:
    state = stacked({0: 100}, cards)
    state.apply(PlaceWagers(0, ante=10))
    state.advance()
    state.apply(PlayBet(0))
    state.advance()
    assert state.dealer_qualifies is True
    assert state.view(0).extra_hands[0][0] == "Dealer (qualifies)"
    assert nets(state, 0) == expected
    assert state.bankrolls[0] == 100 + sum(expected.values())


@pytest.mark.rule("tcp-fold-no-bonus", "supp-tcp-pairplus-fold", "tcp-6-card-bonus")
def test_fold_forfeits_pair_plus_by_default_but_six_card_bonus_is_settled() -> None:
    cards = "Ah 2h 3h  4h 9h Ks"     # a straight flush folded; six cards make a flush
    state = stacked({0: 100}, cards)
    state.apply(PlaceWagers(0, ante=10, pair_plus=5, six_card_bonus=5))
    state.advance()
    state.apply(Fold(0))
    state.advance()
    assert nets(state, 0) == {"Ante": -10, "Pair Plus": -5, "6 Card Bonus": 75}
    settled_rules = ThreeCardPokerHouseRules(pair_plus_on_fold=PairPlusOnFold.SETTLED)
    state = stacked({0: 100}, cards, replace(CONFIG, rules=settled_rules))
    state.apply(PlaceWagers(0, ante=10, pair_plus=5))
    state.advance()
    state.apply(Fold(0))
    state.advance()
    assert nets(state, 0) == {"Ante": -10, "Pair Plus": 200}


@pytest.mark.rule("tcp-pair-plus-independent", "tcp-pair-plus-wins", "tcp-pair-plus-loses")
def test_pair_plus_through_the_table_ignores_the_dealer() -> None:
    for dealer in ("Js Td 8c", "As Ad Ac", "2s 3s 4s"):
        state = stacked({0: 100, 1: 100}, f"9s 9d 2c  Kc Jd 5h  {dealer}")
        state.apply(PlaceWagers(0, pair_plus=5))
        state.apply(PlaceWagers(1, pair_plus=5))
        state.advance()
        state.advance()
        assert nets(state, 0) == {"Pair Plus": 5}
        assert nets(state, 1) == {"Pair Plus": -5}


@pytest.mark.rule("tcp-a23-rank")
def test_a23_house_rule_reaches_the_showdown() -> None:
    cards = "Ah 2d 3c  Ks Qd Jc"
    low = stacked({0: 100}, cards)
    high_rules = ThreeCardPokerHouseRules(a23=A23Straight.SECOND_HIGHEST)
    high = stacked({0: 100}, cards, replace(CONFIG, rules=high_rules))
    for state in (low, high):
        state.apply(PlaceWagers(0, ante=10))
        state.advance()
        state.apply(PlayBet(0))
        state.advance()
    assert nets(low, 0)["Ante"] == -10
    assert nets(high, 0)["Ante"] == 10


@pytest.mark.rule("tcp-no-sharing")
def test_views_never_show_hidden_cards() -> None:
    state = stacked({0: 100, 1: 100}, "Kh Kd 2c  5s 6d 8c  Qs Jd 9h")
    state.apply(PlaceWagers(0, ante=10))
    state.apply(PlaceWagers(1, ante=10))
    state.advance()
    view0 = state.view(0)
    assert view0.me.cards == parse_cards("Kh Kd 2c")
    assert view0.extra_hands == (("Dealer", (UNKNOWN,) * 3),)
    other = next(s for s in view0.seats if s.seat == 1)
    assert other.cards == (UNKNOWN,) * 3
    spectator = state.view(None)
    assert spectator.you is None and all(s.cards == (UNKNOWN,) * 3 for s in spectator.seats)
    for event in state.events_for(1):
        if isinstance(event, HoleCardsDealt) and event.seat == 0:
            assert event.cards == (UNKNOWN,) * 3
        if isinstance(event, DealerCardsDealt):
            assert event.cards == (UNKNOWN,) * 3
    state.apply(Fold(0))
    state.apply(PlayBet(1))
    state.advance()
    after = state.view(1)
    assert after.extra_hands == (("Dealer (qualifies)", parse_cards("Qs Jd 9h")),)
    folded = next(s for s in after.seats if s.seat == 0)
    assert folded.cards == (UNKNOWN,) * 3          # a folded hand is never shown
    assert next(s for s in state.view(0).seats if s.seat == 1).cards == parse_cards("5s 6d 8c")


@pytest.mark.rule("tcp-banked")
def test_bankrolls_are_conserved_to_the_chip_over_many_rounds() -> None:
    rng = random.Random(8)
    start = {0: 1_000, 2: 1_000, 5: 1_000}
    table = ThreeCardPokerTable(CONFIG, start, rng=rng)
    bots = {0: ThreeCardPokerBot(ante=5, pair_plus=5, six_card_bonus=1),
            2: ThreeCardPokerBot(ante=10),
            5: ThreeCardPokerBot(pair_plus=3, six_card_bonus=2)}
    house = 0
    for _ in range(300):
        state = table.new_round()
        run_round(state, bots)
        settled = [e for e in state.events if isinstance(e, SeatSettled)]
        assert all(isinstance(e.net, int) for e in settled)
        for event in settled:
            assert event.net == sum(r.net for r in event.results)
        net = table.close_round(state)
        assert net == {e.seat: e.net for e in settled}
        house -= sum(net.values())
    assert sum(table.bankrolls.values()) + house == sum(start.values())
    assert table.rounds_played == 300


def test_table_rounds_must_be_closed_in_order() -> None:
    table = ThreeCardPokerTable(CONFIG, {0: 100}, rng=random.Random(3))
    state = table.new_round()
    with pytest.raises(IllegalActionError):
        table.new_round()
    with pytest.raises(IllegalActionError):
        table.close_round(state)                         # not over yet
    run_round(state, {0: ThreeCardPokerBot(ante=5)})
    table.close_round(state)
    with pytest.raises(ConfigError):
        table.new_round([4])
    assert "Three Card Poker" in table.announce()


@pytest.mark.rule("tcp-play-equals-ante")
def test_without_reserving_the_play_bet_a_short_player_can_only_fold() -> None:
    rules = ThreeCardPokerHouseRules(reserve_play_bet=False)
    state = stacked({0: 15}, "Kh Kd 2c  5s 6d 8c", replace(CONFIG, rules=rules))
    state.apply(PlaceWagers(0, ante=10, pair_plus=5))
    state.advance()
    assert state.bankrolls[0] == 0
    assert state.legal_actions(0) == (FoldOption(),)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="cannot cover"):
        state.apply(PlayBet(0))
    assert snapshot(state) == before
    state.apply(Fold(0))
    state.advance()
    assert nets(state, 0) == {"Ante": -10, "Pair Plus": -5}


@pytest.mark.rule("tcp-banked")
def test_the_table_settles_every_round_with_the_house_in_its_ledger() -> None:
    table = ThreeCardPokerTable(ThreeCardPokerConfig(), {0: 300, 2: 300},
                                rng=random.Random(7))
    nets = []
    for _ in range(20):
        state = table.new_round()
        run_round(state, {seat: ThreeCardPokerBot(ante=10, pair_plus=5) for seat in state.actors})
        nets.append(table.close_round(state))
    table.ledger.check()
    players = sum(sum(net.values()) for net in nets)
    assert table.house_net == -players != 0
    assert sum(table.bankrolls.values()) == 600 + players
    assert {t.reason for t in table.ledger} >= {"buys in", "loses to the house"}
