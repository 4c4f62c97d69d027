"""``new_game`` without a seed: seed 0, the same table every call, and said so where a user meets it
(issue 28: Gymnasium's ``reset()`` is random when unseeded, so a user may expect the same)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import gremlinrules
from tests.conformance.support import GAME_IDS

ROOT = Path(__file__).resolve().parents[2]
SAID = "without a ``seed`` the seed is 0, so every call deals the same table"
"""What every ``new_game`` docstring says (case and line breaks aside)."""


def _plain(text: str) -> str:
    return " ".join(text.split()).lower()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_game_without_a_seed_deals_seed_0_and_its_docstring_says_so(game_id: str) -> None:
    """``new_game(players)`` is ``new_game(players, seed=0)``, the same table on every call (another
    seed deals another), and the game's ``new_game`` docstring, as the module and the ``Game``
    object show it, says so."""
    game = gremlinrules.get_game(game_id)
    players = min(game.player_counts)
    assert game.new_game(players) == game.new_game(players) == game.new_game(players, seed=0)
    assert game.new_game(players) != game.new_game(players, seed=1)
    module = importlib.import_module("gremlinrules." + game_id.replace("-", "_"))
    for doc in (module.new_game.__doc__, game.new_game.__doc__):
        assert SAID in _plain(doc or ""), f"{game_id}: new_game's docstring does not say what no seed does"


def test_the_protocol_and_the_first_pages_say_what_no_seed_does() -> None:
    """The ``Game`` protocol's ``new_game``, the README's embedding example and the docs' quick
    start each say that no seed means seed 0 and the same table every time."""
    assert SAID in _plain(gremlinrules.Game.new_game.__doc__ or "")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    embedding = re.search(r"^## Embedding\n(.*?)^## ", readme, re.MULTILINE | re.DOTALL)
    assert embedding is not None
    quickstart = (ROOT / "docs" / "quickstart.rst").read_text(encoding="utf-8")
    for name, text in (("README.md, Embedding", embedding[1]), ("docs/quickstart.rst", quickstart)):
        plain = _plain(text.replace("``", "`"))
        assert "without a `seed` uses seed 0" in plain, name
        assert "same table every time" in plain, name
