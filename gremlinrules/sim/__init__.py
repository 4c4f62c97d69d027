"""Simulation at scale: many games between chosen bots, on local processes or a Ray cluster.

>>> from gremlinrules.sim import simulate
>>> records = simulate("gnaughty-gnomes", games=4, players=2, bots="random", seed=1, workers=1)
>>> [r["index"] for r in records]
[0, 1, 2, 3]

:func:`simulate` returns one record per game (a JSON-compatible dict, the JSON
Lines format of ``gremlinrules simulate --out``: see :mod:`gremlinrules.sim.records`);
:func:`iter_simulate` yields them as they finish. Each game's seed derives from
the master seed and its index alone (:mod:`gremlinrules.sim.seeds`), so any
subset replays alone, and local and Ray runs give the same records but for the
``seconds`` field, for bots limited by simulations rather than time.

The progress bar needs the ``sim`` extra (tqdm), Ray the ``ray`` extra; the
rest runs on the base install.
"""

from __future__ import annotations

from gremlinrules.sim.records import FORMAT
from gremlinrules.sim.records import Record
from gremlinrules.sim.records import read_records
from gremlinrules.sim.run import iter_simulate
from gremlinrules.sim.run import simulate
from gremlinrules.sim.seeds import bot_seed
from gremlinrules.sim.seeds import game_seed

__all__ = ["FORMAT", "Record", "bot_seed", "game_seed", "iter_simulate", "read_records", "simulate"]
