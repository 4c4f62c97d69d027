"""The ``gremlins-inc-cards`` directive: the Gremlins, Inc. reference deck as a table.

``.. gremlins-inc-cards::`` renders every design of
``gremlinrules/gremlins_inc/components.toml`` (through the validated
:data:`~gremlinrules.gremlins_inc.components.REFERENCE`), one row per design:
name and id, kind, copies, the resource it counts as, its cost or completion
cost, score, whether it may start face up, its text, its script and the
GI-DECK clause that groups it. ``:kind: action`` (or ``blueprint``,
``permanent``) keeps one kind. The table is generated, so it cannot drift
from the data.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from gremlinrules.core.spec import spec_dir
from gremlinrules.gremlins_inc.components import KINDS
from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.components import Card
from gremlinrules.gremlins_inc.components import Passive
from gremlinrules.gremlins_inc.components import Step

KIND_TITLES = {"action": "action", "blueprint": "blueprint", "permanent": "blueprint-permanent"}


def _esc(text: str) -> str:
    for ch in ("\\", "*", "`", "|", "_"):
        text = text.replace(ch, "\\" + ch)
    return text


def card_clauses() -> dict[str, str]:
    """Each design id with the GI-DECK clause that lists it after "Cards:"."""
    path = spec_dir() / "gremlins-inc" / "clauses" / "deck.toml"
    out: dict[str, str] = {}
    for clause in tomllib.loads(path.read_text(encoding="utf-8")).get("clause", []):
        text = " ".join(str(clause.get("text", "")).split())
        if "Cards:" in text:
            for card_id in text.split("Cards:", 1)[1].split(","):
                out[card_id.strip(" .")] = str(clause["id"])
    return out


def _price(pairs: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{n} {r}" for r, n in pairs) or "free"


def _step(step: Step) -> str:
    defaults = Step(step.op)
    parts = [f"{k}={getattr(step, k)}" for k in ("amount", "target", "which", "resource", "to", "among")
             if getattr(step, k) != getattr(defaults, k)]
    return f"{step.op}({', '.join(parts)})"


def _passive(p: Passive) -> str:
    defaults = Passive(p.effect)
    parts = [f"{k}={getattr(p, k)}" for k in ("kind", "resource", "change", "amount", "against")
             if getattr(p, k) != getattr(defaults, k)]
    return f"{p.effect}({', '.join(parts)})"


def _script(card: Card) -> str:
    items = [f"``{_step(s)}``" for s in card.effect] + [f"``{_passive(p)}``" for p in card.passive]
    return "; ".join(items) or "—"


class CardsDirective(SphinxDirective):
    """Render the reference deck, or one kind of it, as a list table."""

    has_content = False
    option_spec = {"kind": lambda arg: directives.choice(arg, KINDS)}

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        kind = self.options.get("kind")
        cards = [c for c in REFERENCE.cards if kind in (None, c.kind)]
        clauses = card_clauses()
        # The clause labels live on the game's rules page (the gremlinrules-spec directive); link
        # to them only when that page is part of the build.
        linked = (Path(self.env.srcdir) / "games" / "gremlins-inc.rst").is_file()
        copies = sum(c.copies for c in cards)
        what = f"{KIND_TITLES[kind]} cards" if kind else "cards"
        lines = [f"{len(cards)} designs, {copies} {what}.", "",
                 ".. list-table::", "   :header-rows: 1", "   :widths: 14 8 5 7 10 5 26 20 5", "",
                 "   * - Card", "     - Kind", "     - Copies", "     - Counts as",
                 "     - Cost / completion", "     - Score", "     - Text", "     - Script", "     - Clause"]
        def order(c: Card) -> tuple[int, int, int, str]:
            group = clauses.get(c.id, "GI-DECK-0").rsplit("-", 1)[1]
            return KINDS.index(c.kind), int(group), c.score, c.name

        for c in sorted(cards, key=order):
            price = _price(c.cost) if c.kind == "action" else _price(c.needs)
            face = " (may start face up)" if c.face_up else ""
            clause = clauses.get(c.id, "")
            cell = f":ref:`{clause} <{clause}>`" if clause and linked else clause or "—"
            lines += [f"   * - **{_esc(c.name)}**", "", f"       ``{c.id}``",
                      f"     - {KIND_TITLES[c.kind]}{face}", f"     - {c.copies}", f"     - {c.resource}",
                      f"     - {price}",
                      f"     - {c.score or '—'}", f"     - {_esc(c.text)}", f"     - {_script(c)}",
                      f"     - {cell}"]
        lines.append("")
        self.env.note_dependency(str(spec_dir() / "gremlins-inc" / "clauses" / "deck.toml"))
        return self.parse_text_to_nodes("\n".join(lines))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("gremlins-inc-cards", CardsDirective)
    return {"version": "1", "parallel_read_safe": True}
