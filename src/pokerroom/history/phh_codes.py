"""PHH variant codes: the code of each game and betting structure the engine deals, and
the game and structure of a code.

PHH has codes for ``FT NT PO FO/8 F7S F7S/8 FR N2L1D F2L3D``. Every other combination
of game and structure gets a pokerroom code built the same way (a structure letter ``F``,
``P`` or ``N`` and a game part, see :data:`GAME_PARTS`), e.g. ``PT`` (pot-limit
hold'em), ``FA5L1D`` (limit ace-to-five draw) or ``FJ5D`` (jacks or better).

>>> parse_code("FJ5D")
('jacks', <Structure.FIXED_LIMIT: 'fixed limit'>)
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerroom.engine.config import Structure
from pokerroom.engine.shapes import HandConfig
from pokerroom.engine.variants import VARIANTS, Variant
from pokerroom.errors import HistoryError

__all__ = ["GAME_PARTS", "PHH_CODES", "parse_code", "phh_code"]

PHH_CODES = frozenset({"FT", "NT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D",
                       "NS", "FB"})
"""The codes the PHH standard defines (``NS`` and ``FB`` are dealt by games of their own,
:data:`_NOT_DEALT` where the lookup given holds none)."""

GAME_PARTS: dict[str, str] = {"holdem": "T", "omaha": "O", "omaha-hilo": "O/8", "stud": "7S",
              "stud-hilo": "7S/8", "razz": "R", "lowball-27": "2L1D",
              "lowball-27-triple": "2L3D", "lowball-a5": "A5L1D", "draw-high": "5D",
              "jacks": "J5D"}
"""The game part of a code; pokerroom's own parts are ``A5L1D``, ``5D`` and ``J5D``. A
variant beyond these that names its code (:attr:`Variant.phh_code`, ``NS``: no-limit
short-deck hold'em) has that code's game part (:func:`game_part`)."""

_ANTE_FORMS = {v.blind_form: v.name for v in VARIANTS.values() if v.blind_form}
"""The game dealt with antes of each game dealt with blinds instead (five-card draw): both
have one code, and the file's forced bets tell them apart (``blinds_or_straddles``)."""

_NOT_DEALT = {"FB": "fixed-limit badugi", "NS": "no-limit short-deck hold'em"}
"""PHH codes of games outside the rulebook, named in the refusal where the lookup of
variants given holds no game that deals them."""

_STRUCTURE_LETTER = {Structure.FIXED_LIMIT: "F", Structure.POT_LIMIT: "P",
                     Structure.NO_LIMIT: "N"}


def game_part(variant: str, variants: Mapping[str, Variant] = VARIANTS) -> str | None:
    """The game part of the codes of ``variant`` (by its name, among ``variants``);
    ``None`` for a variant with no code.

    >>> game_part("omaha-hilo"), game_part("lowball-a5")
    ('O/8', 'A5L1D')
    """
    part = GAME_PARTS.get(variant)
    if part is None and variant in variants:
        code = variants[variant].phh_code
        part = code[1:] if code and code[0] in "FPN" else None
    return part


def _parts(variants: Mapping[str, Variant]) -> dict[str, str]:
    """The variant of each game part, the variants beyond :data:`GAME_PARTS` too."""
    parts = {v: k for k, v in GAME_PARTS.items()}
    for name in variants:
        part = game_part(name, variants)
        if part is not None:
            parts.setdefault(part, name)
    return parts


def phh_code(config: HandConfig) -> str:
    """The variant code of a config (PHH's own where it has one).

    >>> from pokerroom.engine.config import GameConfig
    >>> phh_code(GameConfig.of("razz", ante=1, bring_in=2))
    'FR'
    >>> phh_code(GameConfig.of("holdem", "pot limit", blinds=(1, 2)))
    'PT'
    >>> phh_code(GameConfig.of("draw-high", "no limit", blinds=(1, 2)))
    'N5D'
    """
    name = config.variant.name
    part = game_part(_ANTE_FORMS.get(name, name), {name: config.variant})
    if part is None:
        raise HistoryError(f"{config.variant.title} has no PHH variant code")
    return _STRUCTURE_LETTER[config.structure] + part


def parse_code(code: str, variants: Mapping[str, Variant] = VARIANTS
               ) -> tuple[str, Structure]:
    """The engine game and structure of a variant code (:class:`HistoryError` if none),
    the game among ``variants`` (the rulebook's unless another lookup is given: every
    game's is :func:`pokerroom.games.variants`).

    >>> parse_code("PO/8")
    ('omaha-hilo', <Structure.POT_LIMIT: 'pot limit'>)
    """
    if not isinstance(code, str) or len(code) < 2:
        raise HistoryError(f"bad variant code {code!r}")
    letters = {v: k for k, v in _STRUCTURE_LETTER.items()}
    parts = _parts(variants)
    if code[0] not in letters or code[1:] not in parts:
        game = _NOT_DEALT.get(code)
        raise HistoryError(f"unknown variant code {code!r}"
                           + (f": {game}, a game pokerroom does not deal" if game else ""))
    return parts[code[1:]], letters[code[0]]
