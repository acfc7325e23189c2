"""Rulings of the draw games: exposed cards before and on the draw (``lowball-8``,
``lowball-9``, ``a5-3``, ``27-2``, ``nlpl-lowball-2a``, ``nlpl-lowball-2b``,
``nlpl-lowball-3``, ``draw-3``), short and fouled hands (``lowball-11``, ``draw-4``),
miscalled hands and unannounced pairs (``lowball-15-miscall``, ``lowball-16``).

Which exposed cards a player must take before the draw, by form:

>>> from pokerroom.cards import card
>>> from pokerroom.rulings.ruling import RulingOptions
>>> [must_take("lowball-a5", True, card(r + "s"), RulingOptions()) for r in "A578"]
[True, True, True, False]
>>> [must_take("lowball-27", False, card(r + "s"), RulingOptions()) for r in "2567"]
[True, True, False, True]
"""

from __future__ import annotations

from pokerroom.cards import Card
from pokerroom.engine import Structure
from pokerroom.engine.showdown import evaluate_low
from pokerroom.errors import IllegalActionError
from pokerroom.rulings.button import (
    BUTTON_GAMES,
    _late,
    dead_hands,
    deal_position,
    in_play,
    misdeal,
    replace_exposed,
    too_late,
)
from pokerroom.rulings.fixes import TakeBack
from pokerroom.rulings.live import HANDLERS, LiveHand
from pokerroom.rulings.reports import (
    ExposedCard,
    HandCardCount,
    Miscall,
    PairNotAnnounced,
    ShortHand,
)
from pokerroom.rulings.ruling import ExposedPolicy, Ruling, RulingOptions

__all__ = ["exposed_rule", "must_take", "short_hand"]

_A5_ORDER = "A23456789TJQK"
_27_ORDER = "23456789TJQKA"


def _rank_char(c: Card) -> str:
    return "A" if c.is_joker else repr(c)[0]


def exposed_rule(variant: str, limit: bool) -> str:
    """The rule id that decides an exposed card before the draw in this form."""
    if variant == "lowball-a5":
        return "a5-3" if limit else "nlpl-lowball-2a"
    return "27-2" if limit else "nlpl-lowball-2b"


def must_take(variant: str, limit: bool, c: Card, options: RulingOptions) -> bool:
    """Whether a card exposed before the draw must be taken (else it is replaced)."""
    r = _rank_char(c)
    if variant == "lowball-a5":
        if not limit or options.a5_exposed is ExposedPolicy.REPLACE_SIX_AND_SEVEN:
            return r in "A2345"
        return r in "A234567"
    return r in "23457"


def _exposed(live: LiveHand, report: ExposedCard) -> Ruling:
    seat, c = report.seat, report.card
    hand = live.hand
    variant = live.config.variant
    limit = live.config.structure is Structure.FIXED_LIMIT
    on_draw = hand.street > 0 or (live.deal_queue and live.group and variant.streets[0].draw)
    played = in_play(live, seat, c)
    if on_draw:
        if live.family != "lowball":
            raise IllegalActionError("the rulebook has no rule for a card exposed on the "
                                     "draw in draw high")
        if played:
            raise IllegalActionError("the draw card was already taken into the hand")
        live.drop_from_round(seat, c)
        live.extra_burns.append(c)
        live.owed.append((seat, "after draw"))
        if not live.deal_queue:
            live._flush()
        rule = "lowball-9" if limit else "nlpl-lowball-3"
        return Ruling(rule, f"The {c!r} exposed on the draw cannot be taken: finish the "
                      f"draw to every player, then seat {seat} gets a replacement",
                      also=("lowball-9",) if rule != "lowball-9" else ())
    if live.family == "draw":
        live.exposed.append((seat, c))
        return Ruling("draw-3", f"The {c!r} exposed by the dealer before the draw must be "
                      f"kept by seat {seat}")
    if played and too_late(live):
        return _form_rule(live, seat, c, variant.name, limit, in_hand=True)
    # lowball-1: before two players have acted the misdeal list holds, whether the
    # card is still on the deal or already played; one card exposed that the list does
    # not name is taken or replaced by the form's rule (lowball-8)
    live.exposed.append((seat, c))
    position = deal_position(live, seat, c, dealt=played)
    if 0 <= position <= 1:
        return misdeal(live, "lowball-1a", "the first or second card was exposed",
                       also=("lowball-1",))
    if len(live.exposed) >= 2:
        return misdeal(live, "lowball-1b", "two cards were exposed", also=("lowball-1",))
    return _form_rule(live, seat, c, variant.name, limit, in_hand=played)


def _form_rule(live: LiveHand, seat: int, c: Card, variant: str, limit: bool, *,
               in_hand: bool) -> Ruling:
    rule = exposed_rule(variant, limit)
    if must_take(variant, limit, c, live.options):
        return Ruling(rule, f"Seat {seat} must take the exposed {c!r} (no choice)",
                      also=("lowball-8",))
    replace_exposed(live, seat, c, in_hand=in_hand)
    return Ruling(rule, f"The exposed {c!r} is replaced: seat {seat} gets the next card "
                  "after the deal and the exposed card is the burn", also=("lowball-8",))


def short_hand(live: LiveHand, report: ShortHand) -> Ruling:
    """A starting hand short of cards (``lowball-11``, ``draw-4``, ``lowball-1d``)."""
    hand = live.hand
    seat, missing = report.seat, report.missing
    if live.dealing or hand.street != 0 or missing < 1:
        raise IllegalActionError("a short hand is reported once the starting hands are out")
    if hand.folded[seat] or len(hand.hole[seat]) < missing:
        raise IllegalActionError(f"seat {seat} has no such hand")
    cards = tuple(hand.hole[seat][-missing:])
    button = seat == hand.button
    first_acted = live.acted >= 1
    if live.family == "draw" and not button and not first_acted:
        return misdeal(live, "draw-4", f"seat {seat} was dealt a short hand before any "
                       "action", also=("lowball-1d",))
    if live.family == "holdem" and not (button and missing == 1):
        if too_late(live):
            live.apply_fix(TakeBack(owner=seat, cards=cards))
            return _late("the short hand", "the hand plays as it is", "lowball-1d")
        return misdeal(live, "lowball-1d", f"seat {seat} was dealt the wrong number of cards")
    live.apply_fix(TakeBack(owner=seat, cards=cards))
    rule = {"draw": "draw-4", "holdem": "lowball-1d"}.get(live.family, "lowball-11")
    if not first_acted or (button and missing == 1):
        live.owed.extend((seat, "now") for _ in range(missing))
        live._plan_group()
        who = "the button" if button and first_acted else f"seat {seat}"
        return Ruling(rule, f"{who.capitalize()} is {missing} card(s) short: deal the "
                      "missing card(s) now")
    live.owed.extend((seat, "after draw") for _ in range(missing))
    return Ruling(rule, f"Seat {seat} is {missing} card(s) short after the action began: "
                  "the hand plays and is made up to five cards on the draw")


def _card_count(live: LiveHand, report: HandCardCount) -> Ruling:
    hand = live.hand
    rule = "draw-4" if live.family == "draw" else "lowball-11"
    if hand.street == 0 or hand.folded[report.seat]:
        raise IllegalActionError("hands are counted after the draw")
    if report.count == 5:
        raise IllegalActionError("five cards is a playing hand")
    return dead_hands(live, [report.seat], rule, f"Seat {report.seat} has {report.count} cards "
                      "after the draw: the hand is fouled")


def _top_rank(live: LiveHand, seat: int, order: str) -> int:
    hand = live.hand
    variant = live.config.variant
    value = evaluate_low(variant.low or "", hand.hole[seat], hand.board,
                         joker=live.config.joker)
    text = value.description if value is not None else ""
    head = text.split("-")[0].split(" ")[0]
    if len(text.split("-")) < 5 or head not in order:
        return len(order)
    return order.index(head)


def _showdown_seats(live: LiveHand) -> list[int]:
    """The seats still in the hand, which must be at the showdown."""
    if live.hand.actors != (-1,) or live.dealing or live.hand.street == 0:
        raise IllegalActionError("hands are called at the showdown")
    return [s for s in range(live.hand.n) if not live.hand.folded[s]]


def _miscall(live: LiveHand, report: Miscall) -> Ruling:
    live_seats = _showdown_seats(live)
    hand = live.hand
    seat = report.seat
    order = _A5_ORDER if live.config.variant.low == "lowball-a5" else _27_ORDER
    called = report.called.strip().upper().split("-")[0].replace("10", "T")
    if called not in order or hand.folded[seat]:
        raise IllegalActionError(f"{report.called!r} is not a call of a lowball hand")
    overclaim = order.index(called) < _top_rank(live, seat, order)
    if report.fouled:
        others = [s for s in report.fouled if s != seat and s in live_seats]
        if not others:
            raise IllegalActionError("the fouled seats are not in the hand")
        if len(live_seats) > 2:
            return dead_hands(live, [seat, *others][: len(live_seats) - 1], "lowball-15-miscall",
                              f"Seat {seat} miscalled the hand in a multi-way pot: that hand "
                              "is dead; the best remaining hand wins")
        return dead_hands(live, [seat], "lowball-15-miscall", f"Seat {seat} miscalled the "
                          f"hand and caused seat {others[0]} to foul: seat {seat}'s hand is "
                          f"dead; seat {others[0]} wins the pot")
    if not overclaim:
        return Ruling("lowball-15-miscall", f"Seat {seat} called {report.called!r}: no more "
                      "than the hand holds (a wrong second card is not penalised); cards "
                      "speak, the best hand wins", also=("lowball-15",))
    return dead_hands(live, [seat], "lowball-15-miscall", f"Seat {seat} called "
                      f"{report.called!r} but holds less: a hand may not claim more than it "
                      "holds, so it cannot win")


def _pair(live: LiveHand, report: PairNotAnnounced) -> Ruling:
    live_seats = _showdown_seats(live)
    hand = live.hand
    seat = report.seat
    ranks = [_rank_char(c) for c in hand.hole[seat] if not c.is_joker]
    if len(set(ranks)) == len(ranks):
        raise IllegalActionError(f"seat {seat} holds no pair")
    fouled = [s for s in report.fouled if s != seat and s in live_seats]
    if not fouled:
        return Ruling("lowball-16", f"Seat {seat} spread a pair without saying so, but every "
                      "hand is intact: the best hand wins")
    intact = [s for s in live_seats if s not in fouled]
    if len(intact) >= 2:
        return dead_hands(live, fouled, "lowball-16", f"Seat {seat} spread a pair without "
                          f"saying \"pair\"; seat(s) {', '.join(map(str, fouled))} fouled, "
                          "and two or more hands are intact: the best intact hand wins")
    return dead_hands(live, [seat], "lowball-16", f"Seat {seat} spread a pair without saying "
                      f"\"pair\" and caused seat {fouled[0]} to foul: seat {seat} loses the pot")


for _family in ("lowball", "draw"):
    HANDLERS[(ExposedCard, _family)] = _exposed
    HANDLERS[(HandCardCount, _family)] = _card_count
HANDLERS[(Miscall, "lowball")] = _miscall
for _family in BUTTON_GAMES:
    HANDLERS[(ShortHand, _family)] = short_hand
HANDLERS[(PairNotAnnounced, "lowball")] = _pair
