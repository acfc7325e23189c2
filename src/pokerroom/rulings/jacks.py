"""Rulings of jacks or better: false openers (``jacks-2``, ``jacks-4``, ``jacks-6``) and
a false declaration by a player all in for the ante (``jacks-5``).

When the opener shows false openers before the pot plays, each other player still in who
did not pass openers may declare the pot open, a choice answered with
``Choice(seat, what="declare open", take=True or False)``.

>>> DECLARE_OPEN
'declare open'
"""

from __future__ import annotations

from pokerroom.core import Bet, Check, Event
from pokerroom.engine import PlayerActed
from pokerroom.engine.dealing import holds_openers
from pokerroom.engine.state import BET, DRAW
from pokerroom.errors import IllegalActionError
from pokerroom.rulings.fixes import KillHand, LeaveUnopened, MakeOpener, ReturnChips
from pokerroom.rulings.live import CHOICES, HANDLERS, Choice, LiveHand
from pokerroom.rulings.reports import FalseAllInOpeners, FalseOpeners
from pokerroom.rulings.ruling import Ruling, RulingMade

__all__ = ["DECLARE_OPEN", "pot_plays"]

DECLARE_OPEN = "declare open"


def _pre_draw_acts(live: LiveHand) -> list[PlayerActed]:
    return [e for e in live.hand.events if isinstance(e, PlayerActed)]


def pot_plays(live: LiveHand) -> str:
    """Why the pot plays despite a false opener (``jacks-4``), or ``""``: a raise, two
    or more callers, or the action before the draw complete."""
    hand = live.hand
    if hand.street > 0 or hand.phase == DRAW:
        return "the action before the draw is complete"
    acts = [e.action for e in _pre_draw_acts(live)]
    names = [type(a).__name__ for a in acts]
    opened = next((i for i, n in enumerate(names) if n == "Bet"), None)
    after = names[opened + 1:] if opened is not None else []
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
    if hand.street > 0 and hand.phase != DRAW:
        raise IllegalActionError("false openers are ruled on before the draw")
    if hand.folded[seat] or holds_openers(hand.hole[seat]):
        raise IllegalActionError(f"seat {seat} has no hand, or it holds openers")
    why = pot_plays(live)
    if why:
        complete = hand.street > 0 or hand.phase == DRAW
        back = 0 if complete else _withdraw(live, seat)
        live.apply_fix(KillHand(victim=seat))
        if complete:
            tail = "; the opener may not withdraw any bets"
        else:
            tail = (f"; the opening bet stays and the opener's other {back} chip(s) are "
                    "withdrawn" if back else "; the opening bet stays")
        return Ruling("jacks-4", f"Seat {seat} has false openers, but {why}: the pot plays; "
                      f"the opener's hand is dead{tail}",
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


def _withdraw(live: LiveHand, seat: int) -> int:
    """``jacks-2``: before the action before the draw is complete, the false opener's
    bets beyond the opening bet go back. Returns the chips returned."""
    hand = live.hand
    opening = next((e.added for e in _pre_draw_acts(live)
                    if isinstance(e.action, Bet) and e.action.seat == seat), 0)
    extra = hand.bets[seat] - opening
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
    del live.choices[seat]
    queue: list[int] = live.note.get("declare queue", [])
    if seat in queue:
        queue.remove(seat)
    if choice.take:
        live.apply_fix(MakeOpener(owner=seat))
        live.note["declare queue"] = []
        words = f"Seat {seat} declares the pot open and must prove openers to win"
    elif queue:
        live.offer(queue[0], DECLARE_OPEN)
        words = f"Seat {seat} does not declare the pot open"
    else:
        _no_declaration(live)
        words = ("Nobody declares the pot open: every bet but the opening bet goes back; "
                 "the opening bet and the antes stay for the next deal")
    event = RulingMade(choice, Ruling("jacks-2", words))
    live.history.append(event)
    return event


def _false_all_in(live: LiveHand, report: FalseAllInOpeners) -> Ruling:
    hand = live.hand
    seat = report.seat
    if live.config.variant.name != "jacks" or hand.folded[seat] or hand.stacks[seat] > 0:
        raise IllegalActionError(f"seat {seat} is not all in for the ante")
    live.apply_fix(KillHand(victim=seat))
    live.barred.add(seat)
    return Ruling("jacks-5", f"Seat {seat}, all in for the ante, declared openers falsely: "
                  "the ante is lost and the player may not play again, even after buying "
                  "in, until the pot has been legally opened and won")


HANDLERS[(FalseOpeners, "draw")] = _false_openers
HANDLERS[(FalseAllInOpeners, "draw")] = _false_all_in
CHOICES[DECLARE_OPEN] = _declare_open
