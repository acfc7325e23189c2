"""A hand history brought to the card room, replayed on its table step by step.

The file (PHH, PokerStars text or a PokerNow CSV log, read by
:func:`pokerroom.history.reading.read_history`, the reader ``pokerroom import`` uses) is
replayed through the engine, and each hand comes back in the shape of the room's own
replay (``GET /api/tables/{id}/hands/{n}``: the log step by step, the table's picture after
the deal and after each action): the page's viewer steps through it the same way. Every
card the history names is shown where it lies; a card it does not name (``??``) stays
hidden, whatever stands in for it in the replay.

>>> text = '''variant = "NT"
... players = ["Ann", "Bob", "Cleo"]
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cbr 6", "p2 f"]
... '''
>>> replay = uploaded_replay(text, "hand.phh")
>>> replay["number"], replay["names"], replay["hands"], len(replay["frames"])
(1, ['Ann', 'Bob', 'Cleo'], [1], 4)
>>> [s["cards"] for s in replay["frames"][0]["picture"]["seats"]]
[['As', 'Kd'], ['??', '??'], ['??', '??']]
>>> replay["result"]["net"]
[2, -2, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pokerroom.cards import Card
from pokerroom.core import DEALER, Event
from pokerroom.engine.config import GameConfig
from pokerroom.engine.events import CardBurned, CardsDealt, CardsDiscarded, HandEnded
from pokerroom.engine.state import PokerHand
from pokerroom.engine.twice import SecondBoardShown
from pokerroom.errors import HistoryError
from pokerroom.games import get_game, phh_game, variants
from pokerroom.history.narration_poker import PokerStory
from pokerroom.history.phh import phh_replay, player_seats
from pokerroom.history.reading import read_history
from pokerroom.history.redaction import without_stand_ins
from pokerroom.server.codec import to_json
from pokerroom.sessions.poker import PokerSession
from pokerroom.sessions.poker_games import POKER_GAMES, PokerTables
from pokerroom.tableview import View

__all__ = ["MAX_UPLOAD", "uploaded_replay"]

MAX_UPLOAD = 1_000_000
"""The largest history file the room reads (bytes): a few hundred hands."""


def uploaded_replay(text: str, name: str, number: int | None = None) -> dict[str, Any]:
    """Hand ``number`` of the history ``text`` (the first hand read when ``None``) as the
    room's replay shows it, with ``hands`` (every hand number read) and ``problems`` (each
    line of the file that could not be read, ``file:line: why``). A
    :class:`~pokerroom.errors.HistoryError` when no hand of the file can be read, the
    hand is missing, or it does not replay."""
    result = read_history(text, name, variants=variants())
    problems = [p.message for p in result.problems]
    if not result.hands:
        raise HistoryError("; ".join(problems[:3]) or f"{name} holds no hand")
    if number is None:
        number = next(iter(result.hands))
    if number not in result.hands:
        raise HistoryError(f"{name} has no hand {number} (hands: "
                           + ", ".join(map(str, result.hands)) + ")")
    data = result.hands[number]
    home = phh_game(data.get("variant"))
    if home is not None:
        raise HistoryError(f"hand {number} is {home.title}: the room replays the poker "
                           "games of the engine from a file")
    try:
        payload = _replay(data, number)
    except HistoryError as err:
        raise HistoryError(f"hand {number} does not replay: {err}") from None
    payload["hands"] = list(result.hands)
    payload["problems"] = problems
    payload["source"] = name
    return payload


def _session(hand: PokerHand, names: Sequence[str]) -> PokerSession:
    """A session of the hand's game, lending its table pictures and its words (its own
    table is never dealt; a seat not dealt in joins it with a chip)."""
    tables = next(g.factory for g in POKER_GAMES if g.variant == hand.variant.name)
    assert isinstance(tables, PokerTables) and isinstance(hand.config, GameConfig)
    return tables.session(hand.config, names, [max(1, s) for s in hand.start_stacks])


def _names(data: dict[str, Any], hand: PokerHand) -> list[str]:
    players = data.get("players")
    given = [str(p) for p in players] if isinstance(players, list) else []
    names = [f"Seat {s + 1}" for s in range(hand.n)]
    for seat, name in zip(player_seats(hand), given, strict=False):
        names[seat] = name
    return names


def _replay(data: dict[str, Any], number: int) -> dict[str, Any]:
    frames: list[tuple[int, View, _Holes, list[int]]] = []
    box: list[PokerSession] = []

    def on_step(hand: PokerHand) -> None:
        if hand.actors == (DEALER,):
            return                      # the frame follows the dealer's steps
        if not box:
            box.append(_session(hand, _names(data, hand)))
        frames.append((len(hand.events), box[0].snapshot(hand, None), _holes(hand),
                       [s for s in hand.actors if s != DEALER]))

    hand, slots = phh_replay(data, on_step=on_step, variants=variants())
    names = _names(data, hand)
    session = box[0] if box else _session(hand, names)
    standing = _standing(hand.events, slots)
    pictures = [to_json(_shown(picture, holes, standing[count]))
                for count, picture, holes, _ in frames]
    events = without_stand_ins(hand.events, slots)
    steps = []
    told = 0
    for index in range(len(events)):
        lines = session.narrate(events[:index + 1])
        steps.append({"event": index, "lines": lines[told:]})
        told = len(lines)
    final = pictures[-1] if pictures else to_json(_shown(
        session.snapshot(hand, None), _holes(hand), standing[len(hand.events)]))
    net = [end - start for start, end in zip(hand.start_stacks, hand.final_stacks,
                                              strict=True)]
    return {
        "number": number, "game": get_game(hand.variant.name).name,
        "title": hand.variant.title, "stakes": {}, "dealer":
        hand.button if hand.variant.button_game else None,
        "lineup": list(range(hand.n)), "names": names, "you": None, "view": None,
        "picture": final, "events": len(events), "log": session.narrate(events),
        "over": hand.is_over, "legal": [],
        "result": {"net": net, "summary": _summary(hand, names)} if hand.is_over else None,
        "steps": steps, "starting": list(hand.start_stacks),
        "frames": [{"events": count, "picture": picture, "view": None, "actors": actors}
                   for (count, _, _, actors), picture in zip(frames, pictures, strict=True)],
    }


def _standing(events: Sequence[Event], slots: Sequence[bool]) -> list[dict[int, set[Card]]]:
    """After each number of events, the stand-ins each seat holds (the cards dealt in
    place of the history's hidden ones, by place: a stand-in may have the face of a card
    the history names elsewhere)."""
    marks = iter(slots)
    held: dict[int, set[Card]] = {}
    out: list[dict[int, set[Card]]] = [{}]
    for event in events:
        if isinstance(event, CardsDealt):
            for card in event.cards:
                if next(marks):
                    held.setdefault(event.to, set()).add(card)
                else:
                    held.setdefault(event.to, set()).discard(card)
        elif isinstance(event, CardBurned):
            next(marks)
        elif isinstance(event, CardsDiscarded):
            for card in event.action.discards:
                next(marks)
                held.setdefault(event.action.seat, set()).discard(card)
        out.append({seat: set(cards) for seat, cards in held.items()})
    return out


_Holes = list[list[Card] | None]
"""Each seat's cards at one step (None: folded)."""


def _holes(hand: PokerHand) -> _Holes:
    return [None if folded else list(hole) for hole, folded in zip(hand.hole, hand.folded,
                                                                   strict=True)]


def _shown(snapshot: View, holes: _Holes, standing: dict[int, set[Card]]
           ) -> View:
    """A spectator's picture with every card the history names put where it lies
    (``holes``: each seat's cards then; ``standing``: the stand-ins among them)."""
    seats = []
    for seat in snapshot.seats:
        hole = holes[seat.seat] if seat.seat < len(holes) else None
        if hole is None or len(seat.cards) != len(hole):
            seats.append(seat)
            continue
        kept = standing.get(seat.seat, set())
        cards = tuple(c if c not in kept else shown for c, shown in zip(hole, seat.cards,
                                                                         strict=True))
        seats.append(replace(seat, cards=cards))
    return replace(snapshot, seats=tuple(seats))


def _summary(hand: PokerHand, names: Sequence[str]) -> list[str]:
    """The hand's end in words: the pot, the board, the showdown and awards, each seat's
    result."""
    ended = next(e for e in reversed(hand.events) if isinstance(e, HandEnded))
    story = PokerStory(tuple(names), stud=not hand.variant.button_game)
    lines = [f"Total pot {sum(a.amount for a in ended.awards)}"]
    second = next((e for e in hand.events if isinstance(e, SecondBoardShown)), None)
    story.second_shown = second
    if second is not None:          # run twice: both boards, each board's showdown
        lines += ["Hand was run twice", f"FIRST Board [{' '.join(map(repr, hand.board))}]",
                  f"SECOND Board [{' '.join(map(repr, second.board))}]"]
    elif hand.board:
        lines.append(f"Board [{' '.join(map(repr, hand.board))}]")
    lines.extend(line for line in story.ending(ended) if line != "*** SHOW DOWN ***")
    for seat, (start, end) in enumerate(zip(hand.start_stacks, hand.final_stacks,
                                            strict=True)):
        if end != start:
            verb = "won" if end > start else "lost"
            lines.append(f"{names[seat]} {verb} {abs(end - start)} (stack {end})")
    return lines
