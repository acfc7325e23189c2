"""Real PHH files read as they are: every hand of the corpus (Pluribus, the 2023 WSOP
$50,000 Poker Players Championship final table, historic hands, HandHQ) replays to the
file's ``finishing_stacks``, or, where the file gives none, to PokerKit's replay of the
same hand (short-deck and badugi hands among them, games the registry adds). Nothing
is refused and nothing fails silently."""

from __future__ import annotations

import tomllib
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from pokerroom.errors import HistoryError
from pokerroom.games import variants
from pokerroom.history.phh import dumps, phh_to_hand, player_seats
from pokerroom.history.phh_amounts import chip_scale, in_file_units
from pokerroom.history.phh_losers import showdown_unseen

from .real_phh import CORPUS, SOURCES, RealHand, exact, pokerkit_stacks, real_hands

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no real PHH files in {CORPUS}")

DOCS = Path(__file__).parents[2] / "docs" / "histories.md"
HANDS = list(real_hands()) if CORPUS.is_dir() else []
VARIANTS = variants()     # the reader finds the games beyond the rulebook among every game's


def _stacks(hand: RealHand) -> list[Decimal]:
    replay = phh_to_hand(hand.data, variants=VARIANTS)
    scale = chip_scale(hand.data)
    return [Decimal(in_file_units(replay.final_stacks[s], scale))
            for s in player_seats(replay)]


def test_the_corpus_has_every_source() -> None:
    counts = Counter(hand.source for hand in HANDS)
    assert set(counts) == set(SOURCES)
    assert counts["pluribus"] >= 150 and counts["wsop-2023-43-5"] == 83
    assert counts["handhq"] >= 30 and counts["historic"] == 5


@pytest.mark.parametrize("source", SOURCES)
def test_every_source_replays_to_the_files_own_results(source: str) -> None:
    hands = [h for h in HANDS if h.source == source]
    replayed, wrong, refused = 0, [], []
    for hand in hands:
        try:
            ours = _stacks(hand)
        except HistoryError as err:
            refused.append(f"{hand.where}: {err}")
            continue
        if "finishing_stacks" in hand.data:
            theirs = [exact(s) for s in hand.data["finishing_stacks"]]
        elif showdown_unseen(hand.data["actions"]):
            # who won is not in the file: the chips put in are the file's, and each
            # seat ends with its own or more (the unseen showdown test below)
            replayed += 1
            continue
        else:
            theirs = pokerkit_stacks(hand.data)
            ours = [s.quantize(Decimal("0.000001")) for s in ours]
        if ours == theirs:
            replayed += 1
        else:
            wrong.append(f"{hand.where}: {ours} != {theirs}")
    assert not wrong, wrong          # no silent failure
    assert replayed >= 0.999 * len(hands), refused


def test_hands_without_finishing_stacks_are_checked_against_pokerkit() -> None:
    unchecked = [h for h in HANDS if "finishing_stacks" not in h.data
                 and not showdown_unseen(h.data["actions"])]
    assert {h.source for h in unchecked} >= {"handhq", "historic"}
    for hand in unchecked:
        assert [s.quantize(Decimal("0.000001")) for s in _stacks(hand)] == \
            pokerkit_stacks(hand.data), hand.where


def test_a_showdown_the_file_shows_no_hand_of_is_replayed_and_said() -> None:
    unseen = [h for h in HANDS if showdown_unseen(h.data["actions"])]
    assert [h.where for h in unseen] == [
        f"handhq/ipn NLH handhq_1-OBFUSCATED.phhs[{n}]" for n in (1, 4, 20)]
    for hand in unseen:
        ours = _stacks(hand)
        theirs = pokerkit_stacks(hand.data)     # PokerKit splits the pot
        assert sum(ours) == sum(theirs)         # the same chips put in, all paid out
        assert hand.where in DOCS.read_text(encoding="utf-8")


def test_the_sources_file_names_every_folder_of_the_corpus() -> None:
    sources = (Path(__file__).parents[1] / "data" / "real" / "SOURCES.md").read_text(
        encoding="utf-8")
    for source in SOURCES:
        assert f"phh/{source}" in sources
    assert "MIT" in sources


@pytest.mark.parametrize("code", ["NS", "FB"])
def test_a_game_beyond_the_rulebook_replays_and_writes_its_file_again(code: str) -> None:
    """A file of a game the registry adds (short-deck ``NS``, its button blind at the
    last player; badugi ``FB``, its cards unseen) replays to PokerKit's stacks, and the
    hand written again as PHH reads back to the same hand."""
    hands = [h for h in HANDS if h.data.get("variant") == code]
    assert hands
    for hand in hands:
        quantum = Decimal("0.000001")
        assert [s.quantize(quantum) for s in _stacks(hand)] == pokerkit_stacks(hand.data)
        replay = phh_to_hand(hand.data, variants=VARIANTS)
        text = dumps(replay)
        again = phh_to_hand(tomllib.loads(text), variants=VARIANTS)
        assert again.final_stacks == replay.final_stacks and dumps(again) == text
        assert tomllib.loads(text)["blinds_or_straddles"] == \
            hand.data["blinds_or_straddles"]
