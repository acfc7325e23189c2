"""Read PokerStars hand histories into PHH (``pokerroom import``).

Reads the layout :mod:`pokerroom.history.pokerstars` writes and the one PokerStars writes
for the same games (cash and tournament headers, money amounts in cents): hold'em, Omaha,
Omaha hi-lo, seven-card stud, stud hi-lo, razz, five-card draw and the lowballs. Each hand
becomes a PHH dict (players, stacks, forced bets, every action; cards nobody showed as
``??``) that replays through the engine to the stacks the history says; a line it cannot
read names its file and line, and only that hand is left out.

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

import re
from dataclasses import dataclass, field
from typing import Any

from pokerroom.engine.config import Structure
from pokerroom.engine.variants import VARIANTS, Forced
from pokerroom.errors import HistoryError
from pokerroom.history.importing import ImportResult, LineProblem, Slot, fill_shown, validate
from pokerroom.history.phh import GAME_PARTS, PHH_CODES
from pokerroom.history.pokerstars import GAME_NAMES, STRUCTURE_NAMES

__all__ = ["read_pokerstars"]

_GAMES = {v: k for k, v in GAME_NAMES.items()} | {"5 Card Draw": "draw-high",
                                                   "Hold'em": "holdem"}
_STRUCTURES = {v: k for k, v in STRUCTURE_NAMES.items()}
_AMOUNT = r"[$€£]?([\d,]+(?:\.\d+)?)"
_GAME = re.compile("(" + "|".join(re.escape(g) for g in sorted(_GAMES, key=len, reverse=True))
                   + r") (No Limit|Pot Limit|Limit)\b")
_START = re.compile(r"^PokerStars (?:Hand|Game|Zoom Hand) #(\d+):")
_STAKES = re.compile(rf"\({_AMOUNT}/{_AMOUNT}")
_SEAT = re.compile(rf"^Seat (\d+): (.+?) \({_AMOUNT} in chips(?:[^)]*)\)(.*)$")
_BUTTON = re.compile(r"Seat #(\d+) is the button")
_MARKER = re.compile(r"^\*\*\* (.+?) \*\*\*(.*)$")
_DEALT = re.compile(r"^Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?\s*$")
_POST = re.compile(rf"^(.+?): posts (small blind|big blind|small & big blinds|the ante) "
                   rf"{_AMOUNT}")
_ACT = re.compile(rf"^(.+?): (folds|checks|calls {_AMOUNT}|bets {_AMOUNT}|raises {_AMOUNT} "
                  rf"to {_AMOUNT}|brings in for {_AMOUNT}|completes it to {_AMOUNT}|"
                  r"stands pat|discards (\d+) cards?(?: \[([^\]]*)\])?)"
                  r"(?: and is all-in)?\s*$")
_SHOWS = re.compile(r"^(.+?): shows \[([^\]]*)\]")
_COLLECTED = re.compile(rf"^(.+?) collected {_AMOUNT} from")
_RETURNED = re.compile(rf"^Uncalled bet \({_AMOUNT}\) returned to (.+?)\s*$")
_SUMMARY_CARDS = re.compile(r"^Seat \d+: (.+?)(?: \([^)]*\))* (?:showed|mucked) \[([^\]]*)\]")
_IGNORED = re.compile(r"^(.+?: (doesn't show hand|mucks hand|is sitting out|sits out|"
                      r"has timed out.*|is disconnected.*|is connected.*|said, .*|"
                      r"shows \[.*)|.+ (joins|leaves) the table.*|.+ will be allowed to play"
                      r".*|.+ has returned|.+ is (dis)?connected.*|.+ said, .*|"
                      r".+ finished the tournament.*|.+ wins the tournament.*|"
                      r".+ has timed out.*)\s*$")
_BOARD_STREETS = ("FLOP", "TURN", "RIVER")
_HOLE_STREETS = ("HOLE CARDS", "DEALING HANDS", "3rd STREET", "4th STREET", "5th STREET",
                 "6th STREET", "RIVER")


class _LineError(HistoryError):
    """A line of the hand that cannot be read (its number is the problem's line)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line


def read_pokerstars(text: str, path: str = "<text>") -> ImportResult:
    """Every hand of a PokerStars hand-history text as PHH, and the lines not read."""
    result = ImportResult()
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if _START.match(line.lstrip("\ufeff"))]
    if not starts:
        result.problems.append(LineProblem(path, 1, "no PokerStars hand in this file (a "
                                           "hand begins 'PokerStars Hand #')"))
        return result
    for first, nxt in zip(starts, [*starts[1:], len(lines)], strict=True):
        try:
            number, data = _Hand(lines[first:nxt], first + 1).read()
        except _LineError as err:
            result.problems.append(LineProblem(path, err.line, str(err)))
            continue
        except HistoryError as err:
            result.problems.append(LineProblem(path, first + 1, f"hand read but {err}"))
            continue
        result.hands[number] = data
    return result


def _amount(text: str, scale: int) -> int:
    value = float(text.replace(",", "")) * scale
    if abs(value - round(value)) > 1e-6:
        raise HistoryError(f"amount {text} is finer than the chip unit")
    return round(value)


def _cards(text: str) -> list[str]:
    return [c for c in text.split() if c]


@dataclass
class _Hand:
    """One hand's lines, read in order into PHH slots."""

    lines: list[str]
    first_line: int
    scale: int = 1
    game: str = ""
    structure: Structure = Structure.NO_LIMIT
    players: list[str] = field(default_factory=list)       # in PHH order, button last
    index: dict[str, int] = field(default_factory=dict)    # name -> p number
    stacks: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    slots: list[Slot] = field(default_factory=list)
    folded: set[int] = field(default_factory=set)
    round_in: dict[int, int] = field(default_factory=dict)
    paid: dict[int, int] = field(default_factory=dict)
    won: dict[int, int] = field(default_factory=dict)
    blinds: list[int] = field(default_factory=list)
    ante: int = 0
    bring_in: int = 0
    street: str = ""
    hole_streets: int = 0
    deals: dict[int, list[str]] | None = None     # a dealing round's known cards

    def read(self) -> tuple[int, dict[str, Any]]:
        head = self.lines[0].lstrip("\ufeff")
        start = _START.match(head)
        assert start is not None
        number = int(start.group(1))
        game = _GAME.search(head)
        if game is None:
            raise _LineError(self.first_line, "a game pokerroom cannot import (it reads "
                             + ", ".join(sorted(set(_GAMES))) + ")")
        self.game, self.structure = _GAMES[game.group(1)], _STRUCTURES[game.group(2)]
        stakes = _STAKES.findall(head)
        if re.search(r"\d\.\d\d\b", "\n".join(self.lines)):
            self.scale = 100             # money amounts: chips are cents
        if not stakes:
            raise _LineError(self.first_line, "no stakes in the header (e.g. '(1/2)')")
        small, big = (_amount(x, self.scale) for x in stakes[-1])
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
                told = _SUMMARY_CARDS.match(line)
                if told and told.group(1) in self.index:
                    shown.setdefault(self.index[told.group(1)], _cards(told.group(2)))
                continue
            try:
                self._line(line, shown)
            except HistoryError as err:
                raise _LineError(number_here, f"{err}: {line!r}") from None
        for player, cards in shown.items():
            fill_shown(self.slots, player, cards)
        return number, self._phh(small, big)

    def _seats(self) -> list[tuple[int, str]]:
        """Read the table and seat lines; the rest of the hand, numbered."""
        button = None
        seated: list[tuple[int, str, int]] = []
        rest: list[tuple[int, str]] = []
        for offset, line in enumerate(self.lines[1:], start=1):
            match = _SEAT.match(line)
            if match and not rest:
                if "out of hand" not in match.group(4) and "sitting out" not in match.group(4):
                    seated.append((int(match.group(1)), match.group(2),
                                   _amount(match.group(3), self.scale)))
                continue
            if line.startswith("Table ") and not rest and not seated:
                found = _BUTTON.search(line)
                button = int(found.group(1)) if found else None
                continue
            rest.append((offset, line))
        if len(seated) < 2:
            raise _LineError(self.first_line, "a hand needs two players or more")
        seated.sort()
        if button is not None:
            after = [s for s in seated if s[0] > button]
            seated = after + [s for s in seated if s[0] <= button]
        for p, (seat, name, chips) in enumerate(seated, start=1):
            self.players.append(name)
            self.index[name] = p
            self.stacks.append(chips)
            self.seats.append(seat)
        return rest

    def _player(self, name: str) -> int:
        if name not in self.index:
            raise HistoryError(f"{name!r} has no seat in this hand")
        return self.index[name]

    def _pay(self, player: int, chips: int, *, live: bool = True) -> None:
        self.paid[player] = self.paid.get(player, 0) + chips
        if live:
            self.round_in[player] = self.round_in.get(player, 0) + chips

    def _deal_street(self, dealt: dict[int, list[str]]) -> None:
        streets = [s for s in VARIANTS[self.game].streets if s.hole]
        if self.hole_streets >= len(streets):
            raise HistoryError("more card rounds than the game deals")
        street = streets[self.hole_streets]
        self.hole_streets += 1
        for p in range(1, len(self.players) + 1):
            if p in self.folded:
                continue
            known = dealt.get(p, [])
            count = len(street.hole)
            if len(known) == count:
                cards: list[str | None] = list(known)
            elif len(known) <= sum(street.hole):
                ups = iter(known)
                cards = [next(ups, None) if up else None for up in street.hole]
            else:
                raise HistoryError(f"{self.players[p - 1]} is dealt {len(known)} cards, the "
                                   f"street deals {count}")
            self.slots.append(Slot(f"d dh p{p}", p, cards))

    def _line(self, line: str, shown: dict[int, list[str]]) -> None:
        marker = _MARKER.match(line)
        if marker:
            self._marker(marker.group(1), marker.group(2))
            return
        dealt = _DEALT.match(line)
        if dealt:
            self._dealt(self._player(dealt.group(1)),
                        _cards(dealt.group(3) if dealt.group(3) is not None
                               else dealt.group(2)))
            return
        post = _POST.match(line)
        if post:
            p = self._player(post.group(1))
            amount = _amount(post.group(3), self.scale)
            if post.group(2) == "the ante":
                self.ante = max(self.ante, amount)
                self._pay(p, amount, live=False)
            else:
                self.blinds.append(amount)
                self._pay(p, amount)
            return
        act = _ACT.match(line)
        if act:
            self._act(self._player(act.group(1)), act)
            return
        show = _SHOWS.match(line)
        if show and show.group(1) in self.index:
            shown[self.index[show.group(1)]] = _cards(show.group(2))
            return
        collected = _COLLECTED.match(line)
        if collected:
            p = self._player(collected.group(1))
            self.won[p] = self.won.get(p, 0) + _amount(collected.group(2), self.scale)
            return
        returned = _RETURNED.match(line)
        if returned:
            p = self._player(returned.group(2))
            self.paid[p] -= _amount(returned.group(1), self.scale)
            return
        if _IGNORED.match(line):
            return
        raise HistoryError("a line pokerroom cannot read")

    def _flush(self) -> None:
        if self.deals is not None:
            self._deal_street(self.deals)
            self.deals = None

    def _marker(self, name: str, rest: str) -> None:
        self._flush()
        if self.street:
            self.round_in.clear()
        self.street = name
        if name in _BOARD_STREETS and VARIANTS[self.game].streets[1].board:
            brackets = re.findall(r"\[([^\]]*)\]", rest)
            if not brackets:
                raise HistoryError("a board street without its cards")
            self.slots.append(Slot("d db", 0, list(_cards(brackets[-1]))))
        elif name in _HOLE_STREETS:
            self.deals = {}
        elif name in ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW", "DRAW", "SHOW DOWN"):
            pass
        else:
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
            self.folded.add(p)
            self.slots.append(Slot(f"p{p} f"))
        elif verb.startswith(("checks", "calls")):
            if verb.startswith("calls"):
                self._pay(p, _amount(numbers[0], self.scale))
            self.slots.append(Slot(f"p{p} cc"))
        elif verb.startswith("brings in"):
            amount = _amount(numbers[0], self.scale)
            self.bring_in = amount
            self._pay(p, amount)
            self.slots.append(Slot(f"p{p} pb"))
        elif verb.startswith(("bets", "raises", "completes")):
            amount = _amount(numbers[-1], self.scale)
            total = amount + self.round_in.get(p, 0) if verb.startswith("bets") else amount
            self._pay(p, total - self.round_in.get(p, 0))
            self.slots.append(Slot(f"p{p} cbr {total}"))
        elif verb == "stands pat":
            self.slots.append(Slot(f"p{p} sd", p, [], discard=True))
        else:
            count = int(act.group(9))
            cards = _cards(act.group(10) or "")
            if cards and len(cards) != count:
                raise HistoryError(f"{count} discards but {len(cards)} cards named")
            slot = Slot(f"p{p} sd", p, list(cards) if cards else [None] * count,
                        discard=True)
            self.slots.append(slot)
            self.slots.append(Slot(f"d dh p{p}", p, [None] * count))

    def _phh(self, small: int, big: int) -> dict[str, Any]:
        self._flush()
        n = len(self.players)
        letter = {Structure.FIXED_LIMIT: "F", Structure.POT_LIMIT: "P",
                  Structure.NO_LIMIT: "N"}[self.structure]
        code = letter + GAME_PARTS[self.game]
        data: dict[str, Any] = {"variant": code, "antes": [self.ante] * n}
        variant = VARIANTS[self.game]
        if variant.forced is Forced.BLINDS:
            blinds = sorted(self.blinds)[:2] if self.blinds else [small, big]
            data["blinds_or_straddles"] = blinds + [0] * (n - len(blinds))
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
        data["finishing_stacks"] = [self.stacks[p - 1] - self.paid.get(p, 0)
                                    + self.won.get(p, 0) for p in range(1, n + 1)]
        if code not in PHH_CODES:
            data["_pokerroom_code"] = True
        data["players"] = list(self.players)
        data["seats"] = list(self.seats)
        data["venue"] = "PokerStars"
        validate(data)
        return data
