"""Rulings of jacks or better: false openers (``jacks-2``, ``jacks-4``, ``jacks-6``), a
false declaration (``jacks-3``), and the declaration of a player all in for the ante
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

A player all in for the ante (or part of it) is skipped by the betting, but "may declare
the pot open if you have openers" (``jacks-5``): while nobody has opened, when the turn
reaches that seat it is offered ``Choice(seat, what=DECLARE_ALL_IN)``. A declaration
opens the pot (the seat is the opener and must prove openers, ``jacks-3``); when the turn
came after the last check of the round, the round closes on the declaration instead of
ending unopened. Shown false before the draw (``FalseAllInOpeners``), the ante is lost,
the player is barred (:attr:`LiveHand.barred`) until the pot has been legally opened and
won, and the pot, which nobody legally opened, is ruled as after false openers: it plays
if there was a raise, two callers or the action before the draw is complete
(``jacks-4``), else the others who did not pass openers may declare it open and, if
nobody does, every bet goes back and the pot carries (``jacks-2``). A declarer who
cannot prove openers at the showdown wins nothing and is barred the same way.

>>> DECLARE_OPEN, DECLARE_ALL_IN
('declare open', 'declare open (all in for the ante)')
"""

from __future__ import annotations

from pokerroom.core import Bet, Check, Event
from pokerroom.engine import CardsDiscarded, OpenerDeclared, PlayerActed
from pokerroom.engine.dealing import holds_openers
from pokerroom.engine.openers import openers_proved
from pokerroom.engine.state import BET, DRAW, SHOW
from pokerroom.errors import IllegalActionError
from pokerroom.rulings.button import dead_hands
from pokerroom.rulings.fixes import Fix, KillHand, LeaveUnopened, MakeOpener, ReturnChips
from pokerroom.rulings.live import CHOICES, HANDLERS, WATCHERS, Choice, LiveHand
from pokerroom.rulings.reports import FalseAllInOpeners, FalseOpeners
from pokerroom.rulings.ruling import Ruling, RulingMade

__all__ = ["DECLARE_ALL_IN", "DECLARE_OPEN", "pot_plays", "ruled_false"]

DECLARE_OPEN = "declare open"
DECLARE_ALL_IN = "declare open (all in for the ante)"
_ALL_IN_DECLARER = "all-in declarer"


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
    return _opened_falsely(live, seat, f"Seat {seat} has false openers")


def _opened_falsely(live: LiveHand, seat: int, what: str, *, bet: bool = True,
                    also: tuple[str, ...] = ()) -> Ruling:
    """The pot ``seat`` opened falsely before the draw (``what`` says how, ``also`` adds
    rules; ``bet``: with an opening bet, else by a declaration all in for the ante): it
    plays if ``jacks-4`` says so, else the others may declare it open (``jacks-2``)."""
    hand = live.hand
    live.note["opening bet"] = bet
    stake = "the opening bet" if bet else "its ante"
    why = pot_plays(live)
    if why:
        complete = hand.street > 0 or hand.phase == DRAW
        back = 0 if complete else _withdraw(live, seat)
        if complete:
            tail = "; the opener may not withdraw any bets"
        else:
            tail = (f"; {stake} stays and the opener's other {back} chip(s) are "
                    "withdrawn" if back else f"; {stake} stays")
        return dead_hands(live, [seat], "jacks-4", f"{what}, but {why}: the pot plays; the "
                          f"opener's hand is dead{tail}",
                          also=(*also, "jacks-6") if complete else (*also, "jacks-2"))
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
        return Ruling("jacks-2", f"{what}: the hand is dead and {stake} stays in the pot; "
                      f"seat(s) {', '.join(map(str, eligible))} may declare the pot open "
                      "(players who passed openers may not)", also=also)
    _no_declaration(live)
    return Ruling("jacks-2", f"{what}: the hand is dead; nobody may declare the pot open, "
                  f"so {_what_goes_back(live)}, everyone antes again", also=also)


def _what_goes_back(live: LiveHand) -> str:
    """What happens to the chips when nobody declares a falsely opened pot open."""
    if live.note.get("opening bet", True):
        return ("every bet but the opening bet goes back; the opening bet and the antes "
                "stay for the next deal")
    return "every bet goes back; the antes stay for the next deal"


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
        words = f"Nobody declares the pot open: {_what_goes_back(live)}"
    return _declared(live, choice, Ruling("jacks-2", words,
                                          also=("jacks-3",) if choice.take else ()))


def _declared(live: LiveHand, choice: Choice, ruling: Ruling) -> Event:
    """Record the answer to a declaration and its ruling in the history, with the
    :class:`OpenerDeclared` event of a declaration; returns the ruling's event."""
    event = RulingMade(choice, ruling)
    live.history.append(event)
    if choice.take:
        live.history.append(OpenerDeclared(choice.seat))
    return event


def _false_all_in(live: LiveHand, report: FalseAllInOpeners) -> Ruling:
    hand = live.hand
    seat = report.seat
    if live.config.variant.name != "jacks" or hand.folded[seat] or hand.stacks[seat] > 0:
        raise IllegalActionError(f"seat {seat} is not all in for the ante")
    if live.note.get(_ALL_IN_DECLARER) != seat:
        raise IllegalActionError(f"seat {seat} has not declared the pot open")
    if (hand.street > 0 and hand.phase != DRAW) or seat in _drawn(live):
        raise IllegalActionError("a false declaration is ruled on before the draw (after "
                                 "it, the declarer must prove openers at the showdown, "
                                 "jacks-3)")
    if hand.has_openers(seat):
        raise IllegalActionError(f"seat {seat} holds openers")
    ruled_false(live).add(seat)
    live.barred.add(seat)
    return _opened_falsely(live, seat, f"Seat {seat}, all in for the ante, declared the pot "
                           "open falsely: the ante is lost and the player may not play "
                           "again, even after buying in, until the pot has been legally "
                           "opened and won. Nobody opened the pot legally", bet=False,
                           also=("jacks-5",))


def _all_in_turns(live: LiveHand) -> list[int]:
    """The seats all in for the ante whose turn in the round before the draw has come
    while the pot is unopened, in turn: those before the seat to act, or every one once
    the round ended unopened."""
    hand = live.hand
    if not hand.variant.openers_required or hand.street != 0 or hand.opener_seat >= 0 \
            or live.deal_queue or live.choices:
        return []
    order = hand.deal_order
    if hand.phase == BET and hand.actor in order:
        passed = order[:order.index(hand.actor)]
    elif hand.phase == SHOW and not hand.is_over and "false opener" not in live.note \
            and hand.folded.count(False) >= 2:
        passed = list(order)
    else:
        return []
    return [s for s in passed if hand.in_hand[s] and not hand.folded[s]
            and hand.stacks[s] == 0 and s not in live.barred]


def _watch_all_in(live: LiveHand) -> None:
    """``jacks-5``: offer the declaration to a seat all in for the ante when its turn
    comes; bar an all-in declarer who could not prove openers at the showdown."""
    hand = live.hand
    declarer = live.note.get(_ALL_IN_DECLARER)
    if hand.is_over and declarer is not None and not hand.folded[declarer] and \
            not openers_proved(hand, declarer):
        live.barred.add(declarer)
    asked: set[int] = live.note.setdefault("all in asked", set())
    for seat in _all_in_turns(live):
        if seat not in asked:
            asked.add(seat)
            live.offer(seat, DECLARE_ALL_IN)
            return


def _declare_all_in(live: LiveHand, choice: Choice) -> Event:
    seat = choice.seat
    if choice.take:
        hand = live.hand
        if hand.phase == SHOW:
            # the turn came after the step that closed the round unopened (the last
            # check, or the last card when nobody could bet): it closes on the declaration
            last = max(i for i, step in enumerate(live.steps) if not isinstance(step, Fix))
            seen = len(hand.events)
            live.steps.insert(last, MakeOpener(owner=seat))
            live.rebuild()
            live.history.extend(live.hand.events[seen:])
            live._plan_group()
        else:
            live.apply_fix(MakeOpener(owner=seat))
        live.note[_ALL_IN_DECLARER] = seat
        words = (f"Seat {seat}, all in for the ante, declares the pot open and must prove "
                 f"openers to win; seat {seat} is the opener")
    else:
        words = f"Seat {seat}, all in for the ante, does not declare the pot open"
    return _declared(live, choice, Ruling("jacks-5", words,
                                          also=("jacks-3",) if choice.take else ()))


HANDLERS[(FalseOpeners, "draw")] = _false_openers
HANDLERS[(FalseAllInOpeners, "draw")] = _false_all_in
CHOICES[DECLARE_OPEN] = _declare_open
CHOICES[DECLARE_ALL_IN] = _declare_all_in
WATCHERS.append(_watch_all_in)
