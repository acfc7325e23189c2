"""Guts (two- and three-card), Herbie and Hearts Poker in the catalog.

Each game's own table (:class:`~pokerroom.homegames.guts_table.GutsTable`,
:class:`~pokerroom.homegames.herbie_table.HerbieTable`) is wrapped as a
:class:`~pokerroom.session.Session`: the house rules of SUPPLEMENT §3 are
offered as :class:`~pokerroom.catalog.HouseRuleSpec` with their defaults, the table is
drawn from each deal's own :class:`~pokerroom.tableview.View`, and the bots are
the measured-threshold bots of :mod:`pokerroom.bots.home_games` (level ``easy``) or
the field-aware bots of :mod:`pokerroom.bots.field` (``normal``, ``strong``).

>>> from pokerroom.catalog import TableSpec
>>> import random
>>> entry = HERBIE
>>> session = entry.factory(TableSpec(players=("You", "Ann", "Bob", "Cleo"),
...     stacks=(100,) * 4, stakes={"ante": 1}, house_rules=entry.parse_house_rules([]),
...     rng=random.Random(1)))
>>> session.title, session.stakes_text
('Herbie', 'ante 1')
>>> session.capabilities == HOME_CAPABILITIES == entry.capabilities
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pokerroom.bots.field import FieldGutsBot, FieldHerbieBot
from pokerroom.bots.guts import FastGutsBot
from pokerroom.bots.home_games import HerbieBot
from pokerroom.bots.levels import DEFAULT_LEVEL
from pokerroom.cards import Card
from pokerroom.catalog import HouseRuleSpec, TableSpec
from pokerroom.core import Event, HandState
from pokerroom.figures import readable, stack_words
from pokerroom.game import Game, Layout
from pokerroom.hands import games as rankings
from pokerroom.hands.base import HandValue
from pokerroom.hands.herbie import evaluate_herbie
from pokerroom.history.narration_home import Choices, showdown_lines, tell
from pokerroom.history.phh_home import home_to_phh
from pokerroom.homegames.deal import HomeDeal
from pokerroom.homegames.events import ShowdownSettled
from pokerroom.homegames.guts import guts_evaluator
from pokerroom.homegames.guts_table import GutsTable
from pokerroom.homegames.herbie_table import HerbieTable
from pokerroom.homegames.house_rules import (
    GUTS3_RULES,
    GUTS_RULES,
    HERBIE_RULES,
    guts_options,
    herbie_options,
)
from pokerroom.session import Capabilities, HandResult
from pokerroom.sessions.table_backed import TableBackedSession
from pokerroom.strategy.expert import ExpertGutsBot, ExpertHerbieBot
from pokerroom.tableview import Bot, View, seat_snapshot

__all__ = ["GUTS2", "GUTS3", "GUTS_RULES", "HERBIE", "HERBIE_RULES", "HOME_CAPABILITIES",
           "HomeSession", "guts_options", "herbie_options"]

Table = GutsTable | HerbieTable

HOME_CAPABILITIES = Capabilities(carries_pot=True, allows_debt=True, continues_after_game=True)
"""Guts and Herbie: the pot carries from deal to deal until it is won with no loser
paying; a match is never capped, so a stack may go below zero; once a game is over, the
next deal starts a new game at the same table."""


class HomeSession(TableBackedSession[Table]):
    """A Guts or Herbie table."""

    capabilities = HOME_CAPABILITIES

    def __init__(self, table: Table, *, title: str, phantom: str,
                 evaluate: Callable[[Sequence[Card]], HandValue],
                 make_bot: Callable[[int, random.Random, str], Bot], hand_size: int) -> None:
        super().__init__(table)
        self._hand_size = hand_size
        self._title = title
        self._phantom = phantom  # the name of the hand dealt to no one
        self._evaluate = evaluate
        self._make_bot = make_bot
        self._choices = Choices()

    @property
    def title(self) -> str:
        return self._title

    @property
    def stakes_text(self) -> str:
        return f"ante {self.table.options.ante}"

    def phh_record(self, state: HandState) -> dict[str, object] | None:
        """The settled deal as PHH data (:mod:`pokerroom.history.phh_home`), every card."""
        if not isinstance(state, HomeDeal) or not state.is_over:
            return None
        return home_to_phh(state, players=self.players, starting=self._before,
                           finishing=self.stacks)

    def settle(self, state: HandState) -> HandResult:
        """Settle through the game's table; the net counts the antes taken at the deal."""
        self.table.settle(state)
        net = tuple(now - then for now, then in zip(self.stacks, self._before, strict=True))
        names, events, phantom = self.players, state.events, self._phantom
        pot, over, stacks = self.table.pot, self.table.is_finished, self.stacks

        def write() -> tuple[str, ...]:
            lines = [line for event in events if isinstance(event, ShowdownSettled)
                     for line in showdown_lines(event, names, phantom)]
            if pot:
                lines.append(f"The pot of {readable(pot)} carries to the next deal")
            if over:
                lines.append("The pot is won with no loser paying: the game is over")
            lines.extend(f"{names[seat]}: {readable(change, sign=True)} "
                         f"({stack_words(stacks[seat])})" for seat, change in enumerate(net)
                         if change)
            return tuple(lines)
        # the words are written when first read (a bots-only run keeping no history
        # reads none): from the settled deal and what the table holds now
        return HandResult(net, write=write)

    def snapshot(self, state: HandState, seat: int | None) -> View:
        """The deal's own view with the players' names and stacks, the viewer's own
        hand in words, the reserve and the deal number."""
        assert isinstance(state, HomeDeal)
        view = state.view(seat)
        seats = []
        for info, name, stack in zip(view.seats, self.players, self.stacks, strict=True):
            note = info.note
            if info.seat == seat and not note and len(info.cards) == self._hand_size:
                note = self._evaluate(info.cards).description
            # positional copies (drawn at every step): the fields in order, each seat's
            # given again where it is as it was
            seats.append(seat_snapshot(info.seat, name, stack, info.bet, info.cards, (),
                                       info.status, info.marker, note, info.wagers))
        reserve = (("reserve", self.reserve),) if self.reserve else ()
        return View(self.title, tuple(seats), view.board, view.extra_hands,
                    (*view.pots, *reserve), view.to_act, view.you, view.street,
                    self.table.hand_no, view.button, view.notes, view.options, view.over)

    def narrate(self, events: Sequence[Event]) -> list[str]:
        return tell(events, self.players, phantom=self._phantom, choices=self._choices)

    def make_bot(self, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL) -> Bot:
        return self._make_bot(seat, rng, level)


_STAKES = {"ante": 1}


def _guts_title(cards: int) -> str:
    return f"Guts ({'two' if cards == 2 else 'three'}-card)"


def _guts(cards: int) -> Callable[[TableSpec], HomeSession]:
    def factory(spec: TableSpec) -> HomeSession:
        options = guts_options(len(spec.players), spec.stakes_of(_STAKES)["ante"], cards,
                               spec.house_rules)
        table = GutsTable(options, rng=spec.rng, names=spec.players, stacks=spec.stacks,
                          first_dealer=spec.first_dealer)
        evaluate = guts_evaluator(options)

        def bot(seat: int, rng: random.Random, level: str) -> Bot:
            if level == "easy":
                return FastGutsBot(options.players, evaluate, cards)
            if level == "expert":
                return ExpertGutsBot(options, rng)
            return FieldGutsBot(options.players, evaluate, cards, level, options)
        return HomeSession(table, title=_guts_title(cards), phantom="the ghost",
                           evaluate=evaluate, make_bot=bot, hand_size=cards)
    return factory


def _herbie(spec: TableSpec) -> HomeSession:
    options = herbie_options(len(spec.players), spec.stakes_of(_STAKES)["ante"], spec.house_rules)
    table = HerbieTable(options, rng=spec.rng, names=spec.players, stacks=spec.stacks,
                        first_dealer=spec.first_dealer)

    def evaluate(cards: Sequence[Card]) -> HandValue:
        return evaluate_herbie(cards, unpaired=options.unpaired, odd_card=options.odd_card)

    def bot(seat: int, rng: random.Random, level: str) -> Bot:
        if level == "easy":
            return HerbieBot(options.players, options.unpaired, odd_card=options.odd_card)
        if level == "expert":
            return ExpertHerbieBot(options, rng)
        return FieldHerbieBot(options.players, level, unpaired=options.unpaired,
                              odd_card=options.odd_card, max_match=options.max_match)
    return HomeSession(table, title="Herbie", phantom="Herbie", evaluate=evaluate,
                       make_bot=bot, hand_size=3)


def _guts_game(cards: int, rules: tuple[HouseRuleSpec, ...], description: str,
               blocks: tuple[tuple[str, int], ...], phases: tuple[str, ...], *,
               aliases: tuple[str, ...], ranking: rankings.ShowdownGame) -> Game:
    name = f"guts{cards}"
    return Game(
        name=name, title=_guts_title(cards), family="home", min_seats=2, max_seats=10,
        aliases=aliases, description=description, factory=_guts(cards),
        house_rules=rules, capabilities=HOME_CAPABILITIES, default_stakes=_STAKES,
        default_stack=200, phh=f"GUTS{cards}", layout=Layout(cards, cards, blocks, phases),
        ranking=ranking, analysis=True, on_timeout="say out")


GUTS2 = _guts_game(
    2, GUTS_RULES, "Two cards each; declare in or out; a lone player in takes the pot "
    "unseen, otherwise the best hand takes it and every other player in matches it. The pot "
    "carries until it is won with no loser paying.",
    (("declare", 2), ("draw", 4)), ("deal", "auto-in", "draw", "declare", "showdown", "over"),
    aliases=("guts", "two-card-guts", "2-card-guts", "guts-2"), ranking=rankings.GUTS2)
GUTS3 = _guts_game(
    3, GUTS3_RULES, "Three-card Guts: as two-card Guts, with three-card hands ranked trips > "
    "straight flush > straight > flush > pair > high card by default.",
    (("declare", 2), ("draw", 8), ("pass", 3)),
    ("deal", "auto-in", "draw", "pass", "declare", "showdown", "over"),
    aliases=("three-card-guts", "3-card-guts", "guts-3"), ranking=rankings.GUTS3)
HERBIE = Game(
    name="herbie", title="Herbie", family="home", min_seats=4, max_seats=10,
    aliases=("herbie-guts",),
    description=("Three cards each and three to Herbie, a hand that belongs to no one; 2s, 4s "
                 "and 10s are wild; only pairs and trips count. Declare at once, draw up to "
                 "three, and beat Herbie or match the pot; a lone player who beats Herbie "
                 "ends the game."),
    factory=_herbie, house_rules=HERBIE_RULES, default_stakes=_STAKES,
    default_stack=200, capabilities=HOME_CAPABILITIES, phh="HERBIE",
    layout=Layout(3, 3, (("declare", 2), ("draw", 8)),
                  ("deal", "declare", "draw", "showdown", "over")),
    ranking=rankings.HERBIE, analysis=True, on_timeout="say out")
