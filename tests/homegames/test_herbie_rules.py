"""Herbie deals and sessions, rule by rule (herbie.txt)."""

from __future__ import annotations

import random

import pytest
from homegames_support import deal_out, declare, stacked

from pokerroom.cards import UNKNOWN, parse_cards
from pokerroom.core import DEALER, Declare, Draw, DrawOption
from pokerroom.deck import Deck
from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError
from pokerroom.hands.herbie import HerbieOddCard
from pokerroom.homegames.events import (
    PHANTOM,
    CardDealt,
    Decided,
    DeclaresRevealed,
    Drew,
    ShowdownSettled,
)
from pokerroom.homegames.herbie import HerbieDeal
from pokerroom.homegames.herbie_table import HerbieTable
from pokerroom.homegames.options import HerbieAnte, HerbieOptions, LoneTie


def table(players: int = 4, ante: int = 1, **kw: object) -> HerbieTable:
    return HerbieTable(HerbieOptions(players=players, ante=ante, **kw),  # type: ignore[arg-type]
                       rng=random.Random(11))


def draw(deal: HerbieDeal, seat: int, cards: str = "") -> None:
    deal.apply(Draw(seat=seat, discards=parse_cards(cards)))


def finish(t: HerbieTable, deal: HerbieDeal) -> list[ShowdownSettled]:
    deal_out(deal)
    assert deal.is_over
    t.settle(deal)
    t.ledger.check()
    return [e for e in deal.events if isinstance(e, ShowdownSettled)]


HANDS4 = ["Kc Kd 9s", "5c 5d 8h", "3c 6d 8c", "7h 9h Jc"]


@pytest.mark.rule("herbie-1.2")
def test_four_to_ten_players() -> None:
    for bad in (3, 11):
        with pytest.raises(ConfigError):
            HerbieOptions(players=bad).validated()
    for good in (4, 10):
        assert HerbieOptions(players=good).validated().players == good


@pytest.mark.rule("herbie-2.1", "herbie-2.2", "herbie-1.3", "herbie-faq-1")
def test_ante_and_three_cards_each_and_three_to_herbie_seen_by_no_one() -> None:
    t = table(players=5, ante=3)
    deal = t.new_hand()
    assert t.pot == 15 and deal.pot == 15
    deal_out(deal)
    assert [len(h) for h in deal.hands] == [3] * 5 and len(deal.phantom) == 3
    to_herbie = [e for e in deal.events if isinstance(e, CardDealt) and e.to == PHANTOM]
    assert len(to_herbie) == 3
    for seat in range(5):
        assert all(e.for_seat(seat).card is UNKNOWN for e in to_herbie)  # type: ignore[attr-defined]
    assert len(deal.deck) == 52 - 18


@pytest.mark.rule("herbie-3.1")
def test_everyone_declares_at_once_and_choices_stay_hidden() -> None:
    t = table()
    deal = t.new_hand(stacked(HANDS4, dealer=0, phantom="7c 7d Qh"))
    deal_out(deal)
    assert deal.actors == (0, 1, 2, 3)
    assert isinstance(deal.apply(Declare(seat=3, stay=True)), Decided)
    assert [s.status for s in deal.view(0).seats] == ["", "", "", "decided"]
    assert [s.status for s in deal.view(3).seats] == ["", "", "", "you said in"]
    declare(deal, {0: True, 1: False})
    event = deal.apply(Declare(seat=2, stay=False))
    assert isinstance(event, DeclaresRevealed) and event.ins == (3, 0)


@pytest.mark.rule("herbie-3.2", "herbie-3.3")
def test_those_in_draw_up_to_three_herbie_never_draws() -> None:
    t = table()
    deal = t.new_hand(stacked(HANDS4, dealer=0, phantom="7c 7d Qh", then="As Ah Ad"))
    declare(deal, {0: True, 1: False, 2: True, 3: True})
    assert deal.actors == (2,)  # from the dealer's left, those in only
    assert deal.legal_actions(2) == (DrawOption(0, 3),)
    draw(deal, 2, "3c 6d 8c")
    assert deal.hands[2] == list(parse_cards("As Ah Ad"))
    event = deal.events[-1]
    assert isinstance(event, Drew) and event.for_seat(0).received == (UNKNOWN,) * 3  # type: ignore[attr-defined]
    draw(deal, 3)
    draw(deal, 0)
    assert deal.phantom == list(parse_cards("7c 7d Qh"))
    assert deal.actors == (DEALER,)


@pytest.mark.rule("herbie-example", "herbie-table-2", "herbie-4-intro")
def test_worked_example_lone_player_beats_herbie_and_the_game_ends() -> None:
    t = table(players=4, ante=1)
    deal = t.new_hand(stacked(["2h Ks 9d", "3c 5d 6h", "3d 5h 6s", "3h 5s 6c"], dealer=0,
                              phantom="7c 7d Qh", then="6d"))
    declare(deal, {0: True, 1: False, 2: False, 3: False})
    draw(deal, 0, "9d")
    assert deal.hands[0] == list(parse_cards("2h Ks 6d"))
    [result] = finish(t, deal)
    assert {s.owner for s in result.shown} == {0, PHANTOM}
    assert "pair of kings" in result.summary and "pair of sevens" in result.summary
    assert result.payouts == ((0, 4),) and result.payments == ()
    assert t.pot == 0 and t.is_finished and t.stacks == (3, -1, -1, -1)


@pytest.mark.rule("herbie-table-1", "herbie-faq-3", "herbie-4.2")
def test_no_one_in_the_pot_stays_reshuffle_and_the_deal_passes() -> None:
    t = table()
    deal = t.new_hand()
    declare(deal, dict.fromkeys(range(4), False))
    [result] = finish(t, deal)
    assert result.payouts == () and result.payments == () and t.pot == 4
    assert not t.is_finished
    second = t.new_hand()
    assert second.dealer == 1 and t.pot == 4  # no ante on the carried pot
    assert second.deck is not deal.deck


@pytest.mark.rule("herbie-table-3", "herbie-4.1")
def test_lone_player_loses_to_herbie_and_matches() -> None:
    t = table(ante=2)
    deal = t.new_hand(stacked(HANDS4, dealer=0, phantom="Ac Ad 3s"))
    declare(deal, {0: True, 1: False, 2: False, 3: False})
    draw(deal, 0)
    [result] = finish(t, deal)
    assert result.payments == ((0, 8, "matches the pot"),)
    # nobody took the pot (a phantom never wins chips); the match is added to it
    assert t.pot == 16 and not t.is_finished and t.stacks == (-10, -2, -2, -2)


@pytest.mark.rule("herbie-table-4", "herbie-4.1")
def test_two_in_one_best_takes_pot_others_match() -> None:
    t = table()
    deal = t.new_hand(stacked(HANDS4, dealer=0, phantom="3s 6c 8d"))
    declare(deal, {0: True, 1: True, 2: False, 3: True})
    for seat in (1, 3, 0):
        draw(deal, seat)
    [result] = finish(t, deal)
    assert result.payouts == ((0, 4),)
    assert sorted(s for s, _, _ in result.payments) == [1, 3]
    assert t.pot == 8 and t.stacks == (3, -5, -1, -5)


@pytest.mark.rule("herbie-table-5")
def test_two_in_herbie_best_everyone_in_matches() -> None:
    t = table()
    deal = t.new_hand(stacked(HANDS4, dealer=0, phantom="Ac Ad Ks"))
    declare(deal, {0: True, 1: True, 2: False, 3: False})
    draw(deal, 1)
    draw(deal, 0)
    [result] = finish(t, deal)
    assert result.payouts == () and sorted(s for s, _, _ in result.payments) == [0, 1]
    assert t.pot == 12


@pytest.mark.rule("herbie-4.3")
def test_tie_for_best_plays_off_without_a_shuffle() -> None:
    t = table()
    hands = ["Kc Kd 9s", "Kh Ks 9c", "3c 6d 8c", "7h 9h Jc"]
    deal = t.new_hand(stacked(hands, dealer=0, phantom="3s 6c 8d",
                              then="Ac Ad As 5c 6s 7s"))
    declare(deal, {0: True, 1: True, 2: True, 3: False})
    for seat in (1, 2, 0):
        draw(deal, seat)
    first = deal.advance()
    assert isinstance(first, ShowdownSettled) and first.playoff == (1, 0)
    assert first.payments == ((2, 4, "matches the pot"),)
    # the play-off is dealt from the same deck: seat 1 (dealer's left) first
    deal_out(deal)
    assert deal.hands[1] == list(parse_cards("Ac As 6s"))
    assert deal.hands[0] == list(parse_cards("Ad 5c 7s"))
    assert deal.actors == (1,)
    draw(deal, 1)
    draw(deal, 0)
    results = finish(t, deal)
    assert results[-1].payouts == ((1, 4),)
    assert results[-1].payments == ((0, 4, "matches the pot"),)
    assert t.pot == 8 and t.stacks == (-5, 3, -5, -1)


@pytest.mark.rule("herbie-1.4", "herbie-4.3")
def test_equal_pairs_with_different_odd_cards_play_off_by_default() -> None:
    """K-K-9 and K-K-5, the best hands, tie (the odd card does not count) and play off."""
    t = table()
    hands = ["Kc Kd 9s", "Kh Ks 5c", "3c 6d 8c", "7h 9h Jc"]
    deal = t.new_hand(stacked(hands, dealer=0, phantom="3s 6c 8d",
                              then="Ac Ad As 5d 6s 7s"))
    declare(deal, {0: True, 1: True, 2: True, 3: False})
    for seat in (1, 2, 0):
        draw(deal, seat)
    first = deal.advance()
    assert isinstance(first, ShowdownSettled) and first.playoff == (1, 0)
    assert "tie with pair of kings and play off" in first.summary
    assert first.payments == ((2, 4, "matches the pot"),) and first.payouts == ()


@pytest.mark.rule("herbie-1.4", "herbie-table-4")
def test_the_odd_card_decides_under_the_house_rule() -> None:
    t = table(odd_card=HerbieOddCard.BREAKS_TIES)
    hands = ["Kc Kd 9s", "Kh Ks 5c", "3c 6d 8c", "7h 9h Jc"]
    deal = t.new_hand(stacked(hands, dealer=0, phantom="3s 6c 8d"))
    declare(deal, {0: True, 1: True, 2: False, 3: False})
    draw(deal, 1)
    draw(deal, 0)
    [result] = finish(t, deal)
    assert result.playoff == () and result.payouts == ((0, 4),)
    assert result.payments == ((1, 4, "matches the pot"),)
    assert "nine kicker" in result.summary


@pytest.mark.rule("herbie-1.4", "herbie-4.4")
@pytest.mark.parametrize("odd_card", list(HerbieOddCard))
def test_a_lone_pair_against_herbie_s_equal_pair(odd_card: HerbieOddCard) -> None:
    """K-K-9 alone against Herbie's K-K-6: a tie (lone-tie rule, Herbie wins by
    default) unless the odd card breaks ties."""
    t = table(odd_card=odd_card)
    deal = t.new_hand(stacked(HANDS4, dealer=0, phantom="Kh Ks 6s"))
    declare(deal, {0: True, 1: False, 2: False, 3: False})
    draw(deal, 0)
    [result] = finish(t, deal)
    if odd_card is HerbieOddCard.IGNORED:
        assert "ties Herbie" in result.summary
        assert result.payments == ((0, 4, "matches the pot"),) and t.pot == 8
    else:
        assert result.payouts == ((0, 4),) and t.is_finished


@pytest.mark.rule("herbie-4.4")
@pytest.mark.parametrize("rule", list(LoneTie))
def test_lone_player_ties_herbie_house_rule(rule: LoneTie) -> None:
    t = table(lone_tie=rule)
    deal = t.new_hand(stacked(HANDS4, dealer=0, phantom="Kh Ks 9c"))
    declare(deal, {0: True, 1: False, 2: False, 3: False})
    draw(deal, 0)
    [result] = finish(t, deal)
    if rule is LoneTie.HERBIE_WINS:
        assert result.payments == ((0, 4, "matches the pot"),) and t.pot == 8
    elif rule is LoneTie.PLAYER_WINS:
        assert result.payouts == ((0, 4),) and t.pot == 0 and t.is_finished
    else:
        assert result.payouts == () and result.payments == () and t.pot == 4


@pytest.mark.rule("herbie-2.1")
def test_ante_every_deal_option() -> None:
    t = table(ante_rule=HerbieAnte.EVERY_DEAL)
    deal = t.new_hand()
    declare(deal, dict.fromkeys(range(4), False))
    finish(t, deal)
    t.new_hand()
    assert t.pot == 8


@pytest.mark.rule("supp-herbie-deck-out")
def test_deck_runs_out_in_the_draw_discards_are_shuffled_in() -> None:
    t = table(players=10)
    deal = t.new_hand()
    declare(deal, dict.fromkeys(range(10), True))
    order = [*range(1, 10), 0]
    live_and_herbie = set(deal.phantom)
    reshuffles = 0
    for seat in order:
        hand = list(deal.hands[seat])
        others = {c for s in range(10) if s != seat for c in deal.hands[s]}
        deal.apply(Draw(seat=seat, discards=tuple(hand)))
        event = deal.events[-1]
        assert isinstance(event, Drew)
        reshuffles += event.reshuffled > 0
        assert not set(event.received) & (live_and_herbie | others)
    assert reshuffles >= 1
    finish(t, deal)
    everything = [c for h in deal.hands for c in h] + deal.phantom + deal.muck + \
        list(deal.deck)
    assert sorted(everything) == sorted(set(everything)) and len(everything) == 52


@pytest.mark.rule("herbie-1.4", "herbie-1.5", "herbie-faq-4", "herbie-suits")
def test_showdown_uses_herbie_ranking_pair_beats_suited_run() -> None:
    t = table()
    deal = t.new_hand(stacked(["Jh Qh Kh", "3c 3d 5h", "6c 7d 8c", "7h 9h Jc"], dealer=0,
                              phantom="5c 6d 8s"))
    declare(deal, {0: True, 1: True, 2: False, 3: False})
    draw(deal, 1)
    draw(deal, 0)
    [result] = finish(t, deal)
    assert result.payouts == ((1, 4),)


def test_illegal_actions_change_nothing() -> None:
    t = table()
    deal = t.new_hand(stacked(HANDS4, dealer=0, phantom="3s 6c 8d"))
    declare(deal, {0: True, 1: False, 2: False, 3: False})
    before = (len(deal.events), [list(h) for h in deal.hands], len(deal.deck))
    with pytest.raises(IllegalActionError):
        draw(deal, 0, "As")
    with pytest.raises(IllegalActionError):
        deal.apply(Draw(seat=0, discards=parse_cards("Kc Kc")))
    with pytest.raises(OutOfTurnError):
        draw(deal, 1)
    assert before == (len(deal.events), [list(h) for h in deal.hands], len(deal.deck))


@pytest.mark.rule("supp-herbie-deck-out", "herbie-4.3")
def test_deck_runs_out_in_a_playoff_discards_are_shuffled_in() -> None:
    hands = ["7h 9h Jc", "Kc Kd 9s", "Kh Ks 9c", "3c 6d 8c"]
    full = stacked(hands, dealer=0, phantom="3s 6c 8d")
    deal = HerbieDeal(HerbieOptions(players=4).validated(), dealer=0, pot=4,
                      deck=Deck(full.cards[:15]), rng=random.Random(1))
    declare(deal, {0: False, 1: True, 2: True, 3: False})
    draw(deal, 1)
    draw(deal, 2)
    first = deal.advance()
    assert isinstance(first, ShowdownSettled) and first.playoff == (1, 2)
    assert len(deal.deck) == 0
    dealt = deal.advance()
    assert isinstance(dealt, CardDealt) and dealt.reshuffled == 12
    herbie = set(parse_cards("3s 6c 8d"))
    while not deal.is_over:
        if deal.actors == (DEALER,):
            deal.advance()
        else:
            draw(deal, deal.actors[0])
        assert not herbie & {c for h in deal.hands for c in h}
    assert deal.phantom == list(parse_cards("3s 6c 8d"))
    last = deal.events[-1]
    assert isinstance(last, ShowdownSettled) and len(last.payouts) == 1


@pytest.mark.rule("herbie-4.1", "herbie-table-5")
def test_a_table_maximum_per_deal_caps_each_match_and_debts_are_announced() -> None:
    t = table(ante=2, max_match=5)
    deal = t.new_hand(stacked(HANDS4, dealer=0, phantom="Ac Ad Ks"))
    declare(deal, {0: True, 1: True, 2: False, 3: False})
    draw(deal, 1)
    draw(deal, 0)
    [result] = finish(t, deal)
    # Herbie wins a pot of 8: each of the two pays the table maximum, 5, not 8
    assert [amount for _, amount, _ in result.payments] == [5, 5]
    assert t.pot == 18 and "up to the table maximum 5" in result.summary
    assert "Table maximum 5" in t.announce()
    plain = table().announce()
    assert ("No match is capped: a player who must match more than their stack pays it all "
            "and owes the rest") in plain
