"""Straddles and bomb pots at a card-room table (issue 37, section 2): the settings
validated and announced, refused where the game has no board and blinds, each
player's straddle a choice stored as an event, the host's bomb pot, a restart that
keeps them all, and the ledger balanced after every hand."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.engine.events import ForcedBet
from pokerroom.engine.extras import BOMB_POT, STRADDLE
from pokerroom.engine.state import PokerHand
from pokerroom.errors import ConfigError
from pokerroom.server.config import RoomConfig
from pokerroom.server.service import RoomService

from .helpers import make_service, open_table, play
from .test_room_money_time import assert_ledger_balances


def _posts(service: RoomService, room_id: str, number: int) -> list[ForcedBet]:
    state = service.get(room_id).room.hands[number - 1].state
    assert isinstance(state, PokerHand)
    return [e for e in state.events if isinstance(e, ForcedBet)]


def _finish_hand(service: RoomService, room_id: str, seed: int) -> None:
    """Play the hand in progress to its end (random legal actions)."""
    room = service.get(room_id).room
    number = len(room.hands)
    while (room := service.get(room_id).room).hand is not None and \
            room.hand.number == number:
        if not play(service, room_id, 1, seed=seed + len(room.hand.actions)):
            break


@pytest.mark.rule("supp-announce")
def test_the_settings_are_checked_and_said_in_words() -> None:
    config = RoomConfig.from_json({"game": "omaha", "straddle": "mississippi",
                                   "bomb_pot": 20, "bomb_pot_every": 5})
    words = config.describe()
    assert "straddles of twice the big blind under the gun or on the button" in words
    assert "bomb pots of 20 a player every 5 hands and when the host calls one" in words
    assert config.to_json()["straddle"] == "mississippi"
    assert RoomConfig.from_json(config.to_json()) == config
    plain = RoomConfig.from_json({"game": "holdem"})
    assert (plain.straddle, plain.bomb_pot, plain.bomb_pot_every) == ("off", 0, 0)
    assert "straddle" not in plain.describe() and "bomb" not in plain.describe()
    bad = [({"game": "holdem", "straddle": "always"}, "straddle is one of off"),
           ({"game": "holdem", "straddle": True}, "straddle is one of off"),
           ({"game": "holdem", "bomb_pot": -1}, "a bomb pot's post is 0"),
           ({"game": "holdem", "bomb_pot": 5000}, "to the buy-in"),
           ({"game": "holdem", "bomb_pot_every": 4}, "set each player's post"),
           ({"game": "stud", "straddle": "under-the-gun"},
            "Seven-card stud has no straddles: they are played in hold'em and Omaha"),
           ({"game": "lowball-27", "bomb_pot": 5}, "has no bomb pots"),
           ({"game": "jacks-or-better", "straddle": "mississippi"}, "has no straddles"),
           ({"game": "guts2", "bomb_pot": 5}, r"Guts \(two-card\) has no bomb pots"),
           ({"game": "dealers-choice", "rotation": ["stud", "razz"], "bomb_pot": 5,
             "straddle": "under-the-gun"}, "have no straddles and bomb pots")]
    for data, message in bad:
        with pytest.raises(ConfigError, match=message):
            RoomConfig.from_json(data)
    mixed = RoomConfig.from_json({"game": "dealers-choice", "rotation": ["holdem", "stud"],
                                  "straddle": "under-the-gun"})
    assert mixed.straddle == "under-the-gun"


@pytest.mark.rule("supp-announce")
def test_the_announcement_before_the_first_deal_names_them() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, "holdem", players=4, seats=4,
                                         straddle="under-the-gun", bomb_pot=10)
    preview = service.get(room_id).room.announcement_text()
    service.execute(room_id, lambda r: r.start_hand(seed=3))
    room = service.get(room_id).room
    assert preview == room.announcement         # the same words before the first deal
    assert "straddles allowed: the player under the gun may post 4" in room.announcement
    assert "bomb pots of 10 from every player when the host calls one" in room.announcement
    spectator = service.snapshot_for(room_id, None, False)
    assert "straddles of twice the big blind under the gun" in spectator["table"]["settings"]


def _straddle_table(service: RoomService, **settings: Any) -> tuple[str, list[str]]:
    room_id, _host, tokens = open_table(service, "holdem", players=5, seats=5,
                                        **({"straddle": "under-the-gun"} | settings))
    return room_id, tokens


@pytest.mark.rule("supp-blinds")
def test_a_player_who_ticks_straddle_posts_it_under_the_gun_and_acts_last() -> None:
    service = make_service()
    room_id, _tokens = _straddle_table(service)
    for seat in range(5):
        service.execute(room_id, lambda r, seat=seat: r.straddle(seat, True))
    offer = service.snapshot_for(room_id, 2, False)["table"]["straddle"]
    assert offer == {"on": True, "amount": 4, "where": "under the gun"}
    assert service.snapshot_for(room_id, None, False)["table"]["straddle"] is None
    straddled = 0
    for number in range(1, 7):
        service.execute(room_id, lambda r, n=number: r.start_hand(seed=n))
        record = service.get(room_id).room.hands[-1]
        state = record.state
        assert isinstance(state, PokerHand)
        straddles = [p for p in _posts(service, room_id, number) if p.kind == STRADDLE]
        assert len(straddles) == 1 and straddles[0].amount == 4
        utg = state.deal_order[2]
        assert straddles[0].seat == utg
        assert state.actors == (state.deal_order[3],)     # left of the straddler first
        straddled += 1
        _finish_hand(service, room_id, seed=number)
        assert_ledger_balances(service.get(room_id).room)
    assert straddled == 6
    # unticked: no straddle
    for seat in range(5):
        service.execute(room_id, lambda r, seat=seat: r.straddle(seat, False))
    service.execute(room_id, lambda r: r.start_hand(seed=99))
    assert not [p for p in _posts(service, room_id, 7) if p.kind == STRADDLE]


def test_straddles_are_refused_in_words() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, "holdem", players=3, seats=4)
    with pytest.raises(ConfigError, match="the host does not allow straddles"):
        service.execute(room_id, lambda r: r.straddle(0, True))
    with pytest.raises(ConfigError, match="this table has no bomb pots"):
        service.execute(room_id, lambda r: r.call_bomb_pot())
    service2 = make_service()
    other, _tokens = _straddle_table(service2, bomb_pot=5)
    with pytest.raises(ConfigError, match="say whether to straddle"):
        service2.execute(other, lambda r: r.straddle(0, "yes"))
    with pytest.raises(ConfigError, match="does not straddle"):
        service2.execute(other, lambda r: r.straddle(0, False))
    service2.execute(other, lambda r: r.straddle(0, True))
    with pytest.raises(ConfigError, match="already straddles"):
        service2.execute(other, lambda r: r.straddle(0, True))
    service2.execute(other, lambda r: r.call_bomb_pot())
    with pytest.raises(ConfigError, match="a bomb pot already"):
        service2.execute(other, lambda r: r.call_bomb_pot())
    # a dealer's choice table deals stud too: no straddle is taken there
    service3 = make_service()
    mixed, _host, _tokens = open_table(service3, "dealers-choice", players=3, seats=4,
                                       rotation=["stud", "holdem"], straddle="mississippi")
    assert service3.get(mixed).room.current_choice().game == "stud"
    with pytest.raises(ConfigError, match="Seven-card stud has no straddles"):
        service3.execute(mixed, lambda r: r.straddle(0, True))
    assert service3.snapshot_for(mixed, 0, False)["table"]["straddle"] is None


@pytest.mark.rule("supp-blinds")
def test_bomb_pots_every_n_hands_and_when_the_host_calls_one() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, "omaha-hilo", players=4, seats=4,
                                         bomb_pot=6, bomb_pot_every=3)
    bombs = []
    for number in range(1, 8):
        if number == 5:
            service.execute(room_id, lambda r: r.call_bomb_pot())
            assert service.snapshot_for(room_id, 0, False)["table"]["bomb_pot"] == {
                "ante": 6, "every": 3, "next": True, "called": True}
        service.execute(room_id, lambda r, n=number: r.start_hand(seed=n))
        posts = _posts(service, room_id, number)
        state = service.get(room_id).room.hands[-1].state
        assert isinstance(state, PokerHand)
        if {p.kind for p in posts} == {BOMB_POT}:
            bombs.append(number)
            assert [p.amount for p in posts] == [6] * 4
            assert state.street_name == "flop" and len(state.board) == 3
        else:
            assert not any(p.kind == BOMB_POT for p in posts)
        _finish_hand(service, room_id, seed=number)
        assert_ledger_balances(service.get(room_id).room)
    assert bombs == [3, 5, 6]
    assert service.get(room_id).room.bomb_called is False


def test_a_restart_keeps_the_choices_and_the_called_bomb_pot(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'extras.sqlite3'}"
    service = make_service(url)
    room_id, _host, _tokens = open_table(service, "holdem", players=4, seats=4,
                                         straddle="mississippi", bomb_pot=8)
    service.execute(room_id, lambda r: r.straddle(1, True))
    service.execute(room_id, lambda r: r.straddle(3, True))
    service.execute(room_id, lambda r: r.start_hand(seed=5))
    _finish_hand(service, room_id, seed=5)
    service.execute(room_id, lambda r: r.call_bomb_pot())
    before = service.get(room_id).room
    again = make_service(url).get(room_id).room
    assert again.straddling == before.straddling and len(again.straddling) == 2
    assert again.bomb_called is True
    assert again.config.straddle == "mississippi" and again.config.bomb_pot == 8
    assert [h.state.events for h in again.hands] == [h.state.events for h in before.hands]
    assert again.announcement == before.announcement


@pytest.mark.rule("supp-blinds")
def test_forty_hands_with_bots_keep_every_chip() -> None:
    """Bots and humans at a hold'em table with straddles and a bomb pot every fourth
    hand: the ledger balances after every hand."""
    service = make_service()
    room_id, _host, _tokens = open_table(service, "holdem", players=3, seats=5,
                                         straddle="mississippi", bomb_pot=5,
                                         bomb_pot_every=4, buy_in=400)
    for seat in range(3):
        service.execute(room_id, lambda r, seat=seat: r.straddle(seat, True))
    service.add_bot(room_id, 3)
    service.add_bot(room_id, 4)
    kinds: set[str] = set()
    for number in range(1, 41):
        room = service.get(room_id).room
        if room.hand is None:
            if not room.can_start_hand():
                break
            service.execute(room_id, lambda r, n=number: r.start_hand(seed=n))
        kinds |= {p.kind for p in _posts(service, room_id, len(room.hands))}
        _finish_hand(service, room_id, seed=number)
        assert_ledger_balances(service.get(room_id).room)
    assert {STRADDLE, BOMB_POT} <= kinds


@pytest.mark.rule("supp-announce")
def test_the_table_histories_say_and_hold_them() -> None:
    """The text history's house rules name them; the PHH and PokerStars files of the
    table hold the straddle and the bomb pot in their own words, and read back."""
    from pokerroom.history.phh import loads
    from pokerroom.history.pokerstars_import import read_pokerstars
    from pokerroom.server.history import (
        hand_history_phh,
        hand_history_pokerstars,
        hand_history_text,
    )

    service = make_service()
    room_id, _host, _tokens = open_table(service, "holdem", players=4, seats=4,
                                         straddle="under-the-gun", bomb_pot=7,
                                         bomb_pot_every=2)
    for seat in range(4):
        service.execute(room_id, lambda r, seat=seat: r.straddle(seat, True))
    for number in (1, 2):
        service.execute(room_id, lambda r, n=number: r.start_hand(seed=n))
        _finish_hand(service, room_id, seed=number)
    room = service.get(room_id).room
    text = hand_history_text(room, 0)
    assert "\nstraddles allowed: the player under the gun may post 4" in text
    assert "\nbomb pots of 7 from every player every 2 hands" in text
    assert "posts straddle 4" in text and ": puts 7 in the bomb pot" in text
    stars = hand_history_pokerstars(room, None)
    assert ": posts straddle 4" in stars and ": posts the ante 7" in stars
    assert len(read_pokerstars(stars, "room.txt").hands) == 2
    phh = hand_history_phh(room, None)
    assert "_bomb_pot = true" in phh
    blocks = phh.split("# hand ")[1:]
    assert len(blocks) == 2
    for block in blocks:
        assert loads(block.split("\n", 1)[1]).is_over
