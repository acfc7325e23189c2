"""Telling a Hearts Poker hand in words: the deal, the bets, the two passes, the discard
and the showdown, with what the queen of spades and the jack of diamonds did.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.homegames.events import CardDealt
>>> from pokerroom.homegames.hearts_events import BOARD, HeartsStarted
>>> names = ("You", "Ann")
>>> events = [HeartsStarted(hand=1, dealer=1, antes=(1, 1)),
...           *(CardDealt(to=0, card=c) for c in parse_cards("Qs Jd")),
...           CardDealt(to=BOARD, card=parse_cards("7c")[0])]
>>> for line in tell_hearts(events, names, Choices()):
...     print(line)
*** DEAL *** hand #1, dealer Ann
You: posts the ante 1
Ann: posts the ante 1
Dealt to You [Qs Jd]
*** COMMUNITY *** [7c]
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import Card, format_cards
from pokerroom.core import Event
from pokerroom.hands.hearts import earns_extra_card, queen_of_spades_discard
from pokerroom.history.narration_home import Choices, card_dealt, passes_told
from pokerroom.history.narration_poker import action_line, dealt_line, tell_runs
from pokerroom.homegames.events import Decided, PassesRevealed
from pokerroom.homegames.hearts_events import (
    BOARD,
    BetPlaced,
    BetReturned,
    DiscardsRevealed,
    HeartsEnded,
    HeartsStarted,
    UpCardsPassed,
)

__all__ = ["Choices", "ending_lines", "special_cards", "tell_hearts"]


def tell_hearts(events: Sequence[Event], names: Sequence[str], choices: Choices
                ) -> list[str]:
    """History lines for a run of events; the cards dealt in a run are told in one line
    per hand (another seat's hidden cards not at all), the board's as the community.
    ``choices`` remembers, from one run to the next, who has been told as having chosen
    in a pass or the discard."""
    return tell_runs(events, lambda event: _one(event, names, choices),
                     lambda run: [line for owner, cards in run.items() for line in (
                         [f"*** COMMUNITY *** [{format_cards(cards)}]"] if owner == BOARD
                         else dealt_line(names[owner], cards))], card_dealt)


def _one(event: Event, names: Sequence[str], choices: Choices) -> list[str]:
    if isinstance(event, HeartsStarted):
        lines = [f"*** DEAL *** hand #{event.hand}, dealer {names[event.dealer]}"]
        lines += [f"{names[s]}: posts the ante {a}" for s, a in enumerate(event.antes) if a]
        return lines
    if isinstance(event, BetPlaced):
        return [action_line(names[event.action.seat], event.action, event.added, event.total)]
    if isinstance(event, BetReturned):
        return [f"Uncalled bet ({event.amount}) returned to {names[event.seat]}"]
    if isinstance(event, Decided):
        return [choices.decided(event.seat, names, event.step)]
    if isinstance(event, PassesRevealed):
        return passes_told(event.passes, names, choices,
                           "*** FIRST PASS *** (face down, to the left)")
    if isinstance(event, UpCardsPassed):
        return passes_told(event.passes, names, choices,
                           "*** SECOND PASS *** (face up, to the right)")
    if isinstance(event, DiscardsRevealed):
        thrown = dict(event.discarded)
        return [*choices.revealed(sorted(s for s, _ in event.kept), names),
                "*** DISCARD ***"] + [
            f"{names[s]}: keeps the face-{kept} pair, discards [{format_cards(thrown[s])}]"
            for s, kept in event.kept]
    if isinstance(event, HeartsEnded):
        return ["*** SHOW DOWN ***", *ending_lines(event, names)]
    return []


def ending_lines(event: HeartsEnded, names: Sequence[str]) -> list[str]:
    """Each hand shown, what its special cards did, and who collected what."""
    lines: list[str] = []
    for shown in event.shown:
        who = names[shown.owner]
        lines.append(f"{who}: shows [{format_cards(shown.cards)}] ({shown.description})")
        lines.extend(special_cards(who, shown.cards))
    lines += [f"{names[s]} collected {a} from the pot" for s, a in event.awards]
    return lines


def special_cards(who: str, cards: Sequence[Card]) -> list[str]:
    """What the queen of spades and the jack of diamonds did to a shown hand (its two
    hand cards, then the extra card the jack earned, if any).

    >>> from pokerroom.cards import parse_cards
    >>> special_cards("Ann", parse_cards("Ks Qs"))
    ["Ann's queen of spades forces out Ks: it does not play"]
    >>> for line in special_cards("You", parse_cards("Qs Jd 9c")):
    ...     print(line)
    Your queen of spades forces out Qs: it does not play
    Your jack of diamonds earns an extra card: 9c
    """
    if len(cards) < 2:
        return []
    whose = "Your" if who == "You" else f"{who}'s"
    lines = []
    out = queen_of_spades_discard(cards[:2])
    if out is not None:
        lines.append(f"{whose} queen of spades forces out {out!r}: it does not play")
    if len(cards) > 2 and earns_extra_card(cards[:2]):
        lines.append(f"{whose} jack of diamonds earns an extra card: {cards[2]!r}")
    return lines
