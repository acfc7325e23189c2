"""``pokerroom stats``: each player's figures checked against a tracker's count written
here apart from :mod:`pokerroom.history.stats`, straight from the PHH action lines
(amounts, who folded, the board deals) and the file's own finishing stacks, over the
real corpus (skipped without it), hands the bots deal, and small hands with known
answers."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from tests.history.real_phh import REAL_HISTORIES
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.errors import PokerroomError
from pokerroom.history.importing import ImportedHand
from pokerroom.history.reading import iter_imported, read_phh_hands
from pokerroom.history.stats import PlayerStats, hand_lines_of, positions, tally
from pokerroom.history.text_encoding import decode_history

runner = CliRunner()
BOARD_GAMES_WITH_BLINDS = ("T", "O", "O/8")
"""The game part of the variant codes of hold'em and Omaha (``NT``, ``PO/8``...)."""


@dataclass
class Tracked:
    """A tracker's running count for one player."""

    hands: int = 0
    flop_hands: int = 0
    vpip: int = 0
    pfr: int = 0
    chances: int = 0
    three_bets: int = 0
    aggressive: int = 0
    calls: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    won: int = 0
    net_bb: Decimal = Decimal(0)
    by_position: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))


def _amount(text: str) -> Decimal:
    return Decimal(text)


def track(data: dict[str, Any], book: dict[str, Tracked]) -> None:
    """Count one hand the way a tracker reads a history: line by line."""
    start = [_amount(str(s)) for s in data["starting_stacks"]]
    end = [_amount(str(s)) for s in data["finishing_stacks"]]
    n = len(start)
    names = data.get("players") or [f"p{i + 1}" for i in range(n)]
    blinds = [_amount(str(b)) for b in data.get("blinds_or_straddles", [0] * n)]
    if n == 2:
        blinds = [blinds[1], blinds[0]]     # heads-up: the button posts the small blind
    antes = [_amount(str(a)) for a in data.get("antes", [0] * n)]
    big = max(blinds[:2])
    seat_names = (["BB", "BTN"] if n == 2 else positions(n))
    board_game = str(data["variant"])[1:] in BOARD_GAMES_WITH_BLINDS
    # money: what each put in (antes, blinds, bets), with each street's uncalled excess
    put = [min(a + b, s) for a, b, s in zip(antes, blinds, start, strict=True)]
    street_in = [min(b, s - a) for a, b, s in zip(antes, blinds, start, strict=True)]
    folded: set[int] = set()
    flop_seen: set[int] | None = None
    raisers: list[int] = []
    vpip, pfr, chance, three = set(), set(), set(), set()
    aggressive, calls = [0] * n, [0] * n

    def close_street() -> None:
        top = sorted(street_in, reverse=True)
        if top[0] > top[1]:
            leader = street_in.index(top[0])
            put[leader] -= top[0] - top[1]

    preflop = True
    for raw in data["actions"]:
        parts = str(raw).split("#")[0].split()
        if parts[0] == "d":
            if parts[1] == "db":
                close_street()
                street_in = [Decimal(0)] * n
                if preflop:
                    flop_seen = set(range(n)) - folded
                preflop = False
            continue
        who, verb = int(parts[0][1:]) - 1, parts[1]
        owed = max(street_in) - street_in[who]
        if preflop and len(raisers) == 1 and raisers[0] != who and who not in pfr \
                and verb in ("f", "cc", "cbr"):
            chance.add(who)
        if verb == "f":
            folded.add(who)
        elif verb == "cc":
            pay = min(owed, start[who] - put[who])
            put[who] += pay
            street_in[who] += pay
            if owed > 0 and preflop:
                vpip.add(who)
            elif owed > 0:
                calls[who] += 1
        elif verb == "cbr":
            to = _amount(parts[2])
            put[who] += to - street_in[who]
            street_in[who] = to
            if preflop:
                vpip.add(who)
                pfr.add(who)
                if len(raisers) == 1 and who in chance:
                    three.add(who)
                raisers.append(who)
            else:
                aggressive[who] += 1
    close_street()
    live = set(range(n)) - folded
    showdown = live if len(live) > 1 else set()
    for i in range(n):
        row = book.setdefault(str(names[i]), Tracked())
        row.hands += 1
        net = end[i] - start[i]
        row.net_bb += net / big
        row.by_position[seat_names[i]] += net / big
        if not board_game:
            continue
        row.flop_hands += 1
        row.vpip += i in vpip
        row.pfr += i in pfr
        row.chances += i in chance
        row.three_bets += i in three
        row.aggressive += aggressive[i]
        row.calls += calls[i]
        row.saw_flop += flop_seen is not None and i in flop_seen
        row.showdowns += i in showdown
        collected = end[i] - (start[i] - put[i])
        row.won += i in showdown and collected > 0


def _trackable(data: dict[str, Any]) -> bool:
    """A hand the tracker here counts: blinds, known stacks, the file's results."""
    return ("finishing_stacks" in data and any(data.get("blinds_or_straddles") or [])
            and all(isinstance(s, int | float) and s != float("inf")
                    for s in data["starting_stacks"]))


def compare(hands: list[dict[str, Any]]) -> int:
    """Count ``hands`` both ways and check every figure agrees; how many counted."""
    book: dict[str, Tracked] = {}
    players: dict[str, PlayerStats] = {}
    counted = 0
    for data in hands:
        if not _trackable(data):
            continue
        try:
            lines = hand_lines_of(data)
        except PokerroomError:
            continue        # a hand pokerroom refuses (a game it does not deal)
        assert [line.flop_game for line in lines] == \
            [str(data["variant"])[1:] in BOARD_GAMES_WITH_BLINDS] * len(lines)
        tally(lines, players)
        track(data, book)
        counted += 1
    assert set(players) == set(book)
    for name, mine in players.items():
        theirs = book[name]
        assert (mine.hands, mine.flop_hands, mine.vpip, mine.pfr, mine.three_bet_chances,
                mine.three_bets, mine.bets_raises, mine.calls, mine.saw_flop,
                mine.showdowns, mine.won_at_showdown) == \
            (theirs.hands, theirs.flop_hands, theirs.vpip, theirs.pfr, theirs.chances,
             theirs.three_bets, theirs.aggressive, theirs.calls, theirs.saw_flop,
             theirs.showdowns, theirs.won), name
        assert abs(float(mine.net_bb) - float(theirs.net_bb)) < 1e-6, name
        assert {k: round(float(v), 6) for k, v in mine.by_position.items()} == \
            {k: round(float(v), 6) for k, v in theirs.by_position.items() if k in
             mine.by_position}, name
    return counted


def test_a_three_bet_pot_counts_as_a_tracker_does() -> None:
    hand = {"variant": "NT", "antes": [0, 0, 0, 0], "blinds_or_straddles": [1, 2, 0, 0],
            "min_bet": 2, "starting_stacks": [100, 100, 100, 100],
            "players": ["Ann", "Bob", "Cy", "Di"],
            "actions": ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "d dh p4 8c8d",
                        "p3 cc", "p4 cbr 6", "p1 cbr 20", "p2 f", "p3 f", "p4 cc",
                        "d db 2h3h9c", "p1 cbr 20", "p4 cbr 80", "p1 cc",
                        "d db Td", "d db Jd"],
            "finishing_stacks": [0, 98, 98, 204]}
    by_name = {line.name: line for line in hand_lines_of(hand)}
    ann, bob, cy, di = (by_name[n] for n in ("Ann", "Bob", "Cy", "Di"))
    assert (ann.position, bob.position, cy.position, di.position) == ("SB", "BB", "CO",
                                                                      "BTN")
    # Cy limped (VPIP, no PFR) and next faced Ann's 3-bet: no 3-bet chance
    assert (cy.vpip, cy.pfr, cy.three_bet_chance, cy.three_bet) == (True, False, False,
                                                                    False)
    # Ann re-raised the first raise: a 3-bet; Di opened, so had no 3-bet chance
    assert (ann.three_bet_chance, ann.three_bet, di.three_bet_chance) == (True, True, False)
    # Bob's blind is not VPIP; Bob first acted facing the 3-bet
    assert (bob.vpip, bob.three_bet_chance) == (False, False)
    # postflop: Ann bet and called, Di raised
    assert (ann.bets_raises, ann.calls, di.bets_raises, di.calls) == (1, 1, 1, 0)
    assert (ann.saw_flop, ann.showdown, ann.won_at_showdown) == (True, True, False)
    assert (di.showdown, di.won_at_showdown, cy.saw_flop) == (True, True, False)
    assert [ann.net, di.net] == [-100, 104]
    assert compare([hand]) == 1


def test_a_check_in_the_big_blind_is_not_vpip() -> None:
    hand = {"variant": "NT", "antes": [0, 0, 0], "blinds_or_straddles": [1, 2, 0],
            "min_bet": 2, "starting_stacks": [50, 50, 50], "players": ["A", "B", "C"],
            "actions": ["d dh p1 2c3d", "d dh p2 4h5s", "d dh p3 7c8s", "p3 f", "p1 cc",
                        "p2 cc", "d db 9h9d9s", "p1 cc", "p2 cbr 2", "p1 f"],
            "finishing_stacks": [48, 52, 50]}
    a, b, _ = hand_lines_of(hand)
    assert (a.vpip, b.vpip, b.pfr) == (True, False, False)
    assert (b.bets_raises, a.calls, a.showdown, b.showdown) == (1, 0, False, False)
    stats = tally(hand_lines_of(hand))
    assert stats["B"].figures()["bb_per_100"] == 100.0     # +2 chips = 1 big blind
    assert stats["B"].figures()["aggression_factor"] is None   # no call to divide by
    assert compare([hand]) == 1


def test_heads_up_the_button_posts_the_small_blind() -> None:
    # PHH heads-up: p1 is the big blind, p2 the button, who posts the small blind and
    # acts first before the flop; a limp from the button is VPIP, the check behind not
    hand = {"variant": "NT", "antes": [0, 0], "blinds_or_straddles": [1, 2],
            "min_bet": 2, "starting_stacks": [40, 40], "players": ["Big", "Button"],
            "actions": ["d dh p1 3c4d", "d dh p2 4h5s", "p2 cc", "p1 cc", "d db 9h9d9s",
                        "p1 cbr 4", "p2 cc", "d db Kc", "p1 cc", "p2 cc", "d db 2h",
                        "p1 cc", "p2 cc"],
            "finishing_stacks": [34, 46]}
    big, button = hand_lines_of(hand)
    assert (big.position, button.position) == ("BB", "BTN")
    assert (big.vpip, button.vpip, button.calls, big.bets_raises) == (False, True, 1, 1)
    assert (big.showdown, button.won_at_showdown, big.won_at_showdown) == (True, True,
                                                                          False)
    assert (big.net, big.big_blind) == (-6, 2)
    assert compare([hand]) == 1


def test_a_game_without_a_flop_counts_in_hands_and_net_only() -> None:
    hand = {"variant": "FR", "antes": [1, 1], "bring_in": 1, "small_bet": 2,
            "big_bet": 4, "starting_stacks": [20, 20], "players": ["A", "B"],
            "actions": ["d dh p1 AcAd2s", "d dh p2 KcKd3s", "p2 pb", "p1 f"]}
    lines = hand_lines_of(hand)
    assert [line.flop_game for line in lines] == [False, False]
    figures = tally(lines)["A"].figures()
    assert (figures["hands"], figures["vpip"], figures["bb_per_100"]) == (1, None, None)


def _bots_hands(game: str, seed: int, seats: int, tmp_path: Path
                ) -> list[dict[str, Any]]:
    result = runner.invoke(app, ["play", game, "--bots-only", "--bots", "easy", "--hands",
                                 "40", "--seed", str(seed), "--seats", str(seats),
                                 "--history-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (path,) = tmp_path.glob(f"{game}-*.phhs")
    return list(read_phh_hands(path.read_text(encoding="utf-8"))[0].values())


@pytest.mark.parametrize(("game", "seed", "seats"),
                         [("holdem", 4, 6), ("holdem", 5, 2), ("omaha", 9, 9),
                          ("omaha-hilo", 2, 4)])
def test_bots_hands_count_as_the_tracker_counts(game: str, seed: int, seats: int,
                                                tmp_path: Path) -> None:
    assert compare(_bots_hands(game, seed, seats, tmp_path)) == 40


def _real(folder: str) -> list[Path]:
    root = REAL_HISTORIES / folder
    if not root.is_dir():
        pytest.skip(f"no real hand histories in {root}")
    return sorted(p for p in root.rglob("*") if p.is_file())


def test_real_phh_counts_as_the_tracker_counts() -> None:
    hands = [data for path in _real("phh")
             for data in read_phh_hands(path.read_text(encoding="utf-8"))[0].values()]
    assert compare(hands) >= 200


@pytest.mark.parametrize("folder", ["pokerstars", "pokernow"])
def test_real_imports_count_as_the_tracker_counts(folder: str) -> None:
    hands = [item.data for path in _real(folder)
             for item in iter_imported(decode_history(path.read_bytes()), str(path))
             if isinstance(item, ImportedHand)]
    assert compare(hands) >= (300 if folder == "pokerstars" else 1)


def test_the_command_reports_each_bad_hand_and_counts_the_others(tmp_path: Path) -> None:
    good = ('[1]\nvariant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
            'min_bet = 2\nstarting_stacks = [20, 20]\nplayers = ["A", "B"]\n'
            'actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"]\n')
    bad = ('\n[2]\nvariant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
           'min_bet = 2\nstarting_stacks = [20, 20]\nplayers = ["A", "B"]\n'
           'actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p1 f"]\n')
    path = tmp_path / "two.phhs"
    path.write_text(good + bad, encoding="utf-8")
    result = runner.invoke(app, ["stats", str(path), "--json"])
    assert result.exit_code == 1
    assert f"error: {path}:10: hand 2: " in result.stderr
    assert "counted 1 of 2 hands" in result.stderr
    out = json.loads(result.stdout)
    assert [(p["player"], p["hands"], p["bb_per_100"]) for p in out["players"]] == \
        [("A", 1, 50.0), ("B", 1, -50.0)]
    missing = runner.invoke(app, ["stats", str(tmp_path / "none.phh")])
    assert missing.exit_code == 2
    assert "cannot read the file" in missing.stderr
