"""The one redaction by place, on hands built from PHH records."""

from __future__ import annotations

import dataclasses
from typing import cast

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import HandEnded, SplitDiscards
from pokerroom.errors import HistoryError
from pokerroom.history.phh import hand_to_phh, phh_to_hand
from pokerroom.history.redaction import card_slots, log_as_seen, phh_as_seen

from .redaction_oracle import as_received, leaks, shown_down, with_log

SPLIT = {"variant": "FJ5D", "antes": [5, 5, 5], "small_bet": 10, "big_bet": 20,
         "starting_stacks": [1000, 1000, 1000],
         "actions": ["d dh p1 JsJdTs9s8s", "d dh p2 AsKsQsTc2h", "d dh p3 2s3s4d9cKh",
                     "p1 cbr 10", "p2 cc", "p3 cc", "p1 sd Jd # split openers",
                     "d dh p1 7s", "p2 sd Tc", "d dh p2 3c", "p3 sd", "p1 cc", "p2 cc",
                     "p3 cc"]}


@pytest.mark.rule("jacks-9")
def test_split_openers_discards_are_shown_where_they_were_thrown_and_dealt() -> None:
    hand = phh_to_hand(SPLIT)
    every = hand_to_phh(hand)
    for reader in (None, 2):
        actions = phh_as_seen(every, hand, reader)["actions"]
        assert actions[0] == "d dh p1 JsJdTs9s8s"          # shown down, and split
        assert "p1 sd Jd # split openers" in actions        # the discards shown after
        assert "p2 sd ??" in actions                        # a discard nobody saw
        assert actions[1] == "d dh p2 AsKsQs??2h"           # ...nor where it was dealt
    assert phh_as_seen(every, hand, 1)["actions"][1] == "d dh p2 AsKsQsTc2h"

# the opener splits (throws Jd from JsJd) and wins when both others fold after the draw:
# nothing is shown down, the discard alone is exposed after the hand
SPLIT_UNCALLED = {**SPLIT, "actions": [*cast(list[str], SPLIT["actions"])[:11],
                                       "p1 cbr 20", "p2 f", "p3 f"]}


@pytest.mark.rule("jacks-9")
def test_the_closing_event_holds_the_split_openers_discards_for_every_reader() -> None:
    hand = phh_to_hand(SPLIT_UNCALLED)
    assert hand.result is not None and hand.result.shown == ()
    assert hand.result.split_discards == (SplitDiscards(0, parse_cards("Jd")),)
    for reader in (None, 0, 1, 2):
        ended = hand.events_for(reader)[-1]
        assert isinstance(ended, HandEnded)
        assert ended.split_discards == hand.result.split_discards


@pytest.mark.rule("jacks-9")
def test_exposed_split_openers_discards_are_written_for_every_reader_and_pass_the_oracle(
        ) -> None:
    """Every reader saw the exposed Jd: it is written at its deal and its discard, and
    nowhere else; the oracle (the writer on the log as received, plus cards seen later
    on their way) agrees. p2's discard, never shown, stays hidden from the others."""
    hand = phh_to_hand(SPLIT_UNCALLED)
    every = hand_to_phh(hand)
    for reader in (None, 1, 2):
        mine = phh_as_seen(every, hand, reader)
        assert mine["actions"][0] == "d dh p1 ??Jd??????"
        assert "p1 sd Jd # split openers" in mine["actions"]
        received = hand_to_phh(as_received(hand, reader))    # type: ignore[arg-type]
        assert not leaks(mine, every, received, shown_down(hand, reader))
    onlooker = phh_as_seen(every, hand, None)
    received = hand_to_phh(as_received(hand, None))          # type: ignore[arg-type]
    peeked = {**onlooker, "actions": [a.replace("p2 sd ??", "p2 sd Tc")
                                      for a in onlooker["actions"]]}
    assert leaks(peeked, every, received, shown_down(hand, None)) == ["p2 sd Tc: Tc"]


@pytest.mark.rule("jacks-9")
def test_split_openers_discards_are_known_from_the_closing_event_not_its_note() -> None:
    hand = phh_to_hand(SPLIT_UNCALLED)
    every = hand_to_phh(hand)
    reworded = with_log(hand, [dataclasses.replace(e, notes=("openers were split",))
                               if isinstance(e, HandEnded) else e for e in hand.events])
    untold = with_log(hand, [dataclasses.replace(e, split_discards=())
                             if isinstance(e, HandEnded) else e for e in hand.events])
    for reader in (None, 2):
        mine = phh_as_seen(every, hand, reader)
        assert phh_as_seen(every, reworded, reader) == mine
        assert phh_as_seen(every, untold, reader)["actions"][:7] == [
            "d dh p1 ??????????", *mine["actions"][1:6], "p1 sd ?? # split openers"]


@pytest.mark.rule("holdem-intro")
def test_a_card_is_seen_on_the_spot_or_later_on_its_way() -> None:
    hand = phh_to_hand({**SPLIT, "actions": [*SPLIT["actions"][:4], "p2 f", "p3 f"]})
    slots = card_slots(hand, 2)
    assert [s.card for s in slots if s.seen] == list(parse_cards("2s3s4d9cKh"))  # its own
    assert all(not s.seen for s in card_slots(hand, None))
    dealt = [e for e in log_as_seen(hand, None) if type(e).__name__ == "CardsDealt"]
    assert all(not c.is_known for e in dealt for c in e.cards)    # type: ignore[attr-defined]


def test_a_record_naming_a_card_the_hand_never_had_there_is_refused() -> None:
    hand = phh_to_hand(SPLIT)
    every = hand_to_phh(hand)
    changed = {**every, "actions": ["d dh p1 JsJdTs9sAh", *every["actions"][1:]]}
    with pytest.raises(HistoryError, match="Ah"):
        phh_as_seen(changed, hand, None)
    assert phh_as_seen(every, hand, None)["actions"] != every["actions"]
