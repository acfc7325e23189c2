"""Rulings of seven-card stud, stud high-low and razz: hole cards dealt up
(``stud-5``, ``stud-16``, ``stud-17``, ``stud-17a``, ``stud-17b``), a player away
(``stud-6``), the wrong bring-in (``stud-9``), upcards picked up (``stud-10``), a card off
the table (``stud-11``), burn mistakes (``stud-13``), cards dealt too soon (``stud-14``)
and hands with the wrong number of cards (``stud-18``).

>>> from pokerroom.engine import GameConfig
>>> from pokerroom.rulings.live import LiveHand
>>> live = LiveHand(GameConfig.of("stud", ante=1, bring_in=2, small_bet=5, big_bet=10),
...                 [50, 50, 50])
>>> live.expected()
'a card to seat 0 (down)'
"""

from __future__ import annotations

from pokerroom.cards import Card
from pokerroom.core import BringIn, Event
from pokerroom.engine.state import BET
from pokerroom.errors import IllegalActionError
from pokerroom.rulings.button import dead_hands, deal_off_table, misdeal
from pokerroom.rulings.fixes import (
    BringInPastExposed,
    MoveBringIn,
    SetAsideStack,
    SkipBurn,
    TakeBack,
)
from pokerroom.rulings.live import BURN_PILE, CHOICES, HANDLERS, Choice, LiveHand, Slot
from pokerroom.rulings.reports import (
    BurnMistake,
    CardOffTable,
    ExposedCard,
    HandCardCount,
    PlayerAbsent,
    PrematureStudCards,
    UpcardsPickedUp,
    WrongBringIn,
)
from pokerroom.rulings.ruling import Ruling, RulingMade

__all__ = ["DECLARE_ALL_IN"]

DECLARE_ALL_IN = "declare all in"
LAST = 4  # the seventh-street deal


def _mark_up(live: LiveHand, seat: int, c: Card) -> None:
    live.group = [(to, x, True if (to, x) == (seat, c) else up) for to, x, up in live.group]


def _exposed(live: LiveHand, report: ExposedCard) -> Ruling:
    seat, c = report.seat, report.card
    hand = live.hand
    if not live.on_deal(seat, c):
        raise IllegalActionError(f"{c!r} is not a card of seat {seat} still on the deal")
    index = live.round_cards(seat).index(c)
    if hand.street == 0:
        return _third_street(live, seat, c, index)
    if hand.street == LAST:
        return _seventh(live, seat, c)
    raise IllegalActionError("fourth to sixth street cards are dealt face up")


def _third_street(live: LiveHand, seat: int, c: Card, index: int) -> Ruling:
    if index > 1:
        raise IllegalActionError("the third card is dealt face up")
    if live.options.tournament:
        return misdeal(live, "stud-5", "a downcard was dealt face up (tournament play)",
                       also=("stud-5-tournament",))
    _mark_up(live, seat, c)
    if sum([up for to, _, up in live.group if to == seat][:2]) >= 2:
        # its cards on the deal die too
        return dead_hands(live, [seat], "stud-5", f"Both of seat {seat}'s hole cards were "
                          "dealt face up: the hand is dead and the ante goes back",
                          return_ante=True)
    slots = [i for i, s in enumerate(live.deal_queue) if s.to == seat]
    if not slots:
        raise IllegalActionError("report the exposed hole card before the third card is "
                                 "dealt")
    live.deal_queue[slots[-1]] = Slot(seat, False)
    live.pending_fix.append(BringInPastExposed(owner=seat))
    return Ruling("stud-5", f"Seat {seat}'s hole card {c!r} was dealt face up: the third "
                  "card comes down; if the exposed card is low, the action starts on its "
                  "left (fold, bring it in or complete)")


def _seventh(live: LiveHand, seat: int, c: Card) -> Ruling:
    hand = live.hand
    _mark_up(live, seat, c)
    if hand.stacks[seat] == 0:
        return Ruling("stud-16", f"Seat {seat} is all in: the last card {c!r}, dealt face "
                      "up, is kept; the others get their cards as usual")
    players = [s for s in hand.deal_order if not hand.folded[s]]
    if len(players) == 2 and seat == players[0]:         # heads-up, the first card up
        other = players[1]
        live.deal_queue = [Slot(other, True) if s.to == other else s for s in live.deal_queue]
        if not any(s.to == other for s in live.deal_queue):
            raise IllegalActionError("the second player's card is already dealt")
        return Ruling("stud-17b", f"Heads-up, the first player's last card {c!r} is face "
                      f"up, so seat {other}'s last card is dealt face up too; the high hand "
                      "on board using all the upcards opens", also=("stud-17",))
    live.offer(seat, DECLARE_ALL_IN)
    rule_id = "stud-17a" if len(players) > 2 else "stud-17b"
    rest = ("the others get their last card down" if len(players) > 2 else
            "the first player's card stays down")
    return Ruling(rule_id, f"Seat {seat}'s last card {c!r} was dealt face up: {rest}; seat "
                  f"{seat} may declare all in before the betting; the high hand on board "
                  "using all the upcards opens", also=("stud-17",))


def _declare_all_in(live: LiveHand, choice: Choice) -> Event:
    seat = choice.seat
    if choice.take:
        amount = live.hand.stacks[seat]
        live.apply_fix(SetAsideStack(owner=seat, amount=amount))
        live.chips_aside[seat] = amount
        words = f"Seat {seat} declares all in; {amount} chips stay behind, out of this hand"
    else:
        words = f"Seat {seat} plays on as usual"
    event = RulingMade(choice, Ruling("stud-17", words))
    live.history.append(event)
    return event


def _off_table(live: LiveHand, report: CardOffTable) -> Ruling:
    if deal_off_table(live, report).face_up:
        return Ruling("stud-11", f"The {report.card!r} dealt off the table plays: it is "
                      f"seat {report.seat}'s upcard")
    ruling = _exposed(live, ExposedCard(report.seat, report.card))
    return Ruling("stud-11", f"The card dealt off the table plays, as an exposed card. "
                  f"{ruling.decision}", also=(*ruling.rules, "stud-11"))


def _absent(live: LiveHand, report: PlayerAbsent) -> Ruling:
    hand = live.hand
    seat = report.seat
    if live.dealing or hand.actors != (seat,):
        raise IllegalActionError(f"it is not seat {seat}'s turn")
    if hand.bring_in_seat == seat:
        live._engine(BringIn(seat))
    return dead_hands(live, [seat], "stud-6", f"Seat {seat} is away at their turn: the hand "
                      "is killed and the ante and any forced bet stay in the pot")


def _wrong_bring_in(live: LiveHand, report: WrongBringIn) -> Ruling:
    hand = live.hand
    true_low = hand.bring_in_seat
    if live.dealing or hand.street != 0 or true_low < 0 or hand.actors != (true_low,):
        raise IllegalActionError("the bring-in is not due")
    if report.seat == true_low or hand.folded[report.seat]:
        raise IllegalActionError(f"seat {report.seat} is the low card")
    if report.then is None:
        return Ruling("stud-9", f"Seat {report.seat} is not low: that wager goes back and "
                      f"seat {true_low}, the true low card, must bring it in")
    live.apply_fix(MoveBringIn(to=report.seat, may_fold=False))
    live._engine(BringIn(report.seat))
    if hand.actors != (report.then.seat,):
        raise IllegalActionError(f"seat {report.then.seat} was not next to act")
    live.apply(report.then)
    return Ruling("stud-9", f"The next player has acted: seat {report.seat}'s wager stands, "
                  f"the action goes on and seat {true_low} owes no bring-in")


def _picked_up(live: LiveHand, report: UpcardsPickedUp) -> Ruling:
    hand = live.hand
    seat = report.seat
    if hand.folded[seat]:
        raise IllegalActionError(f"seat {seat} has no hand")
    if hand.actors == (seat,) and hand.bets[seat] < hand.max_bet and not live.dealing:
        return dead_hands(live, [seat], "stud-10", f"Seat {seat} picked up the upcards "
                          "facing a bet: that is a fold, the hand is dead")
    return Ruling("stud-10", f"Seat {seat} faces no bet: picking up the upcards means "
                  "nothing, the hand is live until it is thrown away")


def _burn_mistake(live: LiveHand, report: BurnMistake) -> Ruling:
    hand = live.hand
    c = report.card
    live.check_in_stub((c,))
    if report.burns == 2:
        if not live.deal_queue or live.deal_queue[0].to in (BURN_PILE,) or not live.group:
            raise IllegalActionError("a second burn follows the first burn of a round")
        seat = live.deal_queue[0].to
        live.deal(seat, c)
        return Ruling("stud-13", "Two cards were burned: the second burn goes back to its "
                      f"place and is dealt to seat {seat}")
    if report.burns != 0 or not live.deal_queue or live.deal_queue[0].to != BURN_PILE:
        raise IllegalActionError("a missed burn is reported before the round's first card")
    seat = live.deal_queue[1].to
    if report.seen and hand.street == LAST:
        live.deal_queue.pop(0)
        live.apply_fix(SkipBurn())
        live.deal(seat, c)
        return Ruling("stud-13", f"No burn before the last downcard, and seat {seat} has "
                      "seen the card: the player keeps it")
    live.burn(c)
    return Ruling("stud-13", f"No card was burned: the card dealt to seat {seat} is put "
                  f"back as the burn and seat {seat} gets the next card")


def _premature(live: LiveHand, report: PrematureStudCards) -> Ruling:
    hand = live.hand
    if live.dealing or hand.phase != BET or hand.street >= LAST:
        raise IllegalActionError("cards are premature only while a betting round is open")
    live.check_in_stub(report.cards)
    players = [s for s in hand.deal_order if not hand.folded[s]]
    cards = list(report.cards)
    kept = ""
    if report.seen and hand.street == LAST - 1:
        seat = players[0]
        live.preset[seat] = cards.pop(0)
        live.no_raise[seat] = hand.street_name
        kept = (f"; seat {seat} looked at the last downcard and keeps it, and may not bet "
                f"or raise on {hand.street_name}")
    live.reserve.extend(cards)
    live.remove_before[hand.street + 1] = len(players) - (1 if kept else 0)
    return Ruling("stud-14", "Cards dealt before the betting was complete are out of play "
                  "and kept in reserve; after the betting, one more card for each player "
                  f"still in is set aside, then burn and deal{kept}")


def _card_count(live: LiveHand, report: HandCardCount) -> Ruling:
    hand = live.hand
    seat = report.seat
    if live.dealing or hand.actors != (-1,) or hand.street != LAST or hand.folded[seat]:
        raise IllegalActionError("hands are counted at the showdown")
    if report.count == 7:
        raise IllegalActionError("seven cards is a full stud hand")
    if report.count == 6 and live.options.live_short_seventh:
        live.apply_fix(TakeBack(owner=seat, cards=(hand.hole[seat][-1],)))
        return Ruling("stud-18", f"Seat {seat} is missing only the seventh card: the hand "
                      "is ruled live and plays its six cards")
    many = "more" if report.count > 7 else "fewer"
    return dead_hands(live, [seat], "stud-18", f"Seat {seat} holds {report.count} cards, "
                      f"{many} than seven: the hand is dead")


HANDLERS[(ExposedCard, "stud")] = _exposed
HANDLERS[(CardOffTable, "stud")] = _off_table
HANDLERS[(PlayerAbsent, "stud")] = _absent
HANDLERS[(WrongBringIn, "stud")] = _wrong_bring_in
HANDLERS[(UpcardsPickedUp, "stud")] = _picked_up
HANDLERS[(BurnMistake, "stud")] = _burn_mistake
HANDLERS[(PrematureStudCards, "stud")] = _premature
HANDLERS[(HandCardCount, "stud")] = _card_count
CHOICES[DECLARE_ALL_IN] = _declare_all_in
