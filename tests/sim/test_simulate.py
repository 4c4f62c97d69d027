"""gremlinrules.sim: seeds, records, resuming, retries after a dead worker, the command line."""

from __future__ import annotations

import gzip
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import engine
from gremlinrules.bots import RandomBot
from gremlinrules.bots import register_bot
from gremlinrules.bots import unregister_bot
from gremlinrules.cli import main
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.playout import random_playout
from gremlinrules.core.protocol import Game
from gremlinrules.core.records import components_version
from gremlinrules.core.records import rules_version
from gremlinrules.core.rng import Rng
from gremlinrules.sim import Record
from gremlinrules.sim import bot_seed
from gremlinrules.sim import game_seed
from gremlinrules.sim import iter_simulate
from gremlinrules.sim import local
from gremlinrules.sim import read_records
from gremlinrules.sim import simulate
from gremlinrules.sim.local import MAX_BATCH
from gremlinrules.sim.local import Batcher
from gremlinrules.sim.play import play_game
from gremlinrules.sim.progress import Progress
from gremlinrules.sim.records import SimulationError

QUICK = "gnaughty-gnomes"  # about 2,000 random games a second


def _same(record: Record) -> dict[str, Any]:
    """A record without its wall time, the one field two runs of a command may differ in."""
    return {k: v for k, v in record.items() if k != "seconds"}


@given(master=st.integers(0, 2**64 - 1), count=st.integers(1, 40))
def test_game_seeds_are_the_splitmix64_outputs_of_the_master_seed(master: int, count: int) -> None:
    """Game i's seed is the i-th output of the core's SplitMix64 generator seeded with the master seed."""
    rng = Rng.from_seed(master)
    for index in range(count):
        out, rng = rng.next_u64()
        assert game_seed(master, index) == out


def test_bot_seeds_differ_by_seat_and_from_the_game_stream() -> None:
    """Each seat's bot gets its own seed, and none is one of the outputs new_game draws from the game seed."""
    for seed in (0, 1, 2**64 - 1, 8422931144):
        seats = [bot_seed(seed, s) for s in range(8)]
        assert len(set(seats)) == 8
        rng = Rng.from_seed(seed)
        outputs = set()
        for _ in range(8):
            out, rng = rng.next_u64()
            outputs.add(out)
        assert not outputs & set(seats)


def test_bad_seed_arguments_raise_library_errors() -> None:
    """A seed or index that is not a non-negative integer is an InvalidArgumentError."""
    with pytest.raises(InvalidArgumentError):
        game_seed("1", 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        game_seed(1, -1)
    with pytest.raises(InvalidArgumentError):
        bot_seed(1, True)


def _replay(game: Game, record: Record) -> tuple[list[int], list[int], int, str | None]:
    """Play the record's game again by hand, with the random policy of core.playout (the random
    bot in every seat is one random playout): scores, winners, decisions, end reason."""
    scores, winners, decisions, ended_by = random_playout(game, record["players"], record["seed"])
    return list(scores), list(winners), decisions, ended_by


def _replay_bots(game: Game, record: Record) -> tuple[list[int], list[int], int, str | None]:
    """Play the record's game again by hand with one random bot per seat, seeded by bot_seed."""
    state = game.new_game(record["players"], seed=record["seed"])
    bots = [RandomBot(game, s, bot_seed(record["seed"], s)) for s in range(record["players"])]
    decisions = 0
    while not game.is_terminal(state):
        seat = game.current_player(state)
        assert seat is not None
        state = game.apply(state, bots[seat].choose(state))
        decisions += 1
    return list(game.scores(state)), list(game.winners(state)), decisions, game.end_reason(state)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_a_record_is_its_game_replayed_from_the_seed_alone(game_id: str) -> None:
    """For every game, each record says what a game played by hand from its seed and bot seeds gives;
    --players all plays the counts in turn by index."""
    game = gremlinrules.get_game(game_id)
    counts = game.player_counts
    games = len(counts) + 1
    records = simulate(game_id, games=games, seed=11, workers=1)
    assert [r["index"] for r in records] == list(range(games))
    for r in records:
        assert r["format"] == 1
        assert r["game"] == game_id
        assert r["seed"] == game_seed(11, r["index"])
        assert r["players"] == counts[r["index"] % len(counts)]
        assert r["bots"] == ["random"] * r["players"]
        assert (r["scores"], r["winners"], r["decisions"], r["ended_by"]) == _replay(game, r)
        assert r["ended_by"]
        assert r["seconds"] >= 0


class _PerSeatRandom(RandomBot[Any, Any]):
    """The random bot under another name: a line-up of it is played bot by bot, not as a playout."""


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_a_line_up_of_bots_is_played_seat_by_seat_with_each_seat_s_bot_seed(game_id: str) -> None:
    """A line-up that is not the random bot alone plays each seat's bot from ``bot_seed``: the
    records are the games replayed by hand with one random bot per seat."""
    register_bot("per-seat-random", _PerSeatRandom)
    try:
        game = gremlinrules.get_game(game_id)
        for r in simulate(game_id, games=len(game.player_counts), seed=5, workers=1, bots="per-seat-random"):
            assert (r["scores"], r["winners"], r["decisions"], r["ended_by"]) == _replay_bots(game, r)
    finally:
        unregister_bot("per-seat-random")


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_random_records_are_identical_with_and_without_the_engine(game_id: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The random bot in every seat gives the same records, every field but the play time, whether
    the compiled engine plays the games or the typed API does (GREMLINRULES_ENGINE=off)."""
    def run() -> list[dict[str, Any]]:
        return [{k: v for k, v in r.items() if k != "seconds"}
                for r in simulate(game_id, games=12, seed=21, workers=1)]

    with_engine = run()
    monkeypatch.setenv(engine.ENV, "off")
    assert not engine.available()
    without = run()
    monkeypatch.delenv(engine.ENV)
    engine.available()  # read the switch again: on
    assert with_engine == without


def test_local_processes_give_the_records_of_one_process_and_any_subset_replays_alone() -> None:
    """Two worker processes give the records of one (all but seconds); the first games of a longer run
    are those of a shorter one."""
    one = simulate(QUICK, games=14, players=2, bots="random,ismcts:3", seed=3, workers=1)
    two = simulate(QUICK, games=14, players=2, bots="random,ismcts:3", seed=3, workers=2)
    assert [_same(r) for r in one] == [_same(r) for r in two]
    short = simulate(QUICK, games=5, players=2, bots="random,ismcts:3", seed=3, workers=1)
    assert [_same(r) for r in short] == [_same(r) for r in one[:5]]
    assert {tuple(r["bots"]) for r in one} == {("random", "ismcts:3")}


def _lines(path: Path) -> list[Record]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_run_resumes_from_its_file_without_playing_a_game_twice(tmp_path: Path) -> None:
    """Appending to a file of the same run plays only the missing indices; a truncated last line is
    dropped and its game played again; the whole file then equals one uninterrupted run."""
    out = tmp_path / "run.jsonl"
    first = simulate(QUICK, games=9, seed=5, workers=2, out=out)
    assert sorted(r["index"] for r in _lines(out)) == list(range(9))
    data = out.read_bytes()
    cut = data[: len(data) - 20]  # a writer killed mid-line
    out.write_bytes(cut)
    assert len(list(read_records(out))) == 8  # the reader skips the partial line too
    whole = simulate(QUICK, games=15, seed=5, workers=2, out=out)
    assert out.read_bytes().startswith(cut[: cut.rfind(b"\n") + 1])  # complete lines kept as they were
    lines = _lines(out)
    assert sorted(r["index"] for r in lines) == list(range(15))
    assert [_same(r) for r in whole] == [_same(r) for r in simulate(QUICK, games=15, seed=5, workers=1)]
    assert [_same(r) for r in first] == [_same(r) for r in whole[:9]]


def test_a_run_stopped_early_keeps_what_it_yielded_and_resumes(tmp_path: Path) -> None:
    """Closing the iterator after a few records leaves at least those in the file (each once), and the
    same call then completes the run as one uninterrupted run would."""
    out = tmp_path / "run.jsonl"
    run = iter_simulate(QUICK, games=200, players=2, seed=7, workers=2, out=out)
    first = [next(run) for _ in range(3)]
    run.close()
    kept = _lines(out)
    assert all(r in kept for r in first)
    assert len({r["index"] for r in kept}) == len(kept) < 200
    whole = simulate(QUICK, games=200, players=2, seed=7, workers=2, out=out)
    assert [_same(r) for r in whole] == [_same(r) for r in simulate(QUICK, games=200, players=2, seed=7,
                                                                     workers=1)]


def test_a_finished_run_plays_nothing_more(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Resuming a file that holds every game starts no worker and returns the file's records."""
    out = tmp_path / "run.jsonl"
    records = simulate(QUICK, games=6, seed=5, workers=1, out=out)

    def no_workers(*args: Any) -> Any:
        raise AssertionError("a worker was started")

    monkeypatch.setattr(local, "run_local", no_workers)
    assert simulate(QUICK, games=6, seed=5, workers=2, out=out) == records
    assert simulate(QUICK, games=4, seed=5, workers=2, out=out) == records[:4]


@pytest.mark.parametrize(("setting", "value"), [("seed", 6), ("players", 2), ("bots", "ismcts:3"),
                                                 ("game", "no-good-gremlins")])
def test_a_file_of_another_run_is_refused_and_left_as_it_was(tmp_path: Path, setting: str,
                                                              value: Any) -> None:
    """Resuming with another game, seed, player count or bots raises SimulationError naming the
    mismatch; the file is unchanged."""
    out = tmp_path / "run.jsonl"
    settings: dict[str, Any] = {"game": QUICK, "seed": 5, "players": "all", "bots": "random"}
    simulate(games=3, workers=1, out=out, **settings)
    before = out.read_bytes()
    settings[setting] = value
    with pytest.raises(SimulationError, match=f"another run's games.*has {setting} "):
        simulate(games=4, workers=1, out=out, **settings)
    assert out.read_bytes() == before


@pytest.mark.parametrize(("field", "refused"), [("rules", True), ("components", True), ("library", False)])
def test_a_run_is_finished_only_under_the_rules_and_components_it_began_with(tmp_path: Path, field: str,
                                                                            refused: bool) -> None:
    """Records name the library, rules and component-set versions that played them; a file begun under
    another rules version or component set is refused, one from another library version is finished."""
    out = tmp_path / "run.jsonl"
    records = simulate(QUICK, games=3, seed=1, workers=1, out=out)
    game = gremlinrules.get_game(QUICK)
    assert {(r["library"], r["rules"], r["components"]) for r in records} == {
        (gremlinrules.__version__, rules_version(game), components_version(game))}
    out.write_text("".join(json.dumps({**r, field: "other"}) + "\n" for r in records))
    if refused:
        with pytest.raises(SimulationError, match=f"has {field} 'other'.*changed since this file was begun"):
            simulate(QUICK, games=4, seed=1, workers=1, out=out)
    else:
        assert len(simulate(QUICK, games=4, seed=1, workers=1, out=out)) == 4


def test_a_file_with_a_bad_line_or_a_repeated_game_is_refused(tmp_path: Path) -> None:
    """A line that is not a record, or an index recorded twice, is a SimulationError naming the line."""
    out = tmp_path / "run.jsonl"
    simulate(QUICK, games=2, seed=1, workers=1, out=out)
    text = out.read_text()
    out.write_text(text + text.splitlines()[0] + "\n")
    with pytest.raises(SimulationError, match="line 3: game 0 is recorded twice"):
        simulate(QUICK, games=3, seed=1, workers=1, out=out)
    out.write_text("not json\n" + text)
    with pytest.raises(SimulationError, match="line 1: not a simulation record"):
        simulate(QUICK, games=3, seed=1, workers=1, out=out)


def test_records_read_back_from_plain_and_gzipped_files(tmp_path: Path) -> None:
    """read_records gives the records a run wrote, from the .jsonl file and from it gzipped; an empty
    file has none."""
    out = tmp_path / "run.jsonl"
    records = simulate(QUICK, games=4, seed=3, workers=1, out=out)
    zipped = tmp_path / "run.jsonl.gz"
    zipped.write_bytes(gzip.compress(out.read_bytes()))
    assert sorted(read_records(out), key=lambda r: r["index"]) == records
    assert sorted(read_records(zipped), key=lambda r: r["index"]) == records
    (tmp_path / "empty.jsonl").write_text("")
    assert list(read_records(tmp_path / "empty.jsonl")) == []
    with pytest.raises(SimulationError, match="cannot read"):
        list(read_records(tmp_path / "missing.jsonl"))
    with pytest.raises(InvalidArgumentError, match="gzip the file when the run is over"):
        simulate(QUICK, games=1, workers=1, out=zipped)


class CrashOnce(RandomBot):
    """A random bot whose first move anywhere kills its own process (SIGKILL), once per marker file."""

    def __init__(self, marker: str, game: Game, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self.marker = marker

    def choose(self, state: Any) -> Any:
        """The random bot's choice, after killing this process the first time."""
        try:
            fd = os.open(self.marker, os.O_CREAT | os.O_EXCL)
        except FileExistsError:
            return super().choose(state)
        os.close(fd)
        os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("unreachable")


class CrashOnceFactory:
    """Makes CrashOnce bots; picklable, so worker processes receive it."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __call__(self, game: Game, seat: int, seed: int = 0) -> CrashOnce:
        return CrashOnce(self.marker, game, seat, seed)


class Faulty(RandomBot):
    """A bot that raises on its first move."""

    def choose(self, state: Any) -> Any:
        """Raises a plain ValueError."""
        raise ValueError("this bot is broken")


@pytest.fixture
def crash_once(tmp_path: Path) -> Any:
    register_bot("crash-once", CrashOnceFactory(str(tmp_path / "crashed")))
    yield tmp_path / "crashed"
    unregister_bot("crash-once")


def test_a_killed_worker_s_games_are_played_again_and_recorded_once(tmp_path: Path, crash_once: Path) -> None:
    """When a worker process dies, its batch is played again on new workers: every index is recorded
    exactly once, with the records of a run where nothing died."""
    out = tmp_path / "run.jsonl"
    records = simulate(QUICK, games=40, players=2, bots="crash-once", seed=2, workers=2, out=out)
    assert crash_once.exists()  # a worker did die
    lines = _lines(out)
    assert sorted(r["index"] for r in lines) == list(range(40))
    calm = simulate(QUICK, games=40, players=2, bots="crash-once", seed=2, workers=1)
    assert [_same(r) for r in records] == [_same(r) for r in calm]


def _children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid and stat[0] != "Z":
                found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(sys.platform != "linux", reason="reads the process tree from /proc (CI runs Linux)")
def test_no_worker_outlives_a_main_process_killed_outright(tmp_path: Path) -> None:
    """When the main process of a run is killed with no chance to clean up (SIGKILL), its worker
    processes and their forkserver exit too, instead of waiting for work for ever."""
    out = tmp_path / "run.jsonl"
    main_process = subprocess.Popen([sys.executable, "-m", "gremlinrules", "simulate", QUICK, "--games",
                                     "1000000", "--workers", "2", "--out", str(out), "--quiet"])
    try:
        deadline = time.monotonic() + 60
        while not (out.exists() and out.stat().st_size) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert out.stat().st_size, "no game was recorded within a minute"
        servers = _children(main_process.pid)
        workers = [w for server in servers for w in _children(server)]
        assert len(workers) >= 2
    finally:
        main_process.kill()
        main_process.wait()
    left = servers + workers
    deadline = time.monotonic() + 30
    while any(map(_running, left)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in left if _running(pid)]


def test_a_game_that_raises_stops_the_run_naming_its_seed() -> None:
    """A game whose bot raises is a SimulationError with the game's index and seed, on either backend
    of local processes."""
    register_bot("faulty", Faulty)
    try:
        for workers in (1, 2):
            with pytest.raises(SimulationError, match=f"game 0 \\(seed {game_seed(4, 0)},.*ValueError"):
                simulate(QUICK, games=1, players=2, bots="faulty", seed=4, workers=workers)
    finally:
        unregister_bot("faulty")


class _ShortBound:
    """A game whose documented decision bound is 5: any real game of it runs past the bound."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def decision_bound(self, players: int) -> int:
        return 5


def test_a_game_running_past_its_decision_bound_is_stopped() -> None:
    """A game that has not ended after its documented bound of decisions raises instead of running on."""
    game: Any = _ShortBound(gremlinrules.get_game(QUICK))
    with pytest.raises(RuntimeError, match="did not end within its bound of 5 decisions"):
        play_game(game, (0, 1, 2, ("plain", "random")))
    assert play_game(gremlinrules.get_game(QUICK), (0, 1, 2, ("plain", "random")))["decisions"] > 5


@pytest.mark.parametrize("kwargs", [{"games": -1}, {"games": 1.5}, {"workers": 0}, {"players": 9},
                                    {"players": "some"}, {"bots": "minimax"}, {"bots": "random,random"},
                                    {"bots": []}, {"seed": "x"}, {"ray": 3}, {"ray": ""}])
def test_bad_arguments_raise_library_errors_at_the_call(kwargs: dict[str, Any]) -> None:
    """Every bad argument is an InvalidArgumentError from the call, before the iterator's first step."""
    settings: dict[str, Any] = {"games": 2, "workers": 1, **kwargs}
    with pytest.raises(InvalidArgumentError):
        iter_simulate(QUICK, **settings)


def test_the_batcher_hands_out_every_game_once_in_order_sized_by_the_time_per_game() -> None:
    """Batches partition the pending games in order: 2 games at first, then about half a second of
    games, shrinking at the end so the workers finish together."""
    tasks = [(i, i, 2, ("random", "random")) for i in range(2000)]
    batcher = Batcher(tasks, workers=2)
    first = batcher.take()
    assert len(first) == 2
    record: Any = {"seconds": 0.001}
    batcher.played([record, record])
    taken: list[tuple[Any, ...]] = [first]
    while len(batcher):
        taken.append(batcher.take())
    assert [t for batch in taken for t in batch] == tasks
    assert len(taken[1]) == 500  # 0.5 s at 1 ms a game
    assert len(taken[-1]) == 1
    assert all(len(b) <= MAX_BATCH for b in taken)


@given(games=st.integers(0, 3000), workers=st.integers(1, 16),
       means=st.lists(st.floats(0.0, 5.0), max_size=30))
def test_batches_partition_the_pending_games_in_order_whatever_the_times(games: int, workers: int,
                                                                           means: list[float]) -> None:
    """Whatever the games' measured times, the batches are non-empty, at most MAX_BATCH games, and
    together every pending game once, in order."""
    tasks = [(i, i, 2, ("random", "random")) for i in range(games)]
    batcher = Batcher(tasks, workers)
    taken: list[tuple[Any, ...]] = []
    times = iter(means)
    while len(batcher):
        batch = batcher.take()
        assert 1 <= len(batch) <= MAX_BATCH
        taken.append(batch)
        record: Any = {"seconds": next(times, 0.001)}
        batcher.played([record] * len(batch))
    assert [t for batch in taken for t in batch] == tasks
    assert batcher.take() == ()


@given(cut=st.integers(0, 10**6))
def test_a_file_cut_at_any_byte_resumes_to_the_whole_run(tmp_path_factory: pytest.TempPathFactory,
                                                         cut: int) -> None:
    """Cutting a run's file at any byte (a writer killed anywhere) and running again keeps every complete
    line as it was and ends with every game once, as one uninterrupted run."""
    out = tmp_path_factory.mktemp("cut") / "run.jsonl"
    whole = simulate(QUICK, games=5, players=2, seed=13, workers=1, out=out)
    data = out.read_bytes()
    cut %= len(data) + 1
    out.write_bytes(data[:cut])
    again = simulate(QUICK, games=5, players=2, seed=13, workers=1, out=out)
    assert out.read_bytes().startswith(data[: data.rfind(b"\n", 0, cut) + 1])
    assert sorted(r["index"] for r in _lines(out)) == list(range(5))
    assert [_same(r) for r in again] == [_same(r) for r in whole]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_shows_games_per_second_on_a_terminal_only() -> None:
    """On a terminal the bar counts games with their rate; on anything else it writes nothing."""
    quiet = io.StringIO()
    bar = Progress(10, stream=quiet)
    bar.update(4)
    bar.close()
    assert quiet.getvalue() == ""
    assert not bar.shown
    tty = _Terminal()
    bar = Progress(10, initial=2, stream=tty)
    assert bar.shown
    bar.update(8)
    bar.close()
    assert "10/10" in tty.getvalue()
    assert "game/s" in tty.getvalue()


def test_the_command_writes_json_lines_to_a_file_or_standard_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """simulate --out FILE writes the records simulate() returns; without --out they go to standard output."""
    out = tmp_path / "cli.jsonl"
    args = ["simulate", QUICK, "--games", "5", "--seed", "9", "--players", "4", "--bots", "random",
            "--workers", "1"]
    assert main([*args, "--out", str(out)]) == 0
    expected = [_same(r) for r in simulate(QUICK, games=5, players=4, seed=9, workers=1)]
    assert sorted((_same(r) for r in _lines(out)), key=lambda r: r["index"]) == expected
    capsys.readouterr()
    assert main(args) == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [_same(r) for r in printed] == expected


@pytest.mark.parametrize("bad", [["--bots", "ismcts:0"], ["--bots", "random,random"], ["--players", "3"]])
def test_the_command_reports_bad_settings_with_status_2(bad: list[str],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A bad bot spec or player count is a one-line error and exit status 2, not a traceback."""
    assert main(["simulate", QUICK, "--games", "1", "--workers", "1", *bad]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gremlinrules: ")
    assert "Traceback" not in err


def test_the_component_set_digest_covers_the_reference_map(monkeypatch: pytest.MonkeyPatch) -> None:
    """components_version changes when only the reference map's data changes (a moved Start
    space changes the games), and not when only a comment of it does."""
    import importlib.resources as resources
    import pathlib

    game = gremlinrules.get_game("gremlins-the-game")
    before = components_version(game)
    board = resources.files("gremlinrules.gremlins_the_game").joinpath("board.toml").read_text("utf-8")
    real = resources.files

    def patched(text: str) -> object:
        class Files:
            def __init__(self, package: str) -> None:
                self.root = real(package)

            def joinpath(self, name: str) -> object:
                if name != "board.toml":
                    return self.root.joinpath(name)
                path = pathlib.Path(tmp) / "board.toml"
                path.write_text(text, "utf-8")
                return path

        return Files

    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        monkeypatch.setattr(resources, "files", patched("# a comment\n" + board))
        assert components_version(game) == before
        monkeypatch.setattr(resources, "files", patched(board.replace('green = "p9"', 'green = "n15"')))
        assert components_version(game) != before


def test_a_run_of_more_games_than_the_bound_is_refused_before_any_work() -> None:
    """iter_simulate refuses more than MAX_GAMES games at the call (its pending games are listed up
    front, so a huge count would fill memory before the first game), and the command line refuses
    --games 0."""
    from gremlinrules.sim.run import MAX_GAMES
    from gremlinrules.sim.run import iter_simulate

    with pytest.raises(InvalidArgumentError, match="at most"):
        iter_simulate("gnaughty-gnomes", games=MAX_GAMES + 1, players=2, bots="random", seed=0, workers=1)
    with pytest.raises(SystemExit):
        main(["simulate", "gnaughty-gnomes", "--games", "0"])
