"""``pokerroom replay FILE``: read a PHH hand history, replay it through the engine
(every step validated) and print the result.

A file is one hand (``.phh``) or a set of hands (``.phhs``, as ``pokerroom play`` writes
beside its text history: one TOML table per hand, keyed by the hand's number). The text
history itself (``.txt``, the file ``play`` names at the end) is taken for the set
written beside it, with a note on stderr. A set replays every hand, or one with
``--hand N``. Players are named as the history names them (``Bob (seat 2, p1)``, in
seat order), with PHH's ``p1``, ``p2``... beside: those count from the button's left, so
they move every hand. Cards written ``??`` (hidden from whoever
the history was written for) replay as stand-ins. Amounts written in decimals (dollars
and cents, half chips) are replayed in whole chips at the file's scale and printed back
in the file's units.

One bad hand never costs the others: each hand that does not replay is reported on
stderr (``FILE:LINE: hand N: why`` in a set, ``FILE: why`` for a single hand) and the
others are replayed; a set ends with ``replayed N of M hands`` on stderr (with
``--json``, only when a hand was refused). ``--strict`` stops at the first bad hand. The
exit status: 0 every hand replayed; 1 some hands were refused (the others replayed), or
``--strict`` stopped at one; 2 nothing was replayed (the file cannot be read, holds no
hand, has no hand ``--hand`` names, or every hand was refused).
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokerroom.cli.app import app
from pokerroom.errors import HistoryError, PokerroomError
from pokerroom.history.reading import hand_lines, read_phh_hands, read_phh_set

if TYPE_CHECKING:
    from pokerroom.engine.state import PokerHand
    from pokerroom.history.phh_home import HomeReplay

__all__ = ["read_phh_hands", "replay_command"]


@app.command("replay")
def replay_command(
    path: Annotated[Path, typer.Argument(
        help="A PHH hand history: one hand (.phh) or a set (.phhs, as `play` writes).")],
    hand: Annotated[int | None, typer.Option(
        "--hand", help="Only this hand of the file (numbered as in the file).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Stop at the first hand that does not replay.")] = False,
) -> None:
    """Replay a PHH hand history (every hand, or --hand N); print the finishing stacks.

    Exit status: 0 every hand replayed, 1 some were refused (each reported on stderr),
    2 nothing replayed. Examples: pokerroom replay hand.phh --json; pokerroom replay
    histories/holdem-20261129-130000-seed7.phhs --hand 3
    """
    try:
        path = _phh_beside(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise HistoryError(f"cannot read {path}: {err}") from None
        hands, is_set, unread = read_phh_set(text, name=str(path))
        if hand is not None:
            if hand not in hands:
                for problem in unread:
                    if problem.reason.startswith(f"hand {hand} "):
                        raise HistoryError(problem.message)
                known = ", ".join(map(str, hands))
                raise HistoryError(f"{path} has no hand {hand} (hands: {known})")
            hands = {hand: hands[hand]}
    except PokerroomError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    lines = hand_lines(text) if is_set else {}
    replayed: dict[int, PokerHand | HomeReplay] = {}
    if hand is not None:
        unread = [p for p in unread if p.reason.startswith(f"hand {hand} ")]
    for problem in unread:
        typer.echo(f"error: {problem.message}", err=True)
    refused = len(unread)
    for number, data in (hands.items() if not (strict and refused) else ()):
        try:
            replayed[number] = _replay(number, data)
        except PokerroomError as err:
            refused += 1
            where = f"{path}:{lines[number]}" if number in lines else str(path)
            typer.echo(f"error: {where}: {err}", err=True)
            if strict:
                break
    out = _print_hands(replayed, hands, single=not is_set, as_json=as_json)
    if as_json and replayed:
        typer.echo(json.dumps({"finishing_stacks": out[0]["finishing_stacks"]}
                              if not is_set else out))
    if (is_set and not as_json) or refused:     # --json: quiet when every hand replays
        stopped = " (stopped at the first bad hand: --strict)" if strict and refused else ""
        typer.echo(f"replayed {len(replayed)} of {len(hands) + len(unread)} hands{stopped}",
                   err=True)
    if refused:
        raise typer.Exit(1 if replayed else 2)


def _replay(number: int, data: dict[str, Any]) -> PokerHand | HomeReplay:
    """A hand of the file replayed (:class:`HistoryError` naming the hand if it does not)."""
    from pokerroom.games import phh_game, variants
    from pokerroom.history.phh import phh_to_hand
    from pokerroom.history.phh_home import home_replay

    try:
        if phh_game(data.get("variant")) is not None:
            return home_replay(data)
        return phh_to_hand(data, variants=variants())
    except HistoryError as err:
        raise HistoryError(f"hand {number}: {err}") from None


def _print_hands(replayed: dict[int, PokerHand | HomeReplay],
                 hands: dict[int, dict[str, Any]], *, single: bool,
                 as_json: bool) -> list[dict[str, Any]]:
    """Print each replayed hand (unless ``as_json``); their JSON rows."""
    from pokerroom.engine.state import PokerHand
    from pokerroom.history.phh import hidden_cards, player_seats
    from pokerroom.history.phh_amounts import chip_scale, in_file_units, unknown_stacks
    from pokerroom.history.phh_losers import showdown_unseen

    out: list[dict[str, Any]] = []
    for number, replay in replayed.items():
        if not isinstance(replay, PokerHand):
            out.append(_home_lines(number, replay, hands[number], single, as_json))
            continue
        seats = player_seats(replay)
        scale = chip_scale(hands[number])
        unknown = {seats[i] for i in unknown_stacks(hands[number])}

        def units(chips: int, scale: int = scale) -> int | Decimal:
            return in_file_units(chips, scale)

        stacks = [None if s in unknown else units(replay.final_stacks[s]) for s in seats]
        hidden = hidden_cards(hands[number])
        unseen = showdown_unseen(hands[number].get("actions", []))
        if as_json:
            out.append({"hand": number, "variant": replay.variant.name,
                        "finishing_stacks": [float(s) if isinstance(s, Decimal) else s
                                             for s in stacks],
                        "hidden_cards": hidden} | ({"unseen_showdown": True} if unseen
                                                   else {}))
            continue
        state = "over" if replay.is_over else "not finished"
        head = "" if single else f"hand {number}: "
        typer.echo(f"{head}{replay.variant.title}: {len(seats)} players, hand {state}"
                   + (f" ({hidden} hidden card(s) replayed as stand-ins)" if hidden else ""))
        who, order = _players(seats, hands[number].get("players"))
        for seat in order:
            start, end = replay.start_stacks[seat], replay.final_stacks[seat]
            typer.echo(f"  {who[seat]}: unknown stack, {units(end - start):+}"
                       if seat in unknown else
                       f"  {who[seat]}: {units(start)} -> {units(end)}")
        if unseen:
            typer.echo("  the file shows no hand at the showdown: who won is not in it, "
                       "and the pot goes as the stand-ins fall")
        if replay.result is not None:
            for shown in replay.result.shown:
                words = " / ".join(w for w in (shown.high, shown.low) if w)
                typer.echo(f"  {who[shown.seat].split(' (')[0]} shows {words}")
    return out


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
