"""The ``gremlinrules-spec`` directive: a game's clauses and their traceability.

``.. gremlinrules-spec:: gnaughty-gnomes`` renders, from ``spec/<id>.toml``,
the tests in ``tests/`` that name each clause and the scenario vectors in
``spec/<id>/scenarios/``: the traceability matrix, then the interpretations
(with their options) and the assumptions, each with its reasoning.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from gremlinrules.core.spec import load_scenarios
from gremlinrules.core.spec import load_spec
from gremlinrules.core.trace import clause_tests

TESTS = Path(__file__).resolve().parents[2] / "tests"


def _esc(text: str) -> str:
    for ch in ("\\", "*", "`", "|"):
        text = text.replace(ch, "\\" + ch)
    return text


def _cell(lines: list[str]) -> str:
    return " |br| ".join(lines) if lines else "—"


class SpecDirective(SphinxDirective):
    """Render one game's clauses, traceability matrix, interpretations and assumptions."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        game_id = self.arguments[0]
        spec = load_spec(game_id)
        scenarios = load_scenarios(game_id)
        tests = clause_tests(TESTS)
        by_clause: dict[str, list[str]] = {}
        for s in scenarios:
            for cid in s.clauses:
                by_clause.setdefault(cid, []).append(s.path.split("/")[-1])
        self.env.note_dependency(str(TESTS))
        lines = [".. |br| raw:: html", "", "   <br/>", ""]
        counts = {k: sum(1 for c in spec.clauses if c.kind == k) for k in
                  ("rule", "interpretation", "assumption", "variant")}
        lines += [f"{len(spec.clauses)} clauses: " + ", ".join(f"{n} {k}" for k, n in counts.items())
                  + f". Rulebook: ``{spec.rulebook}``.", ""]
        lines += ["Traceability matrix", "^^^^^^^^^^^^^^^^^^^", ""]
        lines += [".. list-table::", "   :header-rows: 1", "   :widths: 12 10 14 34 30", "",
                  "   * - Clause", "     - Kind", "     - Section", "     - Rule (our words)",
                  "     - Verified by"]
        for c in spec.clauses:
            verified = [f"``{t.rsplit('/', 1)[-1]}``" for t in tests.get(c.id, [])]
            verified += [f"scenario ``{p}``" for p in by_clause.get(c.id, [])]
            lines += [f"   * - .. _{c.id}:", "", f"       **{c.id}**", f"     - {c.kind}",
                      f"     - {_esc(c.section)}", f"     - {_esc(c.text)}", f"     - {_cell(verified)}"]
        lines.append("")
        for kind, title in (("interpretation", "Interpretations"), ("assumption", "Assumptions"),
                            ("variant", "Variants")):
            chosen = [c for c in spec.clauses if c.kind == kind]
            if not chosen:
                continue
            lines += [title, "^" * len(title), ""]
            for c in chosen:
                option = f" Option: ``{c.option}``." if c.option else ""
                lines += [f"**{c.id}** ({_esc(c.section)}). {_esc(c.text)}{option}", ""]
                if c.notes:
                    lines += [f"   *Why:* {_esc(c.notes)}", ""]
        lines += ["Scenario vectors", "^^^^^^^^^^^^^^^^", ""]
        for s in scenarios:
            lines += [f"- ``{s.path}``: {_esc(s.name)} ({', '.join(s.clauses)})"]
        lines.append("")
        return self.parse_text_to_nodes("\n".join(lines), allow_section_headings=True)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("gremlinrules-spec", SpecDirective)
    return {"version": "1", "parallel_read_safe": True}
