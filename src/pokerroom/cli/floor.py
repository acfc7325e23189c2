"""``pokerroom floor GAME``: follow a hand dealt with real cards, and rule on what goes
wrong.

The prompt says what is due next. The dealer types each card as it is dealt (``As``,
``10d``), the players' actions (``fold``, ``check``, ``call``, ``bet 4``, ``raise 10``,
``bringin``, ``complete``, ``draw 7c Kd``, ``pat``, ``yes``/``no`` for a choice a ruling
gives), and ``showdown`` at the end. ``report ...`` states an irregularity at any moment
and prints the floor's ruling; ``help`` lists the reports. Bad options exit with code 2
and one line on stderr; a bad line at the prompt is answered and asked again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from pokerroom.cards import card, format_cards, parse_cards
from pokerroom.cli.app import app
from pokerroom.core import (
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Draw,
    Fold,
    Raise,
)
from pokerroom.engine import Forced, GameConfig, HandEnded, Variant, get_variant
from pokerroom.errors import ConfigError, PokerroomError
from pokerroom.games import get_game
from pokerroom.rulings import (
    BURN_PILE,
    RESERVE,
    BurnMistake,
    ButtonOutOfPosition,
    CardOffTable,
    CardsToEmptySeat,
    Choice,
    ExposedCard,
    ExtraCards,
    FalseAllInOpeners,
    FalseOpeners,
    FirstCardWrongSeat,
    HandCardCount,
    Irregularity,
    LiveHand,
    Miscall,
    MuckedBoardPlay,
    OutOfSequence,
    PairNotAnnounced,
    PlayerAbsent,
    PlayerDealtOut,
    PrematureBoardCards,
    PrematureStudCards,
    Ruling,
    ShortHand,
    TooManyBoardCards,
    UpcardsPickedUp,
    WrongBringIn,
)

__all__ = ["REPORTS", "floor_command", "for_people", "parse_action", "parse_report"]

REPORTS: dict[str, tuple[str, Callable[[list[str]], Irregularity]]] = {
    "exposed": ("SEAT CARD: a card dealt to SEAT was exposed",
                lambda a: ExposedCard(_seat(a[0]), card(a[1]))),
    "offtable": ("SEAT CARD: a card for SEAT went off the table",
                 lambda a: CardOffTable(_seat(a[0]), card(a[1]))),
    "extra": ("SEAT CARD...: extra cards to SEAT after the starting hands",
              lambda a: ExtraCards(_seat(a[0]), parse_cards(a[1:]))),
    "flop": ("CARD...: the flop came with too many cards",
             lambda a: TooManyBoardCards(parse_cards(a))),
    "premature": ("CARD... [burn CARD]: board cards turned before the betting closed",
                  lambda a: PrematureBoardCards(*_cards_and_burn(a))),
    "short": ("SEAT [N]: SEAT holds N (1) cards fewer than recorded",
              lambda a: ShortHand(_seat(a[0]), int(a[1]) if len(a) > 1 else 1)),
    "button": ("SEAT: the button belonged on SEAT",
               lambda a: ButtonOutOfPosition(_seat(a[0]))),
    "firstcard": ("the first card went to the wrong seat", lambda a: FirstCardWrongSeat()),
    "sequence": ("cards were dealt out of sequence", lambda a: OutOfSequence()),
    "emptyseat": ("SEAT CARD...: cards dealt to an empty seat",
                  lambda a: CardsToEmptySeat(_seat(a[0]), parse_cards(a[1:]))),
    "dealtout": ("SEAT: SEAT was entitled to a hand and dealt out",
                 lambda a: PlayerDealtOut(_seat(a[0]))),
    "absent": ("SEAT: SEAT is away at their turn (stud)", lambda a: PlayerAbsent(_seat(a[0]))),
    "pickedup": ("SEAT: SEAT picked up their upcards (stud)",
                 lambda a: UpcardsPickedUp(_seat(a[0]))),
    "burn": ("0|2 CARD [seen]: no burn (CARD dealt instead) or a second burn CARD (stud)",
             lambda a: BurnMistake(int(a[0]), card(a[1]), seen="seen" in a[2:])),
    "early": ("CARD... [seen]: stud cards dealt before the betting was complete",
              lambda a: PrematureStudCards(parse_cards([x for x in a if x != "seen"]),
                                           seen="seen" in a)),
    "count": ("SEAT N: SEAT holds N cards", lambda a: HandCardCount(_seat(a[0]), int(a[1]))),
    "wronglow": ("SEAT [then ACTION]: SEAT brought it in by mistake (stud)",
                 lambda a: WrongBringIn(_seat(a[0]), _then(a[1:]))),
    "miscall": ("SEAT CALL [fouled SEAT...]: SEAT called the hand CALL (e.g. 8-6)",
                lambda a: Miscall(_seat(a[0]), a[1], _fouled(a[2:]))),
    "pair": ("SEAT [fouled SEAT...]: SEAT spread a pair without saying so",
             lambda a: PairNotAnnounced(_seat(a[0]), _fouled(a[1:]))),
    "falseopen": ("SEAT: the opener SEAT showed false openers",
                  lambda a: FalseOpeners(_seat(a[0]))),
    "allinopen": ("SEAT: SEAT, all in for the ante, declared openers falsely",
                  lambda a: FalseAllInOpeners(_seat(a[0]))),
    "muck": ("SEAT: SEAT mucked before declaring a play of the board",
             lambda a: MuckedBoardPlay(_seat(a[0]))),
}

_HELP = """Type the next card as it is dealt (As, 10d, Jk), or an action:
  fold | check | call | bet N | raise N | bringin | complete | draw CARD... | pat
  yes | no (a choice a ruling gives) | showdown | state | help | quit
Reports (report KIND ARGS):"""


def _cards_and_burn(args: list[str]) -> tuple[tuple[Any, ...], Any]:
    if "burn" in args:
        at = args.index("burn")
        return parse_cards(args[:at]), card(args[at + 1])
    return parse_cards(args), None


def _seat(word: str) -> int:
    """A seat as a person numbers it (from 1) to the engine's index (from 0)."""
    number = int(word)
    if number < 1:
        raise ConfigError(f"seats are numbered from 1, not {number}")
    return number - 1


_SEAT = re.compile(r"\b([Ss]eat) (\d+)\b")


def for_people(text: str) -> str:
    """The rulings' words with every seat numbered from 1, as the table numbers them.

    >>> for_people("Seat 0's hole card was exposed; deal a card to seat 2")
    "Seat 1's hole card was exposed; deal a card to seat 3"
    """
    return _SEAT.sub(lambda m: f"{m.group(1)} {int(m.group(2)) + 1}", text)


def _fouled(args: list[str]) -> tuple[int, ...]:
    return tuple(_seat(x) for x in args if x != "fouled")


def _then(args: list[str]) -> Action | None:
    if not args:
        return None
    if args[0] != "then" or len(args) < 3:
        raise ConfigError("write: wronglow SEAT then SEAT ACTION")
    return parse_action(args[2:], _seat(args[1]))


def parse_report(words: list[str]) -> Irregularity:
    """A report from the words after ``report``; seats are numbered from 1.

    >>> parse_report(["exposed", "2", "Kd"])
    ExposedCard(seat=1, card=Kd)
    >>> parse_report(["premature", "6c", "burn", "7c"])
    PrematureBoardCards(cards=(6c,), burn=7c)
    """
    if not words or words[0] not in REPORTS:
        raise ConfigError("report what? one of: " + ", ".join(REPORTS))
    try:
        return REPORTS[words[0]][1](words[1:])
    except (IndexError, ValueError) as err:
        if isinstance(err, PokerroomError):
            raise
        raise ConfigError(f"report {words[0]} {REPORTS[words[0]][0]}") from None


def parse_action(words: list[str], seat: int) -> Action:
    """A player's action from its words.

    >>> parse_action(["raise", "10"], 2)
    Raise(seat=2, to=10)
    >>> parse_action(["draw", "7c", "Kd"], 0)
    Draw(seat=0, discards=(7c, Kd), split_openers=False)
    """
    if not words:
        raise ConfigError("an action is needed")
    verb, rest = words[0].lower(), words[1:]
    simple: dict[str, Callable[[int], Action]] = {
        "fold": Fold, "check": Check, "call": Call, "bringin": BringIn,
        "complete": Complete}
    if verb in simple:
        return simple[verb](seat)
    try:
        if verb == "bet":
            return Bet(seat, int(rest[0]))
        if verb == "raise":
            return Raise(seat, int(rest[0]))
    except (IndexError, ValueError):
        raise ConfigError(f"write: {verb} AMOUNT") from None
    if verb == "pat":
        return Draw(seat, ())
    if verb in ("draw", "split"):
        return Draw(seat, parse_cards(rest), split_openers=verb == "split")
    raise ConfigError(f"{words[0]!r} is not an action; type help")


def _variant(game: str) -> Variant:
    """The engine variant of a GAME name, ``play``'s names and aliases included."""
    entry = get_game(game)                   # an unknown name: say so
    if entry.variant is None or not entry.floor:
        raise ConfigError(f"the floor follows the dealer's poker games, not {entry.title}")
    return get_variant(entry.variant)


def _config(game: str, structure: str, blinds: str, ante: int, bring_in: int,
            small_bet: int, big_bet: int) -> GameConfig:
    variant = _variant(game)
    forced: dict[str, Any] = {"small_bet": small_bet, "big_bet": big_bet}
    if variant.is_stud:
        forced |= {"ante": ante or 1, "bring_in": bring_in or 2,
                   "small_bet": small_bet or 5, "big_bet": big_bet or 10}
    elif variant.forced is Forced.ANTES:
        forced |= {"ante": ante or 1}
    else:
        try:
            posted = tuple(int(b) for b in blinds.split(","))
        except ValueError:
            raise ConfigError(f"--blinds takes numbers like 1,2, not {blinds!r}") from None
        if any(b < 0 for b in posted) or list(posted) != sorted(posted) or posted[-1] <= 0:
            raise ConfigError(f"--blinds {blinds}: each blind at least the one before, the "
                              "big blind positive, e.g. 1,2")
        forced |= {"blinds": posted, "ante": ante}
    return GameConfig.of(variant, structure, **forced)


def _table(live: LiveHand) -> str:
    hand = live.hand
    rows = []
    for s in range(hand.n):
        if not hand.in_hand[s]:
            continue
        mark = " (button)" if s == hand.button else ""
        state = "out" if hand.folded[s] else f"bet {hand.bets[s]}"
        cards = format_cards(hand.hole[s]) or "-"
        rows.append(f"  seat {s + 1}{mark}: stack {hand.stacks[s]}, {state}, cards {cards}")
    board = format_cards(hand.board)
    rows.append(f"  pot {hand.pot}" + (f", board {board}" if board else ""))
    return "\n".join(rows)


def _step(live: LiveHand, words: list[str]) -> Ruling | str | None:
    """Apply one line at the prompt: the ruling of a report, or the words for an
    oversize bet cut to the maximum (SUPPLEMENT §2)."""
    head = words[0].lower()
    if head == "report":
        return live.report(parse_report(words[1:]))
    if live.deal_queue:
        slot = live.deal_queue[0]
        if len(words) != 1:
            raise ConfigError(f"the dealer is to deal {slot}: type the card")
        if slot.to == BURN_PILE:
            live.burn(words[0])
        elif slot.to == RESERVE:
            live.remove_card(words[0])
        else:
            live.deal(slot.to, words[0])
        return None
    actors = live.actors
    if not actors:
        raise ConfigError("the hand is over")
    seat = actors[0]
    if live.choices:
        if head not in ("yes", "no"):
            raise ConfigError("answer yes or no")
        what = live.choices[seat][0]
        live.apply(Choice(seat, what=getattr(what, "what", ""), take=head == "yes"))
        return None
    if seat < 0:
        if head != "showdown":
            raise ConfigError("the hand is ready for the showdown: type showdown")
        live.advance()
        return None
    action, note = live.cut_oversize(parse_action(words, seat))
    live.apply(action)
    return note or None


def _prompt(live: LiveHand) -> str:
    if live.deal_queue:
        return for_people(f"deal {live.deal_queue[0]}")
    if live.choices:
        seat = min(live.choices)
        return f"seat {seat + 1}: {getattr(live.choices[seat][0], 'what', '')}? (yes/no)"
    options = ", ".join(type(o).__name__.removesuffix("Option").lower()
                        for o in live.legal_actions())
    expected = for_people(live.expected())
    return f"{expected} [{options}]" if options else expected


@app.command("floor")
def floor_command(
    game: Annotated[str, typer.Argument(help="A GAME name (holdem, omaha, stud, razz, "
                                             "lowball-a5, lowball-27, draw-high, jacks...).")],
    seats: Annotated[int, typer.Option(help="Players dealt in.")] = 3,
    stack: Annotated[int, typer.Option(help="Chips each player starts with.")] = 100,
    button: Annotated[int, typer.Option(
        help="The button's seat, numbered from 1 (default: the last).")] = 0,
    structure: Annotated[str, typer.Option(
        help="fixed-limit, pot-limit or no-limit (as play's structure=; no limit, nl...).")]
    = "fixed-limit",
    blinds: Annotated[str, typer.Option(help="Blinds, e.g. 1,2.")] = "1,2",
    ante: Annotated[int, typer.Option(help="Ante.")] = 0,
    bring_in: Annotated[int, typer.Option(help="Stud bring-in.")] = 0,
    small_bet: Annotated[int, typer.Option(help="Fixed-limit small bet.")] = 0,
    big_bet: Annotated[int, typer.Option(help="Fixed-limit big bet.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
    = False,
) -> None:
    """Follow a hand dealt with real cards; report irregularities and read the rulings.

    Seats are numbered from 1, on the screen and in reports (--json keeps the engine's
    indexes from 0).

    Example: pokerroom floor holdem --seats 3 --structure no-limit
    """
    try:
        if not 2 <= seats <= 10:
            raise ConfigError(f"--seats must be 2 to 10, not {seats}")
        if not 0 <= button <= seats:
            raise ConfigError(f"--button must be a seat from 1 to {seats}")
        config = _config(game, structure, blinds, ante, bring_in, small_bet, big_bet)
        live = LiveHand(config, [stack] * seats, button=button - 1)
    except PokerroomError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    console = Console(highlight=False)
    quiet = as_json
    if not quiet:
        console.print(config.announce())
        console.print(live.options.announce())
        console.print("Type help for the commands.")
    while not live.is_over:
        try:
            line = input("" if quiet else f"{_prompt(live)} > ")
        except EOFError:
            break
        words = line.split()
        if not words:
            continue
        if words[0] in ("quit", "exit"):
            break
        if words[0] in ("help", "?"):
            console.print(escape(_HELP))
            for name, (usage, _) in REPORTS.items():
                console.print(escape(f"  report {name} {usage}"))
            continue
        if words[0] == "state":
            console.print(_table(live))
            continue
        try:
            ruling = _step(live, words)
        except PokerroomError as err:
            if quiet:
                typer.echo(f"not done: {for_people(str(err))}", err=True)
            else:
                console.print(f"[red]not done:[/red] {escape(for_people(str(err)))}")
            continue
        if isinstance(ruling, str):
            if quiet:
                typer.echo(f"cut: {for_people(ruling)}", err=True)
            else:
                console.print(f"[yellow]{escape(for_people(ruling))}[/yellow]")
        elif ruling is not None and not quiet:
            console.print(f"[bold]RULING[/bold] {escape(for_people(str(ruling)))}")
    _finish(live, console, as_json)


def _finish(live: LiveHand, console: Console, as_json: bool) -> None:
    result = live.hand.result
    data = {
        "game": live.config.variant.name, "over": live.is_over,
        "rulings": [{"rule": r.rule, "also": list(r.also), "decision": r.decision,
                     "misdeal": r.misdeal} for r in live.rulings],
        "final_stacks": list(live.final_stacks),
        "carried": result.carried if isinstance(result, HandEnded) else 0,
    }
    if as_json:
        typer.echo(json.dumps(data))
        return
    if not live.is_over:
        console.print("The hand was left unfinished.")
        return
    console.print(_table(live))
    if isinstance(result, HandEnded):
        for award in result.awards:
            console.print(f"  seat {award.seat + 1} wins {award.amount} ({award.share})")
        if result.carried:
            console.print(f"  {result.carried} chips stay in the pot for the next deal")
    console.print(f"Final stacks: {', '.join(map(str, live.final_stacks))}")
