"""The ``play``, ``rules`` and ``history show`` commands."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path
from typing import Annotated

import tomli_w
import typer
from rich.console import Console
from rich.table import Table

from pokerroom.bots import BOT_LEVELS, DEFAULT_LEVEL
from pokerroom.errors import HistoryError, PokerroomError
from pokerroom.figures import READABLE_DIGITS, readable
from pokerroom.game import Game
from pokerroom.games import get_game
from pokerroom.history.text import split_hands
from pokerroom.terminal.histfile import DEFAULT_DIR, HistoryFile
from pokerroom.terminal.loop import TableIO, play_session
from pokerroom.terminal.rotation import DealersChoice
from pokerroom.terminal.runner import run_bots
from pokerroom.terminal.seating import build_session, named_game

from .app import app

history_app = typer.Typer(help="Read hand histories.\n\nExample:\n\n  pokerroom history show "
                          "histories/holdem-20261129-130000-seed7.txt --hand 3",
                          no_args_is_help=True)
app.add_typer(history_app, name="history")


def _fail(err: PokerroomError | OSError) -> typer.Exit:
    typer.echo(f"error: {err}", err=True)
    return typer.Exit(2)


def _read(prompt: str) -> str:
    return input(prompt)


_PLAY_HELP = (
    "Sit down at a table against bots (or watch bots play with --bots-only).\n\n"
    "The house rules are announced before the first deal (type rules at the prompt to "
    "read them again); every hand ends with a summary and goes to a hand-history file. "
    "Type ? at the prompt for what you can type at that moment (f, k, c, b 20, r 60, in, "
    "out, d 2, p Qs, ...). Ctrl-C leaves cleanly.")
"""The help of ``play``: one line per paragraph, so the help wraps it to the terminal."""


@app.command(help=_PLAY_HELP,
             epilog="Examples:\n\n  pokerroom play                      (dealer's choice)\n\n"
             "  pokerroom play holdem --seats 6 --stakes 1/2 --seed 7\n\n"
             "  pokerroom play herbie --house-rule lone_tie=player-wins\n\n"
             "  pokerroom play three-card-poker --bots-only --hands 10000 --json\n\n"
             "  pokerroom play holdem --tournament turbo --seats 6")
def play(
    game: Annotated[str | None, typer.Argument(
        help="Game to play (`pokerroom games` lists them); none: dealer's choice.")] = None,
    seats: Annotated[int | None, typer.Option(
        help="Players at the table, you included (default 5, within the game's limits).")]
    = None,
    stakes: Annotated[str | None, typer.Option(
        help="Stakes: amounts in the game's order (1/2) or name=amount pairs.")] = None,
    house_rule: Annotated[list[str] | None, typer.Option(
        "--house-rule", help="NAME=VALUE (repeat); `pokerroom rules GAME` lists them.")]
    = None,
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible session.")]
    = None,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "You",
    stack: Annotated[int | None, typer.Option(
        help="Starting chips per player (default 1000).")] = None,
    bots_only: Annotated[bool, typer.Option(
        "--bots-only", help="Bots in every seat: play --hands hands fast, print results.")]
    = False,
    hands: Annotated[int | None, typer.Option(help="Stop after this many hands.")] = None,
    history_dir: Annotated[Path, typer.Option(help="Where hand histories are written.")]
    = DEFAULT_DIR,
    no_history: Annotated[bool, typer.Option("--no-history", help="Write no history.")]
    = False,
    as_json: Annotated[bool, typer.Option("--json", help="Bots-only results as JSON.")]
    = False,
    reveal: Annotated[bool, typer.Option(
        "--reveal", help="With --bots-only: write every card in the histories (a study "
        "run); otherwise cards nobody saw are written ??.")] = False,
    bots: Annotated[str, typer.Option(
        "--bots", help="How the bots play: easy (rules of thumb), normal or strong "
        "(poker: equity against the players still in, pot odds, position, bluffs; Guts "
        "and Herbie: the whole field and the pot to match).")] = DEFAULT_LEVEL,
    tournament: Annotated[str | None, typer.Option(
        "--tournament", help="Play a tournament instead of a cash game: a preset (turbo, "
        "regular, deep) or a structure file (TOML). The clock counts hands; the blinds go "
        "up by the structure until one player has every chip (poker games; GAME defaults "
        "to holdem).")] = None,
) -> None:
    """Sit down at a table against bots (the help is ``_PLAY_HELP``)."""
    rules = list(house_rule or [])
    if tournament is not None:
        _play_tournament(game or "holdem", tournament, seats=seats, rules=rules, seed=seed,
                         name=name, bots_only=bots_only, history_dir=None if no_history
                         else history_dir, bots=bots, conflicting={
                             "--stakes": stakes is not None, "--stack": stack is not None,
                             "--hands": hands is not None, "--reveal": reveal,
                             "--json": as_json})
        return
    try:
        if bots not in BOT_LEVELS:
            raise PokerroomError(f"--bots is one of {', '.join(BOT_LEVELS)}, not {bots!r}")
        if hands is not None and hands <= 0:
            raise PokerroomError(f"--hands must be positive, not {hands}")
        if reveal and not bots_only:
            raise PokerroomError("--reveal is for --bots-only runs: a player's history "
                                 "shows only the cards that player saw")
        history = None
        label = get_game(game).name if game else "dealers-choice"
        if bots_only:
            if game is None:
                raise PokerroomError("--bots-only needs a GAME")
            entry, rules = named_game(game, rules)
            if not no_history:
                history = HistoryFile.create(history_dir, label, seed=seed)

            def make(index: int) -> object:
                return build_session(entry, seats=seats, stakes=stakes, house_rules=rules,
                                     seed=None if seed is None else seed * 7919 + index,
                                     name=name, stack=stack, bots_only=True)

            try:
                result = run_bots(make, hands=hands or 1000,  # type: ignore[arg-type]
                                  seed=seed, history=history, reveal=reveal, level=bots)
            except KeyboardInterrupt:
                where = f"; hand history: {history.path}" if history else ""
                typer.echo(f"interrupted{where}", err=True)
                raise typer.Exit(130) from None
            _print_bots(result.as_dict(), as_json, history.path if history else None)
            return
        if game is None:
            if stakes or rules:
                raise PokerroomError("--stakes and --house-rule need a GAME (dealer's choice "
                                     "plays every game at its default stakes and rules)")
            session: object = DealersChoice.create(seats=seats, seed=seed, name=name,
                                                   stack=stack)
        else:
            entry, rules = named_game(game, rules)
            session = build_session(entry, seats=seats, stakes=stakes,
                                    house_rules=rules, seed=seed, name=name, stack=stack)
        if not no_history:
            history = HistoryFile.create(history_dir, label, seed=seed)
    except (PokerroomError, OSError) as err:
        raise _fail(err) from None
    io = TableIO(console=Console(highlight=False), read=_read)
    play_session(session, human=0, io=io, seed=seed, history=history,  # type: ignore[arg-type]
                 hands=hands, level=bots)


def _play_tournament(game: str, source: str, *, seats: int | None, rules: list[str],
                     seed: int | None, name: str, bots_only: bool,
                     history_dir: Path | None, bots: str,
                     conflicting: dict[str, bool]) -> None:
    """``play --tournament``: the structure gives the stakes and the stacks."""
    from pokerroom.sessions.tournament import check_tournament_game, tournament_table
    from pokerroom.terminal.seating import BOT_NAMES, DEFAULT_SEATS, seat_names
    from pokerroom.terminal.tournament import play_tournament, run_tournament, standings_table
    from pokerroom.tournament.files import load_structure

    try:
        given = [option for option, used in conflicting.items() if used]
        if given:
            raise PokerroomError(f"{', '.join(given)} cannot be used with --tournament: the "
                                 "structure sets the stakes and the stacks, and the "
                                 "tournament plays to its winner")
        if bots not in BOT_LEVELS:
            raise PokerroomError(f"--bots is one of {', '.join(BOT_LEVELS)}, not {bots!r}")
        entry, rules = named_game(game, rules)
        check_tournament_game(entry)
        structure = load_structure(source)
        count = seats if seats is not None else min(DEFAULT_SEATS, entry.max_seats)
        names = BOT_NAMES[:count] if bots_only else seat_names(name, count)
        table = tournament_table(entry, structure, names, house_rules=rules,
                                 rng=random.Random(seed) if seed is not None else None)
        history = (HistoryFile.create(history_dir, f"{entry.name}-tournament", seed=seed)
                   if history_dir is not None else None)
    except (PokerroomError, OSError) as err:
        raise _fail(err) from None
    if bots_only:
        result = run_tournament(table, seed=seed, level=bots, history=history)
        console = Console(highlight=False)
        console.print(standings_table(table))
        console.print(f"{result.hands} hands, the last at level {result.levels[-1]}.")
        if history is not None:
            console.print(f"Hand history: {history.path}", soft_wrap=True)
        return
    io = TableIO(console=Console(highlight=False), read=_read)
    play_tournament(table, human=0, io=io, seed=seed, history=history, level=bots)


def _print_bots(data: dict[str, object], as_json: bool, path: Path | None) -> None:
    if as_json:
        typer.echo(json.dumps(data | {"history": str(path) if path else None}))
        return
    console = Console(highlight=False)
    table = Table(title=f"{data['game']}: {data['hands']} hands, {data['sessions']} "
                  f"session(s), {data['seconds']} s")
    table.add_column("player")
    table.add_column("bot")
    table.add_column("net", justify="right")
    players = data["players"]
    assert isinstance(players, list)
    for row in players:
        table.add_row(row["name"], row["bot"], readable(row["net"], sign=True))
    if data["house_net"]:
        table.add_row("house", "", readable(int(str(data["house_net"])), sign=True))
    held = int(str(data["chips_held"]))
    if held:
        table.add_row("in the pot", "", readable(held))
    console.print(table)
    console.print("ledger balances" if data["balanced"] else "LEDGER DOES NOT BALANCE")
    if held:
        console.print(f"The last table's pot of {readable(held)} stays in the middle: the "
                      "players paid it in and nobody has won it yet, so the nets add up to "
                      f"{readable(-held, sign=True)}.")
    if any(row["net"] < 0 and abs(row["net"]) >= 10 ** (READABLE_DIGITS - 1)
           for row in players):
        console.print("Matches are not capped, so the pots (and the debts) grew without "
                      "limit; a table maximum keeps them small: --house-rule max_match=N.")
    if path is not None:
        console.print(f"Hand history: {path}", soft_wrap=True)


@app.command(epilog="Examples:\n\n  pokerroom rules herbie\n\n"
             "  pokerroom rules guts2 --house-rule declare=simultaneous")
def rules(
    game: Annotated[str, typer.Argument(help="The game (`pokerroom games` lists them).")],
    house_rule: Annotated[list[str] | None, typer.Option(
        "--house-rule", help="NAME=VALUE to see the rules with a change.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> None:
    """Print a game's rules summary and its house rules with their current values."""
    try:
        entry, chosen = named_game(game, list(house_rule or []))
        values = entry.parse_house_rules(chosen)
        session = build_session(entry, seats=None, stakes=None, house_rules=chosen, seed=0,
                                name="You")
        announce = session.announce()
    except PokerroomError as err:
        raise _fail(err) from None
    if as_json:
        typer.echo(json.dumps({
            "game": entry.name, "title": entry.title, "family": entry.family,
            "summary": entry.description, "seats": [entry.min_seats, entry.max_seats],
            "stakes": dict(entry.default_stakes), "announce": announce,
            "house_rules": [{"name": spec.name, "value": _plain(values[spec.name]),
                             "default": _plain(spec.default), "help": spec.help}
                            for spec in entry.house_rules]}))
        return
    _print_rules(entry, values, announce)


def _plain(value: object) -> object:
    return value if isinstance(value, bool | int | str) or value is None else str(value)


def _print_rules(entry: Game, values: dict[str, object], announce: str) -> None:
    console = Console(highlight=False)
    console.print(f"[bold]{entry.title}[/bold]  ({entry.name}; {entry.min_seats}-"
                  f"{entry.max_seats} players)")
    console.print(entry.description)
    console.print()
    table = Table(title="House rules (change with --house-rule NAME=VALUE)")
    table.add_column("name")
    table.add_column("value")
    table.add_column("default")
    table.add_column("meaning")
    for spec in entry.house_rules:
        table.add_row(spec.name, str(values[spec.name]), str(spec.default),
                      spec.help + (f" ({', '.join(spec.choices)})" if spec.choices else ""))
    console.print(table)
    console.print("[bold]As announced at the table:[/bold]")
    console.print(announce)


@history_app.command("show", help="Print a hand-history file (all hands, or one): the "
                     "text history of any game, or the PHH file (.phh, .phhs) written "
                     "beside it; --format pokerstars gives the layout tracker tools read.",
                     epilog="Examples:\n\n  pokerroom history show FILE\n\n"
                     "  pokerroom history show FILE --hand 2 --json")
def history_show(
    file: Annotated[Path, typer.Argument(help="A history file written by `pokerroom play`.")],
    hand: Annotated[int | None, typer.Option(help="Only this hand number.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Hands as JSON.")] = False,
    fmt: Annotated[str, typer.Option("--format", help="readable (default) or pokerstars "
                                     "(the layout tracker tools read; from a PHH file).")]
    = "readable",
) -> None:
    """Print a hand-history file (the help is on the decorator: one line a paragraph)."""
    if fmt != "readable":
        from pokerroom.cli.history_export import show_pokerstars

        show_pokerstars(file, hand, fmt)
        return
    if file.suffix in (".phh", ".phhs"):
        _show_phh(file, hand, as_json)
        return
    try:
        text = file.read_text(encoding="utf-8")
        hands = split_hands(text)
        if not hands:
            raise PokerroomError(f"{file}: no hands in this file")
        if hand is not None:
            hands = [h for h in hands if h.hand_no == hand]
            if not hands:
                raise PokerroomError(f"{file}: there is no hand #{hand}")
    except (PokerroomError, OSError, UnicodeDecodeError) as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps([{"hand": h.hand_no, "game": h.game, "stakes": h.stakes,
                                "when": h.when, "text": h.text} for h in hands]))
        return
    typer.echo("\n\n".join(h.text for h in hands))


def _show_phh(file: Path, hand: int | None, as_json: bool) -> None:
    """Print PHH hands, each replayed through the engine to prove it legal."""
    from pokerroom.cli.history_export import replayed_stacks

    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
        hands = ({int(key): value for key, value in data.items() if key.isdigit()}
                 if file.suffix == ".phhs" else {1: data})
        if not hands:
            raise HistoryError(f"{file}: no hands in this file")
        if hand is not None:
            if hand not in hands:
                raise HistoryError(f"{file}: there is no hand #{hand}")
            hands = {hand: hands[hand]}
        replayed = {n: replayed_stacks(h) for n, h in sorted(hands.items())}
    except (PokerroomError, OSError, UnicodeDecodeError, tomllib.TOMLDecodeError,
            KeyError, TypeError, ValueError) as err:
        typer.echo(f"error: {file}: {err}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps([{"hand": n, "variant": hands[n].get("variant"),
                                "finishing_stacks": h[1]} for n, h in replayed.items()]))
        return
    for number, (title, stacks) in replayed.items():
        typer.echo(f"# hand {number}: {title}, finishing stacks {stacks}")
        typer.echo(tomli_w.dumps(hands[number]))
