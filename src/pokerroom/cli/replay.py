"""``pokerroom replay FILE``: read a PHH hand history, replay it through the engine
(every step validated) and print the result.

A file is one hand (``.phh``) or a set of hands (``.phhs``, as ``pokerroom play`` writes
beside its text history: one TOML table per hand, keyed by the hand's number). The text
history itself (``.txt``, the file ``play`` names at the end) is taken for the set
written beside it, with a note on stderr. A set replays every hand, or one with
``--hand N``. Players are named as the history names them (``Bob (seat 2, p1)``, in
seat order), with PHH's ``p1``, ``p2``... beside: those count from the button's left, so
they move every hand. Cards written ``??`` (hidden from whoever
the history was written for) replay as stand-ins. A malformed or illegal history prints
one line on stderr and exits with code 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokerroom.cli.app import app
from pokerroom.errors import HistoryError, PokerroomError
from pokerroom.history.reading import read_phh_hands

if TYPE_CHECKING:
    from pokerroom.engine.state import PokerHand
    from pokerroom.history.phh_home import HomeReplay

__all__ = ["read_phh_hands", "replay_command"]


def _replay(number: int, data: dict[str, Any]) -> PokerHand | HomeReplay:
    from pokerroom.games import phh_game
    from pokerroom.history.phh import phh_to_hand
    from pokerroom.history.phh_home import home_replay

    try:
        if phh_game(data.get("variant")) is not None:
            return home_replay(data)
        return phh_to_hand(data)
    except HistoryError as err:
        raise HistoryError(f"hand {number}: {err}") from None


@app.command("replay")
def replay_command(
    path: Annotated[Path, typer.Argument(
        help="A PHH hand history: one hand (.phh) or a set (.phhs, as `play` writes).")],
    hand: Annotated[int | None, typer.Option(
        "--hand", help="Only this hand of the file (numbered as in the file).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Replay a PHH hand history (every hand, or --hand N); print the finishing stacks.

    Examples: pokerroom replay hand.phh --json; pokerroom replay
    histories/holdem-20261129-130000-seed7.phhs --hand 3
    """
    from pokerroom.engine.state import PokerHand
    from pokerroom.history.phh import hidden_cards, player_seats

    try:
        path = _phh_beside(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise HistoryError(f"cannot read {path}: {err}") from None
        hands, is_set = read_phh_hands(text, name=str(path))
        if hand is not None:
            if hand not in hands:
                known = ", ".join(map(str, hands))
                raise HistoryError(f"{path} has no hand {hand} (hands: {known})")
            hands = {hand: hands[hand]}
        replayed = {number: _replay(number, data) for number, data in hands.items()}
    except PokerroomError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    single = not is_set
    out: list[dict[str, Any]] = []
    for number, replay in replayed.items():
        if not isinstance(replay, PokerHand):
            out.append(_home_lines(number, replay, hands[number], single, as_json))
            continue
        seats = player_seats(replay)
        stacks = [replay.final_stacks[s] for s in seats]
        hidden = hidden_cards(hands[number])
        if as_json:
            out.append({"hand": number, "variant": replay.variant.name,
                        "finishing_stacks": stacks, "hidden_cards": hidden})
            continue
        state = "over" if replay.is_over else "not finished"
        head = "" if single else f"hand {number}: "
        typer.echo(f"{head}{replay.variant.title}: {len(seats)} players, hand {state}"
                   + (f" ({hidden} hidden card(s) replayed as stand-ins)" if hidden else ""))
        who, order = _players(seats, hands[number].get("players"))
        for seat in order:
            typer.echo(f"  {who[seat]}: {replay.start_stacks[seat]} -> "
                       f"{replay.final_stacks[seat]}")
        if replay.result is not None:
            for shown in replay.result.shown:
                words = " / ".join(w for w in (shown.high, shown.low) if w)
                typer.echo(f"  {who[shown.seat].split(' (')[0]} shows {words}")
    if as_json:
        typer.echo(json.dumps({"finishing_stacks": out[0]["finishing_stacks"]} if single
                              else out))


def _phh_beside(path: Path) -> Path:
    """The PHH file to replay for ``path``: a text history (``.txt``) stands for the set
    ``play`` wrote beside it (said on stderr); :class:`HistoryError` when there is none."""
    if path.suffix != ".txt":
        return path
    beside = path.with_suffix(".phhs")
    if not beside.exists():
        raise HistoryError(f"{path} is a text hand history and no PHH file ({beside.name}) "
                           f"is beside it: `pokerroom history show {path}` prints it")
    typer.echo(f"replaying {beside}, the PHH file written beside {path.name}", err=True)
    return beside


def _players(seats: list[int], names: object) -> tuple[dict[int, str], list[int]]:
    """Each seat's words and the order of the rows: ``Bob (seat 2, p1)`` in seat order
    when the history names its players (``players``, in PHH's order), ``p1 (seat 2)`` in
    PHH's order when it does not.

    >>> _players([1, 0], ["Bob", "Ann"])
    ({1: 'Bob (seat 2, p1)', 0: 'Ann (seat 1, p2)'}, [0, 1])
    >>> _players([1, 0], None)
    ({1: 'p1 (seat 2)', 0: 'p2 (seat 1)'}, [1, 0])
    """
    if not isinstance(names, list) or len(names) != len(seats):
        return ({seat: f"p{i} (seat {seat + 1})" for i, seat in enumerate(seats, start=1)},
                seats)
    return ({seat: f"{name} (seat {seat + 1}, p{i})"
             for i, (seat, name) in enumerate(zip(seats, names, strict=True), start=1)},
            sorted(seats))


def _home_lines(number: int, replay: HomeReplay, data: dict[str, Any], single: bool,
                as_json: bool) -> dict[str, Any]:
    """Print a replayed home-game deal (unless ``as_json``); its JSON row."""
    from pokerroom.games import phh_game
    from pokerroom.history.phh import hidden_cards

    game = phh_game(replay.title)
    assert game is not None      # a home replay's title is its game's code
    hidden = hidden_cards(data)
    if not as_json:
        head = "" if single else f"hand {number}: "
        typer.echo(f"{head}{game.title}: {len(replay.players)} players, deal over"
                   + (f" ({hidden} hidden card(s) replayed as stand-ins)" if hidden else ""))
        for i, (name, start, end) in enumerate(zip(replay.players, replay.starting,
                                                   replay.finishing, strict=True), start=1):
            typer.echo(f"  p{i} ({name}): {start} -> {end}")
        for shown in replay.deal.shown if replay.deal is not None else ():
            owner = "the ghost" if shown.owner < 0 else f"p{shown.owner + 1}"
            typer.echo(f"  {owner} shows {shown.description}")
    return {"hand": number, "variant": game.name, "finishing_stacks": replay.finishing,
            "hidden_cards": hidden}
