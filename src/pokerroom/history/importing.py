"""What an import yields: PHH hands, and the lines it could not read.

Both readers (:mod:`pokerroom.history.pokerstars_import`, :mod:`pokerroom.history.pokernow`)
turn each hand they read into a PHH dict that :func:`pokerroom.history.phh_to_hand`
replays, and each line they cannot read into a :class:`LineProblem` naming the file and
line; the hand that line belongs to is left out, every other hand is kept.

>>> LineProblem("hands.txt", 12, "an action it does not know").message
'hands.txt:12: an action it does not know'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.engine.variants import VARIANTS, Variant
from pokerroom.errors import HistoryError, PokerroomError

__all__ = ["ImportResult", "ImportedHand", "LineProblem", "PhhActionLine", "collect", "fill_shown",
           "phh_actions", "validate"]


@dataclass(frozen=True, slots=True)
class LineProblem:
    """A line an import could not read, and why."""

    path: str
    line: int
    reason: str
    hand: int | None = None
    """The number of the hand the line belongs to (``None``: the file as a whole)."""

    @property
    def message(self) -> str:
        """``file:line: why``."""
        return f"{self.path}:{self.line}: {self.reason}"


@dataclass(frozen=True, slots=True)
class ImportedHand:
    """A hand read and replayed: its number in the source, the line it begins on, and
    the hand as a PHH dict."""

    number: int
    line: int
    data: dict[str, Any]


@dataclass
class ImportResult:
    """The hands read (PHH dicts, keyed by their number in the source) and the lines
    that could not be read."""

    hands: dict[int, dict[str, Any]] = field(default_factory=dict)
    problems: list[LineProblem] = field(default_factory=list)
    found: int = 0
    """How many hands the file holds (read or not)."""


def collect(items: Iterable[ImportedHand | LineProblem]) -> ImportResult:
    """The hands and problems a reader's per-hand iterator yields, gathered; a problem
    that names a hand counts that hand as found.

    >>> result = collect([ImportedHand(3, 1, {"variant": "NT"}),
    ...                   LineProblem("f.txt", 9, "why", hand=4), LineProblem("f.txt", 1, "x")])
    >>> sorted(result.hands), result.found, len(result.problems)
    ([3], 2, 2)
    """
    result = ImportResult()
    for item in items:
        if isinstance(item, ImportedHand):
            result.hands[item.number] = item.data
            result.found += 1
        else:
            result.problems.append(item)
            result.found += item.hand is not None
    return result


@dataclass
class PhhActionLine:
    """One PHH action line being built: a deal keeps its cards (``None``: unknown) so that
    cards shown at the showdown can fill them in."""

    text: str
    player: int = 0
    cards: list[str | None] | None = None
    discard: bool = False

    def render(self) -> str:
        """The PHH line."""
        if self.cards is None:
            return self.text
        cards = "".join(c or "??" for c in self.cards)
        return f"{self.text} {cards}" if cards or not self.discard else self.text


def fill_shown(slots: Sequence[PhhActionLine], player: int, shown: Sequence[str], *,
               earliest: bool = False) -> None:
    """Put the cards ``player`` showed into the unknown cards dealt to them: the latest
    unknown cards first (in a draw game the cards dealt last are the ones still held),
    in the order shown. A card written as unknown (``XX``, ``??``: a converter's mark for
    a card not shown) fills nothing.

    With ``earliest``, the shown cards go instead into the earliest unknown cards that
    can have been kept to the showdown: each unseen discard must still find as many
    unseen cards in the hand as it throws. A draw hand that ran through the deck may
    replay only this way: a card kept from the first deal and placed in a late draw
    would have to be in the stub at that draw.

    >>> slots = [PhhActionLine("d dh p1", 1, [None, None]),
    ...          PhhActionLine("d dh p2", 2, ["As", "Kd"])]
    >>> fill_shown(slots, 1, ["Qh", "Qc"]); slots[0].render()
    'd dh p1 QhQc'
    >>> draw = [PhhActionLine("d dh p1", 1, [None, None, None]),
    ...         PhhActionLine("p1 sd", 1, [None], discard=True),
    ...         PhhActionLine("d dh p1", 1, [None])]
    >>> fill_shown(draw, 1, ["Ah", "2c"], earliest=True)
    >>> [line.render() for line in draw]
    ['d dh p1 Ah2c??', 'p1 sd ??', 'd dh p1 ??']
    """
    deals = [s for s in slots if s.player == player and s.cards is not None
             and not s.discard]
    known = {c for s in deals for c in s.cards or () if c}
    fresh = [c for c in shown if c not in known and c.upper() not in ("XX", "??")]
    unknown = [(s, i) for s in deals for i, c in enumerate(s.cards or ()) if c is None]
    if len(fresh) > len(unknown):
        raise HistoryError(f"p{player} shows more cards than were dealt")
    places = (_earliest_kept(slots, player, len(fresh)) if earliest
              else unknown[len(unknown) - len(fresh):])
    for (slot, index), card in zip(places, fresh, strict=True):
        assert slot.cards is not None
        slot.cards[index] = card


def _earliest_kept(slots: Sequence[PhhActionLine], player: int,
                   count: int) -> list[tuple[PhhActionLine, int]]:
    """The earliest ``count`` unknown cards dealt to ``player`` that can be named kept:
    after each is named, every unseen discard still finds the unseen cards it throws."""
    steps = [s for s in slots if s.player == player and s.cards is not None]
    chosen: list[tuple[PhhActionLine, int]] = []
    for at, step in enumerate(steps):
        if step.discard:
            continue
        for index, card in enumerate(step.cards or ()):
            if card is None and len(chosen) < count and _room_to_name(steps, at, chosen):
                chosen.append((step, index))
    if len(chosen) < count:
        raise HistoryError(f"p{player} shows more cards than were kept")
    return chosen


def _room_to_name(steps: Sequence[PhhActionLine], at: int,
                  chosen: Sequence[tuple[PhhActionLine, int]]) -> bool:
    """Whether one more unknown card of ``steps[at]`` can be named kept beside
    ``chosen``: every discard still finds its unseen cards among the unseen cards held."""
    hidden = 0
    for where, step in enumerate(steps):
        unseen = sum(card is None for card in step.cards or ())
        if step.discard:
            hidden -= unseen
            if hidden < 0:
                return False
        else:
            hidden += unseen - sum(slot is step for slot, _ in chosen) - (where == at)
    return True


def phh_actions(slots: Sequence[PhhActionLine]) -> list[str]:
    """The PHH action lines of built slots."""
    return [s.render() for s in slots]


def validate(data: dict[str, Any], *, variants: Mapping[str, Variant] = VARIANTS) -> None:
    """Replay a built PHH hand through the engine (its game among ``variants``);
    :class:`HistoryError` if it does not replay to its ``finishing_stacks``."""
    from pokerroom.history.phh import phh_to_hand

    try:
        hand = phh_to_hand(data, variants=variants)
    except PokerroomError as err:
        raise HistoryError(f"the hand does not replay: {err}") from None
    if not hand.is_over:
        raise HistoryError("the hand stops before its end")
