"""A floor ruling: the rule that decides an irregularity and the decision in words, and
the event that records it in a live hand's history.

>>> ruling = Ruling("holdem-1", "Misdeal: the first hole card was exposed; reshuffle, "
...                 "recut and redeal, the button stays", misdeal=True)
>>> print(ruling)
[holdem-1] Misdeal: the first hole card was exposed; reshuffle, recut and redeal, the button stays
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields, is_dataclass, replace

from pokerroom.cards import UNKNOWN, Card
from pokerroom.core import Event
from pokerroom.errors import ConfigError

__all__ = ["ExposedPolicy", "Ruling", "RulingMade", "RulingOptions"]


@dataclass(frozen=True, slots=True)
class Ruling:
    """The floor's answer to a report: ``rule`` is the RULE-IDS.md id that decides it,
    ``decision`` what a floor person says at the table, ``misdeal`` whether the deal
    starts over and ``also`` further ids the decision applies."""

    rule: str
    decision: str
    misdeal: bool = False
    also: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"[{self.rule}] {self.decision}"

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule id the ruling applies, the deciding one first."""
        return (self.rule, *self.also)


@dataclass(frozen=True, slots=True)
class RulingMade(Event):
    """A report and the ruling on it, in the hand's history. Everyone sees it; cards
    the report names that nobody has seen (``hidden``) show as ``??`` to the table."""

    report: object
    ruling: Ruling
    hidden: tuple[Card, ...] = ()

    def redacted(self) -> RulingMade:
        report = self.report
        if self.hidden and is_dataclass(report) and not isinstance(report, type):
            changes = {f.name: _mask(getattr(report, f.name), self.hidden)
                       for f in fields(report)}
            report = replace(report, **changes)
        return RulingMade(report, self.ruling, (), private_to=self.private_to)


def _mask(value: object, hidden: tuple[Card, ...]) -> object:
    if isinstance(value, Card):
        return UNKNOWN if value in hidden else value
    if isinstance(value, tuple):
        return tuple(_mask(v, hidden) for v in value)
    return value


class ExposedPolicy(enum.Enum):
    """Limit ace-to-five, an exposed six or seven before the draw (``a5-3``,
    ``supp-a5-bar-67``)."""

    TAKE_SEVEN_OR_UNDER = "an exposed seven or under is taken"
    REPLACE_SIX_AND_SEVEN = "an exposed six or seven is replaced, five or under taken"


@dataclass(frozen=True, slots=True)
class RulingOptions:
    """House rules for the floor where the rulebook leaves a choice.

    ``a5_exposed``: limit ace-to-five exposed cards (``supp-a5-bar-67``).
    ``live_short_seventh``: a stud hand missing only its seventh card is ruled live
    (``stud-18`` "may be ruled live"; default yes).
    ``tournament``: a stud downcard dealt face up is a misdeal (``stud-5-tournament``).

    >>> print(RulingOptions().announce())  # doctest: +NORMALIZE_WHITESPACE
    Floor house rules: limit ace-to-five: an exposed seven or under is taken;
    a stud hand missing only its seventh card plays;
    cash game (a stud downcard dealt up is not a misdeal).
    """

    a5_exposed: ExposedPolicy = ExposedPolicy.TAKE_SEVEN_OR_UNDER
    live_short_seventh: bool = True
    tournament: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.a5_exposed, ExposedPolicy):
            raise ConfigError("a5_exposed must be an ExposedPolicy")
        if not isinstance(self.live_short_seventh, bool) or \
                not isinstance(self.tournament, bool):
            raise ConfigError("live_short_seventh and tournament are yes/no settings")

    def announce(self) -> str:
        """The floor's house rules in words."""
        seventh = ("a stud hand missing only its seventh card plays" if
                   self.live_short_seventh else
                   "a stud hand missing its seventh card is dead")
        mode = ("tournament (a stud downcard dealt up is a misdeal)" if self.tournament
                else "cash game (a stud downcard dealt up is not a misdeal)")
        return (f"Floor house rules: limit ace-to-five: {self.a5_exposed.value}; "
                f"{seventh}; {mode}.")
