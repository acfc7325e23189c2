"""The settings a hand reads: betting structure, stakes and the engine's house rules
(SUPPLEMENT defaults), each validated once. :class:`~pokerroom.engine.config.GameConfig`
puts them together with a variant.

>>> Stakes(blinds=(1, 2)).describe(), Structure("no limit").value
('blinds 1/2', 'no limit')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pokerroom.errors import ConfigError
from pokerroom.hands.lowball import qualifier_problem

__all__ = ["ButtonMode", "HouseRules", "KillMode", "Stakes", "Structure", "UnprovenPot"]


class Structure(enum.Enum):
    """Betting structure (SUPPLEMENT §2)."""

    FIXED_LIMIT = "fixed limit"
    POT_LIMIT = "pot limit"
    NO_LIMIT = "no limit"


class ButtonMode(enum.Enum):
    """How the button moves when players leave (``supp-dead-button``)."""

    DEAD = "dead button"
    MOVING = "moving button"


class KillMode(enum.Enum):
    """Kill pots (``supp-kill``): none, half (1.5x) or full (2x)."""

    NONE = "no kill"
    HALF = "half kill"
    FULL = "full kill"


class UnprovenPot(enum.Enum):
    """Jacks or better: a pot that no hand may win because the only hand left in it
    belongs to an opener who cannot prove openers (``jacks-3``, ``jacks-9``). The
    rulebook does not say what becomes of it; by default it stays in the middle for the
    next deal, as an unopened pot does (``jacks-1``)."""

    CARRIED = "stays in the middle for the next deal"
    RETURNED = ("goes back to the other players who put chips in it; the opener's chips "
                "and the antes stay for the next deal")


@dataclass(frozen=True, slots=True)
class Stakes:
    """Forced bets and bet sizes in chips.

    ``blinds`` lists the blinds from the first seat left of the button (one, two or
    more); ``small_bet``/``big_bet`` are the fixed-limit sizes (defaults: the big blind
    and twice it). ``min_bet`` is the smallest no-limit or pot-limit bet.
    """

    blinds: tuple[int, ...] = ()
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0

    @property
    def min_bet(self) -> int:
        """Smallest bet in no limit and pot limit: the big blind (or the small bet)."""
        return max(self.blinds) if self.blinds else self.small_bet

    def describe(self) -> str:
        """The stakes in words."""
        parts = []
        if self.blinds:
            parts.append(("blind " if len(self.blinds) == 1 else "blinds ")
                         + "/".join(map(str, self.blinds)))
        if self.ante:
            parts.append(f"ante {self.ante}")
        if self.bring_in:
            parts.append(f"bring-in {self.bring_in}")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Every house rule of the engine, with the SUPPLEMENT defaults.

    ``low_qualifier``: the highest card a qualifying low may hold (8: eight or better,
    ``omaha8-2-posted``, ``stud8-2-posted``). ``joker``: the joker in lowball and draw
    high (``a5-1``, ``joker-1``). ``sevens_rule`` and ``check_raise`` (``a5-4``,
    ``a5-2``) apply to limit ace-to-five. ``raise_cap``: bets and raises per round in
    multi-way fixed limit (``None``: the rulebook's 4, or 5 in draw and lowball).
    ``ante_limit``: consecutive unopened jacks-or-better deals that are anted
    (``jacks-1-ante-limit``). ``open_pair_option``: stud's choice of bet on fourth street
    (``stud-4``). ``blind_may_be_called`` and ``limit_doubles``: the lowball structures
    (``lowball-intro-structure``): the big blind may be called, or else the minimum open
    is double the big blind; in limit the bet doubles after the draw, or (Northern
    California) stays the same. ``kill_acts_last``: the lowball option of ``supp-kill``,
    the killer acts last on the first betting round (as a blind does) instead of in turn.
    ``unproven_pot``: in jacks or better, what becomes of a pot that only an opener who
    cannot prove openers could win (:class:`UnprovenPot`; the rulebook leaves it open).
    ``free_fold``: a player may fold where they could check, the hand dead at once (the
    online rooms' rule, PokerStars' among them; off by default: outside stud, where
    ``stud-7`` allows it, the rulebook's betting offers a check, not a fold, with no bet
    to face). Histories imported from a room that allows it set it for the hands that
    need it.
    """

    button: ButtonMode = ButtonMode.DEAD
    kill: KillMode = KillMode.NONE
    kill_required: bool = True
    kill_acts_last: bool = False
    low_qualifier: int = 8
    joker: bool | None = None
    sevens_rule: bool = True
    check_raise: bool | None = None
    raise_cap: int | None = None
    ante_limit: int = 3
    open_pair_option: bool = True
    blind_may_be_called: bool = True
    limit_doubles: bool = True
    unproven_pot: UnprovenPot = UnprovenPot.CARRIED
    free_fold: bool = False

    def validate(self) -> None:
        """Raise :class:`ConfigError` for an impossible setting."""
        problem = qualifier_problem(self.low_qualifier)
        if problem is not None:
            raise ConfigError(problem)
        if self.raise_cap is not None and self.raise_cap < 1:
            raise ConfigError("the raise cap must allow at least the bet")
        if self.ante_limit < 1:
            raise ConfigError("the ante limit must be at least one deal")
        if not isinstance(self.unproven_pot, UnprovenPot):
            raise ConfigError("unproven_pot must be an UnprovenPot")
