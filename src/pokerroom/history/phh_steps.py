"""Replaying a PHH action line on an engine hand: the dealer's deals and burns (a deal
line the engine deals in parts kept for later), each player's action, and the showdown.

>>> player_seat("p2", [3, 5])
5
>>> player_seat("p3", [3, 5])
Traceback (most recent call last):
...
pokerroom.errors.HistoryError: bad player 'p3'
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import Card, parse_cards
from pokerroom.core import (
    DEALER,
    Bet,
    BetOption,
    BringIn,
    Call,
    Check,
    CheckOption,
    Complete,
    CompleteOption,
    Declare,
    Draw,
    Fold,
    Raise,
    RaiseOption,
)
from pokerroom.engine.events import BOARD, BurnCard, DealCards, Showdown
from pokerroom.engine.state import PokerHand
from pokerroom.engine.twice import SECOND_BOARD, run_twice, twice_refusal
from pokerroom.errors import HistoryError, IllegalActionError, PokerroomError
from pokerroom.history.phh_lines import words_of_line
from pokerroom.history.phh_stand_ins import StandIns

__all__ = ["apply_line", "burn_if_due", "burn_then_show_down", "covered_total", "deal_to",
           "player_seat"]

def burn_then_show_down(hand: PokerHand, burns: list[Card] | None, names: StandIns
                         ) -> None:
    """Burn every card due, then show down when that is the dealer's only step left."""
    burn_if_due(hand, burns, names)
    if hand.actors == (DEALER,) and \
            type(hand.legal_actions(DEALER)[0]).__name__ == "ShowdownOption":
        names.apply(hand, Showdown())


def burn_if_due(hand: PokerHand, burns: list[Card] | None, names: StandIns) -> None:
    """Burn every card the dealer owes now, then deal the cards still owed from a deal
    line the engine deals in parts."""
    while hand.actors == (DEALER,):
        if type(hand.legal_actions(DEALER)[0]).__name__ == "BurnOption":
            card = names.burned(hand, burns.pop(0) if burns else None)
            names.apply(hand, BurnCard(card=card))
        elif hand.tasks and hand.tasks[0][1] in names.pending:
            deal_to(hand, hand.tasks[0][1], names.pending.pop(hand.tasks[0][1]), names)
        else:
            return


def deal_to(hand: PokerHand, seat: int, cards: Sequence[Card], names: StandIns) -> None:
    """Deal ``cards`` of a deal line to ``seat``: as many as the dealer owes it now (its
    hidden ones as stand-ins), the rest kept for when the engine deals that seat its next
    part."""
    owed = len(hand.tasks[0][2]) if hand.tasks and hand.tasks[0][1] == seat else len(cards)
    if len(cards) > owed > 0:
        names.pending[seat] = list(cards[owed:])
        cards = cards[:owed]
    names.apply(hand, DealCards(to=seat, cards=names.dealt(cards, hand)))


_PLAYER_NUMBERS = {f"p{number}": number for number in range(1, 100)}
"""The usual player words (``p1`` to ``p99``) and their numbers, read once."""


def player_seat(word: str, seats: list[int]) -> int:
    number = _PLAYER_NUMBERS.get(word)
    if number is None:
        if not (word.startswith("p") and word[1:].isdigit()):
            raise HistoryError(f"bad player {word!r}")
        number = int(word[1:])
    if not 1 <= number <= len(seats):
        raise HistoryError(f"bad player {word!r}")
    return seats[number - 1]


def covered_total(hand: PokerHand, seat: int, to: int, options: Sequence[object]) -> int:
    """The round total a bet or raise to ``to`` stands for: ``to`` itself, or, when
    ``to`` is short of the least the rules allow and no other player still in can put in
    more than ``to`` (PokerKit writes a raise only up to what a covered all-in can
    call), the least allowed total; the chips past what anyone can call come back
    uncalled, so the stacks are the same.
    """
    least = None
    for option in options:
        if isinstance(option, RaiseOption):
            least = min((t for t in option.tos if t >= to), default=option.min_to) \
                if option.tos else option.min_to
        elif isinstance(option, BetOption):
            bet = hand.bets[seat]
            least = bet + (min((a for a in option.amounts if bet + a >= to),
                               default=option.min_amount)
                           if option.amounts else option.min_amount)
    if least is None or to >= least:
        return to
    others = [s for s in hand.deal_order if s != seat and not hand.folded[s]]
    if others and all(hand.bets[s] + hand.stacks[s] <= to for s in others):
        return least
    return to


_CHECK = CheckOption()


def apply_line(hand: PokerHand, line: str, seats: list[int], burns: list[Card] | None,
                names: StandIns, runs: int = 1) -> None:
    words = words_of_line(line)
    if not words:
        return
    try:
        if words[0] == "d":
            if runs > 1 and hand.runs == 1 and twice_refusal(hand) is None:
                run_twice(hand)
            elif runs > 1 and hand.runs == 1 and words[1:2] == ("db",) and \
                    hand.actors != (DEALER,):
                raise HistoryError("a board run twice while the players still have chips "
                                   "to bet (a capped game), which pokerroom's engine does "
                                   "not deal")
            burn_if_due(hand, burns, names)
            if len(words) == 3 and words[1] == "db":
                board: int = SECOND_BOARD if hand.tasks and \
                    hand.tasks[0][1] == SECOND_BOARD else BOARD
                names.apply(hand, DealCards(to=board,
                                            cards=names.dealt(parse_cards(words[2]), hand)))
                return
            if len(words) == 4 and words[1] == "dh":
                deal_to(hand, player_seat(words[2], seats), parse_cards(words[3]), names)
                burn_if_due(hand, burns, names)
                return
            raise HistoryError(f"bad dealer action {line!r}")
        if names.pending:
            burn_if_due(hand, burns, names)     # the rest of a draw dealt in parts
        seat = player_seat(words[0], seats)
        verb = words[1] if len(words) > 1 else ""
        if verb == "sm":
            burn_then_show_down(hand, burns, names)
            if len(words) > 2 and hand.result is not None:
                shown = {s.seat: s.cards for s in hand.result.shown}
                told = parse_cards(words[2])
                if seat in shown and all(c.is_known for c in told) and \
                        set(shown[seat]) != set(told):
                    raise HistoryError(f"{line!r}: those are not the cards of p{words[0][1:]}")
            return
        if verb in ("in", "out") and len(words) == 2:
            names.apply(hand, Declare(seat, stay=verb == "in"))        # jacks-5
        elif verb in ("f", "pb") and len(words) == 2:
            names.apply(hand, Fold(seat) if verb == "f" else BringIn(seat))
        elif verb == "cc" and len(words) == 2:
            options = hand.legal_actions(seat)
            names.apply(hand, Check(seat) if _CHECK in options else Call(seat))
        elif verb == "cbr" and len(words) == 3:
            to = int(words[2])
            options = hand.legal_actions(seat)
            completes = bets = False
            for option in options:
                if isinstance(option, CompleteOption):
                    completes = completes or option.to == to
                elif isinstance(option, BetOption):
                    bets = True
            if completes:
                names.apply(hand, Complete(seat))
            elif bets:
                names.apply(hand, Bet(seat, covered_total(hand, seat, to, options)
                                      - hand.bets[seat]))
            else:
                names.apply(hand, Raise(seat, covered_total(hand, seat, to, options)))
        elif verb == "sd" and len(words) in (2, 3):
            written = parse_cards(words[2]) if len(words) == 3 else ()
            discards = names.discards(written, hand, seat) if written else ()
            split = "split openers" in line
            try:
                names.apply(hand, Draw(seat, discards, split_openers=split))
            except IllegalActionError:
                # a hidden opener's stand-ins cannot prove its openers: its draw is
                # replayed as drawn, the thrown cards set aside as a split's are
                if split or all(c.is_known for c in written):
                    raise
                names.apply(hand, Draw(seat, discards, split_openers=True))
        else:
            raise HistoryError(f"bad action {line!r}")
    except ValueError as err:
        if isinstance(err, PokerroomError):
            raise HistoryError(f"{line!r}: {err}") from None
        raise HistoryError(f"bad action {line!r}") from None
