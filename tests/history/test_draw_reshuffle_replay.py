"""Draw hands that run through the deck replay from every reader's history.

When the stub is too short for a draw, the discards and burns are shuffled in and dealt
again. A history written for one reader (an onlooker, or one seat) names only the cards
that reader saw; its replay stands a card in for each other one, and those stand-ins
must let every card the history names be dealt from the stub, after the reshuffle too.
Every redacted history (the onlooker's and each seat's own) of bot play at eight seats
replays to the stacks the hand ended on, and its PokerStars layout imports and replays
to them again.
"""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from tests.history.pokerstars_export import as_pokerstars, final_stacks

from pokerroom.cards import UNKNOWN, parse_cards
from pokerroom.core import DEALER
from pokerroom.engine import GameConfig
from pokerroom.engine.events import CardBurned, CardsDealt
from pokerroom.engine.variants import Forced
from pokerroom.errors import ConfigError, HistoryError
from pokerroom.games import game_of_phh, get_game, variants
from pokerroom.history import phh as phh_module
from pokerroom.history.phh import hand_to_phh, phh_to_hand, player_seats
from pokerroom.history.phh_stand_ins import StandIns
from pokerroom.history.pokerstars_import import read_pokerstars
from pokerroom.history.redaction import phh_as_seen
from pokerroom.history.stand_in_plan import (
    BURN,
    DEAL,
    DISCARD,
    FOLD,
    CardStep,
    plan_stand_ins,
)
from pokerroom.server.uploaded_replay import uploaded_replay

from .stubborn import stubborn_action

VARIANTS = variants()     # every game's engine variants (badugi's among them)
DRAW_GAMES = sorted(g for g, v in VARIANTS.items() if any(s.draw for s in v.streets))

RULES = ("lowball-intro", "draw-intro")
"""Draw poker and lowball: one or more draws, each player's discards replaced from the
stub (the discards and burns shuffled in when it runs short)."""


REPLAY_HANDS = 300
"""The hands of each exhaustive case: the first 300 of the seeded session (1,000 until
every planted defect of the history modules was shown caught by the tests that are not
exhaustive; see docs/testing.md, "History tests")."""


def _finals(data: dict[str, Any]) -> list[int]:
    hand = phh_to_hand(data, variants=VARIANTS)
    return [hand.final_stacks[s] for s in player_seats(hand)]


def _every_reader(hands: dict[int, dict[str, Any]]) -> tuple[list[str], int]:
    """What fails when each hand's every redaction replays, and when the onlooker's and
    the first seat's PokerStars layouts import and replay; and how many hands ran through
    the deck."""
    problems: list[str] = []
    ran_through = 0
    texts: dict[str, list[str]] = {"onlooker": [], "seat": []}
    wanted: dict[int, list[int]] = {}
    for number, data in hands.items():
        hand = phh_to_hand(data, variants=VARIANTS)
        wanted[number] = [hand.final_stacks[s] for s in player_seats(hand)]
        dealt = sum(len(e.cards) for e in hand.events if isinstance(e, CardsDealt))
        burned = sum(1 for e in hand.events if isinstance(e, CardBurned))
        ran_through += dealt + burned > len(hand.config.deck_cards())
        for reader in [None, *player_seats(hand)]:
            seen = phh_as_seen(data, hand, reader)
            try:
                got = list(final_stacks(seen))
            except Exception as err:
                problems.append(f"hand {number} for {reader}: {err}")
                continue
            if got != wanted[number]:
                problems.append(f"hand {number} for {reader}: stacks {got}")
            if game_of_phh(data["variant"]).pokerstars and reader in (None, player_seats(hand)[0]):
                kind = "onlooker" if reader is None else "seat"
                texts[kind].append(as_pokerstars(seen, hand_no=number))
    for kind, written in texts.items():
        if not written:
            continue
        result = read_pokerstars("\n\n\n".join(written), f"{kind}.txt",
                                 variants=VARIANTS)
        problems.extend(p.message for p in result.problems)
        for number, imported in result.hands.items():
            # the stacks the import's own replay of the hand ended on (``settle``)
            if imported["finishing_stacks"] != wanted[number]:
                problems.append(f"{kind}'s import of hand {number}: other stacks")
    assert not re.search(r"discards \d+ cards? \[", "\n".join(texts["onlooker"])), \
        "an onlooker's layout names a discard"
    return problems, ran_through


def _at_a_table(game: str) -> bool:
    """Whether a session deals the game (bots play it): not five-card draw with blinds,
    an engine variant for imported hands, played here by the stubborn hands only."""
    try:
        get_game(game)
    except ConfigError:
        return False
    return True


def _most_seats(game: str) -> int:
    """The most seats the game's table deals (an engine variant with no table of its own,
    five-card draw with blinds: the variant's most players)."""
    try:
        return min(8, get_game(game).max_seats)
    except ConfigError:
        return min(8, VARIANTS[game].max_players)


def _stubborn_hands(game: str, seats: int, count: int) -> dict[int, dict[str, Any]]:
    """Hands where nobody folds and everyone draws the most cards allowed: the stub
    runs out at every draw (seeded, every card written)."""
    variant = VARIANTS[game]    # the registry's too: the engine's lookup is the rulebook's
    blinds = variant.forced is Forced.BLINDS
    config = (GameConfig.of(variant, blinds=(1, 2)) if blinds
              else GameConfig.of(variant, ante=1))
    hands = {}
    for number in range(1, count + 1):
        hand = config.new_hand([500] * seats, rng=random.Random(number))
        while not hand.is_over:
            if hand.actors == (DEALER,):
                hand.advance()
                continue
            seat = hand.actors[0]
            hand.apply(stubborn_action(seat, hand.legal_actions(seat),
                                       tuple(hand.hole[seat])))
        hands[number] = hand_to_phh(hand)
    return hands


@pytest.mark.rule(*RULES, "lowball-10")
@pytest.mark.parametrize("game", [g for g in DRAW_GAMES if g != "jacks"])
def test_every_draw_running_through_the_deck_replays_for_every_reader(game: str) -> None:
    """Everyone drawing the most cards at the most seats: every draw reshuffles, five-card
    lowball draws are dealt in parts, and every reader's history still replays."""
    hands = _stubborn_hands(game, _most_seats(game), 12)
    problems, ran_through = _every_reader(hands)
    assert ran_through == len(hands)
    assert problems == []


@pytest.mark.rule(*RULES)
@pytest.mark.parametrize("game", ["draw-high", "jacks"])
def test_bot_play_at_the_most_seats_replays_and_imports_for_every_reader(
        bot_hands: Any, game: str) -> None:
    """Bots fold, keep unseen cards and win without a showdown: a card thrown unseen and
    dealt again after the reshuffle must not stand in for a card someone keeps."""
    hands = bot_hands(game, 80, seats=_most_seats(game), seed=3)
    problems, ran_through = _every_reader(hands)
    assert ran_through > 0, "no hand of the sample ran through the deck"
    assert problems == []


@pytest.mark.exhaustive
@pytest.mark.rule(*RULES)
@pytest.mark.parametrize(("game", "seats"), sorted(
    {(game, seats) for game in DRAW_GAMES if _at_a_table(game)
     for seats in (6, _most_seats(game))}))
def test_thousands_of_draw_hands_replay_for_every_reader(bot_hands: Any, game: str,
                                                         seats: int) -> None:
    problems, _ = _every_reader(bot_hands(game, REPLAY_HANDS, seats=seats))
    assert problems == []


@pytest.mark.rule(*RULES)
def test_a_player_who_keeps_unseen_cards_gets_none_the_history_deals_later() -> None:
    """Six cards: the first player is dealt two unseen and throws them, the second is
    dealt two unseen and keeps them, the third is dealt 2c 3c. The first player's draw
    finds the stub empty: the two thrown cards are shuffled in and dealt to them, seen,
    as 4c 5c. So the first player's unseen cards were 4c 5c, and the keeper's are the
    two cards the history names nowhere."""
    deck = parse_cards("2c3c4c5c6c7c")
    steps = [CardStep(DEAL, 0, (UNKNOWN, UNKNOWN)), CardStep(DEAL, 1, (UNKNOWN, UNKNOWN)),
             CardStep(DEAL, 2, tuple(parse_cards("2c3c"))),
             CardStep(DISCARD, 0, (UNKNOWN, UNKNOWN)),
             CardStep(DEAL, 0, tuple(parse_cards("4c5c")))]
    plan = plan_stand_ins(steps, deck)
    named = {c for s in steps for c in s.cards if c.is_known}
    first, keeper = set(plan.dealt[:2]), set(plan.dealt[2:])
    assert keeper == set(deck) - named
    assert set(plan.discarded[0]) == first == set(parse_cards("4c5c"))


@pytest.mark.rule(*RULES)
def test_stand_ins_the_first_choices_leave_short_of_are_found_by_moving_others() -> None:
    """Eleven cards, three seats of three, two draws: the reader (seat 0) sees its own
    cards, the others show theirs at the end and throw every other card unseen. Given
    out longest first, each to the card named soonest, the stand-ins run out before the
    last seat's hidden draw; moving stand-ins already given (a hidden card takes a card
    another holds, that one another...) places them all, and the plan deals every card
    the history names from the stub, reshuffles included."""
    deck = parse_cards("2c3c4c5c6c7c8c9cTcJcQc")
    hidden = (UNKNOWN,) * 3
    steps = [CardStep(DEAL, 0, tuple(parse_cards("3c4c9c"))), CardStep(DEAL, 1, hidden),
             CardStep(DEAL, 2, hidden), CardStep(DISCARD, 1, hidden),
             CardStep(BURN, -1, (UNKNOWN,)), CardStep(DEAL, 1, hidden),
             CardStep(DISCARD, 2, hidden), CardStep(DEAL, 2, hidden),
             CardStep(DISCARD, 0, tuple(parse_cards("3c4c9c"))),
             CardStep(BURN, -1, (UNKNOWN,)), CardStep(DEAL, 0, tuple(parse_cards("2c3c4c"))),
             CardStep(DISCARD, 1, hidden), CardStep(DEAL, 1, tuple(parse_cards("9c8cQc"))),
             CardStep(DISCARD, 2, hidden), CardStep(DEAL, 2, tuple(parse_cards("Tc6c7c")))]
    _assert_the_plan_deals(steps, deck, plan_stand_ins(steps, deck))


@pytest.mark.rule(*RULES, "jacks-9")
def test_a_split_openers_discards_set_aside_never_come_back() -> None:
    """Six cards: the opener (the reader) splits 2c 3c and sets them aside; the burn
    leaves the stub one card short of the opener's draw, and only the burn is shuffled
    in, so the other player's two unseen cards were the two the opener's draw does not
    take (6c 7c), and its own draw, once the stub is empty, deals them back."""
    deck = parse_cards("2c3c4c5c6c7c")
    hidden = (UNKNOWN, UNKNOWN)
    split = tuple(parse_cards("2c3c"))
    steps = [CardStep(DEAL, 0, split), CardStep(DEAL, 1, hidden),
             CardStep(DISCARD, 0, split, aside=True), CardStep(BURN, -1, (UNKNOWN,)),
             CardStep(DEAL, 0, tuple(parse_cards("4c5c"))), CardStep(DISCARD, 1, hidden),
             CardStep(DEAL, 1, hidden)]
    plan = plan_stand_ins(steps, deck)
    _assert_the_plan_deals(steps, deck, plan)
    assert set(plan.dealt[:2]) == set(plan.discarded[1]) == set(parse_cards("6c7c"))


@pytest.mark.rule(*RULES)
def test_a_folded_hand_and_the_discards_refill_the_stub_for_the_burn() -> None:
    """Six cards, three seats of two: the second player folds unseen, the reader throws
    4c 7c. The burn finds the stub empty: the folded hand and the discards are shuffled
    in, the burn is one of them, and the reader draws 6c 2c. So the folded hand was
    6c 2c (the only cards of the deck out of play then), and the burn, dealt from the
    reshuffled stub, is 4c or 7c: back only at a reshuffle after it."""
    deck = parse_cards("2c3c4c5c6c7c")
    steps = [CardStep(DEAL, 0, tuple(parse_cards("4c7c"))),
             CardStep(DEAL, 1, (UNKNOWN, UNKNOWN)),
             CardStep(DEAL, 2, tuple(parse_cards("5c3c"))), CardStep(FOLD, 1),
             CardStep(DISCARD, 0, tuple(parse_cards("4c7c"))), CardStep(BURN, -1, (UNKNOWN,)),
             CardStep(DEAL, 0, tuple(parse_cards("6c2c")))]
    plan = plan_stand_ins(steps, deck)
    _assert_the_plan_deals(steps, deck, plan)
    assert set(plan.dealt[:2]) == set(parse_cards("6c2c"))
    assert plan.dealt[2] in parse_cards("4c7c")


@pytest.mark.rule(*RULES, "jacks-9")
def test_the_replay_plans_a_split_openers_discard_as_set_aside(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight players, the opener (the reader) splits openers and the seven others throw
    and draw five unseen: the hand runs through the deck, so the replay plans its
    stand-ins from a dry run of its card steps, where the opener's discard is set aside
    (never shuffled back in), and the plan deals every card the history names."""
    unseen = "?" * 10
    actions = ["d dh p1 JsJdTs9s8s", *(f"d dh p{p} {unseen}" for p in range(2, 9)),
               "p1 cbr 10", *(f"p{p} cc" for p in range(2, 9)),
               "p1 sd Jd # split openers", "d dh p1 7s"]
    for p in range(2, 9):
        actions += [f"p{p} sd {unseen}", f"d dh p{p} {unseen}"]
    actions += ["p1 cbr 20", *(f"p{p} f" for p in range(2, 9))]
    data = {"variant": "FJ5D", "antes": [5] * 8, "small_bet": 10, "big_bet": 20,
            "starting_stacks": [1000] * 8, "actions": actions}
    planned: list[tuple[list[CardStep], list[Any]]] = []
    plan = phh_module.plan_stand_ins

    def spy(steps: list[CardStep], deck: list[Any]) -> Any:
        planned.append((list(steps), list(deck)))
        return plan(steps, deck)

    monkeypatch.setattr(phh_module, "plan_stand_ins", spy)
    assert _finals(data) == [1105] + [985] * 7
    [(steps, deck)] = planned
    assert [s.aside for s in steps if s.kind == DISCARD] == [True] + [False] * 7
    _assert_the_plan_deals(steps, deck, plan(steps, deck))


@pytest.mark.rule(*RULES)
def test_a_burn_the_history_hides_stands_in_and_may_come_back_after_a_reshuffle() -> None:
    """Replayed as it goes (no plan), a burn the history writes ``??`` takes a stand-in
    the history names nowhere; burned, it is in the muck, so once a reshuffle brings it
    back it may stand in again (:attr:`StandIns.released`)."""
    hand = GameConfig.of("draw-high", ante=1).new_hand([100, 100], rng=random.Random(1))
    named = set(parse_cards("AsKsQsJsTs"))
    names = StandIns(set(named))
    burned = names.burned(hand, UNKNOWN)
    assert burned not in named and burned in hand.deck
    assert burned in names.stand_ins and burned in names.released


def _assert_the_plan_deals(steps: list[CardStep], deck: list[Any], plan: Any) -> None:
    """Replay ``steps`` with ``plan``'s stand-ins by counts, as the dealer would: every
    card dealt or burned must be in the stub (the discards and burns shuffled in when it
    is too short, never split openers set aside), every card thrown in the thrower's
    hand."""
    stand_ins, thrown = iter(plan.dealt), iter(plan.discarded)
    stub, muck = set(deck), []
    held: dict[int, list[Any]] = {}
    for step in steps:
        if step.kind == FOLD:
            muck += held.pop(step.seat, [])
            continue
        if step.kind == DISCARD:
            cards = [c for c in step.cards if c.is_known] + list(next(thrown))
            for card in cards:
                held[step.seat].remove(card)
            muck += [] if step.aside else cards
            continue
        cards = [c if c.is_known else next(stand_ins) for c in step.cards]
        if len(stub) < len(cards):
            stub, muck = stub | set(muck), []
        assert set(cards) <= stub, (step, cards)
        stub -= set(cards)
        if step.kind == BURN:
            muck += cards
        else:
            held.setdefault(step.seat, []).extend(cards)
    assert next(stand_ins, None) is None and next(thrown, None) is None


@pytest.mark.rule(*RULES)
def test_stand_ins_that_cannot_deal_the_history_are_refused() -> None:
    """Three cards: two dealt unseen to a player who keeps them, 2c to another, who
    throws it and draws 3c after the stub ran out. Only 4c is never named: a history
    that cannot have been dealt."""
    deck = parse_cards("2c3c4c")
    two, three = parse_cards("2c3c")
    steps = [CardStep(DEAL, 0, (UNKNOWN, UNKNOWN)), CardStep(DEAL, 1, (two,)),
             CardStep(DISCARD, 1, (two,)), CardStep(DEAL, 1, (three,))]
    with pytest.raises(HistoryError, match="no stand-ins deal every card"):
        plan_stand_ins(steps, deck)


@pytest.mark.rule(*RULES)
def test_the_uploaded_replay_never_shows_a_stand_in_as_a_card_seen() -> None:
    """Everyone drawing five at eight seats: the onlooker's history leaves too few cards
    unnamed, so some stand-ins have the faces of cards it deals later. The room's replay
    of the uploaded history shows a seat only the cards the history deals it, at every
    step."""
    hands = _stubborn_hands("draw-high", 8, 3)
    for data in hands.values():
        seen = phh_as_seen(data, phh_to_hand(data, variants=VARIANTS), None)
        replay = uploaded_replay(tomli_w.dumps(seen), "onlooker.phh")
        hand = phh_to_hand(seen, variants=VARIANTS)
        dealt: dict[int, set[str]] = {}
        for line in seen["actions"]:
            words = line.split()
            if words[:2] == ["d", "dh"]:
                seat = player_seats(hand)[int(words[2][1:]) - 1]
                dealt.setdefault(seat, set()).update(
                    repr(c) for c in parse_cards(words[3]) if c.is_known)
        for frame in replay["frames"]:
            for seat, shown in enumerate(frame["picture"]["seats"]):
                assert {c for c in shown["cards"] if c != "??"} <= dealt.get(seat, set())


@pytest.mark.rule(*RULES, "lowball-10")
def test_a_draw_that_names_every_card_of_the_deck_imports() -> None:
    """A triple draw whose history names all 52 cards (every card written, the discards
    reshuffled and dealt again): its only hidden cards are the burns the PokerStars
    layout leaves out, and every stand-in for them must be a card the history names."""
    path = Path(__file__).parent / "fixtures" / "triple_draw_every_card_named.phh"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    named = {c for line in data["actions"] for c in _cards_of(line)}
    assert len(named) == 52
    result = read_pokerstars(as_pokerstars(data, hand_no=1725), "export.txt",
                             variants=VARIANTS)
    assert result.problems == []
    imported = phh_to_hand(result.hands[1725], variants=VARIANTS)
    finals = [imported.final_stacks[s] for s in player_seats(imported)]
    assert finals == data["finishing_stacks"]


def _cards_of(line: str) -> list[Any]:
    """The cards a deal or discard line names."""
    words = line.split()
    if words[:2] == ["d", "dh"] or (len(words) == 3 and words[1] == "sd"):
        return list(parse_cards(words[-1]))
    return []


@pytest.mark.rule(*RULES)
def test_a_seat_s_layout_whose_shown_cards_came_in_the_first_deal_imports(
        bot_hands: Any) -> None:
    """Hand 32 of the seeded badugi session at eight seats, written in the first seat's
    PokerStars layout: that seat's second draw takes the stub's last cards, and the other
    seats' shown cards placed in their latest deals would have to be in the stub then
    too. The import places them in the earliest deals that can have kept them, and the
    hand replays to the stacks it ended on."""
    data = bot_hands("badugi", 32, seats=8)[32]
    hand = phh_to_hand(data, variants=VARIANTS)
    seen = phh_as_seen(data, hand, player_seats(hand)[0])
    result = read_pokerstars(as_pokerstars(seen, hand_no=32), "seat.txt",
                             variants=VARIANTS)
    assert [p.message for p in result.problems] == []
    imported = result.hands[32]
    assert imported["finishing_stacks"] == _finals(data)
    assert "d dh p2 4d7s????" in imported["actions"]   # kept from the first deal
