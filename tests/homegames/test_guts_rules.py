"""Guts deals and sessions, rule by rule (guts.txt)."""

from __future__ import annotations

import random

import pytest
from homegames_support import deal_out, declare, stacked

from pokerroom.cards import UNKNOWN, parse_cards
from pokerroom.core import DEALER, Declare, DeclareOption, Draw, PassCard
from pokerroom.engine.ledger import POT, RESERVE
from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError
from pokerroom.hands.three_card import Guts3Order
from pokerroom.homegames.events import (
    PHANTOM,
    CardDealt,
    Decided,
    Declared,
    DeclaresRevealed,
    PassesRevealed,
    ShowdownSettled,
)
from pokerroom.homegames.guts_table import GutsTable
from pokerroom.homegames.options import (
    DeclareMode,
    EveryoneOut,
    GhostMode,
    GutsOptions,
)

SIM = DeclareMode.SIMULTANEOUS


def table(players: int = 4, ante: int = 1, **kw: object) -> GutsTable:
    return GutsTable(GutsOptions(players=players, ante=ante, **kw),  # type: ignore[arg-type]
                     rng=random.Random(5))


def finish(t: GutsTable, deal: object) -> ShowdownSettled:
    deal_out(deal)  # type: ignore[arg-type]
    result = deal.events[-1]  # type: ignore[attr-defined]
    assert isinstance(result, ShowdownSettled)
    t.settle(deal)  # type: ignore[arg-type]
    t.ledger.check()
    return result


@pytest.mark.rule("guts-deck", "guts-deal")
def test_deal_two_cards_one_at_a_time_from_the_dealers_left_each_sees_only_own() -> None:
    t = table(players=3)
    deal = t.new_hand(stacked(["As Ad", "Ks Kd", "Qs Qd"], dealer=0))
    deal_out(deal)
    dealt = [e for e in deal.events if isinstance(e, CardDealt)]
    assert [e.to for e in dealt] == [1, 2, 0, 1, 2, 0]
    assert deal.hands == [list(parse_cards("As Ad")), list(parse_cards("Ks Kd")),
                          list(parse_cards("Qs Qd"))]
    for seat in range(3):
        seen = [e for e in deal.events_for(seat) if isinstance(e, CardDealt)]
        assert all((e.card is UNKNOWN) == (e.to != seat) for e in seen)
        assert deal.view(seat).me.cards == tuple(deal.hands[seat])
    assert len(deal.deck) == 52 - 6


@pytest.mark.rule("guts-ante-empty-pot", "guts-ante-agree")
def test_ante_only_when_the_pot_is_empty() -> None:
    t = table(players=3, ante=5)
    deal = t.new_hand(stacked(["As Ad", "Ks Kd", "3s 2d"], dealer=0))
    assert t.pot == 15 and deal.pot == 15
    declare(deal, {1: True, 2: True, 0: True})
    finish(t, deal)
    # seat 0 (aces) wins 15; seats 1 and 2 each match 15: the next pot is 30
    assert t.pot == 30 and t.stacks == (10, -20, -20)
    deal = t.new_hand()
    assert t.pot == 30  # no ante on a carried pot
    assert sum(1 for tr in t.ledger if tr.reason == "ante") == 3


@pytest.mark.rule("guts-declare-in-turn", "guts-out-risk")
def test_declare_in_turn_from_the_dealers_left_dealer_last() -> None:
    t = table(players=3)
    deal = t.new_hand(stacked(["As Ad", "Ks Kd", "3s 2d"], dealer=0))
    deal_out(deal)
    assert deal.actors == (1,)
    with pytest.raises(OutOfTurnError):
        deal.apply(Declare(seat=0, stay=True))
    deal.apply(Declare(seat=1, stay=True))
    assert deal.actors == (2,)
    deal.apply(Declare(seat=2, stay=False))
    assert deal.actors == (0,)
    deal.apply(Declare(seat=0, stay=True))
    result = finish(t, deal)
    # seat 2 said out: it pays nothing; seat 1 lost and pays
    assert {s for s, _, _ in result.payments} == {1}
    assert t.stacks == (2, -4, -1)


@pytest.mark.rule("guts-dealer-auto-in", "guts-single-in-takes-pot")
def test_dealer_is_automatically_in_and_takes_the_pot_unseen() -> None:
    t = table(players=3)
    deal = t.new_hand(stacked(["3c 2d", "As Ad", "Ks Kd"], dealer=0))
    declare(deal, {1: False, 2: False})
    assert deal.actors == (DEALER,)
    event = deal.advance()
    assert isinstance(event, Declared) and event.automatic and event.seat == 0
    result = finish(t, deal)
    assert result.payouts == ((0, 3),) and result.shown == ()
    assert t.stacks == (2, -1, -1) and t.is_finished


@pytest.mark.rule("guts-single-in-takes-pot", "guts-game-end")
def test_lone_player_takes_the_pot_without_showing_and_the_game_ends() -> None:
    t = table(players=3)
    deal = t.new_hand(stacked(["3c 2d", "7s 6d", "Ks Kd"], dealer=0))
    declare(deal, {1: True, 2: False, 0: False})
    result = finish(t, deal)
    assert result.payouts == ((1, 3),) and result.shown == () and result.payments == ()
    assert t.pot == 0 and t.is_finished
    t.new_hand()
    assert t.pot == 3 and not t.is_finished  # a new game: a new ante


@pytest.mark.rule("guts-showdown", "guts-losers-match")
def test_showdown_best_hand_wins_every_other_player_in_matches() -> None:
    t = table(players=4, ante=2)
    deal = t.new_hand(stacked(["Kc Kd", "As 2d", "Qs Qd", "9h 9s"], dealer=0))
    declare(deal, {1: True, 2: True, 3: True, 0: True})
    result = finish(t, deal)
    assert result.payouts == ((0, 8),)
    assert sorted(s for s, _, _ in result.payments) == [1, 2, 3]
    assert all(amount == 8 for _, amount, _ in result.payments)
    assert t.pot == 24 and not t.is_finished
    assert {s.owner for s in result.shown} == {0, 1, 2, 3}


@pytest.mark.rule("guts-ties-share", "supp-home-odd-chip")
def test_ties_share_the_pot_odd_chip_first_clockwise_from_the_dealers_left() -> None:
    t = table(players=3, ante=1)
    deal = t.new_hand(stacked(["Ac Kd", "As Kh", "3s 2h"], dealer=0))
    declare(deal, {1: True, 2: True, 0: True})
    result = finish(t, deal)
    # pot 3 split between seats 1 and 0: seat 1 is first from the dealer's left
    assert dict(result.payouts) == {1: 2, 0: 1}
    assert t.pot == 3  # seat 2 matched


@pytest.mark.rule("guts-ties-share", "guts-game-end")
def test_everyone_in_ties_the_pot_is_shared_and_emptied() -> None:
    t = table(players=2, ante=3)
    deal = t.new_hand(stacked(["Ac Kd", "As Kh"], dealer=0))
    declare(deal, {1: True, 0: True})
    result = finish(t, deal)
    assert dict(result.payouts) == {1: 3, 0: 3} and result.payments == ()
    assert t.pot == 0 and t.is_finished


@pytest.mark.rule("guts-4.6-pot-limit", "guts-limit-agree")
def test_pot_limit_excess_goes_to_reserve_and_refills_the_pot() -> None:
    t = table(players=4, ante=5, pot_limit=30)
    deal = t.new_hand(stacked(["Ac Ad", "Kc Kd", "Qc Qd", "Jc Jd"], dealer=0))
    declare(deal, {1: True, 2: True, 3: True, 0: True})
    finish(t, deal)
    # 20 won; three losers match 20 each = 60; limit 30, reserve 30
    assert (t.pot, t.reserve) == (30, 30)
    deal = t.new_hand(stacked(["3c 2d", "Ac Ad", "4c 2h", "5c 2s"], dealer=1))
    assert deal.pot == 30
    declare(deal, {2: False, 3: False, 0: False})  # the dealer is then automatically in
    finish(t, deal)
    # the pot was won with no loser paying, the reserve refills the pot up to the limit
    assert (t.pot, t.reserve) == (30, 0) and not t.is_finished
    assert t.ledger.holding(POT) + t.ledger.holding(RESERVE) == \
        t.ledger.paid_in() - t.ledger.paid_out()


@pytest.mark.rule("guts-5.1-simultaneous")
def test_simultaneous_declare_reveals_nothing_until_all_are_in() -> None:
    t = table(players=3, declare=SIM)
    deal = t.new_hand(stacked(["Ac Ad", "Kc Kd", "3c 2d"], dealer=0))
    deal_out(deal)
    assert deal.actors == (0, 1, 2)
    deal.apply(Declare(seat=2, stay=True))
    event = deal.apply(Declare(seat=0, stay=False))
    assert isinstance(event, Decided) and not hasattr(event, "stay")
    statuses = {0: ["you said out", "", "decided"], 1: ["decided", "", "decided"],
                2: ["decided", "", "you said in"]}
    for seat in (0, 1, 2):
        assert [s.status for s in deal.view(seat).seats] == statuses[seat]
    assert [s.status for s in deal.view(None).seats] == ["decided", "", "decided"]
    with pytest.raises(OutOfTurnError):
        deal.apply(Declare(seat=2, stay=False))
    event = deal.apply(Declare(seat=1, stay=True))
    assert isinstance(event, DeclaresRevealed) and event.ins == (1, 2)
    assert event.outs == (0,)


@pytest.mark.rule("guts-5.1a-everyone-out", "guts-5.1-simultaneous")
def test_everyone_out_the_pot_stays() -> None:
    t = table(players=3, declare=SIM)
    deal = t.new_hand(stacked(["Ac Ad", "Kc Kd", "3c 2d"], dealer=0))
    declare(deal, {0: False, 1: False, 2: False})
    finish(t, deal)
    assert t.pot == 3 and not t.is_finished
    t.new_hand()
    assert t.pot == 3


@pytest.mark.rule("guts-5.1a-fresh-ante")
def test_everyone_out_fresh_ante() -> None:
    t = table(players=3, ante=2, declare=SIM, everyone_out=EveryoneOut.FRESH_ANTE)
    deal = t.new_hand()
    declare(deal, {0: False, 1: False, 2: False})
    finish(t, deal)
    t.new_hand()
    assert t.pot == 12


@pytest.mark.rule("guts-5.1a-best-pays")
def test_everyone_out_best_hand_pays_everyones_ante() -> None:
    t = table(players=3, ante=2, declare=SIM, everyone_out=EveryoneOut.BEST_HAND_PAYS)
    deal = t.new_hand(stacked(["Ac Ad", "Kc Kd", "3c 2d"], dealer=0))
    declare(deal, {0: False, 1: False, 2: False})
    result = finish(t, deal)
    assert result.payments == ((0, 6, "best hand pays everyone's ante"),)
    assert t.pot == 12 and t.stacks == (-8, -2, -2)


@pytest.mark.rule("guts-5.1b-discard")
def test_discard_one_or_both_before_declaring() -> None:
    t = table(players=2, discard_before_declare=True)
    deal = t.new_hand(stacked(["3c 2d", "Kc 7d"], dealer=0, then="Ah As 9c"))
    deal_out(deal)
    assert deal.phase == "draw" and deal.actors == (1,)
    with pytest.raises(IllegalActionError):
        deal.apply(Draw(seat=1, discards=parse_cards("3c")))  # not seat 1's card
    deal.apply(Draw(seat=1, discards=parse_cards("7d")))
    deal.apply(Draw(seat=0, discards=parse_cards("3c 2d")))
    assert deal.hands == [list(parse_cards("As 9c")), list(parse_cards("Kc Ah"))]
    assert deal.phase == "declare"


@pytest.mark.rule("guts-compulsory-first")
def test_compulsory_first_round_and_after_the_pot_empties() -> None:
    t = table(players=3, compulsory_first_round=True)
    deal = t.new_hand(stacked(["Ac Ad", "Kc Kd", "3c 2d"], dealer=0))
    deal_out(deal)
    assert deal.legal_actions(1) == (DeclareOption(must_stay=True),)
    with pytest.raises(IllegalActionError):
        deal.apply(Declare(seat=1, stay=False))
    declare(deal, {1: True, 2: True, 0: True})
    finish(t, deal)
    deal = t.new_hand(stacked(["Ac Ad", "Kc Kd", "3c 2d"], dealer=1))
    deal_out(deal)
    assert deal.legal_actions(2) == (DeclareOption(must_stay=False),)
    declare(deal, {2: False, 0: True, 1: False})
    finish(t, deal)
    assert t.pot == 0
    deal = t.new_hand()
    deal_out(deal)
    assert deal.must_stay


@pytest.mark.rule("guts-single-loser", "guts-single-loser-ante")
def test_single_loser_only_the_worst_pays_and_skips_the_next_ante() -> None:
    t = table(players=4, ante=1, single_loser=True)
    deal = t.new_hand(stacked(["Ac Ad", "3c 2d", "3h 2s", "Qc Qd"], dealer=0))
    declare(deal, {1: True, 2: True, 3: True, 0: True})
    result = finish(t, deal)
    assert sorted(s for s, _, _ in result.payments) == [1, 2]  # tied worst both pay
    assert t.pot == 8
    t.new_hand()
    antes = [tr.source for tr in t.ledger if tr.reason == "ante" and tr.deal == 2]
    assert sorted(antes) == [0, 3]  # seats 1 and 2 skip the ante after matching
    assert t.pot == 10


@pytest.mark.rule("guts-no-split")
def test_no_split_tied_best_neither_win_nor_pay() -> None:
    t = table(players=3, ante=1, no_split=True)
    deal = t.new_hand(stacked(["Ac Kd", "As Kh", "3s 2h"], dealer=0))
    declare(deal, {1: True, 2: True, 0: True})
    result = finish(t, deal)
    assert result.payouts == () and result.payments == ((2, 3, "matches the pot"),)
    assert t.pot == 6


@pytest.mark.rule("guts-ghost")
def test_ghost_must_be_beaten_and_if_it_wins_everyone_in_matches() -> None:
    t = table(players=3, ghost=GhostMode.ALWAYS)
    deal = t.new_hand(stacked(["Ac Kd", "Qs Qh", "3s 2h"], dealer=0, phantom="Kc Ks"))
    declare(deal, {1: True, 2: True, 0: False})
    result = finish(t, deal)
    assert result.payouts == ()
    assert sorted(s for s, _, _ in result.payments) == [1, 2]
    assert any(s.owner == PHANTOM for s in result.shown)
    assert t.pot == 9
    deal = t.new_hand(stacked(["Ac Kd", "As Ah", "3s 2h"], dealer=1, phantom="Kc Ks"))
    declare(deal, {2: True, 0: False, 1: True})
    result = finish(t, deal)
    assert result.payouts == ((1, 9),)


@pytest.mark.rule("guts-ghost")
def test_a_hand_that_only_ties_the_ghost_has_not_beaten_it() -> None:
    t = table(players=3, ghost=GhostMode.ALWAYS)
    deal = t.new_hand(stacked(["Ac Qd", "Kd Kh", "3s 2h"], dealer=0, phantom="Kc Ks"))
    declare(deal, {1: True, 2: False, 0: False})
    result = finish(t, deal)
    assert result.payouts == ()
    assert [s for s, _, _ in result.payments] == [1]    # kings against kings: matches


@pytest.mark.rule("guts-ghost-single")
def test_ghost_plays_only_against_a_single_player() -> None:
    t = table(players=3, ghost=GhostMode.SINGLE_STAYER)
    deal = t.new_hand(stacked(["Ac Kd", "Qs Qh", "3s 2h"], dealer=0, phantom="Kc Ks"))
    declare(deal, {1: True, 2: False, 0: False})
    result = finish(t, deal)
    assert result.payments == ((1, 3, "matches the pot"),) and result.payouts == ()
    deal = t.new_hand(stacked(["Ac Kd", "Qs Qh", "3s 2h"], dealer=1, phantom="Kc Ks"))
    declare(deal, {2: True, 0: True, 1: False})
    result = finish(t, deal)
    assert all(s.owner != -2 for s in result.shown)  # two in: the ghost sits out
    assert result.payouts == ((0, 6),)


@pytest.mark.rule("guts-three-card", "guts-three-card-order")
def test_three_card_guts_default_order_trips_over_straight_flush() -> None:
    t = table(players=2, cards=3)
    deal = t.new_hand(stacked(["5c 5d 5h", "7s 8s 9s"], dealer=0))
    declare(deal, {1: True, 0: True})
    result = finish(t, deal)
    assert result.payouts == ((0, 2),)


@pytest.mark.rule("guts-three-card-sf-high")
def test_three_card_straight_flush_over_trips_option() -> None:
    order = Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS | Guts3Order.STRAIGHT_OVER_FLUSH
    t = table(players=2, cards=3, order=order)
    deal = t.new_hand(stacked(["5c 5d 5h", "7s 8s 9s"], dealer=0))
    declare(deal, {1: True, 0: True})
    assert finish(t, deal).payouts == ((1, 2),)


@pytest.mark.rule("guts-three-card-flush-high")
def test_three_card_flush_over_straight_option() -> None:
    order = Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH | Guts3Order.FLUSH_OVER_STRAIGHT
    for chosen, winner in ((Guts3Order.DEFAULT, 0), (order, 1)):
        t = table(players=2, cards=3, order=chosen)
        deal = t.new_hand(stacked(["5c 6d 7h", "2s 8s Js"], dealer=0))
        declare(deal, {1: True, 0: True})
        assert finish(t, deal).payouts == ((winner, 2),)


@pytest.mark.rule("guts-pass-left")
def test_pass_one_card_left_all_at_once() -> None:
    t = table(players=3, cards=3, pass_left=True)
    deal = t.new_hand(stacked(["Ac Ad Ah", "Kc Kd Kh", "Qc Qd Qh"], dealer=0))
    deal_out(deal)
    assert deal.phase == "pass" and deal.actors == (0, 1, 2)
    deal.apply(PassCard(seat=0, card=parse_cards("Ac")[0]))
    assert deal.hands[1] == list(parse_cards("Kc Kd Kh"))  # nothing moves until all pass
    with pytest.raises(IllegalActionError):
        deal.apply(PassCard(seat=1, card=parse_cards("Ad")[0]))
    deal.apply(PassCard(seat=1, card=parse_cards("Kc")[0]))
    event = deal.apply(PassCard(seat=2, card=parse_cards("Qc")[0]))
    assert isinstance(event, PassesRevealed)
    assert sorted(deal.hands[0]) == sorted(parse_cards("Ad Ah Qc"))
    assert sorted(deal.hands[1]) == sorted(parse_cards("Kd Kh Ac"))
    seen = event.for_seat(2)
    assert isinstance(seen, PassesRevealed)
    assert [c for a, b, c in seen.passes if 2 not in (a, b)] == [UNKNOWN]
    assert deal.phase == "declare"


def test_illegal_actions_change_nothing() -> None:
    t = table(players=3)
    deal = t.new_hand()
    before = (len(deal.events), deal.actors)
    with pytest.raises(OutOfTurnError):
        deal.apply(Declare(seat=0, stay=True))
    assert (len(deal.events), deal.actors) == before
    deal_out(deal)
    with pytest.raises(IllegalActionError):
        t.settle(deal)
    with pytest.raises(IllegalActionError):
        t.new_hand()


@pytest.mark.rule("guts-deal")
def test_dealer_steps_take_explicit_cards() -> None:
    from pokerroom.homegames.events import DealerStep

    t = table(players=2)
    deal = t.new_hand()
    wanted = parse_cards("As Ah Kd Kc")
    for card in wanted:
        deal.apply(DealerStep(card=card))
    assert deal.hands == [list(parse_cards("Ah Kc")), list(parse_cards("As Kd"))]
    before = len(deal.events)
    with pytest.raises(IllegalActionError):
        deal.apply(DealerStep(card=wanted[0]))  # the dealing is over: a seat declares
    with pytest.raises(OutOfTurnError):
        deal.apply(DealerStep())
    assert len(deal.events) == before


def test_a_card_not_in_the_deck_cannot_be_dealt() -> None:
    from pokerroom.homegames.events import DealerStep

    t = table(players=2)
    deal = t.new_hand()
    deal.apply(DealerStep(card=parse_cards("As")[0]))
    before = (len(deal.events), len(deal.deck))
    with pytest.raises(IllegalActionError):
        deal.apply(DealerStep(card=parse_cards("As")[0]))
    assert (len(deal.events), len(deal.deck)) == before


@pytest.mark.rule("guts-limit-agree", "guts-losers-match")
def test_a_table_maximum_per_deal_caps_each_match() -> None:
    t = table(players=3, ante=5, max_match=10)
    deal = t.new_hand(stacked(["As Ad", "Ks Kd", "3s 2d"], dealer=0))
    declare(deal, {1: True, 2: True, 0: True})
    result = finish(t, deal)
    # the pot of 15 is won by the aces; each loser pays the table maximum, 10
    assert sorted(result.payments) == [(1, 10, "matches the pot up to the table maximum"),
                                       (2, 10, "matches the pot up to the table maximum")]
    assert "up to the table maximum 10" in result.summary
    assert t.pot == 20 and t.stacks == (10, -15, -15)
    announced = t.announce()
    assert "Table maximum 10: no one pays more than 10 into the pot in one deal" in announced
    assert "No match is capped" in table(players=3).announce()
    with pytest.raises(ConfigError, match="table maximum"):
        GutsOptions(players=3, max_match=0).validated()


@pytest.mark.rule("guts-ante-empty-pot", "guts-single-loser-ante")
def test_a_deal_returns_count_its_antes_and_match_the_table() -> None:
    t = table(players=3, ante=2, single_loser=True)
    first = t.new_hand(stacked(["As Ad", "Ks Kd", "Qs Qd"], dealer=0))
    assert first.antes == {0: 2, 1: 2, 2: 2}
    before = t.stacks
    declare(first, {1: True, 2: True, 0: True})
    finish(t, first)
    returns = first.returns()
    assert sum(returns.values()) == 0
    assert all(returns[s] == t.stacks[s] - before[s] - 2 for s in range(3))
    matched = {s for s, _, why in first.payments if why == "matches the pot"}
    assert matched == {2}                  # single loser: only the worst hand pays
    second = t.new_hand()
    assert set(second.antes) == set(range(3)) - matched      # the matcher skips its ante
