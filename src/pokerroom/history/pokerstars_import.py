"""Read PokerStars hand histories into PHH (``pokerroom import``).

Reads the layout :mod:`pokerroom.history.pokerstars` writes and the one PokerStars
writes for the same games, as its files are (cash and tournament headers, money amounts
in cents, tournament amounts in chips, rake, seats sitting out that still post, older
files that print no ``Uncalled bet`` line, a board run twice): hold'em, Omaha, Omaha
hi-lo, seven-card stud, stud hi-lo, razz and the lowballs, and five-card draw with
antes. Each hand becomes a PHH dict (players, stacks, forced bets, every action; cards
nobody showed as ``??``) that replays through the engine: each player must collect what
the history says, the rake aside. A
line it cannot read names its file and line, and only that hand is left out
(:func:`iter_pokerstars` yields each hand or its problem in turn).

>>> text = '''PokerStars Hand #7: Hold'em No Limit (1/2) - 2026/11/29 13:00:00 ET
... Table 'T' 2-max Seat #2 is the button
... Seat 1: Ann (100 in chips)
... Seat 2: Bob (100 in chips)
... Bob: posts small blind 1
... Ann: posts big blind 2
... *** HOLE CARDS ***
... Dealt to Ann [As Kd]
... Bob: raises 4 to 6
... Ann: folds
... Uncalled bet (4) returned to Bob
... Bob collected 4 from pot
... *** SUMMARY ***'''
>>> result = read_pokerstars(text, "t.txt")
>>> result.hands[7]["actions"]
['d dh p1 AsKd', 'd dh p2 ????', 'p2 cbr 6', 'p1 f']
>>> result.hands[7]["finishing_stacks"]
[98, 102]
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pokerroom.engine.config import Structure
from pokerroom.engine.variants import VARIANTS, Forced, Variant
from pokerroom.errors import HistoryError
from pokerroom.history import pokerstars_lines as ps
from pokerroom.history.imported_table import settle_imported, table_fields
from pokerroom.history.importing import (
    ImportedHand,
    ImportResult,
    LineProblem,
    PhhActionLine,
    collect,
    fill_shown,
)
from pokerroom.history.phh import PHH_CODES
from pokerroom.history.phh_codes import game_part
from pokerroom.history.phh_extras import straddles_and_bombs
from pokerroom.history.pokerstars import STRUCTURE_NAMES, from_roman

__all__ = ["iter_pokerstars", "read_pokerstars"]

_GAMES = {"Hold'em": "holdem", "Omaha": "omaha", "Omaha Hi/Lo": "omaha-hilo",
          "7 Card Stud": "stud", "7 Card Stud Hi/Lo": "stud-hilo", "Razz": "razz",
          "5 Card Draw": "draw-high", "Single Draw 2-7 Lowball": "lowball-27",
          "Triple Draw 2-7 Lowball": "lowball-27-triple",
          "Single Draw A-5 Lowball": "lowball-a5",
          # the games beyond the rulebook (docs/histories.md cites PokerStars' own words)
          "6+ Hold'em": "short-deck", "Badugi": "badugi", "5 Card Omaha": "omaha5",
          "5 Card Omaha Hi/Lo": "omaha5-hilo"}
"""The reader's words: each game name a PokerStars header writes, with the engine
variant it deals (what PokerStars writes, so a file of any writer reads; a test keeps
every game's :attr:`~pokerroom.game.Game.pokerstars` among them). A variant of a game
beyond the rulebook is known to a reader given the registry's variants
(``variants=pokerroom.games.variants()``, as every command passes); a reader given the
rulebook's alone refuses its hands."""
_OTHER_ORDER = {"short-deck": "short-deck-trips"}
"""A game whose header does not say which of its rankings it played: a short-deck hand
is read as a straight over three of a kind (pokerroom's default, PHH ``NS``) and, when
its showdown pays otherwise, as three of a kind over a straight (``NST``)."""
_STRUCTURES = {v: k for k, v in STRUCTURE_NAMES.items()}
_GAME = re.compile(r"(?<![\w+'/-])(?<!Card )(?<!\+ )(?<!Split )(" + "|".join(
    re.escape(g) for g in sorted(_GAMES, key=len, reverse=True))
    + r") (No Limit|Pot Limit|Fixed Limit|Limit)\b", re.IGNORECASE)
"""The game and its betting in a header, in any case (a PokerTracker export writes
``7 CARD STUD HI/LO LIMIT``; a converted file ``Omaha Fixed Limit``)."""
_GAMES_BY_CASE = {name.casefold(): game for name, game in _GAMES.items()}
_STRUCTURES_BY_CASE = {name.casefold(): s for name, s in _STRUCTURES.items()} | {
    "fixed limit": Structure.FIXED_LIMIT}
_STAKES = re.compile(rf"(?:\(|, )({ps.AMOUNT})/({ps.AMOUNT})")
"""The stakes: ``($0.05/$0.10 USD)``, or in a mixed game's header after the game's name
(``Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD)``)."""
_BUTTON_BLIND = re.compile(rf"\(Button Blind\s+({ps.AMOUNT})\s+-\s+Ante\s+({ps.AMOUNT})")
"""The stakes of a table whose button alone posts a blind, over everyone's ante: 6+
Hold'em's ``(Button Blind $5 - Ante $5 USD)``."""
_TOURNAMENT = re.compile(r"\bTournament #(\d+)", re.IGNORECASE)
_CARD = re.compile(r"^(?:(?:10|[2-9TJQKA])[cdhs]|Jk)$", re.IGNORECASE)
"""A card as a history writes it (``Jk``: the joker of ace-to-five lowball and draw high)."""
_LEVEL = re.compile(r" - Level ([IVXLCDM]+) ")
_BUY_IN = re.compile(r"(?i)\bTournament #\d+, \$([\d.]+)\+\$([\d.]+)")
_BOARD_STREETS = ("FLOP", "TURN", "RIVER")
_HOLE_STREETS = ("HOLE CARDS", "DEALING HANDS", "3rd STREET", "4th STREET", "5th STREET",
                 "6th STREET", "RIVER")
_DRAW_MARKERS = ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW", "DRAW", "SHOW DOWN",
                 "FIRST SHOW DOWN", "SECOND SHOW DOWN", "FIRST SHOWDOWN", "SECOND SHOWDOWN",
                 "SHOWDOWN")
_RUNS = ("FIRST ", "SECOND ")
"""A board run twice: each board's streets, ``*** FIRST FLOP ***``... then ``*** SECOND
FLOP ***``... (the board cards dealt before the agreement once, as ``*** FLOP ***``)."""


class _LineError(HistoryError):
    """A line of the hand that cannot be read (its number is the problem's line)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line


def iter_pokerstars(text: str, path: str = "<text>", *,
                    variants: Mapping[str, Variant] = VARIANTS
                    ) -> Iterator[ImportedHand | LineProblem]:
    """Each hand of a PokerStars text in turn: the hand read and replayed, or the problem
    that left it out (its line, its hand number); a text with no hand yields one problem
    that says so. Each hand's game is looked up among ``variants``: the rulebook's unless
    another lookup is given (every game's is :func:`pokerroom.games.variants`; a hand of
    a game missing from it is refused).

    >>> [p.message for p in iter_pokerstars("nothing here", "x.txt")]
    ["x.txt:1: no PokerStars hand in this file (a hand begins 'PokerStars Hand #')"]
    """
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if ps.START.match(line.lstrip("\ufeff "))]
    if not starts:
        yield LineProblem(path, 1, "no PokerStars hand in this file (a hand begins "
                          "'PokerStars Hand #')")
        return
    for first, nxt in zip(starts, [*starts[1:], len(lines)], strict=True):
        number = int(ps.START.match(lines[first].lstrip("\ufeff ")).group(1))  # type: ignore[union-attr]
        try:
            # lines as written, less the spaces around them (an archive indents every
            # line; some files end lines with a space or put blank lines between them)
            data = _Hand([line.strip() for line in lines[first:nxt]], first + 1,
                         variants).read()
        except _LineError as err:
            yield LineProblem(path, err.line, str(err), number)
            continue
        except HistoryError as err:
            yield LineProblem(path, first + 1, f"hand #{number} read but {err}", number)
            continue
        yield ImportedHand(number, first + 1, data)


def read_pokerstars(text: str, path: str = "<text>", *,
                    variants: Mapping[str, Variant] = VARIANTS) -> ImportResult:
    """Every hand of a PokerStars hand-history text as PHH, and the lines not read (each
    hand's game among ``variants``, as :func:`iter_pokerstars` reads it)."""
    return collect(iter_pokerstars(text, path, variants=variants))


def _cards(text: str) -> list[str]:
    return [c for c in text.split() if c]


@dataclass
class _Post:
    name: str
    kind: str
    amount: int
    live: bool = False      # a small blind posted out of turn that the file counts


@dataclass
class _Hand:
    """One hand's lines, read in order into PHH slots."""

    lines: list[str]
    first_line: int
    variants: Mapping[str, Variant] = field(default_factory=lambda: VARIANTS)
    scale: int = 1
    game: str = ""
    structure: Structure = Structure.NO_LIMIT
    players: list[str] = field(default_factory=list)       # in PHH order, button last
    index: dict[str, int] = field(default_factory=dict)    # name -> p number
    stacks: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    table_size: int = 0
    table: str = ""
    button: int | None = None
    slots: list[PhhActionLine] = field(default_factory=list)
    folded: set[int] = field(default_factory=set)
    round_in: dict[int, int] = field(default_factory=dict)
    spent: dict[int, int] = field(default_factory=dict)
    calls: list[int] = field(default_factory=list)
    posts: list[_Post] = field(default_factory=list)
    won: dict[int, int] = field(default_factory=dict)
    returned: dict[int, int] = field(default_factory=dict)
    bring_in: int = 0
    rake: int = 0
    free_fold: bool = False     # a fold where a check was possible (the room allows it)
    unkilled: set[int] = field(default_factory=set)     # stud-7: folded, still dealt to
    street: str = ""
    hole_streets: int = 0
    deals: dict[int, list[str]] | None = None     # a dealing round's known cards
    runs: int = 1                                   # 2: the board was run twice
    button_blind: bool = False      # 6+ hold'em: the button alone posts a blind

    def amount(self, text: str) -> int:
        """An amount in chips (cents when the stakes are money)."""
        value = float(text.replace(",", "")) * self.scale
        if abs(value - round(value)) > 1e-6:
            raise HistoryError(f"amount {text} is finer than the chip unit")
        return round(value)

    def read(self) -> dict[str, Any]:
        head = self.lines[0].lstrip("\ufeff ")
        game = _GAME.search(head)
        if game is None:
            raise _LineError(self.first_line, "a game pokerroom does not deal (it reads "
                             + ", ".join(sorted(set(_GAMES))) + ")")
        self.game = _GAMES_BY_CASE[game.group(1).casefold()]
        if self.game not in self.variants:
            raise _LineError(self.first_line, f"{game.group(1)} is dealt by a game of the "
                             "registry (pokerroom.games), which is not loaded")
        self.structure = _STRUCTURES_BY_CASE[game.group(2).casefold()]
        stakes = _STAKES.findall(head)
        button_blind = _BUTTON_BLIND.findall(head)
        self.button_blind = bool(button_blind) and not stakes
        if self.button_blind:   # the button's blind is the big blind; no small blind
            blind_text, blind = button_blind[-1][0], button_blind[-1][1]
            stakes = [(blind_text, blind, blind_text, blind)]
        if not stakes:
            raise _LineError(self.first_line, "no stakes in the header (e.g. '(1/2)')")
        small_text, big_text = stakes[-1][0], stakes[-1][2]
        money = not _TOURNAMENT.search(head) and bool(re.search(r"[$€£.]", small_text
                                                                + big_text))
        self.scale = 100 if money else 1
        small, big = self.amount(stakes[-1][1]), self.amount(stakes[-1][3])
        body = self._seats()
        summary = False
        shown: dict[int, list[str]] = {}
        for offset, line in body:
            number_here = self.first_line + offset
            line = line.rstrip()
            if not line:
                continue
            if line.startswith("*** SUMMARY ***"):
                summary = True
                continue
            if summary:
                self._summary_line(line, shown)
                continue
            try:
                self._line(line, shown)
            except HistoryError as err:
                raise _LineError(number_here, f"{err}: {line!r}") from None
        self._flush()
        unfilled: list[list[str | None] | None] = [
            None if slot.cards is None else list(slot.cards) for slot in self.slots]
        for player, cards in shown.items():
            fill_shown(self.slots, player, cards)
        try:
            return self._phh(small, big, head)
        except HistoryError as err:
            if not shown or not any(slot.discard for slot in self.slots):
                raise
            first = err
        # a draw hand: the shown cards may have been kept from an early deal
        for slot, before in zip(self.slots, unfilled, strict=True):
            slot.cards = before
        for player, cards in shown.items():
            fill_shown(self.slots, player, cards, earliest=True)
        try:
            return self._phh(small, big, head)
        except HistoryError:
            raise first from None

    def _summary_line(self, line: str, shown: dict[int, list[str]]) -> None:
        told = ps.SUMMARY_CARDS.match(line)
        if told and told.group(1) in self.index:
            shown.setdefault(self.index[told.group(1)], _cards(told.group(2)))
        pot = ps.SUMMARY_POT.match(line)
        if pot:
            self.rake = self.amount(pot.group(2))
        cashed = ps.CASHED_OUT_WIN.match(line)
        if cashed and cashed.group(1) in self.index:    # the hand's own payout
            p = self.index[cashed.group(1)]
            self.won[p] = self.won.get(p, 0) + self.amount(cashed.group(2))

    def _seats(self) -> list[tuple[int, str]]:
        """Read the table and seat lines; the rest of the hand, numbered. A seat that
        is sitting out is dealt in when it posts or acts in the hand."""
        seated: list[tuple[int, str, int, bool]] = []
        rest: list[tuple[int, str]] = []
        for offset, line in enumerate(self.lines[1:], start=1):
            if not line:
                continue
            match = ps.SEAT.match(line) if not rest else None
            if match:
                out = "out of hand" in match.group(4) or "sitting out" in match.group(4)
                seated.append((int(match.group(1)), match.group(2),
                               self.amount(match.group(3)), out))
                continue
            if line.startswith("Table ") and not rest and not seated:
                found = ps.BUTTON.search(line)
                self.button = int(found.group(1)) if found else None
                named = re.match(r"Table '([^']*)'", line)
                self.table = named.group(1) if named else ""
                size = ps.TABLE_SIZE.search(line)
                self.table_size = int(size.group(1)) if size else 0
                continue
            rest.append((offset, line))
        # who posts or acts: asked only when a seat sits out
        active = {found.group(1) for _, line in rest
                  if (found := ps.POST.match(line) or ps.ACT.match(line))} \
            if any(out for *_, out in seated) else set()
        dealt = [(seat, name, chips) for seat, name, chips, out in seated
                 if (not out or name in active) and chips > 0]
        if len(dealt) < 2:
            if not seated:
                raise _LineError(self.first_line, "a hand cut short in the file (no seat "
                                 "lines)")
            if any(line == "Hand cancelled" for _, line in rest):
                raise _LineError(self.first_line, "a hand cancelled before the deal (no "
                                 "cards dealt, nothing played)")
            raise _LineError(self.first_line, "a hand needs two players or more")
        dealt.sort()
        if self.button is not None:
            after = [s for s in dealt if s[0] > self.button]
            dealt = after + [s for s in dealt if s[0] <= self.button]
        for p, (seat, name, chips) in enumerate(dealt, start=1):
            self.players.append(name)
            self.index[name] = p
            self.stacks.append(chips)
            self.seats.append(seat)
        return rest

    def _player(self, name: str) -> int:
        if name not in self.index:
            raise HistoryError(f"{name!r} has no seat in this hand")
        return self.index[name]

    def _deal_street(self, dealt: dict[int, list[str]]) -> None:
        streets = [s for s in self.variants[self.game].streets if s.hole]
        if self.hole_streets >= len(streets):
            raise HistoryError("more card rounds than the game deals")
        street = streets[self.hole_streets]
        self.hole_streets += 1
        for p in range(1, len(self.players) + 1):
            if p in self.folded and p not in self.unkilled:
                continue
            known = dealt.get(p, [])
            count = len(street.hole)
            if len(known) == count:
                # a token that is no card (``Dealt to Hero [..] [of]``, a client's slip)
                # is a card the file does not tell: unknown, as if not shown
                cards: list[str | None] = [c if _CARD.match(c) else None for c in known]
            elif len(known) <= sum(street.hole):
                ups = iter(known)
                cards = [next(ups, None) if up else None for up in street.hole]
            else:
                raise HistoryError(f"{self.players[p - 1]} is dealt {len(known)} cards, the "
                                   f"street deals {count}")
            self.slots.append(PhhActionLine(f"d dh p{p}", p, cards))

    def _line(self, line: str, shown: dict[int, list[str]]) -> None:
        # each pattern is tried only on a line that holds its fixed words (most lines
        # are actions: three patterns fewer to fail on each)
        marker = ps.MARKER.match(line) if line.startswith("*** ") else None
        if marker:
            self._marker(marker.group(1), marker.group(2))
            return
        dealt = self._dealt_line(line) if line.startswith("Dealt to ") else None
        if dealt:
            self._dealt(self._player(dealt.group(1)),
                        _cards(dealt.group(3) if dealt.group(3) is not None
                               else dealt.group(2)))
            return
        post = ps.POST.match(line) if ": posts " in line else None
        if post:
            p = self._player(post.group(1))
            amount = self.amount(post.group(3))
            self.posts.append(_Post(post.group(1), post.group(2), amount))
            self.spent[p] = self.spent.get(p, 0) + amount
            if post.group(2) != "the ante":
                self.round_in[p] = self.round_in.get(p, 0) + amount
            return
        act = ps.ACT.match(line)
        if act:
            self._act(self._player(act.group(1)), act)
            return
        show = ps.SHOWS.match(line)
        if show and show.group(1) in self.index:
            shown[self.index[show.group(1)]] = _cards(show.group(2))
            return
        collected = ps.COLLECTED.match(line)
        if collected:
            p = self._player(collected.group(1))
            self.won[p] = self.won.get(p, 0) + self.amount(collected.group(2))
            return
        returned = ps.RETURNED.match(line)
        if returned:
            p = self._player(returned.group(2))
            self.returned[p] = self.returned.get(p, 0) + self.amount(returned.group(1))
            return
        if ps.IGNORED.match(line):
            return
        raise HistoryError("a line pokerroom cannot read")

    def _dealt_line(self, line: str) -> re.Match[str] | None:
        """A ``Dealt to`` line, read with the longest name of a seat it begins with (a
        name may hold brackets: ``Dealt to PC [Mittel] [5c]``)."""
        dealt = ps.DEALT.match(line)
        if dealt is None or dealt.group(1) in self.index:
            return dealt
        for name in sorted(self.index, key=len, reverse=True):
            if line.startswith(f"Dealt to {name} ["):
                return re.match(rf"^Dealt to ({re.escape(name)}) \[([^\]]*)\]"
                                r"(?: \[([^\]]*)\])?\s*$", line)
        return dealt

    def _flush(self) -> None:
        if self.deals is not None:
            self._deal_street(self.deals)
            self.deals = None

    def _marker(self, name: str, rest: str) -> None:
        self._flush()
        if name in ps.REFUSED:
            raise HistoryError(f"{ps.REFUSED[name]}, which pokerroom's engine does not deal")
        if self.street or name not in _HOLE_STREETS:
            self.round_in.clear()       # the blinds posted before the deal are in its round
        if name.startswith(_RUNS) and name.split(" ", 1)[1] in _BOARD_STREETS:
            self.runs = 2
            name = name.split(" ", 1)[1]
        self.street = name
        if name in _BOARD_STREETS and self.variants[self.game].streets[1].board:
            brackets = re.findall(r"\[([^\]]*)\]", rest)
            if not brackets:
                raise HistoryError("a board street without its cards")
            self.slots.append(PhhActionLine("d db", 0, list(_cards(brackets[-1]))))
        elif name == "RIVER" and re.search(r"\[[^\]]+\]", rest):
            # stud with too many players for the deck: the last card is dealt to the
            # board, one for all (``*** RIVER *** [6h]``)
            self.hole_streets += 1
            self.slots.append(PhhActionLine("d db", 0, list(_cards(re.findall(r"\[([^\]]*)\]",
                                                                   rest)[-1]))))
        elif name in _HOLE_STREETS:
            self.deals = {}
        elif name not in _DRAW_MARKERS:
            raise HistoryError(f"a street pokerroom does not know ({name})")

    def _dealt(self, player: int, cards: list[str]) -> None:
        if self.deals is not None:
            self.deals[player] = cards
            return
        drawn = next((s for s in reversed(self.slots) if s.player == player
                      and s.text.startswith("d dh")), None)
        if drawn is None or drawn.cards is None:
            raise HistoryError("cards dealt outside a dealing round")
        free = [i for i, c in enumerate(drawn.cards) if c is None]
        if not 0 < len(cards) <= len(free):
            raise HistoryError("cards dealt outside a dealing round")
        # a draw dealt in parts (lowball-10: four cards, then the fifth after the others
        # have drawn) is one PHH line; a part the reader saw fills its place in it
        head = len(free) == len(drawn.cards) and len(cards) == min(4, len(free) - 1)
        for index, card in zip(free[:len(cards)] if head or len(free) < len(drawn.cards)
                               else free[-len(cards):], cards, strict=True):
            drawn.cards[index] = card

    def _act(self, p: int, act: re.Match[str]) -> None:
        self._flush()
        verb = act.group(2)
        numbers = [g for g in act.groups()[2:] if g is not None]
        if verb.startswith("folds"):
            if self.stacks[p - 1] <= self.spent.get(p, 0):
                # a seat all in (sitting out, all in for its blind) that PokerStars folds:
                # the engine has no fold for a seat with nothing behind; it stays in, its
                # hidden cards losing to every hand shown (phh_losers), its chips in the
                # pot either way
                return
            if self.round_in.get(p, 0) >= max(self.round_in.values(), default=0):
                self.free_fold = True
                if self.variants[self.game].is_stud:
                    # stud-7: the engine deals on to a hand folded with no bet to face
                    # until a bet kills it (PokerStars deals it nothing: hidden cards)
                    self.unkilled.add(p)
            self.folded.add(p)
            self.slots.append(PhhActionLine(f"p{p} f"))
        elif verb.startswith(("checks", "calls")):
            facing = max(self.round_in.values(), default=0)
            total = self.round_in.get(p, 0) + (self.amount(numbers[0])
                                               if verb.startswith("calls") else 0)
            if total > facing and act.group(0).endswith("and is all-in"):
                # all in calling the full big blind over a big blind all in for less:
                # more than anyone has put in, so for the engine an all-in raise
                self._put(p, total)
                self.slots.append(PhhActionLine(f"p{p} cbr {total}"))
                return
            if verb.startswith("calls"):
                for post in self.posts:
                    # a call that reaches the bet only with a small blind posted out of
                    # turn counted in: the file plays that blind live (converted files)
                    if post.name == self.players[p - 1] and post.kind == "small blind" \
                            and total == facing:
                        post.live = True
                self._put(p, total)
            self.slots.append(PhhActionLine(f"p{p} cc"))
        elif verb.startswith("brings in"):
            amount = self.amount(numbers[0])
            self.bring_in = amount
            self._put(p, self.round_in.get(p, 0) + amount)
            self.slots.append(PhhActionLine(f"p{p} pb"))
        elif verb.startswith(("bets", "raises", "completes")):
            self.unkilled.clear()
            amount = self.amount(numbers[-1])
            total = amount + self.round_in.get(p, 0) if verb.startswith("bets") else amount
            if self._covered(p):            # perhaps a call (imported_table.settle)
                self.calls.append(len(self.slots))
            self._put(p, total)
            self.slots.append(PhhActionLine(f"p{p} cbr {total}"))
        elif verb.startswith("stands pat"):
            self.round_in.clear()       # older files mark no draw: a draw ends the round
            self.slots.append(PhhActionLine(f"p{p} sd", p, [], discard=True))
        else:
            self.round_in.clear()
            count = int(act.group(9))
            cards = _cards(act.group(10) or "")
            if cards and len(cards) != count:
                raise HistoryError(f"{count} discards but {len(cards)} cards named")
            slot = PhhActionLine(f"p{p} sd", p, list(cards) if cards else [None] * count,
                        discard=True)
            self.slots.append(slot)
            self.slots.append(PhhActionLine(f"d dh p{p}", p, [None] * count))

    def _put(self, p: int, total: int) -> None:
        """Player ``p`` has ``total`` in this betting round."""
        self.spent[p] = self.spent.get(p, 0) + total - self.round_in.get(p, 0)
        self.round_in[p] = total

    def _covered(self, p: int) -> bool:
        """Whether no other player still in could put in more than the bet ``p`` faces
        (each all-in, or with no more chips than that bet): a raise by ``p`` then has
        nobody to answer it, and the engine may take it only as the call it is."""
        facing = max(self.round_in.values(), default=0)
        others = [q for q in range(1, len(self.players) + 1) if q != p and q not in self.folded]
        return bool(others) and all(
            self.round_in.get(q, 0) + self.stacks[q - 1] - self.spent.get(q, 0) <= facing
            for q in others)

    def _phh(self, small: int, big: int, head: str) -> dict[str, Any]:
        self._flush()
        n = len(self.players)
        letter = {Structure.FIXED_LIMIT: "F", Structure.POT_LIMIT: "P",
                  Structure.NO_LIMIT: "N"}[self.structure]
        code = letter + (game_part(self.game, self.variants) or "")
        variant = self.variants[self.game]
        if variant.blind_form and any(p.kind != "the ante" for p in self.posts):
            variant = self.variants[variant.blind_form]      # five-card draw with blinds
        antes = [0] * n
        for post in self.posts:
            if post.kind == "the ante":
                antes[self.index[post.name] - 1] += post.amount
        table_ante = max(antes, default=0)
        if all(a == table_ante or a == self.stacks[i] for i, a in enumerate(antes)):
            antes = [table_ante] * n        # short of the ante only by being all in
        data: dict[str, Any] = {"variant": code, "antes": antes}
        if variant.forced is Forced.BLINDS and self.button_blind:
            # the button (the last player of the lineup) alone posts a blind, and so acts
            # last before the flop
            data["blinds_or_straddles"] = [0] * (n - 1) + [big]
        elif variant.forced is Forced.BLINDS:
            sb, bb = self._blind_sizes(small, big)
            data["blinds_or_straddles"] = [sb, bb] + [0] * (n - 2)
            straddles_and_bombs(data, self.posts, self.index, [sb, bb])
        elif variant.forced is Forced.BRING_IN:
            data["bring_in"] = self.bring_in or max(1, small // 2)
        if self.structure is Structure.FIXED_LIMIT:
            data["small_bet"], data["big_bet"] = small, big
        else:
            data["min_bet"] = big if variant.forced is Forced.BLINDS else small
            if variant.forced is not Forced.BLINDS:
                data["_bet_sizes"] = [small, big]
        data["starting_stacks"] = list(self.stacks)
        data["actions"] = [s.render() for s in self.slots]
        if self.runs > 1:
            data["_run_count"] = self.runs
        if code not in PHH_CODES:
            data["_pokerroom_code"] = True
        data.update(table_fields(self, variant.forced is Forced.BLINDS))
        if self.free_fold:
            data["_house_rules"] = {"free_fold": True}
        data["players"] = list(self.players)
        data["seats"] = list(self.seats)
        data["seat_count"] = self.table_size or max(self.seats)
        data["hand"] = int(ps.START.match(head).group(1))  # type: ignore[union-attr]
        if self.table:
            data["table"] = self.table
        tournament = _TOURNAMENT.search(head)
        if tournament:
            data["_tournament"] = int(tournament.group(1))
            level = _LEVEL.search(head)
            if level:
                data["level"] = from_roman(level.group(1))
            price = _BUY_IN.search(head)
            if price and price.group(1).isdigit() and price.group(2).isdigit():
                data["_buy_in"] = [int(price.group(1)), int(price.group(2))]
        data["venue"] = "PokerStars"
        paid = {p: self.spent.get(p, 0) - self.returned.get(p, 0)
                for p in range(1, n + 1)} if self.returned else None
        other = _OTHER_ORDER.get(self.game)
        if other is None:
            return settle_imported(data, self.won, self.rake, paid, self.calls,
                                   variants=self.variants)
        try:
            return settle_imported(copy.deepcopy(data), self.won, self.rake, paid,
                                   self.calls, variants=self.variants)
        except HistoryError:
            data["variant"] = letter + (game_part(other, self.variants) or "")
            data["_pokerroom_code"] = True
            return settle_imported(data, self.won, self.rake, paid, self.calls,
                                   variants=self.variants)

    def _blind_sizes(self, small: int, big: int) -> tuple[int, int]:
        """The blinds: the header's stakes in no-limit and pot-limit; in fixed limit the
        small and big blind posted (the header names the bets), else half a small bet
        and a small bet."""
        if self.structure is not Structure.FIXED_LIMIT:
            return small, big
        posted = {p.kind: p.amount for p in reversed(self.posts)}
        return posted.get("small blind", small // 2) or 1, small
