"""Hearts Poker in the catalog: :class:`~pokerroom.homegames.hearts_table.HeartsTable`
as a playable session, its events told in the history layout, its table drawn.

At the prompt the passes are ``p Qs`` (or ``p 2``, a position in your hand) and the
discard is ``x 1`` (throw the face-up pair) or ``x 2`` (throw the face-down pair), or
the cards themselves: ``x 7c 9d``.

>>> import random
>>> from pokerroom.catalog import TableSpec
>>> entry = HEARTS_POKER
>>> session = entry.factory(TableSpec(players=("You", "Ann", "Bob"), stacks=(100,) * 3,
...     stakes=entry.default_stakes, house_rules=entry.parse_house_rules([]),
...     rng=random.Random(2)))
>>> session.title, session.stakes_text
('Hearts Poker', 'fixed limit 2/4, ante 1')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom.bots import DEFAULT_LEVEL
from pokerroom.bots.home_games import HeartsBot
from pokerroom.catalog import HouseRuleSpec, TableSpec
from pokerroom.core import Action, Call, CallOption, Event, HandState, Raise
from pokerroom.engine.config import Structure
from pokerroom.game import Game, Layout
from pokerroom.hands import games as rankings
from pokerroom.history.narration_hearts import Choices, ending_lines, tell_hearts
from pokerroom.history.phh_hearts import hearts_to_phh
from pokerroom.homegames.hearts import HeartsHand
from pokerroom.homegames.hearts_events import HeartsEnded
from pokerroom.homegames.hearts_options import HeartsOpener, HeartsOptions, hearts_max_players
from pokerroom.homegames.hearts_table import HeartsTable
from pokerroom.session import Capabilities, HandResult, net_lines
from pokerroom.sessions.poker_games import structure_rule
from pokerroom.sessions.table_backed import TableBackedSession
from pokerroom.tableview import Bot, SeatView, View, seat_snapshot

__all__ = ["HEARTS_POKER", "HEARTS_RULES", "HeartsSession"]

class HeartsSession(TableBackedSession[HeartsTable]):
    """A Hearts Poker table: every pot is won, and a player with no chips is out. Its
    events are told by :mod:`pokerroom.history.narration_hearts`."""

    capabilities = Capabilities()

    def __init__(self, table: HeartsTable) -> None:
        super().__init__(table)
        self._choices = Choices()

    title = "Hearts Poker"

    @property
    def stakes_text(self) -> str:
        o = self.table.options
        text = (f"fixed limit {o.small_bet}/{o.big_bet}" if o.structure is Structure.FIXED_LIMIT
                else f"{o.structure.value}, minimum bet {o.small_bet}")
        return text + (f", ante {o.ante}" if o.ante else "")

    def phh_record(self, state: HandState) -> dict[str, object] | None:
        """The finished hand as PHH data (:mod:`pokerroom.history.phh_hearts`), every card."""
        if not isinstance(state, HeartsHand) or not state.is_over:
            return None
        return hearts_to_phh(state, players=self.players, starting=self._before)

    def settle(self, state: HandState) -> HandResult:
        result = self.table.settle(state)
        net, players, events, stacks = result.net, self.players, state.events, self.stacks
        # the words are written when first read (a bots-only run keeping no history
        # reads none): from the finished hand and the stacks now
        return HandResult(net, write=lambda: (
            *[line for event in events if isinstance(event, HeartsEnded)
              for line in ending_lines(event, players)],
            *net_lines(players, net, stacks)))

    def snapshot(self, state: HandState, seat: int | None) -> View:
        """The hand's own view with the players' names, a hand shown at the showdown
        drawn as it was shown (face up), and the hand number."""
        assert isinstance(state, HeartsHand)
        view = state.view(seat)
        shown = {s.owner: s.cards for s in state.shown}
        # positional copies (drawn at every step): the fields in order
        seats = tuple(
            seat_snapshot(info.seat, name, info.stack, info.bet, shown[info.seat],
                          (True,) * len(shown[info.seat]), info.status, info.marker,
                          info.note, info.wagers) if info.seat in shown
            else seat_snapshot(info.seat, name, info.stack, info.bet, info.cards, info.up,
                               info.status, info.marker, info.note, info.wagers)
            for info, name in zip(view.seats, self.players, strict=True))
        return View(f"{self.title} ({self.stakes_text})", seats, view.board,
                    view.extra_hands, view.pots, view.to_act, view.you, view.street,
                    self.table.hand_no, view.button, view.notes, view.options, view.over)

    def narrate(self, events: Sequence[Event]) -> list[str]:
        return tell_hearts(events, self.players, self._choices)

    def make_bot(self, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL) -> Bot:
        return CappedHeartsBot(self.table.options.big_bet * 3)


class CappedHeartsBot(HeartsBot):
    """The Hearts Poker bot of :mod:`pokerroom.bots.home_games`, which raises every strong
    holding, made to stop raising (and call) once its bet this round reaches ``limit``:
    heads-up the raises are unlimited, and two strong bots would raise for ever."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def act(self, seat_view: SeatView) -> Action:
        action = super().act(seat_view)
        view = seat_view.view
        if isinstance(action, Raise) and view.seat(seat_view.seat).bet >= self.limit and any(
                isinstance(o, CallOption) for o in seat_view.options):
            return Call(seat=seat_view.seat)
        return action


HEARTS_RULES: tuple[HouseRuleSpec, ...] = (
    HouseRuleSpec("community", "choice", "3", "community cards", ("3", "6"),
                  synonyms=(("three", "3"), ("six", "6")), value=int),
    HouseRuleSpec.of_enum("opener", HeartsOpener.LEFT_OF_DEALER, "who opens each betting round"),
    HouseRuleSpec("fourth_round", "bool", False, "a fourth betting round after the board"),
    structure_rule("fixed-limit"),
    HouseRuleSpec("raise_cap", "int", 4, "bets and raises per fixed-limit round"),
)


_STAKES = {"ante": 1, "small_bet": 2, "big_bet": 4}


def _factory(spec: TableSpec) -> HeartsSession:
    options = HeartsOptions(players=len(spec.players),
                            **spec.rules_of(HEARTS_RULES) | spec.stakes_of(_STAKES))
    table = HeartsTable(options, stacks=spec.stacks, rng=spec.rng, names=spec.players,
                        first_dealer=spec.first_dealer)
    return HeartsSession(table)


HEARTS_POKER = Game(
    name="hearts-poker", title="Hearts Poker", family="home", min_seats=2,
    max_seats=hearts_max_players(3), aliases=("hearts",),
    description=("Two down and one up; pass a down card left, then (after a fourth card up) "
                 "an up card right, betting after each; discard both up or both down cards; "
                 "three community cards. A hand-card queen of spades costs the higher card, "
                 "a hand-card jack of diamonds earns an extra card."),
    factory=_factory, house_rules=HEARTS_RULES, capabilities=HeartsSession.capabilities,
    default_stakes=_STAKES, default_stack=200, phh="HEARTS",
    layout=Layout(4, 6, (("bet", 6), ("pass", 4), ("discard", 2)),
                  ("deal", "bet", "pass-left", "pass-right", "discard", "showdown", "over")),
    ranking=rankings.HEARTS_POKER,
    on_timeout="check or fold, pass a card and discard the up pair")
