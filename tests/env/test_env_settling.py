"""The work of a new spot and of a settled hand that a learning environment seldom
needs at once: a spot of plain betting worked out size by size (the same actions as
block by block), and the summary in words written only when the final info is read
(the same words as written at once)."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import pytest

from pokerroom.core import (
    BetOption,
    CallOption,
    CheckOption,
    FoldOption,
    Option,
    RaiseOption,
)
from pokerroom.env import env, shape_for
from pokerroom.env.final import FinalInfo
from pokerroom.env.layout import Money, plain_bets
from pokerroom.games import get_game
from pokerroom.session import HandResult


def _random_spot(rng: random.Random) -> tuple[tuple[Option, ...], Money]:
    """Options of plain betting (some missing, a bet or a raise, listed sizes or a
    range, a range that may be empty), and the chips in the middle."""
    options: list[Option] = []
    if rng.random() < 0.8:
        options.append(FoldOption())
    facing = rng.random() < 0.6
    to_call = rng.randrange(1, 40) if facing else 0
    if facing:
        options.append(CallOption(to_call))
    elif rng.random() < 0.9:
        options.append(CheckOption())
    low, high = rng.randrange(1, 60), rng.randrange(1, 200)
    listed = tuple(rng.sample(range(1, 120), rng.randrange(1, 3))) \
        if rng.random() < 0.3 else ()
    if rng.random() < 0.85:
        options.append(RaiseOption(low, high, listed) if facing
                       else BetOption(low, high, listed))
    rng.shuffle(options)
    return tuple(options), Money(rng.randrange(0, 300), rng.randrange(0, 50), {})


def test_a_plain_spot_size_by_size_is_the_spot_block_by_block() -> None:
    shape = shape_for(get_game("holdem"))
    rng = random.Random(5)
    masked = 0
    for _ in range(3000):
        options, money = _random_spot(rng)
        seat = rng.randrange(9)
        fast = plain_bets(seat, options, money)
        assert fast is not None
        assert fast == shape.block_by_block(seat, options, (), money), (options, money)
        assert shape.concrete_actions(seat, options, (), money) == fast
        masked += fast.count(None)
    assert masked > 0


def test_a_spot_of_other_options_is_worked_out_block_by_block() -> None:
    twice = (FoldOption(), CallOption(2), CallOption(2), RaiseOption(4, 10))
    assert plain_bets(0, twice, Money(3, 1, {})) is None
    shape = shape_for(get_game("holdem"))
    assert shape.concrete_actions(0, twice, (), Money(3, 1, {})) == \
        shape.block_by_block(0, twice, (), Money(3, 1, {}))


def _final_infos(players: int, seed: int, read: bool) -> list[dict[str, Any]]:
    """Every agent's final info of 30 seeded random episodes, the summary read at
    once (``read``) or only after the episode."""
    table = env("holdem", players, house_rules={"structure": "no-limit"})
    rng = random.Random(seed)
    infos: list[Any] = []
    for episode in range(30):
        table.reset(seed=seed + episode)
        for agent in table.agent_iter():
            *_, terminated, truncated, info = table.last()
            if terminated or truncated:
                if read:
                    assert isinstance(info["summary"], list)
                infos.append(info)
                table.step(None)
                continue
            mask = table.observe(agent)["action_mask"]
            table.step(rng.choice([i for i, m in enumerate(mask.tolist()) if m]))
    return [dict(info) for info in infos]


@pytest.mark.parametrize("players", [2, 6])
def test_the_summary_read_late_is_the_summary_read_at_once(players: int) -> None:
    late, early = _final_infos(players, 11, False), _final_infos(players, 11, True)
    assert late == early
    assert all(info["summary"] and info["summary"][0].startswith("Total pot")
               for info in late)
    assert any("shows [" in line for info in late for line in info["summary"])


def test_a_final_info_is_a_dictionary_of_the_words() -> None:
    def words() -> tuple[str, ...]:
        calls.append(1)
        return ("Total pot 4", "Ann won 2 (stack 102)")

    calls: list[int] = []
    fields = {"net": 2, "summary": None, "stacks": (102, 98)}
    info = FinalInfo(fields, [HandResult((2, -2), write=words)])
    assert list(info) == ["net", "summary", "stacks"] and "summary" in info
    assert calls == [1]                 # iterating reads through the values
    plain = {"net": 2, "summary": ["Total pot 4", "Ann won 2 (stack 102)"],
             "stacks": (102, 98)}
    assert info == plain and repr(info) == repr(plain) and calls == [1]
    for made in (copy.copy(info), copy.deepcopy(info), pickle.loads(pickle.dumps(info)),
                 {**info}, info | {}, info.copy()):
        assert made == plain and type(made) is dict
    assert json.loads(json.dumps(info)) == {**plain, "stacks": [102, 98]}
    info["summary"] = ["mine"]
    assert info["summary"] == ["mine"]

    again = FinalInfo({"net": 0}, [HandResult((0, 0), ("a",)), HandResult((0, 0), ("b",))])
    assert sorted(again.items()) == [("net", 0), ("summary", ["a", "b"])]
    unread = FinalInfo({"net": 0}, [HandResult((0, 0), write=words)])
    unread["summary"] = ["set by the caller"]
    assert unread.get("summary") == ["set by the caller"] and calls == [1]


def test_an_episodes_final_info_is_the_same_dictionary() -> None:
    """``FinalInfo.of_episode`` (the environment's) holds the same items in the same
    order as the dictionary given to ``FinalInfo``, its summary written when read."""
    calls: list[int] = []

    def words() -> tuple[str, ...]:
        calls.append(1)
        return ("Ann won 2",)

    info = FinalInfo.of_episode(2, 1, 0, 3, (102, 97), [HandResult((2, -3), write=words)])
    assert "summary" in info and len(info) == 6 and calls == []
    assert list(info.items()) == [("net", 2), ("carried", 1), ("house", 0), ("hands", 3),
                                  ("summary", ["Ann won 2"]), ("stacks", (102, 97))]
    assert calls == [1] and type(info) is FinalInfo


def test_a_hand_result_written_later_is_the_same_result() -> None:
    now = HandResult((3, -3), ("Total pot 6",))
    later = HandResult((3, -3), write=lambda: ("Total pot 6",))
    assert later == now and hash(later) == hash(now) and repr(later) == repr(now)
    assert pickle.loads(pickle.dumps(HandResult((1, -1), write=lambda: ("x",)))) == \
        HandResult((1, -1), ("x",))
    assert HandResult((1,), ("x",)) != HandResult((1,), ("y",))
