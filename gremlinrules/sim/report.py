"""The balance report: ``gremlinrules report RESULTS... --out REPORT.md|REPORT.html``.

Reads the JSON Lines that ``gremlinrules simulate --out`` writes (plain, or gzipped as
``.jsonl.gz``) and reports, per game and player count:

* each seat's win rate with its 95% Wilson interval, one table per line-up of bots (a
  tie shared by ``k`` winners counts ``1/k`` to each), and whether the first player (seat 0)
  has an advantage beyond chance: **its interval lies wholly above the fair rate**. The fair
  rate is the share of games that have a winner divided by the number of seats (``1/players``
  when every game has one). A chi-square test of equal seat wins across all seats is shown
  beside it, for a reader who wants one number for "the seats are not alike";
* bot against bot, when more than one bot plays that count: each bot's win rate in each
  seat it sat in, pooled over the line-ups, with intervals;
* game length (decisions) and scores: quantiles and histograms;
* how games ended (``ended_by``: counts and shares), the share of games where nobody scored
  (every score 0), and where every seat is a winner.

Records are read with :func:`gremlinrules.sim.records.read_records`, the reader of the
format ``simulate`` writes.

Figures go next to the report (``REPORT_files/``, or ``figures=``), linked by relative paths,
so the Markdown can be included in a Sphinx page through myst-parser as it stands. The
output depends only on the records (no date, no absolute path): the same results give the
same report byte for byte.
"""

from __future__ import annotations

import math
import os
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from gremlinrules.core.errors import GremlinRulesError, InvalidArgumentError, SerializationError, shown
from gremlinrules.sim import plots
from gremlinrules.sim.markup import Block, Bullets, Heading, Image, Paragraph, Table, to_html, to_markdown
from gremlinrules.sim.records import FORMAT, read_records
from gremlinrules.sim.stats import SUMMARY_LEVELS, Rate, chi_square_uniform, rate, summarise, win_credits

__all__ = ["GameResult", "build_report", "load_results", "write_report"]

@attrs.frozen
class GameResult:
    """One simulated game, as one line of a results file records it."""

    game: str
    """The game's id."""
    index: int
    """The game's index in its run."""
    seed: int
    """The game's own seed."""
    players: int
    """Seats."""
    bots: tuple[str, ...]
    """The bot spec in each seat."""
    scores: tuple[int, ...]
    """Final score per seat."""
    winners: tuple[int, ...]
    """Winning seats (a shared win: several; none where the rules let everyone lose)."""
    decisions: int
    """Actions applied."""
    ended_by: str
    """The clause that ended the game (``Game.end_reason``)."""
    seconds: float
    """Wall time of the game."""


def _field(obj: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise SerializationError(f"{where}: '{key}' must be {kind.__name__}, not {shown(value)}", f"$.{key}")
    return value


def _int_list(obj: dict[str, Any], key: str, where: str) -> tuple[int, ...]:
    values = _field(obj, key, list, where)
    if any(isinstance(v, bool) or not isinstance(v, int) for v in values):
        raise SerializationError(f"{where}: '{key}' must be a list of integers, not {shown(values)}",
                                 f"$.{key}")
    return tuple(values)


def parse_result(obj: Any, where: str = "record") -> GameResult:
    """A :class:`GameResult` from one decoded record; a malformed one raises SerializationError."""
    if not isinstance(obj, dict):
        raise SerializationError(f"{where}: a record is a JSON object, not {shown(obj)}")
    if obj.get("format") != FORMAT:
        raise SerializationError(f"{where}: record format {shown(obj.get('format'))} is not one this "
                                 f"library reads ({FORMAT})", "$.format")
    players = _field(obj, "players", int, where)
    bots = _field(obj, "bots", list, where)
    scores = _int_list(obj, "scores", where)
    winners = _int_list(obj, "winners", where)
    if players < 1 or len(bots) != players or len(scores) != players:
        raise SerializationError(f"{where}: {players} players need one bot and one score per seat", "$")
    if not all(isinstance(b, str) and b for b in bots):
        raise SerializationError(f"{where}: 'bots' must be names, not {shown(bots)}", "$.bots")
    if len(set(winners)) != len(winners) or not all(0 <= w < players for w in winners):
        raise SerializationError(f"{where}: winners {shown(winners)} are not distinct seats", "$.winners")
    seconds = obj.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        raise SerializationError(f"{where}: 'seconds' must be a number, not {shown(seconds)}", "$.seconds")
    return GameResult(
        game=_field(obj, "game", str, where), index=_field(obj, "index", int, where),
        seed=_field(obj, "seed", int, where), players=players, bots=tuple(bots), scores=scores,
        winners=winners, decisions=_field(obj, "decisions", int, where),
        ended_by=_field(obj, "ended_by", str, where), seconds=float(seconds))


@attrs.frozen
class Results:
    """The records read from some results files."""

    games: tuple[GameResult, ...]
    """Every distinct game, in the order first read."""
    sources: tuple[str, ...]
    """The files' names (without their directories)."""
    duplicates: int
    """Records seen before (the same game, index, seed, players and bots: a file given twice),
    counted once."""


def load_results(paths: Iterable[str | os.PathLike[str]]) -> Results:
    """Read results files (JSON Lines; gzipped when the name ends in ``.gz``).

    Lines are read by :func:`gremlinrules.sim.records.read_records` (a truncated last line, a
    killed writer's, is dropped; a line that is not a JSON object raises its
    :class:`~gremlinrules.sim.records.SimulationError`); each record's fields are checked here
    (:class:`SerializationError` naming the file and line). A game read twice counts once.
    """
    games: list[GameResult] = []
    seen: set[tuple[str, int, int, int, tuple[str, ...]]] = set()
    sources: list[str] = []
    duplicates = 0
    for p in paths:
        path = Path(p)
        sources.append(path.name)
        for number, record in enumerate(read_records(path), 1):
            result = parse_result(record, f"{path.name}:{number}")
            key = (result.game, result.index, result.seed, result.players, result.bots)
            if key in seen:
                duplicates += 1
                continue
            seen.add(key)
            games.append(result)
    if not games:
        raise InvalidArgumentError("no game records in " + ", ".join(sources or ["no files"]))
    return Results(tuple(games), tuple(sources), duplicates)


# --- numbers as the report prints them -------------------------------------------------------

def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(r: Rate) -> str:
    return f"{_pct(r.low)} to {_pct(r.high)}"


def _num(x: float) -> str:
    """A quantile or credit: whole numbers bare, others to one decimal (two below 1)."""
    if x == int(x):
        return str(int(x))
    return f"{x:.2f}" if abs(x) < 1 else f"{x:.1f}"


def _verdict(r: Rate, fair: float) -> str:
    return {1: "above", -1: "below", 0: "within chance"}[r.compare(fair)]


_LEVEL_NAMES = {0.0: "min", 0.05: "5%", 0.25: "25%", 0.5: "median", 0.75: "75%", 0.95: "95%", 1.0: "max"}
_SUMMARY_HEADER = ("mean", *(_LEVEL_NAMES[q] for q in SUMMARY_LEVELS))


def _summary_cells(values: Sequence[float]) -> tuple[str, ...]:
    s = summarise(values)
    return (f"{s.mean:.1f}", *(_num(q) for q in s.quantiles))


# --- the report ------------------------------------------------------------------------------

@attrs.define
class _Figures:
    """Where figures go and how the report links them; draws nothing when ``directory`` is None."""

    directory: Path | None
    link_base: Path
    fmt: str
    written: list[Path] = attrs.Factory(list)

    def add(self, blocks: list[Block], name: str, alt: str, draw: Any, *args: Any, **kwargs: Any) -> None:
        if self.directory is None:
            return
        path = self.directory / f"{name}.{self.fmt}"
        draw(path, *args, **kwargs)
        self.written.append(path)
        link = Path(os.path.relpath(path, self.link_base)).as_posix()
        blocks.append(Image(link, alt))


def _lineup_label(bots: tuple[str, ...]) -> str:
    if len(set(bots)) == 1:
        return f"{bots[0]} in every seat"
    return " / ".join(bots)


def _title(game_id: str) -> str:
    from gremlinrules.core.registry import get_game

    try:
        return get_game(game_id).title
    except GremlinRulesError:  # a game registered by a plugin that is not loaded here
        return game_id


_SEAT0 = {1: "an advantage beyond chance", -1: "a disadvantage beyond chance",
          0: "no advantage beyond chance"}


def _seats(blocks: list[Block], figs: _Figures, games: Sequence[GameResult], stem: str, h: str) -> None:
    players = games[0].players
    bots = games[0].bots
    n = len(games)
    credit = [0.0] * players
    for g in games:
        for seat, c in enumerate(win_credits(g.winners, players)):
            credit[seat] += c
    alone = [0] * players
    for g in games:
        if len(g.winners) == 1:
            alone[g.winners[0]] += 1
    decided = sum(alone)
    rates = [rate(min(c, n), n) for c in credit]
    fair = sum(credit) / (n * players)
    blocks.append(Heading(len(h) + 1, "Seat win rates"))
    blocks.append(Table(("Seat", "Bot", "Wins", "Won alone", "Win rate", "95% CI", "vs fair rate"),
                        tuple((str(s), bots[s], _num(round(r.successes, 2)), str(alone[s]), _pct(r.value),
                               _ci(r), _verdict(r, fair)) for s, r in enumerate(rates)),
                        (True, False, True, True, True, True, False)))
    first = rates[0]
    blocks.append(Paragraph(
        f"Seat 0 wins {_pct(first.value)} of {n} games (95% CI {_ci(first)}) against a fair rate of "
        f"{_pct(fair)}: {_SEAT0[first.compare(fair)]}."))
    if 0 < decided < n:
        # Shared wins pull every seat toward the fair rate; the games one seat won alone show
        # the same question without them.
        solo = rate(alone[0], decided)
        blocks.append(Paragraph(
            f"{decided} of {n} games ({_pct(decided / n)}) had a single winner; seat 0 won "
            f"{_pct(solo.value)} of those (95% CI {_ci(solo)}) against a fair {_pct(1 / players)}: "
            f"{_SEAT0[solo.compare(1 / players)]}."))
    if players > 1 and sum(credit) > 0:
        chi = chi_square_uniform(credit)
        blocks.append(Paragraph(
            f"Chi-square test of equal wins over all {players} seats: statistic {chi.statistic:.2f} with "
            f"{chi.df} degree{'s' if chi.df > 1 else ''} of freedom, p = {chi.p_value:.3g}"
            + (" (the seats differ beyond chance at the 5% level)." if chi.p_value < 0.05 else ".")))
    figs.add(blocks, f"{stem}-seats", f"Win rate of each seat with its 95% interval, {players} players",
             plots.seat_rates, [f"seat {s}" for s in range(players)], [r.value for r in rates],
             [(r.low, r.high) for r in rates], fair, title=f"Seat win rates, {players} players")


def _length(blocks: list[Block], figs: _Figures, games: Sequence[GameResult], stem: str, h: str) -> None:
    decisions = [g.decisions for g in games]
    blocks.append(Heading(len(h) + 1, "Game length"))
    blocks.append(Table(("Decisions", *_SUMMARY_HEADER), (("per game", *_summary_cells(decisions)),),
                        (False, *[True] * len(_SUMMARY_HEADER))))
    seconds = math.fsum(g.seconds for g in games)
    per_game = 1000 * seconds / len(games)
    blocks.append(Paragraph(f"Play time as recorded: {seconds:.1f} s in all, {per_game:.2f} ms per game "
                            "(wall time on the machine that ran them)."))
    figs.add(blocks, f"{stem}-length", f"Histogram of decisions per game, {games[0].players} players",
             plots.histogram, decisions, title=f"Game length, {games[0].players} players",
             xlabel="decisions per game")


def _scores(blocks: list[Block], figs: _Figures, games: Sequence[GameResult], stem: str, h: str) -> None:
    players, bots, n = games[0].players, games[0].bots, len(games)
    per_seat = [[g.scores[s] for g in games] for s in range(players)]
    blocks.append(Heading(len(h) + 1, "Scores"))
    rows = [(f"seat {s} ({bots[s]})", *_summary_cells(per_seat[s])) for s in range(players)]
    rows.append(("all seats", *_summary_cells([v for seat in per_seat for v in seat])))
    blocks.append(Table(("Score", *_SUMMARY_HEADER), tuple(rows), (False, *[True] * len(_SUMMARY_HEADER))))
    nobody = sum(1 for g in games if not any(g.scores))
    everyone = sum(1 for g in games if len(g.winners) == players)
    no_winner = sum(1 for g in games if not g.winners)
    items = [f"Nobody scored (every score 0): {nobody} of {n} games ({_pct(nobody / n)}).",
             f"Every seat a winner: {everyone} of {n} games ({_pct(everyone / n)})."]
    if no_winner:
        items.append(f"No winner at all: {no_winner} of {n} games ({_pct(no_winner / n)}).")
    blocks.append(Bullets(tuple(items)))
    figs.add(blocks, f"{stem}-scores", f"Histogram of final scores per seat, {players} players",
             plots.stacked_histogram, per_seat, [f"seat {s}" for s in range(players)],
             title=f"Final scores, {players} players", xlabel="final score")


def _endings(blocks: list[Block], games: Sequence[GameResult], h: str) -> None:
    counts = Counter(g.ended_by for g in games)
    blocks.append(Heading(len(h) + 1, "How games ended"))
    rows = tuple((reason, str(c), _pct(c / len(games)))
                 for reason, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    blocks.append(Table(("Ended by", "Games", "Share"), rows, (False, True, True)))


def _bot_against_bot(blocks: list[Block], games: Sequence[GameResult], h: str) -> None:
    players = games[0].players
    n_seat: dict[tuple[str, int], int] = defaultdict(int)
    won: dict[tuple[str, int], float] = defaultdict(float)
    for g in games:
        for seat, c in enumerate(win_credits(g.winners, players)):
            n_seat[g.bots[seat], seat] += 1
            won[g.bots[seat], seat] += c
    fair = math.fsum(won.values()) / sum(n_seat.values())
    rows: list[tuple[str, ...]] = []
    for bot in sorted({b for b, _ in n_seat}):
        seats = sorted(s for b, s in n_seat if b == bot)
        keys = [(bot, s) for s in seats] + ([] if len(seats) == 1 else [(bot, -1)])
        for key in keys:
            if key[1] == -1:
                n, w, where = sum(n_seat[bot, s] for s in seats), math.fsum(won[bot, s] for s in seats), "all"
            else:
                n, w, where = n_seat[key], won[key], str(key[1])
            r = rate(min(w, n), n)
            rows.append((bot, where, str(n), _pct(r.value), _ci(r), _verdict(r, fair)))
    blocks.append(Heading(len(h) + 1, "Bot against bot"))
    blocks.append(Paragraph(
        f"Each bot's win rate in each seat it sat in, over every line-up of {players} players above; "
        f"fair rate {_pct(fair)}."))
    blocks.append(Table(("Bot", "Seat", "Games", "Win rate", "95% CI", "vs fair rate"), tuple(rows),
                        (False, True, True, True, True, False)))


def _method() -> list[Block]:
    return [Heading(2, "How to read this report"), Bullets((
        "Win rate: the share of games a seat won. A win shared by k tied winners counts 1/k to each, "
        "so the seats' rates add up to the share of games that have a winner.",
        "95% CI: the Wilson score interval (shared wins make it slightly wider than needed, "
        "never narrower).",
        "Fair rate: the share of games with a winner divided by the number of seats (1/players when "
        "every game has a winner). A seat is above or below it beyond chance when its whole interval "
        "lies above or below it. Seat 0 has an advantage beyond chance when its interval lies wholly "
        "above the fair rate; seat 0 is the first player where the game seats the first player "
        "there (see the game's rules page).",
        "Chi-square: Pearson's test that every seat wins equally often; a small p says the seats "
        "differ, without saying which.",
        "Quantiles interpolate linearly between games (the default of NumPy and R).",
        "Ended by: the clause id of the rule that ended the game (Game.end_reason)."))]


def build_report(results: Results, *, figures: Path | None = None, link_base: Path | None = None,
                 image_format: str = "svg", title: str | None = None) -> tuple[list[Block], list[Path]]:
    """The report's blocks, and the figure files written (none when ``figures`` is None).

    ``figures``: the directory to draw into; ``link_base``: the directory image links are
    relative to (the report's own; default the current directory).
    """
    if image_format not in plots.FORMATS:
        raise InvalidArgumentError(
            f"image format {shown(image_format)} is not one of {', '.join(plots.FORMATS)}")
    if figures is not None:
        figures.mkdir(parents=True, exist_ok=True)
    figs = _Figures(figures, link_base if link_base is not None else Path.cwd(), image_format)
    by_game: dict[str, list[GameResult]] = defaultdict(list)
    for g in results.games:
        by_game[g.game].append(g)
    game_ids = sorted(by_game)
    if title is None:
        title = ("Balance report: " + _title(game_ids[0]) if len(game_ids) == 1 else "Balance report")
    blocks: list[Block] = [Heading(1, title)]
    intro = (f"{len(results.games)} games read from {', '.join(results.sources)}")
    extra = []
    if results.duplicates:
        extra.append(f"{results.duplicates} duplicate records counted once")
    blocks.append(Paragraph(intro + (f" ({'; '.join(extra)})" if extra else "") + "."))
    blocks += _method()
    for gid in game_ids:
        games = by_game[gid]
        h = "##" if len(game_ids) == 1 else "###"
        if len(game_ids) > 1:
            blocks.append(Heading(2, _title(gid)))
        blocks += _summary(gid, games, h)
        for players in sorted({g.players for g in games}):
            at_count = [g for g in games if g.players == players]
            lineups = sorted({g.bots for g in at_count})
            for k, bots in enumerate(lineups, 1):
                table = [g for g in at_count if g.bots == bots]
                stem = f"{gid}-{players}p" + (f"-{k}" if len(lineups) > 1 else "")
                blocks.append(Heading(len(h), f"{players} players: {_lineup_label(bots)}"))
                blocks.append(Paragraph(f"{len(table)} games."))
                _seats(blocks, figs, table, stem, h)
                _length(blocks, figs, table, stem, h)
                _scores(blocks, figs, table, stem, h)
                _endings(blocks, table, h)
            if len({b for g in at_count for b in g.bots}) > 1:
                blocks.append(Heading(len(h), f"{players} players: bots compared"))
                _bot_against_bot(blocks, at_count, h)
    return blocks, figs.written


def _summary(gid: str, games: Sequence[GameResult], h: str) -> list[Block]:
    rows = []
    for players in sorted({g.players for g in games}):
        for bots in sorted({g.bots for g in games if g.players == players}):
            t = [g for g in games if g.players == players and g.bots == bots]
            n = len(t)
            seat0 = math.fsum(win_credits(g.winners, players)[0] for g in t)
            total = sum(1 for g in t if g.winners)
            fair = total / (n * players)
            r = rate(min(seat0, n), n)
            median = summarise([g.decisions for g in t]).quantiles[3]
            rows.append((str(players), _lineup_label(bots), str(n), f"{_pct(r.value)} ({_ci(r)})",
                         _pct(fair), _verdict(r, fair), _num(median),
                         _pct(sum(1 for g in t if not any(g.scores)) / n)))
    return [Heading(len(h), "Summary"),
            Table(("Players", "Bots", "Games", "Seat 0 win rate (95% CI)", "Fair rate", "Seat 0 vs fair",
                   "Median decisions", "Nobody scored"), tuple(rows),
                  (True, False, True, True, True, False, True, True))]


def write_report(paths: Sequence[str | os.PathLike[str]], out: str | os.PathLike[str], *,
                 figures: str | os.PathLike[str] | None = None, image_format: str = "svg",
                 with_plots: bool = True, title: str | None = None) -> Path:
    """Read ``paths`` and write the report to ``out``: Markdown for ``.md``, HTML for ``.html``.

    Figures go to ``figures`` (default: ``<out without suffix>_files`` beside it), unless
    ``with_plots`` is False. Returns the report's path.
    """
    target = Path(out)
    suffix = target.suffix.lower()
    if suffix not in (".md", ".markdown", ".html", ".htm"):
        raise InvalidArgumentError(f"the report's name must end in .md or .html, not {shown(str(out))}")
    if with_plots and not plots.available():
        raise GremlinRulesError("plots need matplotlib: pip install 'gremlinrules[sim]', or pass --no-plots")
    results = load_results(paths)
    directory = None
    if with_plots:
        directory = Path(figures) if figures is not None else target.with_name(target.stem + "_files")
    try:
        blocks, _ = build_report(results, figures=directory, link_base=target.parent,
                                 image_format=image_format, title=title)
        text = to_markdown(blocks) if suffix in (".md", ".markdown") else to_html(blocks)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InvalidArgumentError(f"cannot write the report {target}: {exc.strerror or exc}") from exc
    return target


# --- the ``report`` subcommand ----------------------------------------------------------------

_DESCRIPTION = """\
Write a balance report from the JSON Lines results of 'gremlinrules simulate'
(plain, or gzipped .jsonl.gz): per game and player count, each seat's win rate
with its 95% Wilson interval (a win shared by k tied winners counts 1/k to
each) and whether seat 0 has an advantage beyond chance (its interval lies
wholly above the fair rate), a chi-square test of equal seat wins, bot against
bot when bots differ, game length and score quantiles and histograms, how games
ended, and how often nobody scored.

The report is Markdown (.md: includable in Sphinx through myst-parser) or one
HTML page (.html). Figures (matplotlib, the sim extra) go to REPORT_files/
beside it, or to --figures DIR, linked by relative paths.
"""


def add_report_parser(sub: Any) -> None:
    """Add the ``report`` subcommand to ``sub`` (the CLI's subparsers)."""
    import argparse

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


def run_report(args: Any) -> None:
    """Run ``gremlinrules report`` with the parsed ``args``."""
    path = write_report(args.results, args.out, figures=args.figures, image_format=args.image_format,
                        with_plots=not args.no_plots, title=args.title)
    print(f"Report written to {path}")
