"""The learning-environment tests need the rl extra (in the dev extra too)."""

from __future__ import annotations

from importlib.util import find_spec

collect_ignore_glob = [] if find_spec("pettingzoo") and find_spec("gymnasium") else ["*.py"]
