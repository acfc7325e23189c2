"""The tournament table: every poker game played by bots to one winner, with the chips
conserved at every hand, the stakes of the clock's level, the dead button, places in
the order players went out, rebuys, the add-on and the colour-up."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.core import HandState
from pokerroom.engine.events import ForcedBet
from pokerroom.engine.state import PokerHand
from pokerroom.engine.variants import Forced
from pokerroom.errors import TournamentError
from pokerroom.games import get_game
from pokerroom.sessions.poker_games import POKER_GAMES
from pokerroom.sessions.tournament import TournamentSession, level_config, tournament_table
from pokerroom.terminal.driver import play_hand
from pokerroom.terminal.tournament import run_tournament
from pokerroom.tournament.clock import WallClock, at_hand
from pokerroom.tournament.presets import preset
from pokerroom.tournament.standings import Finish, pay, places_for
from pokerroom.tournament.structure import (
    AddOn,
    Break,
    ColourUp,
    Level,
    Rebuys,
    TournamentStructure,
)

NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eli", "Fay")
GAMES = tuple(game.name for game in POKER_GAMES)


def fast(stack: int = 400, *, rebuys: Rebuys | None = None, add_on: AddOn | None = None,
         colour_ups: tuple[ColourUp, ...] = (), chips: tuple[int, ...] = (5,),
         hands: int = 3) -> TournamentStructure:
    """A structure whose blinds double every ``hands`` hands up to half a stack."""
    levels = tuple(Level(small_blind=5 * 2 ** i, big_blind=10 * 2 ** i, ante=5 * i,
                         bring_in=5 * 2 ** i, minutes=5, hands=hands) for i in range(6))
    return TournamentStructure("fast", starting_stack=stack, buy_in=10, chips=chips, levels=levels,
                     rebuys=rebuys, add_on=add_on, colour_ups=colour_ups)


@dataclass
class Watch:
    """What a bots-only tournament did, hand by hand, checked as it goes."""

    structure: TournamentStructure
    hands: int = 0
    out_at: dict[int, int] = field(default_factory=dict)
    started: dict[int, tuple[int, ...]] = field(default_factory=dict)
    previous: PokerHand | None = None

    def __call__(self, session: TournamentSession, state: HandState) -> None:
        self.hands += 1
        assert isinstance(state, PokerHand)
        # chips in play = starting stacks + rebuys + add-ons (+ the colour-ups' change)
        assert sum(session.stacks) + session.chips_held == \
            session.chips_bought + session.race_change
        if not self.structure.colour_ups:
            assert session.race_change == 0
        # the blinds go up on schedule: the clock's level for this hand number
        expected = at_hand(self.structure, self.hands).level
        assert session.level == expected
        stakes = level_config(session.table.config, self.structure.level(expected),
                              expected).stakes
        if any(isinstance(e, ForcedBet) and e.kind.startswith("kill") for e in state.events):
            # a lowball pot a new player kills is played at doubled limits (lowball-3b),
            # one the big blind passed at the table's kill (supp-kill: 1.5x or 2x)
            assert state.config.stakes in [
                replace(stakes, small_bet=stakes.small_bet * f // 2,
                        big_bet=stakes.big_bet * f // 2) for f in (3, 4)]
        else:
            assert state.config.stakes == stakes
        self.started[self.hands] = session.start_stacks
        for seat in session.finishes:
            self.out_at.setdefault(seat, self.hands)
        self.previous = state


def play_out(game: str, structure: TournamentStructure, seed: int, players: int = 4
             ) -> tuple[TournamentSession, Watch]:
    session = tournament_table(get_game(game), structure, NAMES[:players], rng=random.Random(seed))
    watch = Watch(structure)
    run_tournament(session, seed=seed, level="easy", after_hand=watch, max_hands=1500)
    return session, watch


def check_places(session: TournamentSession, watch: Watch) -> None:
    """One winner; whoever went out later finishes higher; of two out on one hand the
    one who started it with more chips finishes higher, equal stacks tie."""
    assert session.is_finished
    winners = [f for f in session.finishes.values() if f.place == 1]
    assert len(winners) == 1 and session.stacks[winners[0].seat] == sum(session.stacks)
    assert len(session.finishes) == session.entries
    losers = [f for f in session.finishes.values() if f.place > 1]
    for a in losers:
        for b in losers:
            hand_a, hand_b = watch.out_at[a.seat], watch.out_at[b.seat]
            if hand_a < hand_b:
                assert a.place > b.last_place
            elif hand_a == hand_b:
                start = watch.started[hand_a]
                if start[a.seat] > start[b.seat]:
                    assert a.last_place < b.place
                elif start[a.seat] == start[b.seat]:
                    assert (a.place, a.last_place) == (b.place, b.last_place)
    places = {p for f in session.finishes.values() for p in range(f.place, f.last_place + 1)}
    assert places == set(range(1, session.entries + 1))


@pytest.mark.rule("supp-blinds", "supp-dead-button")
@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_to_one_winner(game: str) -> None:
    structure = fast(rebuys=Rebuys(until_level=2, per_player=1, chips=400, price=10),
                     add_on=AddOn(chips=400, price=5))
    session, watch = play_out(game, structure, seed=GAMES.index(game) + 11)
    check_places(session, watch)
    prizes = dict((f.seat, prize) for f, prize in session.standings())
    assert sum(prizes.values()) == session.prize_pool == \
        10 * 4 + 10 * session.rebuys + 5 * session.add_ons


@pytest.mark.parametrize("seed", [1, 3])
def test_players_out_on_one_hand_finish_by_their_stacks_at_its_start(seed: int) -> None:
    session, watch = play_out("holdem", fast(300), seed, players=6)
    check_places(session, watch)
    losers = [f for f in session.finishes.values() if f.place > 1]
    hands = [watch.out_at[f.seat] for f in losers]
    assert len(set(hands)) < len(hands)          # two or more went out on one hand
    for hand in set(hands):
        batch = sorted((f for f in losers if watch.out_at[f.seat] == hand),
                       key=lambda f: f.place)
        stacks = [watch.started[hand][f.seat] for f in batch]
        assert stacks == sorted(stacks, reverse=True)


def test_equal_stacks_out_on_one_hand_tie_and_share_their_prizes() -> None:
    batch = places_for({0: 300, 2: 300, 3: 900}, players_left=5)
    assert [(f.seat, f.place, f.last_place) for f in batch] == [(3, 3, 3), (0, 4, 5),
                                                              (2, 4, 5)]
    assert batch[1].describe() == "tied 4th-5th"
    finishes = (Finish(1, 1, 1), Finish(4, 2, 2), *batch)
    assert pay(finishes, (50, 25, 15, 7, 3)) == {1: 50, 4: 25, 3: 15, 0: 5, 2: 5}
    assert pay(finishes, (50, 25, 15, 7)) == {1: 50, 4: 25, 3: 15, 0: 4, 2: 3}


def blind_hands(seed: int) -> list[tuple[PokerHand, tuple[int, ...]]]:
    """Hold'em hands of a six-player tournament, each with the seats still in."""
    session = tournament_table(get_game("holdem"), fast(300), NAMES, rng=random.Random(seed))
    bots = {s: session.make_bot(s, random.Random(s), "easy") for s in range(6)}
    hands = []
    while not session.is_finished:
        live = tuple(s for s in range(6) if session.stacks[s] > 0)
        outcome = play_hand(session, hand_no=len(hands) + 1, bots=bots, narrate=False)
        assert isinstance(outcome.state, PokerHand)
        hands.append((outcome.state, live))
        session.close_rebuys()
    return hands


@pytest.mark.rule("supp-blinds")
def test_heads_up_the_button_posts_the_small_blind() -> None:
    heads_up = [hand for seed in (1, 2) for hand, live in blind_hands(seed) if len(live) == 2]
    assert heads_up
    for hand in heads_up:
        small, big = hand.blind_seats
        assert small == hand.button and big != hand.button


@pytest.mark.rule("supp-dead-button")
def test_the_big_blind_moves_one_player_on_and_a_busted_blind_leaves_a_dead_one() -> None:
    dead_small = 0
    for seed in (1, 2, 3):
        hands = blind_hands(seed)
        for (before, _), (after, live) in itertools.pairwise(hands):
            if len(live) < 3:
                continue
            big_before = before.blind_seats[-1]
            assert after.blind_seats[-1] == next(
                s for s in ((big_before + i) % 6 for i in range(1, 7)) if s in live)
            if big_before not in live:           # the last big blind went out
                assert after.blind_seats[0] is None
                dead_small += 1
    assert dead_small                            # the case came up


def test_games_without_a_tournament_are_refused_in_words() -> None:
    for game, words in (("guts3", "ends by its own rules"), ("herbie", "ends by its own"),
                        ("hearts-poker", "one ante and one limit"),
                        ("three-card-poker", "the house banks it")):
        with pytest.raises(TournamentError, match=words):
            tournament_table(get_game(game), preset("turbo"), NAMES[:4])


def test_a_level_a_game_cannot_deal_is_refused_before_the_first_hand() -> None:
    no_bring_in = TournamentStructure("s", 1000, 10, (25,), (Level(25, 50, minutes=5, hands=5),))
    with pytest.raises(TournamentError, match=r"levels\[1\]: Seven-card stud brings in"):
        tournament_table(get_game("stud"), no_bring_in, NAMES[:3])
    with pytest.raises(TournamentError, match="seats 2 to"):
        tournament_table(get_game("holdem"), preset("turbo"), ("Ann",))


def test_ante_games_take_the_small_blind_as_the_ante_at_a_level_without_one() -> None:
    session = tournament_table(get_game("draw-high"), preset("turbo"), NAMES[:3])
    assert session.table.config.variant.forced is Forced.ANTES
    assert session.table.config.stakes.ante == 25
    assert session.stakes_text.endswith("ante 25")


def hand_through(session: TournamentSession) -> None:
    players = range(len(session.players))
    play_hand(session, hand_no=session.hands_dealt + 1, narrate=False,
              bots={s: session.make_bot(s, random.Random(s), "easy") for s in players})


def test_rebuys_and_the_add_on_are_sold_only_when_the_structure_allows() -> None:
    structure = fast(rebuys=Rebuys(until_level=1, per_player=1, chips=400, price=10),
                     add_on=AddOn(chips=200, price=5), hands=2)
    session = tournament_table(get_game("holdem"), structure, NAMES[:3], rng=random.Random(5))
    assert all(session.may_rebuy(s) for s in range(3))   # at the starting stack
    hand_through(session)
    stacks = session.stacks
    over = next(s for s in range(3) if stacks[s] > 400)
    with pytest.raises(TournamentError, match=rf"rebuy: seat {over + 1} \(\w+\) may not"):
        session.rebuy(over)                      # above the starting stack
    assert session.rebuys == 0 and session.stacks == stacks
    short = next(s for s in range(3) if stacks[s] <= 400)
    session.rebuy(short)
    assert session.rebuys == 1 and session.prize_pool == 40
    assert session.stacks[short] == stacks[short] + 400
    with pytest.raises(TournamentError, match="may not rebuy"):
        session.rebuy(short)                     # one rebuy each
    with pytest.raises(TournamentError, match="may not take the add-on"):
        session.add_on(short)                    # level 1 is not over yet
    hand_through(session)                        # the last hand of level 1
    alive = [s for s in session.alive if session.stacks[s] > 0]
    assert all(session.add_on_offered(s) for s in alive)
    session.add_on(alive[0])
    assert session.add_ons == 1 and session.prize_pool == 45
    with pytest.raises(TournamentError, match="may not take the add-on"):
        session.add_on(alive[0])
    with pytest.raises(TournamentError, match=r"there is no seat 9 \(seats 1 to 3\)"):
        session.rebuy(8)
    session.check_chips()
    session.close_rebuys()
    hand_through(session)                        # level 2: the add-on is over
    assert not any(session.add_on_offered(s) for s in range(3))
    session.check_chips()


def test_the_clock_may_count_time_and_refuses_to_deal_on_a_break() -> None:
    played = [0]
    structure = TournamentStructure("timed", 1000, 10, (25,), (
        Level(25, 50, minutes=10, hands=99), Level(50, 100, minutes=10, hands=99)),
        breaks=(Break(1, 5),))
    session = tournament_table(get_game("holdem"), structure, NAMES[:3], rng=random.Random(2),
                               clock=WallClock(lambda: played[0]))
    hand_through(session)
    assert session.level == 1
    played[0] = 12 * 60
    with pytest.raises(TournamentError, match="on a break"):
        session.new_hand()
    played[0] = 15 * 60
    hand_through(session)
    assert session.level == 2 and session.stakes_text == "no limit, blinds 50/100"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_colour_up_leaves_only_the_larger_chips(seed: int) -> None:
    structure = TournamentStructure("race", 400, 10, (5, 20), tuple(
        Level(5 * 2 ** i if i < 2 else 20 * 2 ** (i - 2), 10 * 2 ** i if i < 2
              else 40 * 2 ** (i - 2), minutes=5, hands=2) for i in range(6)),
        colour_ups=(ColourUp(3, 5),))
    session = tournament_table(get_game("holdem"), structure, NAMES[:5], rng=random.Random(seed))
    bots = {s: session.make_bot(s, random.Random(s), "easy") for s in range(5)}
    while session.level < 3 and not session.is_finished:
        play_hand(session, hand_no=session.hands_dealt + 1, bots=bots, narrate=False)
        session.close_rebuys()
    assert session.races
    assert all(stack % 20 == 0 for stack in session.start_stacks)
    assert abs(session.race_change) <= 10 + 5 * 5   # half a chip, and a rounding each
    session.check_chips()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), players=st.integers(2, 6),
       stack=st.integers(10, 60), hands=st.integers(1, 4), steps=st.integers(2, 5),
       rebuy=st.booleans())
def test_random_structures_play_to_one_winner(game: str, seed: int, players: int,
                                              stack: int, hands: int, steps: int,
                                              rebuy: bool) -> None:
    levels = tuple(Level(small_blind=5 * 2 ** i, big_blind=10 * 2 ** i, ante=5 * (i > 1),
                         bring_in=5 * 2 ** i, minutes=5, hands=hands)
                   for i in range(steps))
    # the last level stays: antes and blinds of half a stack end it soon (stud without
    # an ante moves no chips when everyone folds to the bring-in)
    levels += (Level(small_blind=5 * stack, big_blind=10 * stack, ante=5 * (stack // 5 + 1),
                     bring_in=5 * stack, minutes=5, hands=hands),)
    structure = TournamentStructure("random", starting_stack=10 * stack, buy_in=20, chips=(5,),
                          levels=levels, rebuys=Rebuys(1, 2, 10 * stack, 20) if rebuy
                          else None)
    session, watch = play_out(game, structure, seed, players=players)
    check_places(session, watch)
    assert session.chips_bought == 10 * stack * (players + session.rebuys)


def test_a_seeded_tournament_plays_the_same_twice() -> None:
    first = run_tournament(tournament_table(get_game("omaha"), fast(), NAMES[:4],
                                            rng=random.Random(9)), seed=9, level="easy")
    second = run_tournament(tournament_table(get_game("omaha"), fast(), NAMES[:4],
                                             rng=random.Random(9)), seed=9, level="easy")
    assert first == second and first.standings[0][2] == 40
