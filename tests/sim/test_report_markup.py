"""The report's Markdown and HTML (gremlinrules.sim.markup): text from the records stays text."""

from __future__ import annotations

import html
import string

from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.sim.markup import Bullets
from gremlinrules.sim.markup import Heading
from gremlinrules.sim.markup import Image
from gremlinrules.sim.markup import Paragraph
from gremlinrules.sim.markup import Table
from gremlinrules.sim.markup import to_html
from gremlinrules.sim.markup import to_markdown

# Bot names and clause ids come from files and plugins: any printable ASCII, punctuation included.
texts = st.text(alphabet=string.ascii_letters + string.digits + string.punctuation + " ", min_size=1,
                max_size=30).filter(lambda t: t.strip() != "")


def _myst(markdown: str) -> object:
    from docutils.core import publish_doctree  # type: ignore[import-untyped]  # no stubs
    from myst_parser.parsers.docutils_ import Parser

    # doctitle_xform off: the headings stay sections (docutils would lift a lone title and
    # subtitle out of them), so every paragraph below sits in a section
    return publish_doctree(markdown, parser=Parser(), settings_overrides={
        "report_level": 5, "warning_stream": False, "doctitle_xform": False})


@given(texts, texts)
def test_markdown_text_reads_back_as_the_same_plain_text(cell: str, line: str) -> None:
    """Whatever a table cell, a paragraph, a bullet or a heading holds (``|``, ``*``, ``&amp;``,
    ``1.``, ``<b>``...), myst-parser reads it back as that text (spaces collapsed): no markup,
    no entity, no list, no extra cell."""
    from docutils.nodes import entry  # type: ignore[import-untyped, unused-ignore]
    from docutils.nodes import list_item  # type: ignore[import-untyped, unused-ignore]
    from docutils.nodes import paragraph  # type: ignore[import-untyped, unused-ignore]
    from docutils.nodes import title  # type: ignore[import-untyped, unused-ignore]

    tree = _myst(to_markdown([Heading(1, "Title"), Heading(2, line), Table(("a", "b"), ((cell, "x"),)),
                              Paragraph(line), Bullets((line,))]))
    want_cell, want_line = " ".join(cell.split()), " ".join(line.split())
    assert [e.astext() for e in tree.findall(entry)] == ["a", "b", want_cell, "x"]  # type: ignore[attr-defined]
    paragraphs = [p.astext() for p in tree.findall(paragraph)  # type: ignore[attr-defined]
                  if p.parent.tagname == "section"]
    assert paragraphs == [want_line]
    assert [i.astext() for i in tree.findall(list_item)] == [want_line]  # type: ignore[attr-defined]
    assert [t.astext() for t in tree.findall(title)] == ["Title", want_line]  # type: ignore[attr-defined]


@given(texts)
def test_html_escapes_every_text(text: str) -> None:
    """In the HTML page a text is escaped wherever it appears, so it never opens a tag."""
    page = to_html([Heading(1, text), Paragraph(text), Table(("h",), ((text,),)), Bullets((text,)),
                    Image("f/x.svg", text)])
    assert page.count(html.escape(text)) >= 5 + (text == "h")
    body = page.split("<body>")[1]
    tags = [part.split(">")[0].split()[0].strip("/") for part in body.split("<")[1:]]
    assert set(tags) <= {"h1", "p", "table", "thead", "tbody", "tr", "th", "td", "ul", "li", "figure", "img",
                         "body", "html"}


def test_markdown_tables_align_numbers_right_and_images_link_relatively() -> None:
    """A numeric column gets a ``---:`` rule; an image is a relative link with its description;
    numbers such as 71.4% and -3 are written as they are (escaped only where they would start a
    list: "1. x")."""
    md = to_markdown([Heading(1, "T"), Table(("name", "n"), (("71.4%", "-3"),), (False, True)),
                      Paragraph("1. x"), Image("r_files/a b.svg", "seat rates")])
    assert "| --- | ---: |" in md
    assert "| 71.4% | -3 |" in md
    assert "\n1\\. x\n" in md
    assert "![seat rates](r_files/a%20b.svg)" in md
