"""A table: hand after hand with the same seats, stacks carried over, players joining and
leaving, the button and blinds moving per SUPPLEMENT §2, missed blinds, kill pots,
jacks-or-better re-antes, and the bar on a player all in for the ante who declared the
pot open without openers (``jacks-5``): not dealt in, even after a rebuy, until a pot
has been legally opened and won. The chips are kept in the table's
:class:`~pokerroom.engine.ledger.Ledger`: a player buys in from the cashier, each hand's
own ledger is taken in when it is over (its bets to the pot, its awards out of it), and a
pot carried to the next deal stays there.

>>> import random
>>> from pokerroom.engine import GameConfig
>>> table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=4,
...               rng=random.Random(1))
>>> for seat in range(3):
...     table.join(seat, f"p{seat}", 100)
>>> hand = table.next_hand()
>>> table.button, hand.blind_seats
(0, (1, 2))
>>> from pokerroom.core import Fold
>>> while not hand.is_over:
...     if hand.actors == (-1,):
...         _ = hand.advance()
...     else:
...         _ = hand.apply(Fold(hand.actors[0]))
>>> table.finish(hand)
>>> from pokerroom.engine.ledger import POT
>>> table.stacks, table.ledger.holding(POT)
((100, 99, 101, 0), 0)
>>> table.ledger.check()
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from pokerroom.cards import Card
from pokerroom.engine.blinds import BlindsMixin
from pokerroom.engine.config import GameConfig
from pokerroom.engine.extras import StraddleRule, bomb_words, straddle_words, supports_extras
from pokerroom.engine.ledger import CASHIER, Ledger
from pokerroom.engine.seats import SeatState  # noqa: F401  (tables pickled before name it here)
from pokerroom.engine.state import PokerHand
from pokerroom.engine.variants import Forced
from pokerroom.errors import ConfigError, IllegalActionError

__all__ = ["Table"]


class Table(BlindsMixin):
    """Runs hands of one game at one table. Call :meth:`next_hand`, play it to the end,
    then :meth:`finish` (or let :meth:`next_hand` settle the last hand). Its bases keep
    the seats and the changes players make to them
    (:class:`~pokerroom.engine.seats.SeatsMixin`) and the blinds of its deals
    (:class:`~pokerroom.engine.blinds.BlindsMixin`)."""

    def __init__(self, config: GameConfig, seats: int, *,
                 rng: random.Random | None = None) -> None:
        if not 2 <= seats <= config.variant.max_players:
            raise ConfigError(f"{config.variant.title} seats 2 to "
                              f"{config.variant.max_players} players")
        self.config = config
        self.size = seats
        self.rng = rng if rng is not None else random.Random()
        self.seats = [None] * seats
        self.button = -1
        self.big_blind_seat = -1
        self.small_blind_seat = None
        self.ledger = Ledger(seats)
        self.unopened_deals = 0
        self.hand = None
        self.hands_played = 0
        self.last_winner = None
        self.win_streak = 0
        self.kill_next = None
        self.straddle_rule = StraddleRule.OFF
        self.straddle_wishes = frozenset()
        """The seats whose player straddles when it is their turn (:meth:`allow_extras`)."""
        self.bomb_ante = self.bomb_every = 0
        self.bomb_next = False
        """Whether the next deal is a bomb pot of :attr:`bomb_ante` from every player."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles carry every attribute onto a new table of the same game and
        seats (the compiled build makes no instance without running ``__init__``).

        >>> import copy, pickle
        >>> from pokerroom.engine import GameConfig
        >>> table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=3,
        ...               rng=random.Random(4))
        >>> table.join(0, "Ann", 50)
        >>> table.join(1, "Bob", 60)
        >>> twin = copy.deepcopy(table)
        >>> twin.join(2, "Cleo", 70)
        >>> twin.stacks, table.stacks, pickle.loads(pickle.dumps(table)).seats[1].name
        ((50, 60, 70), (50, 60, 0), 'Bob')
        """
        return (Table, (self.config, self.size), {name: getattr(self, name)
                                                  for name in _TABLE_ATTRIBUTES})

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def restart(self, names: Sequence[str], stacks: Sequence[int],
                rng: random.Random | None, button: int) -> None:
        """Set the table up afresh: the same as a new table of its game and seats
        (``Table(config, seats, rng=rng)``, extras off), each seat with a name or chips
        joined by ``names[seat]`` with ``stacks[seat]`` (:meth:`join`), the button then
        at ``button``. A seat's state is kept, as a new one, where its player is the
        same (a learning environment sets its table up every hand).

        >>> from pokerroom.engine import GameConfig
        >>> table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=3,
        ...               rng=random.Random(4))
        >>> for seat, name in enumerate(("Ann", "Bob", "Cleo")):
        ...     table.join(seat, name, 50)
        >>> _ = table.next_hand()
        >>> table.restart(("Ann", "Dan", ""), (40, 60, 0), random.Random(4), 1)
        >>> table.stacks, table.seats[1].name, table.seats[2], table.hand, table.button
        ((40, 60, 0), 'Dan', None, None, 1)
        """
        size = self.size
        if len(names) != size or len(stacks) != size:
            raise ConfigError(f"give {size} names and {size} stacks")
        old = self.seats
        # every attribute as __init__ sets it (see _TABLE_ATTRIBUTES)
        self.rng = rng if rng is not None else random.Random()
        self.seats = [None] * size
        self.button = -1
        self.big_blind_seat = -1
        self.small_blind_seat = None
        self.ledger = Ledger(size)
        self.unopened_deals = 0
        self.hand = None
        self.hands_played = 0
        self.last_winner = None
        self.win_streak = 0
        self.kill_next = None
        self.straddle_rule = StraddleRule.OFF
        self.straddle_wishes = frozenset()
        self.bomb_ante = self.bomb_every = 0
        self.bomb_next = False
        for seat in range(size):
            name = names[seat]
            chips = stacks[seat]
            if not name and not chips:          # a nameless seat without chips: empty
                continue
            state = old[seat]
            if state is None or state.name != name or chips <= 0:
                self.join(seat, name, chips)    # (which refuses a seat without chips)
                continue
            # join, the seat's state made new in place (at a new table nobody waits or posts)
            state.waiting_for_big_blind = state.wants_to_post = state.sitting_out = False
            state.missed_big = state.missed_small = state.owes_blind = False
            state.took_big_blind = state.took_small_blind = state.barred = False
            self.seats[seat] = state
            self.ledger.transfer(CASHIER, seat, chips, f"{name} sits down", 0)
        self.button = button

    def allow_extras(self, straddle: StraddleRule = StraddleRule.OFF, bomb_ante: int = 0,
                     bomb_every: int = 0) -> None:
        """Allow straddles and bomb pots (:mod:`pokerroom.engine.extras`): who may
        straddle, each player's bomb-pot post and how often the host deals one (0: when
        called), for the announcement. A game without blinds and a board refuses them.

        >>> from pokerroom.engine import GameConfig
        >>> table = Table(GameConfig.of("stud", ante=1, bring_in=2), seats=4)
        >>> table.allow_extras(StraddleRule.UNDER_THE_GUN)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerroom.errors.ConfigError: Seven-card stud has no straddles or bomb pots: ...
        """
        wanted = straddle is not StraddleRule.OFF or bomb_ante > 0
        if wanted and not supports_extras(self.config.variant):
            raise ConfigError(f"{self.config.variant.title} has no straddles or bomb pots: "
                              "they are played in hold'em and Omaha")
        if bomb_ante < 0 or bomb_every < 0:
            raise ConfigError("a bomb pot's post and how often one is dealt are never "
                              "negative")
        self.straddle_rule, self.bomb_ante, self.bomb_every = straddle, bomb_ante, bomb_every

    def announce(self) -> str:
        """The game and house rules in words, before the first deal (``supp-announce``)."""
        lines = [self.config.announce()]
        if self.config.variant.forced is Forced.BLINDS:
            lines.append("a new player waits for the big blind or posts one to play at "
                         "once" + (" (in lowball: kills the pot for twice the big blind, "
                                   "and that deal is played at doubled limits)"
                                   if self._lowball else ""))
            if self._lowball and len(self.config.stakes.blinds) > 1:
                lines.append("a player the big blind passed waits for it or kills the pot "
                             "to be dealt in (" + self._missed_kill_words() + ")")
        if self.straddle_rule is not StraddleRule.OFF:
            lines.append(straddle_words(self.straddle_rule, max(self.config.stakes.blinds)))
        if self.bomb_ante:
            lines.append(bomb_words(self.bomb_ante, self.bomb_every))
        return "\n".join(lines)

    # ------------------------------------------------------------------ hands

    def next_hand(self, *, deck: Sequence[Card] | None = None) -> PokerHand:
        """Settle the previous hand if needed and start the next one. ``deck`` gives the
        cards for this hand, top first (a stacked deck, or cards named as a dealer deals
        them); by default they come from the table's shuffle."""
        if self.hand is not None and not self.hand.is_over:
            raise IllegalActionError("the current hand is not over")
        if self.hand is not None:
            self.finish(self.hand)
        active = [s for s in range(self.size) if self._playing(s) is not None]
        if len(active) < 2:
            raise IllegalActionError("the table needs two players with chips")
        blinds = self.config.variant.forced is Forced.BLINDS
        hand = (self._blind_hand if blinds else self._ante_hand)(active, deck)
        self.hand = hand
        return hand

    def _ante_hand(self, active: list[int], deck: Sequence[Card] | None) -> PokerHand:
        self.button = self._next_occupied(self.button)
        # jacks-1: an unopened pot carried over is anted again up to the ante limit
        carried = self.config.variant.openers_required and self.carried
        antes = not carried or self.unopened_deals < self.config.rules.ante_limit
        seated = [s in active for s in range(self.size)]
        # config.new_hand, called straight (see _blind_hand_on)
        return PokerHand(self.config, list(self.stacks), self.button, self.rng, deck,
                         self.carried, seated, None, (), antes)

    def finish(self, hand: PokerHand) -> None:
        """Take a finished hand's chips into the table's ledger: every chip each seat put
        in the pot and each won from it, any pot carried to the next deal left in it."""
        if not hand.is_over or hand.result is None:
            raise IllegalActionError("the hand is not over")
        if hand is not self.hand:
            return
        self.ledger.absorb(hand.chips, self.hands_played + 1, hand.opening)
        if self.carried != hand.result.carried:
            raise AssertionError("a hand's chips do not add up at the table")
        self._track_short_blind(hand)
        self._track_false_declarations(hand)
        self.unopened_deals = self.unopened_deals + 1 if self.carried else 0
        self._track_kill(hand)
        self.hands_played += 1
        self.hand = None

    def _track_false_declarations(self, hand: PokerHand) -> None:
        """``jacks-5``: a player all in for the ante who declared the pot open without
        openers is barred; every bar ends once a deal ends with the pot legally opened
        (every opener the engine makes holds openers) and won."""
        for seat in hand.false_declarers:
            state = self.seats[seat]
            if state is not None:
                state.barred = True
        result = hand.result
        assert result is not None
        if hand.opener_seat >= 0 and result.awards and not result.carried:
            for state in self.seats:
                if state is not None:
                    state.barred = False


_TABLE_ATTRIBUTES: Final = (
    "rng", "seats", "button", "big_blind_seat", "small_blind_seat", "ledger",
    "unopened_deals", "hand", "hands_played", "last_winner", "win_streak", "kill_next",
    "straddle_rule", "straddle_wishes", "bomb_ante", "bomb_every", "bomb_next")
"""What a copy of a :class:`Table` takes over beyond its config and size (every
attribute :meth:`Table.__init__` sets)."""
