"""A tournament table in the card room: the level clock, eliminations, rebuys, the add-on,
the final standings and a deal, kept from the table's events like the rest of the room.

The host makes a tournament table by giving the room a ``tournament`` setting
(:class:`TournamentSettings`: a structure, a preset's name or the tables of a structure
file, and the clock's unit). Everything the table knows is rebuilt from its events:

- **The entrants** are the approved players with chips at the first deal, and the
  late entries. From then on every hand is dealt to all of them, in seat order, by one
  :class:`~pokerroom.sessions.tournament.TournamentSession` (the button and blinds move
  as the game's rules have them). A structure with late registration makes that
  session with every seat of the room, the free ones empty: a player may take one and
  buy in (``seat``, and ``approve`` where the host approves players) while the clock
  shows a level of late registration and no hand of a later level has been dealt.
  They enter with the starting stack between hands (at once, or at the next deal when
  they sat down during a hand); in a blind game they wait for the big blind
  (``supp-new-player``). The prize pool and the payouts follow the entries, so the
  payout table is fixed when late registration ends. After it a seat is refused in
  words. A player who sits out, or leaves, stays in the
  tournament: their blinds and antes are posted and their hand is killed at once (the
  room's timer default: check, else fold), so an absent player is blinded off.
- **The level clock** runs from the first deal: ``played`` seconds up to ``since``, a
  wall time (``None``: held). A pause holds it and a resume runs it again; a restart
  after the server was down starts it again at what it showed at the server's last
  heartbeat (a ``tclock`` event, see :mod:`pokerroom.server.downtime`), so the
  downtime is not counted. Each hand is dealt at the level the clock shows at the
  stored time of its ``hand`` event (a hand dealt at the very end of a break counts in
  the level that follows it), so a replay of the log deals every hand at the same
  stakes. No hand is dealt on a break.
- **Busted players** stay in their seats as spectators, their place shown; two out on
  one hand finish in the order of their stacks at the start of it.
- **Rebuys and the add-on** are sold as the structure allows, asked for by the player
  and approved by the host when the table approves top-ups (``tbuy_ask``, then
  ``tbuy`` or ``tbuy_refuse``). A player out of chips may rebuy until the next deal;
  the deal waits for the host's answer to a request.
- **A deal** (``deal_offer``: by ICM or by chips, :mod:`pokerroom.tournament.deal`) shares
  the prizes still to be paid among the players left; every person left must accept it
  (``deal_accept``; the bots accept any deal), and one refusal (``deal_refuse``) ends
  the offer.
- **The ledger** is kept in money, not chips: each entry's buy-in, rebuys and add-ons
  paid, and each prize (kind ``prize``) once the tournament ends.

Guts and Herbie have no tournament table: their stacks may go below zero matching a pot
and they have no blinds to raise (they end by their own rules at a cash table), and the
house banks Three Card Poker (:func:`~pokerroom.sessions.tournament.check_tournament_game`).

The settings themselves are :mod:`pokerroom.server.tournament_settings`, and late
registration :mod:`pokerroom.server.tournament_entries`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pokerroom.errors import ConfigError, TournamentError
from pokerroom.server.pending import PendingEvent
from pokerroom.server.tournament_entries import LateEntries
from pokerroom.server.tournament_settings import tournament_session
from pokerroom.server.tourney import DealOffer, Tourney
from pokerroom.sessions.tournament import TournamentSession
from pokerroom.tournament.deal import chip_deal, icm_deal
from pokerroom.tournament.standings import Finish, pay

if TYPE_CHECKING:
    from pokerroom.catalog import TableSpec
    from pokerroom.core import Event
    from pokerroom.game import Game
    from pokerroom.server.config import RoomConfig
    from pokerroom.server.ledger import CashLedger
    from pokerroom.server.records import RoomHandRecord, SeatInfo
    from pokerroom.session import Session

__all__ = ["DEAL_METHODS", "TournamentTable", "new_tourney"]

DEAL_METHODS = ("icm", "chips")

BUYS = ("rebuy", "add-on")

wall_time: Callable[[], float] = time.time
"""Where the room reads the time when it shows the clock or checks a command (the
events it applies carry their own stored times)."""


class TournamentTable(LateEntries):
    """The room's part that runs a tournament (mixed into
    :class:`~pokerroom.server.room.Room`)."""

    tourney: Tourney | None
    config: RoomConfig
    seats: dict[int, SeatInfo]
    ledger: CashLedger
    hands: list[RoomHandRecord]
    session: Session | None
    event_time: float
    paused: bool

    # ----------------------------------------------------------------- queries

    def tourney_session(self) -> TournamentSession | None:
        t = self.tourney
        return t.session if t is not None else None

    def tourney_lineup(self) -> tuple[int, ...] | None:
        """The seats dealt in a tournament once it started (``None``: not a tournament,
        or not started)."""
        t = self.tourney
        return t.slots if t is not None and t.slots else None

    def tourney_hold(self) -> str | None:
        """Why a tournament deals no hand now, in words (``None``: it may deal)."""
        t = self.tourney
        if t is None:
            return None
        if t.over:
            return "The tournament is over."
        if t.deal is not None:
            return "A deal is on offer: every player left must accept it."
        if t.asked:
            names = ", ".join(f"{self.seats[s].name}'s {what}" for s, what in
                              sorted(t.asked.items()) if s in self.seats)
            return f"Waiting for the host to approve {names}."
        if t.entrants and t.settings.clock == "minutes":
            reading = t.reading(wall_time())
            if reading.on_break:
                return f"On a break: {reading.describe()}."
        return None

    def tourney_wake(self) -> float | None:
        """Seconds until a break ends (``None``: not on a break)."""
        t = self.tourney
        if t is None or not t.entrants or t.over or t.settings.clock != "minutes" \
                or t.since is None:
            return None
        reading = t.reading(wall_time())
        return float(reading.left or 0) if reading.on_break else None

    def buy_offer(self, room_seat: int | None) -> dict[str, bool]:
        """What a seat may buy now: ``rebuy``, ``add_on``."""
        t = self.tourney
        session = t.session if t is not None else None
        if t is None or session is None or room_seat not in t.entrants or t.over \
                or room_seat in t.asked:
            return {"rebuy": False, "add_on": False}
        index = t.index(room_seat)
        t.now = wall_time()
        try:
            return {"rebuy": session.structure.rebuys is not None
                    and session.may_rebuy(index),
                    "add_on": session.structure.add_on is not None
                    and session.add_on_offered(index)}
        finally:
            t.now = None

    def cash_out_value(self, info: SeatInfo) -> int:
        """What a player leaving takes in the ledger: the stack at a cash table; at a
        tournament (whose ledger is in money) the buy-in back before it starts."""
        return info.stack if self.tourney is None else self.tourney.structure.buy_in

    def tourney_closing(self) -> PendingEvent | None:
        """Before a tournament's next deal: the players out of chips who did not
        rebuy are out (a ``tclose`` event; ``None``: nobody is waiting)."""
        session = self.tourney_session()
        if session is None or not session.pending:
            return None
        return PendingEvent("tclose", {})

    # ----------------------------------------------------------------- commands

    def tourney_command(self, room_seat: int, message: Mapping[str, Any]) -> PendingEvent:
        """A player's tournament message: ``{"what": "rebuy" | "add-on"}``, ``{"what":
        "offer", "method": "icm" | "chips"}`` (a deal), ``{"what": "accept" |
        "refuse"}`` (the deal on offer)."""
        what = message.get("what")
        if what in BUYS:
            return self.tourney_buy(room_seat, what)
        if what == "offer":
            t = self._tourney()
            if room_seat not in t.entrants or room_seat in t.places:
                raise ConfigError("only the players left offer a deal")
            return self.offer_deal(message.get("method"))
        if what in ("accept", "refuse"):
            return self.answer_deal(room_seat, what == "accept")
        raise ConfigError(f"unknown tournament request {what!r}")

    def tourney_host(self, data: Mapping[str, Any]) -> PendingEvent:
        """The host's tournament command: ``{"what": "approve" | "refuse", "seat": N}``
        (a rebuy or add-on asked for), ``{"what": "rebuy" | "add-on", "seat": N}`` (sell
        it at once), ``{"what": "offer", "method": ...}`` (a deal)."""
        what = data.get("what")
        if what in ("approve", "refuse"):
            return self.answer_buy(data.get("seat"), what == "approve")
        if what in BUYS:
            seat = data.get("seat")
            if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self.seats:
                raise ConfigError("no player in that seat")
            return self.tourney_buy(seat, what, host=True)
        if what == "offer":
            return self.offer_deal(data.get("method"))
        raise ConfigError(f"unknown tournament command {what!r}")

    def tourney_buy(self, room_seat: int, what: object, *, host: bool = False
                    ) -> PendingEvent:
        """A player asks for a rebuy or the add-on (``what``); the host approves it
        when the table approves top-ups."""
        t = self._tourney()
        if what not in BUYS:
            raise ConfigError(f"buy one of {', '.join(BUYS)}, not {what!r}")
        info = self.seats[room_seat]
        if room_seat in t.asked:
            raise ConfigError(f"{info.name} already asked; the host has not answered yet")
        self._check_buy(room_seat, str(what))
        if self.config.top_up_approval and not host and not info.bot:
            return PendingEvent("tbuy_ask", {"seat": room_seat, "what": what})
        return PendingEvent("tbuy", {"seat": room_seat, "what": what})

    def answer_buy(self, seat: object, approve: bool) -> PendingEvent:
        """The host approves or refuses the rebuy or add-on a player asked for."""
        t = self._tourney()
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in t.asked:
            raise ConfigError("that seat has asked for nothing")
        if not approve:
            return PendingEvent("tbuy_refuse", {"seat": seat})
        self._check_buy(seat, t.asked[seat])
        return PendingEvent("tbuy", {"seat": seat, "what": t.asked[seat]})

    def offer_deal(self, method: object) -> PendingEvent:
        """Offer the players left a deal of the prizes still to be paid (``icm`` or
        ``chips``), between hands."""
        t = self._tourney()
        if method not in DEAL_METHODS:
            raise ConfigError(f"a deal is by {' or '.join(DEAL_METHODS)}, not {method!r}")
        if t.deal is not None:
            raise ConfigError("a deal is already on offer")
        self._deal_amounts(str(method))
        return PendingEvent("deal_offer", {"method": method})

    def answer_deal(self, room_seat: int, accept: bool) -> PendingEvent:
        """A player left accepts or refuses the deal on offer."""
        t = self._tourney()
        if t.deal is None:
            raise ConfigError("no deal is on offer")
        if room_seat not in t.deal.amounts:
            raise ConfigError("only the players left answer a deal")
        if room_seat in t.deal.accepted:
            raise ConfigError("you already accepted this deal")
        return PendingEvent("deal_accept" if accept else "deal_refuse", {"seat": room_seat})

    def note_level_clock(self, played: float) -> PendingEvent:
        """Record the level clock's seconds of play (after a restart: what it showed
        when the server went down)."""
        t = self._tourney()
        if t.since is None:
            raise ConfigError("the level clock is not running")
        return PendingEvent("tclock", {"played": round(max(0.0, played), 3)})

    def _tourney_clock(self) -> float:
        """The wall clock the tournament's level clock reads (:data:`wall_time`)."""
        return wall_time()

    def _tourney(self) -> Tourney:
        t = self.tourney
        if t is None:
            raise ConfigError("this table is not a tournament")
        if t.over:
            raise ConfigError("the tournament is over")
        return t

    def _check_buy(self, room_seat: int, what: str) -> None:
        t = self._tourney()
        session = t.session
        if session is None or room_seat not in t.entrants:
            raise ConfigError("rebuys and the add-on are sold to the entrants once the "
                              "tournament has started")
        if session.table.table.hand is not None:
            raise ConfigError("rebuys and the add-on are sold between hands")
        index = t.index(room_seat)
        t.now = wall_time()
        try:
            if what == "rebuy":
                if not session.may_rebuy(index) or session.structure.rebuys is None:
                    raise ConfigError(_no_rebuy(session, index))
            elif not session.add_on_offered(index):
                raise ConfigError(_no_add_on(session))
        except TournamentError as err:
            raise ConfigError(str(err)) from None
        finally:
            t.now = None

    def _deal_amounts(self, method: str) -> dict[int, int]:
        t = self._tourney()
        session = t.session
        if session is None or session.table.table.hand is not None:
            raise ConfigError("a deal is made between hands, once the tournament started")
        left = [s for s in t.entrants if s not in t.places]
        if len(left) < 2:
            raise ConfigError("a deal needs at least two players left")
        prizes = session.structure.prizes(session.entries, session.rebuys, session.add_ons)
        shared = prizes[:len(left)]
        stacks = [session.stacks[t.index(s)] for s in left]
        if any(stack <= 0 for stack in stacks):
            raise ConfigError("a player out of chips may still rebuy: deal after the "
                              "next hand")
        try:
            made = (icm_deal if method == "icm" else chip_deal)(stacks, shared)
        except TournamentError as err:
            raise ConfigError(f"no deal: {err}") from None
        return dict(zip(left, made.amounts, strict=True))

    # ----------------------------------------------------------------- applying

    def _tourney_session(self, entry: Game, spec: TableSpec) -> Session:
        """The session of a new deal: the tournament's, made once at the first deal."""
        t = self.tourney
        if t is None:
            return entry.factory(spec)
        if t.session is None:
            # a seat without chips is a free seat of the tournament: nameless, empty
            spec = replace(spec, players=tuple(
                name if chips > 0 else "" for name, chips
                in zip(spec.players, spec.stacks, strict=True)))
            t.session = tournament_session(entry, spec, t.settings,
                                 lambda: t.deal_seconds(self.event_time if t.now is None
                                                        else t.now))
        return t.session

    def _tourney_dealt(self, lineup: tuple[int, ...]) -> None:
        """A hand was dealt: the clock runs from the first; players out are placed."""
        t = self.tourney
        if t is None:
            return
        if not t.slots:
            t.slots = lineup
            if not self.paused:
                t.since = self.event_time
        if t.session is not None:
            t.levels[len(self.hands) + 1] = t.session.level
        self._tourney_sync()

    def _tourney_sync(self) -> None:
        """Copy the session's finishes, stacks and the end into the room."""
        t = self.tourney
        session = t.session if t is not None else None
        if t is None or session is None or not t.slots:
            return
        t.entrants = tuple(t.slots[i] for i, entered in enumerate(session.entered)
                           if entered)
        for index, finish in session.finishes.items():
            t.places[t.slots[index]] = finish
            t.out_at.setdefault(t.slots[index], len(self.hands))
        for seat in t.entrants:
            if seat in self.seats:
                self.seats[seat].stack = session.stacks[t.index(seat)]
        if session.is_finished and not t.over:
            prizes = session.structure.prizes(session.entries, session.rebuys,
                                              session.add_ons)
            paid = pay(session.finishes.values(), prizes)
            self._tourney_end({seat: paid.get(t.index(seat), 0) for seat in t.entrants})

    def _tourney_end(self, prizes: dict[int, int]) -> None:
        t = self.tourney
        assert t is not None and t.session is not None
        t.over = True
        t.prizes = prizes
        if t.since is not None:
            t.played, t.since = t.played_at(self.event_time), None
        names = t.session.players
        for seat in t.entrants:
            if prizes.get(seat):
                self.ledger.add(names[t.index(seat)], "prize", prizes[seat], len(self.hands))

    def _tourney_paid(self, info: SeatInfo) -> bool:
        """A seat's buy-in at a tournament: the structure's stack for its price."""
        t = self.tourney
        if t is None:
            return False
        info.stack += t.structure.starting_stack
        self.ledger.add(info.name, "buy-in", t.structure.buy_in, len(self.hands))
        return True

    def _tourney_track(self, kind: str, payload: dict[str, Any], at: float) -> None:
        """Keep the level clock after an event: a pause holds it, a resume runs it."""
        t = self.tourney
        if t is None or not t.entrants or t.over:
            return
        if kind == "pause":
            if payload.get("paused") and t.since is not None:
                t.played, t.since = t.played_at(at), None
            elif not payload.get("paused") and t.since is None:
                t.since = at

    def _on_tclose(self, _p: dict[str, Any]) -> list[Event]:
        session = self.tourney_session()
        assert session is not None
        session.close_rebuys()
        self._tourney_sync()
        return []

    def _on_tclock(self, p: dict[str, Any]) -> list[Event]:
        t = self.tourney
        assert t is not None
        t.played = float(p["played"])
        t.since = self.event_time if t.since is not None else None
        return []

    def _on_tbuy_ask(self, p: dict[str, Any]) -> list[Event]:
        assert self.tourney is not None
        self.tourney.asked[int(p["seat"])] = str(p["what"])
        return []

    def _on_tbuy_refuse(self, p: dict[str, Any]) -> list[Event]:
        assert self.tourney is not None
        self.tourney.asked.pop(int(p["seat"]), None)
        return []

    def _on_tbuy(self, p: dict[str, Any]) -> list[Event]:
        t = self.tourney
        assert t is not None and t.session is not None
        seat = int(p["seat"])
        t.asked.pop(seat, None)
        index = t.index(seat)
        structure = t.session.structure
        if p["what"] == "rebuy":
            t.session.rebuy(index)
            price = structure.rebuys.price if structure.rebuys else 0
        else:
            t.session.add_on(index)
            price = structure.add_on.price if structure.add_on else 0
        self.ledger.add(t.session.players[index], str(p["what"]), price, len(self.hands))
        self._tourney_sync()
        return []

    def _on_deal_offer(self, p: dict[str, Any]) -> list[Event]:
        t = self.tourney
        assert t is not None
        amounts = self._deal_amounts(str(p["method"]))
        t.deal = DealOffer(str(p["method"]), amounts,
                           {s for s in amounts if s in self.seats and self.seats[s].bot})
        return self._deal_done()

    def _on_deal_accept(self, p: dict[str, Any]) -> list[Event]:
        t = self.tourney
        assert t is not None and t.deal is not None
        t.deal.accepted.add(int(p["seat"]))
        return self._deal_done()

    def _on_deal_refuse(self, _p: dict[str, Any]) -> list[Event]:
        assert self.tourney is not None
        self.tourney.deal = None
        return []

    def _deal_done(self) -> list[Event]:
        """Every player left accepted: they are placed by their chips and paid the
        deal; the players already out are paid their places."""
        t = self.tourney
        assert t is not None and t.session is not None
        deal = t.deal
        if deal is None or set(deal.amounts) - deal.accepted:
            return []
        session = t.session
        prizes = session.structure.prizes(session.entries, session.rebuys, session.add_ons)
        out = pay([f for i, f in session.finishes.items()
                   if t.slots[i] not in deal.amounts], prizes)
        paid = {t.slots[i]: amount for i, amount in out.items()}
        left = sorted(deal.amounts, key=lambda s: -session.stacks[t.index(s)])
        for place, seat in enumerate(left, 1):
            t.places[seat] = Finish(t.index(seat), place, place)
            t.out_at[seat] = len(self.hands)
            paid[seat] = deal.amounts[seat]
        t.dealt = (f"a deal by {'ICM' if deal.method == 'icm' else 'chip count'}: "
                   + ", ".join(f"{self.player_name(s)} {deal.amounts[s]}" for s in left))
        t.deal = None
        self._tourney_end(paid)
        return []

    def player_name(self, seat: int) -> str:
        """The name the entrant of room seat ``seat`` plays under."""
        t = self.tourney
        assert t is not None and t.session is not None
        return t.session.players[t.index(seat)]


def _no_rebuy(session: TournamentSession, index: int) -> str:
    r = session.structure.rebuys
    if r is None:
        return "this tournament has no rebuys"
    return (f"{session.players[index]} may not rebuy: rebuys are sold through level "
            f"{r.until_level}, at most {r.per_player} each, to a stack at or under the "
            "starting stack")


def _no_add_on(session: TournamentSession) -> str:
    if session.structure.add_on is None:
        return "this tournament has no add-on"
    return ("the add-on is sold once each, to a player with chips, between the last hand "
            f"of level {session.structure.add_on_level} and the next deal")


def new_tourney(config: RoomConfig) -> Tourney | None:
    """A room's tournament state, empty (``None``: a cash table)."""
    return Tourney(config.tournament) if config.tournament is not None else None

