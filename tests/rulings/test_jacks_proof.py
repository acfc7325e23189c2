"""Jacks or better after false openers: the player who declares the pot open is the
opener and must prove openers to win it (jacks-3), a declared split is checked against
the final hand and the discards (jacks-9), and who may retrieve or show the opening hand
(jacks-7, jacks-8)."""

from __future__ import annotations

import pytest
from rulings_helpers import JACKS, check_conserved, deal, live_hand

from pokerroom.announcements import kept_openers, request_openers_kept
from pokerroom.cards import parse_cards
from pokerroom.core import Bet, Call, Check, Draw, Fold
from pokerroom.engine import GameConfig, HandEnded, OpenerDeclared, UnprovenPot
from pokerroom.errors import IllegalActionError
from pokerroom.rulings import Choice, FalseOpeners, LiveHand
from pokerroom.rulings.jacks import DECLARE_OPEN
from pokerroom.rulings.requests import RetrieveOpeners

# seat 0: Jc Jd 7c 9c Kc (openers, passes them); seat 1: 2c 4c 6c 3d 9s (opens without
# openers); seat 2: Th Ts 8c 5c Ad (a pair of tens)
DEAL = "Jc 2c Th Jd 4c Ts 7c 6c 8c 9c 3d 5c Kc 9s Ad"


def declared(config: GameConfig = JACKS, deal_text: str = DEAL) -> LiveHand:
    """Seat 0 passes openers, seat 1 opens falsely, seat 2 calls; the false openers are
    shown, seat 2 declares the pot open and seat 0 calls: the draw is next."""
    live = live_hand(config)
    deal(live, deal_text)
    live.apply(Check(0))
    live.apply(Bet(1, 2))
    live.apply(Call(2))
    live.report(FalseOpeners(1))
    live.apply(Choice(2, what=DECLARE_OPEN, take=True))
    live.apply(Call(0))
    assert live.hand.opener_seat == 2 and live.actors == (0,)
    return live


def result(live: LiveHand) -> HandEnded:
    assert isinstance(live.hand.result, HandEnded)
    return live.hand.result


def bet_and_show(live: LiveHand, caller: int = 0) -> HandEnded:
    """After the draw the opener (seat 2) bets and ``caller`` calls; the showdown."""
    assert live.actors == (2,)                  # the declarer acts first (draw-intro)
    live.apply(Bet(2, 4))
    live.apply(Call(caller))
    live.advance()
    return result(live)


@pytest.mark.rule("jacks-3", "jacks-9", "jacks-2")
def test_a_declarer_on_tens_who_splits_and_draws_trips_loses_the_pot() -> None:
    live = declared()
    live.apply(Draw(0, ()))
    with pytest.raises(IllegalActionError, match="splitting openers"):
        live.apply(Draw(2, tuple(parse_cards("8c 5c Ad"))))
    live.apply(Draw(2, tuple(parse_cards("8c 5c Ad")), split_openers=True))
    deal(live, "2d Tc 4d 2h")                   # the burn, then three tens... and two
    assert sorted(map(str, live.hand.hole[2])) == sorted(["Th", "Ts", "Tc", "4d", "2h"])
    ended = bet_and_show(live)
    assert {s.seat for s in ended.shown} == {0, 2}            # trips beat the jacks...
    assert [(a.seat, a.amount) for a in ended.awards] == [(0, 17)]  # ...but cannot win
    assert any("split openers; discards shown: 8c 5c Ad" in n for n in ended.notes)
    assert any("could not have held openers" in n and "jacks-9" in n for n in ended.notes)
    assert live.final_stacks == (110, 97, 93)
    check_conserved(live)


@pytest.mark.rule("jacks-3", "jacks-9")
def test_a_declarer_who_splits_real_openers_proves_them_with_the_discards() -> None:
    # seat 2 holds Qh Qs and splits them to draw to a flush
    live = declared(deal_text="Jc 2c Qh Jd 4c Qs 7c 6c 8h 9c 3d 5h Kc 9s Ah")
    live.apply(Draw(0, ()))
    live.apply(Draw(2, tuple(parse_cards("Qs")), split_openers=True))
    deal(live, "2d Th")
    ended = bet_and_show(live)
    assert [(a.seat, a.amount) for a in ended.awards] == [(2, 17)]   # a flush, proved
    assert not any("cannot prove" in n or "could not have" in n for n in ended.notes)
    check_conserved(live)


@pytest.mark.rule("jacks-3")
def test_a_declarer_standing_pat_without_openers_cannot_win_the_pot() -> None:
    live = declared()
    live.apply(Draw(0, tuple(parse_cards("Jc Jd"))))    # seat 0 breaks its jacks...
    deal(live, "2d 3h 4h")                              # ...and misses: king high
    live.apply(Draw(2, ()))                             # tens, pat
    ended = bet_and_show(live)
    assert [(a.seat, a.amount) for a in ended.awards] == [(0, 17)]   # king high wins
    assert any("seat 2 cannot prove openers" in n and "jacks-3" in n for n in ended.notes)
    check_conserved(live)


def everyone_folds_to_the_declarer(config: GameConfig) -> LiveHand:
    live = declared(config)
    live.apply(Draw(0, ()))
    live.apply(Draw(2, ()))
    live.apply(Bet(2, 4))
    live.apply(Fold(0))
    live.advance()
    return live


@pytest.mark.rule("jacks-3")
def test_a_pot_only_the_unproven_declarer_contests_stays_for_the_next_deal() -> None:
    live = everyone_folds_to_the_declarer(JACKS)
    ended = result(live)
    # the bet after the draw went back uncalled; 3 antes and 2+2+2 stay in the middle
    assert ended.awards == () and ended.carried == 9
    assert any("stays in the middle for the next deal (house rule)" in n
               for n in ended.notes)
    assert live.final_stacks == (97, 97, 97) and live.total_chips == 300
    assert "must prove openers to win" in JACKS.announce()


@pytest.mark.rule("jacks-3")
def test_the_house_may_return_the_other_players_chips_instead() -> None:
    config = GameConfig.of("jacks", ante=1, joker=False,
                           unproven_pot=UnprovenPot.RETURNED)
    assert "goes back to the other players" in config.announce()
    live = everyone_folds_to_the_declarer(config)
    ended = result(live)
    # seats 0 and 1 get back their bets (2 each); the antes and seat 2's 2 stay
    assert ended.awards == () and ended.carried == 3 + 2
    assert live.final_stacks == (99, 99, 97) and live.total_chips == 300


@pytest.mark.rule("jacks-3", "jacks-4")
def test_an_opener_whose_false_openers_were_never_reported_cannot_win_either() -> None:
    live = live_hand(JACKS)
    deal(live, DEAL)
    live.apply(Check(0))
    live.apply(Bet(1, 2))                           # no openers: a claim
    live.apply(Call(2))
    live.apply(Call(0))
    live.apply(Draw(0, ()))
    live.apply(Draw(1, ()))                         # stands pat on nothing
    live.apply(Draw(2, tuple(parse_cards("8c 5c Ad"))))
    deal(live, "2d Tc 4d 2h")
    assert live.actors == (1,)                      # the opener acts first
    live.apply(Check(1))
    live.apply(Check(2))
    live.apply(Check(0))
    live.advance()
    ended = result(live)
    assert any("seat 1 cannot prove openers" in n for n in ended.notes)
    assert [(a.seat, a.amount) for a in ended.awards] == [(2, 9)]   # trips tens win
    check_conserved(live)


@pytest.mark.rule("jacks-3", "jacks-2")
def test_a_declarer_shown_without_openers_before_the_draw_has_a_dead_hand() -> None:
    live = declared()
    ruling = live.report(FalseOpeners(2))
    assert ruling.rule == "jacks-3" and "chips it put in stay" in ruling.decision
    assert live.hand.folded[2] and live.hand.pot == 9
    assert live.hand.stacks[2] == 97 and live.actors == (0,)     # nothing returned
    live.apply(Draw(0, ()))
    live.advance()
    assert [(a.seat, a.amount) for a in result(live).awards] == [(0, 9)]
    check_conserved(live)


@pytest.mark.rule("jacks-7")
def test_the_false_opener_may_not_retrieve_the_dead_hand_but_the_declarer_may() -> None:
    live = declared()
    with pytest.raises(IllegalActionError, match="did not open"):
        live.report(RetrieveOpeners(1))             # no longer the opener
    live.apply(Draw(0, ()))
    live.apply(Draw(2, ()))
    live.apply(Check(2))
    live.apply(Bet(0, 4))
    live.apply(Fold(2))                             # the declarer throws the hand away
    ruling = live.report(RetrieveOpeners(2))
    assert ruling.rule == "jacks-7"
    assert "Th Ts 8c 5c Ad: it does not hold openers" in ruling.decision
    # a false opener whose hand the floor killed has nothing to retrieve
    other = live_hand(JACKS)
    deal(other, DEAL)
    other.apply(Check(0))
    other.apply(Bet(1, 2))
    other.apply(Call(2))
    other.apply(Call(0))
    other.report(FalseOpeners(1))                   # the pot plays (jacks-4)
    with pytest.raises(IllegalActionError, match="ruled false openers"):
        other.report(RetrieveOpeners(1))


@pytest.mark.rule("jacks-8", "jacks-2")
def test_after_a_declaration_the_opening_hand_to_keep_is_the_declarers() -> None:
    live = declared()
    assert any(isinstance(e, OpenerDeclared) and e.seat == 2 for e in live.events)
    request = request_openers_kept(live, 0)
    assert request.opener == 2
    with pytest.raises(IllegalActionError):
        request_openers_kept(live, 2)               # not of oneself
    live.apply(Draw(0, ()))
    live.apply(Draw(2, tuple(parse_cards("8c 5c Ad")), split_openers=True))
    deal(live, "2d Tc 4d 2h")
    bet_and_show(live)
    assert kept_openers(live, request).endswith("Th Ts 8c 5c Ad")


# four seats, the button on seat 3. Seat 0: Jc Jd 7c 9h Kc (openers, passes them);
# seat 1: 2c 4h 6c 3d 9s (opens without openers); seat 2: 5h 5s Qd 7h 2d (folds);
# seat 3: Ts Th 9c 8d 4c (a pair of tens; declares the pot open)
FOUR_SEATS = "Jc 2c 5h Ts Jd 4h 5s Th 7c 6c Qd 9c 9h 3d 7h 8d Kc 9s 2d 4c"


@pytest.mark.rule("jacks-3", "jacks-9", "jacks-10", "jacks-2")
def test_a_declarer_on_tens_who_splits_one_card_and_draws_trips_loses_the_pot() -> None:
    live = live_hand(JACKS, seats=4)
    deal(live, FOUR_SEATS)
    live.apply(Check(0))
    live.apply(Bet(1, 2))                         # false openers
    live.apply(Fold(2))
    live.apply(Call(3))
    live.report(FalseOpeners(1))
    assert live.actors == (3,)                    # seat 0 passed openers
    live.apply(Choice(3, what=DECLARE_OPEN, take=True))
    live.apply(Call(0))
    live.apply(Draw(0, ()))
    live.apply(Draw(3, tuple(parse_cards("4c")), split_openers=True))
    deal(live, "2h Tc")                           # the burn, then the third ten
    assert sorted(map(str, live.hand.hole[3])) == sorted(["Ts", "Th", "Tc", "9c", "8d"])
    assert live.actors == (3,)
    live.apply(Bet(3, 4))
    live.apply(Call(0))
    live.advance()
    ended = result(live)
    assert any("split openers; discards shown: 4c" in n for n in ended.notes)
    # keeping Ts Th Tc 9c would be keeping openers, no split (jacks-10): every split of
    # one card that fits holds at most two tens, so openers were impossible
    assert any("could not have held openers" in n and "jacks-10" in n for n in ended.notes)
    assert [(a.seat, a.amount) for a in ended.awards] == [(0, 18)]
    assert live.final_stacks == (111, 97, 99, 93)
    check_conserved(live)
