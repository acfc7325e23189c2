"""The draw: each player in turn discards and gets new cards (``lowball-9``, one burn
before the first draw card, ``lowball-10`` for a five-card draw), openers in jacks or
better (``jacks-1``, ``jacks-9``, ``jacks-10``) and the sevens rule's checked sevens
(``a5-4``) (a mixin of the hand state; see :mod:`pokerroom.engine.state`)."""

from __future__ import annotations

from pokerroom.cards import Card
from pokerroom.core import BetOption, Draw, Event, Option
from pokerroom.engine.dealing import holds_openers
from pokerroom.engine.events import BOARD, CardsDiscarded
from pokerroom.engine.openers import is_openers
from pokerroom.engine.phases import BURN, DEAL, HOLE
from pokerroom.engine.rounds import RoundsMixin
from pokerroom.errors import IllegalActionError

__all__ = ["DrawMixin"]


class DrawMixin(RoundsMixin):
    """Draws, openers and the sevens rule."""

    split_discards: dict[int, tuple[Card, ...]]
    split_held: dict[int, tuple[Card, ...]]
    """The hand each seat that split openers held when it split, as dealt."""
    sevens_checkers: set[int]
    false_declarers: list[int]
    """The seats that declared the pot open without openers (``jacks-5``): barred from
    play until the pot has been legally opened and won (the table keeps the bar)."""

    def _needs_openers(self, seat: int, option: Option) -> bool:
        return isinstance(option, BetOption) and not self.has_openers(seat)

    def has_openers(self, seat: int) -> bool:
        """Jacks or better: whether ``seat``'s hand may open (``jacks-1``); a hand
        found short after the action began (``draw-4``) opens on its pairs alone."""
        return is_openers(self.hole[seat], joker=self.config.joker)

    def _note_sevens(self, seat: int) -> None:
        """a5-4: remember a seat that checks a seven or better after the draw."""
        from pokerroom.engine.showdown import is_seven_or_better

        if is_seven_or_better(self.hole[seat], joker=self.config.joker):
            self.sevens_checkers.add(seat)

    def _draw(self, action: Draw) -> Event:
        seat = action.seat
        hand = self.hole[seat]
        discards = action.discards
        if len(set(discards)) != len(discards) or any(c not in hand for c in discards):
            raise IllegalActionError("discards must be distinct cards of your own hand")
        if seat == self.opener_seat and discards and self.plan.openers_required:
            kept = [c for c in hand if c not in discards]
            if not holds_openers(kept) and not action.split_openers:
                raise IllegalActionError("these discards break your openers: declare "
                                         "that you are splitting openers (jacks-9)")
            if action.split_openers:
                self.split_discards[seat] = tuple(discards)
                self.split_held[seat] = tuple(hand)
        elif action.split_openers:
            raise IllegalActionError("only the opener can split openers" if
                                     self.plan.openers_required else
                                     f"{self.variant.title} has no openers to split")
        for c in discards:
            hand.remove(c)
        del self.up[seat][len(hand):]
        if seat not in self.split_discards:
            self.muck.extend(discards)
        event = CardsDiscarded(action, private_to=frozenset((seat,)))
        self.log.append(event)
        self.draw_index += 1
        if discards:
            count = len(discards)
            self.tasks = [(HOLE, seat, (False,) * count)]
            if count == 5 and self.variant.low in ("lowball-a5", "lowball-27"):
                # lowball-10: at most four consecutive draw cards
                self.tasks = [(HOLE, seat, (False,) * 4)]
                if self.draw_index < len(self.drawers):
                    self.fifth_cards.append(seat)
                else:                         # the last player: four, a burn, one
                    self.tasks += [(BURN, BOARD, ()), (HOLE, seat, (False,))]
            if not self.draw_burned:          # one burn before the first draw card
                self.draw_burned = True
                self.tasks.insert(0, (BURN, BOARD, ()))
            self.phase = DEAL
            self.resume_drawing = True
        else:
            self._next_drawer()
        return event

