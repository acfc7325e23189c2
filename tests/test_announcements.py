"""The dealer's announcements (stud-12, razz-5), draw counts (lowball-13) and the
opener's kept hand (jacks-8), all worked out from what the table may see."""

from __future__ import annotations

import pytest

from pokerroom.announcements import (
    calls,
    dealer_calls,
    draw_count,
    draw_counts_open,
    kept_openers,
    public_events,
    request_openers_kept,
)
from pokerroom.cards import UNKNOWN, Card, format_cards, parse_cards
from pokerroom.core import (
    DEALER,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Draw,
    DrawOption,
    Fold,
    HandState,
    Raise,
)
from pokerroom.engine import BurnCard, DealCards, DealOption, GameConfig, PokerHand
from pokerroom.errors import IllegalActionError, OutOfTurnError


def deal_until_action(hand: PokerHand, cards: dict[int, list[str]]) -> None:
    """Deal the chosen cards (per seat, in the order they are dealt; those already dealt
    are skipped) until a seat acts; burns take any card nobody was given."""
    stub = set(hand.deck)
    chosen = {s: [c for c in parse_cards(" ".join(v)) if c in stub]
              for s, v in cards.items()}
    reserved = {c for v in chosen.values() for c in v}
    while hand.actors == (DEALER,):
        (option,) = hand.legal_actions(DEALER)
        spare = [c for c in hand.deck if c not in reserved]
        if isinstance(option, DealOption):
            source = chosen.get(option.to, [])
            take = tuple(source[:option.count]) if len(source) >= option.count \
                else tuple(spare[:option.count])
            del source[:option.count]
            hand.apply(DealCards(to=option.to, cards=take))
        elif type(option).__name__ == "BurnOption":
            hand.apply(BurnCard(card=spare[0]))
        else:
            hand.advance()


def hidden_cards(hand: HandState) -> set[Card]:
    """Every card some seat holds face down."""
    view = {c for e in public_events(hand) for c in getattr(e, "cards", ())}
    held = {c for e in hand.events for c in getattr(e, "cards", ())}
    return held - view - {UNKNOWN}


def assert_private(hand: HandState) -> None:
    """The calls are the same from any seat's log and never name a hidden card."""
    texts = dealer_calls(hand)
    assert texts == dealer_calls(hand.events_for(None)) == dealer_calls(hand.events_for(0))
    for hidden in hidden_cards(hand):
        assert all(format_cards([hidden]) not in t for t in texts)


def play_passively(hand: PokerHand, cards: dict[int, list[str]]) -> None:
    """Deal the chosen cards and check, call or bring in to the end."""
    while not hand.is_over:
        if hand.actors == (DEALER,):
            deal_until_action(hand, cards)
            continue
        seat = hand.actors[0]
        options = {type(o).__name__ for o in hand.legal_actions(seat)}
        if "BringInOption" in options:
            hand.apply(BringIn(seat))
        elif "CheckOption" in options:
            hand.apply(Check(seat))
        else:
            hand.apply(Call(seat))


STUD = GameConfig.of("stud", ante=1, bring_in=2, small_bet=5, big_bet=10)


@pytest.mark.rule("stud-12")
def test_stud_low_card_raises_pairs_and_high_hand() -> None:
    hand = STUD.new_hand([200, 200, 200], button=2)
    # third street: two down, one up; fourth street: one up
    deal_until_action(hand, {0: ["As Ks 3c", "9d"], 1: ["2d 2s 9h", "9c"],
                             2: ["Qh Jh 5h", "Th"]})
    assert dealer_calls(hand) == ["low card: seat 0 shows 3c and brings it in"]
    assert hand.actors == (0,)                # the engine agrees on the low card
    hand.apply(Complete(0))
    hand.apply(Raise(1, 10))
    hand.apply(Call(2))
    hand.apply(Call(0))
    deal_until_action(hand, {0: ["9d"], 1: ["9c"], 2: ["Th"]})
    texts = dealer_calls(hand)
    assert texts[1:3] == ["seat 0 completes to 5", "seat 1 raises to 10"]
    assert "seat 1: a pair of nines" in texts
    assert texts[-1] == "high hand: seat 1 with a pair of nines is first to act"
    assert hand.actors == (1,)                # the high hand on board opens
    kinds = [c.kind for c in calls(hand)]
    assert kinds == ["low card", "complete", "raise", "pair", "high hand"]
    assert_private(hand)


@pytest.mark.rule("stud-12")
def test_stud_never_announces_straights_or_flushes() -> None:
    hand = STUD.new_hand([500, 500], button=1)
    cards = {0: ["2c 3c 4h", "5h", "6h", "7h"], 1: ["Ac Kd 2s", "3d", "5c", "6c"]}
    play_passively(hand, cards)
    texts = dealer_calls(hand)
    # seat 0 shows 4h 5h 6h 7h: four to a straight flush, never mentioned
    assert texts, "the dealer called the streets"
    assert not any("straight" in t or "flush" in t for t in texts)
    assert texts[0] == "low card: seat 1 shows 2s and brings it in"
    assert texts[-1] == "high hand: seat 0 with seven-six-five-four is first to act"
    sixth = [e for e in hand.events if type(e).__name__ == "PlayerActed"][-4:]
    assert sixth[0].action.seat == 0          # the engine let seat 0 open sixth street
    assert_private(hand)


RAZZ = GameConfig.of("razz", ante=1, bring_in=2, small_bet=5, big_bet=10)


@pytest.mark.rule("razz-5")
def test_razz_pairs_first_time_only_and_never_face_cards() -> None:
    hand = RAZZ.new_hand([300, 300, 300], button=2)
    deal_until_action(hand, {0: ["Ac 2c 5d"], 1: ["3c 4c Kd"], 2: ["6c 7c 8d"]})
    assert dealer_calls(hand) == ["high card: seat 1 shows Kd and brings it in"]
    assert hand.actors == (1,)
    hand.apply(BringIn(1))
    hand.apply(Call(2))
    hand.apply(Call(0))
    deal_until_action(hand, {0: ["5h"], 1: ["Ks"], 2: ["9d"]})
    texts = dealer_calls(hand)
    assert "seat 0: a pair of fives" in texts          # announced the first time
    assert not any("kings" in t for t in texts)        # a pair of face cards: never
    assert texts[-1].startswith("low hand: seat 2 with nine-eight")
    assert hand.actors == (2,)
    for seat in (2, 0, 1):
        hand.apply(Check(seat))
    deal_until_action(hand, {0: ["5s"], 1: ["Kh"], 2: ["9h"]})
    later = dealer_calls(hand)[len(texts):]
    # a second five for seat 0 (trips) is not a new pair; seat 2's nines are new
    assert "seat 0: a pair of fives" not in later
    assert "seat 2: a pair of nines" in later
    assert sum("pair of fives" in t for t in dealer_calls(hand)) == 1
    assert_private(hand)


LOWBALL = GameConfig.of("lowball-27", blinds=(1, 2))


def _to_draw(hand: PokerHand) -> None:
    deal_until_action(hand, {})
    while hand.street == 0 and not hand.is_over:
        seat = hand.actors[0]
        if seat == 0:
            hand.apply(Fold(0))
        elif hand.bets[seat] < hand.max_bet:
            hand.apply(Call(seat))
        else:
            hand.apply(Check(seat))
    deal_until_action(hand, {})


@pytest.mark.rule("lowball-13")
def test_draw_counts_told_until_the_first_action_after_the_draw() -> None:
    import random

    hand = LOWBALL.new_hand([100, 100, 100, 100], button=3, rng=random.Random(5))
    _to_draw(hand)
    first = hand.actors[0]
    with pytest.raises(OutOfTurnError):
        draw_count(hand, 2, first)               # nobody has drawn yet
    discards = {1: 3, 2: 0, 3: 1}
    while True:
        if hand.actors == (DEALER,):
            deal_until_action(hand, {})
            continue
        if not isinstance(hand.legal_actions()[0], DrawOption):
            break
        seat = hand.actors[0]
        hand.apply(Draw(seat, tuple(hand.hole[seat][:discards[seat]])))
        asker = 3 if seat != 3 else 1
        assert draw_count(hand.events_for(2), asker, seat) == discards[seat]
        assert draw_counts_open(hand)
    for seat, count in discards.items():
        for asker in (1, 2, 3):
            assert draw_count(hand, asker, seat) == count
    with pytest.raises(IllegalActionError):
        draw_count(hand, 0, 1)                   # seat 0 folded: not an active player
    hand.apply(Check(hand.actors[0]))            # the first action after the draw
    assert not draw_counts_open(hand)
    for seat in discards:
        with pytest.raises(OutOfTurnError, match="not even by the dealer"):
            draw_count(hand, 2, seat)


JACKS = GameConfig.of("jacks", ante=1, small_bet=2, big_bet=4)


@pytest.mark.rule("jacks-8")
def test_opener_keeps_and_shows_the_opening_hand_on_request() -> None:
    hand = JACKS.new_hand([50, 50, 50], button=2)
    deal_until_action(hand, {0: ["Jc Jd 5s 4h 2c"], 1: ["Ah Kd 9c 7s 3d"],
                             2: ["Qs Qh 8d 6c 2s"]})
    with pytest.raises(OutOfTurnError):
        request_openers_kept(hand, 1)            # not opened yet
    hand.apply(Bet(0, 2))
    with pytest.raises(IllegalActionError):
        request_openers_kept(hand, 0)            # not of oneself
    request = request_openers_kept(hand, 2)
    assert request.opener == 0 and "keep the opening hand" in request.describe()
    with pytest.raises(OutOfTurnError):
        kept_openers(hand, request)              # only once the pot is decided
    hand.apply(Fold(1))
    hand.apply(Call(2))
    deal_until_action(hand, {})
    hand.apply(Draw(0, tuple(parse_cards("5s 4h 2c"))))
    deal_until_action(hand, {})
    hand.apply(Draw(2, tuple(parse_cards("8d 6c 2s"))))
    deal_until_action(hand, {})
    while not hand.is_over:
        if hand.actors == (DEALER,):
            hand.advance()
            continue
        seat = hand.actors[0]
        hand.apply(Check(seat))
    shown = kept_openers(hand, request)
    assert shown.endswith("Jc Jd 5s 4h 2c")
    with pytest.raises(OutOfTurnError):
        request_openers_kept(hand, 1)            # the pot is decided


def test_requests_outside_jacks_are_refused() -> None:
    hand = STUD.new_hand([100, 100], button=1)
    with pytest.raises(IllegalActionError):
        request_openers_kept(hand, 0)
