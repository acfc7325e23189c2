"""The showdown: hands read for themselves (``lowball-15``), pots built and awarded with
the odd chips where the rules send them (``supp-odd-chip``, ``stud8-9``, ``stud8-10``),
the sevens rule of limit ace-to-five (``a5-4``), an unopened jacks-or-better pot carried
to the next deal (``jacks-1``) and an opener who cannot prove openers barred from the pot
(``jacks-3``, ``jacks-9``; see :mod:`pokerroom.engine.openers`).

>>> from pokerroom.engine import GameConfig
>>> from pokerroom.cards import parse_cards
>>> from pokerroom.core import Call, Check
>>> config = GameConfig.of("holdem", "no limit", blinds=(1, 2))
>>> stacked = parse_cards("2c 3d 4c 5d 9h As Ks Qs 9d Js 9c Ts")   # top card first
>>> hand = config.new_hand([50, 50], deck=stacked)
>>> while not hand.is_over:
...     if hand.actors == (-1,):
...         _ = hand.advance()
...     else:
...         seat = hand.actors[0]
...         _ = hand.apply(Call(seat) if hand.bets[seat] < hand.max_bet else Check(seat))
>>> [(a.seat, a.amount) for a in hand.result.awards]     # the board plays: a split
[(0, 2), (1, 2)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from operator import index as _index

from pokerroom.cards import Card, format_cards
from pokerroom.core import Bet, Call, Event, Raise
from pokerroom.engine.actions import ActionsMixin
from pokerroom.engine.builders import award, hand_ended, shown_hand
from pokerroom.engine.events import (
    Award,
    CardsDiscarded,
    ForcedBet,
    HandEnded,
    PlayerActed,
    Showdown,
    ShownHand,
    SplitDiscards,
)
from pokerroom.engine.ledger import POT
from pokerroom.engine.openers import unproven_openers
from pokerroom.engine.phases import OVER
from pokerroom.engine.pots import (
    build_pots,
    clockwise_from,
    high_card_order,
    low_card_order,
    pot_shares,
    split_evenly,
    split_high_low,
)
from pokerroom.engine.showdown import (
    evaluate_low,
    evaluate_seat_high,
    fast_high_kernel,
    is_seven_or_better,
    seat_high_key,
)
from pokerroom.engine.stakes import UnprovenPot
from pokerroom.engine.twice import FIRST, SECOND, SecondBoardShown, board_of, run_halves

__all__ = ["SettleMixin", "settle"]


class SettleMixin(ActionsMixin):
    """The showdown step of a hand (a mixin of the hand state, :mod:`pokerroom.engine.state`):
    it settles the hand and closes it."""

    result: HandEnded | None

    @property
    def pot(self) -> int:
        """All chips in the middle, current bets and dead money included."""
        # a loop, not sum(): compiled, it adds the list's numbers without an iterator
        # (the learning environments read the pot at every step)
        total = self.dead_money
        for chips in self.contrib:
            total += chips
        return total

    def _showdown(self, action: Showdown) -> Event:
        event = settle(self, action)
        self.log.append(event)
        self.result = event
        self.phase = OVER
        self.actor = -1
        return event


def settle(hand: SettleMixin, action: Showdown) -> HandEnded:
    """Award every pot of a finished hand and return the closing event."""
    n = hand.n
    for seat in hand.unkilled:          # folded hands still holding cards (stud-7)
        hand._kill(seat)
    hand.unkilled = []
    live = [not f for f in hand.folded]
    seats = [s for s in range(n) if live[s]]
    notes: list[str] = []
    exposed = tuple([SplitDiscards(seat, cards) for seat, cards in hand.split_discards.items()])
    for split in exposed:                   # exposed after the hand (jacks-9)
        notes.append(f"seat {split.seat} split openers; discards shown: "
                     f"{format_cards(split.cards)}")
    if hand.variant.openers_required and hand.opener_seat < 0 and seats:
        # unopened (jacks-1), even with one hand left when a false declaration killed
        # the other (jacks-5): nobody opened legally
        notes.append("nobody opened: the antes stay in the pot for the next deal")
        return HandEnded(action, (), (), tuple(hand.stacks), hand.pot, tuple(notes),
                         split_discards=exposed)
    barred = unproven_openers(hand, seats, notes)
    if len(seats) == 1:
        winner, amount = seats[0], hand.pot
        if winner in barred:
            shares = pot_shares(hand.contrib, live, hand.dead_money)
            carried = _unwon(hand, [c for share in shares for c in share.items()], notes,
                             whole=True)
            return HandEnded(action, (), (), tuple(hand.stacks), carried, tuple(notes),
                             split_discards=exposed)
        hand.stacks[winner] += amount
        hand.chips.record(POT, winner, amount, "wins")
        return hand_ended(action, (), (award(winner, amount, 0, "all"),),
                          tuple(hand.stacks), 0, tuple(notes), exposed)
    if hand.runs > 1:
        return _settle_twice(hand, action, seats, live, notes, exposed)
    variant = hand.variant
    highs, lows, shown = _read_hands(hand, seats, hand.board)
    contributions = list(hand.contrib)
    if hand.contrib_at_draw is not None and (hand.sevens_checkers or 0 in hand.stacks):
        contributions = _sevens_rule(hand, lows, seats, contributions, notes)
    dead_money = hand.dead_money
    if not barred and any(contributions) and any(not contributions[s] for s in seats):
        contributions, dead_money = _with_antes(hand, contributions)
    pots = build_pots(contributions, live, dead_money)
    won: dict[tuple[int, int, str], int] = defaultdict(int)
    cards_by_seat = [[int(c) for c in hand.hole[s]] for s in range(n)] \
        if not variant.button_game else []
    unwon: list[tuple[int, int]] = []
    for index, pot in enumerate(pots):
        eligible = pot.eligible
        if barred:
            eligible = tuple(s for s in eligible if s not in barred)
            if not eligible:            # only the unproven opener was left in it
                unwon += pot_shares(contributions, live, hand.dead_money)[index].items()
                continue
        for seat, amount, share in _divide(hand, pot.amount, eligible, highs, lows,
                                           cards_by_seat):
            won[(seat, index, share)] += amount
    carried = _unwon(hand, unwon, notes, whole=False) if unwon else 0
    return hand_ended(action, shown, _pay(hand, won), tuple(hand.stacks), carried,
                      tuple(notes), exposed)


def _pay(hand: SettleMixin, won: dict[tuple[int, int, str], int]) -> tuple[Award, ...]:
    """Move the chips ``won`` (by seat, pot and share) from the pot to the stacks."""
    awards = []
    for (seat, index, share), amount in won.items():        # pots in order, main first
        hand.stacks[seat] += amount
        hand.chips.record(POT, seat, amount, "wins")
        awards.append(award(seat, amount, index, share))
    return tuple(awards)


def _settle_twice(hand: SettleMixin, action: Showdown, seats: list[int], live: list[bool],
                  notes: list[str], exposed: tuple[SplitDiscards, ...]) -> HandEnded:
    """A hand run twice (:mod:`pokerroom.engine.twice`): every pot, main and side, is
    split in halves, each awarded by its own board as a pot of its own would be; the
    odd chip of the halves by the game's odd-chip rule (``supp-odd-chip``)."""
    boards = (board_of(hand, 1), board_of(hand, 2))
    read = [_read_hands(hand, seats, board) for board in boards]
    hand.log.append(SecondBoardShown(boards[1], read[1][2]))
    contributions, dead_money = list(hand.contrib), hand.dead_money
    if any(contributions) and any(not contributions[s] for s in seats):
        contributions, dead_money = _with_antes(hand, contributions)
    won: dict[tuple[int, int, str], int] = defaultdict(int)
    for index, pot in enumerate(build_pots(contributions, live, dead_money)):
        if len(pot.eligible) == 1:          # nobody contests it: no board decides it
            won[(pot.eligible[0], index, "all")] += pot.amount
            continue
        runs = [_divide(hand, pot.amount, pot.eligible, highs, lows, [])
                for highs, lows, _shown in read]
        halves = run_halves(pot.amount, [s for s, _a, _h in runs[0]],
                            [s for s, _a, _h in runs[1]],
                            lambda winners: clockwise_from(hand.button, hand.n, winners))
        for run, (words, half) in enumerate(zip((FIRST, SECOND), halves, strict=True)):
            highs, lows, _shown = read[run]
            for seat, amount, share in _divide(hand, half, pot.eligible, highs, lows, []):
                won[(seat, index, words if share == "all" else f"{words} {share}")] += amount
    notes.append("run twice: each pot split in halves, one for each board")
    return hand_ended(action, read[0][2], _pay(hand, won), tuple(hand.stacks), 0,
                      tuple(notes), exposed)


def _read_hands(hand: SettleMixin, seats: list[int], on_board: Sequence[Card]
                ) -> tuple[dict[int, int], dict[int, int], tuple[ShownHand, ...]]:
    """Every live hand read with the board ``on_board``: the high keys, the qualifying
    low keys, and the hands as shown."""
    variant, config = hand.variant, hand.config
    highs: dict[int, int] = {}
    high_texts: dict[int, str] = {}
    lows: dict[int, int] = {}           # the qualifying lows only
    low_texts: dict[int, str] = {}
    kind = variant.high
    holes = hand.hole
    board = tuple(map(_index, on_board))      # plain ints (what compiled code takes)
    fast = fast_high_kernel() if kind in ("holdem", "stud") else None
    low = variant.low
    for s in seats:
        if fast is not None and len(holes[s]) + len(board) <= 7:
            cards = (*map(_index, holes[s]), *board)
            key = fast[0](cards, fast[1])
            highs[s] = key if key >= 0 else fast[2](cards)  # -1: the wrapper says why
        elif kind == "draw-high":
            value = evaluate_seat_high(kind, holes[s], on_board, joker=config.joker)
            highs[s] = value.key
            high_texts[s] = value.description
        elif isinstance(kind, str):
            highs[s] = seat_high_key(kind, [int(c) for c in holes[s]], board)
        elif kind is not None:              # the variant's own ranking
            value = evaluate_seat_high(kind, holes[s], on_board)
            highs[s] = value.key
            high_texts[s] = value.description
        if low is not None:
            low_value = evaluate_low(low, holes[s], on_board,
                                     qualifier=config.rules.low_qualifier, joker=config.joker)
            if low_value is not None:
                lows[s] = low_value.key
                low_texts[s] = low_value.description
    shown = tuple([shown_hand(s, tuple(holes[s]), highs.get(s), lows.get(s),
                              high_texts.get(s), low_texts.get(s)) for s in seats])
    return highs, lows, shown


def _with_antes(hand: SettleMixin, contributions: list[int]) -> tuple[list[int], int]:
    """A hand all in for the ante (or part of it) plays for the pot it is all in for,
    and the others bet on in side pots (``jacks-5``, ``stud-8``): each seat's ante counts
    with its bets to build the pots. Returns those contributions and the dead money left (a pot
    carried from an earlier deal, which belongs to the main pot)."""
    antes = [0] * hand.n
    for event in hand.log:
        if isinstance(event, ForcedBet) and event.kind == "ante":
            antes[event.seat] += event.amount
    combined = [a + c for a, c in zip(antes, contributions, strict=True)]
    return combined, hand.dead_money - sum(antes)


def _unwon(hand: SettleMixin, chips: list[tuple[int, int]], notes: list[str], *,
           whole: bool) -> int:
    """The chips of pots no hand may win (the unproven opener's alone): by the house
    rule (``UnprovenPot``) they stay for the next deal, or go back to the other players
    who put them in (the opener's and the antes stay). Returns the chips carried."""
    rule = hand.config.rules.unproven_pot
    opener = hand.opener_seat
    carried = 0
    for seat, amount in chips:
        if rule is UnprovenPot.RETURNED and seat >= 0 and seat != opener:
            hand.stacks[seat] += amount
            hand.chips.record(POT, seat, amount, "the unproven pot returned")
        else:
            carried += amount
    what = "the pot" if whole else "the pot that only the opener contested"
    notes.append(f"no other hand may win {what}: it {rule.value} (house rule)")
    return carried


def _best(values: dict[int, int], eligible: tuple[int, ...]) -> list[int]:
    """The seats of ``eligible`` with the best key, in their order."""
    best: list[int] = []
    top = 0
    for seat in eligible:
        key = values[seat]
        if not best or key > top:
            top, best = key, [seat]
        elif key == top:
            best.append(seat)
    return best


def _order(hand: SettleMixin, winners: list[int], cards_by_seat: list[list[int]],
           low: bool) -> list[int]:
    if hand.variant.button_game:
        return clockwise_from(hand.button, hand.n, winners)
    if low and hand.variant.is_split:
        return low_card_order(cards_by_seat, winners)
    return high_card_order(cards_by_seat, winners)


def _whole(hand: SettleMixin, amount: int, winners: list[int],
           cards_by_seat: list[list[int]], share: str = "all") -> list[tuple[int, int, str]]:
    """``amount`` (the pot, or its ``share``: its high or low half) split evenly among
    ``winners``, the odd chips in the rules' order."""
    return [(s, a, share) for s, a in
            split_evenly(amount, _order(hand, winners, cards_by_seat, share == "low"))]


def _divide(hand: SettleMixin, amount: int, eligible: tuple[int, ...],
            highs: dict[int, int], lows: dict[int, int],
            cards_by_seat: list[list[int]]) -> list[tuple[int, int, str]]:
    if amount == 0:
        return []
    if len(eligible) == 1:
        return [(eligible[0], amount, "all")]
    if not highs:                       # low only: razz and lowball, every low known
        return _whole(hand, amount, _best(lows, eligible), cards_by_seat)
    high_winners = _best(highs, eligible)
    qualified = {s: key for s in eligible if (key := lows.get(s)) is not None}
    if not qualified:                   # high only, or no low qualifies
        return _whole(hand, amount, high_winners, cards_by_seat)
    low_winners = _best(qualified, tuple(qualified))
    if sorted(high_winners) == sorted(low_winners) and len(high_winners) > 1:
        # stud8-9: the same players tie both ways: split the whole pot evenly
        return _whole(hand, amount, high_winners, cards_by_seat)
    high_half, low_half = split_high_low(amount)
    return (_whole(hand, high_half, high_winners, cards_by_seat, "high")
            + _whole(hand, low_half, low_winners, cards_by_seat, "low"))


def _sevens_rule(hand: SettleMixin, lows: dict[int, int], seats: list[int],
                 contributions: list[int], notes: list[str]) -> list[int]:
    """a5-4: a seven or better that checked after the draw and is the best hand wins only
    what was in the pot before the draw; the action after the draw is void."""
    best = _best(lows, tuple(seats))
    checkers = [s for s in best if s in hand.sevens_checkers]
    before = _short_all_in_kept(hand, checkers[0] if checkers else -1, best,
                                contributions, notes)
    if before is None:
        return contributions
    for s in range(hand.n):
        refund = contributions[s] - before[s]
        if refund:
            hand.stacks[s] += refund
            hand.chips.record(POT, s, refund, "void after the draw (sevens rule)")
    if checkers and before == hand.contrib_at_draw:
        notes.append(f"sevens rule: seat {checkers[0]} checked a seven or better and "
                     "wins only the pot before the draw; the action after the draw is void")
    return list(before)


def _short_all_in_kept(hand: SettleMixin, checker: int, best: list[int],
                       contributions: list[int], notes: list[str]) -> list[int] | None:
    """a5-4-allin: against an all-in bet after the draw of less than half a bet, a seven
    or better may just call and win that bet, and an overcaller who loses gets the bet
    back; a seven that completes to a full bet has met every obligation. Returns the
    contributions that stand, or ``None``: settle as usual."""
    before = list(hand.contrib_at_draw or contributions)
    log = hand.log
    start = max((i for i, e in enumerate(log) if isinstance(e, CardsDiscarded)), default=-1)
    short_seat, short, callers, raisers = -1, 0, set(), set()
    for event in log[start + 1:]:
        if not isinstance(event, PlayerActed):
            continue
        action = event.action
        if isinstance(action, Bet) and event.all_in and short_seat < 0 and \
                event.total * 2 < hand.config.stakes.big_bet:
            short_seat, short = action.seat, event.total
        elif short_seat >= 0 and isinstance(action, Call):
            callers.add(action.seat)
        elif short_seat >= 0 and isinstance(action, Raise):
            raisers.add(action.seat)
    seven = checker
    if seven < 0:
        seven = next((s for s in best if s in callers | raisers and is_seven_or_better(
            hand.hole[s], joker=hand.config.joker)), -1)
    if seven < 0:
        return None                           # no seven under the rule: as usual
    if short_seat < 0:
        return before                         # a5-4: the action after the draw is void
    if seven in raisers:
        notes.append(f"sevens rule: seat {seven} completed to a full bet against the "
                     "short all-in and has met every obligation")
        return None
    kept = list(before)
    for s in (short_seat, seven):
        kept[s] += min(short, contributions[s] - before[s])
    notes.append(f"sevens rule: seat {seven} just called seat {short_seat}'s short all-in "
                 f"of {short} and wins that bet; any overcall is returned")
    return kept
