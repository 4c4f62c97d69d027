"""The balance report (gremlinrules.sim.report, ``gremlinrules report``) on records of real games."""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path
from typing import Any
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.cli import main
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.spec import load_spec
from gremlinrules.sim import simulate
from gremlinrules.sim.markup import Bullets
from gremlinrules.sim.markup import Heading
from gremlinrules.sim.markup import Image
from gremlinrules.sim.markup import Table
from gremlinrules.sim.markup import to_markdown
from gremlinrules.sim.report import build_report
from gremlinrules.sim.report import lineup_stats
from gremlinrules.sim.report import write_report
from gremlinrules.sim.results import GameResult
from gremlinrules.sim.results import Results
from gremlinrules.sim.results import load_results


def _run(game_id: str, games: int, players: int | Literal["all"], bots: str,
         seed: int) -> list[dict[str, Any]]:
    """Real games, played and recorded by ``gremlinrules.sim.simulate`` in this process."""
    return [dict(r) for r in simulate(game_id, games=games, players=players, bots=bots, seed=seed, workers=1)]


def _write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Real games: Gnaughty Gnomes at 2 and 4 players (random); IS-MCTS against random at 2 players,
    in both seat orders; No Good Gremlins at 2 players (where random games often end with nobody
    scoring, every seat a winner)."""
    root = tmp_path_factory.mktemp("results")
    gnomes = _run("gnaughty-gnomes", 90, "all", "random", 1)  # indices alternate 2 and 4 players
    mixed = _run("gnaughty-gnomes", 6, 2, "ismcts:8,random", 2) + _run("gnaughty-gnomes", 6, 2,
                                                                       "random,ismcts:8", 3)
    ngg = _run("no-good-gremlins", 40, 2, "random", 4)
    paths = {name: _write(root / f"{name}.jsonl", records)
             for name, records in (("gnomes", gnomes), ("mixed", mixed), ("ngg", ngg))}
    return {"root": root, "paths": paths, "gnomes": gnomes, "mixed": mixed, "ngg": ngg}


def _tables(blocks: list[Any], after: str) -> list[Table]:
    """The tables after the first heading starting with ``after``, up to the next heading of its level."""
    start = next(i for i, b in enumerate(blocks) if isinstance(b, Heading) and b.text.startswith(after))
    level = blocks[start].level
    found: list[Table] = []
    for b in blocks[start + 1:]:
        if isinstance(b, Heading) and b.level <= level:
            break
        if isinstance(b, Table):
            found.append(b)
    return found


def test_seat_win_rates_count_shared_wins_as_fractions(samples: dict[str, Any]) -> None:
    """Each seat's Wins and Win rate are its wins with a tie of k counted 1/k, over the games of
    that player count, and Won alone its games with no other winner, as counted here from the
    raw records."""
    results = load_results([samples["paths"]["ngg"]])
    blocks, _ = build_report(results)
    ngg = samples["ngg"]
    seats = next(t for t in _tables(blocks, "2 players") if t.header[0] == "Seat")
    for seat, row in enumerate(seats.rows):
        credit = sum(1 / len(r["winners"]) for r in ngg if seat in r["winners"])
        assert float(row[2]) == pytest.approx(credit, abs=0.006)
        alone = sum(1 for r in ngg if r["winners"] == [seat])
        assert row[3] == str(alone)
        assert row[4] == f"{100 * credit / len(ngg):.1f}%"
    assert any(len(r["winners"]) > 1 for r in ngg), "the sample should hold a shared win"


def test_nobody_scored_and_endings_match_the_records(samples: dict[str, Any]) -> None:
    """The share of games with every score 0 and the ended_by counts are those of the records."""
    ngg = samples["ngg"]
    blocks, _ = build_report(load_results([samples["paths"]["ngg"]]))
    nobody = sum(1 for r in ngg if not any(r["scores"]))
    bullets = [b for b in blocks if isinstance(b, Bullets) and b.items[0].startswith("Nobody scored")]
    assert bullets[0].items[0].startswith(f"Nobody scored (every score 0): {nobody} of {len(ngg)} games")
    ended = next(t for t in _tables(blocks, "2 players") if t.header[0] == "Ended by")
    counts = {r["ended_by"]: 0 for r in ngg}
    for r in ngg:
        counts[r["ended_by"]] += 1
    assert {row[0]: int(row[2]) for row in ended.rows} == counts
    assert sum(float(row[3].rstrip("%")) for row in ended.rows) == pytest.approx(100, abs=0.2)
    clauses = {c.id: c for c in load_spec("no-good-gremlins").clauses}
    for row in ended.rows:  # each ending is explained by its clause's kind and first words
        assert row[1].startswith(f"{clauses[row[0]].kind}: {clauses[row[0]].text[:20]}")


def test_game_length_quantiles_come_from_the_decisions(samples: dict[str, Any]) -> None:
    """The length table's min, median and max are those of the recorded decisions per game."""
    ngg = samples["ngg"]
    blocks, _ = build_report(load_results([samples["paths"]["ngg"]]))
    length = next(t for t in _tables(blocks, "2 players") if t.header[0] == "Decisions")
    cells = dict(zip(length.header, length.rows[0], strict=True))
    decisions = sorted(r["decisions"] for r in ngg)
    assert len(set(decisions)) > 1
    assert float(cells["min"]) == decisions[0]
    assert float(cells["max"]) == decisions[-1]
    assert float(cells["median"]) == pytest.approx((decisions[19] + decisions[20]) / 2, abs=0.05)


def test_bots_are_compared_seat_by_seat_when_they_differ(samples: dict[str, Any], tmp_path: Path) -> None:
    """With IS-MCTS and random swapping seats, each bot gets a row per seat and one for all seats,
    with as many games as it sat there, and a figure; each line-up has its own numbered figures; a
    line-up of one bot has no comparison."""
    mixed = samples["mixed"]
    blocks, written = build_report(load_results([samples["paths"]["mixed"]]), figures=tmp_path)
    assert sorted(p.name for p in written) == sorted(
        [f"gnaughty-gnomes-2p-{k}-{kind}.svg" for k in (1, 2) for kind in ("length", "scores", "seats")]
        + ["gnaughty-gnomes-2p-bots.svg"])
    assert isinstance(blocks[-1], Image)
    assert blocks[-1].src.endswith("gnaughty-gnomes-2p-bots.svg")
    table = _tables(blocks, "2 players: bots compared")[0]
    rows = {(r[0], r[1]): r for r in table.rows}
    assert set(rows) == {(b, s) for b in ("ismcts:8", "random") for s in ("0", "1", "all")}
    for bot in ("ismcts:8", "random"):
        for seat in (0, 1):
            games = [r for r in mixed if r["bots"][seat] == bot]
            wins = sum(1 / len(r["winners"]) for r in games if seat in r["winners"])
            assert rows[bot, str(seat)][2] == str(len(games))
            assert rows[bot, str(seat)][3] == f"{100 * wins / len(games):.1f}%"
        assert rows[bot, "all"][2] == str(len(mixed))
    plain, _ = build_report(load_results([samples["paths"]["ngg"]]))
    assert not any(isinstance(b, Heading) and "bots compared" in b.text for b in plain)


def test_seat_zero_verdict_follows_its_interval(samples: dict[str, Any]) -> None:
    """The summary's verdict on seat 0 is "above" exactly when its interval's lower end exceeds the
    fair rate, "below" when its upper end is under it, else "within chance"."""
    blocks, _ = build_report(load_results([samples["paths"]["gnomes"], samples["paths"]["ngg"]]))
    summaries = [t for t in (b for b in blocks if isinstance(b, Table)) if t.header[0] == "Players"]
    assert len(summaries) == 2  # one per game
    for table in summaries:
        for row in table.rows:
            low, high = (float(x.rstrip("%)")) for x in row[3].split("(")[1].split(" to "))
            fair = float(row[4].rstrip("%"))
            want = "above" if low > fair else "below" if high < fair else "within chance"
            assert row[5] == want


def _myst_tree(text: str) -> Any:
    from docutils.core import publish_doctree  # type: ignore[import-untyped]  # no stubs
    from myst_parser.parsers.docutils_ import Parser

    return publish_doctree(text, parser=Parser(), settings_overrides={
        "report_level": 2, "halt_level": 5, "warning_stream": False, "myst_enable_extensions": []})


def test_markdown_is_a_myst_page_with_relative_images(samples: dict[str, Any], tmp_path: Path) -> None:
    """The Markdown report parses with myst-parser (as Sphinx reads it) with one title, no raw HTML
    and no warning or error (a skipped heading level would be one), for one game with figures and
    for two games, whose sections sit one level lower; every image is a relative link to a
    written SVG file."""
    from docutils.nodes import image  # type: ignore[import-untyped, unused-ignore]
    from docutils.nodes import raw  # type: ignore[import-untyped, unused-ignore]
    from docutils.nodes import section  # type: ignore[import-untyped, unused-ignore]
    from docutils.nodes import system_message  # type: ignore[import-untyped, unused-ignore]
    from docutils.nodes import title  # type: ignore[import-untyped, unused-ignore]

    one = write_report([samples["paths"]["ngg"]], tmp_path / "balance.md")
    two = write_report([samples["paths"]["mixed"], samples["paths"]["ngg"]], tmp_path / "two.md",
                       with_plots=False)
    for out, name in ((one, "Balance report: No Good Gremlins"), (two, "Balance report")):
        tree = _myst_tree(out.read_text(encoding="utf-8"))
        assert not list(tree.findall(raw))
        # level 1 (INFO) is docutils noting that sections share a title ("Scores"); Sphinx is silent
        assert not [m for m in tree.findall(system_message) if m["level"] >= 2]
        # docutils makes a lone top-level heading the document's title; two would stay sections
        assert isinstance(tree.children[0], title)
        assert tree.children[0].astext() == name
        assert all(isinstance(s, section) for s in tree.children[2:])
    assert not list(_myst_tree(two.read_text(encoding="utf-8")).findall(image))
    images = [node["uri"] for node in _myst_tree(one.read_text(encoding="utf-8")).findall(image)]
    assert len(images) == 3
    for uri in images:
        assert uri.startswith("balance_files/")
        assert (tmp_path / uri).read_bytes().startswith(b"<?xml")


def test_html_report_with_png_figures_in_a_chosen_directory(samples: dict[str, Any], tmp_path: Path) -> None:
    """``.html`` gives one HTML page; ``image_format="png"`` and ``figures=`` put PNG files there,
    linked relative to the page."""
    (tmp_path / "site").mkdir()
    out = write_report([samples["paths"]["ngg"]], tmp_path / "site" / "report.html",
                       figures=tmp_path / "site" / "img", image_format="png")
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "<h1>Balance report: No Good Gremlins</h1>" in page
    links = [part.split('"')[0] for part in page.split('<img src="')[1:]]
    assert links
    assert all(link.startswith("img/") and link.endswith(".png") for link in links)
    for link in links:
        assert (out.parent / link).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_report_is_reproducible_and_reads_gzip(samples: dict[str, Any], tmp_path: Path) -> None:
    """A gzipped copy gives the same report, figures included, byte for byte, as the plain file."""
    plain = samples["paths"]["ngg"]
    zipped = tmp_path / "ngg.jsonl.gz"
    zipped.write_bytes(gzip.compress(plain.read_bytes()))
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = write_report([plain], tmp_path / "a" / "r.md")
    b = write_report([zipped], tmp_path / "b" / "r.md")
    assert a.read_text(encoding="utf-8").replace("ngg.jsonl", "X") == \
        b.read_text(encoding="utf-8").replace("ngg.jsonl.gz", "X")
    figures = sorted(p.name for p in (tmp_path / "a" / "r_files").iterdir())
    assert figures
    for name in figures:
        assert (tmp_path / "a" / "r_files" / name).read_bytes() == \
            (tmp_path / "b" / "r_files" / name).read_bytes()


def test_a_truncated_last_line_is_dropped_and_a_game_read_twice_counts_once(
        samples: dict[str, Any], tmp_path: Path) -> None:
    """A killed writer's unfinished last line is dropped; the same file given twice counts each game once."""
    text = samples["paths"]["ngg"].read_text(encoding="utf-8")
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text + text.splitlines()[0][:25], encoding="utf-8")
    results = load_results([cut, samples["paths"]["ngg"]])
    assert len(results.games) == len(samples["ngg"])
    assert results.duplicates == len(samples["ngg"])
    blocks, _ = build_report(results)
    assert "duplicate" in to_markdown(blocks)


@pytest.mark.parametrize(("line", "message"), [
    ('{"format": 2, "index": 0}', "record format 2"),
    ('{"format": 1, "game": "gnaughty-gnomes", "index": 0, "seed": 1, "players": 2, "bots": ["random"], '
     '"scores": [0, 0], "winners": [], "decisions": 3, "ended_by": "GG-END-1", "seconds": 0.1}', "one bot"),
    ('{"format": 1, "game": "gnaughty-gnomes", "index": 0, "seed": 1, "players": 2, "bots": ["random", '
     '"random"], "scores": [0, 0], "winners": [2], "decisions": 3, "ended_by": "GG-END-1", "seconds": 0.1}',
     "distinct seats"),
    ('{"format": 1, "game": "gnaughty-gnomes", "index": 0, "seed": 1, "players": 2, "bots": ["random", '
     '"random"], "scores": [0, "0"], "winners": [], "decisions": 3, "ended_by": "GG-END-1", "seconds": 0.1}',
     "list of integers"),
    ('{"format": 1, "game": "gnaughty-gnomes", "index": 0, "seed": 1, "players": 2, "bots": ["random", '
     '"random"], "scores": [1' + "0" * 400 + ', 0], "winners": [0], "decisions": 3, "ended_by": "GG-END-1", '
     '"seconds": 0.1}', "list of integers"),
    ('{"format": 1, "game": "gnaughty-gnomes", "index": 0, "seed": 1, "players": 2, "bots": ["random", '
     '"random"], "scores": [0, 0], "winners": [], "decisions": 1' + "0" * 400 + ', "ended_by": "GG-END-1", '
     '"seconds": 0.1}', "out of range"),
    ('{"format": 1, "game": "chess", "index": 0, "seed": 1, "players": 2, "bots": ["random", "random"], '
     '"scores": [0, 0], "winners": [], "decisions": 3, "ended_by": "GG-END-1", "seconds": 0.1}', "no game"),
])
def test_a_malformed_record_names_its_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    """A record with a missing, ill-typed or out-of-range field (an integer too large for a
    float, a game nobody registered) raises SerializationError naming the file and line."""
    path = tmp_path / "bad.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(SerializationError, match=message) as info:
        load_results([path])
    assert "bad.jsonl:1" in str(info.value)


def test_cli_report_writes_markdown_and_refuses_other_names(samples: dict[str, Any], tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``gremlinrules report FILES --out X.md`` writes the report (status 0); ``--no-plots`` writes no
    figures; a name that is neither .md nor .html, or a missing file, exits with status 2."""
    out = tmp_path / "r.md"
    assert main(["report", str(samples["paths"]["ngg"]), "--out", str(out), "--no-plots"]) == 0
    assert out.read_text(encoding="utf-8").startswith("# Balance report: No Good Gremlins\n")
    assert not (tmp_path / "r_files").exists()
    assert not any(isinstance(b, Image) for b in build_report(load_results([samples["paths"]["ngg"]]))[0])
    assert main(["report", str(samples["paths"]["ngg"]), "--out", str(tmp_path / "r.txt")]) == 2
    assert ".md or .html" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "missing.jsonl"), "--out", str(out)]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_every_registered_game_gets_a_report(tmp_path: Path) -> None:
    """A few real games of every registered game, at its smallest player count, make a report
    with a section for each game and a finite seat-0 rate."""
    records = []
    for gid in gremlinrules.game_ids():
        records += _run(gid, 3, min(gremlinrules.get_game(gid).player_counts), "random", 5)
    blocks, _ = build_report(load_results([_write(tmp_path / "all.jsonl", records)]))
    titles = {b.text for b in blocks if isinstance(b, Heading) and b.level == 2}
    assert {gremlinrules.get_game(g).title for g in gremlinrules.game_ids()} <= titles
    for table in (b for b in blocks if isinstance(b, Table) and b.header[0] == "Players"):
        assert all(math.isfinite(float(row[3].split("%")[0])) for row in table.rows)


def test_an_image_format_it_cannot_draw_is_refused(samples: dict[str, Any], tmp_path: Path) -> None:
    """Only svg and png are drawn; another format is a library error, and no report is written."""
    with pytest.raises(GremlinRulesError, match="image format"):
        write_report([samples["paths"]["ngg"]], tmp_path / "r.md", image_format="gif")
    assert not (tmp_path / "r.md").exists()


def test_simulate_then_report_from_the_command_line(tmp_path: Path) -> None:
    """``gremlinrules simulate --out`` then ``gremlinrules report`` on its file: the report counts the
    run's games at each player count."""
    results = tmp_path / "run.jsonl"
    assert main(["simulate", "gnaughty-gnomes", "--games", "10", "--players", "all", "--workers", "1",
                 "--seed", "9", "--out", str(results), "--quiet"]) == 0
    out = tmp_path / "report.md"
    assert main(["report", str(results), "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "## 2 players: random in every seat\n\n5 games." in text
    assert "## 4 players: random in every seat\n\n5 games." in text
    assert sorted(p.name for p in (tmp_path / "report_files").iterdir()) == sorted(
        f"gnaughty-gnomes-{n}p-{kind}.svg" for n in (2, 4) for kind in ("length", "scores", "seats"))


def _result(index: int, winners: tuple[int, ...], scores: tuple[int, ...] = (1, 1),
            bots: tuple[str, ...] = ("random", "random"), game: str = "gnaughty-gnomes",
            ended_by: str = "GG-END-1") -> GameResult:
    return GameResult(game=game, index=index, seed=index, players=len(bots), bots=bots,
                      scores=scores, winners=winners, decisions=10, ended_by=ended_by, seconds=0.0)


def test_lineup_stats_count_shared_and_sole_wins_by_hand() -> None:
    """Three games of two seats: seat 0 alone, a tie, nobody: credits (1.5, 0.5), sole wins (1, 0),
    fair rate (2 wins in 3 games) / 2 seats = 1/3."""
    s = lineup_stats([_result(0, (0,)), _result(1, (0, 1)), _result(2, ())])
    assert s.credit == (1.5, 0.5)
    assert s.alone == (1, 0)
    assert s.decided == 1
    assert s.fair == pytest.approx(1 / 3)
    assert [r.value for r in s.rates] == [0.5, 0.5 / 3]
    with pytest.raises(GremlinRulesError):
        lineup_stats([_result(0, (0,)), _result(1, (0,), bots=("random", "ismcts:8"))])


def test_a_clear_first_player_advantage_is_reported_as_a_finding() -> None:
    """Seat 0 winning 70 of 100 games (interval about 60% to 78%, above the fair 50%) is named in the
    summary ("above") and in the findings; 52 of 100 is within chance and is not."""
    strong = [_result(i, (0,) if i < 70 else (1,)) for i in range(100)]
    blocks, _ = build_report(_results(strong))
    summary = _tables(blocks, "Summary")[0]
    assert summary.rows[0][5] == "above"
    items = [i for b in blocks if isinstance(b, Bullets) for i in b.items]
    assert [i for i in items if "seat 0 wins 70.0% (95% CI" in i and i.endswith("above the fair 50.0%.")]
    even = [_result(i, (0,) if i < 52 else (1,)) for i in range(100)]
    blocks, _ = build_report(_results(even))
    assert _tables(blocks, "Summary")[0].rows[0][5] == "within chance"
    assert any(isinstance(b, Bullets) and b.items[0].startswith("No seat wins more or less often")
               for b in blocks)


def test_a_stronger_bot_is_reported_over_all_its_seats() -> None:
    """A bot that wins 45 of 50 games, half in each seat, is above the fair rate in the findings;
    games of random against itself do not enter the comparison."""
    games = [_result(i, (i % 2,), bots=("ismcts:8", "random") if i % 2 == 0 else ("random", "ismcts:8"))
             for i in range(45)]
    games += [_result(45 + i, (i % 2,), bots=("random", "ismcts:8") if i % 2 == 0 else ("ismcts:8", "random"))
              for i in range(5)]
    uniform = [_result(100 + i, (i % 2,)) for i in range(40)]  # random against itself: no evidence
    blocks, _ = build_report(_results(games + uniform))
    items = [i for b in blocks if isinstance(b, Bullets) for i in b.items]
    assert any(i.startswith("2 players: ismcts:8 wins 90.0% of the seats it plays") and "above" in i
               for i in items)
    assert any(i.startswith("2 players: random wins 10.0%") and "below" in i for i in items)
    compared = _tables(blocks, "2 players: bots compared")[0]
    assert {row[2] for row in compared.rows} == {"25", "50"}  # the 50 mixed games only


def _results(games: list[GameResult]) -> Results:
    return Results(tuple(games), ("synthetic.jsonl",), 0)


def test_image_links_can_be_relative_to_an_including_page(samples: dict[str, Any], tmp_path: Path) -> None:
    """With ``relative_to`` (a Sphinx page's directory that includes the Markdown), image links run
    from that directory to the figures, which stay beside the report."""
    out = write_report([samples["paths"]["ngg"]], tmp_path / "docs" / "balance" / "ngg.md",
                       relative_to=tmp_path / "docs")
    links = [line[line.index("](") + 2:-1] for line in out.read_text(encoding="utf-8").splitlines()
             if line.startswith("![")]
    assert len(links) == 3  # seats, length, scores of the one line-up
    for link in links:
        assert link.startswith("balance/ngg_files/")
        assert (tmp_path / "docs" / link).is_file()


def test_games_a_house_rule_bound_ended_are_a_finding() -> None:
    """Games ended by a bound (GI-BOUND-1, the clause of Gremlins, Inc.'s ``bounded`` option) are
    counted in the findings and labelled in the endings table; games a rule ended (GI-END-2) are not."""
    games = [_result(i, (0,), game="gremlins-inc", ended_by="GI-BOUND-1" if i < 3 else "GI-END-2")
             for i in range(10)]
    blocks, _ = build_report(_results(games))
    items = [i for b in blocks if isinstance(b, Bullets) for i in b.items]
    assert [i for i in items if "ended by" in i] == [
        "2 players, random in every seat: 3 of 10 games (30.0%) ended by GI-BOUND-1, a house rule's bound: "
        "the rules as written had not ended them."]
    ended = {row[0]: row for row in _tables(blocks, "2 players: random")[-1].rows}
    assert ended["GI-BOUND-1"][1].startswith("interpretation: House rule")
    assert ended["GI-END-2"][1].startswith("interpretation: Playing to a score")
    assert (ended["GI-BOUND-1"][2], ended["GI-END-2"][2]) == ("3", "7")


@st.composite
def _games(draw: st.DrawFn) -> list[GameResult]:
    """Games of one line-up of 2 to 5 random seats, with any winners and scores."""
    players = draw(st.integers(2, 5))
    count = draw(st.integers(1, 30))
    return [_result(i, tuple(sorted(draw(st.sets(st.integers(0, players - 1))))),
                    tuple(draw(st.lists(st.integers(0, 9), min_size=players, max_size=players))),
                    bots=("random",) * players) for i in range(count)]


@given(_games())
def test_lineup_stats_hand_out_one_win_per_game_with_a_winner(games: list[GameResult]) -> None:
    """The seats' credits add up to the games with a winner, so the fair rate times the seats is that
    share; sole wins add up to the games with one winner; every rate lies in [0, 1]."""
    s = lineup_stats(games)
    with_winner = sum(1 for g in games if g.winners)
    assert math.fsum(s.credit) == pytest.approx(with_winner)
    assert s.fair * s.players == pytest.approx(with_winner / len(games))
    assert s.decided == sum(1 for g in games if len(g.winners) == 1)
    assert all(0 <= r.low <= r.value <= r.high <= 1 for r in s.rates)


@given(st.permutations(list(range(40))))
def test_the_report_does_not_depend_on_the_order_of_the_records(order: list[int]) -> None:
    """simulate writes records in the order games finish: any order of the same records gives the
    same report."""
    games = [_result(i, (i % 3 % 2,) if i % 5 else (0, 1), scores=(i % 4, i % 7)) for i in range(40)]
    want, _ = build_report(_results(games))
    got, _ = build_report(_results([games[i] for i in order]))
    assert got == want


def test_the_edition_played_is_named_and_two_editions_are_not_mixed(samples: dict[str, Any],
                                                                   tmp_path: Path) -> None:
    """The report names the library, rules version and component set the records were played under
    (this library's own, for fresh records); a component set this library no longer plays is
    marked as an earlier edition; records of two component sets of one game are refused."""
    from gremlinrules.core.records import components_version
    from gremlinrules.core.records import rules_version

    game = gremlinrules.get_game("no-good-gremlins")
    text = to_markdown(build_report(load_results([samples["paths"]["ngg"]]))[0])
    assert (f"Played by gremlinrules {gremlinrules.__version__} under rules version {rules_version(game)} "
            f"with component set {components_version(game)}.") in text
    assert "earlier edition" not in text
    old = [dict(r, components="0123456789abcdef") for r in samples["ngg"]]
    text = to_markdown(build_report(load_results([_write(tmp_path / "old.jsonl", old)]))[0])
    assert "with component set 0123456789abcdef." in text
    assert "these results are of an earlier edition of the game" in text
    with pytest.raises(GremlinRulesError, match="mix editions"):
        build_report(load_results([samples["paths"]["ngg"], tmp_path / "old.jsonl"]))


def test_a_record_nested_deeper_than_the_json_parser_goes_is_refused_cleanly(tmp_path: Path) -> None:
    """A line of 100,000 nested lists is not a record: a library error names the file and line
    (not a RecursionError)."""
    path = tmp_path / "deep.jsonl"
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    with pytest.raises(GremlinRulesError, match=r"deep\.jsonl"):
        load_results([path])
