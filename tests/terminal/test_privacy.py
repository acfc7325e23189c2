"""What the player is told and shown never includes another seat's hidden cards: the
table talk and the session history are written from the player's seat."""

from __future__ import annotations

import random
import re

import pytest

from pokerroom.core import Action, HandState
from pokerroom.games import get_game
from pokerroom.tableview import Bot
from pokerroom.terminal.driver import play_hand, seat_view
from pokerroom.terminal.seating import build_session

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


@pytest.mark.rule("guts-deal", "herbie-2.2", "tcp-no-sharing")
@pytest.mark.parametrize("game", ["holdem", "omaha", "lowball-27", "jacks-or-better", "guts2",
                                  "herbie", "three-card-poker"])
def test_others_hidden_cards_are_never_told(game: str) -> None:
    session = build_session(get_game(game), seats=4, stakes=None, house_rules=(), seed=21,
                            name="You")
    rng = random.Random(21)
    bots: dict[int, Bot] = {s: session.make_bot(s, rng) for s in range(4)}

    def me(state: HandState, seat: int) -> Action:
        return bots[seat].act(seat_view(session, state, seat))

    for number in range(1, 6):
        outcome = play_hand(session, hand_no=number, bots=bots, human=0, ask_human=me)
        for line in outcome.record.lines:
            told = re.match(r"Dealt to (\w+) \[(.*)\]", line)
            if told and told.group(1) != "You" and told.group(1) != "Herbie":
                assert not CARD.search(told.group(2)), line
        for event in outcome.state.events_for(0):
            lines = session.narrate([event])
            assert all("Dealt to Ann [" not in ln or not CARD.search(ln) for ln in lines)
        snap = session.snapshot(outcome.state, 0)
        assert snap.you == 0
        if session.is_finished and not session.capabilities.continues_after_game:
            break


def test_stud_shows_only_up_cards_of_others() -> None:
    session = build_session(get_game("stud"), seats=4, stakes=None, house_rules=(), seed=3,
                            name="You")
    state = session.new_hand()
    while state.actors == (-1,):
        state.advance()
    snap = session.snapshot(state, 0)
    for seat in snap.seats[1:]:
        for index, card in enumerate(seat.cards):
            assert card.is_known == seat.is_up(index)
    assert all(card.is_known for card in snap.me.cards)
