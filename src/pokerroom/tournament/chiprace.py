"""The colour-up of the smallest chips: the chip race.

When a structure retires the chip ``chip`` at a level (its stakes no longer need it),
every stack is changed into the larger chip ``next_chip`` by this procedure:

1. **Colour up.** Each player changes every whole ``next_chip``'s worth of small chips
   into larger chips. What is left, fewer than ``next_chip // chip`` small chips, are the
   player's *odd chips* (a stack is counted as the fewest chips that make it).
2. **Count the race.** The odd chips of the whole table are added up. They buy that
   many larger chips, rounded down, plus one more when the rest is worth half a larger
   chip or more. That is the only change of value: less than half a larger chip, up or
   down, at the whole table.
3. **Nobody is raced out.** A player whose whole stack is odd chips receives one larger
   chip before the race (from the chips raced for; if there are too few, one is added
   for them) and races no further.
4. **Deal.** From a shuffled deck, starting at seat 1 and going round the seats in order,
   each player still racing is dealt one card face up for each odd chip, all of that
   player's cards before the next player's. (Should a big race need more than 52 cards,
   a second shuffled deck follows, and of two equal cards the one dealt first ranks
   higher.)
5. **Award.** Each player's highest card counts (rank, then suit: spades, hearts,
   diamonds, clubs). The highest card wins the first larger chip, the next highest the
   next, until the chips are gone; no player wins more than one.

This is the usual practice as the Wikipedia article "Chip race" describes it (rounding
up from half a chip, one card per odd chip from seat 1 with all of a player's cards at
once, the highest card by rank then suit, at most one chip per player, no one raced
out); adding a chip when there are too few for the players who would be raced out is
pokerroom's own reading of the last rule. See ``docs/tournaments.md``.

>>> import random
>>> result = race([1075, 550, 2000, 25], chip=25, next_chip=100, rng=random.Random(3))
>>> result.odd_chips
(3, 2, 0, 1)
>>> result.raced_for, result.protected
(2, (4,))
>>> sum(result.stacks) - sum([1075, 550, 2000, 25]) == result.change
True
>>> all(s % 100 == 0 for s in result.stacks)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.cards import STANDARD_CARDS, Card
from pokerroom.errors import TournamentError
from pokerroom.tournament.structure import TournamentStructure

__all__ = ["RaceResult", "colour_up", "race"]


@dataclass(frozen=True)
class RaceResult:
    """What a chip race did, seat by seat (seats in the order given, from 1).

    ``odd_chips`` are each seat's small chips left after colouring up; ``cards`` the
    cards each seat was dealt; ``protected`` the seats given a larger chip so as not to
    be raced out; ``winners`` the seats that won a chip by the cards, highest card
    first; ``change`` the value added to the table (negative when value left it).
    """

    stacks: tuple[int, ...]
    odd_chips: tuple[int, ...]
    raced_for: int
    protected: tuple[int, ...]
    cards: tuple[tuple[Card, ...], ...]
    winners: tuple[int, ...]
    change: int


def _check(stacks: Sequence[int], chip: int, next_chip: int) -> None:
    for name, value in (("chip", chip), ("next_chip", next_chip)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise TournamentError(name, f"must be a whole number of at least 1, not {value!r}")
    if next_chip <= chip or next_chip % chip:
        raise TournamentError("next_chip", f"{next_chip} must be a larger multiple of the "
                                           f"chip raced off ({chip})")
    for seat, stack in enumerate(stacks, 1):
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
            raise TournamentError(f"stacks[{seat}]", f"seat {seat}'s stack must be a whole "
                                  f"number of chips, not {stack!r}")
        if stack % chip:
            raise TournamentError(f"stacks[{seat}]", f"seat {seat}'s stack of {stack} is "
                                  f"not made of chips of {chip}")


def _deal(rng: random.Random, counts: Sequence[int]) -> list[tuple[Card, ...]]:
    """Each seat's cards, dealt all at once seat by seat from shuffled decks."""
    cards: list[tuple[Card, ...]] = []
    deck: list[Card] = []
    for count in counts:
        hand: list[Card] = []
        for _ in range(count):
            if not deck:
                deck = list(STANDARD_CARDS)
                rng.shuffle(deck)
            hand.append(deck.pop())
        cards.append(tuple(hand))
    return cards


def race(stacks: Sequence[int], chip: int, next_chip: int,
         rng: random.Random) -> RaceResult:
    """Race off the chips ``chip`` into ``next_chip`` for the stacks of the seats in
    ``stacks`` (seat 1 first), by the procedure of the module docstring. Pure: the only
    chance is ``rng``; the stacks given are not changed."""
    _check(stacks, chip, next_chip)
    odd = tuple(stack % next_chip // chip for stack in stacks)
    total = sum(odd) * chip
    raced_for = total // next_chip + (1 if 2 * (total % next_chip) >= next_chip else 0)
    new = [stack - count * chip for stack, count in zip(stacks, odd, strict=True)]
    protected = tuple(seat for seat, (stack, count) in enumerate(zip(stacks, odd, strict=True), 1)
                      if count and stack == count * chip)
    for seat in protected:
        new[seat - 1] += next_chip
    left = max(raced_for - len(protected), 0)
    racing = [count if seat not in protected else 0 for seat, count in enumerate(odd, 1)]
    cards = _deal(rng, racing)
    best: list[tuple[int, int, int]] = []  # (-card, position dealt, seat)
    position = 0
    for seat, hand in enumerate(cards, 1):
        if hand:
            best.append(min((-int(c), position + i, seat) for i, c in enumerate(hand)))
        position += len(hand)
    best.sort()
    winners = tuple(seat for _, _, seat in best[:left])
    for seat in winners:
        new[seat - 1] += next_chip
    return RaceResult(stacks=tuple(new), odd_chips=odd, raced_for=raced_for,
                      protected=protected, cards=tuple(cards), winners=winners,
                      change=sum(new) - sum(stacks))


def colour_up(structure: TournamentStructure, level: int, stacks: Sequence[int],
              rng: random.Random) -> RaceResult | None:
    """The chip race due as level ``level`` of ``structure`` starts, or ``None`` when
    no chip leaves play then; the larger chip is the next one still in play.

    >>> from pokerroom.tournament.presets import preset
    >>> colour_up(preset("turbo"), 7, [5000, 4975], random.Random(1)) is None
    True
    >>> colour_up(preset("turbo"), 8, [5000, 4975], random.Random(1)).stacks
    (5000, 5000)
    """
    due = structure.colour_up_at(level)
    if due is None:
        return None
    return race(stacks, due.chip, structure.chips_in_play(level)[0], rng)
