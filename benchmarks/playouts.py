"""The speed benchmark (the same as ``python -m gremlinrules bench``).

Usage: ``python benchmarks/playouts.py [--games N] [--rounds R] [--only ID,ID] [--players P]
[--no-openspiel] [--no-mcts] [--cpu] [--json]``.
Install ``gremlinrules[bench]`` for the strict ratio to OpenSpiel's C++ hearts and the MCTS timing.
"""

from __future__ import annotations

import sys

from gremlinrules.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["bench", *sys.argv[1:]]))
