"""The one view type's fields stay in the order the hand machines and the sessions build
it in: the views drawn at every decision are built from positional arguments (for
speed), so a field added or moved must be added or moved there too."""

from __future__ import annotations

from dataclasses import fields

from pokerroom.tableview import SeatSnapshot, View


def test_a_seat_snapshots_fields_are_in_the_order_the_views_build_them() -> None:
    assert [f.name for f in fields(SeatSnapshot)] == [
        "seat", "name", "stack", "bet", "cards", "up", "status", "marker", "note", "wagers"]


def test_a_views_fields_are_in_the_order_the_views_build_them() -> None:
    assert [f.name for f in fields(View)] == [
        "game", "seats", "board", "extra_hands", "pots", "to_act", "you", "street",
        "hand_no", "button", "notes", "options", "over"]
