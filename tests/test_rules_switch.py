"""The tests' switch to the reference rule books (tests/rules_switch.py, issue 28)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.rules_switch import RULES_SWITCH
from tests.rules_switch import chosen_rules

ROOT = Path(__file__).resolve().parent.parent

CHECK = """
import gremlinrules
from tests.rules_switch import use_reference_rules
use_reference_rules()
for game_id in gremlinrules.game_ids():
    game = gremlinrules.get_game(game_id)
    module = game.module
    for name in ("legal_actions", "is_legal", "apply"):
        assert getattr(module, name) is getattr(module.REFERENCE_RULES, name), (game_id, name)
        assert game.inner(name) is getattr(module.REFERENCE_RULES, name), (game_id, name)
    assert game.reference, game_id
print("reference", len(gremlinrules.game_ids()))
"""


def test_the_switch_binds_every_game_to_its_rule_book() -> None:
    """Thrown (in a fresh interpreter, as the root conftest throws it before any test module is
    imported), every game package's legal_actions, is_legal and apply are its rules module's
    own functions, and get_game(id) is the game built on them: what a mutation of rules.py
    reaches."""
    env = {**os.environ, RULES_SWITCH: "fast"}
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["reference", "5"]


def test_the_switch_refuses_a_value_it_does_not_know(monkeypatch: pytest.MonkeyPatch) -> None:
    """``fast`` and ``reference`` are the two settings (unset means fast); anything else is an error,
    so a typo never tests the fast paths while meaning the rule books."""
    monkeypatch.setenv(RULES_SWITCH, "reference")
    assert chosen_rules() == "reference"
    monkeypatch.delenv(RULES_SWITCH)
    assert chosen_rules() == "fast"
    monkeypatch.setenv(RULES_SWITCH, "refrence")
    with pytest.raises(ValueError, match="must be one of fast, reference"):
        chosen_rules()
