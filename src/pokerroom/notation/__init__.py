"""Hand histories: PHH (the TOML-based poker hand history standard, ``uoftcprg/phh-std``)
for every engine variant, written and read back exactly. See :mod:`pokerroom.notation.phh`.
"""

from pokerroom.notation.phh import (
    PHH_CODES,
    dumps,
    hand_to_phh,
    loads,
    phh_code,
    phh_to_hand,
    player_seats,
)

__all__ = ["PHH_CODES", "dumps", "hand_to_phh", "loads", "phh_code", "phh_to_hand",
           "player_seats"]
