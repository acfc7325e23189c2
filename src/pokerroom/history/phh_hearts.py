"""PHH for Hearts Poker, pokerroom's user-defined variant ``HEARTS``.

- ``variant = "HEARTS"`` with ``_pokerroom_code = true``; ``players``,
  ``starting_stacks`` (before the antes) and ``finishing_stacks``, in table-seat order;
- ``_dealer``, ``_hand`` (its number at the table) and ``_house_rules`` (the table's
  options by name: stakes, structure, community cards...);
- ``actions``: ``d dh p1 Ah`` (a card to seat 1), ``d db Kc`` (a community card),
  ``p1 pass 7d`` (a pass, left face down or right face up), ``p1 discard 7c7d`` (the pair
  thrown), ``p1 f``, ``p1 check``, ``p1 call``, ``p1 bet 4`` (chips), ``p1 raise 8``
  (to), ``p1 bringin``, ``p1 complete``.

A card the reader never saw is ``??`` and replays as a stand-in; a hidden discard is the
face-down pair. A replay re-runs the hand through its state machine and must end on the
written stacks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerroom.cards import Card, parse_cards
from pokerroom.core import (
    DEALER,
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Discard,
    Fold,
    PassCard,
    Raise,
)
from pokerroom.deck import Deck, standard_cards
from pokerroom.errors import HistoryError, PokerroomError
from pokerroom.history.phh import phh_cards, rules_table, rules_table_values
from pokerroom.homegames.events import CardDealt, DealerStep, PassesRevealed
from pokerroom.homegames.hearts import HeartsHand
from pokerroom.homegames.hearts_events import (
    BOARD,
    BetPlaced,
    DiscardsRevealed,
    HeartsStarted,
    UpCardsPassed,
)
from pokerroom.homegames.hearts_options import HeartsOptions

__all__ = ["HEARTS_CODE", "hearts_replay", "hearts_to_phh"]

HEARTS_CODE = "HEARTS"


def _bet_line(action: Action, total: int) -> str:
    p = f"p{action.seat + 1}"
    if isinstance(action, Bet):
        return f"{p} bet {action.amount}"
    if isinstance(action, Raise):
        return f"{p} raise {action.to}"
    words = {Fold: "f", Check: "check", Call: "call", BringIn: "bringin",
             Complete: "complete"}
    if type(action) not in words:
        raise HistoryError(f"no PHH line for {action!r}")
    return f"{p} {words[type(action)]}"


def hearts_to_phh(hand: HeartsHand, *, players: Sequence[str], starting: Sequence[int]
                  ) -> dict[str, Any]:
    """A finished hand as PHH fields; ``starting`` are the stacks it was dealt with."""
    actions: list[str] = []
    number = 1
    for event in hand.events:
        if isinstance(event, HeartsStarted):
            number = event.hand
        elif isinstance(event, CardDealt):
            actions.append(f"d db {event.card!r}" if event.to == BOARD
                           else f"d dh p{event.to + 1} {event.card!r}")
        elif isinstance(event, PassesRevealed | UpCardsPassed):
            actions.extend(f"p{giver + 1} pass {card!r}" for giver, _, card in event.passes)
        elif isinstance(event, DiscardsRevealed):
            actions.extend(f"p{seat + 1} discard {phh_cards(cards)}"
                           for seat, cards in event.discarded)
        elif isinstance(event, BetPlaced):
            actions.append(_bet_line(event.action, event.total))
    return {"variant": HEARTS_CODE, "_pokerroom_code": True, "players": list(players),
            "starting_stacks": list(starting), "actions": actions,
            "finishing_stacks": list(hand.stacks), "_dealer": hand.dealer, "_hand": number,
            "_house_rules": rules_table(hand.options, skip=("players",))}


def hearts_replay(data: dict[str, Any]) -> HeartsHand:
    """Re-run a ``HEARTS`` history; :class:`HistoryError` when a line is illegal or the
    stacks differ from ``finishing_stacks``."""
    if data.get("variant") != HEARTS_CODE:
        raise HistoryError("not a Hearts Poker history")
    try:
        starting = [int(s) for s in data["starting_stacks"]]
        table = dict(data.get("_house_rules", {}))
        options = HeartsOptions(players=len(starting), **rules_table_values(
            table, HeartsOptions(players=len(starting)), skip=("players",))).validated()
        lines = [str(a).split("#")[0].split() for a in data["actions"]]
        named = list(dict.fromkeys(c for w in lines for c in _named(w)))
        stand_ins = [c for c in standard_cards() if c not in named]
        hand = HeartsHand(options, stacks=starting, dealer=int(data["_dealer"]),
                          deck=Deck.stacked([*named, *stand_ins]),
                          hand_no=int(data.get("_hand", 1)))
    except (KeyError, TypeError, ValueError) as err:
        raise HistoryError(f"missing or bad field: {err}") from None
    except PokerroomError as err:
        raise HistoryError(f"cannot start the hand: {err}") from None
    spare, stand = set(stand_ins), frozenset(stand_ins)
    for words in lines:
        try:
            _apply(hand, words, spare, stand)
        except PokerroomError as err:
            raise HistoryError(f"{' '.join(words)!r}: {err}") from None
    while not hand.is_over and hand.actors == (DEALER,):
        hand.advance()
    if not hand.is_over:
        raise HistoryError("the hand stops before its end")
    if "finishing_stacks" in data and list(data["finishing_stacks"]) != list(hand.stacks):
        raise HistoryError("finishing_stacks do not match the hand")
    return hand


def _named(words: list[str]) -> list[Card]:
    if len(words) < 3 or words[1] not in ("dh", "db", "pass", "discard"):
        return []
    try:
        return [c for c in parse_cards(words[-1]) if c.is_known]
    except PokerroomError:
        return []


def _apply(hand: HeartsHand, words: list[str], spare: set[Card],
           stand_ins: frozenset[Card]) -> None:
    """One line; ``spare`` are the stand-ins not dealt yet, ``stand_ins`` all of them."""
    if not words:
        return
    if words[0] == "d":
        if len(words) < 3 or words[1] not in ("dh", "db"):
            raise HistoryError(f"bad dealer action {' '.join(words)!r}")
        for card in parse_cards(words[-1]):
            if not card.is_known:
                card = min(c for c in hand.deck if c in spare)
                spare.discard(card)
            hand.apply(DealerStep(card=card))
        return
    while hand.actors == (DEALER,):
        hand.advance()
    if not (words[0].startswith("p") and words[0][1:].isdigit()):
        raise HistoryError(f"bad player {words[0]!r}")
    seat = int(words[0][1:]) - 1
    verb, rest = words[1] if len(words) > 1 else "", words[2:]
    if verb == "pass" and len(rest) == 1:
        card = parse_cards(rest[0])[0]
        if not card.is_known:       # a hidden pass: a face-down stand-in the seat holds
            held = [c for c in hand.down[seat] if c in stand_ins]
            if not held:
                raise HistoryError(f"p{seat + 1} holds no hidden card to pass")
            card = held[-1]
        hand.apply(PassCard(seat, card))
    elif verb == "discard" and len(rest) == 1:
        cards = parse_cards(rest[0])
        hand.apply(Discard(seat, tuple(cards) if all(c.is_known for c in cards)
                           else tuple(hand.down[seat])))
    elif verb in ("f", "check", "call", "bringin", "complete") and not rest:
        hand.apply({"f": Fold, "check": Check, "call": Call, "bringin": BringIn,
                    "complete": Complete}[verb](seat))
    elif verb == "bet" and len(rest) == 1:
        hand.apply(Bet(seat, int(rest[0])))
    elif verb == "raise" and len(rest) == 1:
        hand.apply(Raise(seat, int(rest[0])))
    else:
        raise HistoryError(f"bad action {' '.join(words)!r}")
