"""Poker bots by level: ``easy``, ``normal`` and ``strong`` (``expert`` plays poker as
``strong``; its Guts and Herbie declare is solved, :mod:`pokerroom.strategy.expert`).

``easy`` is the rule-of-thumb bot of :mod:`pokerroom.bots.poker`. The other two judge a
hand by its **equity against the players still in**: a quick Monte Carlo run of
:func:`~pokerroom.analysis.odds.compute_odds` that deals every unknown card (the
opponents' hidden cards, the board or the draws to come) from what the seat cannot
see, so a hand's worth falls as the field grows. Both keep an
:class:`~pokerroom.bots.opponents.OpponentModel` of what they see each opponent do.

* **Hand reading** (hold'em): each opponent holds a range, the top share of the two-card
  hands for the board (:mod:`pokerroom.bots.reading`): a bet or raise keeps about the
  share of hands its maker bets with, a call of the bot's bet the share that does not
  fold. ``strong`` measures those rates per opponent over the session (a player who
  rarely raises holds a strong hand when it does); ``normal`` takes every opponent for
  the priors (a raise: the top quarter of hands). Where no range can be read (stud,
  draw, Omaha) a bet cuts the equity by its size against the pot, ``strong`` believing a
  player more who bets less often than most.
* Facing a bet: call when the equity beats the **pot odds** (what the call costs over
  the pot it wins) by a margin, fold otherwise. ``normal`` raises when well ahead of a
  fair share of the field; ``strong`` (hold'em) raises, bets or checks by what each is
  worth: a bet of half the pot or the pot wins the pot when everyone folds, at the
  opponents' **measured fold rates** (lower for a player who has raised this hand), and
  otherwise the equity against the hands that call, so it bluffs a player who folds and
  value-bets a player who calls.
* With nothing to call (``normal``, and ``strong`` where no range is read): bet for value
  when ahead of a fair share, and **bluff** at a measured rate, more often last to act
  and only against one or two players (``strong``: as often as the rivals' folds make it
  pay).
* **Position** is the seat's place in this round's acting order
  (:mod:`pokerroom.bots.position`: in stud by the cards showing, so a stud bot knows
  whether it acts last); ``strong`` adds it to its edge.

Draws keep what makes the hand (:func:`~pokerroom.bots.poker.draw_action`). In a draw
game a hand with a draw to come is judged by what it keeps, the rest drawn at random
(a four-flush or a four-card low is worth its draw, not its pat hand); stud hands see the
rivals' up cards as theirs.

>>> import random
>>> from pokerroom.cards import parse_cards
>>> from pokerroom.core import BetOption, CheckOption
>>> from pokerroom.tableview import SeatSnapshot, View
>>> snap = View(game="Texas hold'em", you=0, pots=(("pot", 3),), seats=(
...     SeatSnapshot(0, "Ann", 198, 0, parse_cards("As Ad")),
...     SeatSnapshot(1, "Bob", 198, 0, parse_cards("?? ??"))), button=0)
>>> from pokerroom.analysis.odds_game import HOLDEM
>>> bot = LeveledBot("holdem", "strong", random.Random(1), odds=HOLDEM)
>>> bot.decide(snap, (CheckOption(), BetOption(2, 198)), 0)  # doctest: +ELLIPSIS
Bet(seat=0, amount=...)
>>> 0.78 < bot.equity(snap, 0) < 0.92  # aces against one random hand: about 0.85
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.analysis.odds_game import OddsGame
from pokerroom.bots import BOT_LEVELS, DEFAULT_LEVEL
from pokerroom.bots.opponents import OpponentModel
from pokerroom.bots.poker import PokerBot, draw_action, draw_discards
from pokerroom.bots.position import acting_position
from pokerroom.cards import Card
from pokerroom.core import (
    Action,
    Bet,
    BringIn,
    BringInOption,
    Call,
    CallOption,
    Check,
    CheckOption,
    Complete,
    CompleteOption,
    DeclareOption,
    DrawOption,
    Fold,
    FoldOption,
    Option,
    Raise,
    RaiseOption,
)
from pokerroom.engine.variants import Variant, get_variant
from pokerroom.errors import PokerroomError
from pokerroom.fast.jit import compiled
from pokerroom.options import Pick, build, find_option, sized
from pokerroom.tableview import SeatSnapshot, SeatView, View

__all__ = ["BOT_LEVELS", "DEFAULT_LEVEL", "LeveledBot", "Temperament"]


DRAWS_AFTER = {name: {street.name: sum(1 for later in get_variant(name).streets[i + 1:]
                                       if later.draw)
                      for i, street in enumerate(get_variant(name).streets)}
               for name in ("lowball-a5", "lowball-27", "lowball-27-triple", "draw-high",
                            "jacks")}
"""For each draw variant, the draws still to come after each betting round (by name)."""

DRAW_RIVAL_HANDS = (2, 4)
"""Draw games: how many random hands one rival counts as, with a draw still to come and
after the last draw (measured against the rule-of-thumb bot, benchmarks/bench_bots.py:
one hand each way lost 10.6 big bets per 100 hands in draw high, two and four about
broke even or better)."""
MAX_HANDS = 9
"""The most hands one equity simulation deals (five cards each from 52)."""


@dataclass(frozen=True, slots=True)
class Temperament:
    """How a level plays: Monte Carlo deals per decision, the margin over the pot odds
    it wants to call, how far ahead of a fair share it must be to bet or raise, its rates
    of loose calls and bluffs, what position is worth, and how much a bet is believed
    where no hand can be read (``respect``: the equity against random hands is cut by
    this share of the bet's size relative to the pot). ``learns``: the hand reading and
    the bluffs use the opponents' measured rates (:mod:`pokerroom.bots.opponents`);
    without it, every opponent plays as the priors say."""

    trials: int
    call_margin: float
    value_edge: float
    raise_edge: float
    loose_call: float
    bluff: float
    position: float
    respect: float
    learns: bool


TEMPERAMENTS = {
    # measured against each other and the old bot in BENCHMARKS.md ("Bots by level")
    "normal": Temperament(trials=500, call_margin=0.04, value_edge=1.2, raise_edge=1.6,
                          loose_call=0.03, bluff=0.12, position=0.0, respect=0.45,
                          learns=False),
    "strong": Temperament(trials=1000, call_margin=0.04, value_edge=1.2, raise_edge=1.6,
                          loose_call=0.03, bluff=0.12, position=0.05, respect=0.45,
                          learns=True),
}
TEMPERAMENTS["expert"] = TEMPERAMENTS["strong"]


class LeveledBot:
    """A poker bot of one level for one game of the engine (see the module docstring):
    ``game`` is its variant (or the name of one of the rulebook's), ``odds`` the odds
    engine's game that judges its hands
    (the game's :attr:`~pokerroom.game.Game.odds`; with none, or without numba's compiled
    loops, the ``fast`` extra, the bot plays as the easy level)."""

    def __init__(self, game: str | Variant, level: str, rng: random.Random, *,
                 kind: str = "high", button_game: bool = True,
                 house_rules: Sequence[str] = (), odds: OddsGame | None = None) -> None:
        if level not in BOT_LEVELS:
            raise PokerroomError(f"bot levels are {', '.join(BOT_LEVELS)}, not {level!r}")
        self.variant = game if isinstance(game, Variant) else None
        self.game = game.name if isinstance(game, Variant) else game
        self.level = level
        self.rng = rng
        self.button_game = button_game
        self.house_rules = tuple(house_rules)
        self._baseline = PokerBot(kind, rng, button_game=button_game)
        self._kind = kind
        self._odds_game = odds if compiled() else None
        self.temperament = TEMPERAMENTS.get(level)
        try:
            streets = (self.variant or get_variant(self.game)).streets
            first, last = streets[0].name, streets[-1].name
        except (KeyError, PokerroomError):
            first, last = "preflop", "river"
        self._scores: tuple[tuple[Card, ...] | None, Any] = (None, None)
        self.model = OpponentModel(first, last, learns=bool(self.temperament
                                                     and self.temperament.learns))

    @property
    def style(self) -> str:
        if self.level == "easy" or self._odds_game is None:
            return self._baseline.style
        return f"{self.level}: equity against the field, pot odds, position and bluffs"

    def act(self, seat_view: SeatView) -> Action:
        return self.decide(seat_view.snapshot, seat_view.options, seat_view.seat)

    # ------------------------------------------------------------------ judging

    def reads(self) -> bool:
        """True when this bot reads its opponents' hands as ranges (hold'em)."""
        return self._odds_game is not None and self._odds_game.ranges

    def equity(self, snap: View, seat: int, *, read: bool = False,
               calling: bool = False) -> float:
        """The seat's share of the pot against the players still in, by simulation of
        what it cannot see (0 to 1); with ``read`` (hold'em), each opponent holds the
        range its actions of this hand leave it (:meth:`OpponentModel.range_share`),
        and with ``calling`` only the part of it that calls a bet (its measured share
        of calls, :meth:`OpponentModel.fold_rate`)."""
        # the simulation and the hand reading load NumPy and the compiled kernels: only
        # when a bot first judges a hand, so that commands without bots start quickly
        from pokerroom.analysis.odds import compute_odds
        from pokerroom.bots.reading import hand_scores, top_hands

        assert self._odds_game is not None and self.temperament is not None
        me = snap.seat(seat)
        mine = [c for c in me.cards if c.is_known]
        rivals = [s for s in snap.seats if s.seat != seat and _live(s)]
        if not rivals:
            return 1.0
        to_come = DRAWS_AFTER.get(self.game, {}).get(snap.street, 0)
        if to_come and len(mine) == 5:
            thrown = draw_discards(self._kind, mine, 5)
            mine = [c for c in mine if c not in thrown]
        # what a rival shows (stud's up cards) is theirs; the rest is dealt at random
        hands: list[Sequence[Card] | Sequence[tuple[Card, Card]]] = [mine]
        if read and self.reads():
            if self._scores[0] != snap.board:
                self._scores = (snap.board, hand_scores(snap.board))
            scores = self._scores[1]
            for s in rivals:
                share = self.model.range_share(s.seat)
                if calling:
                    share *= 1.0 - self.model.fold_share(s.seat)
                hands.append(top_hands(share, mine, snap.board, scores)
                             if share < 0.95 else [])
        else:
            hands += [[c for c in s.cards if c.is_known] for s in rivals]
        if self.game in DRAWS_AFTER:
            # a rival who draws holds about the best of a few dealt hands, and one still
            # in after the last draw has kept a hand worth its bets
            copies = DRAW_RIVAL_HANDS[0 if to_come else 1] - 1
            extra: list[list[Card]] = [[] for _ in rivals for _ in range(copies)]
            hands += extra[:max(0, MAX_HANDS - len(hands))]
        dead = [c for s in snap.seats if not _live(s) and s.seat != seat
                for c in s.cards if c.is_known]
        try:
            result = compute_odds(self._odds_game, hands, board=list(snap.board),
                                  dead=dead, trials=self.temperament.trials,
                                  seed=self.rng.getrandbits(32),
                                  house_rules=self.house_rules)
        except (PokerroomError, ValueError):
            return _fair_share(len(rivals) + 1)
        return float(result.equities[0])

    def _position(self, snap: View, seat: int) -> float:
        """0 (first to act this round) to 1 (last) among the players still in."""
        return acting_position(self.variant or self.game, snap, seat)

    def _all_fold(self, snap: View, seat: int) -> float:
        """The chance that every player still in folds to a bet, by their fold rates."""
        chance = 1.0
        for s in snap.seats:
            if s.seat != seat and _live(s) and s.stack > 0:
                chance *= self.model.fold_share(s.seat)
        return chance

    # ------------------------------------------------------------------ deciding

    def decide(self, snap: View, options: Sequence[Option], seat: int) -> Action:
        """The action for ``seat`` given what it sees."""
        if self.level == "easy" or self._odds_game is None or self.temperament is None \
                or find_option(options, DeclareOption) is not None:     # jacks-5
            return self._baseline.decide(snap, options, seat)
        draw = find_option(options, DrawOption)
        if draw is not None:
            return draw_action(self._kind, snap.seat(seat).cards, draw, seat)
        self.model.observe(snap, seat)
        action = self._choose(snap, options, seat)
        if isinstance(action, (Bet, Raise, Complete)):
            self.model.bet_made(snap, seat)
        return action

    def _choose(self, snap: View, options: Sequence[Option], seat: int) -> Action:
        temper = self.temperament
        assert temper is not None
        rivals = sum(1 for s in snap.seats if s.seat != seat and _live(s))
        fair = _fair_share(rivals + 1)
        read = self.reads()
        equity = self.equity(snap, seat, read=read)
        position = self._position(snap, seat)
        edge = equity / fair if fair else 0.0
        edge += temper.position * (position - 0.5) * 2
        bring = find_option(options, BringInOption)
        complete = find_option(options, CompleteOption)
        if bring is not None:
            if complete is not None and edge > temper.raise_edge:
                return Complete(seat=seat)
            return BringIn(seat=seat)
        pot = snap.total_pot
        call = find_option(options, CallOption)
        if call is not None and call.amount > 0:
            odds = call.amount / max(1, pot + call.amount)
            raises = _raises_made(snap, options)
            if not read:
                # facing a bet, the bettor's hand is better than a random one, and every
                # raise of the round says more (a raising war is won by the nuts)
                believed = max(call.amount / max(1, pot), 0.2 * raises)
                top = max(s.bet for s in snap.seats)
                credit = max((self.model.credit(s.seat) for s in snap.seats
                              if s.seat != seat and _live(s) and s.bet == top), default=1.0)
                equity *= 1 - min(0.9, temper.respect * credit * min(1.0, believed))
                edge = equity / fair if fair else 0.0
            if edge > temper.raise_edge * (1 + 0.25 * raises) and not (temper.learns and read):
                bigger = self._aggressive(snap, options, seat, equity, position)
                if bigger is not None:
                    return bigger
            if complete is not None and edge > temper.value_edge:
                return Complete(seat=seat)
            if temper.learns and read:
                calls = equity > odds + temper.call_margin
                quiet: Action = Call(seat=seat) if calls or not find_option(options, FoldOption) \
                    else Fold(seat=seat)
                worth = equity * (pot + call.amount) - call.amount if calls else 0.0
                return self._best_bet(snap, options, seat, quiet, worth)
            if equity > odds + temper.call_margin:
                return Call(seat=seat)
            if equity > odds * 0.6 and self.rng.random() < temper.loose_call:
                return Call(seat=seat)
            return Fold(seat=seat) if find_option(options, FoldOption) else Call(seat=seat)
        if temper.learns and read:
            return self._best_bet(snap, options, seat, _check_or_fold(options, seat),
                                  equity * pot)
        if edge > temper.value_edge:
            bet = self._aggressive(snap, options, seat, equity, position)
            if bet is not None:
                return bet
        if self.rng.random() < self._bluff_rate(snap, seat, rivals, position):
            bet = self._aggressive(snap, options, seat, 0.5, position)
            if bet is not None:
                return bet
        if find_option(options, CheckOption) is not None:
            return Check(seat=seat)
        if call is not None:
            return Call(seat=seat)
        return Fold(seat=seat)

    def _best_bet(self, snap: View, options: Sequence[Option], seat: int,
                  quiet: Action, quiet_worth: float) -> Action:
        """``quiet`` (a check, call or fold worth ``quiet_worth`` chips), or the bet or
        raise of half the pot or the pot that is worth more: one wins the pot when
        everyone folds (their measured fold rates) and otherwise the equity against
        the hands that call, of the pot and everyone's chips in it."""
        pot = snap.total_pot
        folds = self._all_fold(snap, seat)
        against_calls = self.equity(snap, seat, read=True, calling=True)
        top = max((s.bet for s in snap.seats), default=0)
        mine = snap.seat(seat).bet
        best = (quiet_worth + 0.02 * pot, quiet)
        for share in (0.5, 1.0):
            bet = self._sized(options, seat, snap, share)
            if isinstance(bet, Bet):
                more, total = bet.amount, bet.amount
            elif isinstance(bet, Raise):
                more, total = bet.to - mine, bet.to
            else:
                continue
            called = pot + more + (total - top)
            worth = folds * pot + (1 - folds) * (against_calls * called - more)
            if worth > best[0]:
                best = (worth, bet)
        return best[1]

    def _bluff_rate(self, snap: View, seat: int, rivals: int,
                    position: float) -> float:
        """How often to bet a hand that is behind: against few players, more often in
        late position; a level that learns bluffs as often as its rivals' measured folds
        make a half-pot bet pay (it needs them all to fold a third of the time)."""
        temper = self.temperament
        assert temper is not None
        if rivals > 2:
            return 0.0
        rate = temper.bluff * (1.5 if position > 0.6 else 0.7)
        if temper.learns:
            folds = self._all_fold(snap, seat)
            rate = min(0.8, rate * max(0.0, folds - 0.2) / 0.2)
        return rate

    def _aggressive(self, snap: View, options: Sequence[Option], seat: int,
                    equity: float, position: float) -> Action | None:
        """A bet or raise sized by the equity: half the pot to the whole pot."""
        temper = self.temperament
        share = 0.5 + 0.5 * min(1.0, max(0.0, (equity - 0.4) / 0.5))
        if temper is not None and temper.position and position > 0.6:
            share = max(0.5, share - 0.15)  # in position a smaller bet does the job
        return self._sized(options, seat, snap, share)

    @staticmethod
    def _sized(options: Sequence[Option], seat: int, snap: View,
               share: float) -> Action | None:
        """A bet or raise of ``share`` of the pot (after calling), inside the legal
        range; the fixed size in limit games; ``None``: neither is allowed."""
        top = max((s.bet for s in snap.seats), default=0)
        to_call = snap.to_call(seat)
        target = max(1, int((snap.total_pot + to_call) * share))
        return sized(options, seat, bet=target, raise_to=top + target, pick=Pick.SMALLEST)


def _check_or_fold(options: Sequence[Option], seat: int) -> Action:
    """Check, else call, else fold."""
    quiet = find_option(options, CheckOption, CallOption)
    return build(quiet, seat) if quiet is not None else Fold(seat=seat)


def _raises_made(snap: View, options: Sequence[Option]) -> int:
    """Raises already made this round, counted in raise sizes over the opening bet (0
    when no raise is possible: there is nothing more to count on)."""
    raise_ = find_option(options, RaiseOption)
    top = max((s.bet for s in snap.seats), default=0)
    if raise_ is None or top <= 0:
        return 0
    step = raise_.min_to - top
    return max(0, top // step - 1) if step > 0 else 0


def _live(seat: SeatSnapshot) -> bool:
    """Still in the hand: not folded, and holding cards."""
    return not seat.folded and bool(seat.cards)


def _fair_share(players: int) -> float:
    return 1.0 / max(1, players)
