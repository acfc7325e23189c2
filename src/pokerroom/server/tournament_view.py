"""What a room's tournament shows: the clock bar's figures, the standings and each seat's
offer (:func:`tourney_payload`, part of every snapshot), and the places for the
histories (:func:`standings_lines`). The tournament itself is
:mod:`pokerroom.server.tournament_table`.
"""

from __future__ import annotations

from typing import Any

from pokerroom.errors import TournamentError
from pokerroom.server import tournament_table
from pokerroom.server.tournament_table import TournamentTable
from pokerroom.tournament.structure import TournamentStructure

__all__ = ["standings_lines", "tourney_payload"]


def standings_lines(room: TournamentTable) -> list[tuple[int, int, str, str, int]]:
    """The places so far, best first: ``(hand, place, name, place in words, prize)``,
    the hand being the one the player went out on (the last hand for the winner and
    for the players of a deal)."""
    t = room.tourney
    if t is None or t.session is None:
        return []
    rows = [(t.out_at.get(seat, 0), f.place, room.player_name(seat), f.describe(),
             t.prizes.get(seat, 0)) for seat, f in t.places.items()]
    return sorted(rows, key=lambda row: row[1])


def tourney_payload(room: TournamentTable, room_seat: int | None) -> dict[str, Any] | None:
    """The tournament as the page shows it: the clock (level, stakes, time or hands
    left, the next level, average stack, players left, prize pool), the standings, the
    deal on offer, and what ``room_seat`` may buy."""
    t = room.tourney
    if t is None:
        return None
    session = t.session
    s = t.structure
    reading = t.reading(tournament_table.wall_time())
    entries = len(t.entrants) if t.entrants else len(
        [i for i in room.seats.values() if i.approved])
    rebuys, add_ons = (session.rebuys, session.add_ons) if session else (0, 0)
    pool = s.prize_pool(entries, rebuys, add_ons)
    left = [seat for seat in t.entrants if seat not in t.places] if t.entrants else []
    chips = sum(session.stacks) + session.chips_held if session else 0
    standings = []
    for seat, finish in sorted(t.places.items(), key=lambda item: item[1].place):
        name = room.player_name(seat) if session else ""
        standings.append({"seat": seat, "name": name, "place": finish.place,
                          "words": finish.describe(), "prize": t.prizes.get(seat, 0)})
    deal = None
    if t.deal is not None:
        deal = {"method": t.deal.method,
                "amounts": [{"seat": seat, "name": room.player_name(seat),
                             "amount": amount, "accepted": seat in t.deal.accepted}
                            for seat, amount in t.deal.amounts.items()]}
    return {
        "name": s.name,
        "unit": t.settings.clock,
        "started": bool(t.entrants),
        "running": t.since is not None and not t.over,
        "over": t.over,
        "level": reading.level,
        "on_break": reading.on_break,
        "stakes": reading.stakes.describe(),
        "next": reading.next_stakes.describe() if reading.next_stakes else None,
        "left": reading.left,
        "line": reading.describe(),
        "played": round(t.played_at(tournament_table.wall_time()), 1),
        "players_left": len(left) if t.entrants else entries,
        "entries": entries,
        "average": chips // max(len(left), 1) if t.entrants else s.starting_stack,
        "prize_pool": pool,
        "rebuys": rebuys,
        "add_ons": add_ons,
        "chips": s.starting_stack * entries + rebuys * (s.rebuys.chips if s.rebuys else 0)
        + add_ons * (s.add_on.chips if s.add_on else 0),
        "prizes": _prizes(s, entries, rebuys, add_ons),
        "late_registration": {"until": s.late_registration,
                              "open": s.late_registration > 0 and not t.over
                              and room.tourney_entry_refusal() is None},
        "standings": standings,
        "places": {str(seat): f.describe() for seat, f in t.places.items()},
        "deal": deal,
        "dealt": t.dealt,
        "asked": [{"seat": seat, "name": room.seats[seat].name, "what": what}
                  for seat, what in sorted(t.asked.items()) if seat in room.seats],
        "you": room.buy_offer(room_seat),
    }


def _prizes(structure: TournamentStructure, entries: int, rebuys: int, add_ons: int) -> list[int]:
    """The prizes as the field stands (none while it is too small to pay them)."""
    try:
        return list(structure.prizes(entries, rebuys, add_ons))
    except TournamentError:
        return []
