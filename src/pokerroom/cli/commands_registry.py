"""Imports every command module so that each registers its commands on the app.

Add one import line per command module.
"""

from __future__ import annotations
