"""Misdeals and dealing errors of the button games: hold'em and Omaha (``holdem-1`` to
``holdem-5``) and the misdeal list every button game shares (``lowball-1``, ``lowball-1a``
to ``lowball-1i``), which holds only while fewer than two players have acted.

>>> from pokerroom.engine import GameConfig
>>> from pokerroom.rulings.live import LiveHand
>>> from pokerroom.rulings.reports import ButtonOutOfPosition
>>> live = LiveHand(GameConfig.of("holdem", blinds=(1, 2), small_bet=2, big_bet=4),
...                 [50, 50, 50], button=0)
>>> ruling = live.report(ButtonOutOfPosition(correct=1))
>>> ruling.rule, ruling.misdeal, live.button
('lowball-1e', True, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pokerroom.cards import Card, format_cards
from pokerroom.engine import BOARD
from pokerroom.errors import IllegalActionError
from pokerroom.rulings.fixes import KillHand, TakeBack
from pokerroom.rulings.live import BURN_PILE, HANDLERS, Handler, LiveHand, Slot
from pokerroom.rulings.reports import (
    ButtonOutOfPosition,
    CardOffTable,
    CardsToEmptySeat,
    ExposedCard,
    ExtraCards,
    FirstCardWrongSeat,
    Irregularity,
    MuckedBoardPlay,
    OutOfSequence,
    PlayerDealtOut,
    PrematureBoardCards,
    TooManyBoardCards,
)
from pokerroom.rulings.ruling import Ruling

__all__ = ["BUTTON_GAMES", "dead_hands", "deal_off_table", "deal_position", "in_play", "misdeal",
           "replace_exposed", "too_late"]

BUTTON_GAMES = ("holdem", "lowball", "draw")
REDEAL = "reshuffle, recut and redeal, the button stays"


def misdeal(live: LiveHand, rule: str, why: str, *, also: tuple[str, ...] = (),
            button: int | None = None, seated: tuple[bool, ...] | None = None) -> Ruling:
    """Start the deal over and say so."""
    live.misdeal(button=button, seated=seated)
    tail = REDEAL if button is None else (
        f"reshuffle, recut and redeal with the button on seat {live.button}")
    return Ruling(rule, f"Misdeal: {why}; {tail}", misdeal=True, also=also)


def dead_hands(live: LiveHand, seats: Iterable[int], rule: str, decision: str, *,
               also: tuple[str, ...] = (), return_ante: bool = False) -> Ruling:
    """The hands of ``seats`` still in are dead (see :class:`KillHand`), and say so."""
    for seat in seats:
        if not live.hand.folded[seat]:
            live.apply_fix(KillHand(victim=seat, return_ante=return_ante))
    return Ruling(rule, decision, also=also)


def deal_off_table(live: LiveHand, report: CardOffTable) -> Slot:
    """Deal the card that went off the table where it was due; the slot it filled."""
    slot = live.deal_queue[0] if live.deal_queue else None
    if slot is None or slot.to != report.seat:
        raise IllegalActionError(f"no card is due to seat {report.seat}")
    live.deal(report.seat, report.card)
    return slot


def too_late(live: LiveHand) -> bool:
    """``lowball-1``: the misdeal list holds only before two players have acted."""
    return live.acted >= 2


def _late(what: str, rest: str, rule: str) -> Ruling:
    return Ruling("lowball-1", f"No misdeal, called after two players had acted "
                  f"({what}): {rest}", also=(rule,))


def listed_misdeal(live: LiveHand, rule: str, why: str, late: str, *, what: str = "",
                   dead: Sequence[Card] = (), **redeal: Any) -> Ruling:
    """A misdeal of the list (see :func:`misdeal`, ``redeal`` its keywords) unless two
    players have acted (``lowball-1``): then the hand goes on as ``late`` says, the
    ``dead`` cards out of play; ``what`` names the irregularity there (else ``why``)."""
    if not too_late(live):
        return misdeal(live, rule, why, **redeal)
    live.out_of_play.extend(dead)
    return _late(what or why, late, rule)


def in_play(live: LiveHand, seat: int, c: Card) -> bool:
    """Whether a card dealt to ``seat`` is in its hand and play went on (True), or still
    on the deal (False: its round is being dealt, or was complete with nobody acting
    since and is reopened)."""
    if live.on_deal(seat, c):
        return False
    if c in live.hand.hole[seat]:
        return True
    raise IllegalActionError(f"seat {seat} was not dealt {c!r}")


def deal_position(live: LiveHand, seat: int, c: Card, *, dealt: bool = False) -> int:
    """The card's place (0 = first) among the hole cards of the current round, or with
    ``dealt`` of the last round dealt and handed to the engine (-1: not dealt there)."""
    group = live.last_group if dealt else live.group
    holes = [(to, x) for to, x, _ in group if to not in (BOARD, BURN_PILE)]
    return holes.index((seat, c)) if (seat, c) in holes else -1


def replace_exposed(live: LiveHand, seat: int, c: Card, *, in_hand: bool = False) -> None:
    """The exposed ``c`` is not kept (taken back from the hand when ``in_hand``): the
    seat gets the next card after the deal and ``c`` is the burn before the flop or the
    first draw card (if that burn is still to come)."""
    if in_hand:
        live.apply_fix(TakeBack(owner=seat, cards=(c,)))
        live.owed.append((seat, "now"))
        live._plan_group()
    else:
        live.drop_from_round(seat, c)
        live.deal_queue.append(Slot(seat))
    street = live.config.variant.streets[1]
    if 1 not in live.burn_for and (street.burn or street.draw):
        live.burn_for[1] = c
    else:
        live.extra_burns.append(c)


def _exposed(live: LiveHand, report: ExposedCard) -> Ruling:
    seat, c = report.seat, report.card
    if live.hand.street != 0 or live.config.variant.streets[live.hand.street].draw:
        raise IllegalActionError("hold'em hole cards are exposed only during the deal")
    if in_play(live, seat, c):
        return listed_misdeal(live, "holdem-1", "a hole card was exposed after the deal",
                              "the card plays", what="the exposed card", also=("lowball-1",))
    live.exposed.append((seat, c))
    if deal_position(live, seat, c) == 0:
        return misdeal(live, "holdem-1", "the first hole card was exposed",
                       also=("lowball-1a",))
    if len(live.exposed) >= 2:
        return misdeal(live, "holdem-1", "two hole cards were exposed",
                       also=("lowball-1b",))
    replace_exposed(live, seat, c)
    return Ruling("holdem-1", f"The deal goes on: the exposed {c!r} may not be kept; seat "
                  f"{seat} gets the top card after the deal and the {c!r} is the burn")


def _extra(live: LiveHand, report: ExtraCards) -> Ruling:
    if live.hand.street != 0 or live.dealing:
        raise IllegalActionError("extra cards are counted once the starting hands are out")
    live.check_in_stub(report.cards)
    first = live.hand.deal_order[0]
    if len(report.cards) >= 2:
        if too_late(live):
            live.out_of_play.extend(report.cards)
            return _late("the extra cards", "they are taken out of play", "lowball-1c")
        rule = "holdem-5" if live.family == "holdem" else "lowball-1c"
        return misdeal(live, rule, "two or more extra cards were dealt",
                       also=("lowball-1c",) if rule == "holdem-5" else ())
    if live.family == "holdem" and report.seat == first and 1 not in live.burn_for:
        live.burn_for[1] = report.cards[0]
        return Ruling("holdem-5", "The extra card to the first player goes back and is "
                      "the burn card for the flop")
    return listed_misdeal(live, "lowball-1d", f"seat {report.seat} was dealt an extra card",
                          "it is taken out of play", what="the extra card", dead=report.cards)


def _too_many_flop(live: LiveHand, report: TooManyBoardCards) -> Ruling:
    if live.hand.board and not live.reopen_round():
        raise IllegalActionError("the flop cannot be taken back now")
    hand = live.hand
    on_flop = live.round_cards(BOARD) or (live.deal_queue and live.deal_queue[0].to == BOARD)
    if not on_flop or hand.board or (hand.street != 1 and live.deal_queue):
        raise IllegalActionError("too many cards can only be reported on the flop")
    live.check_in_stub(c for c in report.cards if c not in live.round_cards(BOARD))
    if len(report.cards) <= 3:
        raise IllegalActionError("a flop of three cards is not too many")
    live.group = [item for item in live.group if item[0] != BOARD]
    live.deal_queue = [Slot(BOARD, True)] * 3
    return Ruling("holdem-2", f"The flop {format_cards(report.cards)} had too many cards and "
                  "is redealt: the cards go back into the stub, the burn stays; shuffle, "
                  "cut and deal a new flop without a burn", also=("holdem-3",))


def _premature(live: LiveHand, report: PrematureBoardCards) -> Ruling:
    hand = live.hand
    if live.dealing or hand.actors in ((), (-1,)):
        raise IllegalActionError("a card is premature only while a betting round is open")
    live.check_in_stub(report.cards + ((report.burn,) if report.burn is not None else ()))
    board = len(hand.board)
    street = 1 if board == 0 else len(live.config.variant.streets) - 1
    if report.burn is not None:
        live.burn_for[street] = report.burn
    else:
        live.skip_burn_for.add(street)
    if board == 0:
        return Ruling("holdem-3", f"The flop {format_cards(report.cards)} was turned too "
                      "soon: the betting is finished first; the cards go back into the "
                      "stub, the burn stays; shuffle, cut and deal a new flop without a burn")
    live.held = list(report.cards)
    live.held_until = street
    if board == 3:
        return Ruling("holdem-4", f"The turn card {format_cards(report.cards)} came too soon "
                      "and is out of play for this round: finish the betting, burn and turn "
                      "the next card as the turn; after that round reshuffle the stub with "
                      "the held card (not the burns or discards), cut and turn the river "
                      "without a burn")
    return Ruling("holdem-4", f"The river {format_cards(report.cards)} came too soon: "
                  "finish the betting, then reshuffle the stub with it (not the burns or "
                  "discards), cut and turn the river without a burn")


def _simple_misdeal(rule: str) -> Handler:
    """The handler of a report that is a misdeal of the list, in the report's words."""
    def handler(live: LiveHand, report: Irregularity) -> Ruling:
        return listed_misdeal(live, rule, report.describe(), "the hand plays")
    return handler


def _button(live: LiveHand, report: ButtonOutOfPosition) -> Ruling:
    return listed_misdeal(live, "lowball-1e", "the button was out of position", "the hand "
                          "plays; the button moves correctly for the next deal",
                          what="the button out of position", button=report.correct)


def _empty_seat(live: LiveHand, report: CardsToEmptySeat) -> Ruling:
    hand = live.hand
    if 0 <= report.seat < hand.n and hand.in_hand[report.seat]:
        raise IllegalActionError(f"seat {report.seat} is in the hand")
    return listed_misdeal(live, "lowball-1h", f"cards were dealt to seat {report.seat}, "
                          "which is not in the hand", "those cards are dead",
                          what="cards to an empty seat",
                          dead=[c for c in report.cards if c in live.unseen()])


def _dealt_out(live: LiveHand, report: PlayerDealtOut) -> Ruling:
    hand = live.hand
    seat = report.seat
    if not 0 <= seat < hand.n or hand.in_hand[seat] or live.start_stacks[seat] <= 0:
        raise IllegalActionError(f"seat {seat} has no chips to be dealt in, or is dealt in")
    return listed_misdeal(live, "lowball-1i", f"seat {seat} was entitled to a hand and dealt "
                          "out", "that player sits this hand out", what="the player dealt out",
                          seated=tuple(bool(x) or s == seat for s, x in enumerate(hand.in_hand)))


def _off_table(live: LiveHand, report: CardOffTable) -> Ruling:
    """A card dealt off the table counts as an exposed card; the game's rule for an
    exposed card decides."""
    deal_off_table(live, report)
    ruling: Ruling = HANDLERS[(ExposedCard, live.family)](
        live, ExposedCard(report.seat, report.card))
    return Ruling(ruling.rule, "The card dealt off the table counts as exposed. "
                  f"{ruling.decision}", ruling.misdeal, ruling.also)


def _mucked_board(live: LiveHand, report: MuckedBoardPlay) -> Ruling:
    if live.family != "holdem" or live.config.variant.name != "holdem":
        raise IllegalActionError("playing the board is a hold'em claim")
    hand = live.hand
    if live.dealing or hand.folded[report.seat] or not hand.hole[report.seat]:
        raise IllegalActionError(f"seat {report.seat} has no hand to claim with")
    return dead_hands(live, [report.seat], "holdem-6", f"Seat {report.seat} threw the hand "
                      "away before declaring a play of the board: no claim to the pot")


for _family in BUTTON_GAMES:
    HANDLERS[(ButtonOutOfPosition, _family)] = _button
    HANDLERS[(FirstCardWrongSeat, _family)] = _simple_misdeal("lowball-1f")
    HANDLERS[(OutOfSequence, _family)] = _simple_misdeal("lowball-1g")
    HANDLERS[(CardsToEmptySeat, _family)] = _empty_seat
    HANDLERS[(PlayerDealtOut, _family)] = _dealt_out
    HANDLERS[(ExtraCards, _family)] = _extra
    HANDLERS[(CardOffTable, _family)] = _off_table
HANDLERS[(ExposedCard, "holdem")] = _exposed
HANDLERS[(TooManyBoardCards, "holdem")] = _too_many_flop
HANDLERS[(PrematureBoardCards, "holdem")] = _premature
HANDLERS[(MuckedBoardPlay, "holdem")] = _mucked_board
