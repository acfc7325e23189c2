"""Tables: hand after hand, button and blinds, new players, missed blinds, kills,
jacks-or-better re-antes, announcements."""

from __future__ import annotations

import copy
import random

import pytest
from engine_helpers import miss_the_big_blind, play_randomly

from pokerroom.core import (
    DEALER,
    Bet,
    BetOption,
    Call,
    Check,
    CheckOption,
    Draw,
    Fold,
    FoldOption,
    Raise,
    RaiseOption,
    Seat,
)
from pokerroom.engine import ButtonMode, GameConfig, KillMode, PokerHand
from pokerroom.engine.events import ForcedBet
from pokerroom.engine.ledger import CASHIER, POT
from pokerroom.engine.table import Table
from pokerroom.errors import ConfigError, IllegalActionError

NL = GameConfig.of("holdem", "no limit", blinds=(1, 2))


def play_passive(hand: PokerHand) -> PokerHand:
    while not hand.is_over:
        if hand.actors == (DEALER,):
            hand.advance()
            continue
        seat = hand.actors[0]
        kinds = {type(o).__name__ for o in hand.legal_actions(seat)}
        if "DrawOption" in kinds:
            hand.apply(Draw(seat, ()))
        else:
            hand.apply(Check(seat) if "CheckOption" in kinds else Call(seat))
    return hand


def table_of(config: GameConfig, n: int, seats: int = 6, stack: int = 100) -> Table:
    table = Table(config, seats=seats, rng=random.Random(0))
    for s in range(n):
        table.join(s, f"p{s}", stack)
    return table


@pytest.mark.rule("supp-dead-button", "supp-blinds")
def test_dead_button_when_the_small_blind_leaves() -> None:
    table = table_of(NL, 4)
    hand = play_passive(table.next_hand())
    assert (table.button, hand.blind_seats) == (0, (1, 2))
    hand = play_passive(table.next_hand())
    assert (table.button, hand.blind_seats) == (1, (2, 3))
    table.finish(hand)
    table.leave(2)                          # the player who just paid the small blind
    hand = play_passive(table.next_hand())
    # the big blind moves on to seat 0; seat 3 (last big blind) posts the small blind;
    # the button moves to the empty seat 2: a dead button
    assert (table.button, hand.blind_seats) == (2, (3, 0))
    table.finish(hand)
    table.leave(3)
    hand = table.next_hand()
    # seat 3 (last small... now gone) cannot post: a dead small blind
    assert hand.blind_seats[1] == 1


@pytest.mark.rule("supp-dead-button")
def test_moving_button_option() -> None:
    config = GameConfig.of("holdem", "no limit", blinds=(1, 2), button=ButtonMode.MOVING)
    table = table_of(config, 4)
    play_passive(table.next_hand())
    table.leave(1)
    hand = table.next_hand()
    assert table.button == 2 and hand.blind_seats == (3, 0)
    assert "moving button" in table.announce()


@pytest.mark.rule("supp-blinds")
def test_heads_up_button_is_small_blind_across_hands() -> None:
    table = table_of(NL, 2)
    for _ in range(4):
        hand = table.next_hand()
        assert hand.blind_seats[0] == table.button
        assert hand.actors == (DEALER,)
        play_passive(hand)
    assert sum(table.stacks) == 200


@pytest.mark.rule("supp-new-player", "lowball-3a")
def test_new_player_waits_for_the_big_blind() -> None:
    table = table_of(NL, 4)
    play_passive(table.next_hand())
    table.join(5, "late", 100)
    hand = table.next_hand()
    assert not hand.in_hand[5] and hand.blind_seats[1] == 3
    play_passive(hand)
    hand = table.next_hand()
    assert hand.in_hand[5] and hand.blind_seats[1] == 5


@pytest.mark.rule("supp-new-player")
def test_new_player_may_post_to_play_at_once() -> None:
    table = table_of(NL, 4)
    play_passive(table.next_hand())
    table.join(4, "late", 100, post=True)
    hand = table.next_hand()
    assert hand.in_hand[4] and hand.bets[4] == 2


@pytest.mark.rule("lowball-3b")
def test_lowball_new_player_kills_for_double_the_big_blind() -> None:
    config = GameConfig.of("lowball-a5", blinds=(5, 10))
    table = table_of(config, 4)
    play_passive(table.next_hand())
    table.join(4, "late", 200, post=True)
    hand = table.next_hand()
    assert hand.bets[4] == 20


@pytest.mark.rule("supp-new-player", "lowball-7")
def test_missed_blinds_post_all_or_wait() -> None:
    table = table_of(NL, 4)
    play_passive(table.next_hand())
    miss_the_big_blind(table, 3, play_passive)
    table.sit_in(3, post=True)
    hand = table.next_hand()
    assert hand.in_hand[3]
    posted = {(e.kind, e.amount, e.live) for e in hand.events
              if type(e).__name__ == "ForcedBet" and e.seat == 3}
    assert posted in ({("big blind (posted)", 2, True), ("missed small blind", 1, False)},
                      {("big blind", 2, True)}, {("small blind", 1, True)})


@pytest.mark.rule("jacks-1", "jacks-1-ante-limit")
def test_jacks_unopened_deals_re_ante_up_to_the_limit() -> None:
    config = GameConfig.of("jacks", ante=1, ante_limit=2)
    table = table_of(config, 3)
    pots, buttons = [], []
    for _ in range(4):
        hand = table.next_hand()
        pots.append(hand.pot)
        buttons.append(table.button)
        while not hand.is_over:                 # nobody holds openers: all check
            if hand.actors == (DEALER,):
                hand.advance()
            else:
                seat = hand.actors[0]
                assert CheckOption() in hand.legal_actions(seat)
                hand.apply(Check(seat))
        assert hand.result is not None and hand.result.carried == hand.pot
    # antes on the first deal and one re-ante (the limit is two deals), then no more
    assert pots == [3, 6, 6, 6]
    assert buttons == [0, 1, 2, 0]              # the button moves on each deal
    assert sum(table.stacks) == 300 - 6
    table.finish(hand)                          # the pot stays in the ledger's pot
    assert table.carried == table.ledger.holding(POT) == 6
    assert sum(table.stacks) + table.carried == 300
    table.ledger.check()


def hero_wins(hand: PokerHand, hero: int) -> PokerHand:
    """Everyone else calls before the flop and folds after it to ``hero``, who bets or
    raises whenever able to."""
    while not hand.is_over:
        if hand.actors == (DEALER,):
            hand.advance()
            continue
        seat = hand.actors[0]
        options = hand.legal_actions(seat)
        if seat != hero:
            if hand.street == 0:
                hand.apply(Check(seat) if CheckOption() in options else Call(seat))
            else:
                hand.apply(Fold(seat) if FoldOption() in options else Check(seat))
            continue
        bet = next((o for o in options if isinstance(o, BetOption)), None)
        raise_ = next((o for o in options if isinstance(o, RaiseOption)), None)
        if bet is not None:
            hand.apply(Bet(seat, bet.min_amount))
        elif raise_ is not None and hand.street > 0:
            hand.apply(Raise(seat, raise_.min_to))
        else:
            hand.apply(Check(seat) if CheckOption() in options else Call(seat))
    return hand


@pytest.mark.rule("supp-kill")
def test_required_full_kill_after_two_wins_in_a_row() -> None:
    config = GameConfig.of("holdem", "fixed limit", blinds=(1, 2), small_bet=2, big_bet=4,
                           kill=KillMode.FULL)
    table = table_of(config, 3)
    first = hero_wins(table.next_hand(), 0)
    assert {a.seat for a in first.result.awards} == {0}  # type: ignore[union-attr]
    second = hero_wins(table.next_hand(), 0)
    assert sum(a.amount for a in second.result.awards) >= 4  # type: ignore[union-attr]
    table.finish(second)
    assert table.kill_next == 0
    hand = table.next_hand()
    kill = [e for e in hand.events if type(e).__name__ == "ForcedBet" and e.kind == "kill"]
    assert [(k.seat, k.amount) for k in kill] == [(0, 4)]
    assert hand.config.stakes.small_bet == 4 and hand.config.stakes.big_bet == 8
    assert "full kill (required)" in config.announce()


@pytest.mark.rule("supp-kill")
def test_no_kill_by_default_and_half_kill() -> None:
    table = table_of(GameConfig.of("holdem", "fixed limit", blinds=(1, 2)), 3)
    for _ in range(3):
        hero_wins(table.next_hand(), 0)
    table.finish(table.hand)  # type: ignore[arg-type]
    assert table.kill_next is None
    config = GameConfig.of("holdem", "fixed limit", blinds=(2, 4), small_bet=4, big_bet=8,
                           kill=KillMode.HALF)
    table = table_of(config, 3)
    hero_wins(table.next_hand(), 0)
    hero_wins(table.next_hand(), 0)
    hand = table.next_hand()
    kill = [e for e in hand.events if type(e).__name__ == "ForcedBet" and e.kind == "kill"]
    assert [(k.seat, k.amount) for k in kill] == [(0, 6)]
    assert hand.config.stakes.big_bet == 12


@pytest.mark.rule("supp-announce")
def test_table_announces_house_rules_before_the_first_deal() -> None:
    table = table_of(NL, 3)
    text = table.announce()
    assert "no limit" in text and "dead button" in text and "waits for the big blind" in text


def test_table_rejects_bad_moves() -> None:
    table = table_of(NL, 2)
    with pytest.raises(IllegalActionError):
        table.join(0, "again", 100)
    with pytest.raises(IllegalActionError):
        table.join(9, "nowhere", 100)
    hand = table.next_hand()
    with pytest.raises(IllegalActionError):
        table.next_hand()
    play_passive(hand)
    table.leave(1)
    with pytest.raises(IllegalActionError):
        table.next_hand()


@pytest.mark.rule("lowball-6")
def test_single_blind_missed_blind_dealt_in_only_on_the_blind() -> None:
    config = GameConfig.of("lowball-a5", blinds=(10,))
    table = table_of(config, 4)
    play_passive(table.next_hand())
    table.sit_out(3)
    for _ in range(3):
        play_passive(table.next_hand())
    with pytest.raises(IllegalActionError, match="lowball-6"):
        table.sit_in(3, post=True)
    table.sit_in(3)
    dealt = []
    for _ in range(4):
        hand = table.next_hand()
        dealt.append((hand.in_hand[3], hand.blind_seats[0] == 3))
        play_passive(hand)
    first = next(i for i, (in_hand, _blind) in enumerate(dealt) if in_hand)
    assert dealt[first] == (True, True)           # back in on the blind


ONE_BLIND = GameConfig.of("lowball-a5", blinds=(10,))


def short_blind_table(seed: int, short: int) -> tuple[Table, PokerHand]:
    """Four players; seat 2 (the first blind) has only ``short`` chips. The first hand
    is played to the end (everyone calls and stands pat)."""
    table = Table(ONE_BLIND, seats=4, rng=random.Random(seed))
    for s in range(4):
        table.join(s, f"p{s}", short if s == 2 else 100)
    hand = play_passive(table.next_hand())
    table.finish(hand)
    return table, hand


@pytest.mark.rule("lowball-4")
def test_short_blind_player_who_wins_takes_the_blind_next_deal() -> None:
    outcomes = {}
    for seed in range(40):
        table, first = short_blind_table(seed, 4)
        assert first.blind_seats == (2,)
        assert [(e.seat, e.amount) for e in first.events if type(e).__name__ == "ForcedBet"
                ] == [(2, 4), (3, 10)]                   # the next player takes the blind
        assert table.seats[2] is not None and table.seats[2].owes_blind
        outcomes[table.stacks[2] > 0] = table
    won, lost = outcomes[True], outcomes[False]
    # won: the blind is on seat 2 again, the button stays; then the rotation carries on
    owed = won.next_hand()
    assert owed.blind_seats == (2,) and owed.button == 1 and owed.in_hand[2]
    assert won.seats[2] is not None and not won.seats[2].owes_blind
    play_passive(owed)
    assert won.next_hand().blind_seats == (3,)
    # lost: nothing is owed while broke; a rebuy brings the obligation due
    later = lost.next_hand()
    assert not later.in_hand[2] and later.blind_seats == (3,)
    play_passive(later)
    lost.rebuy(2, 100)
    assert lost.next_hand().blind_seats == (2,)


@pytest.mark.rule("lowball-4")
def test_short_blind_player_may_wait_for_the_big_blind_instead() -> None:
    table = next(t for seed in range(40) if (t := short_blind_table(seed, 4)[0]).stacks[2])
    table.wait_for_blind(2)
    hands = []
    for _ in range(4):
        hand = table.next_hand()
        hands.append((hand.in_hand[2], hand.blind_seats[0]))
        play_passive(hand)
    assert hands[0] == (False, 3)                       # sits out...
    first_back = next(h for h in hands if h[0])
    assert first_back == (True, 2)                      # ...until due for the blind
    with pytest.raises(IllegalActionError, match="owes no blind"):
        table.wait_for_blind(2)


@pytest.mark.rule("lowball-4", "lowball-5")
def test_half_a_blind_or_more_owes_nothing_and_rebuys_are_checked() -> None:
    table, first = short_blind_table(0, 5)
    assert [(e.seat, e.amount) for e in first.events if type(e).__name__ == "ForcedBet"
            ] == [(2, 5)]
    assert table.seats[2] is not None and not table.seats[2].owes_blind
    with pytest.raises(IllegalActionError):
        table.rebuy(2, 0)
    with pytest.raises(IllegalActionError):
        table.rebuy(5, 10)


def betting_order(config: GameConfig, posts: list[tuple[int, int, bool, str]]) -> list[int]:
    """Seats in the order they act on the first round when everyone calls or checks."""
    hand = config.new_hand([100] * 5, button=0, rng=random.Random(3), posts=posts)
    order = []
    while hand.street == 0 and not hand.is_over:
        if hand.actors == (DEALER,):
            hand.advance()
            continue
        seat = hand.actors[0]
        order.append(seat)
        options = hand.legal_actions(seat)
        hand.apply(Check(seat) if CheckOption() in options else Call(seat))
    return order


@pytest.mark.rule("supp-kill")
def test_lowball_kill_option_killer_acts_last_on_the_first_round() -> None:
    kill = [(4, 4, True, "kill")]
    last = GameConfig.of("lowball-a5", blinds=(1, 2), kill=KillMode.FULL,
                         kill_acts_last=True)
    assert betting_order(last, kill) == [0, 1, 2, 3, 4]      # the killer acts last
    in_turn = GameConfig.of("lowball-a5", blinds=(1, 2), kill=KillMode.FULL)
    assert betting_order(in_turn, kill) == [3, 4, 0, 1, 2]   # default: in turn
    assert betting_order(last, []) == [3, 4, 0, 1, 2]        # no kill this deal
    assert "the killer acts last on the first round" in last.announce()
    assert "acts last" not in in_turn.announce()
    with pytest.raises(ConfigError, match="lowball"):
        GameConfig.of("holdem", blinds=(1, 2), kill=KillMode.FULL, kill_acts_last=True)
    with pytest.raises(ConfigError, match="lowball"):
        GameConfig.of("lowball-a5", blinds=(1, 2), kill_acts_last=True)


def test_every_chip_of_a_table_is_in_its_ledger() -> None:
    """Buy-ins and rebuys come from the cashier and leaving takes the chips back to it;
    a hand just over is settled before its player leaves, so they take what it gave
    them; each hand's bets go to the pot and its awards come out of it."""
    table = table_of(NL, 3)
    hand = hero_wins(table.next_hand(), hero=1)
    taken = table.leave(1)                      # before the next deal settles the hand
    assert taken == hand.final_stacks[1] > 100
    table.rebuy(2, 50)
    table.finish(play_passive(table.next_hand()))
    ledger = table.ledger
    ledger.check()
    assert -ledger.holding(CASHIER) == 300 + 50 - taken == sum(table.stacks)
    reasons = [t.reason for t in ledger]
    assert reasons[:3] == ["p0 sits down", "p1 sits down", "p2 sits down"]
    assert {"bets", "wins", "p1 leaves", "p2 rebuys"} <= set(reasons)


@pytest.mark.rule("jacks-1", "supp-blinds")
@pytest.mark.parametrize("config", [NL, GameConfig.of("jacks", ante=1, ante_limit=3)],
                         ids=["holdem", "jacks"])
def test_a_tables_ledger_is_its_buy_ins_then_each_hands_own(config: GameConfig) -> None:
    """Every hand records its chips in its own ledger (a pot carried in from the last
    deal opens it, from the cashier); the table takes each finished hand's transfers in,
    past the opening ones, under the hand's number; the only other transfers are chips
    bought from the cashier."""
    table = table_of(config, 3)
    hands: dict[int, list[tuple[object, ...]]] = {}
    rng = random.Random(11)
    for number in range(1, 13):
        for seat, stack in enumerate(table.stacks[:3]):
            if stack == 0:
                table.rebuy(seat, 100)
        hand = table.next_hand()
        carried = table.carried
        assert [(t.source, t.target, t.amount) for t in hand.chips][:hand.opening] == (
            [(CASHIER, POT, carried)] if carried else [])
        play_randomly(hand, rng)
        hand.chips.check()
        returns = hand.returns()
        assert sum(returns.values()) == 0
        assert returns[Seat.POT] == (hand.result.carried if hand.result else 0) - carried
        table.finish(hand)
        hands[number] = [(t.source, t.target, t.amount, t.reason)
                         for t in list(hand.chips)[hand.opening:]]
    assert table.hands_played == 12
    for number, transfers in hands.items():
        assert [(t.source, t.target, t.amount, t.reason) for t in table.ledger
                if t.deal == number and CASHIER not in (t.source, t.target)] == transfers
    bought = [t.reason for t in table.ledger if CASHIER in (t.source, t.target)]
    assert all(reason.endswith(("sits down", "rebuys")) for reason in bought)
    assert sum(table.stacks) + table.carried == -table.ledger.holding(CASHIER)
    table.ledger.check()


@pytest.mark.rule("supp-new-player")
def test_a_player_who_changes_seats_waits_for_the_big_blind_at_the_new_seat() -> None:
    table = Table(NL, seats=6, rng=random.Random(0))
    for seat in (0, 1, 2, 4):
        table.join(seat, f"p{seat}", 100)
    while table.big_blind_seat != 4:
        table.finish(play_passive(table.next_hand()))
    chips = table.stacks[1]
    table.change_seat(1, 3)                             # just behind the big blind
    assert table.seats[1] is None and table.stacks[1] == 0 and table.stacks[3] == chips
    table.ledger.check()
    seen = []
    for _ in range(5):
        hand = play_passive(table.next_hand())
        seen.append((hand.in_hand[3], hand.blind_seats[-1] == 3))
    first = next(i for i, (in_hand, _big) in enumerate(seen) if in_hand)
    assert first > 0 and seen[first] == (True, True)    # dealt in on the big blind only
    table.finish(hand)
    assert sum(table.stacks) == 400
    assert "changes seats waits for the big blind" in table.seat_change_words()


@pytest.mark.rule("supp-new-player")
def test_a_player_who_changes_seats_may_post_to_play_at_once() -> None:
    table = table_of(NL, 4)
    play_passive(table.next_hand())
    table.change_seat(3, 5, post=True)
    hand = table.next_hand()
    posted = {(e.kind, e.amount) for e in hand.events
              if type(e).__name__ == "ForcedBet" and e.seat == 5}
    assert hand.in_hand[5]
    assert posted in ({("big blind (posted)", 2)}, {("big blind", 2)}, {("small blind", 1)})


@pytest.mark.rule("supp-new-player")
def test_a_seat_change_that_cannot_be_made_changes_nothing() -> None:
    table = table_of(NL, 3)
    hand = table.next_hand()
    with pytest.raises(IllegalActionError, match="between hands"):
        table.change_seat(hand.blind_seats[-1], 5)        # in the middle of a hand
    table.finish(play_passive(hand))
    before = (copy.deepcopy(table.seats), table.stacks, len(table.ledger))
    for seat, new_seat, words in ((0, 1, "seat 1 is taken"), (0, 6, "no seat 6"),
                                  (4, 5, "seat 4 is empty")):
        with pytest.raises(IllegalActionError, match=words):
            table.change_seat(seat, new_seat)
    assert (list(table.seats), table.stacks, len(table.ledger)) == before
    assert sum(table.stacks) == 300


def lowball_table_with_a_gap() -> Table:
    """Limit ace-to-five lowball, seats 0, 1, 2 and 4 taken, played until the big blind
    is on seat 4: seat 3, just behind it, is the last the blinds would reach."""
    table = Table(GameConfig.of("lowball-a5", blinds=(1, 2)), seats=6,
                  rng=random.Random(3))
    for seat in (0, 1, 2, 4):
        table.join(seat, f"p{seat}", 100)
    while table.big_blind_seat != 4 or table.hands_played < 4:
        table.finish(play_passive(table.next_hand()))
    return table


def forced_bets(hand: PokerHand, seat: int) -> list[str]:
    return [e.kind for e in hand.events if isinstance(e, ForcedBet) and e.seat == seat]


@pytest.mark.rule("lowball-7")
def test_lowball_a_player_who_took_all_blinds_plays_at_once_at_a_new_seat() -> None:
    table = lowball_table_with_a_gap()
    mover = next(s for s in (0, 1, 2) if (state := table.seats[s]) is not None
                 and state.took_big_blind and state.took_small_blind)
    table.change_seat(mover, 3)
    hand = table.next_hand()
    assert hand.in_hand[3] and forced_bets(hand, 3) == []   # no wait, no kill
    assert "dealt in at once" in table.seat_change_words()


@pytest.mark.rule("lowball-7", "lowball-3b")
def test_lowball_a_player_who_has_not_taken_all_blinds_moves_as_a_new_player() -> None:
    table = lowball_table_with_a_gap()
    table.join(5, "p5", 100)
    table.finish(play_passive(table.next_hand()))           # p5 waits for the big blind
    assert table.seats[5] is not None and not table.seats[5].took_small_blind
    table.change_seat(5, 3)
    hand = table.next_hand()
    assert not hand.in_hand[3]                              # waits for the big blind
    table.finish(play_passive(hand))
    table.change_seat(3, 5, post=True)
    hand = table.next_hand()
    assert hand.in_hand[5] and forced_bets(hand, 5) in (["kill (new player)"],
                                                        ["big blind"])


def _state_of(table: Table) -> dict[str, object]:
    """Everything a copy of ``table`` takes (see ``Table.__reduce__``), the ledger and
    the seats' states as plain values."""
    _cls, _args, state = table.__reduce__()
    state = dict(state)
    state.pop("rng")
    state["ledger"] = list(state["ledger"])
    state["seats"] = [None if s is None else s.__reduce__()[1] for s in state["seats"]]
    return state


@pytest.mark.parametrize(("game", "stakes"), [
    ("holdem", {"blinds": (1, 2)}), ("razz", {"ante": 1, "bring_in": 2}),
    ("lowball-27-triple", {"blinds": (1, 2)}), ("jacks", {"ante": 1})])
def test_restart_is_a_new_table(game: str, stakes: dict[str, object]) -> None:
    """A table set up afresh by ``restart`` (after hands with sitting out, new players,
    extras) is the same as a new table with the players joined, and deals the same
    hands from the same shuffle."""
    from pokerroom.engine.extras import StraddleRule

    config = GameConfig.of(game, "fixed limit", **stakes)  # type: ignore[arg-type]
    table = Table(config, seats=4, rng=random.Random(3))
    for seat, name in enumerate(("Ann", "Bob", "Cleo")):
        table.join(seat, name, 40)
    if game == "holdem":
        table.allow_extras(StraddleRule.UNDER_THE_GUN)
    rng = random.Random(5)
    for number in range(4):
        if number == 2:
            table.join(3, "Dan", 30, post=True)
            table.sit_out(1)
        if len([s for s in table.stacks if s > 0]) < 2:
            break
        play_randomly(table.next_hand(), rng)
        table.finish(table.hand)
    names, stacks = ("Ann", "Eve", "", "Dan"), (50, 60, 0, 70)
    table.restart(names, stacks, random.Random(9), 2)
    fresh = Table(config, seats=4, rng=random.Random(9))
    for seat, (name, chips) in enumerate(zip(names, stacks, strict=True)):
        if name or chips:
            fresh.join(seat, name, chips)
    fresh.button = 2
    assert _state_of(table) == _state_of(fresh)
    for _ in range(3):
        one, two = table.next_hand(), fresh.next_hand()
        assert one.hole == two.hole and one.log == two.log
        play_randomly(one, random.Random(1))
        play_randomly(two, random.Random(1))
        assert one.log == two.log
        table.finish(one)
        fresh.finish(two)
        assert _state_of(table) == _state_of(fresh)


def test_restart_refuses_what_join_refuses() -> None:
    table = Table(NL, seats=2, rng=random.Random(1))
    table.join(0, "Ann", 10)
    table.join(1, "Bob", 10)
    with pytest.raises(ConfigError):
        table.restart(("Ann",), (10,), random.Random(1), 0)
    with pytest.raises(IllegalActionError):
        table.restart(("Ann", "Bob"), (10, 0), random.Random(1), 0)
