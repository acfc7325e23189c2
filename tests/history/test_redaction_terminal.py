"""The terminal's histories show each card only where their reader saw it.

A player's history is written from the player's seat and a bots-only one from an
onlooker's. A card the reader saw at one place must not show at another: a discard
shuffled back in and dealt to another seat, a card passed face down and then thrown
face down by the player it went to.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from pokerroom.core import Action, HandState
from pokerroom.engine.events import CardsDealt, CardsDiscarded
from pokerroom.games import all_games, get_game
from pokerroom.history.phh import player_seats
from pokerroom.homegames.events import PassesRevealed
from pokerroom.homegames.hearts_events import DiscardsRevealed
from pokerroom.session import Session
from pokerroom.tableview import Bot
from pokerroom.terminal.driver import play_hand, seat_view
from pokerroom.terminal.histfile import HistoryFile, record_phh
from pokerroom.terminal.seating import build_session

from .redaction_oracle import as_received, assert_as_seen, shown_down
from .stubborn import Stubborn

GAMES = [g.name for g in all_games()]

Played = list[tuple[HandState, dict[str, Any], dict[str, Any], dict[str, Any]]]


def _play(game: str, *, reader: int | None, seed: int, hands: int, tmp_path: Path,
          seats: int | None = None, stubborn: bool = False,
          rules: tuple[str, ...] = ()) -> Played:
    """Hands of a terminal session written as ``reader`` saw them: each hand's state, its
    written record, its full record and the record of its log as the reader got it."""
    session: Session = build_session(get_game(game), seats=seats, stakes=None,
                                      house_rules=rules, seed=seed, name="You",
                                      bots_only=reader is None)
    rng = random.Random(seed)
    bots: dict[int, Bot] = {s: Stubborn() if stubborn else session.make_bot(s, rng)
                            for s in range(len(session.players))}

    def me(state: HandState, seat: int) -> Action:
        return bots[seat].act(seat_view(session, state, seat))

    history = HistoryFile.create(tmp_path, game, seed=seed, now=f"{seed}-{reader}")
    kept = []
    for number in range(1, hands + 1):
        outcome = play_hand(session, hand_no=number, bots=bots, human=reader,
                            ask_human=me if reader is not None else None, narrate=False)
        record_phh(history, session, number, outcome.state, reader=reader)
        make = session.phh_record  # type: ignore[attr-defined]
        kept.append((outcome.state, make(outcome.state),
                     make(as_received(outcome.state, reader))))
        if session.is_finished and not getattr(session, "can_continue", False):
            break
    written = tomllib.loads(history.phh_path.read_text(encoding="utf-8"))
    return [(state, written[str(n)], full, received)
            for n, (state, full, received) in enumerate(kept, start=1)]


def _check(played: Played, reader: int | None) -> None:
    for state, written, full, received in played:
        assert_as_seen(written, full, received, shown_down(state, reader))


@pytest.mark.rule("supp-announce", "holdem-intro", "stud-intro", "lowball-intro",
                  "herbie-2.2", "guts-deal", "hearts-first-pass", "tcp-no-sharing")
@pytest.mark.parametrize("reader", [0, None])
@pytest.mark.parametrize("game", GAMES)
def test_every_card_of_a_terminal_history_is_where_its_reader_saw_it(
        game: str, reader: int | None, tmp_path: Path) -> None:
    for seed in (3, 21, 40):
        _check(_play(game, reader=reader, seed=seed, hands=4, tmp_path=tmp_path), reader)


@pytest.mark.rule("lowball-intro", "jacks-9")
@pytest.mark.parametrize("reader", [0, 2, None])
@pytest.mark.parametrize("game", ["lowball-27-triple", "lowball-27", "draw-high",
                                  "jacks-or-better", "lowball-a5"])
def test_draw_histories_hold_when_every_player_draws_to_the_end(
        game: str, reader: int | None, tmp_path: Path) -> None:
    seats = get_game(game).max_seats
    for seed in range(4):
        _check(_play(game, reader=reader, seed=seed, hands=2, tmp_path=tmp_path,
                     seats=seats, stubborn=True), reader)


@pytest.mark.rule("guts-pass-left", "supp-herbie-deck-out")
@pytest.mark.parametrize("reader", [0, None])
@pytest.mark.parametrize(("game", "rules"), [("guts3", ("pass_left=true",)),
                                             ("guts3", ("pass_left=true", "discard=true")),
                                             ("herbie", ())])
def test_passes_and_draws_of_the_home_games_at_a_full_table(
        game: str, rules: tuple[str, ...], reader: int | None, tmp_path: Path) -> None:
    seats = min(get_game(game).max_seats, 8)     # a discard deals twice the cards
    for seed in range(3):
        _check(_play(game, reader=reader, seed=seed, hands=5, tmp_path=tmp_path,
                     seats=seats, rules=rules), reader)


def _redealt(state: HandState, reader: int) -> list[tuple[int, int, int]]:
    """``(card, discard event, deal event)`` for each card ``reader`` threw away that
    the dealer shuffled back in and dealt to another seat, who threw it away again."""
    events = state.events
    out = []
    for at, event in enumerate(events):
        if not (isinstance(event, CardsDiscarded) and event.action.seat == reader):
            continue
        for card in event.action.discards:
            deal = next((i for i in range(at + 1, len(events))
                         if isinstance(events[i], CardsDealt)
                         and card in events[i].cards), None)  # type: ignore[attr-defined]
            if deal is None or events[deal].to == reader:  # type: ignore[attr-defined]
                continue
            taker = events[deal].to  # type: ignore[attr-defined]
            if any(isinstance(e, CardsDiscarded) and e.action.seat == taker
                   and card in e.action.discards for e in events[deal + 1:]):
                out.append((card, at, deal))
    return out


def _lines_with(record: Mapping[str, Any], prefix: str, card: str) -> list[str]:
    return [line for line in record["actions"] if line.startswith(prefix)
            and card in line.split("#")[0].split()[-1]]


@pytest.mark.rule("lowball-intro")
def test_a_discard_redealt_to_another_seat_after_the_reshuffle_stays_hidden(
        tmp_path: Path) -> None:
    """Triple draw at six seats (seed 1), every player drawing five each time: the
    stub runs out, the discards are shuffled in, and cards the player threw away are
    dealt to other seats, who throw them away again. The player's history shows each
    such card in the player's own discard and nowhere else."""
    played = _play("lowball-27-triple", reader=0, seed=1, hands=1, tmp_path=tmp_path,
                   seats=6, stubborn=True)
    state, written, full, _ = played[0]
    redealt = _redealt(state, 0)
    assert len(redealt) >= 2
    p = {seat: f"p{i + 1}" for i, seat in enumerate(player_seats(state))}  # type: ignore[arg-type]
    for card, _, deal in redealt:
        taker = p[state.events[deal].to]  # type: ignore[attr-defined]
        name = repr(card)
        assert _lines_with(written, f"{p[0]} sd", name)      # seen as the player's discard
        assert _lines_with(full, f"d dh {taker} ", name)     # dealt to the other seat
        assert not _lines_with(written, f"d dh {taker} ", name)
        assert not _lines_with(written, f"{taker} sd", name)
    _check(played, 0)


@pytest.mark.rule("hearts-first-pass", "hearts-discard", "hearts-pick-up")
def test_a_card_passed_face_down_and_thrown_face_down_shows_only_in_the_pass(
        tmp_path: Path) -> None:
    """Hearts Poker (seed 3, the player's history): the player passes a face-down card
    to a neighbour, who later throws it away in the face-down pair. The player saw the
    pass, not the discard: the card shows in the pass line only."""
    thrown = []
    for state, written, full, _ in _play("hearts-poker", reader=0, seed=3, hands=4,
                                          tmp_path=tmp_path):
        passes = {}
        for event in state.events:
            if isinstance(event, PassesRevealed):
                passes |= {card: taker for giver, taker, card in event.passes if giver == 0}
            elif isinstance(event, DiscardsRevealed):
                thrown += [(card, written, full) for seat, cards in event.discarded
                           if seat != 0 and dict(event.kept)[seat] == "up"
                           for card in cards if passes.get(card) == seat]
    assert thrown
    for card, written, full in thrown:
        name = repr(card)
        assert _lines_with(written, "p1 pass", name) == _lines_with(full, "p1 pass", name)
        assert len([line for line in full["actions"] if " discard " in line
                    and name in line]) == 1
        assert not [line for line in written["actions"] if " discard " in line
                    and name in line]
