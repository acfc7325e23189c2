"""Straddles and bomb pots (:mod:`pokerroom.engine.extras`): who acts first and last,
the smallest raise, the chips, the bomb pot's deal straight to the flop, the table's
choice of straddler, and the histories (PHH, the PokerStars layout) read back by
pokerroom's own importers."""

from __future__ import annotations

import random
import warnings

import pytest

from pokerroom.core import Bet, Call, Check, Fold, Raise
from pokerroom.engine import GameConfig
from pokerroom.engine.events import ForcedBet
from pokerroom.engine.extras import BOMB_POT, STRADDLE, StraddleRule
from pokerroom.engine.state import PokerHand
from pokerroom.engine.table import Table
from pokerroom.errors import ConfigError
from pokerroom.games import get_game
from pokerroom.history.phh import dumps, hand_to_phh, loads, phh_to_hand, player_seats
from pokerroom.history.pokerstars import pokerstars_text
from pokerroom.history.pokerstars_import import read_pokerstars

GAMES = [("holdem", "no limit"), ("omaha", "pot limit"), ("omaha-hilo", "fixed limit")]


def _deal(hand: PokerHand) -> None:
    while hand.actors == (-1,):
        hand.advance()


def _play_at_random(hand: PokerHand, rng: random.Random) -> None:
    while not hand.is_over:
        if hand.actors == (-1,):
            hand.advance()
            continue
        seat = hand.actors[0]
        option = rng.choice(hand.legal_actions())
        kind = type(option).__name__
        if kind == "CallOption":
            hand.apply(Call(seat))
        elif kind == "CheckOption":
            hand.apply(Check(seat))
        elif kind == "FoldOption":
            hand.apply(Fold(seat))
        elif kind == "RaiseOption":
            hand.apply(Raise(seat, rng.choice(option.tos) if option.tos  # type: ignore[attr-defined]
                             else option.min_to))  # type: ignore[attr-defined]
        else:
            hand.apply(Bet(seat, option.amounts[0] if option.amounts  # type: ignore[attr-defined]
                           else option.min_amount))  # type: ignore[attr-defined]


@pytest.mark.rule("supp-blinds")
def test_the_straddler_acts_last_before_the_flop_with_the_option() -> None:
    """Under the gun straddles 4 at 1/2: the next player acts first, everyone calls 4,
    the straddler may still raise; after the flop the seat left of the button opens."""
    config = GameConfig.of("holdem", "no limit", blinds=(1, 2))
    hand = config.new_hand([100] * 5, button=4, posts=[(2, 4, True, STRADDLE)],
                           rng=random.Random(1))
    _deal(hand)
    order = []
    while hand.street_name == "preflop" and hand.actors[0] != 2:
        seat = hand.actors[0]
        order.append(seat)
        hand.apply(Call(seat))
    assert order == [3, 4, 0, 1]
    assert hand.max_bet == 4 and hand.bets[1] == 4
    kinds = {type(o).__name__ for o in hand.legal_actions()}
    assert kinds == {"CheckOption", "RaiseOption"}       # the straddler's option
    hand.apply(Check(2))
    _deal(hand)
    assert hand.street_name == "flop" and hand.actors == (0,) and hand.pot == 20


@pytest.mark.rule("supp-blinds")
def test_a_button_straddle_lets_the_small_blind_act_first() -> None:
    """The Mississippi straddle from the button: the small blind acts first before the
    flop, the button last."""
    config = GameConfig.of("holdem", "no limit", blinds=(1, 2))
    hand = config.new_hand([100] * 5, button=4, posts=[(4, 4, True, STRADDLE)],
                           rng=random.Random(2))
    _deal(hand)
    order = []
    while hand.actors[0] != 4:
        order.append(hand.actors[0])
        hand.apply(Call(hand.actors[0]))
    assert order == [0, 1, 2, 3]


@pytest.mark.rule("supp-nlpl")
def test_before_the_flop_a_raise_is_at_least_the_straddle() -> None:
    """No limit 1/2 with a straddle of 4: the smallest raise is to 8 (as over a big
    blind of 4); after the flop the smallest bet is the big blind, 2."""
    config = GameConfig.of("holdem", "no limit", blinds=(1, 2))
    hand = config.new_hand([100] * 4, button=3, posts=[(2, 4, True, STRADDLE)],
                           rng=random.Random(3))
    _deal(hand)
    raise_option = hand.legal_actions()[-1]
    assert raise_option.min_to == 8                       # type: ignore[attr-defined]
    for _ in range(3):
        hand.apply(Call(hand.actors[0]))
    hand.apply(Check(2))
    _deal(hand)
    bet = hand.legal_actions()[-1]
    assert bet.min_amount == 2                            # type: ignore[attr-defined]


@pytest.mark.rule("supp-raise-cap")
def test_in_fixed_limit_the_straddle_counts_as_a_raise() -> None:
    """Limit 2/4 (blinds 1/2) with a straddle of 4: the next raise is to 6, and the cap
    of a bet and three raises is reached at 8."""
    config = GameConfig.of("omaha-hilo", "fixed limit", blinds=(1, 2))
    hand = config.new_hand([100] * 5, button=4, posts=[(2, 4, True, STRADDLE)],
                           rng=random.Random(4))
    _deal(hand)
    assert hand.legal_actions()[-1].tos == (6,)           # type: ignore[attr-defined]
    hand.apply(Raise(3, 6))
    hand.apply(Raise(4, 8))
    assert {type(o).__name__ for o in hand.legal_actions()} == {"FoldOption", "CallOption"}


@pytest.mark.rule("supp-blinds")
def test_a_bomb_pot_goes_straight_to_the_flop() -> None:
    """Everyone puts in 10 and nobody posts a blind; the first thing after the hole
    cards is the flop, and its betting opens left of the button."""
    config = GameConfig.of("omaha", "pot limit", blinds=(1, 2))
    posts = [(s, 10, True, BOMB_POT) for s in range(4)]
    hand = config.new_hand([100, 100, 5, 100], button=3, blind_seats=(None, None),
                           posts=posts, rng=random.Random(5))
    _deal(hand)
    assert hand.street_name == "flop" and len(hand.board) == 3
    assert hand.actors == (0,)
    assert hand.stacks == [90, 90, 0, 90]                 # the short stack is all in
    assert hand.pot == 35
    kinds = [e.kind for e in hand.events if isinstance(e, ForcedBet)]
    assert kinds == [BOMB_POT] * 4
    _play_at_random(hand, random.Random(6))
    assert sum(hand.final_stacks) == 305


@pytest.mark.rule("supp-new-player")
def test_the_table_picks_the_straddler_and_keeps_the_chips() -> None:
    """A table deals each straddle to the player under the gun (or the button, in the
    Mississippi rule, first) who asked for it; every Nth deal a bomb pot; the ledger
    balances after every hand."""
    for game, structure in GAMES:
        table = Table(GameConfig.of(game, structure, blinds=(1, 2)), seats=5,
                      rng=random.Random(7))
        for seat in range(5):
            table.join(seat, f"p{seat}", 300)
        table.allow_extras(StraddleRule.MISSISSIPPI, 10, 3)
        table.straddle_wishes = frozenset({0, 2, 4})
        rng = random.Random(8)
        for number in range(1, 16):
            table.bomb_next = number % 3 == 0
            hand = table.next_hand()
            posts = [e for e in hand.events if isinstance(e, ForcedBet)]
            if number % 3 == 0:
                assert {p.kind for p in posts} == {BOMB_POT}
            else:
                straddles = [p.seat for p in posts if p.kind == STRADDLE]
                utg = hand.deal_order[2 % len(hand.deal_order)]
                expected = ([hand.button] if hand.button in table.straddle_wishes else
                            [utg] if utg in table.straddle_wishes else [])
                assert straddles == expected, (number, hand.button)
            _play_at_random(hand, rng)
            table.finish(hand)
            table.ledger.check()
            assert sum(table.stacks) == 1500


@pytest.mark.rule("supp-blinds")
def test_under_the_gun_only_needs_four_players() -> None:
    """With ``under-the-gun`` the button never straddles: three-handed the player under
    the gun is the button, so nobody straddles."""
    table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=3,
                  rng=random.Random(9))
    for seat in range(3):
        table.join(seat, f"p{seat}", 100)
    table.allow_extras(StraddleRule.UNDER_THE_GUN)
    table.straddle_wishes = frozenset(range(3))
    hand = table.next_hand()
    assert not any(isinstance(e, ForcedBet) and e.kind == STRADDLE for e in hand.events)


@pytest.mark.rule("supp-announce")
def test_the_table_announces_and_refuses_where_there_is_no_board() -> None:
    table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=6)
    table.allow_extras(StraddleRule.UNDER_THE_GUN, 5, 10)
    words = table.announce()
    assert "straddles allowed: the player under the gun may post 4" in words
    assert "bomb pots of 5 from every player every 10 hands" in words
    for game, kwargs in [("stud", {"ante": 1, "bring_in": 2}),
                         ("lowball-27", {"blinds": (1, 2)}),
                         ("draw-high", {"ante": 1})]:
        other = Table(GameConfig.of(game, **kwargs), seats=4)   # type: ignore[arg-type]
        with pytest.raises(ConfigError, match="no straddles or bomb pots"):
            other.allow_extras(StraddleRule.MISSISSIPPI)
        with pytest.raises(ConfigError, match="no straddles or bomb pots"):
            other.allow_extras(bomb_ante=5)


def _table_hands(game: str, structure: str, count: int) -> list[PokerHand]:
    table = Table(GameConfig.of(game, structure, blinds=(1, 2)), seats=6,
                  rng=random.Random(10))
    for seat in range(6):
        table.join(seat, f"p{seat}", 200 + 10 * seat)
    table.allow_extras(StraddleRule.MISSISSIPPI, 6, 4)
    table.straddle_wishes = frozenset({1, 3, 5})
    rng = random.Random(11)
    hands = []
    for number in range(1, count + 1):
        table.bomb_next = number % 4 == 0
        hand = table.next_hand()
        _play_at_random(hand, rng)
        table.finish(hand)
        hands.append(hand)
    return hands


@pytest.mark.parametrize(("game", "structure"), GAMES)
def test_phh_writes_straddles_and_bomb_pots_in_its_own_fields(game: str,
                                                             structure: str) -> None:
    """PHH: a straddle in ``blinds_or_straddles`` at its player, a bomb pot as every
    player's ante; read back it is the same hand, written again the same text."""
    hands = _table_hands(game, structure, 12)
    seen = set()
    for hand in hands:
        data = hand_to_phh(hand)
        kinds = {e.kind for e in hand.events if isinstance(e, ForcedBet)}
        if STRADDLE in kinds:
            seen.add("straddle")
            straddler = next(e.seat for e in hand.events
                             if isinstance(e, ForcedBet) and e.kind == STRADDLE)
            assert data["blinds_or_straddles"][player_seats(hand).index(straddler)] == 4
        if BOMB_POT in kinds:
            seen.add("bomb")
            assert data["antes"] == [6] * len(player_seats(hand))
            assert not any(data["blinds_or_straddles"]) and data["_bomb_pot"] is True
        assert not any(p[3] in (STRADDLE, BOMB_POT) for p in data.get("_posts", []))
        text = dumps(hand)
        back = loads(text)
        assert dumps(back) == text
        assert back.final_stacks == hand.final_stacks
    assert seen == {"straddle", "bomb"}


@pytest.mark.parametrize(("game", "structure"), GAMES)
def test_the_pokerstars_layout_reads_back(game: str, structure: str) -> None:
    """The PokerStars layout: ``posts straddle 4``, a bomb pot as ``posts the ante``
    lines; pokerroom's importer reads them back to the same final stacks."""
    hands = _table_hands(game, structure, 12)
    names = {seat: f"p{seat}" for seat in range(6)}
    name = get_game(game).pokerstars or ""
    texts = [pokerstars_text(hand, name, names=names, hand_no=i + 1, tournament=None,
                             table="Home") for i, hand in enumerate(hands)]
    joined = "\n\n\n".join(texts)
    assert ": posts straddle 4" in joined and ": posts the ante 6" in joined
    result = read_pokerstars(joined, "home.txt")
    assert result.problems == []
    assert len(result.hands) == len(hands)
    for data, hand in zip(result.hands.values(), hands, strict=True):
        imported = phh_to_hand(dict(data))
        finals = dict(zip(data["players"], (imported.final_stacks[s]
                                            for s in player_seats(imported)), strict=True))
        assert finals == {names[s]: hand.final_stacks[s] for s in player_seats(hand)}


def test_pokerkit_reads_the_straddles_as_we_play_them() -> None:
    """PokerKit, given the PHH of hands with straddles (every raise at least to twice
    the straddle, which PokerKit allows too), ends each on the same stacks."""
    pokerkit = pytest.importorskip("pokerkit")
    checked = 0
    for hand in _table_hands("holdem", "no limit", 12):
        if any(isinstance(e, ForcedBet) and e.kind == BOMB_POT for e in hand.events):
            continue
        data = hand_to_phh(hand)
        text = "\n".join(line for line in dumps(hand).splitlines())
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            states = list(pokerkit.HandHistory.loads(text))
        assert list(states[-1].stacks) == data["finishing_stacks"]
        checked += 1
    assert checked >= 6


def test_a_pokernow_log_with_straddles_imports() -> None:
    """PokerNow writes ``"Cy @ id" posts a straddle of 4``: the import puts it in
    ``blinds_or_straddles`` and replays the hand to the same final stacks."""
    from tests.history.pokernow_log import session_log

    from pokerroom.history.pokernow import read_pokernow

    hands = [h for h in _table_hands("holdem", "no limit", 12)
             if not any(isinstance(e, ForcedBet) and e.kind == BOMB_POT for e in h.events)]
    names = {seat: f"p{seat}" for seat in range(6)}
    result = read_pokernow(session_log(dict(enumerate(hands, start=1)), names), "log.csv")
    assert result.problems == []
    straddled = 0
    for data, hand in zip(result.hands.values(), hands, strict=True):
        straddled += any(b > 2 for b in data["blinds_or_straddles"])
        imported = phh_to_hand(dict(data))
        finals = dict(zip(data["players"], (imported.final_stacks[s]
                                            for s in player_seats(imported)), strict=True))
        assert finals == {names[s]: hand.final_stacks[s] for s in player_seats(hand)}
    assert straddled >= 3


def test_a_straddle_in_a_deal_without_a_small_blind_reads_back() -> None:
    """A dead button with no small blind: the player under the gun is PHH's ``p2``,
    where the standard's blinds are written; the straddle stays in ``_posts`` and the
    hand reads back the same."""
    config = GameConfig.of("holdem", "no limit", blinds=(1, 2))
    hand = config.new_hand([100, 0, 100, 100, 100], button=0,
                           seated=[True, False, True, True, True],
                           blind_seats=(None, 2), posts=[(3, 4, True, STRADDLE)],
                           rng=random.Random(12))
    _play_at_random(hand, random.Random(13))
    data = hand_to_phh(hand)
    assert data["blinds_or_straddles"][:2] == [1, 2]
    assert data["_posts"] == [[3, 4, True, STRADDLE]]
    text = dumps(hand)
    assert dumps(loads(text)) == text and loads(text).final_stacks == hand.final_stacks


def test_the_pokerstars_layout_of_that_deal_reads_back() -> None:
    config = GameConfig.of("holdem", "no limit", blinds=(1, 2))
    hand = config.new_hand([100, 0, 100, 100, 100], button=0,
                           seated=[True, False, True, True, True],
                           blind_seats=(None, 2), posts=[(3, 4, True, STRADDLE)],
                           rng=random.Random(14))
    _play_at_random(hand, random.Random(15))
    names = {seat: f"p{seat}" for seat in range(5)}
    text = pokerstars_text(hand, "Hold'em", names=names, hand_no=9, tournament=None,
                           table="Home")
    assert "p3: posts straddle 4" in text
    result = read_pokerstars(text, "gap.txt")
    assert result.problems == []
    data = result.hands[next(iter(result.hands))]
    imported = phh_to_hand(dict(data))
    finals = dict(zip(data["players"], (imported.final_stacks[s]
                                        for s in player_seats(imported)), strict=True))
    assert finals == {names[s]: hand.final_stacks[s] for s in player_seats(hand)}
