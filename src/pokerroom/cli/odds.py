"""``pokerroom odds``: all-in equity of several hands, exact or simulated.

With neither ``--exact`` nor ``--trials`` the command enumerates when that is cheap and
simulates otherwise, and says which. Bad input (a card or range that does not parse, a
duplicate card, an unknown game, both ``--exact`` and ``--trials``) prints one line on
stderr and exits with 2.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from pokerroom.analysis.odds import Hand, OddsResult, compute_odds
from pokerroom.analysis.odds_game import OddsGame
from pokerroom.analysis.ranges import parse_range
from pokerroom.cards import Card, parse_cards
from pokerroom.cli.app import app
from pokerroom.cli.cluster import SCHEDULER_HELP, where
from pokerroom.cli.progress import progress_bar
from pokerroom.errors import CardParseError, ConfigError, PokerroomError

__all__ = ["odds_command", "odds_game", "parse_hand"]


def odds_game(name: str) -> OddsGame:
    """The odds of the game called ``name`` (:attr:`pokerroom.game.Game.odds`);
    :class:`ConfigError` for a game without them."""
    from pokerroom.games import all_games, get_game

    game = get_game(name)
    if game.odds is None:
        raise ConfigError(f"odds are not available for {game.name}; games: " + ", ".join(
            other.name for other in all_games() if other.odds is not None))
    return game.odds


def parse_hand(game: OddsGame, text: str) -> Hand:
    """A hand argument: cards, or in hold'em a range (``QQ+``, ``AKs``, ``T9s+``)."""
    try:
        return parse_cards(text)
    except CardParseError:
        if not game.ranges:
            raise
    combos = parse_range(text)
    return list(combos[0]) if len(combos) == 1 else combos


def _print_table(result: OddsResult, labels: list[str]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{result.game}: {result.deals:,} deals "
                  f"({'exact' if result.exact else 'Monte Carlo'})")
    table.add_column("hand")
    table.add_column("equity", justify="right")
    if result.stderr is not None:
        table.add_column("± s.e.", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("ties", justify="right")
    if result.scoop is not None:
        table.add_column("scoop", justify="right")
        table.add_column("half", justify="right")
        table.add_column("quarter", justify="right")
    for i, label in enumerate(labels):
        row = [label, f"{100 * result.equities[i]:.4f}%"]
        if result.stderr is not None:
            row.append(f"{100 * result.stderr[i]:.4f}%")
        row += [f"{result.wins[i]:,}", f"{result.ties[i]:,}"]
        if result.scoop is not None and result.half is not None and result.quarter is not None:
            row += [f"{100 * result.scoop[i]:.2f}%", f"{100 * result.half[i]:.2f}%",
                    f"{100 * result.quarter[i]:.2f}%"]
        table.add_row(*row)
    console = Console()
    console.print(table)
    console.print(result.describe(), soft_wrap=True)


@app.command("odds")
def odds_command(
    game: Annotated[str | None, typer.Argument(
        help="A game the odds engine deals: holdem, omaha, omaha-hilo, stud, stud-hilo, "
             "razz, the lowball and draw games (`pokerroom games` says which have odds; "
             "none with --history).")] = None,
    hands: Annotated[list[str] | None, typer.Argument(
        help="Two or more hands: known cards ('As Kd'), in hold'em also a range "
             "('QQ+,AKs'). Missing cards are dealt (stud to seven, draw to five; "
             "lowball-a5 and draw-high deal from 53 cards with the joker unless "
             "-r joker=off).", show_default=False)] = None,
    history: Annotated[Path | None, typer.Option(
        "--history", help="A PHH file (.phh, .phhs: pokerroom's or an import's): the "
        "equities of its hand street by street, for the players whose cards it shows; "
        "players with unknown (??) cards are left out.")] = None,
    hand: Annotated[int | None, typer.Option(
        "--hand", help="With --history: the hand of the set (needed when it holds "
        "several).")] = None,
    board: Annotated[str, typer.Option("--board", "-b", help="Known board cards.")] = "",
    dead: Annotated[str, typer.Option("--dead", "-d", help="Dead (seen, out) cards.")] = "",
    house_rule: Annotated[list[str] | None, typer.Option(
        "--house-rule", "-r", metavar="NAME=VALUE",
        help="A ranking house rule, repeatable: joker, low_qualifier (`pokerroom games` "
             "shows each game's), e.g. joker=off.")] = None,
    exact: Annotated[bool, typer.Option(
        "--exact", help="Enumerate every deal (default: when that is cheap).")] = False,
    trials: Annotated[int | None, typer.Option(
        "--trials", "-n", help="Monte Carlo deals (default: 200,000 when an enumeration "
        "is not cheap).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for --trials.")] = None,
    cluster: Annotated[str | None, typer.Option(
        "--cluster", help="Where the work runs: 'local' (a Dask LocalCluster on "
                          "127.0.0.1), 'tcp://host:8786' (a Dask scheduler), 'processes' "
                          "or 'inline'. Default: this process for small jobs, else a "
                          "process pool. Results never depend on it.")] = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="tcp://HOST:PORT", help=SCHEDULER_HELP)] = None,
    workers: Annotated[int | None, typer.Option("--workers", help="Worker count.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Equity of each hand: wins, ties and pot share (hi-lo: scoops, halves, quarters).

    Examples: pokerroom odds holdem 'Ad Ac' 'Kh Ks' (exact: it is cheap; --trials 50000 to
    simulate); pokerroom odds --history imported.phhs --hand 3 (a past hand, street by
    street)
    """
    if history is not None:
        _history_odds(history, hand, game, hands, as_json, dict(
            exact=exact, trials=trials, seed=seed, cluster=cluster, scheduler=scheduler,
            workers=workers))
        return
    try:
        if game is None or not hands or hand is not None:
            raise ConfigError("give a game and two or more hands (or --history FILE"
                              + (", which --hand goes with)" if hand is not None else ")"))
        cluster = where(cluster, scheduler)
        odds = odds_game(game)
        parsed = [parse_hand(odds, text) for text in hands]
        if odds.ranked is not None:     # its own deck or rankings: dealt in Python
            from pokerroom.analysis.ranked import ranked_odds

            result = ranked_odds(odds.ranked(house_rule or ()), [parse_cards(t) for t in hands],
                                 board=parse_cards(board), dead=parse_cards(dead),
                                 exact=exact, trials=trials, seed=seed)
        else:
            with progress_bar(not as_json, "dealing") as progress:
                result = compute_odds(odds, parsed, board=parse_cards(board),
                                      dead=parse_cards(dead), house_rules=house_rule or (),
                                      exact=exact, trials=trials,
                                      seed=seed, cluster=cluster, workers=workers,
                                      progress=progress)
    except PokerroomError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(result.to_json()))
    else:
        _print_table(result, hands)


def _history_odds(path: Path, number: int | None, game: str | None, hands: list[str] | None,
                  as_json: bool, options: dict[str, Any]) -> None:
    """``odds --history``: each street of a past hand, as a table or as JSON."""
    # the history readers and the game catalog load only for --history (start-up time)
    from pokerroom.cli.odds_history import history_odds, history_odds_json
    from pokerroom.games import get_game

    try:
        if game is not None or hands:
            raise ConfigError("--history takes no game or hands: they come from the file")
        cluster = where(options.pop("cluster"), options.pop("scheduler"))
        with progress_bar(not as_json, "dealing") as progress:
            number, game, streets = history_odds(path, number, cluster=cluster,
                                                 progress=progress, **options)
    except PokerroomError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(history_odds_json(number, game, streets))
        return
    typer.echo(f"hand {number} ({get_game(game).title}): players whose cards are unknown "
               "(??) are left out")
    for street in streets:
        cards = street.cards
        words = [f"{cards.street}:"]
        if cards.board:
            words.append(f"board [{_cards(cards.board)}]")
        if cards.dead:
            words.append(f"dead [{_cards(cards.dead)}]")
        if street.left_out:
            words.append("left out: " + ", ".join(street.left_out))
        typer.echo(" ".join(words))
        _print_table(street.result, [f"{name} [{_cards(known)}]" for name, known in
                                     zip(street.names, cards.known.values(), strict=True)])


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(repr, cards))
