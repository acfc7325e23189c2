"""Imports every command module so that each registers its commands on the app.

Add one import line per command module.
"""

from __future__ import annotations

from pokerroom.cli import (
    analyze_home,  # noqa: F401
    casino,  # noqa: F401
    floor,  # noqa: F401
    import_cmd,  # noqa: F401
    odds,  # noqa: F401
    play,  # noqa: F401
    rank,  # noqa: F401
    replay,  # noqa: F401
    serve,  # noqa: F401
    solve,  # noqa: F401
    solve_guts,  # noqa: F401
    solve_icm,  # noqa: F401
    stats_cmd,  # noqa: F401
    tournament,  # noqa: F401
)
