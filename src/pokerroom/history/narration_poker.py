"""Telling a poker hand in the PokerStars layout, from the engine's events.

A :class:`PokerStory` follows one hand at a time (it starts afresh at each
``HandStarted``) so it can put the street markers where they belong: ``*** HOLE CARDS
***``, ``*** FLOP *** [Qh Jc Ts]``, ``*** TURN *** [Qh Jc Ts] [2c]``, stud's ``*** 4th
STREET ***``, and ``*** DRAW ***``. Cards another seat may not see are never told.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.core import Call, Fold
>>> from pokerroom.engine.events import (BOARD, CardsDealt, ForcedBet, HandStarted,
...     PlayerActed)
>>> story = PokerStory(("You", "Ann"), stud=False)
>>> events = [HandStarted("holdem", (100, 100), 1),
...           ForcedBet(1, "small blind", 1), ForcedBet(0, "big blind", 2),
...           CardsDealt(to=0, cards=parse_cards("As Kd"), face_up=(False, False)),
...           CardsDealt(to=1, cards=parse_cards("?? ??"), face_up=(False, False)),
...           PlayerActed(Call(1), added=1, total=2), PlayerActed(Fold(0)),
...           CardsDealt(to=BOARD, cards=parse_cards("Qh Jc Ts"), face_up=(True,) * 3)]
>>> for line in story.tell(events):
...     print(line)
Ann: posts small blind 1
You: posts big blind 2
*** HOLE CARDS ***
Dealt to You [As Kd]
Ann: calls 1
You: folds
*** FLOP *** [Qh Jc Ts]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from pokerroom.cards import Card, format_cards
from pokerroom.core import (
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Declare,
    Event,
    Fold,
    Raise,
)
from pokerroom.engine.events import (
    BetReturned,
    CardsDealt,
    CardsDiscarded,
    FalseDeclaration,
    ForcedBet,
    HandEnded,
    HandStarted,
    PlayerActed,
    ShownHand,
)
from pokerroom.engine.extras import BOMB_POT
from pokerroom.engine.twice import SECOND_BOARD, RunItTwice, SecondBoardShown

__all__ = ["PokerStory", "action_line", "dealt_line", "discard_line", "street_ordinal", "tell_runs"]

_ACTION_WORDS: dict[type, tuple[str, bool | None]] = {
    Fold: ("folds", None), Check: ("checks", None), Call: ("calls", False),
    Bet: ("bets", False), Raise: ("raises to", True), BringIn: ("brings in for", False),
    Complete: ("completes to", True)}
"""An action's verb, and whether the chips named are the seat's total for the round
(else the chips the action added; ``None``: no chips are named)."""

_BOARD_STREETS = {3: "FLOP", 4: "TURN", 5: "RIVER"}


def street_ordinal(n: int) -> str:
    """``3rd``, ``4th``... as stud streets are named.

    >>> street_ordinal(3), street_ordinal(7)
    ('3rd', '7th')
    """
    return f"{n}{'rd' if n == 3 else 'th'}"


def action_line(who: str, action: Action, added: int, total: int, all_in: bool = False
                ) -> str:
    """A betting action in words, for a player ``who`` who put in ``added`` chips for a
    round total of ``total``.

    >>> action_line("Ann", Raise(1, 6), 4, 6, all_in=True), action_line("You", Fold(0), 0, 0)
    ('Ann: raises to 6 and is all-in', 'You: folds')
    >>> action_line("Ann", Declare(1, stay=True), 0, 0, all_in=True)
    'Ann: all in for the ante, declares the pot open'
    """
    if isinstance(action, Declare):             # jacks-5
        return (f"{who}: all in for the ante, "
                f"{'declares' if action.stay else 'does not declare'} the pot open")
    verb, to_total = _ACTION_WORDS.get(type(action), (type(action).__name__.lower(), None))
    if to_total is None:
        return f"{who}: {verb}"
    return f"{who}: {verb} {total if to_total else added}{' and is all-in' if all_in else ''}"


def discard_line(who: str, discards: Sequence[Card]) -> str:
    """A draw in words: the cards thrown, shown when the reader saw them.

    >>> from pokerroom.cards import parse_cards
    >>> discard_line("Ann", ()), discard_line("You", parse_cards("7c 2d"))
    ('Ann: stands pat', 'You: discards 2 cards [7c 2d]')
    """
    if not discards:
        return f"{who}: stands pat"
    shown = f" [{format_cards(discards)}]" if discards[0].is_known else ""
    return f"{who}: discards {len(discards)} card{'s' if len(discards) > 1 else ''}{shown}"


def dealt_line(who: str, cards: Sequence[Card], *, even_unseen: bool = False) -> list[str]:
    """The cards dealt to ``who`` in words, when the reader saw any of them (or
    ``even_unseen``: a phantom hand's, dealt on the table)."""
    seen = even_unseen or any(c.is_known for c in cards)
    return [f"Dealt to {who} [{format_cards(cards)}]"] if seen else []


def tell_runs(events: Sequence[Event], one: Callable[[Event], list[str]],
              dealt: Callable[[dict[int, list[Card]]], list[str]],
              cards_of: Callable[[Event], tuple[int, Sequence[Card]] | None]) -> list[str]:
    """The lines ``one`` tells of each event, and those ``dealt`` tells of each run of
    cards dealt one after another: the cards ``cards_of`` finds in the run's events,
    gathered by recipient in the order dealt (a history tells a hand's deal in one line).

    >>> from pokerroom.cards import parse_cards
    >>> from pokerroom.core import Fold
    >>> events = [CardsDealt(to=0, cards=parse_cards("As"), face_up=(False,)),
    ...           CardsDealt(to=1, cards=parse_cards("Kd"), face_up=(False,)),
    ...           CardsDealt(to=0, cards=parse_cards("7c"), face_up=(False,)),
    ...           PlayerActed(Fold(0))]
    >>> tell_runs(events, lambda event: [type(event).__name__], lambda run: [str(run)],
    ...           _hole_cards)
    ['{0: [As, 7c], 1: [Kd]}', 'PlayerActed']
    """
    lines: list[str] = []
    run: dict[int, list[Card]] = {}
    for event in events:
        got = cards_of(event)
        if got is not None:
            run.setdefault(got[0], []).extend(got[1])
            continue
        if run:
            lines += dealt(run)
            run = {}
        lines += one(event)
    return lines + (dealt(run) if run else [])


def _hole_cards(event: Event) -> tuple[int, Sequence[Card]] | None:
    """The seat and cards of a deal of hole cards (None for any other event)."""
    if isinstance(event, CardsDealt) and event.to >= 0:
        return event.to, event.cards
    return None


_SEAT = re.compile(r"\bseat (\d+)\b")


class PokerStory:
    """Narrates one hand after another for the seats named ``names``."""

    def __init__(self, names: Sequence[str], *, stud: bool) -> None:
        self.names = tuple(names)
        self.stud = stud
        self._reset()

    def _reset(self) -> None:
        self.board: list[Card] = []
        self.counts = [0] * len(self.names)
        self.hole_told = False
        self.drawing = False
        self.runs: tuple[str, ...] = ()     # run twice: each board's word
        self.second: list[Card] = []
        self.second_shown: SecondBoardShown | None = None

    def tell(self, events: Sequence[Event]) -> list[str]:
        """The lines for a run of events (already redacted for the reader)."""
        return tell_runs(events, self._one, self._dealt, _hole_cards)

    def _dealt(self, run: dict[int, list[Card]]) -> list[str]:
        """A run of hole cards dealt: the street's marker, then each hand's cards."""
        lines: list[str] = []
        for seat, cards in run.items():
            self.counts[seat] += len(cards)
            lines += dealt_line(self.names[seat], cards)
        if not self.drawing:
            if self.stud:
                lines.insert(0, f"*** {street_ordinal(max(self.counts))} STREET ***")
            elif not self.hole_told:
                lines.insert(0, "*** HOLE CARDS ***")
        self.hole_told = True
        return lines

    def _one(self, event: Event) -> list[str]:
        names = self.names
        if isinstance(event, HandStarted):
            self._reset()
            return []
        if isinstance(event, ForcedBet):
            if event.kind == BOMB_POT:
                return [f"{names[event.seat]}: puts {event.amount} in the bomb pot"]
            return [f"{names[event.seat]}: posts {event.kind} {event.amount}"]
        if isinstance(event, RunItTwice):
            self.runs = ("FIRST ", "SECOND ")
            self.second = list(event.common)
            return ["All the players in the pot agree to run it twice"]
        if isinstance(event, SecondBoardShown):
            self.second_shown = event
            return []
        if isinstance(event, CardsDealt):
            board = self.second if event.to == SECOND_BOARD else self.board
            run = self.runs[event.to == SECOND_BOARD] if self.runs else ""
            before = f"[{format_cards(board)}] " if board else ""
            board.extend(event.cards)
            self.drawing = False
            street = _BOARD_STREETS.get(len(board), "BOARD")
            return [f"*** {run}{street} *** {before}[{format_cards(event.cards)}]"]
        if isinstance(event, PlayerActed):
            self.drawing = False
            return [action_line(names[event.action.seat], event.action, event.added,
                                event.total, event.all_in)]
        if isinstance(event, CardsDiscarded):
            lines = [] if self.drawing else ["*** DRAW ***"]
            self.drawing = True
            discards = event.action.discards
            split = " (splitting openers)" if event.action.split_openers and discards else ""
            return [*lines, discard_line(names[event.action.seat], discards) + split]
        if isinstance(event, BetReturned):
            return [f"Uncalled bet ({event.amount}) returned to {names[event.seat]}"]
        if isinstance(event, FalseDeclaration):
            who = names[event.seat]
            return [f"{who}: shows [{format_cards(event.cards)}] and has no openers: the "
                    "hand is dead, the ante stays in the pot, "
                    f"and {who} may not play again until the pot is legally opened and won "
                    "(jacks-5)"]
        if isinstance(event, HandEnded):
            return self.ending(event)
        return []

    def ending(self, event: HandEnded) -> list[str]:
        """The showdown, the awards and any carried pot, in words (a hand run twice:
        each board's showdown and awards in turn)."""
        if self.second_shown is not None and event.shown:
            lines = self._showdown(event.shown, event, "FIRST ", "first board")
            lines += self._showdown(self.second_shown.shown, event, "SECOND ",
                                    "second board")
            lines += self._awards(event, "all")
        else:
            lines = self._showdown(event.shown, event, "", "")
        if event.carried:
            lines.append(f"The pot of {event.carried} carries to the next deal")
        lines.extend(self.by_name(note) for note in event.notes)
        return lines

    def _showdown(self, shown_hands: Sequence[ShownHand], event: HandEnded, run: str,
                  share: str) -> list[str]:
        lines = [f"*** {run}SHOW DOWN ***"] if shown_hands else []
        for shown in shown_hands:
            words = " and ".join(w for w in (shown.high, shown.low) if w) or "no hand"
            lines.append(f"{self.names[shown.seat]}: shows [{format_cards(shown.cards)}] "
                         f"({words})")
        return lines + self._awards(event, share)

    def _awards(self, event: HandEnded, run: str) -> list[str]:
        """The awards of one board's showdown (``run``: the words its shares start
        with; empty: every award), or those of no board (``"all"``)."""
        lines = []
        for award in event.awards:
            if run == "all" and award.share.startswith(("first board", "second board")):
                continue
            if run not in ("", "all") and not award.share.startswith(run):
                continue
            pot = "the pot" if award.pot == 0 else f"side pot {award.pot}"
            share = "" if award.share == "all" else f" ({award.share})"
            lines.append(f"{self.names[award.seat]} collected {award.amount} from "
                         f"{pot}{share}")
        return lines

    def by_name(self, text: str) -> str:
        """The engine's words with each ``seat N`` (a seat index) told by its player's name.

        >>> PokerStory(("You", "Ann"), stud=False).by_name("sevens rule: seat 1 checked")
        'sevens rule: Ann checked'
        """
        def name(match: re.Match[str]) -> str:
            seat = int(match.group(1))
            return self.names[seat] if 0 <= seat < len(self.names) else match.group(0)
        return _SEAT.sub(name, text)
