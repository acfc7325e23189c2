"""A tournament's structure as data: its levels, breaks, colour-ups, entries and rebuys.

A :class:`TournamentStructure` is plain, frozen data, checked whole when it is made: every field
that cannot be raises a :class:`~pokerroom.errors.TournamentError` naming the field
(``levels[3].big_blind``) in the host's words, with levels and breaks numbered from 1.
Each level carries every stake a game may need (blinds, ante, bring-in, the small and
big bet of limit games), and both its length in minutes (the room's clock) and in hands
(the terminal's clock, so that a person can think); :mod:`pokerroom.tournament.clock`
reads the stakes at any minute or hand from it.

>>> level = Level(small_blind=25, big_blind=50, minutes=15, hands=10)
>>> level.small_bet, level.big_bet  # limit games play the big blind and twice it
(50, 100)
>>> Level(small_blind=50, big_blind=25, minutes=15, hands=10)
Traceback (most recent call last):
...
pokerroom.errors.TournamentError: big_blind: must be at least the small blind (50), not 25
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerroom.errors import TournamentError
from pokerroom.tournament.payouts import STANDARD, PayoutTable, prize_pool, prizes

__all__ = ["AddOn", "Break", "ColourUp", "Level", "Rebuys", "TournamentStructure", "check_count"]


def check_count(name: str, value: object, least: int = 0) -> int:
    """``value`` when it is a whole number of at least ``least``, else a typed error.

    >>> check_count("minutes", 15, least=1)
    15
    >>> check_count("minutes", 0, least=1)
    Traceback (most recent call last):
    ...
    pokerroom.errors.TournamentError: minutes: must be a whole number of at least 1, not 0
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise TournamentError(name, f"must be a whole number of at least {least}, "
                                    f"not {value!r}")
    return value


@dataclass(frozen=True)
class Level:
    """The stakes of one level and how long it lasts.

    ``small_bet`` and ``big_bet`` are the limits of limit games (stud, razz, draw); they
    default to the big blind and twice the big blind. ``bring_in`` is the stud bring-in
    (at most the small bet; 0 when no game of the tournament brings in).
    """

    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    minutes: int = 0
    hands: int = 0

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet"):
            check_count(name, getattr(self, name))
        check_count("minutes", self.minutes, least=1)
        check_count("hands", self.hands, least=1)
        if self.big_blind < self.small_blind:
            raise TournamentError("big_blind", f"must be at least the small blind "
                                               f"({self.small_blind}), not {self.big_blind}")
        if self.small_bet == 0:
            object.__setattr__(self, "small_bet", self.big_blind)
        if self.big_bet == 0:
            object.__setattr__(self, "big_bet", 2 * self.small_bet)
        if self.big_bet < self.small_bet:
            raise TournamentError("big_bet", f"must be at least the small bet "
                                             f"({self.small_bet}), not {self.big_bet}")
        if self.bring_in > self.small_bet:
            raise TournamentError("bring_in", f"must be at most the small bet "
                                              f"({self.small_bet}), not {self.bring_in}")
        if self.big_blind == 0 and self.ante == 0 and self.small_bet == 0:
            raise TournamentError("big_blind", "a level needs blinds, an ante or limits")

    @property
    def amounts(self) -> tuple[int, ...]:
        """Every chip amount a player may have to put in at this level (nonzero ones)."""
        return tuple(a for a in (self.small_blind, self.big_blind, self.ante, self.bring_in,
                                 self.small_bet, self.big_bet) if a)

    def describe(self) -> str:
        """The level in a clock's words: blinds and ante, or for a level without
        blinds its ante, bring-in and limits.

        >>> Level(small_blind=100, big_blind=200, ante=25, minutes=15, hands=10).describe()
        'blinds 100/200, ante 25'
        >>> Level(ante=10, bring_in=10, small_bet=40, minutes=15, hands=10).describe()
        'ante 10, bring-in 10, limits 40/80'
        """
        words = [f"blinds {self.small_blind}/{self.big_blind}"] if self.big_blind else []
        if self.ante:
            words.append(f"ante {self.ante}")
        if not self.big_blind:
            if self.bring_in:
                words.append(f"bring-in {self.bring_in}")
            words.append(f"limits {self.small_bet}/{self.big_bet}")
        return ", ".join(words)


@dataclass(frozen=True)
class Break:
    """A pause of ``minutes`` after level ``after_level`` (numbered from 1). Breaks take
    no hands: on a clock counted in hands they pass at once."""

    after_level: int
    minutes: int

    def __post_init__(self) -> None:
        check_count("after_level", self.after_level, least=1)
        check_count("minutes", self.minutes, least=1)


@dataclass(frozen=True)
class ColourUp:
    """The chips of denomination ``chip`` leave play before level ``at_level`` starts
    (in the break before it, if there is one), by the chip race of
    :mod:`pokerroom.tournament.chiprace`."""

    at_level: int
    chip: int

    def __post_init__(self) -> None:
        check_count("at_level", self.at_level, least=2)
        check_count("chip", self.chip, least=1)


@dataclass(frozen=True)
class Rebuys:
    """Rebuys: ``chips`` for ``price`` while a player's stack is at or under the starting
    stack, through the end of level ``until_level``, at most ``per_player`` times."""

    until_level: int
    per_player: int
    chips: int
    price: int

    def __post_init__(self) -> None:
        check_count("until_level", self.until_level, least=1)
        check_count("per_player", self.per_player, least=1)
        check_count("chips", self.chips, least=1)
        check_count("price", self.price)


@dataclass(frozen=True)
class AddOn:
    """One add-on per player, ``chips`` for ``price``, offered at the end of the rebuy
    period (whatever the player's stack)."""

    chips: int
    price: int

    def __post_init__(self) -> None:
        check_count("chips", self.chips, least=1)
        check_count("price", self.price)


@dataclass(frozen=True)
class TournamentStructure:
    """A whole tournament structure; see the module docstring and ``docs/tournaments.md``.

    ``chips`` are the denominations in play at the start, smallest first, each a multiple
    of the one before. ``late_registration`` is the last level at which a player may
    still enter (0: none after the start). Past the last level the last level's stakes
    stay.
    """

    name: str
    starting_stack: int
    buy_in: int
    chips: tuple[int, ...]
    levels: tuple[Level, ...]
    breaks: tuple[Break, ...] = ()
    colour_ups: tuple[ColourUp, ...] = ()
    late_registration: int = 0
    rebuys: Rebuys | None = None
    add_on: AddOn | None = None
    payouts: PayoutTable = field(default=STANDARD)

    def __post_init__(self) -> None:
        for name in ("chips", "levels", "breaks", "colour_ups"):
            if isinstance(getattr(self, name), list):
                object.__setattr__(self, name, tuple(getattr(self, name)))
        if not isinstance(self.name, str) or not self.name.strip():
            raise TournamentError("name", "must be a name, not empty")
        check_count("starting_stack", self.starting_stack, least=1)
        check_count("buy_in", self.buy_in)
        self._check_chips()
        if not self.levels:
            raise TournamentError("levels", "a structure needs at least one level")
        for number, level in enumerate(self.levels, 1):
            if not isinstance(level, Level):
                raise TournamentError(f"levels[{number}]", "must be a level")
        count = len(self.levels)
        check_count("late_registration", self.late_registration)
        if self.late_registration > count:
            raise TournamentError("late_registration", f"level {self.late_registration} "
                                  f"is past the last level ({count})")
        self._check_breaks(count)
        self._check_colour_ups(count)
        if self.rebuys is not None and self.rebuys.until_level > count:
            raise TournamentError("rebuys.until_level", f"level {self.rebuys.until_level} "
                                  f"is past the last level ({count})")
        self._check_amounts()
        if self.add_on is not None and self.rebuys is None:
            raise TournamentError("add_on", "is taken at the end of the rebuy period: "
                                            "the structure has no rebuys")
        if not isinstance(self.payouts, PayoutTable):
            raise TournamentError("payouts", "must be a payout table")

    def _check_chips(self) -> None:
        if not self.chips:
            raise TournamentError("chips", "give the chip denominations in play")
        for i, chip in enumerate(self.chips):
            check_count(f"chips[{i + 1}]", chip, least=1)
            if i and (chip <= self.chips[i - 1] or chip % self.chips[i - 1]):
                raise TournamentError(f"chips[{i + 1}]", f"{chip} must be a larger multiple "
                                      f"of the chip before it ({self.chips[i - 1]})")

    def _check_breaks(self, count: int) -> None:
        seen: set[int] = set()
        for number, pause in enumerate(self.breaks, 1):
            if pause.after_level >= count or pause.after_level in seen:
                raise TournamentError(f"breaks[{number}].after_level",
                                      f"a break after level {pause.after_level} must come "
                                      f"before the last level ({count}) and once only")
            seen.add(pause.after_level)

    def _check_colour_ups(self, count: int) -> None:
        last = 0
        for number, colour_up in enumerate(self.colour_ups, 1):
            where = f"colour_ups[{number}]"
            if not last < colour_up.at_level <= count:
                raise TournamentError(f"{where}.at_level", f"level {colour_up.at_level} must "
                                      f"be after the last colour-up's and at most {count}")
            last = colour_up.at_level
            smallest = self.chips_in_play(colour_up.at_level - 1)
            if len(smallest) < 2 or colour_up.chip != smallest[0]:
                raise TournamentError(f"{where}.chip", f"the chip raced off must be the "
                                      f"smallest in play ({smallest[0]}) with a larger one "
                                      f"left, not {colour_up.chip}")

    def _check_amounts(self) -> None:
        """Every amount can be paid in the chips in play when it is due."""
        for number, level in enumerate(self.levels, 1):
            unit = self.chips_in_play(number)[0]
            odd = [a for a in level.amounts if a % unit]
            if odd:
                raise TournamentError(f"levels[{number}]", f"{odd[0]} cannot be paid in "
                                      f"chips of {unit} and up (the smallest in play)")
        last_entry = self.chips_in_play(max(self.late_registration, 1))[0]
        if self.starting_stack % last_entry:
            raise TournamentError("starting_stack", f"must be a multiple of the smallest "
                                  f"chip in play while players may enter ({last_entry})")
        if self.rebuys is None:
            return
        unit = self.chips_in_play(self.rebuys.until_level)[0]
        for name, amount in (("rebuys.chips", self.rebuys.chips),
                             ("add_on.chips", self.add_on.chips if self.add_on else 0)):
            if amount % unit:
                raise TournamentError(name, f"must be a multiple of the smallest chip in "
                                            f"play during the rebuy period ({unit})")

    def chips_in_play(self, level: int) -> tuple[int, ...]:
        """The denominations in play during level ``level`` (numbered from 1).

        >>> turbo = TournamentStructure("t", 1000, 10, (25, 100), (
        ...     Level(25, 50, minutes=10, hands=8), Level(100, 200, minutes=10, hands=8)),
        ...     colour_ups=(ColourUp(2, 25),))
        >>> turbo.chips_in_play(1), turbo.chips_in_play(2)
        ((25, 100), (100,))
        """
        gone = {c.chip for c in self.colour_ups if c.at_level <= level}
        return tuple(c for c in self.chips if c not in gone)

    def level(self, number: int) -> Level:
        """Level ``number`` (from 1); past the last level, the last level."""
        check_count("level", number, least=1)
        return self.levels[min(number, len(self.levels)) - 1]

    def break_after(self, number: int) -> Break | None:
        """The break after level ``number``, if there is one."""
        return next((b for b in self.breaks if b.after_level == number), None)

    def colour_up_at(self, number: int) -> ColourUp | None:
        """The colour-up before level ``number``, if there is one."""
        return next((c for c in self.colour_ups if c.at_level == number), None)

    def may_register(self, level: int) -> bool:
        """True when a player may still enter during level ``level``: through level
        ``late_registration`` (before the first deal anyone may, whatever it is)."""
        return level <= self.late_registration

    def may_rebuy(self, level: int, stack: int, rebuys_taken: int) -> bool:
        """True when a player with ``stack`` chips who has rebought ``rebuys_taken``
        times may rebuy during level ``level``: rebuys are on, the level is within the
        rebuy period, the stack is at or under the starting stack, and the player has
        rebuys left.

        >>> s = TournamentStructure("r", 1000, 10, (25,), (Level(25, 50, minutes=10, hands=8),
        ...               Level(50, 100, minutes=10, hands=8)), rebuys=Rebuys(1, 2, 1000, 10))
        >>> s.may_rebuy(1, 1000, 0), s.may_rebuy(1, 1025, 0), s.may_rebuy(2, 0, 0)
        (True, False, False)
        >>> s.may_rebuy(1, 0, 2)
        False
        """
        r = self.rebuys
        return (r is not None and 1 <= level <= r.until_level
                and stack <= self.starting_stack and rebuys_taken < r.per_player)

    @property
    def add_on_level(self) -> int | None:
        """The level at whose end the add-on is offered (the rebuy period's last)."""
        return self.rebuys.until_level if self.add_on is not None and self.rebuys else None

    def prize_pool(self, entries: int, rebuys: int = 0, add_ons: int = 0) -> int:
        """The prize pool of ``entries`` buy-ins, ``rebuys`` rebuys and ``add_ons``
        add-ons at this structure's prices."""
        if rebuys and self.rebuys is None:
            raise TournamentError("rebuys", "the structure has no rebuys")
        if add_ons and self.add_on is None:
            raise TournamentError("add_ons", "the structure has no add-on")
        return prize_pool(entries, self.buy_in, rebuys,
                          self.rebuys.price if self.rebuys else 0, add_ons,
                          self.add_on.price if self.add_on else 0)

    def prizes(self, entries: int, rebuys: int = 0, add_ons: int = 0,
               unit: int = 1) -> tuple[int, ...]:
        """Each paid place's prize, first place first, for the field and its pool.

        >>> from pokerroom.tournament.presets import preset
        >>> preset("regular").prizes(entries=9, rebuys=4, add_ons=7)
        (200, 120, 80)
        """
        return prizes(self.prize_pool(entries, rebuys, add_ons),
                      self.payouts.percentages(entries), unit)
