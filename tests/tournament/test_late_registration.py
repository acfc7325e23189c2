"""Late registration at the tournament table: a late entry takes a free seat with the
starting stack through the structure's ``late_registration`` level, the entries, prize
pool and payouts grow with it, a blind game deals the new player in on the big blind
(or at once when they post one), and the chips stay conserved: chips in play = entries x
starting stack + rebuys + add-ons."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pokerroom.engine.state import PokerHand
from pokerroom.errors import TournamentError
from pokerroom.games import get_game
from pokerroom.sessions.poker_games import POKER_GAMES
from pokerroom.sessions.tournament import TournamentSession, tournament_table
from pokerroom.terminal.driver import play_hand
from pokerroom.terminal.tournament import BotPurse
from pokerroom.tournament.clock import at_hand
from pokerroom.tournament.structure import AddOn, Level, Rebuys, TournamentStructure

from .test_table import NAMES, Watch, check_places

GAMES = tuple(game.name for game in POKER_GAMES)


def structure(*, late: int, stack: int = 400, hands: int = 2, steps: int = 4,
              rebuys: Rebuys | None = None, add_on: AddOn | None = None) -> TournamentStructure:
    levels = tuple(Level(small_blind=5 * 2 ** i, big_blind=10 * 2 ** i, ante=5 * (i > 0),
                         bring_in=5 * 2 ** i, minutes=5, hands=hands) for i in range(steps))
    half = stack // 10 * 5                       # half a stack, in chips of 5
    levels += (Level(small_blind=half, big_blind=2 * half, ante=half // 5 * 5 + 5,
                     bring_in=half, minutes=5, hands=hands),)
    return TournamentStructure("late", starting_stack=stack, buy_in=10, chips=(5,), levels=levels,
                     late_registration=late, rebuys=rebuys, add_on=add_on)


def one_hand(session: TournamentSession) -> PokerHand:
    bots = {s: session.make_bot(s, random.Random(s), "easy")
            for s in range(len(session.players)) if session.entered[s]}
    outcome = play_hand(session, hand_no=session.hands_dealt + 1, bots=bots, narrate=False)
    assert isinstance(outcome.state, PokerHand)
    return outcome.state


def test_a_late_entry_buys_the_starting_stack_and_grows_the_prize_pool() -> None:
    session = tournament_table(get_game("holdem"), structure(late=1), NAMES[:4],
                               rng=random.Random(3), seats=6)
    assert session.free_seats == (4, 5) and session.entries == 4
    assert session.structure.prizes(4) == (40,)     # standard payouts: one place up to 4
    one_hand(session)
    session.close_rebuys()
    assert session.registration_open and session.level == 1
    session.register(5, "Fay")
    assert session.entries == 5 and session.players[5] == "Fay"
    assert session.stacks[5] == 400 and session.prize_pool == 50
    assert session.chips_bought == 5 * 400
    session.check_chips()
    # the payout table follows the entries: five pay two places
    assert session.structure.prizes(session.entries) == (33, 17)
    assert "late registration through level 1, 1 seat free" in session.announce()
    full = tournament_table(get_game("holdem"), structure(late=1), NAMES[:4])
    assert "late registration" not in full.announce()       # no seat to take


def test_late_registration_closes_after_its_level_with_a_clear_message() -> None:
    session = tournament_table(get_game("holdem"), structure(late=1), NAMES[:3],
                               rng=random.Random(4), seats=5)
    for _ in range(2):                           # the two hands of level 1
        one_hand(session)
        session.close_rebuys()
    assert session.registration_open            # until a hand of level 2 is dealt
    one_hand(session)
    session.close_rebuys()
    assert session.level == 2 and not session.registration_open
    before = (session.entries, session.stacks, session.prize_pool)
    with pytest.raises(TournamentError, match="late registration is over: entries were "
                                              "taken through level 1"):
        session.register(4, "Eli")
    assert (session.entries, session.stacks, session.prize_pool) == before


def test_bad_late_entries_are_refused_and_change_nothing() -> None:
    session = tournament_table(get_game("holdem"), structure(late=2), NAMES[:3],
                               rng=random.Random(5), seats=4)
    with pytest.raises(TournamentError, match="seat 1 is taken by Ann"):
        session.register(0, "Zed")
    with pytest.raises(TournamentError, match="Bob has entered already"):
        session.register(3, "Bob")
    with pytest.raises(TournamentError, match=r"there is no seat 10 \(seats 1 to 4\)"):
        session.register(9, "Zed")
    with pytest.raises(TournamentError, match="needs a name"):
        session.register(3, " ")
    session.new_hand()
    with pytest.raises(TournamentError, match="between hands"):
        session.register(3, "Zed")
    assert session.entries == 3 and session.free_seats == (3,)
    no_late = tournament_table(get_game("holdem"), structure(late=0), NAMES[:2],
                               rng=random.Random(5), seats=3)
    one_hand(no_late)
    with pytest.raises(TournamentError, match="takes no entries after the first deal"):
        no_late.register(2, "Cleo")
    with pytest.raises(TournamentError, match="seats 2 to 10 here, not 12"):
        tournament_table(get_game("holdem"), structure(late=1), NAMES[:2], seats=12)


def test_players_already_out_move_down_a_place_for_each_late_entry() -> None:
    session = tournament_table(get_game("holdem"), structure(late=5, stack=60), NAMES[:4],
                               rng=random.Random(8), seats=6)
    while not session.finishes:
        one_hand(session)
        session.close_rebuys()
    before = {s: f.place for s, f in session.finishes.items()}
    session.register(session.free_seats[0], "Eli")
    assert {s: f.place for s, f in session.finishes.items()} == \
        {s: place + 1 for s, place in before.items()}


@pytest.mark.rule("supp-new-player")
@pytest.mark.parametrize("post", [False, True])
def test_a_late_entry_in_a_blind_game_waits_for_the_big_blind_or_posts(post: bool) -> None:
    session = tournament_table(get_game("holdem"), structure(late=3, stack=2000, hands=6),
                               NAMES[:5], rng=random.Random(11), seats=6)
    one_hand(session)
    session.register(5, "Fay", post=post)
    dealt = []
    while len(dealt) < 6 and not session.is_finished:
        hand = one_hand(session)
        session.close_rebuys()
        dealt.append((hand.in_hand[5], hand.blind_seats[-1] == 5))
    first = next(i for i, (dealt_in, _big) in enumerate(dealt) if dealt_in)
    if post:
        assert first == 0                        # posts a big blind, dealt in at once
    else:
        assert dealt[first][1]                   # dealt in first as the big blind
        assert not any(dealt_in for dealt_in, _big in dealt[:first])


@pytest.mark.rule("supp-new-player", "lowball-3b", "supp-kill")
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(game="lowball-a5", seed=0, players=2, free=1, late=1, hands=2, arrivals=[2],
         buys=False, post=True)      # a late entry who posts kills the lowball pot
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), players=st.integers(2, 5),
       free=st.integers(1, 4), late=st.integers(1, 3), hands=st.integers(1, 3),
       arrivals=st.lists(st.integers(0, 8), min_size=1, max_size=4),
       buys=st.booleans(), post=st.booleans())
def test_random_structures_with_late_entries_conserve_chips_and_place_everyone(
        game: str, seed: int, players: int, free: int, late: int, hands: int,
        arrivals: list[int], buys: bool, post: bool) -> None:
    entry = get_game(game)
    seats = min(players + free, entry.max_seats, len(NAMES))
    players = min(players, seats - 1)
    shape = structure(late=late, stack=100, hands=hands,
                      rebuys=Rebuys(2, 1, 100, 10) if buys else None,
                      add_on=AddOn(100, 5) if buys else None)
    session = tournament_table(entry, shape, NAMES[:players], rng=random.Random(seed),
                               seats=seats)
    purse = BotPurse(random.Random(seed))
    watch = Watch(shape)
    newcomers = list(NAMES[players:seats])
    late_seats: set[int] = set()
    while not session.is_finished and watch.hands < 1500:
        if session.hands_dealt in arrivals and session.free_seats and newcomers:
            if session.registration_open:
                # through the level of late registration: no hand past it dealt yet
                assert at_hand(shape, max(session.hands_dealt, 1)).level <= late
                seat = session.free_seats[0]
                session.register(seat, newcomers.pop(0), post=post)
                late_seats.add(seat)
            else:                                # past the level: refused, nothing changes
                entries = session.entries
                with pytest.raises(TournamentError, match="late registration is over"):
                    session.register(session.free_seats[0], newcomers[0])
                assert session.entries == entries
        session.check_chips()
        state = one_hand(session)
        purse.buy(session, list(session.alive))
        session.close_rebuys()
        watch(session, state)
        # chips in play = entries x starting stack + rebuys + add-ons
        assert sum(session.stacks) + session.chips_held == \
            session.entries * 100 + 100 * session.rebuys + 100 * session.add_ons
    assert session.is_finished
    assert session.entries == players + len(late_seats)
    check_places(session, watch)
    prizes = [prize for _finish, prize in session.standings()]
    assert sum(prizes) == session.prize_pool == \
        10 * session.entries + 10 * session.rebuys + 5 * session.add_ons
    assert all(session.entered[s] for s in late_seats)
