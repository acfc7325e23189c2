"""Exports headed as the table was (a tournament's number, or a cash table's name) and
hand ids unique across sessions, so a tracker never takes one session's hand for
another's; a cash header reads back as the hand it was."""

from __future__ import annotations

from pathlib import Path

from tests.history.pokerstars_export import as_pokerstars
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.history.phh import phh_to_hand
from pokerroom.history.pokerstars import export_table
from pokerroom.history.pokerstars_import import read_pokerstars

HAND = {"variant": "NT", "antes": [0, 0, 0], "blinds_or_straddles": [1, 2, 0], "min_bet": 2,
        "starting_stacks": [200, 200, 200], "players": ["Ann", "Bob", "Cleo"],
        "actions": ["d dh p1 AsAd", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cbr 6",
                    "p2 cc", "d db 2d5s9h", "p1 cbr 10", "p2 f"]}


def test_a_cash_table_is_headed_as_a_ring_game_and_reads_back() -> None:
    text = as_pokerstars(HAND, hand_no=42, tournament=None, table="Alpha",
                             table_number=77)
    assert text.splitlines()[0].startswith("PokerStars Hand #77000042:  Hold'em No Limit (1/2)")
    assert text.splitlines()[1] == "Table 'Alpha' 3-max Seat #3 is the button"
    back = read_pokerstars(text, "cash.txt").hands[77000042]
    assert back["table"] == "Alpha" and "_tournament" not in back
    assert list(phh_to_hand(back).final_stacks) == list(phh_to_hand(HAND).final_stacks)


def test_an_imported_hand_keeps_its_tournament_or_its_table() -> None:
    text = as_pokerstars(HAND, hand_no=5, tournament=31)
    back = read_pokerstars(text, "t.txt").hands[5]
    assert export_table(back, "session", 1) == {"hand_no": 5, "tournament": 31}
    again = as_pokerstars(back, **export_table(back, "session", 1))
    assert again.splitlines()[0].startswith("PokerStars Hand #5: Tournament #31, Freeroll")


def test_two_sessions_never_share_a_hand_id(tmp_path: Path) -> None:
    import tomli_w

    ids = []
    for session in ("holdem-20261129-130000-seed7", "holdem-20261130-090000-seed7"):
        phhs = tmp_path / f"{session}.phhs"
        phhs.write_text(tomli_w.dumps({"1": HAND, "2": HAND}), encoding="utf-8")
        shown = CliRunner().invoke(app, ["history", "show", str(phhs), "--format",
                                         "pokerstars"])
        assert shown.exit_code == 0, shown.output
        ids += [line.split(":")[0] for line in shown.output.splitlines()
                if line.startswith("PokerStars Hand #")]
    assert len(ids) == len(set(ids)) == 4
