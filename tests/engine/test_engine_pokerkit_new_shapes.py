"""Differential tests against PokerKit 0.7.7 (test-only) for the engine's new shapes
(``new_shapes.py``): no-limit short-deck hold'em (PokerKit's ``NoLimitShortDeckHoldem``),
fixed-limit badugi (``FixedLimitBadugi``) and five-card Omaha (PokerKit's Omaha games
with five hole cards). Each random hand played by pokerroom is dealt and acted out in a
PokerKit state, card by card and action by action; the final stacks must be identical,
except where PokerKit departs from the rules as ``docs/pokerkit-differences.md`` says
(the departures are detected from the hand, as in ``test_engine_pokerkit.py``).

PokerKit ranks a short deck with a straight over three of a kind, the engine's default;
the house rule that swaps them has no PokerKit counterpart and is not compared here.
"""

from __future__ import annotations

import hashlib
import warnings
from collections import Counter
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from new_shapes import CONFIGS
from test_engine_pokerkit import CACHE, RECORDED, _read_cache, _write_cache, departures, play

from pokerroom.core import Bet, Call, Check, Fold, Raise, Seat
from pokerroom.engine import GameConfig, PokerHand
from pokerroom.engine.events import BOARD, CardBurned, CardsDealt, CardsDiscarded, PlayerActed

pokerkit = pytest.importorskip("pokerkit")

_AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


class PotLimitOmaha5(pokerkit.PotLimitOmahaHoldem):  # type: ignore[misc]
    """PokerKit's pot-limit Omaha with five hole cards."""

    hole_dealing_count = 5


class PotLimitOmaha5HighLow(PotLimitOmaha5):
    """Five-card pot-limit Omaha, high and an eight-or-better low."""

    hand_types = (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand)


class FixedLimitOmaha5HighLow(
        pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter):  # type: ignore[misc]
    """Five-card fixed-limit Omaha high-low, eight or better."""

    hole_dealing_count = 5


def pokerkit_state(name: str, config: GameConfig, stacks: list[int]) -> Any:
    """A PokerKit state of the same game, stakes and stacks (p1 left of the button)."""
    s = config.stakes
    n = len(stacks)
    if name.startswith("short-deck"):
        return pokerkit.NoLimitShortDeckHoldem.create_state(
            _AUTOMATIONS, True, s.ante, s.blinds, s.min_bet, stacks, n)
    if name == "badugi-fl":
        return pokerkit.FixedLimitBadugi.create_state(
            _AUTOMATIONS, True, s.ante, s.blinds, s.small_bet, s.big_bet, stacks, n)
    if name == "omaha5-hilo-fl":
        return FixedLimitOmaha5HighLow.create_state(
            _AUTOMATIONS, True, s.ante, s.blinds, s.small_bet, s.big_bet, stacks, n)
    game = PotLimitOmaha5HighLow if name == "omaha5-hilo-pl" else PotLimitOmaha5
    return game.create_state(_AUTOMATIONS, True, s.ante, s.blinds, s.min_bet, stacks, n)


def _text(cards: Any) -> str:
    return "".join(repr(c) for c in cards)


def pokerkit_stacks(name: str, hand: PokerHand) -> list[int]:
    """PokerKit's final stacks for the hand, dealt the same cards and acted the same."""
    seats = list(hand.deal_order)
    index = {seat: i for i, seat in enumerate(seats)}
    start = [hand.start_stacks[s] for s in seats]
    state = pokerkit_state(name, hand.config, start)
    discards: list[tuple[int, str]] = []       # a draw round: every discard first,
    deals: list[tuple[int, str]] = []          # then the cards dealt for them

    def draw_round() -> None:
        for _player, cards in discards:
            state.stand_pat_or_discard(cards)
        for player, cards in deals:
            state.deal_hole(cards, player)
        discards.clear()
        deals.clear()

    for event in hand.events:
        if isinstance(event, CardsDiscarded):
            player = index[event.action.seat]
            if any(p == player for p, _ in discards):    # the next draw (all in)
                draw_round()
            discards.append((player, _text(event.action.discards)))
            continue
        if isinstance(event, CardsDealt) and discards:
            deals.append((index[event.action.to], _text(event.action.cards)))
            continue
        if isinstance(event, CardBurned):             # PokerKit burns for itself
            continue
        if discards:
            draw_round()
        if isinstance(event, CardsDealt):
            # a seat facing no bet with nobody left to bet against is not asked to act
            # here; PokerKit asks it to check
            while state.actor_index is not None and state.checking_or_calling_amount == 0:
                state.check_or_call()
            if event.action.to == BOARD:
                state.deal_board(_text(event.action.cards))
            else:
                state.deal_hole(_text(event.action.cards), index[event.action.to])
        elif isinstance(event, PlayerActed):
            action = event.action
            if isinstance(action, Fold):
                state.fold()
            elif isinstance(action, Check | Call):
                state.check_or_call()
            elif isinstance(action, Bet | Raise):
                state.complete_bet_or_raise_to(event.total)
    return list(state.stacks)


def _their_stacks(name: str, hand: PokerHand) -> list[int] | None:
    """PokerKit's final stacks, or None where its rules do not allow an action."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return pokerkit_stacks(name, hand)
        except ValueError:
            return None


def cache_path(name: str, folder: Path = CACHE) -> Path:
    """The file of PokerKit's answers for one game, in ``folder``."""
    return folder / f"pokerkit-{version('pokerkit')}-new-{name}.json"


def hand_key(hand: PokerHand) -> str:
    """The SHA-256 of the hand's events, what PokerKit's answer is kept under: their
    ``repr`` with ``Seat`` sentinels written as the numbers they are (the compiled hand
    machine keeps ``Seat.BOARD`` as ``-2``), so both builds give a hand the same key."""
    text = "\n".join(map(repr, hand.events))
    for sentinel in Seat:
        text = text.replace(f"{type(sentinel).__name__}.{sentinel.name}", str(int(sentinel)))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def compare(name: str, hands: int, seed: int) -> Counter[str]:
    """Play ``hands`` hands and compare each with PokerKit's stacks. PokerKit's stacks
    are kept under the SHA-256 of the hand's events, as ``test_engine_pokerkit.py`` keeps
    them: those of the hands dealt here come with the tests (``pokerkit_stacks/``,
    recorded by ``scripts/record_pokerkit_stacks.py``), any other in ``build/test-cache/``;
    a hand played again the same way is not dealt by PokerKit again, and a hand the engine
    plays differently has other events, which PokerKit deals."""
    config = CONFIGS[name]
    tally: Counter[str] = Counter()
    path = cache_path(name)
    known = {**_read_cache(cache_path(name, RECORDED)), **_read_cache(path)}
    new: dict[str, list[int] | None] = {}
    try:
        for i in range(hands):
            _compare_hand(name, play(config, 6, seed + i), seed + i, tally, known, new)
    finally:
        if new:
            _write_cache(path, new)
    return tally


def _compare_hand(name: str, hand: PokerHand, seed: int, tally: Counter[str],
                  known: dict[str, list[int] | None],
                  new: dict[str, list[int] | None]) -> None:
    ours = [hand.final_stacks[s] for s in hand.deal_order]
    key = hand_key(hand)
    if key in known:
        theirs = known[key]
    else:
        theirs = new[key] = _their_stacks(name, hand)
    if theirs == ours:
        tally["identical"] += 1
        return
    explained = departures(hand) & {"raise cap", "short all-in raise", "odd chip",
                                    "side pot without a low"}
    assert explained, (name, seed, ours, theirs)
    tally["excluded: " + " + ".join(sorted(explained))] += 1


COMPARED = ["short-deck-nl", "short-deck-nl-ante", "badugi-fl", "omaha5-pl",
            "omaha5-hilo-pl", "omaha5-hilo-fl"]
SHORT = (60, 10_000)
LONG = (1300, 20_000)
"""(hands, first seed) of the short and the long comparison."""


@pytest.mark.parametrize("name", COMPARED)
def test_pokerkit_agrees(name: str) -> None:
    tally = compare(name, SHORT[0], seed=SHORT[1])
    assert tally["identical"] >= 40, tally


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", COMPARED)
def test_pokerkit_agrees_on_a_thousand_hands(name: str) -> None:
    tally = compare(name, LONG[0], seed=LONG[1])
    assert tally["identical"] >= 1000, tally
