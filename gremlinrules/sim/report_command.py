"""The ``gremlinrules report`` subcommand: its arguments, and a thin layer over
:func:`~gremlinrules.sim.report.write_report`."""

from __future__ import annotations

import argparse
from typing import Any

from gremlinrules.sim import plots
from gremlinrules.sim.report import write_report

__all__ = ["add_report_parser", "run_report"]

_DESCRIPTION = """\
Write a balance report from the JSON Lines results of 'gremlinrules simulate'
(plain, or gzipped .jsonl.gz). Per game, a summary and the findings a designer
should read (seats or bots beyond chance, games nobody scored in, games a house
rule's bound ended); then per player count and line-up of bots: each seat's win
rate with its 95% Wilson interval (a win shared by k tied winners counts 1/k to
each), whether seat 0 has an advantage beyond chance (its interval lies wholly
above the fair rate; asked again of the games with a single winner), a
chi-square test of equal seat wins, game length and score quantiles and
histograms, and how games ended; bot against bot where line-ups mix bots.
Seat effects are judged only in line-ups with the same bot in every seat (where
bots differ, a seat's rate is also its bot's), and a bot's rate over all seats
only where it sat in every seat equally often, as 'simulate --rotate' seats it.

The report is Markdown (.md: a Sphinx page through myst-parser, as a toctree
entry, or included by a page: see --relative-to) or one HTML page (.html).
Figures (matplotlib, the sim extra) go to REPORT_files/ beside it, or to
--figures DIR, linked by relative paths. The same results give the same
report and figures, byte for byte.
"""


def add_report_parser(sub: Any) -> None:
    """Add the ``report`` subcommand to ``sub`` (the CLI's subparsers)."""
    p = sub.add_parser("report", help="a balance report (Markdown or HTML, with plots) of simulate's results",
                       description=_DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("results", nargs="+", metavar="RESULTS", help="results files (.jsonl or .jsonl.gz)")
    p.add_argument("--out", required=True, metavar="REPORT", help="the report: REPORT.md or REPORT.html")
    p.add_argument("--figures", metavar="DIR", default=None,
                   help="directory for the figures (default: REPORT_files beside the report)")
    p.add_argument("--format", choices=plots.FORMATS, default="svg", dest="image_format",
                   help="figure format (default svg)")
    p.add_argument("--no-plots", action="store_true", help="tables only: no figures, no matplotlib needed")
    p.add_argument("--title", default=None, help="the report's title (default: 'Balance report: GAME')")
    p.add_argument("--relative-to", metavar="DIR", default=None,
                   help="write image links relative to DIR (default: the report's directory); for a "
                   "Sphinx page in DIR that includes the Markdown with '.. include::'")


def run_report(args: Any) -> None:
    """Run ``gremlinrules report`` with the parsed ``args``."""
    path = write_report(args.results, args.out, figures=args.figures, image_format=args.image_format,
                        with_plots=not args.no_plots, title=args.title, relative_to=args.relative_to)
    print(f"Report written to {path}")
