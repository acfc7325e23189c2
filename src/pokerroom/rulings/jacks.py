"""Rulings of jacks or better: false openers (``jacks-2``, ``jacks-4``, ``jacks-6``), a
false declaration (``jacks-3``) and a false declaration by a player all in for the ante
(``jacks-5``).

When the opener shows false openers before the pot plays, each other player still in who
did not pass openers may declare the pot open, a choice answered with
``Choice(seat, what="declare open", take=True or False)``. The player who declares is the
opener from then on (an :class:`~pokerroom.engine.events.OpenerDeclared` event in the
history): first to act after the draw (``draw-intro``), the one who must split openers
openly (``jacks-9``), who may be asked to keep the opening hand (``jacks-8``) and may
retrieve it (``jacks-7``), and who must prove openers to win the pot (``jacks-3``; the
engine's showdown, :mod:`pokerroom.engine.openers`). A declarer shown to hold no openers
before the draw has a dead hand, and the chips it put in stay in the pot.

>>> DECLARE_OPEN
'declare open'
"""

from __future__ import annotations

from pokerroom.core import Bet, Check, Event
from pokerroom.engine import CardsDiscarded, OpenerDeclared, PlayerActed
from pokerroom.engine.dealing import holds_openers
from pokerroom.engine.state import BET, DRAW
from pokerroom.errors import IllegalActionError
from pokerroom.rulings.button import dead_hands
from pokerroom.rulings.fixes import KillHand, LeaveUnopened, MakeOpener, ReturnChips
from pokerroom.rulings.live import CHOICES, HANDLERS, Choice, LiveHand
from pokerroom.rulings.reports import FalseAllInOpeners, FalseOpeners
from pokerroom.rulings.ruling import Ruling, RulingMade

__all__ = ["DECLARE_OPEN", "pot_plays", "ruled_false"]

DECLARE_OPEN = "declare open"


def _pre_draw_acts(live: LiveHand) -> list[PlayerActed]:
    return [e for e in live.hand.events if isinstance(e, PlayerActed)]


def pot_plays(live: LiveHand) -> str:
    """Why the pot plays despite a false opener (``jacks-4``), or ``""``: a raise, two
    or more callers, or the action before the draw complete."""
    if live.hand.street > 0 or live.hand.phase == DRAW:
        return "the action before the draw is complete"
    names = [type(e.action).__name__ for e in _pre_draw_acts(live)]
    after = names[names.index("Bet") + 1:] if "Bet" in names else []
    if "Raise" in after:
        return "there has been a raise"
    if after.count("Call") >= 2:
        return "two or more players called the opening bet"
    return ""


def _false_openers(live: LiveHand, report: FalseOpeners) -> Ruling:
    hand = live.hand
    seat = report.seat
    if live.config.variant.name != "jacks" or hand.opener_seat != seat:
        raise IllegalActionError(f"seat {seat} did not open the pot")
    if (hand.street > 0 and hand.phase != DRAW) or seat in _drawn(live):
        raise IllegalActionError("false openers are ruled on before the draw (after it, "
                                 "the opener must prove openers at the showdown, jacks-3)")
    if hand.folded[seat] or holds_openers(hand.hole[seat]):
        raise IllegalActionError(f"seat {seat} has no hand, or it holds openers")
    ruled_false(live).add(seat)
    if seat == live.note.get("declarer"):
        return dead_hands(live, [seat], "jacks-3", f"Seat {seat} declared the pot open without "
                          "openers: the hand is dead and the chips it put in stay in the pot; "
                          "the pot plays on", also=("jacks-2",))
    why = pot_plays(live)
    if why:
        complete = hand.street > 0 or hand.phase == DRAW
        back = 0 if complete else _withdraw(live, seat)
        if complete:
            tail = "; the opener may not withdraw any bets"
        else:
            tail = (f"; the opening bet stays and the opener's other {back} chip(s) are "
                    "withdrawn" if back else "; the opening bet stays")
        return dead_hands(live, [seat], "jacks-4", f"Seat {seat} has false openers, but {why}: "
                          f"the pot plays; the opener's hand is dead{tail}",
                          also=("jacks-6",) if complete else ("jacks-2",))
    if hand.phase != BET:
        raise IllegalActionError("no betting round is open")
    live.apply_fix(KillHand(victim=seat))
    passed = {e.action.seat for e in _pre_draw_acts(live) if isinstance(e.action, Check)
              and holds_openers(hand.hole[e.action.seat])}
    order = [(seat + i) % hand.n for i in range(1, hand.n)]
    eligible = [s for s in order if not hand.folded[s] and s not in passed]
    live.note["declare queue"] = eligible
    live.note["false opener"] = seat
    if eligible:
        live.offer(eligible[0], DECLARE_OPEN)
        return Ruling("jacks-2", f"Seat {seat} has false openers: the hand is dead and the "
                      "opening bet stays in the pot; seat(s) "
                      f"{', '.join(map(str, eligible))} may declare the pot open (players "
                      "who passed openers may not)")
    _no_declaration(live)
    return Ruling("jacks-2", f"Seat {seat} has false openers: the hand is dead; nobody may "
                  "declare the pot open, so every bet but the opening bet goes back; the "
                  "opening bet and the antes stay for the next deal, everyone antes again")


def ruled_false(live: LiveHand) -> set[int]:
    """The seats whose hands were ruled false openers (or a false declaration)."""
    seats: set[int] = live.note.setdefault("ruled false", set())
    return seats


def _drawn(live: LiveHand) -> set[int]:
    """The seats that have drawn in this hand."""
    return {e.action.seat for e in live.hand.events if isinstance(e, CardsDiscarded)}


def _withdraw(live: LiveHand, seat: int) -> int:
    """``jacks-2``: before the action before the draw is complete, the false opener's
    bets beyond the opening bet go back. Returns the chips returned."""
    opening = next((e.added for e in _pre_draw_acts(live)
                    if isinstance(e.action, Bet) and e.action.seat == seat), 0)
    extra = live.hand.bets[seat] - opening
    if extra > 0:
        live.apply_fix(ReturnChips(owner=seat, amount=extra))
    return max(extra, 0)


def _no_declaration(live: LiveHand) -> None:
    hand = live.hand
    opener = live.note.get("false opener", -1)
    for s in range(hand.n):
        if s != opener and hand.bets[s]:
            live.apply_fix(ReturnChips(owner=s, amount=hand.bets[s]))
    live.apply_fix(LeaveUnopened())


def _declare_open(live: LiveHand, choice: Choice) -> Event:
    seat = choice.seat
    queue: list[int] = live.note.get("declare queue", [])
    if seat in queue:
        queue.remove(seat)
    if choice.take:
        live.apply_fix(MakeOpener(owner=seat))
        live.note["declare queue"] = []
        live.note["declarer"] = seat
        words = (f"Seat {seat} declares the pot open and must prove openers to win; seat "
                 f"{seat} is the opener from now on")
    elif queue:
        live.offer(queue[0], DECLARE_OPEN)
        words = f"Seat {seat} does not declare the pot open"
    else:
        _no_declaration(live)
        words = ("Nobody declares the pot open: every bet but the opening bet goes back; "
                 "the opening bet and the antes stay for the next deal")
    event = RulingMade(choice, Ruling("jacks-2", words,
                                      also=("jacks-3",) if choice.take else ()))
    live.history.append(event)
    if choice.take:
        live.history.append(OpenerDeclared(seat))
    return event


def _false_all_in(live: LiveHand, report: FalseAllInOpeners) -> Ruling:
    hand = live.hand
    seat = report.seat
    if live.config.variant.name != "jacks" or hand.folded[seat] or hand.stacks[seat] > 0:
        raise IllegalActionError(f"seat {seat} is not all in for the ante")
    live.barred.add(seat)
    return dead_hands(live, [seat], "jacks-5", f"Seat {seat}, all in for the ante, declared "
                      "openers falsely: the ante is lost and the player may not play again, "
                      "even after buying in, until the pot has been legally opened and won")


HANDLERS[(FalseOpeners, "draw")] = _false_openers
HANDLERS[(FalseAllInOpeners, "draw")] = _false_all_in
CHOICES[DECLARE_OPEN] = _declare_open
