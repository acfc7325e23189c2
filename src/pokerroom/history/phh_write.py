"""Writing an engine hand as PHH: the fields of :func:`hand_to_phh`, the text of
:func:`dumps` (read back by :func:`pokerroom.history.phh.loads`).

>>> import random
>>> from pokerroom.engine import GameConfig
>>> hand = GameConfig.of("razz", ante=1, bring_in=2).new_hand([50, 50], rng=random.Random(3))
>>> data = hand_to_phh(hand)
>>> data["variant"], data["bring_in"], data["starting_stacks"]
('FR', 2, [50, 50])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import tomli_w

from pokerroom.cards import Card
from pokerroom.core import BringIn, Call, Check, Declare, Fold
from pokerroom.engine.config import Structure
from pokerroom.engine.events import (
    BOARD,
    CardBurned,
    CardsDealt,
    CardsDiscarded,
    FalseDeclaration,
    HandEnded,
    HandStarted,
    PlayerActed,
)
from pokerroom.engine.state import PokerHand
from pokerroom.engine.twice import SECOND_BOARD, RunItTwice
from pokerroom.engine.variants import Forced
from pokerroom.history.phh_codes import PHH_CODES, phh_code
from pokerroom.history.phh_extras import write_extras
from pokerroom.history.phh_rules import rules_table

__all__ = ["dumps", "hand_to_phh", "phh_cards", "player_seats"]

_VERBS = {Fold: "f", Check: "cc", Call: "cc", BringIn: "pb"}
"""The PHH verb of a player's action; any other (a bet, raise or completion) is ``cbr``."""


def player_seats(hand: PokerHand) -> list[int]:
    """The seats of PHH's ``p1``, ``p2``...: the players dealt in, from the button's left."""
    return list(hand.deal_order)


def phh_cards(cards: Sequence[Card]) -> str:
    """Cards as PHH writes them, with no spaces between them (``AcKd``, ``????``)."""
    return "".join(repr(c) for c in cards)


def _blinds_at_posters(start: HandStarted, blinds: tuple[int, ...],
                       index: dict[int, int]) -> list[int]:
    """``blinds_or_straddles``: the blinds at the first players, or at the players who
    posted them when those are others (a button blind: ``[0, 0, 0, 3000]``)."""
    row = list(blinds) + [0] * (len(index) - len(blinds))
    posters = start.blind_seats
    if not posters or len(posters) != len(blinds) or any(
            seat is None or seat not in index for seat in posters):
        return row
    players = [index[seat] - 1 for seat in posters if seat is not None]
    if sorted(players) == list(range(len(players))):
        return row
    row = [0] * len(index)
    for player, blind in zip(players, blinds, strict=True):
        row[player] = blind
    return row


def hand_to_phh(hand: PokerHand) -> dict[str, Any]:
    """The PHH fields of a hand (started or finished) as a dict, ready for TOML."""
    config = hand.config
    seats = player_seats(hand)
    index = {seat: i + 1 for i, seat in enumerate(seats)}
    start = hand.events[0]
    assert isinstance(start, HandStarted)
    stakes = config.stakes
    n = len(seats)
    data: dict[str, Any] = {"variant": phh_code(config),
                            "antes": [stakes.ante if start.antes else 0] * n}
    if stakes.ante and not start.antes:
        data["_ante"] = stakes.ante
    if config.variant.forced is Forced.BLINDS:
        data["blinds_or_straddles"] = _blinds_at_posters(start, stakes.blinds, index)
    if config.variant.forced is Forced.BRING_IN:
        data["bring_in"] = stakes.bring_in
    if config.structure is Structure.FIXED_LIMIT:
        data.update(small_bet=stakes.small_bet, big_bet=stakes.big_bet)
    else:
        data["min_bet"] = stakes.min_bet
        if stakes.small_bet != stakes.min_bet or stakes.big_bet != 2 * stakes.small_bet:
            data["_bet_sizes"] = [stakes.small_bet, stakes.big_bet]
    data["starting_stacks"] = [start.stacks[s] for s in seats]
    actions: list[str] = []
    burns: list[str] = []
    drew: set[str] = set()          # a draw round's players: every discard is written
    at = 0                          # first (the next one at ``at``), then the cards
    for event in hand.events:
        if (isinstance(event, CardsDealt) and event.action.to == BOARD) or \
                not isinstance(event, CardsDiscarded | CardBurned | CardsDealt):
            drew.clear()
        if isinstance(event, CardsDealt) and event.action.to == SECOND_BOARD:
            actions.append(f"d db {phh_cards(event.action.cards)} # second run-out")
        elif isinstance(event, RunItTwice):
            actions.append("# the players in the pot agree to run it twice")
        elif isinstance(event, CardsDealt):
            to = "db" if event.action.to == BOARD else f"dh p{index[event.action.to]}"
            actions.append(f"d {to} {phh_cards(event.action.cards)}")
        elif isinstance(event, CardBurned):
            burns.append(repr(event.card))
        elif isinstance(event, PlayerActed) and isinstance(event.action, Declare):
            verb = "in # declares the pot open" if event.action.stay else \
                "out # does not declare the pot open"
            actions.append(f"p{index[event.action.seat]} {verb}")
        elif isinstance(event, FalseDeclaration):
            actions[-1] += " without openers: the hand is dead (jacks-5)"
        elif isinstance(event, PlayerActed):
            verb = _VERBS.get(type(event.action), f"cbr {event.total}")
            actions.append(f"p{index[event.action.seat]} {verb}")
        elif isinstance(event, CardsDiscarded):
            p = f"p{index[event.action.seat]}"
            if not drew or p in drew:   # the next draw round
                drew, at = set(), len(actions)
            drew.add(p)
            note = " # split openers" if event.action.split_openers else ""
            actions.insert(at, f"{p} sd {phh_cards(event.action.discards)}".rstrip() + note)
            at += 1
        elif isinstance(event, HandEnded):
            actions.extend(f"p{index[s.seat]} sm {phh_cards(s.cards)}" for s in event.shown)
    data["actions"] = actions
    if hand.is_over:
        data["finishing_stacks"] = [hand.final_stacks[s] for s in seats]
    if phh_code(config) not in PHH_CODES:
        data["_pokerroom_code"] = True
    data.update(_burns=burns, _button=hand.button, _seat_stacks=list(start.stacks),
                _blind_seats=[s if s is not None else -1 for s in start.blind_seats])
    if start.posts:
        data["_posts"] = [[s, amount, live, kind] for s, amount, live, kind in start.posts]
    if start.dead_money:
        data["_dead_money"] = start.dead_money
    # free_fold is written only where a hand allows it (imported from a room that does)
    skip = () if config.rules.free_fold else ("free_fold",)
    data.update(_seated=list(start.seated), _house_rules=rules_table(config.rules, skip))
    write_extras(hand, data)
    if hand.runs > 1:
        data["_run_count"] = hand.runs
    return data


def dumps(hand: PokerHand) -> str:
    """The hand as PHH text."""
    return tomli_w.dumps(hand_to_phh(hand))
