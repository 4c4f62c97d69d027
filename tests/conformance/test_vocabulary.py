"""One vocabulary (issue 29): every game's public module calls the same things by the same names,
and each name renamed to get there still works for one release, warning and naming its new name.

The names (docs/embedding.rst, "Names"): ``REFERENCE`` is the reference component set;
``load_components`` reads a user's set from TOML text or a file; ``parse_components`` builds one
from parsed data; ``validate_components`` re-checks a set built otherwise (decoded from JSON, made
by hand); the module ``text`` holds ``action_label`` (and ``parse_action``) and ``notation`` the
readable JSON notation where the game has one.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import gremlinrules
from gremlinrules.gremlins_inc import REFERENCE as GI_REFERENCE

GAME_MODULES: dict[str, ModuleType] = {
    g: importlib.import_module("gremlinrules." + g.replace("-", "_")) for g in gremlinrules.game_ids()}
"""Game id -> its public module."""

WITH_PARSER = frozenset({"goblins-vs-gnomes", "gremlins-inc", "gremlins-the-game", "no-good-gremlins"})
"""The games whose component set has a data layout of its own (``parse_components``); Gnaughty
Gnomes' set is a handful of numbers, read from TOML text alone."""
WITH_VALIDATOR = frozenset({"goblins-vs-gnomes", "gremlins-the-game", "no-good-gremlins"})
"""The games with a user's set in ``Options`` that check a set built otherwise with
``validate_components`` (Gremlins, Inc. re-reads ``Components.to_data()`` instead)."""
WITH_NOTATION = frozenset({"gnaughty-gnomes", "goblins-vs-gnomes", "no-good-gremlins"})
"""The games whose states' JSON is a notation of its own rather than their fields."""

SHIPPED_GI_DECK = Path(gremlinrules.gremlins_inc.__file__).with_name("components.toml")


@pytest.mark.parametrize("game_id", sorted(GAME_MODULES))
def test_every_game_module_uses_the_shared_names(game_id: str) -> None:
    """Each game's public module exports the reference set as ``REFERENCE`` (of its own
    ``Components``), ``load_components``, and the parser and validator where the game has them;
    its action texts are in ``text`` and its own JSON notation, if any, in ``notation``."""
    module = GAME_MODULES[game_id]
    exported = set(module.__all__)
    assert {"REFERENCE", "Components", "load_components", "action_label", "parse_action"} <= exported
    assert type(module.REFERENCE) is module.Components
    assert ("parse_components" in exported) == (game_id in WITH_PARSER)
    assert ("validate_components" in exported) == (game_id in WITH_VALIDATOR)
    text = importlib.import_module(f"{module.__name__}.text")
    assert module.action_label is text.action_label
    has_notation = importlib.util.find_spec(f"{module.__name__}.notation") is not None
    assert has_notation == (game_id in WITH_NOTATION)
    for old in ("COMPONENTS", "load_components_file", "labels", "codec"):
        assert old not in exported


def _gi_file_loader(value: Any) -> None:
    assert value(SHIPPED_GI_DECK, reference=True) == GI_REFERENCE


def _is(expected: Callable[[], object]) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        assert value is expected()
    return check


ATTRIBUTE_ALIASES: list[tuple[str, str, str, Callable[[Any], None]]] = [
    ("gremlinrules.gnaughty_gnomes.components", "COMPONENTS",
     "gremlinrules.gnaughty_gnomes.components.REFERENCE",
     _is(lambda: gremlinrules.gnaughty_gnomes.components.REFERENCE)),
    ("gremlinrules.goblins_vs_gnomes", "COMPONENTS", "gremlinrules.goblins_vs_gnomes.REFERENCE",
     _is(lambda: gremlinrules.goblins_vs_gnomes.REFERENCE)),
    ("gremlinrules.goblins_vs_gnomes.components", "COMPONENTS",
     "gremlinrules.goblins_vs_gnomes.components.REFERENCE",
     _is(lambda: gremlinrules.goblins_vs_gnomes.REFERENCE)),
    ("gremlinrules.gremlins_inc", "load_components_file", "load_components(Path(path))", _gi_file_loader),
    ("gremlinrules.gremlins_inc.components", "load_components_file", "load_components(Path(path))",
     _gi_file_loader),
    ("gremlinrules.gnaughty_gnomes", "labels", "gremlinrules.gnaughty_gnomes.text",
     _is(lambda: importlib.import_module("gremlinrules.gnaughty_gnomes.text"))),
    ("gremlinrules.gnaughty_gnomes", "codec", "gremlinrules.gnaughty_gnomes.notation",
     _is(lambda: importlib.import_module("gremlinrules.gnaughty_gnomes.notation"))),
    ("gremlinrules.goblins_vs_gnomes.rules", "RULES", "gremlinrules.goblins_vs_gnomes.rules.rule_book()",
     _is(lambda: gremlinrules.goblins_vs_gnomes.rules.rule_book())),
]
"""(module, old attribute, the new name its warning names, a check of the value it gives)."""

MODULE_ALIASES: list[tuple[str, str]] = [
    ("gremlinrules.gnaughty_gnomes.labels", "gremlinrules.gnaughty_gnomes.text"),
    ("gremlinrules.gnaughty_gnomes.codec", "gremlinrules.gnaughty_gnomes.notation"),
]
"""(old module, new module): the old one is a shim re-exporting the new one."""


@pytest.mark.parametrize(("module_name", "old", "new", "check"), ATTRIBUTE_ALIASES,
                         ids=[f"{m}.{o}" for m, o, _, _ in ATTRIBUTE_ALIASES])
def test_each_old_name_still_works_and_warns_naming_the_new_one(
        module_name: str, old: str, new: str, check: Callable[[Any], None],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading a renamed attribute gives what it gave before, with one DeprecationWarning that
    names the old and the new name and points at the reader's line."""
    module = importlib.import_module(module_name)
    monkeypatch.delitem(module.__dict__, old, raising=False)  # a shim imported before is bound on its package
    with pytest.warns(DeprecationWarning, match=re.escape(new)) as caught:
        value = getattr(module, old)
    assert len(caught) == 1
    assert f"{module_name}.{old} is deprecated" in str(caught[0].message)
    assert caught[0].filename == __file__
    check(value)


@pytest.mark.parametrize(("old", "new"), MODULE_ALIASES, ids=[o for o, _ in MODULE_ALIASES])
def test_each_old_module_still_imports_and_warns_naming_the_new_one(
        old: str, new: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Importing a renamed module warns, naming the new one, and gives its public names (and the
    rest of its attributes) as they are in the new module."""
    monkeypatch.delitem(sys.modules, old, raising=False)
    package = importlib.import_module(old.rpartition(".")[0])
    monkeypatch.delitem(package.__dict__, old.rpartition(".")[2], raising=False)
    with pytest.warns(DeprecationWarning, match=re.escape(new)) as caught:
        shim = importlib.import_module(old)
    assert len(caught) == 1
    assert f"{old} is deprecated" in str(caught[0].message)
    target = importlib.import_module(new)
    assert shim.__all__ == target.__all__
    assert all(getattr(shim, name) is getattr(target, name) for name in target.__all__)
    rest = {name: value for name, value in vars(target).items() if not name.startswith("__")}
    assert all(getattr(shim, name) is value for name, value in rest.items())


def test_gremlins_inc_load_components_still_takes_data_and_warns() -> None:
    """``gremlins_inc.load_components(data)``, which took parsed data before issue 29, still gives
    that set for one release and warns, naming ``parse_components``."""
    from gremlinrules.gremlins_inc import load_components

    with pytest.warns(DeprecationWarning, match=re.escape("parse_components(data)")) as caught:
        again = load_components(GI_REFERENCE.to_data())  # type: ignore[arg-type]
    assert caught[0].filename == __file__
    assert again == GI_REFERENCE


def test_the_new_names_do_not_warn() -> None:
    """The new names are plain attributes: reading them warns nothing."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for module in GAME_MODULES.values():
            assert module.REFERENCE is module.components.REFERENCE
            importlib.import_module(f"{module.__name__}.text")
