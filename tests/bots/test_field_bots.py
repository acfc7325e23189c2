"""Guts and Herbie bots that weigh the whole field: who has said out or in, how strong a
rival who stays is, and the pot to match, level by level."""

from __future__ import annotations

import random
from typing import cast

import pytest

from pokerroom.bots.field import (
    FieldGutsBot,
    FieldHerbieBot,
    FieldRead,
    herbie_kinds,
    stays,
    symmetric_bar,
    win_chance,
)
from pokerroom.bots.guts import FastGutsBot, table_for
from pokerroom.bots.home_games import HerbieBot
from pokerroom.cards import UNKNOWN, parse_cards
from pokerroom.catalog import TableSpec
from pokerroom.core import Declare, DeclareOption
from pokerroom.games import get_game
from pokerroom.hands.guts import evaluate_guts2
from pokerroom.hands.herbie import HerbieOddCard, HerbieUnpaired
from pokerroom.homegames.guts import guts_evaluator
from pokerroom.homegames.house_rules import guts_options
from pokerroom.session import Session
from pokerroom.tableview import SAID_IN, SAID_OUT, SeatSnapshot, SeatView, View, declared_aloud
from pokerroom.terminal.driver import play_hand


def _asked(view: View) -> SeatView:
    """What a seat is handed when it must declare: its view and the declare option."""
    return SeatView(3, view, (DeclareOption(),), snapshot=view)


def _seat_view(cards: str, pot: int, said: tuple[tuple[int, bool], ...] = ()) -> View:
    """Seat 3's view of a four-seat deal: its cards, the pot, the declares heard."""
    heard = dict(said)
    seats = tuple(SeatSnapshot(seat=s, name=f"Seat {s + 1}", stack=0,
                               cards=parse_cards(cards) if s == 3 else (UNKNOWN,) * 2,
                               status=(SAID_IN if heard[s] else SAID_OUT) if s in heard
                               else "") for s in range(4))
    return View(game="Guts (two-card)", seats=seats, pots=(("pot", pot),), you=3,
                street="declare")


def _guts_bot(level: str, players: int = 4, rules: dict[str, object] | None = None
              ) -> FieldGutsBot:
    options = guts_options(players, 1, 2, rules or {})
    return FieldGutsBot(players, guts_evaluator(options), 2, level, options)


def _declare(bot: object, cards: str, pot: int = 4,
             said: tuple[tuple[int, bool], ...] = ()) -> bool:
    action = bot.act(_asked(_seat_view(cards, pot, said)))  # type: ignore[attr-defined]
    assert isinstance(action, Declare)
    return action.stay


@pytest.mark.rule("guts-single-in-takes-pot", "guts-declare-in-turn")
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_guts_stays_with_anything_when_everyone_before_said_out(level: str) -> None:
    """The last to declare, everyone before it out: staying takes the pot unseen."""
    everyone_out = ((0, False), (1, False), (2, False))
    assert _declare(_guts_bot(level), "3c 2d", said=everyone_out)
    # the fixed bar of the table's size sends the same hand out
    easy = FastGutsBot(4, evaluate_guts2, 2)
    assert not easy.act(_asked(_seat_view("3c 2d", 4, everyone_out))).stay  # type: ignore[attr-defined]


@pytest.mark.rule("guts-losers-match", "guts-declare-in-turn")
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_guts_goes_out_with_ace_king_once_two_rivals_said_in(level: str) -> None:
    bot = _guts_bot(level)
    assert _declare(bot, "Ac Kd")                                  # nobody heard yet
    assert not _declare(bot, "Ac Kd", said=((0, True), (1, True)))
    assert _declare(bot, "Ac Ad", said=((0, True), (1, True)))     # aces still stay


@pytest.mark.rule("guts-limit-agree", "guts-losers-match")
def test_a_table_maximum_makes_a_big_pot_cheaper_to_chase() -> None:
    """A hand that is not worth matching the whole pot is worth a capped match."""
    hand = "Ac Jd"
    said = ((0, True),)
    assert not _declare(_guts_bot("normal"), hand, pot=200, said=said)
    capped = _guts_bot("normal", rules={"max_match": 20})
    assert _declare(capped, hand, pot=200, said=said)


@pytest.mark.rule("guts-single-loser")
def test_under_single_loser_only_the_worst_hand_pays_so_more_hands_stay() -> None:
    """Two rivals in: ace-nine rarely beats both, but is rarely the worst of three."""
    said = ((0, True), (1, True))
    assert not _declare(_guts_bot("normal"), "Ac 9d", said=said)
    assert _declare(_guts_bot("normal", rules={"single_loser": True}), "Ac 9d", said=said)


def test_win_chance_counts_rivals_out_or_beaten() -> None:
    p = table_for(evaluate_guts2, 2).percentile(parse_cards("9c 9d"))
    alone = FieldRead(undecided=0, stayed=0, pot=10, match=10)
    assert win_chance(p, alone, rival_bar=0.8) == 1.0
    one_in = FieldRead(undecided=0, stayed=1, pot=10, match=10)
    assert win_chance(p, one_in, rival_bar=0.8) == pytest.approx((p - 0.8) / 0.2)
    # a rival still to declare is out (0.8) or in and beaten (p - 0.8)
    one_to_come = FieldRead(undecided=1, stayed=0, pot=10, match=10)
    assert win_chance(p, one_to_come, rival_bar=0.8) == pytest.approx(p)


def test_the_symmetric_bar_rises_with_the_field() -> None:
    bars = [symmetric_bar(rivals, 10, 10) for rivals in range(1, 9)]
    assert bars == sorted(bars) and bars[0] == pytest.approx(0.5)
    # against rivals who stay with anything, a hand must beat them all
    assert not stays(0.8, FieldRead(4, 0, 10, 10), rival_bar=0.0)
    assert stays(0.95, FieldRead(4, 0, 10, 10), rival_bar=0.0)


# --------------------------------------------------------------------------- Herbie


def _weakest_staying_kind(bot: FieldHerbieBot, pot: int = 4) -> str:
    kinds = herbie_kinds(HerbieUnpaired.HIGH_CARDS, HerbieOddCard.IGNORED)
    hands = {"no pair": "Ac Kd 7s", "pair of threes": "3c 3d Ks", "pair of fives": "5c 5d Ks",
             "pair of sixes": "6c 6d Ks", "pair of sevens": "7c 7d Ks",
             "pair of eights": "8c 8d Ks", "pair of nines": "9c 9d Ks",
             "pair of jacks": "Jc Jd Ks", "pair of queens": "Qc Qd Ks",
             "pair of kings": "Kc Kd Qs", "pair of aces": "Ac Ad Ks", "trips": "Ac Ad As"}
    staying = [kind for kind, cards in hands.items() if _declare(bot, cards, pot=pot)]
    return min(staying, key=lambda kind: kinds[kind][0], default="none")


def _place(kind: str) -> float:
    """The share of starting hands below a kind (1 for "none": nothing stays)."""
    kinds = herbie_kinds(HerbieUnpaired.HIGH_CARDS, HerbieOddCard.IGNORED)
    return kinds[kind][0] if kind != "none" else 1.0


@pytest.mark.rule("herbie-3.1", "herbie-table-4", "herbie-5-strategy")
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_herbie_wants_a_better_hand_the_more_rivals_may_stay(level: str) -> None:
    """With a capped match (a pot of 100, a table maximum of 10) more kinds stay, and the
    weakest that does rises with the table; matching the whole pot, only trips pay
    against the rivals the bot expects (a pair of aces wins about 0.38 of the time at
    four seats in a simulation of such rivals, herbie-5-strategy)."""
    places = [_place(_weakest_staying_kind(FieldHerbieBot(players, level, max_match=10),
                                           pot=100)) for players in (4, 6, 8, 10)]
    assert places == sorted(places) and places[0] < places[-1]
    assert _weakest_staying_kind(FieldHerbieBot(4, level)) == "trips"


@pytest.mark.rule("herbie-4.1")
def test_herbie_stays_looser_when_the_match_is_capped() -> None:
    plain = _weakest_staying_kind(FieldHerbieBot(8, "normal"), pot=100)
    capped = _weakest_staying_kind(FieldHerbieBot(8, "normal", max_match=10), pot=100)
    assert _place(capped) < _place(plain)


@pytest.mark.rule("herbie-3.1")
def test_the_easy_herbie_bot_is_the_fixed_bar() -> None:
    easy = HerbieBot(4)
    assert _declare(easy, "5c 5d Ks") and not _declare(easy, "3c 3d Ks")


# --------------------------------------------------------------------------- whole games


@pytest.mark.rule("guts-declare-in-turn", "guts-5.1-simultaneous")
def test_a_seat_hears_the_declares_made_in_turn_and_none_made_at_once() -> None:
    for rules, heard in (([], True), (["declare=simultaneous"], False)):
        entry = get_game("guts2")
        spec = TableSpec(players=("a", "b", "c", "d"), stacks=(100,) * 4,
                         stakes={"ante": 1}, house_rules=entry.parse_house_rules(rules),
                         rng=random.Random(3))
        session = entry.factory(spec)
        state = session.new_hand()
        while state.actors and state.actors[0] < 0:
            state.advance()
        first = state.actors[0]
        state.apply(Declare(seat=first, stay=False))
        other = next(s for s in range(4) if s != first)
        said = declared_aloud(state.view(other))
        assert said == ({first: False} if heard else {})


@pytest.mark.rule("guts-losers-match", "herbie-4.1")
@pytest.mark.parametrize("game", ["guts2", "guts3", "herbie"])
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_every_level_plays_whole_deals_with_chips_conserved(game: str, level: str) -> None:
    entry = get_game(game)
    spec = TableSpec(players=("a", "b", "c", "d"), stacks=(200,) * 4, stakes={"ante": 1},
                     house_rules=entry.parse_house_rules([]), rng=random.Random(9))
    session = cast(Session, entry.factory(spec))
    bots = {seat: session.make_bot(seat, random.Random(seat), level) for seat in range(4)}
    assert level in bots[0].style
    for number in range(40):
        play_hand(session, hand_no=number + 1, bots=bots, narrate=False)
        assert sum(session.stacks) + session.chips_held == 800
