"""Telling a Guts or Herbie deal in words, and drawing its table, from the seat's events
and view.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.homegames.events import CardDealt, DealStarted, Declared
>>> names = ("You", "Ann")
>>> events = [DealStarted(deal=1, dealer=1, pot=2),
...           *(CardDealt(to=s, card=c) for c in parse_cards("As Kd") for s in (0, 1)),
...           Declared(seat=0, stay=True)]
>>> for line in tell(events, names):
...     print(line)
*** DEAL *** deal #1, dealer Ann, pot 2
Dealt to You [As Kd]
Dealt to Ann [As Kd]
You: in
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import Card, format_cards
from pokerroom.core import Event
from pokerroom.history.narration_poker import dealt_line, discard_line, tell_runs
from pokerroom.homegames.events import (
    PHANTOM,
    CardDealt,
    DealStarted,
    Decided,
    Declared,
    DeclaresRevealed,
    Drew,
    PassesRevealed,
    ShowdownSettled,
)

__all__ = ["Choices", "card_dealt", "chose", "owner_name", "passes", "passes_told",
           "showdown_lines", "tell"]

YOU = "You"
"""The name the terminal gives the player; a sentence about them says "you pass"."""


def chose(name: str, step: str) -> str:
    """A simultaneous choice made (what it is stays hidden).

    >>> chose("You", "declare"), chose("Ann", "declare")
    ('You have chosen (declare)', 'Ann has chosen (declare)')
    """
    return f"{name} {'have' if name == YOU else 'has'} chosen ({step})"


def passes(name: str) -> str:
    """``"You pass"`` / ``"Ann passes"``."""
    return f"{name} {'pass' if name == YOU else 'passes'}"


class Choices:
    """Who has been told as having chosen in a simultaneous step, so the reveal can
    name the one who chose last (its choice ends the step with no word of its own).

    >>> choices = Choices()
    >>> choices.decided(1, ("You", "Ann", "Bob"), "pass")
    'Ann has chosen (pass)'
    >>> choices.revealed((0, 1, 2), ("You", "Ann", "Bob"), "pass")
    ['You have chosen (pass)', 'Bob has chosen (pass)']
    """

    def __init__(self) -> None:
        self._told: set[int] = set()
        self._step = ""

    def decided(self, seat: int, names: Sequence[str], step: str) -> str:
        self._told.add(seat)
        self._step = step
        return chose(names[seat], step)

    def revealed(self, seats: Sequence[int], names: Sequence[str], step: str = ""
                 ) -> list[str]:
        """The choosers not told yet (the last to choose), and a fresh step; ``step``
        defaults to the one the last choice was told in."""
        lines = [chose(names[s], step or self._step) for s in seats if s not in self._told]
        self._told = set()
        return lines


def passes_told(passes_made: Sequence[tuple[int, int, Card]], names: Sequence[str],
                choices: Choices, heading: str, step: str = "") -> list[str]:
    """The last to choose in a pass (see :meth:`Choices.revealed`), the ``heading``, and
    each card passed, giver to taker."""
    return [*choices.revealed(sorted(a for a, _, _ in passes_made), names, step), heading] + [
        f"{passes(names[a])} [{c!r}] to {names[b]}" for a, b, c in passes_made]


def owner_name(owner: int, names: Sequence[str], phantom: str) -> str:
    """A seat's name, or the phantom hand's (``"Herbie"``, ``"the ghost"``)."""
    return phantom if owner == PHANTOM else names[owner]


def tell(events: Sequence[Event], names: Sequence[str], *, phantom: str = "the ghost",
         choices: Choices | None = None) -> list[str]:
    """History lines for a run of events; the cards dealt in a run are told in one line
    per hand. ``choices`` remembers, from one run to the next, who has been told as
    having chosen in a simultaneous step."""
    told = choices if choices is not None else Choices()

    def dealt(run: dict[int, list[Card]]) -> list[str]:
        return [line for owner, cards in run.items()
                for line in dealt_line(owner_name(owner, names, phantom), cards,
                                       even_unseen=owner == PHANTOM)]
    return tell_runs(events, lambda event: _one(event, names, phantom, told), dealt, card_dealt)


def card_dealt(event: Event) -> tuple[int, Sequence[Card]] | None:
    """The recipient and card of a card dealt (None for any other event), for
    :func:`~pokerroom.history.narration_poker.tell_runs`."""
    return (event.to, (event.card,)) if isinstance(event, CardDealt) else None


def _one(event: Event, names: Sequence[str], phantom: str, told: Choices) -> list[str]:
    if isinstance(event, DealStarted):
        line = (f"*** DEAL *** deal #{event.deal}, dealer {names[event.dealer]}, "
                f"pot {event.pot}")
        return [line + (" (everyone must stay in)" if event.must_stay else "")]
    if isinstance(event, Decided):
        return [told.decided(event.seat, names, event.step)]
    if isinstance(event, Declared):
        word = "in" if event.stay else "out"
        return [f"{names[event.seat]}: {word}" + (" (automatically)" if event.automatic
                                                   else "")]
    if isinstance(event, DeclaresRevealed):
        ins = ", ".join(names[s] for s in event.ins) or "nobody"
        outs = ", ".join(names[s] for s in event.outs) or "nobody"
        last = told.revealed(sorted((*event.ins, *event.outs)), names, "declare")
        return [*last, "*** DECLARE ***", f"In: {ins}", f"Out: {outs}"]
    if isinstance(event, PassesRevealed):
        return passes_told(event.passes, names, told, "*** PASS ***", "pass")
    if isinstance(event, Drew):
        line = discard_line(names[event.seat], event.discarded)
        if event.discarded and event.received and event.received[0].is_known:
            line += f" and draws [{format_cards(event.received)}]"
        return [line]
    if isinstance(event, ShowdownSettled):
        return ["*** SHOW DOWN ***", *showdown_lines(event, names, phantom)]
    return [str(event)]


def showdown_lines(event: ShowdownSettled, names: Sequence[str], phantom: str) -> list[str]:
    """Who showed what, who took the pot and who paid into it."""
    lines = [f"{owner_name(s.owner, names, phantom)}: shows [{format_cards(s.cards)}] "
             f"({s.description})" for s in event.shown]
    lines += [f"{names[seat]} collected {amount} from the pot" for seat, amount in event.payouts]
    lines += [f"{names[seat]}: pays {amount} into the pot ({reason})"
              for seat, amount, reason in event.payments]
    if event.playoff:
        lines.append("Play-off between " + " and ".join(names[s] for s in event.playoff))
    if not event.payouts and not event.payments and not event.playoff:
        lines.append("Nobody wins or pays; the pot stays")
    return lines
