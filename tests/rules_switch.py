"""The tests' switch between the fast paths and the reference rule books (issue 28).

With ``GREMLINRULES_TEST_RULES=reference`` in the environment, the root ``conftest.py`` calls
:func:`use_reference_rules` before any test module is imported, so every test plays the rule
books:

* each game package's ``legal_actions``, ``is_legal`` and ``apply`` (what the tests import from
  ``gremlinrules.<game>``) become its ``REFERENCE_RULES`` module's own functions, the three that
  ``get_game(id, reference=True)`` binds, and so does ``is_terminal`` where the rules module has
  its own (the package's is the fast path's);
* ``gremlinrules.get_game(id)`` returns the game built with ``reference=True`` (what the
  scenario runner and the tests of the registry's game objects call).

The functions are the rules modules' objects themselves, looked up when the switch is thrown,
so a test calls exactly the module a mutation tester rewrote (mutmut's forced-fail run proves
each run reaches it). The differential and fast-path tests compare the ``fast`` and ``rules``
modules directly and mean nothing here: the mutation run leaves them out. Anything but
``fast`` (the default) or ``reference`` is refused, so a typo never silently tests the fast
paths.
"""

from __future__ import annotations

import importlib
import os

from gremlinrules import registry
from gremlinrules.core import game as _game
from gremlinrules.core import registry as _store

__all__ = ["RULES_SWITCH", "chosen_rules", "use_reference_rules"]

RULES_SWITCH = "GREMLINRULES_TEST_RULES"
"""The environment variable naming the rules the tests play: ``fast`` (default) or ``reference``."""

_CHOICES = ("fast", "reference")


def chosen_rules() -> str:
    """``fast`` or ``reference``, from the environment; anything else is a usage error."""
    value = os.environ.get(RULES_SWITCH) or "fast"
    if value not in _CHOICES:
        raise ValueError(f"{RULES_SWITCH} must be one of {', '.join(_CHOICES)}, not {value!r}")
    return value


def use_reference_rules() -> None:
    """Bind every registered game's package functions and registry entry to its rule book."""
    for game_id in registry.game_ids():
        module = importlib.import_module(registry._MODULES[game_id])
        for name in (*_game._RULE_FUNCTIONS, "is_terminal"):
            if hasattr(module.REFERENCE_RULES, name):
                setattr(module, name, getattr(module.REFERENCE_RULES, name))
        _store._ENTRIES[(module.__name__, False)] = _game.ModuleGame.from_module(module, reference=True)
