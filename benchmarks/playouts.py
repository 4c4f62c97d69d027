"""Playout benchmark (the same as ``python -m gremlinrules bench``).

Usage: ``python benchmarks/playouts.py [--games N] [--rounds R] [--only ID,ID] [--players P]
[--no-openspiel]``.
Install ``gremlinrules[bench]`` to include OpenSpiel's hearts and python_team_dominoes.
"""

from __future__ import annotations

import sys

from gremlinrules.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["bench", *sys.argv[1:]]))
