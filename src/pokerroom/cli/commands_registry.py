"""Imports every command module so that each registers its commands on the app.

Add one import line per command module.
"""

from __future__ import annotations
from pokerroom.cli import rank  # noqa: F401
from pokerroom.cli import play  # noqa: F401
from pokerroom.cli import serve  # noqa: F401
from pokerroom.cli import casino  # noqa: F401
from pokerroom.cli import analyze_home  # noqa: F401
from pokerroom.cli import odds  # noqa: F401
from pokerroom.cli import replay  # noqa: F401
from pokerroom.cli import floor  # noqa: F401
