"""The report judges seat effects only where every seat had the same bot, and bots over all seats only
where they sat in every seat equally often, as ``simulate --rotate`` seats them (issue 28)."""

from __future__ import annotations

from typing import Any

from gremlinrules.sim import simulate
from gremlinrules.sim.markup import Bullets
from gremlinrules.sim.markup import Heading
from gremlinrules.sim.markup import Paragraph
from gremlinrules.sim.markup import Table
from gremlinrules.sim.markup import to_markdown
from gremlinrules.sim.report import build_report
from gremlinrules.sim.results import GameResult
from gremlinrules.sim.results import Results
from gremlinrules.sim.results import parse_result

WEAK_FIRST = ("random", "plain", "ismcts:8")


def _result(index: int, winners: tuple[int, ...], bots: tuple[str, ...]) -> GameResult:
    return GameResult(game="no-good-gremlins", index=index, seed=index, players=len(bots), bots=bots,
                      scores=(1,) * len(bots), winners=winners, decisions=10, ended_by="NGG-FINALE-1",
                      seconds=0.0)


def _report(games: list[GameResult]) -> list[Any]:
    return build_report(Results(tuple(games), ("synthetic.jsonl",), 0))[0]


def _items(blocks: list[Any]) -> list[str]:
    return [i for b in blocks if isinstance(b, Bullets) for i in b.items]


def _section_tables(blocks: list[Any], title: str) -> list[Table]:
    start = next(i for i, b in enumerate(blocks) if isinstance(b, Heading) and b.text == title)
    found = []
    for b in blocks[start + 1:]:
        if isinstance(b, Heading) and b.level <= blocks[start].level:
            break
        if isinstance(b, Table):
            found.append(b)
    return found


def _plain_wins(count: int, rotate: bool) -> list[GameResult]:
    """``count`` games of random, plain and IS-MCTS in which plain always wins; seated as given, or
    turned one seat a game as ``simulate --rotate`` seats them."""
    games = []
    for i in range(count):
        turn = i % 3 if rotate else 0
        bots = tuple(WEAK_FIRST[(seat - turn) % 3] for seat in range(3))
        games.append(_result(i, (bots.index("plain"),), bots))
    return games


def test_the_weakest_bot_s_seat_is_not_called_a_disadvantaged_seat() -> None:
    """With random in seat 0 against plain and IS-MCTS (seat 0 never wins), the report does not call
    seat 0 "a disadvantage beyond chance": the summary says "not judged", no finding names a seat, the
    findings and the line-up's section say why; a line-up of one bot in every seat in the same results
    is still judged."""
    strong_first = [_result(1000 + i, (0,) if i < 70 else ((1,), (2,))[i % 2], ("random",) * 3)
                    for i in range(100)]
    blocks = _report(_plain_wins(90, rotate=False) + strong_first)
    summary = {row[1]: row for row in _section_tables(blocks, "Summary")[0].rows}
    assert summary["random / plain / ismcts:8"][5] == "not judged"
    assert summary["random in every seat"][5] == "above"
    items = _items(blocks)
    assert not [i for i in items if i.startswith("3 players, random / plain / ismcts:8: seat")]
    assert [i for i in items if i.startswith("3 players, random in every seat: seat 0 wins")]
    assert "3 players: seat effects are not judged in the line-up that mixes bots" in " ".join(items)
    text = to_markdown(blocks)
    assert "disadvantage beyond chance" not in text
    seats = _section_tables(blocks, "3 players: random / plain / ismcts:8")[0]
    assert [row[6] for row in seats.rows] == ["not judged"] * 3
    assert "this report does not judge seat effects here" in text
    assert "Seat effects are judged only where every seat had the same bot" in text


def test_bots_in_fixed_seats_are_not_judged_over_all_seats_and_rotated_bots_are() -> None:
    """Bots that always sit in the same seats are compared seat by seat, but their rates over all
    seats are "not judged" (they are the seats' rates too), with a pointer to --rotate; the same bots
    rotated through the seats are each judged over all seats, and plain is found above the fair rate."""
    fixed = _report(_plain_wins(90, rotate=False))
    compared = {(r[0], r[1]): r for r in _section_tables(fixed, "3 players: bots compared")[0].rows}
    assert set(compared) == {("random", "0"), ("plain", "1"), ("ismcts:8", "2")}  # one seat each
    assert not [i for i in _items(fixed) if "of the seats it plays" in i]
    assert any("did not sit in every seat equally often" in i and "simulate --rotate" in i
               for i in _items(fixed))
    rotated = _report(_plain_wins(90, rotate=True))
    compared = {(r[0], r[1]): r for r in _section_tables(rotated, "3 players: bots compared")[0].rows}
    assert {key: row[2] for key, row in compared.items()} == {
        **{(bot, str(seat)): "30" for bot in WEAK_FIRST for seat in range(3)},
        **{(bot, "all"): "90" for bot in WEAK_FIRST}}
    assert compared["plain", "all"][5] == "above"
    assert compared["random", "all"][5] == "below"
    assert any(i.startswith("3 players: plain wins 100.0% of the seats it plays") for i in _items(rotated))
    assert any(isinstance(b, Paragraph) and b.text.startswith("Every bot sat in every seat equally often")
               for b in rotated)


def test_a_bot_that_missed_a_seat_or_sat_unevenly_is_not_judged_over_all_seats() -> None:
    """Balance allows one game (or 5%) of difference between a bot's seats: 34/33/33 is judged, a bot
    absent from one seat or 40/25/25 is not."""
    def games(seat_counts: tuple[int, ...]) -> list[GameResult]:
        made: list[GameResult] = []
        for turn, count in enumerate(seat_counts):
            bots = tuple(WEAK_FIRST[(seat - turn) % 3] for seat in range(3))
            made += [_result(len(made), (bots.index("plain"),), bots) for _ in range(count)]
        return made

    def all_row(seat_counts: tuple[int, ...]) -> str:
        rows = _section_tables(_report(games(seat_counts)), "3 players: bots compared")[0].rows
        return next(r[5] for r in rows if r[:2] == ("plain", "all"))

    assert all_row((34, 33, 33)) == "above"
    assert all_row((40, 25, 25)) == "not judged"
    assert all_row((40, 40, 0)) == "not judged"


def test_a_rotated_simulation_s_report_compares_its_bots_in_every_seat() -> None:
    """Real games of ``simulate --rotate``: the report's bot comparison has each bot in each seat as
    often as the others, and no seat verdict for its line-ups."""
    records = simulate("no-good-gremlins", games=6, players=3, bots="random,plain,ismcts:2", seed=8,
                       workers=1, rotate=True)
    blocks = _report([parse_result(r) for r in records])
    rows = _section_tables(blocks, "3 players: bots compared")[0].rows
    assert {r[2] for r in rows if r[1] != "all"} == {"2"}
    assert {r[2] for r in rows if r[1] == "all"} == {"6"}
    summary = _section_tables(blocks, "Summary")[0]
    assert len(summary.rows) == 3
    assert {row[5] for row in summary.rows} == {"not judged"}
