"""Builds pokerroom. With ``POKERROOM_COMPILE=1`` (as ``make install`` sets it) the hand
machine's modules (``pokerroom.compiled.MODULES``) are compiled with mypyc too; see
``src/pokerroom/compiled.py``."""

import os
import runpy

from setuptools import setup

ext_modules = []
if os.environ.get("POKERROOM_COMPILE") == "1":
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit("POKERROOM_COMPILE=1 needs mypy (it holds mypyc) where the build "
                         "runs: install it, then build with --no-build-isolation") from None

    build = runpy.run_path("src/pokerroom/compiled.py")
    ext_modules = mypycify([f"src/{name.replace('.', '/')}.py" for name in build["MODULES"]],
                           opt_level="3", group_name=build["GROUP"])

setup(ext_modules=ext_modules)
