"""The card room cuts an oversize bet to the maximum (SUPPLEMENT §2, ``supp-nlpl``) where
an action is applied, and stores the cut action with the words saying so."""

from __future__ import annotations

import pytest

from pokerroom.errors import IllegalActionError

from .helpers import make_service, open_table


@pytest.mark.rule("supp-nlpl")
def test_an_oversize_pot_limit_raise_is_cut_and_stored_with_a_note() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, game="omaha", players=3)
    while service.step(room_id):
        pass
    room = service.get(room_id).room
    assert room.hand is not None
    (actor,) = room.actors()
    seat = room.hand.hand_seat(actor)
    assert seat is not None
    raise_option = room.legal_options(actor)[-1]
    top = getattr(raise_option, "max_to")  # noqa: B009
    service.act(room_id, actor, {"type": "Raise", "to": 10**6})
    room = service.get(room_id).room
    assert room.hand is not None and room.hand.state.bets[seat] == top
    stored = service.store.events(room_id)[-1].payload
    assert stored["action"]["to"] == top
    assert stored["note"] == (f"a raise to {10**6} is over the pot limit: cut to the "
                              f"maximum, {top}")
    rebuilt = service._replay(room_id)                  # the stored action replays
    assert rebuilt.hand is not None and rebuilt.hand.state.bets[seat] == top


@pytest.mark.rule("supp-nlpl")
def test_a_raise_below_the_minimum_is_still_refused() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, game="omaha", players=3)
    while service.step(room_id):
        pass
    room = service.get(room_id).room
    (actor,) = room.actors()
    seq = room.seq
    with pytest.raises(IllegalActionError):
        service.act(room_id, actor, {"type": "Raise", "to": 3})
    assert service.get(room_id).room.seq == seq
