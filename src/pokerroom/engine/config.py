"""Game configuration: variant, betting structure, stakes and house rules, validated once.

A :class:`GameConfig` is immutable. It is checked when it is made (an impossible setting
raises :class:`~pokerroom.errors.ConfigError`), announces its house rules in words
(``supp-announce``), and makes fresh hands with :meth:`GameConfig.new_hand`.

>>> config = GameConfig.of("holdem", Structure.NO_LIMIT, blinds=(1, 2))
>>> config.stakes.min_bet
2
>>> print(config.announce().splitlines()[0])
Texas hold'em, no limit, blinds 1/2
>>> GameConfig.of("stud", Structure.FIXED_LIMIT, blinds=(1, 2))
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: Seven-card stud uses antes and a bring-in, not blinds
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerroom.cards import JOKER, Card
from pokerroom.deck import standard_cards
from pokerroom.engine.stakes import (
    ButtonMode,
    HouseRules,
    KillMode,
    Stakes,
    Structure,
    UnprovenPot,
)
from pokerroom.engine.state import PokerHand
from pokerroom.engine.variants import Forced, Variant, get_variant
from pokerroom.errors import ConfigError
from pokerroom.figures import listed

__all__ = ["ButtonMode", "GameConfig", "HouseRules", "KillMode", "Stakes", "Structure",
           "UnprovenPot"]


@dataclass(frozen=True, slots=True)
class GameConfig:
    """An immutable game: variant, structure, stakes and house rules.

    Make one with :meth:`of`; start hands with :meth:`new_hand`.
    """

    variant: Variant
    structure: Structure
    stakes: Stakes
    rules: HouseRules = field(default_factory=HouseRules)

    @classmethod
    def of(cls, variant: str | Variant, structure: Structure | str = Structure.FIXED_LIMIT,
           *, blinds: Sequence[int] = (), ante: int = 0, bring_in: int = 0,
           small_bet: int = 0, big_bet: int = 0, rules: HouseRules | None = None,
           **house_rules: object) -> GameConfig:
        """Build a config from plain values. A missing small bet defaults to the big
        blind (stud: twice the bring-in; ante games: twice the ante), a missing big bet to
        twice the small bet. House rules are given by name (``sevens_rule=False``) or as
        a whole ``rules=HouseRules(...)``.

        >>> GameConfig.of("razz", ante=1, bring_in=2, small_bet=5, big_bet=10).stakes.big_bet
        10

        A game played with antes that has a form with blinds (``blind_form``: five-card
        draw) is that form when blinds are given:

        >>> GameConfig.of("draw-high", blinds=(1, 2)).variant.title
        'Five-card draw with blinds'
        """
        var = get_variant(variant) if isinstance(variant, str) else variant
        if blinds and var.forced is not Forced.BLINDS and var.blind_form:
            var = get_variant(var.blind_form)     # five-card draw dealt with blinds
        struct = structure if isinstance(structure, Structure) else _structure(structure)
        blinds_t = tuple(int(b) for b in blinds)
        if not small_bet:
            small_bet = max(blinds_t) if blinds_t else (bring_in * 2 or ante * 2 or 2)
        if rules is None:
            try:
                rules = HouseRules(**house_rules)  # type: ignore[arg-type]
            except TypeError as err:
                raise ConfigError(f"unknown house rule: {err}") from None
        if not big_bet:
            big_bet = 2 * small_bet if rules.limit_doubles else small_bet
        return cls(var, struct, Stakes(blinds_t, int(ante), int(bring_in), int(small_bet),
                                       int(big_bet)), rules)

    def __post_init__(self) -> None:
        v, s = self.variant, self.stakes
        amounts = (*s.blinds, s.ante, s.bring_in, s.small_bet, s.big_bet)
        if any(not isinstance(a, int) or a < 0 for a in amounts):
            raise ConfigError("stakes are whole numbers of chips, never negative")
        if v.forced is Forced.BLINDS:
            if not s.blinds or any(b <= 0 for b in s.blinds):
                raise ConfigError(f"{v.title} needs at least one positive blind")
            if s.bring_in:
                raise ConfigError(f"{v.title} has no bring-in")
        elif s.blinds:
            raise ConfigError(f"{v.title} uses {v.forced.value}, not blinds")
        if v.forced is Forced.BRING_IN:
            if s.bring_in <= 0:
                raise ConfigError(f"{v.title} needs a positive bring-in")
            if s.bring_in > s.small_bet:
                raise ConfigError("the bring-in cannot exceed the small bet")
        if v.forced is Forced.ANTES and s.ante <= 0:
            raise ConfigError(f"{v.title} needs a positive ante")
        if s.small_bet <= 0 or s.big_bet < s.small_bet:
            raise ConfigError("bet sizes must be positive, the big bet at least the small")
        self.rules.validate()
        if self.rules.joker and v.high != "draw-high" and v.low != "lowball-a5":
            raise ConfigError(f"{v.title} is played without a joker")
        lowball = v.low in ("lowball-a5", "lowball-27")
        if not self.rules.blind_may_be_called and not lowball:
            raise ConfigError("a minimum open of double the big blind is a lowball "
                              "structure")
        if not self.rules.limit_doubles and (not lowball or s.big_bet != s.small_bet):
            raise ConfigError("a limit that does not double after the draw is a lowball "
                              "structure, with the big bet equal to the small bet")
        if self.rules.kill is not KillMode.NONE and v.forced is not Forced.BLINDS:
            raise ConfigError("kill pots need a game with blinds")
        if self.rules.kill_acts_last and (not lowball or self.rules.kill is KillMode.NONE):
            raise ConfigError("a killer acting last on the first round is a lowball kill "
                              "option: it needs a lowball game with kill pots")

    # ------------------------------------------------------------------ derived rules

    @property
    def joker(self) -> bool:
        """True when the joker is in the deck (``a5-1``, ``joker-1``)."""
        return self.variant.jokers > 0 if self.rules.joker is None else self.rules.joker

    @property
    def raise_cap(self) -> int:
        """Bets and raises per multi-way fixed-limit round (``supp-raise-cap``)."""
        return self.rules.raise_cap or self.variant.raise_cap

    @property
    def check_raise(self) -> bool:
        """Whether a seat that checked may raise later in the round (``a5-2``)."""
        if self.rules.check_raise is not None:
            return self.rules.check_raise
        return not (self.variant.no_check_raise_in_limit
                    and self.structure is Structure.FIXED_LIMIT)

    @property
    def sevens_rule(self) -> bool:
        """The limit ace-to-five sevens rule (``a5-4``)."""
        return (self.variant.sevens_rule and self.rules.sevens_rule
                and self.structure is Structure.FIXED_LIMIT)

    @property
    def open_pair_option(self) -> bool:
        """Stud's small-or-big bet on fourth street with an open pair (``stud-4``)."""
        return (self.variant.open_pair_option and self.rules.open_pair_option
                and self.structure is Structure.FIXED_LIMIT)

    def deck_cards(self) -> tuple[Card, ...]:
        """The cards of this game's deck, in index order: the variant's own deck (a
        short deck, say) or the standard 52, with the joker where it is in use.

        >>> len(GameConfig.of("holdem", blinds=(1, 2)).deck_cards())
        52
        """
        own = self.variant.deck
        if own:
            return own + (JOKER,) * self.joker
        return _DECKS[self.joker]

    # ------------------------------------------------------------------ announce

    def _limits(self) -> str:
        """The fixed-limit sizes and the rounds that play each, in words.

        >>> GameConfig.of("lowball-27-triple", blinds=(1, 2))._limits()
        '2 before the first draw and after the first draw, 4 after the second and third draws'
        """
        v, s = self.variant, self.stakes
        draws = sum(street.draw for street in v.streets)
        if draws <= 1:
            before, after = (("before the draw", "after") if draws else
                             ("on the early rounds", "on the later rounds"))
            return f"{s.small_bet} {before}, {s.big_bet} {after}"

        def rounds(big: bool) -> str:
            played = [i for i, street in enumerate(v.streets) if street.big_bet is big]
            after = [("first", "second", "third")[i - 1] for i in played if i]
            words = ["before the first draw"] if 0 in played else []
            if after:
                words.append(f"after the {listed(after)} draw{'s' if len(after) > 1 else ''}")
            return " and ".join(words)

        return f"{s.small_bet} {rounds(False)}, {s.big_bet} {rounds(True)}"

    def announce(self) -> str:
        """The game, stakes and every house rule in words, for before the first deal.

        >>> print(GameConfig.of("lowball-a5", blinds=(1, 2)).announce())
        Ace-to-five lowball draw, fixed limit, blinds 1/2
        bets: 2 before the draw, 4 after (a bet and 4 raises multi-way, no cap heads-up)
        the joker is in the deck: it plays as the lowest rank missing from the hand
        check-raise is not allowed
        the sevens rule is in use
        dead button; no kill pots
        """
        v, s = self.variant, self.stakes
        lines = [f"{v.title}, {self.structure.value}, {s.describe()}"]
        if self.structure is Structure.FIXED_LIMIT:
            raises = self.raise_cap - 1
            lines.append(f"bets: {self._limits()} (a bet and "
                         f"{raises} raise{'' if raises == 1 else 's'} multi-way, no cap "
                         "heads-up)")
        else:
            lines.append(f"minimum bet {s.min_bet}; a raise is at least the last bet or "
                         "raise; a short all-in does not reopen the betting"
                         + ("; the largest raise is the pot after the call"
                            if self.structure is Structure.POT_LIMIT else ""))
        for ranking in (v.high, v.low):
            if ranking is not None and not isinstance(ranking, str):
                lines.append(f"hands rank as {ranking.name}")
        if v.low in ("omaha8", "stud8"):
            lines.append(f"a low must be {self.rules.low_qualifier} or better; with no "
                         "qualifying low the best high hand takes the whole pot")
        if v.low == "lowball-a5" or v.high == "draw-high":
            if self.joker:
                what = ("the lowest rank missing from the hand" if v.low == "lowball-a5"
                        else "an ace, or completes a straight or flush")
                lines.append(f"the joker is in the deck: it plays as {what}")
            else:
                lines.append("no joker")
        if v.no_check_raise_in_limit and self.structure is Structure.FIXED_LIMIT:
            lines.append("check-raise is " + ("allowed" if self.check_raise else "not allowed"))
        if v.sevens_rule and self.structure is Structure.FIXED_LIMIT:
            lines.append("the sevens rule is " + ("in use" if self.sevens_rule else "not in use"))
        if v.open_pair_option and self.structure is Structure.FIXED_LIMIT:
            lines.append("an open pair on fourth street allows the small or the big bet"
                         if self.open_pair_option else "no open-pair option on fourth street")
        if not self.rules.blind_may_be_called:
            lines.append("the big blind may not be called: the minimum open is double "
                         "the big blind")
        if not self.rules.limit_doubles:
            lines.append("the limit does not double after the draw")
        if self.rules.free_fold and not v.is_stud:
            lines.append("a player may fold where they could check")
        if v.openers_required:
            lines.append(f"a pair of jacks or better opens; unopened deals are re-anted "
                         f"up to {self.rules.ante_limit} times")
            lines.append("the opener (or a player who declares the pot open) must prove "
                         "openers to win; a pot that no other hand may win "
                         f"{self.rules.unproven_pot.value}")
        if v.button_game:
            kill = "no kill pots"
            if self.rules.kill is not KillMode.NONE:
                need = "required" if self.rules.kill_required else "optional"
                kill = f"{self.rules.kill.value} ({need})"
                if self.rules.kill_acts_last:
                    kill += ", the killer acts last on the first round"
            lines.append(f"{self.rules.button.value}; {kill}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ hands

    def new_hand(self, stacks: Sequence[int], *, button: int = -1,
                 rng: random.Random | None = None, deck: Sequence[Card] | None = None,
                 dead_money: int = 0, seated: Sequence[bool] | None = None,
                 blind_seats: Sequence[int | None] | None = None,
                 posts: Sequence[tuple[int, int, bool, str]] = (),
                 antes: bool = True) -> PokerHand:
        """A fresh hand. ``stacks`` per seat (0 for an empty seat), ``button`` the
        button's seat (default: the last seat). Cards come from ``deck`` (top first)
        or a shuffle by ``rng`` (system randomness if neither is given). A table passes
        ``dead_money`` (a pot carried from an unopened deal), ``seated`` (who is dealt
        in), ``blind_seats`` (who posts each blind; ``None``: nobody) and ``posts``
        (extra ``(seat, amount, live, kind)`` posts: new players, missed blinds, kills);
        ``antes=False`` deals without antes (jacks or better past the ante limit).
        """
        # positional: the compiled hand takes these ten as keywords about 15% slower
        return PokerHand(self, stacks, button, rng, deck, dead_money, seated, blind_seats,
                         posts, antes)


_DECKS = {False: standard_cards(), True: standard_cards(jokers=1)}


def _structure(text: str) -> Structure:
    key = text.strip().lower().replace("-", " ").replace("_", " ")
    if key == "limit":
        return Structure.FIXED_LIMIT
    for s in Structure:
        if key in (s.value, s.value[0] + "l"):     # "no limit" or "nl"
            return s
    raise ConfigError(f"unknown betting structure {text!r}: fixed limit, pot limit or no "
                      "limit")
