"""A balance report as a few plain blocks, written out as Markdown or as one HTML page.

The Markdown is CommonMark plus pipe tables, as myst-parser reads it: one title, relative
image links, no raw HTML, so a Sphinx page can include it (``.. include:: balance.md`` with
``:parser: myst_parser.sphinx_``, or the file itself as a source). Text from the records
(bot names, clause ids) is escaped, so a name with a ``|`` or ``*`` cannot break a table or
start emphasis.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

import attrs

__all__ = ["Block", "Bullets", "Code", "Heading", "Image", "Paragraph", "Table", "to_html", "to_markdown"]


@attrs.frozen
class Heading:
    """A heading; level 1 is the title (one per report)."""

    level: int
    """1 (title) to 4."""
    text: str
    """The heading's words."""


@attrs.frozen
class Paragraph:
    """A paragraph of plain text."""

    text: str
    """The words; escaped on output."""


@attrs.frozen
class Bullets:
    """A bulleted list of plain-text items."""

    items: tuple[str, ...]
    """One line of plain text each."""


@attrs.frozen
class Code:
    """A literal block (a command line)."""

    text: str
    """Shown as is, in a monospace block."""


@attrs.frozen
class Table:
    """A table of plain-text cells; ``numeric`` columns are right-aligned."""

    header: tuple[str, ...]
    """Column titles."""
    rows: tuple[tuple[str, ...], ...]
    """Cells, one tuple per row, as long as the header."""
    numeric: tuple[bool, ...] = ()
    """Per column, True to right-align (missing columns: left)."""


@attrs.frozen
class Image:
    """A figure: an image file and its description."""

    src: str
    """The image's path relative to the report's directory, with ``/`` separators."""
    alt: str
    """What the image shows, for a reader who cannot see it."""


Block = Heading | Paragraph | Bullets | Code | Table | Image

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~&$!{}])")
# What starts a block at the beginning of a line: an ordered or bullet list marker (followed by a
# space or the end), a thematic break (---), a myst comment (%) or target ("(name)="). Only
# these are escaped, so a line such as "71.4%" or "-3" reads as it is in the source too.
_MD_BLOCK_START = re.compile(r"^(\d{1,9})([.)])(?=\s|$)|^([-+])(?=\s|$|-)|^(%)|^(\()(?=[^)]*\)=)")


def _md(text: str) -> str:
    """Escape what would start Markdown syntax in a line (inline marks and entities anywhere, a
    block marker at its start), and keep it one line."""
    line = _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))
    return _MD_BLOCK_START.sub(lambda m: f"{m[1]}\\{m[2]}" if m[1] else "\\" + (m[3] or m[4] or m[5]), line)


def _md_url(src: str) -> str:
    return src.replace(" ", "%20").replace("(", "%28").replace(")", "%29")


def _md_table(table: Table) -> list[str]:
    right = [i < len(table.numeric) and table.numeric[i] for i in range(len(table.header))]
    lines = ["| " + " | ".join(_md(h) for h in table.header) + " |",
             "| " + " | ".join("---:" if r else "---" for r in right) + " |"]
    lines += ["| " + " | ".join(_md(c) for c in row) + " |" for row in table.rows]
    return lines


def to_markdown(blocks: Sequence[Block]) -> str:
    """The blocks as Markdown (CommonMark with pipe tables), ending in one newline."""
    parts: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            parts.append("#" * block.level + " " + _md(block.text))
        elif isinstance(block, Paragraph):
            parts.append(_md(block.text))
        elif isinstance(block, Bullets):
            parts.append("\n".join("- " + _md(item) for item in block.items))
        elif isinstance(block, Code):
            fence = "````" if "```" in block.text else "```"
            parts.append(f"{fence}text\n{block.text.rstrip()}\n{fence}")
        elif isinstance(block, Table):
            parts.append("\n".join(_md_table(block)))
        else:
            parts.append(f"![{_md(block.alt)}]({_md_url(block.src)})")
    return "\n\n".join(parts) + "\n"


_CSS = """body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
  line-height: 1.45; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; }
th { background: #f3f3f3; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
img { max-width: 100%; }
pre { background: #f6f6f6; padding: 0.6rem; overflow-x: auto; }"""


def to_html(blocks: Sequence[Block]) -> str:
    """The blocks as one self-contained HTML page (images linked, not embedded)."""
    esc = html.escape
    title = next((b.text for b in blocks if isinstance(b, Heading) and b.level == 1), "Balance report")
    body: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            body.append(f"<h{block.level}>{esc(block.text)}</h{block.level}>")
        elif isinstance(block, Paragraph):
            body.append(f"<p>{esc(block.text)}</p>")
        elif isinstance(block, Bullets):
            body.append("<ul>\n" + "\n".join(f"<li>{esc(i)}</li>" for i in block.items) + "\n</ul>")
        elif isinstance(block, Code):
            body.append(f"<pre><code>{esc(block.text.rstrip())}</code></pre>")
        elif isinstance(block, Table):
            cls = [' class="num"' if i < len(block.numeric) and block.numeric[i] else ""
                   for i in range(len(block.header))]
            head = "".join(f"<th{c}>{esc(h)}</th>" for c, h in zip(cls, block.header, strict=True))
            rows = "\n".join("<tr>" + "".join(f"<td{c}>{esc(v)}</td>" for c, v in zip(cls, row, strict=True))
                             + "</tr>" for row in block.rows)
            body.append(f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>")
        else:
            body.append(f'<figure><img src="{esc(block.src)}" alt="{esc(block.alt)}"></figure>')
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{esc(title)}</title>\n<style>\n{_CSS}\n</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")
