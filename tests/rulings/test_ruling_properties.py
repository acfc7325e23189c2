"""Property: whatever is reported at whatever moment, a ruling either is refused and
changes nothing, or leaves a hand whose chips and cards are conserved and which still
plays to its end."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st
from rulings_helpers import (
    A5_LIMIT,
    D27_NL,
    DRAW_HIGH,
    HOLDEM,
    HOLDEM_FL,
    JACKS,
    OMAHA,
    STUD,
    check_conserved,
    play_out,
    step,
)

from pokerroom.cards import Card
from pokerroom.core import DEALER
from pokerroom.engine import GameConfig
from pokerroom.errors import IllegalActionError
from pokerroom.rulings import (
    BurnMistake,
    ButtonOutOfPosition,
    CardOffTable,
    CardsToEmptySeat,
    ExposedCard,
    ExtraCards,
    FalseAllInOpeners,
    FalseOpeners,
    FirstCardWrongSeat,
    HandCardCount,
    Irregularity,
    LiveHand,
    Miscall,
    MuckedBoardPlay,
    OutOfSequence,
    PairNotAnnounced,
    PlayerAbsent,
    PlayerDealtOut,
    PrematureBoardCards,
    PrematureStudCards,
    ShortHand,
    TooManyBoardCards,
    UpcardsPickedUp,
    WrongBringIn,
)

GAMES = (HOLDEM, HOLDEM_FL, OMAHA, A5_LIMIT, D27_NL, DRAW_HIGH, JACKS, STUD,
         GameConfig.of("razz", ante=1, bring_in=2, small_bet=5, big_bet=10))


def candidates(live: LiveHand, rng: random.Random) -> list[Irregularity]:
    """Reports that could be made now, drawn from the cards and seats on the table."""
    hand = live.hand
    seats = list(range(hand.n))
    seat = rng.choice(seats)
    unseen = live.unseen()
    rng.shuffle(unseen)
    dealt: list[tuple[int, Card]] = [(to, c) for to, c, _ in live.group if to >= 0]
    dealt += [(s, c) for s in seats for c in hand.hole[s]]
    reports: list[Irregularity] = [
        ButtonOutOfPosition(seat), FirstCardWrongSeat(), OutOfSequence(),
        PlayerDealtOut(seat), CardsToEmptySeat(seat, tuple(unseen[:1])), ShortHand(seat),
        ExtraCards(seat, tuple(unseen[: rng.randint(1, 2)])),
        TooManyBoardCards(tuple(unseen[:4])),
        PrematureBoardCards(tuple(unseen[:1]), burn=unseen[1]),
        PlayerAbsent(seat), UpcardsPickedUp(seat), BurnMistake(rng.choice((0, 2)), unseen[0],
                                                               seen=rng.random() < 0.5),
        PrematureStudCards(tuple(unseen[:2]), seen=rng.random() < 0.5),
        HandCardCount(seat, rng.choice((4, 5, 6, 8))), WrongBringIn(seat),
        Miscall(seat, rng.choice(("6", "7", "8-6", "9")), fouled=tuple(
            s for s in seats if s != seat and rng.random() < 0.3)),
        PairNotAnnounced(seat, fouled=tuple(s for s in seats if s != seat)[:1]),
        FalseOpeners(seat), FalseAllInOpeners(seat), MuckedBoardPlay(seat),
    ]
    if live.deal_queue and live.deal_queue[0].to >= 0:
        reports.append(CardOffTable(live.deal_queue[0].to, unseen[0]))
    if dealt:
        to, c = rng.choice(dealt)
        reports.append(ExposedCard(to, c))
    return reports


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, len(GAMES) - 1), st.integers(0, 60),
       st.integers(2, 5))
@example(6830, 6, 21, 4)  # jacks: a hand found short after the action asked for openers
def test_after_any_ruling_chips_and_cards_are_conserved_and_the_hand_ends(
        seed: int, game: int, when: int, players: int) -> None:
    rng = random.Random(seed)
    live = LiveHand(GAMES[game], [rng.randint(3, 60) for _ in range(players)],
                    button=rng.randrange(players))
    ruled = 0
    for moment in range(when + 2):
        if live.is_over:
            break
        if moment >= when and ruled < 2:
            ruled += try_report(live, rng)
        if not live.is_over:
            step(live, rng)
    for _ in range(400):                      # on to the end, with a report at showdown
        if live.is_over:
            break
        if live.actors == (DEALER,) and not live.deal_queue:
            try_report(live, rng)
            if live.is_over or live.deal_queue or live.actors != (DEALER,):
                continue
        step(live, rng)
    play_out(live, rng)
    assert live.is_over
    check_conserved(live)


def try_report(live: LiveHand, rng: random.Random) -> int:
    """Report a random irregularity: refused and nothing changed, or ruled and still
    conserved. Returns 1 when a ruling was made."""
    report = rng.choice(candidates(live, rng))
    before = (list(live.steps), list(live.deal_queue), len(live.events), list(live.inputs),
              snapshot(live))
    try:
        ruling = live.report(report)
    except IllegalActionError:
        assert (list(live.steps), list(live.deal_queue), len(live.events), list(live.inputs),
                snapshot(live)) == before
        return 0
    assert ruling.rule and ruling.decision
    check_conserved(live)
    state = snapshot(live)
    again = live.replayed()                   # a hand is its log: its inputs rebuild it
    assert snapshot(again) == state
    assert [repr(e) for e in again.events] == [repr(e) for e in live.events]
    live.rebuild()                            # and the engine's steps rebuild the hand
    assert snapshot(live) == state
    return 1


def snapshot(live: LiveHand) -> tuple[object, ...]:
    """What the table looks like."""
    hand = live.hand
    return (tuple(map(tuple, hand.hole)), tuple(map(tuple, hand.up)), tuple(hand.board),
            tuple(hand.stacks), tuple(hand.contrib), tuple(hand.folded), live.actors,
            hand.pot, tuple(live.legal_actions()))
