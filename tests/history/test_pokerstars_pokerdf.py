"""The PokerStars layout read by an independent parser: ``pokerdf`` (a PyPI package that
turns PokerStars files into tables) reads every hand of thousands of exported hold'em
hands with the right players, stacks, actions, board, pot and winners."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.history.pokerstars_export import as_pokerstars

from pokerroom.core import Bet, BringIn, Call, Check, Complete, Fold, Raise
from pokerroom.engine.events import BOARD, CardsDealt, ForcedBet, HandEnded, PlayerActed
from pokerroom.games import variants
from pokerroom.history.phh import phh_replay, player_seats

read_and_convert = pytest.importorskip("pokerdf.core.read_and_convert")

STREETS = ("PreflopAction", "FlopAction", "TurnAction", "RiverAction")


def _expected_actions(hand: Any) -> dict[int, list[list[tuple[str, str]]]]:
    """Each seat's actions street by street as (verb, amount) — a raise's amount is what
    it adds to the bet before it, as PokerStars writes it."""
    out: dict[int, list[list[tuple[str, str]]]] = {s: [[], [], [], []] for s in
                                                   hand.deal_order}
    street, high = 0, 0
    for event in hand.events:
        if isinstance(event, ForcedBet) and event.kind != "ante":
            high = max(high, event.amount)
        elif isinstance(event, CardsDealt) and event.to == BOARD:
            street, high = street + 1, 0
        elif isinstance(event, PlayerActed):
            action = event.action
            verb = {Fold: "folds", Check: "checks", Call: "calls", Bet: "bets",
                    Raise: "raises", BringIn: "brings", Complete: "completes"}[type(action)]
            if isinstance(action, Raise) and high == 0:
                verb = "bets"
            amount = {"folds": "", "checks": "", "raises": str(event.total - high)}.get(
                verb, str(event.added))
            out[action.seat][street].append((verb, amount))
            high = max(high, event.total)
    return out


@pytest.mark.parametrize("rules", [(), ("structure=fixed-limit",), ("structure=pot-limit",)],
                         ids=["no-limit", "fixed-limit", "pot-limit"])
def test_pokerdf_reads_every_exported_holdem_hand(bot_hands: Any, tmp_path: Path,
                                                  rules: tuple[str, ...]) -> None:
    count = 2000 if not rules else 1000
    hands = bot_hands("holdem", count, seats=6, rules=rules, both=False)
    replays = {n: phh_replay(data, variants=variants()) for n, data in hands.items()}
    texts = [as_pokerstars(data, hand_no=n, when=1796000000.0 + n, replayed=replays[n])
             for n, data in hands.items()]
    path = tmp_path / "HH20261129 pokerroom.txt"
    path.write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")
    table = read_and_convert.convert_txt_to_tabular_data(str(path))
    assert table["HandID"].nunique() == len(hands)
    by_hand: dict[int, list[dict[str, Any]]] = {}
    for record in table.to_dict("records"):       # plain rows: a row by label is slow
        by_hand.setdefault(int(record["HandID"]), []).append(record)
    for number, data in hands.items():
        hand = replays[number][0]       # the hand exported (one replay serves both)
        listed = by_hand[number]
        seats = sorted(hand.deal_order)
        assert sorted(r["Seat"] for r in listed) == [s + 1 for s in seats]
        rows = {r["Seat"]: r for r in listed}
        result = hand.result
        assert isinstance(result, HandEnded)
        won: dict[int, int] = {}
        for award in result.awards:
            won[award.seat] = won.get(award.seat, 0) + award.amount
        actions = _expected_actions(hand)
        board = tuple(repr(c) for c in hand.board)
        names = dict(zip(player_seats(hand), data["players"], strict=True))
        for seat in seats:
            row = rows[seat + 1]
            assert row["Player"] == names[seat]
            assert row["Stack"] == hand.start_stacks[seat]
            for street, column in enumerate(STREETS):
                got = [tuple(a) for a in row[column] if a != ("", "")]
                assert got == actions[seat][street], (number, seat, column)
            assert row["TotalPotLog"] == sum(won.values())
            assert (row["Balance"] if row["Balance"] == row["Balance"] else 0) == \
                won.get(seat, 0)
            assert str(row["Result"]).startswith("won") == (seat in won)
        assert tuple(listed[0]["BoardRiver"] or listed[0]["BoardTurn"]
                     or listed[0]["BoardFlop"]) == board
