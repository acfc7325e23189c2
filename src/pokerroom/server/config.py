"""A card-room table's settings: the game (or a dealer's choice rotation), stakes, house
rules, seats, buy-in and timer, validated once when the host creates the table.

>>> from pokerroom.game import Game
>>> config = RoomConfig(game="demo", seats=6, buy_in=500, timer=30.0)
>>> config.describe()
'demo; 6 seats; buy-in 500 chips; 30 s to act (then check or fold and sit out); chips \
added up to 500 a stack, at least 50 at a time, each time approved by the host; chat \
open to players and spectators; players may change seats between hands'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from pokerroom.catalog import TableSpec
from pokerroom.errors import ConfigError
from pokerroom.game import Game
from pokerroom.games import get_game
from pokerroom.server.extras_rules import STRADDLE_MODES, extras_words, game_has_extras
from pokerroom.server.tournament_settings import TournamentSettings, check_room_tournament

__all__ = ["CHAT_MODES", "DEALERS_CHOICE", "GameChoice", "RoomConfig", "on_timeout",
           "resolve_game"]

DEALERS_CHOICE = "dealers-choice"
MAX_SEATS = 10

CHAT_MODES = ("everyone", "players", "off")
"""Who may post: ``everyone`` (players, the host and spectators), ``players`` (the seated
players and the host; spectators read), ``off`` (no chat at the table)."""
RUN_TWICE_GAMES = frozenset({"holdem", "omaha", "omaha-hilo"})
"""The games a hand may be run twice in (the board games of the poker engine)."""


@dataclass(frozen=True, slots=True)
class GameChoice:
    """One game as the room deals it: catalog name, stakes and typed house rules."""

    game: str
    stakes: Mapping[str, int] = field(default_factory=dict)
    house_rules: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "stakes": dict(self.stakes),
                "house_rules": dict(self.house_rules)}


@dataclass(frozen=True, slots=True)
class RoomConfig:
    """What the host chose. ``game`` is a catalog name or ``"dealers-choice"``, then
    ``rotation`` lists the games dealt in turn, one round of the table each.

    Adding chips (a top-up, or a rebuy once bust): ``top_up_approval`` says whether the
    host approves each request first; a top-up may bring a stack up to ``max_buy_in``
    chips at most (0 when given: the buy-in) and adds at least ``min_top_up`` chips (0
    when given: a tenth of the buy-in), or what is left up to the maximum when that is
    less. ``bots_play_alone``: the bots play on with no person in the game (a table to
    watch them); otherwise such a table pauses itself. ``chat``: who may post in the
    table's chat, one of :data:`CHAT_MODES`. ``seat_changes``: a
    seated player may move to a free seat between hands (:mod:`~pokerroom.server.seating`).
    ``time_bank``: the seconds each player's clock may draw on once it runs out (0:
    none), ``time_bank_refill`` more every ``time_bank_every`` hands
    (:mod:`~pokerroom.server.timebank`). ``rabbit_hunt``: after a hand won without a
    showdown in a board game a player may see what would have come
    (:mod:`~pokerroom.server.rabbit`). ``straddle`` (one of
    :data:`~pokerroom.server.extras_rules.STRADDLE_MODES`), ``bomb_pot`` (each player's post;
    0: no bomb pots) and ``bomb_pot_every`` (0: only when the host calls one): the
    straddles and bomb pots of hold'em and Omaha (:mod:`~pokerroom.server.extras`).
    ``run_it_twice``: when the betting is over with
    board cards to come, the players in the pot are asked whether to run the rest of
    the board twice (:mod:`~pokerroom.server.twice`).
    ``tournament``: the table is a tournament of
    its one game (:mod:`~pokerroom.server.tournament_table`; ``None``: a cash table)."""

    game: str
    seats: int = 6
    buy_in: int = 1000
    stakes: Mapping[str, int] = field(default_factory=dict)
    house_rules: Mapping[str, Any] = field(default_factory=dict)
    rotation: tuple[str, ...] = ()
    timer: float = 30.0
    approval: bool = True
    next_hand_delay: float = 3.0
    title: str = ""
    top_up_approval: bool = True
    max_buy_in: int = 0
    min_top_up: int = 0
    bots_play_alone: bool = False
    chat: str = "everyone"
    seat_changes: bool = True
    time_bank: float = 0.0
    time_bank_refill: float = 10.0
    time_bank_every: int = 10
    rabbit_hunt: bool = False
    straddle: str = "off"
    bomb_pot: int = 0
    bomb_pot_every: int = 0
    run_it_twice: bool = False
    tournament: TournamentSettings | None = None

    def describe(self) -> str:
        """The table settings in words."""
        parts = [_title_of(self.game) if self.game != DEALERS_CHOICE
                 else "dealer's choice: " + ", ".join(map(_title_of, self.rotation))]
        parts.append(f"{self.seats} seats")
        if self.tournament is not None:
            parts.append(self.tournament.describe())
        else:
            parts.append(f"buy-in {self.buy_in} chips")
        if self.timer > 0:
            parts.append(f"{self.timer:g} s to act (then {on_timeout(self.choices())} and "
                         "sit out)")
            if self.time_bank > 0:
                parts.append(f"a time bank of {self.time_bank:g} s once the clock runs "
                             f"out, {self.time_bank_refill:g} s more every "
                             f"{self.time_bank_every} hands (up to {self.time_bank:g} s)"
                             if self.time_bank_refill > 0 else
                             f"a time bank of {self.time_bank:g} s once the clock runs "
                             "out, never refilled")
        else:
            parts.append("no action timer")
        most = self.max_buy_in or self.buy_in
        least = self.min_top_up or max(1, self.buy_in // 10)
        if self.tournament is not None:
            if self.tournament.structure.rebuys is not None:
                parts.append("rebuys and add-ons " + ("approved by the host"
                                                      if self.top_up_approval
                                                      else "without the host's approval"))
        else:
            parts.append(f"chips added up to {most} a stack, at least {least} at a time, "
                         + ("each time approved by the host" if self.top_up_approval
                            else "without the host's approval"))
        if self.bots_play_alone:
            parts.append("the bots play on with no person in the game")
        parts.append({"everyone": "chat open to players and spectators",
                      "players": "chat for the players (spectators read)",
                      "off": "no chat"}.get(self.chat, self.chat))
        parts.append("players may change seats between hands" if self.seat_changes
                     else "no seat changes")
        if self.rabbit_hunt:
            parts.append("the rabbit hunt after a hand won without a showdown")
        parts.extend(extras_words(self.straddle, self.bomb_pot, self.bomb_pot_every))
        if self.run_it_twice:
            parts.append("run it twice when everyone in an all-in pot agrees (hold'em "
                         "and Omaha)")
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        data = self._to_json()
        if self.tournament is not None:
            data["tournament"] = self.tournament.to_json()
        return data

    def _to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seats": self.seats, "buy_in": self.buy_in,
                "stakes": dict(self.stakes), "house_rules": dict(self.house_rules),
                "rotation": list(self.rotation), "timer": self.timer,
                "approval": self.approval, "next_hand_delay": self.next_hand_delay,
                "title": self.title, "top_up_approval": self.top_up_approval,
                "max_buy_in": self.max_buy_in, "min_top_up": self.min_top_up,
                "bots_play_alone": self.bots_play_alone, "chat": self.chat,
                "seat_changes": self.seat_changes, "time_bank": self.time_bank,
                "time_bank_refill": self.time_bank_refill,
                "time_bank_every": self.time_bank_every, "rabbit_hunt": self.rabbit_hunt,
                "straddle": self.straddle, "bomb_pot": self.bomb_pot,
                "bomb_pot_every": self.bomb_pot_every, "run_it_twice": self.run_it_twice}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoomConfig:
        """Build and validate a config from client JSON; :class:`ConfigError` if bad."""
        if not isinstance(data, Mapping):
            raise ConfigError("the table settings must be a JSON object")
        known = {"game", "seats", "buy_in", "stakes", "house_rules", "rotation", "timer",
                 "approval", "next_hand_delay", "title", "top_up_approval", "max_buy_in",
                 "min_top_up", "bots_play_alone", "chat", "seat_changes", "time_bank",
                 "time_bank_refill", "time_bank_every", "rabbit_hunt", "straddle",
                 "bomb_pot", "bomb_pot_every", "run_it_twice",
                 "tournament"}
        unknown = set(data) - known
        if unknown:
            raise ConfigError(f"unknown table setting(s): {', '.join(sorted(unknown))}")
        game = data.get("game")
        if not isinstance(game, str) or not game:
            raise ConfigError("choose a game (or dealers-choice)")
        config = cls(
            game=game,
            seats=_int(data.get("seats", 6), "seats"),
            buy_in=_int(data.get("buy_in", 1000), "buy_in"),
            stakes=_stakes(data.get("stakes", {})),
            house_rules=_rules(data.get("house_rules", {})),
            rotation=_rotation(data.get("rotation", [])),
            timer=_number(data.get("timer", 30.0), "timer"),
            approval=_bool(data.get("approval", True), "approval"),
            next_hand_delay=_number(data.get("next_hand_delay", 3.0), "next_hand_delay"),
            title=_title(data.get("title", "")),
            top_up_approval=_bool(data.get("top_up_approval", True), "top_up_approval"),
            max_buy_in=_int(data.get("max_buy_in", 0), "max_buy_in"),
            min_top_up=_int(data.get("min_top_up", 0), "min_top_up"),
            bots_play_alone=_bool(data.get("bots_play_alone", False), "bots_play_alone"),
            chat=_choice(data.get("chat", "everyone"), "chat", CHAT_MODES),
            seat_changes=_bool(data.get("seat_changes", True), "seat_changes"),
            time_bank=_number(data.get("time_bank", 0.0), "time_bank"),
            time_bank_refill=_number(data.get("time_bank_refill", 10.0), "time_bank_refill"),
            time_bank_every=_int(data.get("time_bank_every", 10), "time_bank_every"),
            rabbit_hunt=_bool(data.get("rabbit_hunt", False), "rabbit_hunt"),
            straddle=_choice(data.get("straddle", "off"), "straddle", STRADDLE_MODES),
            bomb_pot=_int(data.get("bomb_pot", 0), "bomb_pot"),
            bomb_pot_every=_int(data.get("bomb_pot_every", 0), "bomb_pot_every"),
            run_it_twice=_bool(data.get("run_it_twice", False), "run_it_twice"),
            tournament=(TournamentSettings.from_json(data["tournament"])
                        if data.get("tournament") is not None else None),
        )
        return config.validated()

    def validated(self) -> RoomConfig:
        """This config with the game names resolved and every value checked."""
        if not 1 <= self.seats <= MAX_SEATS:
            raise ConfigError(f"a table has 1 to {MAX_SEATS} seats, not {self.seats}")
        if not 0 < self.buy_in <= 10**9:
            raise ConfigError("the buy-in must be a positive number of chips")
        if not 0 <= self.timer <= 600:
            raise ConfigError("the action timer is 0 (off) to 600 seconds")
        if not 0 <= self.time_bank <= 600:
            raise ConfigError("the time bank is 0 (none) to 600 seconds")
        if not 0 <= self.time_bank_refill <= 600:
            raise ConfigError("the time bank's refill is 0 (none) to 600 seconds")
        if not 1 <= self.time_bank_every <= 1000:
            raise ConfigError("the time bank is refilled every 1 to 1000 hands")
        if not 0 <= self.next_hand_delay <= 60:
            raise ConfigError("the pause between hands is 0 to 60 seconds")
        most, least = self._chip_limits()
        self._check_extras()
        if self.game == DEALERS_CHOICE:
            if not self.rotation:
                from pokerroom.games import all_games

                # every game a table of this size can deal
                rotation = tuple(entry.name for entry in all_games()
                                 if entry.min_seats <= self.seats)
            else:
                rotation = tuple(get_game(name).name for name in self.rotation)
            for name in rotation:
                resolve_game(GameChoice(name), self.buy_in)
            too_big = [get_game(name) for name in rotation
                       if get_game(name).min_seats > self.seats]
            if too_big:
                raise ConfigError(
                    f"a table of {self.seats} seats can never deal " + ", ".join(
                        f"{e.title} (it needs {e.min_seats} players)" for e in too_big)
                    + ": take those games out of the rotation or add seats")
            self._twice_allowed(rotation)
            if self.tournament is not None:
                raise ConfigError("a tournament deals one game: choose it (dealer's "
                                  "choice tournaments are not offered)")
            return replace(self, rotation=rotation, stakes={}, house_rules={},
                           max_buy_in=most, min_top_up=least)
        entry = get_game(self.game)
        if not entry.min_seats <= self.seats <= entry.max_seats:
            raise ConfigError(f"{entry.title} seats {entry.min_seats} to {entry.max_seats} "
                              f"players: choose {entry.min_seats} to {entry.max_seats} "
                              f"seats, not {self.seats}")
        self._twice_allowed((entry.name,))
        choice = resolve_game(GameChoice(entry.name, self.stakes, self.house_rules),
                              self.buy_in)
        trial_announcement(entry, choice, self.buy_in, players=self.seats)
        check_room_tournament(self.tournament, self.seats, entry, choice.house_rules)
        return replace(self, game=entry.name, stakes=dict(choice.stakes),
                       house_rules=dict(choice.house_rules), rotation=(),
                       # a tournament's players keep their seats to the end
                       seat_changes=self.seat_changes and self.tournament is None,
                       max_buy_in=most, min_top_up=least)

    def _check_extras(self) -> None:
        """The straddle and bomb-pot settings are in range, and some game of the table
        has them (a board and blinds: hold'em, Omaha)."""
        if self.straddle not in STRADDLE_MODES:
            raise ConfigError(f"straddle is one of {', '.join(STRADDLE_MODES)}, not "
                              f"{self.straddle!r}")
        if not 0 <= self.bomb_pot <= self.buy_in:
            raise ConfigError(f"a bomb pot's post is 0 (no bomb pots) to the buy-in "
                              f"({self.buy_in}), not {self.bomb_pot}")
        if not 0 <= self.bomb_pot_every <= 1000:
            raise ConfigError("a bomb pot is dealt every 0 (only when the host calls one) "
                              "to 1000 hands")
        if self.bomb_pot_every and not self.bomb_pot:
            raise ConfigError("set each player's post in a bomb pot (bomb_pot) to deal "
                              "one every few hands")
        if self.straddle == "off" and not self.bomb_pot:
            return
        games = list(self.rotation) if self.game == DEALERS_CHOICE else [self.game]
        if games and not any(game_has_extras(get_game(g).name) for g in games):
            what = " and ".join(w for w, on in (("straddles", self.straddle != "off"),
                                                ("bomb pots", self.bomb_pot)) if on)
            titles = ", ".join(get_game(g).title for g in games)
            raise ConfigError(f"{titles} {'has' if len(games) == 1 else 'have'} no "
                              f"{what}: they are played in hold'em and Omaha")
    def _twice_allowed(self, games: tuple[str, ...]) -> None:
        """Refuse ``run_it_twice`` at a table with no board game to run again
        (:mod:`~pokerroom.server.twice`).

        >>> RoomConfig("stud-hilo", run_it_twice=True).validated()
        Traceback (most recent call last):
        ...
        pokerroom.errors.ConfigError: run it twice is dealt in hold'em, Omaha and Omaha hi-lo: ...
        """
        if self.run_it_twice and not RUN_TWICE_GAMES & set(games):
            raise ConfigError("run it twice is dealt in hold'em, Omaha and Omaha hi-lo: "
                              "none of this table's games has a board to run again (in "
                              "stud the cards to come are each player's own)")

    def _chip_limits(self) -> tuple[int, int]:
        """The maximum stack a top-up reaches and the smallest top-up, defaults filled
        in and checked: the maximum is at least the buy-in, the minimum at least one
        chip and at most the maximum."""
        most = self.max_buy_in or self.buy_in
        least = self.min_top_up or max(1, self.buy_in // 10)
        if not self.buy_in <= most <= 10**9:
            raise ConfigError(f"the maximum buy-in is from the buy-in ({self.buy_in}) to "
                              f"1000000000 chips, not {most}")
        if not 1 <= least <= most:
            raise ConfigError(f"the smallest top-up is 1 to {most} chips (the maximum "
                              f"buy-in), not {least}")
        return most, least

    def choices(self) -> tuple[GameChoice, ...]:
        """The games this table deals, in rotation order (one for a single game)."""
        if self.game == DEALERS_CHOICE:
            return _rotation_choices(self.rotation, self.buy_in)
        return (GameChoice(self.game, self.stakes, self.house_rules),)


@lru_cache(maxsize=256)
def _rotation_choices(rotation: tuple[str, ...], buy_in: int) -> tuple[GameChoice, ...]:
    """A rotation's games with their default stakes and house rules, resolved once (each
    resolution builds a trial table)."""
    return tuple(resolve_game(GameChoice(name), buy_in) for name in rotation)


def resolve_game(choice: GameChoice, buy_in: int) -> GameChoice:
    """Fill in default stakes and house rules, type-check them against the catalog, and
    try the game at its smallest table so impossible combinations fail now."""
    entry = get_game(choice.game)
    stakes = dict(entry.default_stakes)
    for key, value in choice.stakes.items():
        if key not in stakes and stakes:
            raise ConfigError(f"{entry.name} has no stake {key!r} "
                              f"(it has {', '.join(sorted(stakes))})")
        stakes[key] = _int(value, f"stake {key}")
    rules = entry.parse_house_rules([])
    specs = {spec.name: spec for spec in entry.house_rules}
    for key, value in choice.house_rules.items():
        if key not in specs:
            raise ConfigError(f"unknown house rule {key!r} for {entry.name}")
        rules[key] = specs[key].parse(str(value).lower() if isinstance(value, bool)
                                      else str(value))
    resolved = GameChoice(entry.name, stakes, rules)
    trial_announcement(entry, resolved, buy_in)
    return resolved


def trial_announcement(entry: Game, choice: GameChoice, buy_in: int,
                       players: int | None = None) -> str:
    """The game's announcement for a table of ``players`` (by default its minimum
    size); building that table validates the stakes and house rules for it."""
    import random

    count = max(entry.min_seats, 1) if players is None else players
    names = tuple(f"Seat {n + 1}" for n in range(count))
    spec = TableSpec(players=names, stacks=(buy_in,) * len(names),
                     stakes=dict(choice.stakes), house_rules=dict(choice.house_rules),
                     rng=random.Random(0))
    try:
        return entry.factory(spec).announce()
    except ConfigError:
        raise
    except (ValueError, TypeError, KeyError) as err:
        raise ConfigError(f"{entry.name}: {err}") from None


def _timeout_words(choice: GameChoice) -> str:
    """What the timer does in one game, its house rules included (a compulsory first
    round keeps everyone in; a pass to the left passes a card)."""
    try:
        words = get_game(choice.game).on_timeout
    except ConfigError:     # no such game (yet): the room checks or folds
        words = "check or fold"
    rules = choice.house_rules
    if rules.get("pass_left"):
        words = "pass a card, " + words
    if rules.get("compulsory_first_round"):
        words += " (in, on a pot's first deal)"
    return words


def on_timeout(choices: tuple[GameChoice, ...]) -> str:
    """What the room does for a player whose time runs out, in the games ``choices``:
    one phrase for one game, the others named after the first where a rotation's games
    differ.

    >>> on_timeout((GameChoice("holdem"),))
    'check or fold'
    >>> on_timeout((GameChoice("guts2"),))
    'say out'
    >>> on_timeout((GameChoice("holdem"), GameChoice("omaha"), GameChoice("herbie"),
    ...             GameChoice("three-card-poker")))
    'check or fold — Herbie: say out; Three Card Poker: place the smallest Ante, then fold —'
    """
    by_words: dict[str, list[str]] = {}
    for choice in choices:
        by_words.setdefault(_timeout_words(choice), []).append(_title_of(choice.game))
    first, *others = sorted(by_words, key=lambda words: -len(by_words[words]))
    if not others:
        return first
    return first + " — " + "; ".join(f"{', '.join(by_words[words])}: {words}"
                                     for words in others) + " —"


def _title_of(game: str) -> str:
    """A game's title as players read it (its name if the catalog has no such game)."""
    from pokerroom.errors import PokerroomError

    try:
        return get_game(game).title
    except PokerroomError:
        return game


def _int(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ConfigError(f"{name} must be a whole number")
    try:
        return int(value)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {value!r}") from None


def _number(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ConfigError(f"{name} must be a number")
    try:
        return float(value)
    except ValueError:
        raise ConfigError(f"{name} must be a number, not {value!r}") from None


def _choice(value: object, name: str, choices: tuple[str, ...]) -> str:
    if isinstance(value, str) and value in choices:
        return value
    raise ConfigError(f"{name} is one of {', '.join(choices)}, not {value!r}")


def _bool(value: object, name: str) -> bool:
    if isinstance(value, bool):
        return value
    raise ConfigError(f"{name} must be true or false")


def _stakes(value: object) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise ConfigError("stakes must be an object such as {\"big_blind\": 2}")
    out = {}
    for key, amount in value.items():
        number = _int(amount, f"stake {key}")
        if number < 0:
            raise ConfigError(f"stake {key} cannot be negative")
        out[str(key)] = number
    return out


def _rules(value: object) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise ConfigError("house rules must be an object of NAME: VALUE")
    out: dict[str, Any] = {}
    for key, item in value.items():
        if not isinstance(item, bool | int | str):
            raise ConfigError(f"house rule {key}: give yes/no, a number or a word")
        out[str(key)] = item
    return out


def _rotation(value: object) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ConfigError("rotation must be a list of game names")
    if len(value) > 40:
        raise ConfigError("a rotation lists at most 40 games")
    return tuple(value)


def _title(value: object) -> str:
    if not isinstance(value, str) or len(value) > 80:
        raise ConfigError("the table title is text of at most 80 characters")
    return value.strip()
