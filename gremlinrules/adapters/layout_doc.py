"""The view-encoding layout of every registered game as reStructuredText, for docs/ai.rst.

``python -m gremlinrules.adapters.layout_doc`` prints the blocks;
``python -m gremlinrules.adapters.layout_doc --write docs/ai.rst`` replaces
each game's block in place, between the comment lines
``.. layout-begin: <game-id>`` and ``.. layout-end: <game-id>``. A test
checks that the page matches the encoder, so the documented layout is the one
the adapters use.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import gremlinrules
from gremlinrules.adapters.encoding import view_encoder
from gremlinrules.core.protocol import Game

__all__ = ["BEGIN", "END", "game_block", "replace_blocks"]

BEGIN = ".. layout-begin: {}"
END = ".. layout-end: {}"


def game_block(game: Game) -> str:
    """The layout block of ``game``: sizes per player count and the table for the smallest count."""
    counts = tuple(game.player_counts)
    encoders = {n: view_encoder(game, n) for n in counts}
    first = encoders[counts[0]]
    varying = [f.name for f in first.layout()
               if len({next(g.size for g in encoders[n].layout() if g.name == f.name) for n in counts}) > 1]
    lines = [
        "Vector sizes: " + ", ".join(f"{encoders[n].size} values for {n} players" for n in counts) + ".",
        "",
    ]
    if varying:
        lines += ["Fields whose size depends on the player count: "
                  + ", ".join(f"``{name}``" for name in varying) + ".", ""]
    lines += [
        f"The layout for {counts[0]} players:",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 15 8 8 69",
        "",
        "   * - field",
        "     - offset",
        "     - size",
        "     - encoding",
    ]
    for f in first.layout():
        lines += [f"   * - ``{f.name}``", f"     - {f.offset}", f"     - {f.size}",
                  f"     - {f.encoding or 'nothing'}"]
    return "\n".join(lines)


def replace_blocks(text: str) -> str:
    """``text`` with every registered game's block regenerated between its markers."""
    for gid in gremlinrules.game_ids():
        begin, end = BEGIN.format(gid), END.format(gid)
        pattern = re.compile(re.escape(begin) + r"\n.*?" + re.escape(end), re.DOTALL)
        match = pattern.search(text)
        if match is None:
            raise SystemExit(f"no '{begin}' ... '{end}' block for {gid}")
        block = f"{begin}\n\n{game_block(gremlinrules.get_game(gid))}\n\n{end}"
        text = text[:match.start()] + block + text[match.end():]
    return text


def main(argv: list[str] | None = None) -> int:
    """Print every game's layout block, or rewrite them in a page with --write."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", type=Path, help="the .rst page whose blocks to replace")
    args = parser.parse_args(argv)
    if args.write is not None:
        path: Path = args.write
        path.write_text(replace_blocks(path.read_text(encoding="utf-8")), encoding="utf-8")
        return 0
    for gid in gremlinrules.game_ids():
        sys.stdout.write(f"{gid}\n\n{game_block(gremlinrules.get_game(gid))}\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
