"""PHH for Three Card Poker, pokerroom's user-defined variant ``TCP``.

- ``variant = "TCP"`` with ``_pokerroom_code = true``; ``players``, ``seats`` (the table
  seats playing, numbered from 1), ``starting_stacks`` (before the wagers) and
  ``finishing_stacks`` (after the settlement), one per player;
- ``_pay_tables``: the posted ante bonus, Pair Plus and 6 Card Bonus pays (``"5-4-1"``...);
  ``_house_rules``: the table's house rules by name;
- ``actions``: ``p1 wager 10 5 0`` (Ante, Pair Plus, 6 Card Bonus), ``d dh p1 AsKdQh``
  (each player's three cards, in seat order), ``d dh dealer 7c7d2s``, then ``p1 play``
  or ``p1 f``.

A replay deals the same cards (``??``: stand-ins, cards the history names nowhere) and
settles every wager again; the stacks must come out as written.

>>> import random
>>> from pokerroom.casino.rules import ThreeCardPokerConfig
>>> from pokerroom.casino.table import ThreeCardPokerRound
>>> from pokerroom.casino.actions import PlaceWagers, PlayBet
>>> game = ThreeCardPokerRound(ThreeCardPokerConfig(), {0: 100, 1: 100},
...                            rng=random.Random(2))
>>> _ = game.apply(PlaceWagers(0, ante=10)); _ = game.apply(PlaceWagers(1, pair_plus=5))
>>> _ = game.advance(); _ = game.apply(PlayBet(0)); _ = game.advance()
>>> data = tcp_to_phh(game, ["Ann", "Bob"])
>>> data["actions"][:2], data["actions"][-1]
(['p1 wager 10 0 0', 'p2 wager 0 5 0'], 'p1 play')
>>> tcp_replay(data) == data["finishing_stacks"]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerroom.cards import Card, parse_cards
from pokerroom.casino.actions import (
    DealerCardsDealt,
    HandFolded,
    HoleCardsDealt,
    PlaceWagers,
    PlayBet,
    PlayMade,
    WagersPlaced,
)
from pokerroom.casino.paytables import AnteBonusTable, PairPlusTable, SixCardBonusTable
from pokerroom.casino.rules import ThreeCardPokerConfig, ThreeCardPokerHouseRules
from pokerroom.casino.table import ThreeCardPokerRound
from pokerroom.core import Fold
from pokerroom.deck import Deck, standard_cards
from pokerroom.errors import HistoryError, PokerroomError
from pokerroom.history.phh import phh_cards, rules_table, rules_table_values

__all__ = ["TCP_CODE", "tcp_replay", "tcp_round", "tcp_to_phh"]

TCP_CODE = "TCP"


def tcp_to_phh(game: ThreeCardPokerRound, names: Sequence[str]) -> dict[str, Any]:
    """A settled round as PHH fields; ``names`` are the table's, by seat."""
    seats = sorted(game.bankrolls)
    p = {seat: i + 1 for i, seat in enumerate(seats)}
    starting: dict[int, int] = {}
    actions: list[str] = []
    for event in game.events:
        if isinstance(event, WagersPlaced):
            starting[event.seat] = (event.bankroll + event.ante + event.pair_plus
                                    + event.six_card_bonus)
            actions.append(f"p{p[event.seat]} wager {event.ante} {event.pair_plus} "
                           f"{event.six_card_bonus}")
        elif isinstance(event, HoleCardsDealt):
            actions.append(f"d dh p{p[event.seat]} {phh_cards(event.cards)}")
        elif isinstance(event, DealerCardsDealt):
            actions.append(f"d dh dealer {phh_cards(event.cards)}")
        elif isinstance(event, PlayMade):
            actions.append(f"p{p[event.seat]} play")
        elif isinstance(event, HandFolded):
            actions.append(f"p{p[event.seat]} f")
    config = game.config
    return {"variant": TCP_CODE, "_pokerroom_code": True,
            "players": [names[s] for s in seats], "seats": [s + 1 for s in seats],
            "starting_stacks": [starting[s] for s in seats], "actions": actions,
            "finishing_stacks": [game.bankrolls[s] for s in seats],
            "_pay_tables": {"ante_bonus": config.ante_bonus.spec,
                            "pair_plus": config.pair_plus.spec,
                            "six_card_bonus": config.six_card_bonus.spec},
            "_house_rules": rules_table(config.rules)}


def _config(data: dict[str, Any]) -> ThreeCardPokerConfig:
    tables = dict(data.get("_pay_tables", {}))
    kwargs = rules_table_values(dict(data.get("_house_rules", {})),
                                ThreeCardPokerHouseRules())
    base = ThreeCardPokerConfig()
    try:
        return ThreeCardPokerConfig(
            ante_bonus=AnteBonusTable.from_spec(tables.get("ante_bonus",
                                                           base.ante_bonus.spec)),
            pair_plus=PairPlusTable.from_spec(tables.get("pair_plus", base.pair_plus.spec)),
            six_card_bonus=SixCardBonusTable.from_spec(
                tables.get("six_card_bonus", base.six_card_bonus.spec)),
            rules=ThreeCardPokerHouseRules(**kwargs))
    except (PokerroomError, TypeError) as err:
        raise HistoryError(f"bad pay tables or house rules: {err}") from None


def tcp_replay(data: dict[str, Any]) -> list[int]:
    """Deal and settle the round again; its finishing stacks (:class:`HistoryError` when
    a line is illegal or they differ from ``finishing_stacks``)."""
    game = tcp_round(data)
    return [game.bankrolls[s] for s in sorted(game.bankrolls)]


def tcp_round(data: dict[str, Any]) -> ThreeCardPokerRound:
    """The round a TCP history describes, dealt and settled again (see
    :func:`tcp_replay`)."""
    if data.get("variant") != TCP_CODE:
        raise HistoryError("not a Three Card Poker history")
    config = _config(data)
    try:
        stacks = [int(s) for s in data["starting_stacks"]]
        seats = [int(s) - 1 for s in data.get("seats", range(1, len(stacks) + 1))]
        lines = [str(a).split("#")[0].split() for a in data["actions"]]
    except (KeyError, TypeError, ValueError) as err:
        raise HistoryError(f"missing or bad field: {err}") from None
    deals = [w for w in lines if w[:2] == ["d", "dh"] and len(w) == 4]
    named = {c for w in deals for c in parse_cards(w[3]) if c.is_known}
    spare = iter(c for c in standard_cards() if c not in named)
    order: list[Card] = []
    for words in deals:
        order.extend(c if c.is_known else next(spare) for c in parse_cards(words[3]))
    try:
        if len(seats) != len(stacks) or len(set(seats)) != len(seats) or min(seats) < 0:
            raise HistoryError("seats must name one table seat per player")
        game = ThreeCardPokerRound(config, dict(zip(seats, stacks, strict=True)),
                                   deck=Deck.stacked(order))
        for words in lines:
            if not words or words[0] == "d":
                continue
            if not words[0][1:].isdigit() or not 1 <= int(words[0][1:]) <= len(stacks):
                raise HistoryError(f"bad player {words[0]!r}")
            seat = seats[int(words[0][1:]) - 1]
            if words[1:2] == ["wager"] and len(words) == 5:
                game.apply(PlaceWagers(seat, ante=int(words[2]), pair_plus=int(words[3]),
                                       six_card_bonus=int(words[4])))
            elif words[1:] == ["play"] or words[1:] == ["f"]:
                while game.actors == (-1,):
                    game.advance()
                game.apply(PlayBet(seat) if words[1] == "play" else Fold(seat))
            else:
                raise HistoryError(f"bad action {' '.join(words)!r}")
        while not game.is_over:
            game.advance()
    except PokerroomError as err:
        raise HistoryError(f"illegal history: {err}") from None
    finishing = [game.bankrolls[s] for s in seats]
    if "finishing_stacks" in data and list(data["finishing_stacks"]) != finishing:
        raise HistoryError("finishing_stacks do not match the round")
    return game
