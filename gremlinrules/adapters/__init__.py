"""Adapters for AI and RL: the view encoding, and OpenSpiel and PettingZoo games.

:mod:`gremlinrules.adapters.encoding` and :mod:`gremlinrules.adapters.outcome`
need nothing beyond the core. :mod:`gremlinrules.adapters.openspiel` needs the
``openspiel`` extra and :mod:`gremlinrules.adapters.pettingzoo` the
``pettingzoo`` extra; import them explicitly.
"""
