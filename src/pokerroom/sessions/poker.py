"""The tables of the button, stud and draw games of the poker engine (the games
themselves are :mod:`pokerroom.sessions.poker_games`).

Each game is a :class:`~pokerroom.engine.config.GameConfig` (variant, betting structure,
stakes, house rules) played hand after hand by the engine's
:class:`~pokerroom.engine.table.Table` inside a :class:`PokerSession`: stacks carry over,
the button and blinds move as SUPPLEMENT §2 says, a player with no chips sits out, and a
jacks-or-better pot nobody opened is carried into the next deal. The stakes and the
house rules the engine offers are :class:`~pokerroom.catalog.HouseRuleSpec` with the
SUPPLEMENT defaults.

>>> import random
>>> from pokerroom.catalog import TableSpec
>>> from pokerroom.games import get_game
>>> entry = get_game("holdem")
>>> session = entry.factory(TableSpec(players=("You", "Ann", "Bob"), stacks=(200,) * 3,
...     stakes=entry.default_stakes, house_rules=entry.parse_house_rules([]),
...     rng=random.Random(1)))
>>> print(session.announce().splitlines()[0])
Texas hold'em, no limit, blinds 1/2
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pokerroom.analysis.odds_game import OddsGame
from pokerroom.bots import DEFAULT_LEVEL
from pokerroom.bots.levels import LeveledBot
from pokerroom.bots.poker import PokerBot
from pokerroom.cards import format_cards
from pokerroom.core import Event, HandState
from pokerroom.engine import GameConfig
from pokerroom.engine.state import PokerHand
from pokerroom.engine.table import Table
from pokerroom.engine.twice import SecondBoardShown
from pokerroom.engine.variants import Variant
from pokerroom.errors import ConfigError, InvalidHandError
from pokerroom.hands.games import ShowdownGame
from pokerroom.history.narration_poker import PokerStory
from pokerroom.history.phh import hand_to_phh
from pokerroom.session import Capabilities, HandResult, Session, net_lines
from pokerroom.tableview import Bot, SeatSnapshot, View

__all__ = ["PokerSession", "poker_capabilities"]


def _summary(hand: PokerHand, names: tuple[str, ...], stud: bool, net: tuple[int, ...],
             stacks: tuple[int, ...]) -> tuple[str, ...]:
    """The summary in words of a finished ``hand`` at a table of ``names`` (``stud``: a
    stud game's), whose stacks it left at ``stacks`` with ``net`` won or lost."""
    assert hand.result is not None
    second = next((e for e in hand.events if isinstance(e, SecondBoardShown)), None)
    # every chip the hand's pots held: what was awarded plus what is carried
    pot = sum(award.amount for award in hand.result.awards) + hand.result.carried
    lines = [f"Total pot {pot}"]
    if second is not None:          # run twice: both boards, as PokerStars writes them
        lines += ["Hand was run twice", f"FIRST Board [{format_cards(hand.board)}]",
                  f"SECOND Board [{format_cards(second.board)}]"]
    elif hand.board:
        lines.append(f"Board [{' '.join(map(repr, hand.board))}]")
    story = PokerStory(names, stud=stud)
    story.second_shown = second
    lines.extend(line for line in story.ending(hand.result) if line != "*** SHOW DOWN ***")
    return (*lines, *net_lines(names, net, stacks))


def poker_capabilities(variant: Variant) -> Capabilities:
    """A poker table carries a pot only where nobody opened a jacks-or-better deal.

    >>> from pokerroom.engine.variants import get_variant
    >>> poker_capabilities(get_variant("jacks")).carries_pot
    True
    >>> poker_capabilities(get_variant("holdem")) == Capabilities()
    True
    """
    return Capabilities(carries_pot=variant.openers_required)


class PokerSession(Session):
    """A table of one poker game, run by the engine's
    :class:`~pokerroom.engine.table.Table` (button and blinds per SUPPLEMENT §2, kill
    pots, jacks-or-better re-antes)."""

    def __init__(self, config: GameConfig, names: Sequence[str], stacks: Sequence[int], *,
                 rng: random.Random | None, kind: str, ranking: ShowdownGame,
                 odds: OddsGame | None = None) -> None:
        self.config = config
        self._names = tuple(names)
        self._seat_players(stacks, rng)
        self._kind = kind
        self._odds = odds
        self._ranking = ranking
        values = {"joker": "on" if config.joker else "off",
                  "low_qualifier": config.rules.low_qualifier}
        words = [f"{name}={value}" for name, value in values.items()
                 if name in self._ranking.rule_names]
        self._rank_rules = self._ranking.rules(words)
        self._rank_words = tuple(words)
        # hand descriptions by (cards, board), for the views of the current hands
        self._descriptions: dict[tuple[tuple[Any, ...], tuple[Any, ...]], str] = {}
        self._capabilities = poker_capabilities(config.variant)

    def _seat_players(self, stacks: Sequence[int], rng: random.Random | None) -> None:
        """A new table of the config with the players and ``stacks``, before its first
        deal."""
        names = self._names
        self.table = Table(self.config, seats=len(names), rng=rng)
        for seat, (name, chips) in enumerate(zip(names, stacks, strict=True)):
            if name or chips:           # a nameless seat without chips is left empty
                self.table.join(seat, name, chips)
        self._told: PokerStory | None = None
        """The table's narration of its events (see :attr:`_story`), made when first
        needed: a learning environment sets a table up every hand and narrates none."""
        self._before: tuple[int, ...] = tuple(stacks)

    @property
    def _story(self) -> PokerStory:
        """The narration of this table's events (:meth:`narrate`)."""
        story = self._told
        if story is None:
            story = self._told = PokerStory(self._names,
                                            stud=not self.config.variant.button_game)
        return story

    def restart(self, stacks: Sequence[int], rng: random.Random, first_dealer: int) -> bool:
        """A new table of the same game and players (see :meth:`Session.restart`): the
        button moves on to ``first_dealer`` at the first deal, as at a table the
        game's :class:`~pokerroom.sessions.poker_games.PokerTables` sets up.

        >>> import random
        >>> from pokerroom.catalog import TableSpec
        >>> from pokerroom.games import get_game
        >>> entry = get_game("holdem")
        >>> def spec(stacks):
        ...     return TableSpec(players=("Ann", "Bob"), stacks=stacks, rng=random.Random(1),
        ...                      stakes=entry.default_stakes, first_dealer=1)
        >>> session = entry.factory(spec((50, 80)))
        >>> _ = session.new_hand()
        >>> session.restart((60, 70), random.Random(1), 1)
        True
        >>> again, fresh = session.new_hand(), entry.factory(spec((60, 70))).new_hand()
        >>> again.start_stacks, again.button == fresh.button, again.hole == fresh.hole
        ((60, 70), True, True)
        """
        # the table itself set up afresh (the same as a new one, quicker)
        self.table.restart(self._names, stacks, rng, (first_dealer - 1) % len(self._names))
        self._told = None
        self._before = tuple(stacks)
        return True

    @property
    def capabilities(self) -> Capabilities:
        return self._capabilities

    def seat_player(self, seat: int, name: str, chips: int, *, post: bool = False) -> None:
        """Seat a new player in the empty seat ``seat`` with ``chips``, between hands.
        In a blind game dealt already they wait for the big blind, or with ``post``
        post one to be dealt in at once (``supp-new-player``; the engine's
        :meth:`~pokerroom.engine.table.Table.join`).

        >>> import random
        >>> from pokerroom.catalog import TableSpec
        >>> from pokerroom.games import get_game
        >>> entry = get_game("holdem")
        >>> session = entry.factory(TableSpec(players=("Ann", "Bob", ""), stacks=(50, 50, 0),
        ...     stakes=entry.default_stakes, rng=random.Random(1)))
        >>> session.seat_player(2, "Cleo", 50)
        >>> session.players, session.stacks
        (('Ann', 'Bob', 'Cleo'), (50, 50, 50))
        """
        if self.table.hand is not None and not self.table.hand.is_over:
            raise ConfigError("a new player sits down between hands")
        if not name:
            raise ConfigError("a new player needs a name")
        self.table.join(seat, name, chips, post=post)
        names = list(self._names)
        names[seat] = name
        self._names = tuple(names)
        self._story.names = self._names

    @property
    def title(self) -> str:
        return self.config.variant.title

    @property
    def stakes_text(self) -> str:
        return f"{self.config.structure.value}, {self.config.stakes.describe()}"

    @property
    def players(self) -> tuple[str, ...]:
        return self._names

    @property
    def stacks(self) -> tuple[int, ...]:
        hand = self.table.hand
        return hand.final_stacks if hand is not None else self.table.stacks

    @property
    def chips_held(self) -> int:
        hand = self.table.hand  # in play: its pot; over: what it carries to the next deal
        return self.table.carried if hand is None else hand.total_chips - sum(hand.stacks)

    @property
    def is_finished(self) -> bool:
        table = self.table
        barred = table.barred if table.hand is None else ()     # jacks-5
        players = 0
        for seat, chips in enumerate(self.stacks):      # (asked before every deal)
            if chips > 0 and seat not in barred:
                players += 1
        return players < 2

    def announce(self) -> str:
        return self.table.announce()

    @property
    def dealer(self) -> int | None:
        return self.table.button if self.table.button >= 0 else None

    def new_hand(self) -> HandState:
        if self.table.hand is not None:
            raise ConfigError("the current hand is not settled yet")
        if self.is_finished:
            raise ConfigError("fewer than two players have chips")
        self._before = self.table.stacks
        return self.table.next_hand()

    def settle(self, state: HandState) -> HandResult:
        hand = self.table.hand
        if hand is None or state is not hand:
            raise ConfigError("that is not this table's current hand")
        if not hand.is_over or hand.result is None:
            raise ConfigError("the hand is not over yet")
        self.table.finish(hand)
        stacks = self.table.stacks
        net = tuple([now - then for now, then in zip(stacks, self._before, strict=True)])
        names, stud = self._names, not self.config.variant.button_game
        # the words are written when first read (a learning environment reads few):
        # from the finished hand, which no later deal changes, and what is kept here
        return HandResult(net, write=lambda: _summary(hand, names, stud, net, stacks))

    def phh_record(self, state: HandState) -> dict[str, object] | None:
        """The finished hand as PHH data (:mod:`pokerroom.history`), every card in it,
        the players named in the order they were dealt."""
        if not isinstance(state, PokerHand) or not state.is_over:
            return None
        data: dict[str, object] = dict(hand_to_phh(state))
        data.setdefault("players", [self._names[seat] for seat in state.deal_order])
        return data

    def bot_snapshot(self, state: HandState, seat: int,
                     view: object | None = None) -> View:
        """The snapshot without the hand descriptions (a bot values its own hand), from
        ``view`` when the caller has it already."""
        return self.snapshot(state, seat, notes=False,
                             view=view if isinstance(view, View) else None)

    def snapshot(self, state: HandState, seat: int | None, *, notes: bool = True,
                 view: View | None = None) -> View:
        """The hand's own view (``view``, when the caller has it already) with the
        players' names, each known hand in words (unless not ``notes``), the hand number
        and the bet to call."""
        assert isinstance(state, PokerHand)
        if view is None:
            view = state.view(seat)
        seats: list[SeatSnapshot] = []
        for info in view.seats:
            shown = (view.over and not info.folded and all(c.is_known for c in info.cards))
            note = (self._describe(info.cards, view.board)
                    if notes and (info.seat == seat or shown) else "")
            # positional copies (drawn at every decision): the fields in order
            seats.append(SeatSnapshot(info.seat, self._names[info.seat], info.stack,
                                      info.bet, info.cards, info.up, info.status,
                                      info.marker, note, info.wagers))
        to_call = view.to_call(seat) if seat is not None and seat in view.to_act else 0
        talk = (f"{to_call} to call",) if to_call > 0 else ()
        return View(f"{self.title} ({self.stakes_text})", tuple(seats), view.board,
                    view.extra_hands, view.pots, view.to_act, view.you, view.street,
                    self.table.hands_played + (self.table.hand is not None),
                    view.button if self.config.variant.button_game else None, talk,
                    view.options, view.over)

    def _describe(self, cards: Sequence[Any], board: Sequence[Any]) -> str:
        known = tuple(c for c in cards if c.is_known)
        key = (known, tuple(board))
        text = self._descriptions.get(key)
        if text is None:
            if len(self._descriptions) >= 512:
                self._descriptions.clear()
            try:
                high, low = self._ranking.evaluate(known, key[1], self._rank_rules)
            except (InvalidHandError, ConfigError):
                text = ""
            else:
                text = "; ".join(v.description for v in (high, low) if v is not None)
            self._descriptions[key] = text
        return text

    def narrate(self, events: Sequence[Event]) -> list[str]:
        return self._story.tell(events)

    def make_bot(self, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL) -> Bot:
        button_game = self.config.variant.button_game
        if level == "easy":
            return PokerBot(self._kind, rng, button_game=button_game)
        rules = [w for w in self._rank_words if w.startswith("joker=")]
        return LeveledBot(self.config.variant, level, rng, kind=self._kind,
                          button_game=button_game, house_rules=rules, odds=self._odds)
