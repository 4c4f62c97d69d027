"""The balance report: ``gremlinrules report RESULTS... --out REPORT.md|REPORT.html``.

Reads the JSON Lines that ``gremlinrules simulate --out`` writes (plain, or gzipped as
``.jsonl.gz``; :mod:`gremlinrules.sim.results`) and reports, per game, then per player
count and line-up of bots:

* a summary table and **findings**: every seat whose win rate is beyond chance, the games
  nobody scored in, the games a house rule's bound ended, and a bot beyond chance against
  the others;
* each seat's win rate with its 95% Wilson interval (a tie shared by ``k`` winners counts
  ``1/k`` to each; :mod:`gremlinrules.sim.stats`), and whether the first player (seat 0)
  has an advantage beyond chance: **its interval lies wholly above the fair rate**, the
  share of games that have a winner divided by the number of seats (``1/players`` when
  every game has one). Ties pull every seat toward the fair rate, so the same question is
  also asked of the games with a single winner; and a chi-square test of equal seat wins
  gives one number for "the seats are not alike". **Seat effects are judged only in a
  line-up with the same bot in every seat**: where the bots differ, a seat's rate is also
  its bot's (the weakest bot's seat is not a disadvantaged seat), and the report says it
  does not judge them;
* bot against bot, where line-ups mix bots: each bot's win rate in each seat it sat in,
  pooled over those line-ups, with intervals, as a table and a figure. A bot's rate over
  all its seats is judged only where it sat in every seat equally often (to within one game
  or 5%), as ``simulate --rotate`` seats it; otherwise that rate is also its seats'
  advantage, and the report says so;
* game length (decisions) and scores: quantiles and histograms;
* how games ended (``ended_by``, with its clause's kind and first sentence): counts and
  shares; the share of games where nobody scored (every score 0), and where every seat won.

Figures (:mod:`gremlinrules.sim.plots`) go next to the report (``REPORT_files/``, or
``figures=``), linked by relative paths, so the Markdown (:mod:`gremlinrules.sim.markup`)
is a Sphinx page through myst-parser as it stands. The output depends only on the records
(no date, no absolute path): the same results give the same report byte for byte.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import MissingExtraError
from gremlinrules.core.errors import shown
from gremlinrules.sim import plots
from gremlinrules.sim.markup import Block
from gremlinrules.sim.markup import Bullets
from gremlinrules.sim.markup import Heading
from gremlinrules.sim.markup import Image
from gremlinrules.sim.markup import Paragraph
from gremlinrules.sim.markup import Table
from gremlinrules.sim.markup import to_html
from gremlinrules.sim.markup import to_markdown
from gremlinrules.sim.results import GameResult
from gremlinrules.sim.results import Results
from gremlinrules.sim.results import load_results
from gremlinrules.sim.stats import SUMMARY_LEVELS
from gremlinrules.sim.stats import Rate
from gremlinrules.sim.stats import chi_square_uniform
from gremlinrules.sim.stats import rate
from gremlinrules.sim.stats import summarise
from gremlinrules.sim.stats import win_credits

__all__ = ["LineupStats", "build_report", "lineup_stats", "write_report"]


# --- the numbers of one line-up ----------------------------------------------------------------

@attrs.frozen
class LineupStats:
    """Seat results of the games of one player count and one line-up of bots."""

    players: int
    """Seats."""
    bots: tuple[str, ...]
    """The bot in each seat."""
    games: int
    """Games played."""
    credit: tuple[float, ...]
    """Per seat, its wins with a tie of ``k`` counted ``1/k``."""
    alone: tuple[int, ...]
    """Per seat, the games it won with no other winner."""

    @property
    def fair(self) -> float:
        """The fair win rate: the share of games with a winner over the seats."""
        return math.fsum(self.credit) / (self.games * self.players)

    @property
    def rates(self) -> tuple[Rate, ...]:
        """Each seat's win rate (shared wins as fractions) with its 95% interval."""
        return tuple(rate(min(c, self.games), self.games) for c in self.credit)

    @property
    def decided(self) -> int:
        """Games with a single winner."""
        return sum(self.alone)


def lineup_stats(games: Sequence[GameResult]) -> LineupStats:
    """The :class:`LineupStats` of ``games`` (not empty, all of one player count and line-up)."""
    players, bots = games[0].players, games[0].bots
    if any(g.players != players or g.bots != bots for g in games):
        raise InvalidArgumentError("lineup_stats takes games of one player count and one line-up of bots")
    credit = [0.0] * players
    alone = [0] * players
    for g in games:
        for seat, c in enumerate(win_credits(g.winners, players)):
            credit[seat] += c
        if len(g.winners) == 1:
            alone[g.winners[0]] += 1
    return LineupStats(players, bots, len(games), tuple(credit), tuple(alone))


def _lineups(games: Sequence[GameResult]) -> dict[int, dict[tuple[str, ...], list[GameResult]]]:
    """The games by player count, then by line-up of bots, both sorted."""
    grouped: dict[int, dict[tuple[str, ...], list[GameResult]]] = defaultdict(lambda: defaultdict(list))
    for g in games:
        grouped[g.players][g.bots].append(g)
    return {p: {b: grouped[p][b] for b in sorted(grouped[p])} for p in sorted(grouped)}


# --- numbers as the report prints them -----------------------------------------------------------

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


_SEAT0 = {1: "an advantage beyond chance", -1: "a disadvantage beyond chance",
          0: "no advantage beyond chance"}
_LEVEL_NAMES = {0.0: "min", 0.05: "5%", 0.25: "25%", 0.5: "median", 0.75: "75%", 0.95: "95%", 1.0: "max"}
_SUMMARY_HEADER = ("mean", *(_LEVEL_NAMES[q] for q in SUMMARY_LEVELS))
_SUMMARY_NUMERIC = (False, *[True] * len(_SUMMARY_HEADER))


def _summary_cells(values: Sequence[float]) -> tuple[str, ...]:
    s = summarise(values)
    return (f"{s.mean:.1f}", *(_num(q) for q in s.quantiles))


def _one_bot(bots: tuple[str, ...]) -> bool:
    """Every seat has the same bot: the only line-ups whose seat effects are judged."""
    return len(set(bots)) == 1


_NOT_JUDGED = "not judged"
"""The verdict shown where a seat's rate is also its bot's."""


def _lineup_label(bots: tuple[str, ...]) -> str:
    if len(set(bots)) == 1:
        return f"{bots[0]} in every seat"
    return " / ".join(bots)


def _seat_labels(bots: tuple[str, ...]) -> list[str]:
    """A figure's seat names: with each seat's bot when the line-up mixes bots."""
    if len(set(bots)) == 1:
        return [f"seat {s}" for s in range(len(bots))]
    return [f"seat {s}\n{bot}" for s, bot in enumerate(bots)]


def _title(game_id: str) -> str:
    from gremlinrules.registry import get_game

    try:
        return get_game(game_id).title
    except GremlinRulesError:  # a game registered by a plugin that is not loaded here
        return game_id


# --- the sections ---------------------------------------------------------------------------------

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
        blocks.append(Image(Path(os.path.relpath(path, self.link_base)).as_posix(), alt))


def _summary(groups: dict[int, dict[tuple[str, ...], list[GameResult]]], level: int) -> list[Block]:
    rows = []
    for players, lineups in groups.items():
        for bots, games in lineups.items():
            s = lineup_stats(games)
            r = s.rates[0]
            median = summarise([g.decisions for g in games]).quantiles[SUMMARY_LEVELS.index(0.5)]
            nobody = sum(1 for g in games if not any(g.scores))
            verdict = _verdict(r, s.fair) if _one_bot(bots) else _NOT_JUDGED
            rows.append((str(players), _lineup_label(bots), str(s.games), f"{_pct(r.value)} ({_ci(r)})",
                         _pct(s.fair), verdict, _num(median), _pct(nobody / s.games)))
    blocks: list[Block] = [
        Heading(level, "Summary"),
        Table(("Players", "Bots", "Games", "Seat 0 win rate (95% CI)", "Fair rate", "Seat 0 vs fair",
               "Median decisions", "Nobody scored"), tuple(rows),
              (True, False, True, True, True, False, True, True))]
    if any(not _one_bot(bots) for lineups in groups.values() for bots in lineups):
        blocks.append(Paragraph(
            "Seat effects are judged only where every seat had the same bot: in a line-up of different "
            "bots a seat's rate is also its bot's, so seat 0 is not judged there (the bots are compared "
            "below)."))
    return blocks


def _seat_findings(s: LineupStats, where: str) -> list[str]:
    """The seats of one line-up (of one bot in every seat) whose rates are beyond chance."""
    items = [f"{where}: seat {seat} wins {_pct(r.value)} (95% CI {_ci(r)}), {_verdict(r, s.fair)} the fair "
             f"{_pct(s.fair)}." for seat, r in enumerate(s.rates) if r.compare(s.fair)]
    if 0 < s.decided < s.games:
        solo = rate(s.alone[0], s.decided)
        if solo.compare(1 / s.players):
            items.append(f"{where}: of the {s.decided} games with a single winner, seat 0 won "
                         f"{_pct(solo.value)} (95% CI {_ci(solo)}), {_verdict(solo, 1 / s.players)} "
                         f"the fair {_pct(1 / s.players)}.")
    return items


def _findings(groups: dict[int, dict[tuple[str, ...], list[GameResult]]], level: int,
              clauses: dict[str, _Clause]) -> list[Block]:
    """What a designer should look at: every rate beyond chance, the games nobody scored in, and
    the games a house rule's bound ended (the rules as written had not ended them)."""
    items: list[str] = []
    for players, lineups in groups.items():
        for bots, games in lineups.items():
            s = lineup_stats(games)
            where = f"{players} players, {_lineup_label(bots)}"
            if _one_bot(bots):
                items += _seat_findings(s, where)
            nobody = sum(1 for g in games if not any(g.scores))
            if nobody:
                items.append(f"{where}: nobody scored in {nobody} of {s.games} games "
                             f"({_pct(nobody / s.games)}).")
            ended = Counter(g.ended_by for g in games)
            for reason, count in sorted(ended.items()):
                clause = clauses.get(reason)
                if clause is not None and clause.bound:
                    items.append(f"{where}: {count} of {s.games} games ({_pct(count / s.games)}) ended by "
                                 f"{reason}, a house rule's bound: the rules as written had not ended them.")
        mixed = _mixed(lineups)
        if mixed:
            count = sum(1 for bots in lineups if not _one_bot(bots))
            which = "the line-up that mixes" if count == 1 else f"the {count} line-ups that mix"
            items.append(f"{players} players: seat effects are not judged in {which} bots (a seat's rate "
                         "there is also its bot's).")
            balanced = _balanced(mixed)
            for bot, where_bot, r, fair in _bot_rates(mixed):
                if where_bot == "all" and balanced[bot] and r.compare(fair):
                    items.append(f"{players} players: {bot} wins {_pct(r.value)} of the seats it plays "
                                 f"(95% CI {_ci(r)}), {_verdict(r, fair)} the fair {_pct(fair)}.")
            unbalanced = sorted(bot for bot, ok in balanced.items() if not ok)
            if unbalanced:
                items.append(f"{players} players: {', '.join(unbalanced)} did not sit in every seat equally "
                             "often, so {} not judged over all seats (simulate --rotate seats every bot in "
                             "every seat equally often).".format("its rate is" if len(unbalanced) == 1
                                                                 else "their rates are"))
    if not items:
        items.append("No seat wins more or less often than chance allows, and someone scored in every game.")
    return [Heading(level, "Findings"), Bullets(tuple(items))]


def _mixed(lineups: dict[tuple[str, ...], list[GameResult]]) -> list[GameResult]:
    """The games of the line-ups with more than one bot: a line-up of one bot in every seat says
    nothing of one bot against another, and would pull that bot's rate toward the fair one."""
    return [g for bots, games in lineups.items() if len(set(bots)) > 1 for g in games]


def _seats(blocks: list[Block], figs: _Figures, games: Sequence[GameResult], stem: str, level: int) -> None:
    s = lineup_stats(games)
    rates = s.rates
    judged = _one_bot(s.bots)
    blocks.append(Heading(level, "Seat win rates"))
    blocks.append(Table(("Seat", "Bot", "Wins", "Won alone", "Win rate", "95% CI", "vs fair rate"),
                        tuple((str(seat), s.bots[seat], _num(round(r.successes, 2)), str(s.alone[seat]),
                               _pct(r.value), _ci(r), _verdict(r, s.fair) if judged else _NOT_JUDGED)
                              for seat, r in enumerate(rates)),
                        (True, False, True, True, True, True, False)))
    if not judged:
        blocks.append(Paragraph(
            "The seats have different bots, so a seat's rate is also its bot's: this report does not judge "
            "seat effects here (seat 0's advantage, a seat beyond chance, the chi-square test of equal "
            f"seats). Seat effects are judged where every seat has the same bot; the bots are compared in "
            f"\"{s.players} players: bots compared\"."))
    else:
        _seat_verdicts(blocks, s)
    figs.add(blocks, f"{stem}-seats", f"Win rate of each seat with its 95% interval, {s.players} players",
             plots.seat_rates, _seat_labels(s.bots), [r.value for r in rates],
             [(r.low, r.high) for r in rates], s.fair, title=f"Seat win rates, {s.players} players")


def _seat_verdicts(blocks: list[Block], s: LineupStats) -> None:
    """Seat 0 against the fair rate, among all games and those with a single winner, and the
    chi-square test of equal seats (a line-up of one bot in every seat)."""
    first = s.rates[0]
    blocks.append(Paragraph(
        f"Seat 0 wins {_pct(first.value)} of {s.games} games (95% CI {_ci(first)}) against a fair rate of "
        f"{_pct(s.fair)}: {_SEAT0[first.compare(s.fair)]}."))
    if 0 < s.decided < s.games:
        # Shared wins pull every seat toward the fair rate; the games one seat won alone ask the
        # same question without them.
        solo = rate(s.alone[0], s.decided)
        blocks.append(Paragraph(
            f"{s.decided} of {s.games} games ({_pct(s.decided / s.games)}) had a single winner; seat 0 won "
            f"{_pct(solo.value)} of those (95% CI {_ci(solo)}) against a fair {_pct(1 / s.players)}: "
            f"{_SEAT0[solo.compare(1 / s.players)]}."))
    if s.players > 1 and sum(s.credit) > 0:
        chi = chi_square_uniform(s.credit)
        blocks.append(Paragraph(
            f"Chi-square test of equal wins over all {s.players} seats: statistic {chi.statistic:.2f} with "
            f"{chi.df} degree{'s' if chi.df > 1 else ''} of freedom, p = {chi.p_value:.3g}"
            + (" (the seats differ beyond chance at the 5% level)." if chi.p_value < 0.05 else ".")))


def _length(blocks: list[Block], figs: _Figures, games: Sequence[GameResult], stem: str, level: int) -> None:
    decisions = [g.decisions for g in games]
    players = games[0].players
    blocks.append(Heading(level, "Game length"))
    blocks.append(Table(("Decisions", *_SUMMARY_HEADER), (("per game", *_summary_cells(decisions)),),
                        _SUMMARY_NUMERIC))
    seconds = math.fsum(g.seconds for g in games)
    blocks.append(Paragraph(f"Play time as recorded: {seconds:.1f} s in all, "
                            f"{1000 * seconds / len(games):.2f} ms per game (wall time on the machine "
                            "that ran them)."))
    figs.add(blocks, f"{stem}-length", f"Histogram of decisions per game, {players} players",
             plots.histogram, decisions, title=f"Game length, {players} players", xlabel="decisions per game")


def _scores(blocks: list[Block], figs: _Figures, games: Sequence[GameResult], stem: str, level: int) -> None:
    players, bots, n = games[0].players, games[0].bots, len(games)
    per_seat = [[g.scores[s] for g in games] for s in range(players)]
    blocks.append(Heading(level, "Scores"))
    rows = [(f"seat {s} ({bots[s]})", *_summary_cells(per_seat[s])) for s in range(players)]
    rows.append(("all seats", *_summary_cells([v for seat in per_seat for v in seat])))
    blocks.append(Table(("Score", *_SUMMARY_HEADER), tuple(rows), _SUMMARY_NUMERIC))
    nobody = sum(1 for g in games if not any(g.scores))
    everyone = sum(1 for g in games if len(g.winners) == players)
    no_winner = sum(1 for g in games if not g.winners)
    items = [f"Nobody scored (every score 0): {nobody} of {n} games ({_pct(nobody / n)}).",
             f"Every seat a winner: {everyone} of {n} games ({_pct(everyone / n)})."]
    if no_winner:
        items.append(f"No winner at all: {no_winner} of {n} games ({_pct(no_winner / n)}).")
    blocks.append(Bullets(tuple(items)))
    figs.add(blocks, f"{stem}-scores", f"Histogram of final scores per seat, {players} players",
             plots.stacked_histogram, per_seat, [label.replace("\n", " ") for label in _seat_labels(bots)],
             title=f"Final scores, {players} players", xlabel="final score")


@attrs.frozen
class _Clause:
    kind: str
    sentence: str
    bound: bool
    """A house rule's bound: the clause of the ``bounded`` option (every game names its bound so)."""


def _clauses(game_id: str) -> dict[str, _Clause]:
    """Each clause of the game's spec by id: its kind, the first sentence of its text (cut at 110
    characters), and whether it is a house rule's bound; empty for a game without a spec here."""
    from gremlinrules.core.spec import load_spec

    try:
        spec = load_spec(game_id)
    except (GremlinRulesError, OSError):
        return {}
    described = {}
    for clause in spec.clauses:
        sentence = clause.text.split(". ")[0].rstrip(".") + "."
        if len(sentence) > 110:
            sentence = sentence[:107].rsplit(" ", 1)[0].rstrip(",;:") + "..."
        bound = clause.option == "bounded" or "house rule" in clause.text.lower()
        described[clause.id] = _Clause(clause.kind, sentence, bound)
    return described


def _describe(clause: _Clause | None) -> str:
    if clause is None:
        return ""
    named = not clause.bound or "house rule" in clause.sentence.lower()
    return ("" if named else "house rule bound; ") + f"{clause.kind}: {clause.sentence}"


def _endings(blocks: list[Block], games: Sequence[GameResult], level: int,
             clauses: dict[str, _Clause]) -> None:
    counts = Counter(g.ended_by for g in games)
    blocks.append(Heading(level, "How games ended"))
    rows = tuple((reason or "(not given)", _describe(clauses.get(reason)), str(c), _pct(c / len(games)))
                 for reason, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    blocks.append(Table(("Ended by", "Clause", "Games", "Share"), rows, (False, False, True, True)))


def _bot_rates(games: Sequence[GameResult]) -> list[tuple[str, str, Rate, float]]:
    """(bot, seat or "all", its win rate there, the fair rate) for every bot and seat it sat in,
    and for every bot over all its seats."""
    players = games[0].players
    n_seat: dict[tuple[str, int], int] = defaultdict(int)
    won: dict[tuple[str, int], float] = defaultdict(float)
    for g in games:
        for seat, c in enumerate(win_credits(g.winners, players)):
            n_seat[g.bots[seat], seat] += 1
            won[g.bots[seat], seat] += c
    fair = math.fsum(won.values()) / sum(n_seat.values())
    found: list[tuple[str, str, Rate, float]] = []
    for bot in sorted({b for b, _ in n_seat}):
        seats = sorted(s for b, s in n_seat if b == bot)
        for seat in seats:
            n = n_seat[bot, seat]
            found.append((bot, str(seat), rate(min(won[bot, seat], n), n), fair))
        n = sum(n_seat[bot, s] for s in seats)
        found.append((bot, "all", rate(min(math.fsum(won[bot, s] for s in seats), n), n), fair))
    return found


def _seat_counts(games: Sequence[GameResult]) -> dict[str, list[int]]:
    """For each bot, how many times it sat in each seat (games of one player count)."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0] * games[0].players)
    for g in games:
        for seat, bot in enumerate(g.bots):
            counts[bot][seat] += 1
    return dict(counts)


def _balanced(games: Sequence[GameResult]) -> dict[str, bool]:
    """For each bot, whether it sat in every seat equally often, to within one game or 5% of its
    most: then its rate over all seats is not some seats' advantage, and is judged."""
    return {bot: min(n) > 0 and max(n) - min(n) <= max(1, max(n) // 20)
            for bot, n in _seat_counts(games).items()}


def _bot_against_bot(blocks: list[Block], figs: _Figures, games: Sequence[GameResult], stem: str,
                     level: int) -> None:
    found = _bot_rates(games)
    fair = found[0][3]
    balanced = _balanced(games)
    blocks.append(Paragraph(
        f"Each bot's win rate in each seat it sat in, over the {len(games)} games of {games[0].players} "
        f"players whose line-up mixes bots; fair rate {_pct(fair)}."))
    if all(balanced.values()):
        blocks.append(Paragraph(
            "Every bot sat in every seat equally often, so a bot's rate over all seats does not lean on a "
            "seat's advantage."))
    else:
        uneven = [f"{bot} (games per seat: {', '.join(map(str, n))})"
                  for bot, n in sorted(_seat_counts(games).items()) if not balanced[bot]]
        its, is_ = ("Its rate", "is") if len(uneven) == 1 else ("Their rates", "are")
        blocks.append(Paragraph(
            f"Not every bot sat in every seat equally often: {'; '.join(uneven)}. {its} over all seats "
            f"{is_} also those seats' advantage, so not judged; simulate --rotate seats every bot in every "
            "seat equally often."))
    seats = Counter(bot for bot, *_ in found)  # a bot in one seat has two rows: its seat, and "all"
    rows = [(bot, seat, str(r.n), _pct(r.value), _ci(r),
             _NOT_JUDGED if seat == "all" and not balanced[bot] else _verdict(r, fair))
            for bot, seat, r, _ in found if seat != "all" or seats[bot] > 2]
    blocks.append(Table(("Bot", "Seat", "Games", "Win rate", "95% CI", "vs fair rate"), tuple(rows),
                        (False, True, True, True, True, False)))
    players = games[0].players
    groups = [str(seat) for seat in range(players)] + ["all"]
    bots = sorted({bot for bot, *_ in found})
    where = {(bot, seat): (r.value, r.low, r.high) for bot, seat, r, _ in found}
    figs.add(blocks, f"{stem}-bots", f"Win rate of each bot in each seat with its 95% interval, {players} "
             "players", plots.bot_rates, [f"seat {g}" if g != "all" else "all seats" for g in groups], bots,
             [[where.get((bot, g)) for g in groups] for bot in bots], fair,
             title=f"Bot against bot, {players} players")


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
        "Seat effects (a seat beyond chance, seat 0's advantage, the chi-square test) are judged only in "
        "a line-up with the same bot in every seat: where the bots differ, a seat's rate is also its "
        "bot's, and the report says \"not judged\". Bots are compared over the line-ups that mix bots; a "
        "bot's rate over all seats is judged only where it sat in every seat equally often (to within "
        "one game or 5%), as simulate --rotate seats it.",
        "Each interval misses the true rate one time in twenty: across many seats and player counts, "
        "a lone finding just beyond chance may be luck. A small chi-square p, or the same finding in "
        "a second run with another seed, says it is not.",
        "Quantiles interpolate linearly between games (the default of NumPy and R).",
        "Ended by: the clause id of the rule that ended the game (Game.end_reason)."))]


def _edition(game_id: str, games: Sequence[GameResult]) -> list[Block]:
    """Which rules and component set the games were played under; mixing two is refused (they
    are different games), and results of another edition than this library's are marked."""
    editions = sorted({(g.rules, g.components) for g in games})
    if len(editions) > 1:
        found = "; ".join(f"rules {r or '?'}, components {c or '?'}" for r, c in editions)
        raise InvalidArgumentError(f"the {game_id} results mix editions of the game ({found}): "
                                   "report each edition's files on their own")
    rules, components = editions[0]
    if not rules and not components:
        return []
    libraries = ", ".join(sorted({g.library for g in games if g.library})) or "an unrecorded version"
    blocks: list[Block] = [Paragraph(
        f"Played by gremlinrules {libraries} under rules version {rules or '?'} with component set "
        f"{components or '?'}.")]
    try:
        from gremlinrules.core.records import components_version
        from gremlinrules.core.records import rules_version
        from gremlinrules.registry import get_game

        game = get_game(game_id)
        now = (rules_version(game), components_version(game))
    except GremlinRulesError:  # a plugin's game that is not loaded here
        return blocks
    if now != (rules, components):
        blocks.append(Paragraph(
            f"This library now plays rules version {now[0]} with component set {now[1]}: these results "
            "are of an earlier edition of the game, and may not hold for this one."))
    return blocks


def build_report(results: Results, *, figures: str | os.PathLike[str] | None = None,
                 link_base: str | os.PathLike[str] | None = None, image_format: str = "svg",
                 title: str | None = None) -> tuple[list[Block], list[Path]]:
    """The report's blocks, and the figure files written (none when ``figures`` is None).

    ``figures``: the directory to draw into (made if missing; files of the same names are
    replaced, others left alone); ``link_base``: the directory image links are relative to
    (the report's own; default the current directory).
    """
    if image_format not in plots.FORMATS:
        raise InvalidArgumentError(
            f"image format {shown(image_format)} is not one of {', '.join(plots.FORMATS)}")
    directory = None if figures is None else Path(figures)
    if directory is not None:
        directory.mkdir(parents=True, exist_ok=True)
    figs = _Figures(directory, Path(link_base) if link_base is not None else Path.cwd(), image_format)
    by_game: dict[str, list[GameResult]] = defaultdict(list)
    for g in results.games:
        by_game[g.game].append(g)
    game_ids = sorted(by_game)
    if title is None:
        title = "Balance report: " + _title(game_ids[0]) if len(game_ids) == 1 else "Balance report"
    read = f"{len(results.games)} games read from {', '.join(results.sources)}"
    if results.duplicates:
        read += f" ({results.duplicates} duplicate records counted once)"
    blocks: list[Block] = [Heading(1, title), Paragraph(read + "."), *_method()]
    top = 2 if len(game_ids) == 1 else 3  # a report of several games gives each a level-2 heading
    for gid in game_ids:
        if len(game_ids) > 1:
            blocks.append(Heading(2, _title(gid)))
        blocks += _edition(gid, by_game[gid])
        groups = _lineups(by_game[gid])
        blocks += _summary(groups, top)
        clauses = _clauses(gid)
        blocks += _findings(groups, top, clauses)
        for players, lineups in groups.items():
            for k, (bots, games) in enumerate(lineups.items(), 1):
                stem = f"{gid}-{players}p" + (f"-{k}" if len(lineups) > 1 else "")
                blocks.append(Heading(top, f"{players} players: {_lineup_label(bots)}"))
                blocks.append(Paragraph(f"{len(games)} games."))
                _seats(blocks, figs, games, stem, top + 1)
                _length(blocks, figs, games, stem, top + 1)
                _scores(blocks, figs, games, stem, top + 1)
                _endings(blocks, games, top + 1, clauses)
            mixed = _mixed(lineups)
            if mixed:
                blocks.append(Heading(top, f"{players} players: bots compared"))
                _bot_against_bot(blocks, figs, mixed, f"{gid}-{players}p", top + 1)
    return blocks, figs.written


def write_report(paths: Sequence[str | os.PathLike[str]], out: str | os.PathLike[str], *,
                 figures: str | os.PathLike[str] | None = None, image_format: str = "svg",
                 with_plots: bool = True, title: str | None = None,
                 relative_to: str | os.PathLike[str] | None = None) -> Path:
    """Read ``paths`` and write the report to ``out``: Markdown for ``.md``, HTML for ``.html``.

    Figures go to ``figures`` (default: ``<out without suffix>_files`` beside it), unless
    ``with_plots`` is False. Image links are relative to the report's directory, or to
    ``relative_to``: the directory of a Sphinx page that includes the Markdown with
    ``.. include::`` (Sphinx reads an included file's image paths from the including page).
    Returns the report's path.
    """
    target = Path(out)
    suffix = target.suffix.lower()
    if suffix not in (".md", ".markdown", ".html", ".htm"):
        raise InvalidArgumentError(f"the report's name must end in .md or .html, not {shown(str(out))}")
    if with_plots and not plots.available():
        raise MissingExtraError("sim", "the report's plots", "matplotlib", alternative="pass --no-plots")
    results = load_results(paths)
    directory = None
    if with_plots:
        directory = Path(figures) if figures is not None else target.with_name(target.stem + "_files")
    try:
        base = Path(relative_to) if relative_to is not None else target.parent
        blocks, _ = build_report(results, figures=directory, link_base=base,
                                 image_format=image_format, title=title)
        text = to_markdown(blocks) if suffix in (".md", ".markdown") else to_html(blocks)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InvalidArgumentError(f"cannot write the report {target}: {exc.strerror or exc}") from exc
    return target
