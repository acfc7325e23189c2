r"""Read PokerNow CSV logs into PHH (``pokerroom import``).

PokerNow exports a game's log as CSV with the columns ``entry``, ``at`` and ``order``,
newest first. Each hand runs from ``-- starting hand #N (id: ...) (No Limit Texas Hold'em)
(dealer: "Ann @ a1") --`` to ``-- ending hand #N --``; between them the ``Player stacks:``
line, the posts, the actions (a call, bet or raise names the player's total for the
street: ``"Bob @ b2" raises to 60``), the board (``Flop:  [J♥, 6♣, 7♣]``), the cards
shown and who collected what. PokerNow deals hold'em and Omaha (hi and hi/lo); those
import. Whose cards ``Your hand is`` names the log does not say, so only cards shown
at the table are written; every other card is ``??``.

>>> log = pokernow_csv([
...     '-- starting hand #1 (id: h1)  (No Limit Texas Hold\'em) (dealer: "Ann @ a1") --',
...     'Player stacks: #1 "Ann @ a1" (100) | #2 "Bob @ b2" (100)',
...     '"Ann @ a1" posts a small blind of 1', '"Bob @ b2" posts a big blind of 2',
...     '"Ann @ a1" raises to 6', '"Bob @ b2" folds',
...     'Uncalled bet of 4 returned to "Ann @ a1"', '"Ann @ a1" collected 4 from pot',
...     '-- ending hand #1 --'])
>>> print(log.splitlines()[1])
-- ending hand #1 --,2026-11-30T13:00:08.000Z,9
>>> hand = read_pokernow(log, "game.csv").hands[1]
>>> hand["players"], hand["actions"], hand["finishing_stacks"]
(['Bob', 'Ann'], ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr 6', 'p1 f'], [98, 102])
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pokerroom.engine.variants import VARIANTS, Variant
from pokerroom.errors import HistoryError
from pokerroom.history.imported_table import settle_imported, table_fields
from pokerroom.history.importing import (
    ImportedHand,
    ImportResult,
    LineProblem,
    PhhActionLine,
    collect,
    fill_shown,
)
from pokerroom.history.phh_extras import straddles_and_bombs

__all__ = ["GAME_TYPES", "iter_pokernow", "pokernow_csv", "read_pokernow"]

GAME_TYPES = {"No Limit Texas Hold'em": "NT", "Pot Limit Omaha Hi": "PO",
              "Pot Limit Omaha": "PO", "Pot Limit Omaha Hi/Lo": "PO/8",
              "Pot Limit Omaha Hi/Lo 8 or Better": "PO/8"}
"""PokerNow's game names and the PHH code each imports as."""

_FIRST_GAME = "No Limit Texas Hold'em"
"""The game of a hand whose start names none (PokerNow's first logs, hold'em only)."""

_HOLE = {"T": 2, "O": 4, "O/8": 4}
_NUMBER = r"(\d+(?:\.\d+)?)"
_PLAYER = r'"((?:.+? @ [\w-]+)|[^"]+)"'
_START = re.compile(r"^-- starting hand #(\d+)\s*(?:\(id:\s*[^)]*\)\s*)?"
                    r"(?:\((?!dealer|dead button)([^)]*)\)\s*|([A-Z][^(]*?)\s+)?"
                    r"(?:\((?:dealer:\s*\"([^\"]+)\"|dead button)\))?\s*(?:--)?\s*$")
_END = re.compile(r"^-- ending hand #(\d+) --")
_SEAT = re.compile(rf"#(\d+)\s+{_PLAYER}\s*\({_NUMBER}\)")
_POST = re.compile(rf"^{_PLAYER} posts an? (small blind|big blind|ante|straddle|miss(?:ing|ed) "
                   rf"small blind|miss(?:ing|ed) big blind) of {_NUMBER}")
_POST_KINDS = {"small blind": "small blind", "big blind": "big blind", "ante": "the ante",
               "straddle": "straddle",
               "missing small blind": "dead small blind", "missed small blind": "dead small blind",
               "missing big blind": "big blind (posted)",
               "missed big blind": "big blind (posted)"}
"""PokerNow's posts as :func:`~pokerroom.history.imported_table.table_fields` reads
them: a missing small blind is dead, a missing big blind live."""
_ACT = re.compile(rf"^{_PLAYER} (folds|checks|calls {_NUMBER}|bets {_NUMBER}|raises to "
                  rf"{_NUMBER})(?: and go all in)?\s*$")
_BOARD = re.compile(r"^(Flop|Turn|River):.*\[([^\]]*)\]")
_SHOWS = re.compile(rf"^{_PLAYER} shows a (.+?)\.?$")
_COLLECTED = re.compile(rf"^{_PLAYER} collected {_NUMBER} from pot")
_UNCALLED = re.compile(rf"^Uncalled bet of {_NUMBER} returned to {_PLAYER}")
_IGNORED = re.compile(r"^(Your hand is .*|The (player|admin) .*|.* (joined|quits|stand "
                      r"up|sit back|requested|approved|passed the room ownership).*|"
                      r"Player stacks:.*|.*Dead Small Blind.*)$")
_CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def _cards(text: str) -> list[str]:
    """PokerNow's cards (``10♦``, ``A♠``) in pokerroom's notation.

    >>> _cards("J♥, 10♦ [A♠]")
    ['Jh', 'Td', 'As']
    """
    return [("T" if rank == "10" else rank) + _SUITS[suit]
            for rank, suit in _CARD.findall(text)]


def pokernow_csv(entries: list[str], *, start: float = 1796043600.0) -> str:
    """Log entries (oldest first) in PokerNow's CSV layout: newest first, one second
    apart from ``start`` (a UTC time), numbered in ``order``."""
    import datetime as dt

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["entry", "at", "order"])
    for order in range(len(entries), 0, -1):
        at = dt.datetime.fromtimestamp(start + order - 1, dt.UTC)
        writer.writerow([entries[order - 1], at.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                         order])
    return out.getvalue()


def read_pokernow(text: str, path: str = "<text>", *,
                  variants: Mapping[str, Variant] = VARIANTS) -> ImportResult:
    """Every hand of a PokerNow CSV log as PHH, and the lines not read."""
    return collect(iter_pokernow(text, path, variants=variants))


def iter_pokernow(text: str, path: str = "<text>", *,
                  variants: Mapping[str, Variant] = VARIANTS
                  ) -> Iterator[ImportedHand | LineProblem]:
    """Each hand of a PokerNow CSV log in turn (oldest first): the hand read and
    replayed, or the problem that left it out (its CSV line, its hand number); a log with
    no hand yields one problem that says so. Each hand replays with its game among
    ``variants`` (the rulebook's unless another lookup is given).

    >>> [p.message for p in iter_pokernow("entry,at,order\\n", "log.csv")]
    ["log.csv:1: no PokerNow hand in this log (a hand begins '-- starting hand #')"]
    """
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    if reader.fieldnames is None or "entry" not in reader.fieldnames:
        yield LineProblem(path, 1, "not a PokerNow log: the CSV has no 'entry' column")
        return
    rows: list[tuple[int, int, str]] = []
    for position, row in enumerate(reader):
        try:
            order = int(row.get("order") or position)
        except ValueError:
            order = position
        rows.append((order, reader.line_num, (row.get("entry") or "").strip()))
    rows.sort()
    current: _Hand | None = None
    found = False
    for _, line, entry in rows:
        start = _START.match(entry)
        if start:
            if current is not None:
                yield LineProblem(path, current.line, f"hand #{current.number} has no "
                                  "ending line", current.number)
            found = True
            current = _Hand(path, line, int(start.group(1)),
                            (start.group(2) or start.group(3) or _FIRST_GAME).strip(),
                            start.group(4), variants)
            continue
        if current is None:
            continue
        if _END.match(entry):
            yield current.finish()
            current = None
            continue
        current.add(line, entry)
    if current is not None:
        yield LineProblem(path, current.line, f"hand #{current.number} has no ending line",
                          current.number)
    if not found:
        yield LineProblem(path, 1, "no PokerNow hand in this log (a hand begins "
                          "'-- starting hand #')")


@dataclass
class _Hand:
    path: str
    line: int
    number: int
    game: str
    dealer: str | None
    variants: Mapping[str, Variant] = field(default_factory=lambda: VARIANTS)
    entries: list[tuple[int, str]] = field(default_factory=list)

    def add(self, line: int, entry: str) -> None:
        self.entries.append((line, entry))

    def finish(self) -> ImportedHand | LineProblem:
        try:
            return ImportedHand(self.number, self.line, _Reader(self).read())
        except _LineError as err:
            return LineProblem(self.path, err.line, str(err), self.number)
        except HistoryError as err:
            return LineProblem(self.path, self.line, f"hand #{self.number} read but {err}",
                               self.number)


@dataclass
class _Post:
    name: str
    kind: str
    amount: int


class _LineError(HistoryError):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line


@dataclass
class _Reader:
    hand: _Hand
    scale: int = 1
    players: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    stacks: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    table_size: int = 0
    button: int | None = None
    slots: list[PhhActionLine] = field(default_factory=list)
    street_in: dict[int, int] = field(default_factory=dict)
    paid: dict[int, int] = field(default_factory=dict)
    returned: dict[int, int] = field(default_factory=dict)
    won: dict[int, int] = field(default_factory=dict)
    posts: list[_Post] = field(default_factory=list)
    dealt: bool = False
    folded: set[int] = field(default_factory=set)
    calls: list[int] = field(default_factory=list)
    free_fold: bool = False     # a fold where a check was possible (PokerNow allows it)

    def amount(self, text: str) -> int:
        value = float(text) * self.scale
        if abs(value - round(value)) > 1e-6:
            raise HistoryError(f"amount {text} is finer than the chip unit")
        return round(value)

    def read(self) -> dict[str, Any]:
        code = GAME_TYPES.get(self.hand.game)
        if code is None:
            raise _LineError(self.hand.line, f"a game pokerroom cannot import "
                             f"({self.hand.game or 'no game named'}; it reads "
                             + ", ".join(GAME_TYPES) + ")")
        if any(re.search(r"\d\.\d", e) for _, e in self.hand.entries if "posts" in e
               or "Player stacks" in e):
            self.scale = 100
        stacks_line = next(((n, e) for n, e in self.hand.entries
                            if e.startswith("Player stacks:")), None)
        if stacks_line is None:
            raise _LineError(self.hand.line, f"hand #{self.hand.number} has no "
                             "'Player stacks:' line")
        self._seat(stacks_line[1], code)
        shown: dict[int, list[str]] = {}
        for line, entry in self.hand.entries:
            try:
                self._entry(entry, code, shown)
            except HistoryError as err:
                raise _LineError(line, f"{err}: {entry!r}") from None
        self._deal(code)
        for player, cards in shown.items():
            fill_shown(self.slots, player, cards)
        return self._phh(code)

    def _seat(self, entry: str, code: str) -> None:
        seats = sorted((int(s), name, self.amount(chips))
                       for s, name, chips in _SEAT.findall(entry))
        if len(seats) < 2:
            raise HistoryError("a hand needs two players or more")
        names = [name for _, name, _ in seats]
        small = next((m.group(1) for _, e in self.hand.entries
                      if (m := _POST.match(e)) and m.group(2) == "small blind"), None)
        if self.hand.dealer in names:
            cut = names.index(self.hand.dealer) + 1
            seats = seats[cut:] + seats[:cut]
        elif small in names:                 # a dead button: the small blind is p1
            # (heads-up the small blind is the button: last)
            cut = names.index(small) + (len(names) == 2)
            seats = seats[cut:] + seats[:cut]
        for p, (seat, name, chips) in enumerate(seats, start=1):
            self.players.append(name)
            self.index[name] = p
            self.stacks.append(chips)
            self.seats.append(seat)
        self.table_size = max(self.seats)
        self.button = self.seats[-1]         # the last to act: the button's seat

    def _player(self, name: str) -> int:
        if name not in self.index:
            raise HistoryError(f"{name!r} is not in this hand's 'Player stacks'")
        return self.index[name]

    def _deal(self, code: str) -> None:
        if not self.dealt:
            self.dealt = True
            for p in range(1, len(self.players) + 1):
                self.slots.append(PhhActionLine(f"d dh p{p}", p, [None] * _HOLE[code[1:]]))

    def _pay_to(self, p: int, total: int) -> None:
        self.paid[p] = self.paid.get(p, 0) + total - self.street_in.get(p, 0)
        self.street_in[p] = total

    def _covered(self, p: int) -> bool:
        """Whether no other player still in could put in more than the bet ``p`` faces."""
        facing = max(self.street_in.values(), default=0)
        others = [q for q in range(1, len(self.players) + 1) if q != p and q not in self.folded]
        return bool(others) and all(
            self.street_in.get(q, 0) + self.stacks[q - 1] - self.paid.get(q, 0) <= facing
            for q in others)

    def _entry(self, entry: str, code: str, shown: dict[int, list[str]]) -> None:
        post = _POST.match(entry)
        if post:
            p, amount = self._player(post.group(1)), self.amount(post.group(3))
            kind = _POST_KINDS[post.group(2)]
            self.posts.append(_Post(post.group(1), kind, amount))
            if kind in ("the ante", "dead small blind"):
                self.paid[p] = self.paid.get(p, 0) + amount
            else:
                self._pay_to(p, self.street_in.get(p, 0) + amount)
            return
        act = _ACT.match(entry)
        if act:
            self._deal(code)
            p, verb = self._player(act.group(1)), act.group(2)
            if verb == "folds":
                if self.street_in.get(p, 0) >= max(self.street_in.values(), default=0):
                    self.free_fold = True       # replayed under the house rule free_fold
                self.folded.add(p)
                self.slots.append(PhhActionLine(f"p{p} f"))
            elif verb == "checks":
                self.slots.append(PhhActionLine(f"p{p} cc"))
            elif verb.startswith("calls"):
                self._pay_to(p, self.amount(act.group(3)))
                self.slots.append(PhhActionLine(f"p{p} cc"))
            else:
                total = self.amount(act.group(4) or act.group(5))
                if self._covered(p):        # perhaps a call (imported_table.settle)
                    self.calls.append(len(self.slots))
                self._pay_to(p, total)
                self.slots.append(PhhActionLine(f"p{p} cbr {total}"))
            return
        board = _BOARD.match(entry)
        if board:
            self._deal(code)
            self.street_in.clear()
            self.slots.append(PhhActionLine("d db", 0, list(_cards(board.group(2)))))
            return
        show = _SHOWS.match(entry)
        if show:
            shown[self._player(show.group(1))] = _cards(show.group(2))
            return
        collected = _COLLECTED.match(entry)
        if collected:
            p = self._player(collected.group(1))
            self.won[p] = self.won.get(p, 0) + self.amount(collected.group(2))
            return
        uncalled = _UNCALLED.match(entry)
        if uncalled:
            p = self._player(uncalled.group(2))
            self.returned[p] = self.returned.get(p, 0) + self.amount(uncalled.group(1))
            return
        if "straddle" in entry or "run it twice" in entry.lower() or "second run" in entry:
            raise HistoryError("pokerroom's engine deals no straddles and runs a board "
                               "once")
        if _IGNORED.match(entry):
            return
        raise HistoryError("a line pokerroom cannot read")

    def _phh(self, code: str) -> dict[str, Any]:
        n = len(self.players)
        alone = {post.kind: post.amount for post in reversed(self.posts)}
        big = alone.get("big blind") or alone.get("big blind (posted)") or 0
        if not big:
            raise HistoryError("nobody posts a big blind")
        small = alone.get("small blind") or max(1, big // 2)
        antes = [0] * n
        for post in self.posts:
            if post.kind == "the ante":
                antes[self.index[post.name] - 1] += post.amount
        data: dict[str, Any] = {
            "variant": code, "antes": antes,
            "blinds_or_straddles": [small, big] + [0] * (n - 2), "min_bet": big,
            "starting_stacks": list(self.stacks),
            "actions": [s.render() for s in self.slots]}
        straddles_and_bombs(data, [p for p in self.posts if p.kind == "straddle"],
                            self.index, [small, big])
        if self.free_fold:
            data["_house_rules"] = {"free_fold": True}
        data.update(table_fields(self, blinds=True))
        data.update(players=[name.rsplit(" @ ", 1)[0] for name in self.players],
                    seats=list(self.seats), hand=self.hand.number, venue="PokerNow")
        paid = {p: self.paid.get(p, 0) - self.returned.get(p, 0) for p in range(1, n + 1)}
        return settle_imported(data, self.won, 0, paid, self.calls,
                               variants=self.hand.variants)
