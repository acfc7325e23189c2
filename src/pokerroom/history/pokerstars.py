"""Hand histories in the PokerStars layout that tracker tools read (``--format pokerstars``).

pokerroom's chips carry no money value, so a hand is written as PokerStars writes a hand
of a play-chip (freeroll) tournament: the header names the tournament, the game, the level
with its stakes in brackets (blinds in no-limit and pot-limit games, the small and big bet
in fixed limit) and the time in ET; then the table line, one ``Seat N: name (chips in
chips)`` line per player dealt in, the forced bets, the streets (``*** HOLE CARDS ***``,
``*** FLOP *** [..]``; stud's ``*** 3rd STREET ***``...; draw's ``*** FIRST DRAW ***``...),
the showdown and the ``*** SUMMARY ***`` with the pot and one line per seat.

Cards the history's reader never saw are left out, as PokerStars leaves them out: a
player's hole cards appear in a ``Dealt to`` line only when known, and at the showdown.

>>> import tomllib
>>> from pokerroom.history.phh import phh_replay
>>> from pokerroom.history.redaction import without_stand_ins
>>> hand, stand_ins = phh_replay(tomllib.loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 ????", "p2 cbr 6", "p1 f"]'''))
>>> text = pokerstars_text(hand, "Hold'em", names={0: "Ann", 1: "Bob"}, hand_no=7,
...                        events=without_stand_ins(hand.events, stand_ins))
>>> print(text)  # doctest: +NORMALIZE_WHITESPACE
PokerStars Hand #7: Tournament #1, Freeroll  Hold'em No Limit - Level I (1/2) -
1970/01/01 0:00:00 ET
Table '1 1' 2-max Seat #2 is the button
Seat 1: Ann (100 in chips)
Seat 2: Bob (100 in chips)
Bob: posts small blind 1
Ann: posts big blind 2
*** HOLE CARDS ***
Dealt to Ann [As Kd]
Bob: raises 4 to 6
Ann: folds
Uncalled bet (4) returned to Bob
Bob collected 4 from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot 4 | Rake 0
Seat 1: Ann (big blind) folded before Flop
Seat 2: Bob (button) (small blind) collected (4)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.cards import Card
from pokerroom.core import Bet, BringIn, Call, Check, Complete, Event, Fold, Raise
from pokerroom.engine.config import Structure
from pokerroom.engine.events import (
    BOARD,
    Award,
    BetReturned,
    CardsDealt,
    CardsDiscarded,
    ForcedBet,
    HandEnded,
    HandStarted,
    PlayerActed,
    ShownHand,
)
from pokerroom.engine.extras import BOMB_POT, STRADDLE
from pokerroom.engine.state import PokerHand
from pokerroom.engine.twice import SECOND_BOARD, RunItTwice, SecondBoardShown
from pokerroom.engine.variants import VARIANTS, Variant
from pokerroom.errors import HistoryError

__all__ = ["HAND_NUMBERS", "STRUCTURE_NAMES", "export_table", "hand_id",
           "phh_to_pokerstars", "pokerstars_text", "table_id"]

STRUCTURE_NAMES = {Structure.NO_LIMIT: "No Limit", Structure.POT_LIMIT: "Pot Limit",
                   Structure.FIXED_LIMIT: "Limit"}

STUD_STREETS = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")
DRAW_STREETS = ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW")
BOARD_STREETS = ("FLOP", "TURN", "RIVER")
_FOLD_WHEN = {"board": ("before Flop", "on the Flop", "on the Turn", "on the River"),
              "stud": ("on the 3rd Street", "on the 4th Street", "on the 5th Street",
                       "on the 6th Street", "on the River"),
              "draw": ("before the Draw", "after the first Draw", "after the second Draw",
                       "after the third Draw")}


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(repr(c) for c in cards)


def _kind(hand: PokerHand) -> str:
    variant = hand.config.variant
    if variant.is_stud:
        return "stud"
    return "draw" if any(s.draw for s in variant.streets) else "board"


def _et(when: float) -> str:
    """A time as the header writes it (Eastern Time, a fixed five hours behind UTC).

    >>> _et(1796000000.0)
    '2026/11/29 19:53:20 ET'
    """
    moment = dt.datetime.fromtimestamp(when, dt.UTC) - dt.timedelta(hours=5) \
        if when > 0 else dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
    return f"{moment:%Y/%m/%d} {moment.hour}:{moment:%M:%S} ET"


HAND_NUMBERS = 1_000_000
"""Hands a table numbers before its hand ids would run into the next table's: a hand's id
is its table's id times this, plus its number (:func:`hand_id`)."""


def hand_id(table_id: int, hand_no: int) -> int:
    """The id a hand is written under: unique across tables and sessions, so a tracker
    that keys on hand ids never takes a second session's hand 1 for the first's.

    >>> hand_id(0, 42), hand_id(3141592653, 42)
    (42, 3141592653000042)
    """
    if not 0 <= hand_no < HAND_NUMBERS and table_id:
        raise HistoryError(f"hand {hand_no} is past the {HAND_NUMBERS - 1} a table numbers")
    return table_id * HAND_NUMBERS + hand_no


def table_id(name: str) -> int:
    """A table's id from its name or the session's (a room's id, a history file's stem):
    a number below 2**32, the same for the same name.

    >>> table_id("holdem-20261129-130000-seed7")
    3955606719
    """
    import zlib

    return zlib.crc32(name.encode("utf-8"))


def export_table(data: Mapping[str, object], session: str, number: int) -> dict[str, Any]:
    """How hand ``number`` of a PHH set is headed in the PokerStars layout, as its table
    was: a hand imported from a tournament under its tournament's number, one imported
    from a cash game as a ring game at its table, both under their own hand ids (a
    PokerNow game's, numbered from 1, under the session's table id too);
    pokerroom's own (chips with no money value) as a play-chip tournament numbered by
    ``session`` (a history file's stem, a room's id), the hand's id taking the table's
    (:func:`hand_id`), so two sessions never share one.

    >>> export_table({"_tournament": 9, "hand": 202, "venue": "PokerStars"}, "s", 1)
    {'hand_no': 202, 'tournament': 9}
    >>> export_table({"venue": "PokerStars", "table": "Alpha", "hand": 101}, "s", 2)
    {'hand_no': 101, 'tournament': None, 'table': 'Alpha'}
    >>> export_table({"venue": "PokerNow", "hand": 4}, "s", 4)["table_number"]
    453955339
    >>> export_table({}, "s", 3)
    {'hand_no': 3, 'tournament': 453955339, 'table_number': 453955339}

    A card room's download names its table and each hand's id (its table's id and its
    number): exported again, the hand keeps them.

    >>> export_table({"table": "r1", "hand": hand_id(table_id("r1"), 5)}, "s", 1)
    {'hand_no': 5, 'tournament': 219023793, 'table_number': 219023793}
    """
    hand = data.get("hand")
    room = data.get("table")
    if not data.get("venue") and isinstance(hand, int) and isinstance(room, str) and \
            hand // HAND_NUMBERS == table_id(room):
        return {"hand_no": hand % HAND_NUMBERS, "tournament": table_id(room),
                "table_number": table_id(room)}
    table = table_id(session)
    if data.get("venue") == "PokerStars" and isinstance(hand, int):
        tournament = data.get("_tournament")
        if isinstance(tournament, int):
            return {"hand_no": hand, "tournament": tournament}
        return {"hand_no": hand, "tournament": None, "table": str(data.get("table") or session)}
    if data.get("venue"):            # a PokerNow game numbers its hands from 1
        return {"hand_no": hand if isinstance(hand, int) else number, "tournament": None,
                "table": str(data.get("table") or session), "table_number": table}
    return {"hand_no": number, "tournament": table, "table_number": table}


def roman(number: int) -> str:
    """A tournament level's number as PokerStars writes it.

    >>> [roman(n) for n in (1, 3, 4, 9, 14, 40, 99)]
    ['I', 'III', 'IV', 'IX', 'XIV', 'XL', 'XCIX']
    """
    if not 1 <= number < 4000:
        raise HistoryError(f"level {number} has no Roman numeral")
    out = []
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"),
                           (5, "V"), (4, "IV"), (1, "I")):
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)


def from_roman(text: str) -> int:
    """A Roman numeral's value (the level of a PokerStars tournament header).

    >>> from_roman("III"), from_roman("XIV"), from_roman("XCIX")
    (3, 14, 99)
    """
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for i, letter in enumerate(text):
        value = values[letter]
        total += -value if i + 1 < len(text) and values[text[i + 1]] > value else value
    return total


def header(hand: PokerHand, game: str, hand_no: int, tournament: int | None,
           when: float, level: int = 1, buy_in: tuple[int, int] | None = None) -> str:
    """The first line of a hand of ``game`` (the game's PokerStars name): a tournament's
    when ``tournament`` is its number (a play-chip freeroll's, or with ``buy_in`` (price,
    fee) a ``$B+$F USD`` one's, at its ``level``), a play-money cash table's when it is
    ``None``.

    The level's stakes are the blinds in no-limit and pot-limit games and the small and
    big bet in fixed limit.
    """
    config = hand.config
    stakes = config.stakes
    if config.structure is Structure.FIXED_LIMIT or not stakes.blinds:
        stakes_words = f"{stakes.small_bet}/{stakes.big_bet}"
    else:
        stakes_words = "/".join(str(b) for b in stakes.blinds[-2:]) \
            if len(stakes.blinds) > 1 else f"{stakes.blinds[0]}/{stakes.blinds[0]}"
    game = f"{game} {STRUCTURE_NAMES[config.structure]}"
    if tournament is None:
        return f"PokerStars Hand #{hand_no}:  {game} ({stakes_words}) - {_et(when)}"
    entry = "Freeroll " if buy_in is None else f"${buy_in[0]}+${buy_in[1]} USD"
    return (f"PokerStars Hand #{hand_no}: Tournament #{tournament}, {entry} {game} - "
            f"Level {roman(level)} ({stakes_words}) - {_et(when)}")


@dataclass
class _Writer:
    """Walks a finished hand's events and writes them as PokerStars lines."""

    hand: PokerHand
    names: Mapping[int, str]
    lines: list[str] = field(default_factory=list)
    street: int = 0                  # betting rounds begun so far (0: none yet)
    high: int = 0                    # the highest bet of the round
    acted: bool = False              # a betting action since the street began
    known: dict[int, list[Card]] = field(default_factory=dict)
    folded_on: dict[int, int] = field(default_factory=dict)
    put_in: dict[int, int] = field(default_factory=dict)
    board: list[Card] = field(default_factory=list)
    drawn: set[int] = field(default_factory=set)   # seats dealt to or drawn this round
    runs: bool = False               # the board is run twice
    second: list[Card] = field(default_factory=list)
    second_shown: SecondBoardShown | None = None

    def name(self, seat: int) -> str:
        return self.names.get(seat, f"Player{seat + 1}")

    def _new_street(self, title: str) -> None:
        if self.street:
            self.high = 0            # the blinds count in the first round only
        self.street += 1
        self.acted = False
        self.lines.append(f"*** {title} ***")

    def _visible(self, cards: Sequence[Card]) -> list[Card]:
        return [c for c in cards if c.is_known]

    def deal(self, event: CardsDealt) -> None:
        kind = _kind(self.hand)
        if event.to in (BOARD, SECOND_BOARD):
            board = self.second if event.to == SECOND_BOARD else self.board
            run = ("SECOND " if event.to == SECOND_BOARD else "FIRST ") if self.runs else ""
            self._new_street(run + BOARD_STREETS[len(board) - 2 if board else 0])
            before = f" [{_cards(board)}]" if board else ""
            self.lines[-1] += f"{before} [{_cards(event.cards)}]"
            board.extend(event.cards)
            return
        first = self.street == 0
        if kind == "stud" and (first or self.acted or event.to in self.drawn):
            self._new_street(STUD_STREETS[self.street])
            self.drawn.clear()
        elif first:
            self._new_street("DEALING HANDS" if kind == "draw" else "HOLE CARDS")
        self.drawn.add(event.to)
        new = self._visible(event.cards)
        if len(new) < len(event.cards):  # a hand partly seen: only its face-up cards
            new = self._visible([c for c, up in zip(event.cards, event.face_up,
                                                    strict=True) if up])
        old = self.known.setdefault(event.to, [])
        if new:
            brackets = f"[{_cards(old)}] [{_cards(new)}]" if old else f"[{_cards(new)}]"
            self.lines.append(f"Dealt to {self.name(event.to)} {brackets}")
        old.extend(new)

    def draw(self, event: CardsDiscarded) -> None:
        if self.acted or event.action.seat in self.drawn:
            self._new_street(DRAW_STREETS[self.street - 1])
            self.drawn.clear()
        self.drawn.add(event.action.seat)
        seat = event.action.seat
        discards = event.action.discards
        who = self.name(seat)
        if not discards:
            self.lines.append(f"{who}: stands pat")
            return
        shown = self._visible(discards)
        noun = "card" if len(discards) == 1 else "cards"
        tail = f" [{_cards(shown)}]" if len(shown) == len(discards) else ""
        self.lines.append(f"{who}: discards {len(discards)} {noun}{tail}")
        held = self.known.get(seat, [])
        for card in shown:
            if card in held:
                held.remove(card)

    def forced(self, event: ForcedBet) -> None:
        who = self.name(event.seat)
        self.put_in[event.seat] = self.put_in.get(event.seat, 0) + event.amount
        if event.kind in ("ante", BOMB_POT):     # a bomb pot is written as antes
            self.lines.append(f"{who}: posts the ante {event.amount}")
            return
        words = ("straddle" if event.kind == STRADDLE else
                 "small blind" if "small" in event.kind else "big blind")
        self.lines.append(f"{who}: posts {words} {event.amount}")
        if event.live:
            self.high = max(self.high, event.amount)

    def act(self, event: PlayerActed) -> None:
        action = event.action
        seat = action.seat
        who = self.name(seat)
        self.acted = True
        self.put_in[seat] = self.put_in.get(seat, 0) + event.added
        tail = " and is all-in" if event.all_in else ""
        if isinstance(action, Fold):
            self.folded_on[seat] = self.street
            self.lines.append(f"{who}: folds ")  # PokerStars ends these two with a space
            return
        if isinstance(action, Check):
            self.lines.append(f"{who}: checks ")
            return
        if isinstance(action, Call):
            self.lines.append(f"{who}: calls {event.added}{tail}")
        elif isinstance(action, BringIn):
            self.lines.append(f"{who}: brings in for {event.added}{tail}")
        elif isinstance(action, Complete):
            self.lines.append(f"{who}: completes it to {event.total}{tail}")
        elif isinstance(action, Bet) or (not isinstance(action, Raise) and self.high == 0):
            self.lines.append(f"{who}: bets {event.added}{tail}")
        else:
            self.lines.append(f"{who}: raises {event.total - self.high} to {event.total}"
                              f"{tail}")
        self.high = max(self.high, event.total)

    def returned(self, event: BetReturned) -> None:
        self.put_in[event.seat] = self.put_in.get(event.seat, 0) - event.amount
        self.lines.append(f"Uncalled bet ({event.amount}) returned to {self.name(event.seat)}")

    def twice(self, event: RunItTwice) -> None:
        self.runs = True
        self.second = list(event.common)

    def ended(self, event: HandEnded) -> None:
        if self.second_shown is not None and event.shown:
            # run twice: each board's showdown and what it awards, as PokerStars writes it
            for run, shown_hands in (("FIRST", event.shown),
                                     ("SECOND", self.second_shown.shown)):
                self._showdown(f"{run} SHOW DOWN", shown_hands)
                self._collected(event, [a for a in event.awards if a.share.startswith(
                    f"{run.lower()} board") or (run == "FIRST" and a.share == "all")])
            return
        if event.shown:
            self._showdown("SHOW DOWN", event.shown)
        self._collected(event, list(event.awards))
        if not event.shown and event.awards:
            self.lines.append(f"{self.name(event.awards[0].seat)}: doesn't show hand")

    def _showdown(self, title: str, shown_hands: Sequence[ShownHand]) -> None:
        self.lines.append(f"*** {title} ***")
        for shown in shown_hands:
            self.lines.append(f"{self.name(shown.seat)}: shows [{_cards(shown.cards)}]"
                              f" ({_words(shown.high, shown.low)})")

    def _collected(self, event: HandEnded, awards: list[Award]) -> None:
        pots = {a.pot for a in event.awards}
        for award in awards:
            where = "pot" if len(pots) == 1 else ("main pot" if award.pot == 0 else
                                                  "side pot" if len(pots) == 2 else
                                                  f"side pot-{award.pot}")
            self.lines.append(f"{self.name(award.seat)} collected {award.amount} from {where}")


def _words(high: str | None, low: str | None) -> str:
    """A shown hand in words (``HI: ...; LO: ...`` in high-low games)."""
    if high and low:
        return f"HI: {high}; LO: {low}"
    return high or low or "no low"


def pokerstars_text(hand: PokerHand, game: str, *, names: Mapping[int, str] | None = None,
                    hand_no: int = 1, tournament: int | None = 1, when: float = 0.0,
                    events: Sequence[Event] | None = None, table: str | None = None,
                    table_number: int = 0, level: int = 1,
                    buy_in: tuple[int, int] | None = None) -> str:
    """A finished hand in the PokerStars layout, its game called ``game`` (the game's
    :attr:`~pokerroom.game.Game.pokerstars`: ``Hold'em``). ``names`` maps seats to player
    names (``Player1``... by default). ``events`` is the log as the history's reader saw it
    (:func:`pokerroom.history.redaction.log_as_seen`; default: every card), its ``??``
    cards left out (a hand replayed from a PHH record: its stand-ins for the record's
    ``??`` cards, :func:`pokerroom.history.redaction.without_stand_ins`).

    A tournament's hand (``tournament``: its number) is headed as a freeroll's, at table
    ``'T 1'`` (at ``level``, with ``buy_in``: see :func:`header`); a cash table's
    (``tournament=None``) as a play-money ring game, at
    ``table`` (its name). ``table_number`` (:func:`table_id`) makes the hand's id unique
    across tables and sessions (:func:`hand_id`).

    >>> from pokerroom.history.phh import phh_to_hand
    >>> played = phh_to_hand({"variant": "NT", "antes": [0, 0], "min_bet": 2,
    ...     "blinds_or_straddles": [1, 2], "starting_stacks": [100, 100],
    ...     "actions": ["d dh p1 AsKd", "d dh p2 QhQd", "p2 f"]})
    >>> print("\\n".join(pokerstars_text(played, "Hold'em", hand_no=7, tournament=None,
    ...                                  table="Alpha", table_number=12).splitlines()[:2]))
    PokerStars Hand #12000007:  Hold'em No Limit (1/2) - 1970/01/01 0:00:00 ET
    Table 'Alpha' 2-max Seat #2 is the button
    """
    if not game:
        raise HistoryError(f"the PokerStars layout has no name for "
                           f"{hand.config.variant.title}")
    if not hand.is_over or hand.result is None:
        raise HistoryError("only a finished hand can be written in the PokerStars layout")
    writer = _Writer(hand, names or {})
    seats = sorted(hand.deal_order)
    # stud too names the dealer's seat: ties on the board are broken from its left
    name = f"{tournament} 1" if tournament is not None else (table or "pokerroom")
    line = (f"Table '{name}' {len(hand.start_stacks)}-max Seat #{hand.button + 1}"
            " is the button")
    out = [header(hand, game, hand_id(table_number, hand_no), tournament, when, level,
                  buy_in), line]
    out.extend(f"Seat {s + 1}: {writer.name(s)} ({hand.start_stacks[s]} in chips)"
               for s in seats)
    for event in hand.events if events is None else events:
        if isinstance(event, ForcedBet):
            writer.forced(event)
        elif isinstance(event, CardsDealt):
            writer.deal(event)
        elif isinstance(event, CardsDiscarded):
            writer.draw(event)
        elif isinstance(event, PlayerActed):
            writer.act(event)
        elif isinstance(event, BetReturned):
            writer.returned(event)
        elif isinstance(event, RunItTwice):
            writer.twice(event)
        elif isinstance(event, SecondBoardShown):
            writer.second_shown = event
        elif isinstance(event, HandEnded):
            writer.ended(event)
    out.extend(writer.lines)
    out.extend(_summary(hand, writer))
    return "\n".join(out)


def _summary(hand: PokerHand, writer: _Writer) -> list[str]:
    result = hand.result
    assert isinstance(result, HandEnded)
    pots: dict[int, int] = {}
    won: dict[int, int] = {}
    for award in result.awards:
        pots[award.pot] = pots.get(award.pot, 0) + award.amount
        won[award.seat] = won.get(award.seat, 0) + award.amount
    total = sum(pots.values()) + result.carried
    head = f"Total pot {total}"
    if len(pots) > 1:
        head += f" Main pot {pots[0]}." + "".join(
            f" Side pot{'' if len(pots) == 2 else f'-{p}'} {pots[p]}."
            for p in sorted(pots) if p)
    out = ["*** SUMMARY ***", head + " | Rake 0"]
    if writer.runs:
        out += ["Hand was run twice", f"FIRST Board [{_cards(writer.board)}]",
                f"SECOND Board [{_cards(writer.second)}]"]
    elif writer.board:
        out.append(f"Board [{_cards(writer.board)}]")
    shown = {s.seat: s for s in result.shown}
    started = hand.events[0]
    blind_seats = [s for s in started.blind_seats if s is not None] \
        if isinstance(started, HandStarted) else []
    when = _FOLD_WHEN[_kind(hand)]
    for seat in sorted(hand.deal_order):
        line = f"Seat {seat + 1}: {writer.name(seat)}"
        if hand.config.variant.button_game and seat == hand.button:
            line += " (button)"
        if blind_seats and seat == blind_seats[0] and len(blind_seats) > 1:
            line += " (small blind)"
        elif blind_seats and seat == blind_seats[-1]:
            line += " (big blind)"
        if seat in writer.folded_on:
            street = writer.folded_on[seat]
            line += f" folded {when[max(0, min(street, len(when)) - 1)]}"
            if writer.put_in.get(seat, 0) == 0:
                line += " (didn't bet)"
        elif seat in shown and writer.second_shown is not None:
            line += f" showed [{_cards(shown[seat].cards)}]" + ",".join(
                _board_result(result, seat, board, hands) for board, hands in (
                    ("first board", shown), ("second board", {
                        s.seat: s for s in writer.second_shown.shown})))
        elif seat in shown:
            words = _words(shown[seat].high, shown[seat].low)
            cards = _cards(shown[seat].cards)
            line += (f" showed [{cards}] and won ({won[seat]}) with {words}" if seat in won
                     else f" showed [{cards}] and lost with {words}")
        elif seat in won:
            line += f" collected ({won[seat]})"
        out.append(line)
    return out


def _board_result(result: HandEnded, seat: int, board: str,
                  hands: Mapping[int, ShownHand]) -> str:
    """What ``seat`` won on one board of a hand run twice, as PokerStars sums it up
    (`` and won (150) with ...`` or `` and lost with ...``; a pot nobody contested
    counts with the first board)."""
    amount = sum(a.amount for a in result.awards if a.seat == seat and (
        a.share.startswith(board) or (board == "first board" and a.share == "all")))
    words = _words(hands[seat].high, hands[seat].low)
    return f" and won ({amount}) with {words}" if amount else f" and lost with {words}"


def phh_to_pokerstars(data: Mapping[str, object], game: str, *, hand_no: int = 1,
                      tournament: int | None = 1, when: float = 0.0, table: str | None = None,
                      table_number: int = 0,
                      variants: Mapping[str, Variant] = VARIANTS,
                      replayed: tuple[PokerHand, tuple[bool, ...]] | None = None) -> str:
    """A PHH hand (a dict, as :func:`pokerroom.history.phh.hand_to_phh` makes it) of the
    game called ``game`` in the PokerStars layout (:func:`pokerstars_text`): replayed
    through the engine (its variant among ``variants``: the rulebook's unless another
    lookup is given), its ``??`` cards left out, its players named by PHH's
    ``players`` field (``Player1``... by table seat otherwise);
    a tournament hand's header takes its ``level`` and ``_buy_in`` (price, fee) fields.
    A caller that has replayed ``data`` already passes what
    :func:`~pokerroom.history.phh.phh_replay` returned for it as ``replayed`` (the hand
    and its stand-ins), and the hand is not replayed again.

    >>> print(phh_to_pokerstars({"variant": "FR", "antes": [1, 1], "bring_in": 1,
    ...     "small_bet": 2, "big_bet": 4, "starting_stacks": [50, 50],
    ...     "actions": ["d dh p1 ????Kh", "d dh p2 ????5d", "p1 pb", "p2 f"]}, "Razz"
    ...     ).splitlines()[2:9])  # doctest: +NORMALIZE_WHITESPACE
    ['Seat 1: Player1 (50 in chips)', 'Seat 2: Player2 (50 in chips)',
     'Player1: posts the ante 1', 'Player2: posts the ante 1', '*** 3rd STREET ***',
     'Dealt to Player1 [Kh]', 'Dealt to Player2 [5d]']
    """
    from pokerroom.history.phh import phh_replay, player_seats
    from pokerroom.history.redaction import without_stand_ins

    hand, slots = (replayed if replayed is not None
                   else phh_replay(dict(data), variants=variants))
    players = data.get("players")
    names: dict[int, str] = {}
    if isinstance(players, list):
        names = {seat: str(name) for seat, name in zip(player_seats(hand), players,
                                                       strict=False)}
    level = data.get("level")
    paid = data.get("_buy_in")
    buy_in = (paid[0], paid[1]) if isinstance(paid, list) and len(paid) == 2 and all(
        isinstance(p, int) and not isinstance(p, bool) for p in paid) else None
    return pokerstars_text(hand, game, names=names, hand_no=hand_no, tournament=tournament,
                           when=when, events=without_stand_ins(hand.events, slots),
                           table=table, table_number=table_number,
                           level=level if isinstance(level, int) and level >= 1 else 1,
                           buy_in=buy_in if tournament is not None else None)
