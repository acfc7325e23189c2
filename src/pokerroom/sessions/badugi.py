"""Badugi, a game beyond the rulebook: four cards down, four betting rounds with three
draws between them, and the lowest hand of different ranks and suits takes the pot
(:mod:`pokerroom.hands.badugi`, ``docs/badugi.md``). Fixed limit by default, as PHH's
``FB`` deals it; a round allows a bet and three raises, as PokerKit's ``FixedLimitBadugi``
does.

>>> import random
>>> from pokerroom.catalog import TableSpec
>>> spec = TableSpec(players=("You", "Ann"), stacks=(200, 200),
...     stakes=BADUGI.default_stakes, house_rules=BADUGI.parse_house_rules([]),
...     rng=random.Random(1))
>>> print(BADUGI.new_table(spec).announce().splitlines()[0])
Badugi, fixed limit, blinds 1/2
>>> BADUGI.phh, BADUGI.layout.blocks
('B', (('bet', 6), ('draw', 16)))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pokerroom.analysis.odds_game import OddsGame
from pokerroom.bots.levels import DEFAULT_LEVEL
from pokerroom.cards import Card
from pokerroom.engine.variants import Forced, Opener, Variant, draw_streets
from pokerroom.game import Game
from pokerroom.hands.badugi import BADUGI as BADUGI_RANKING
from pokerroom.hands.badugi import badugi_size, best_badugi, evaluate_badugi
from pokerroom.hands.base import HandValue
from pokerroom.hands.games import RankingRules, ShowdownGame
from pokerroom.moves import (
    Action,
    BetOption,
    CallOption,
    CheckOption,
    DrawOption,
    Fold,
    FoldOption,
    Option,
    RaiseOption,
)
from pokerroom.options import build, find_option, sole_action
from pokerroom.sessions.poker import PokerSession, poker_capabilities
from pokerroom.sessions.poker_games import PokerTables, poker_layout, structure_rule
from pokerroom.tableview import Bot, SeatView

__all__ = ["BADUGI", "BADUGI_VARIANT", "BadugiBot", "BadugiSession"]

BADUGI_VARIANT = Variant(
    "badugi", "Badugi", draw_streets(3, Opener.BLINDS, Opener.BUTTON, cards=4),
    Forced.BLINDS, None, BADUGI_RANKING, raise_cap=4, max_players=8, phh_code="FB")
"""The engine's badugi: a low-only game of four cards and three draws (PHH ``FB``)."""


def _low(card: Card) -> int:
    return 1 if int(card.rank) == 14 else int(card.rank)


def badugi_strength(cards: Sequence[Card]) -> float:
    """How good a badugi hand is, from 0 to 1: the cards that play, then how low.

    >>> from pokerroom.cards import parse_cards
    >>> badugi_strength(parse_cards("4c 3d 2h As")) > badugi_strength(parse_cards("Kc Qd Jh Ts"))
    True
    >>> badugi_strength(parse_cards("Kc Qd Jh Ts")) > badugi_strength(parse_cards("Ac 2c 3d 4h"))
    True
    """
    known = [c for c in cards if c.is_standard]
    if len(known) != 4:
        return 0.0
    value = evaluate_badugi(known)
    top = max(_low(c) for c in value.cards)
    size = badugi_size(value.key)
    return (size - 1) / 4 + 0.25 * (13 - top) / 12


def badugi_discards(cards: Sequence[Card], most: int) -> tuple[Card, ...]:
    """What a bot throws: the cards that do not play, and those above an eight.

    >>> from pokerroom.cards import parse_cards
    >>> badugi_discards(parse_cards("Ac 2c 3d Kh"), 4)
    (2c, Kh)
    """
    _, playing = best_badugi([(int(c.rank), int(c.suit)) for c in cards])
    keep = {i for i in playing if _low(cards[i]) <= 8}
    return tuple(c for i, c in enumerate(cards) if i not in keep)[:most]


class BadugiBot:
    """A bot that draws to a low badugi and bets by how low its hand is."""

    style = "badugi: draws to a low four-suit hand, bets the good ones"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, seat_view: SeatView) -> Action:
        seat, options = seat_view.seat, seat_view.options
        cards = seat_view.snapshot.seat(seat).cards
        draw = find_option(options, DrawOption)
        if draw is not None:
            out = badugi_discards(cards, draw.max_cards)
            if len(out) < draw.min_cards:
                out = tuple(cards[-draw.min_cards:])
            return build(draw, seat, cards=out)
        score = badugi_strength(cards) + 0.1 * self.rng.random()
        wager = find_option(options, RaiseOption, BetOption)
        if score > 0.8 and wager is not None:
            return build(wager, seat)           # the least bet or raise
        passive: Option | None = find_option(options, CheckOption)
        if passive is None and (score > 0.45 or find_option(options, FoldOption) is None):
            passive = find_option(options, CallOption)
        chosen = passive if passive is not None else find_option(options, FoldOption)
        action = sole_action(chosen, seat) if chosen is not None else None
        return action if action is not None else Fold(seat)


class BadugiSession(PokerSession):
    """A table of badugi: a poker table whose bots are :class:`BadugiBot`."""

    def make_bot(self, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL) -> Bot:
        return BadugiBot(rng)


def _badugi(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_badugi(hand)


_RANKING = ShowdownGame(
    "badugi",
    "Badugi: four cards, the lowest hand of different ranks and suits; four such cards "
    "beat three, three beat two; aces low, straights do not count", (4,), (), (),
    _badugi, low_only=True)


def _ranked_odds(words: Sequence[str]) -> Any:
    """The odds engine's badugi (no house rule changes its ranking)."""
    from pokerroom.analysis.ranked import BADUGI_ODDS

    BADUGI.parse_house_rules(list(words))
    return BADUGI_ODDS


BADUGI = Game(
    name="badugi", title="Badugi", family="poker",
    description="Four cards down and three draws; the lowest hand of four different "
                "ranks and suits wins, A-2-3-4 of four suits the best.",
    aliases=("badugi-triple-draw", "triple-draw-badugi"),
    min_seats=2, max_seats=BADUGI_VARIANT.max_players,
    factory=PokerTables(BADUGI_VARIANT, "27", _RANKING, table_class=BadugiSession),
    capabilities=poker_capabilities(BADUGI_VARIANT),
    house_rules=(structure_rule("fixed-limit"),),
    default_stakes={"small_blind": 1, "big_blind": 2}, default_stack=200,
    rule_ids=("lowball-intro",), variant=BADUGI_VARIANT.name,
    engine_variants=(BADUGI_VARIANT,), phh="B", pokerstars="Badugi",
    layout=poker_layout(BADUGI_VARIANT),
    odds=OddsGame("badugi", -1, 4, 0, ranked=_ranked_odds), ranking=_RANKING,
    on_timeout="check or fold, and stand pat at the draw")
"""Badugi, fixed limit unless the house rules say otherwise."""
