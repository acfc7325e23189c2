"""Run it twice: when the betting is over with board cards still to come, the players
in the pot may agree to deal the rest of the board twice, each pot split in halves and
each half awarded by its own board.

:func:`twice_refusal` says why a hand cannot be run twice now (``None``: it can);
:func:`run_twice` records the agreement (a :class:`RunItTwice` event). The hand then
deals the first board to its end as usual and, where it would show down, deals the
second board's cards (each street's burn card first, as on the first board) to
``Seat.SECOND_BOARD``: the board cards dealt before the agreement belong to both boards.
The showdown (:mod:`pokerroom.engine.settle`) reads every hand on each board and splits
each pot, main and side, with :func:`run_halves`.

Rule choices (``docs/web-room.md``, run it twice):

* offered in the board games of the engine: hold'em, Omaha and Omaha hi-lo. Stud and
  stud hi-lo are refused: every card still to come in stud is a player's own (and
  ``stud-15`` deals a common card when the deck runs short), so there is no board to
  run again; the draw games have no board at all;
* the two halves of a pot with an odd number of chips: the odd chip goes by the game's
  odd-chip rule (``supp-odd-chip``: in button games to the first hand clockwise from the
  button) among the hands that win a share of that pot on either board, to that hand's
  board's half (the first board's when it wins on both); within each half, ties and the
  high-low split follow the same rule (the odd chip of a high-low split goes high).

>>> from pokerroom.core import Call, Raise
>>> from pokerroom.engine import GameConfig
>>> from pokerroom.cards import parse_cards
>>> config = GameConfig.of("holdem", "no limit", blinds=(1, 2))
>>> deck = parse_cards("As Ks 2d 2c 3d 7h 8h 9c 3c Jh 4d 5s 6c Ah Qs Td 3h 4h 5h 6h")
>>> hand = config.new_hand([50, 50], deck=deck)
>>> while hand.actors == (-1,):
...     _ = hand.advance()
>>> twice_refusal(hand)
'run it twice is agreed when the betting is over and board cards are still to come'
>>> _ = hand.apply(Raise(hand.actors[0], 50)); _ = hand.apply(Call(hand.actors[0]))
>>> twice_refusal(hand) is None
True
>>> _ = run_twice(hand)
>>> while not hand.is_over:
...     _ = hand.advance()
>>> board_of(hand, 1), board_of(hand, 2)
((7h, 8h, 9c, Jh, 5s), (Ah, Qs, Td, 4h, 6h))
>>> [(a.seat, a.amount, a.share) for a in hand.result.awards]
[(1, 50, 'first board'), (0, 50, 'second board')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from pokerroom.cards import Card
from pokerroom.core import Event, Seat
from pokerroom.engine.events import ShownHand
from pokerroom.engine.phases import BOARD_CARDS, BURN, DEAL, hands_in
from pokerroom.engine.variants import Variant
from pokerroom.errors import IllegalActionError


class PokerHand(Protocol):
    """What run it twice reads and sets of a hand
    (:class:`~pokerroom.engine.state.PokerHand`; named here without importing the hand
    machine, which imports this module)."""

    variant: Variant
    n: int
    phase: str
    street: int
    runs: int
    run_from: int
    folded: list[bool]
    stacks: list[int]
    board: list[Card]
    second_board: list[Card]
    tasks: list[tuple[int, int, tuple[bool, ...]]]
    deck: list[Card]
    log: list[Any]

__all__ = ["FIRST", "SECOND", "SECOND_BOARD", "RunItTwice", "SecondBoardShown", "board_of",
           "run_halves", "run_twice", "second_run_tasks", "twice_refusal"]

SECOND_BOARD: Final = Seat.SECOND_BOARD
"""The target of the second board's cards."""
FIRST: Final = "first board"
SECOND: Final = "second board"
"""The words an award's ``share`` starts with on a hand run twice (``"first board"``,
``"second board high"``...)."""


@dataclass(frozen=True, slots=True)
class RunItTwice(Event):
    """Everyone in the pot agreed to run the rest of the board twice; ``common`` are the
    board cards dealt before, which both boards share."""

    common: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class SecondBoardShown(Event):
    """The showdown of a hand run twice, just before its close: the second board whole
    and every live hand as it reads with it (the close, ``HandEnded``, shows them with
    the first)."""

    board: tuple[Card, ...]
    shown: tuple[ShownHand, ...]


def _board_streets(hand: PokerHand) -> bool:
    """Whether the game deals a board and nothing else after the hole cards."""
    variant = hand.variant
    return (variant.button_game and not variant.is_stud
            and any(street.board for street in variant.streets)
            and not any(street.draw for street in variant.streets))


def _still_to_come(hand: PokerHand) -> list[int]:
    """The board cards of each street still to be dealt (the current one first), when
    only board cards (and their burns) are still to come; else ``[]``."""
    streets = hand.variant.streets
    if hand.street >= len(streets) or any(s.hole or s.draw for s in streets[hand.street:]):
        return []
    dealt = sum(s.board for s in streets[:hand.street])
    if len(hand.board) != dealt or any(kind not in (BURN, BOARD_CARDS)
                                       for kind, _to, _up in hand.tasks):
        return []
    return [s.board for s in streets[hand.street:] if s.board]


def _cards_needed(hand: PokerHand) -> int:
    streets = hand.variant.streets[hand.street:]
    return sum(s.board + (1 if s.burn else 0) for s in streets if s.board)


def twice_refusal(hand: PokerHand) -> str | None:
    """Why ``hand`` cannot be run twice now, in words (``None``: it can)."""
    variant = hand.variant
    if variant.is_stud:
        return (f"run it twice is not dealt in {variant.title}: every card still to come "
                "is a player's own, so there is no board to run again (the room runs "
                "twice in hold'em, Omaha and Omaha hi-lo)")
    if not _board_streets(hand):
        return (f"{variant.title} has no board to run again: the room runs twice in "
                "hold'em, Omaha and Omaha hi-lo")
    if hand.runs > 1:
        return "this hand is already run twice"
    live = hands_in(hand.folded)
    with_chips = sum(1 for s in range(hand.n) if not hand.folded[s] and hand.stacks[s])
    if hand.phase != DEAL or live < 2 or with_chips > 1 or not _still_to_come(hand):
        return "run it twice is agreed when the betting is over and board cards are " \
               "still to come"
    if len(hand.deck) < 2 * _cards_needed(hand):
        return "the deck has too few cards left for two boards"
    return None


def run_twice(hand: PokerHand) -> RunItTwice:
    """Record that ``hand`` is run twice (everyone in the pot agreed); raises
    :class:`~pokerroom.errors.IllegalActionError`, changing nothing, when it cannot be."""
    why = twice_refusal(hand)
    if why is not None:
        raise IllegalActionError(why)
    hand.runs = 2
    hand.run_from = len(hand.board)
    event = RunItTwice(tuple(hand.board))
    hand.log.append(event)
    return event


def second_run_tasks(hand: PokerHand) -> list[tuple[int, int, tuple[bool, ...]]]:
    """The dealer's tasks of the second board: each street after the agreement again,
    its burn card first, its cards to ``SECOND_BOARD``."""
    tasks: list[tuple[int, int, tuple[bool, ...]]] = []
    dealt = 0
    for street in hand.variant.streets:
        if not street.board:
            continue
        if dealt >= hand.run_from:
            if street.burn:
                tasks.append((BURN, SECOND_BOARD, ()))
            tasks.append((BOARD_CARDS, SECOND_BOARD, (True,) * street.board))
        dealt += street.board
    return tasks


def board_of(hand: PokerHand, run: int) -> tuple[Card, ...]:
    """The whole board of run ``run`` (1 or 2; a hand run once has only the first)."""
    if run == 1:
        return tuple(hand.board)
    return (*hand.board[:hand.run_from], *hand.second_board)


def run_halves(amount: int, first: Sequence[int], second: Sequence[int],
               order: Callable[[list[int]], list[int]]) -> tuple[int, int]:
    """The chips of a pot that the first and the second board award: half each, the
    odd chip to the board of the hand that ``order`` (the game's odd-chip order) puts
    first among the winners on either board, the first board's when it wins on both
    (``supp-odd-chip``).

    >>> clockwise = lambda seats: sorted(seats)
    >>> run_halves(11, [2], [1], clockwise)       # seat 1 comes first: its board
    (5, 6)
    >>> run_halves(11, [1], [1, 2], clockwise)    # seat 1 wins on both: the first
    (6, 5)
    >>> run_halves(10, [2], [1], clockwise)
    (5, 5)
    """
    low, odd = divmod(amount, 2)
    if not odd:
        return low, low
    lead = order(sorted(set(first) | set(second)))[0]
    return (low + 1, low) if lead in first else (low, low + 1)
