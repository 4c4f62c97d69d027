"""Mutation testing of each game's rule book (issue 28): mutmut over ``gremlinrules/<game>/rules.py``,
killed by the game's clause-marked tests and scenario vectors playing the reference rules.

Usage (from the repository root, with the ``mutation`` extra installed)::

    .venv/bin/python -m pip install -e '.[test,mutation]'
    .venv/bin/python tools/mutation.py                      # every game, then the scores
    .venv/bin/python tools/mutation.py gremlins-the-game    # one game
    .venv/bin/python tools/mutation.py --report             # the scores of the last runs only
    .venv/bin/python tools/mutation.py --report --survivors # and every mutant not killed

What a run does, per game:

* it lays out ``build/mutation/<game-id>/`` (a copy of ``gremlinrules/``, ``tests/``, ``spec/`` and
  ``pyproject.toml`` with a ``[tool.mutmut]`` section for that game; the other top-level files
  linked), since mutmut reads its settings from the working directory and rewrites a copy;
* it runs ``nice -n 19 mutmut run --max-children 1`` there, with ``GREMLINRULES_TEST_RULES=reference``
  (see ``tests/rules_switch.py``): the tests call the game's ``rules`` module, which mutmut has
  rewritten, and mutmut's forced-fail run proves that they reach it;
* the tests are the clause-marked ones (``-m "clause and not playout"``) of ``tests/<game>/`` and
  the scenario vectors (``tests/test_scenarios.py``, marked with their clauses), less the long
  whole-game property tests (marked ``playout``, see ``tests/conftest.py``), the differential and
  fast-path tests (they compare the fast path with the rule book and would kill every one-sided
  change) and the external-chance tests (``test_chance.py``: the tracking mode has its own module
  and they cost most of a run); mutmut runs, for each mutant, only the tests that called the
  mutated function;
* the Hypothesis profile is ``mutation`` (``fast`` without shrinking: a mutant is killed at its
  first failing example);
* the score counts a mutant as killed when a test failed; a mutant whose tests ran out of time
  (an endless loop, or a change that only slows them) is counted apart, as timed out, and not as
  killed; a surviving mutant listed in ``tools/equivalent_mutants/<game-id>.toml`` (its name, the
  line it changes and why it cannot change what a rule does) is equivalent and left out of the
  score's denominator. A listed
  mutant whose change no longer matches, or that is killed now, is reported as stale.

mutmut keeps its results in ``build/mutation/<game-id>/mutants/``: a second run retests the
functions that changed and the last run's survivors; ``--clean`` deletes it first and runs every
mutant (each run's times are kept in ``build/mutation/<game-id>/timing.json``). Time,
measured on the shared 2-core machine at nice 19 (a quarter to a third of a core): 13 minutes for
Gremlins: The Game's 273 mutants, 13 for Gremlins, Inc.'s 707; most of it goes to the surviving
mutants (each runs every test that calls its function) and to the three full runs of the tests
mutmut makes first (the call map, the clean run, the forced failure).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from dataclasses import field
from datetime import date
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutation"
EQUIVALENT = ROOT / "tools" / "equivalent_mutants"

GAMES = {
    "gnaughty-gnomes": "gnaughty_gnomes",
    "goblins-vs-gnomes": "goblins_vs_gnomes",
    "gremlins-inc": "gremlins_inc",
    "gremlins-the-game": "gremlins_the_game",
    "no-good-gremlins": "no_good_gremlins",
}
COPIED = ("gremlinrules", "tests", "spec")
LINKED = ("docs", "examples", "benchmarks", "tools", "README.md", "CHANGELOG.md", "LICENSE")
KILLED = {1: "killed", 3: "killed", 36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout",
          255: "timeout"}
"""mutmut's exit codes of a mutant the tests stopped: a test failed (killed), or the tests ran out of
time (timeout: an endless loop, or a mutant that only slowed them). A timeout is not a kill: no clause
test failed, so the score counts it as not killed."""

PLAYOUT = "playout"
"""The marker of the long whole-game property tests, which the mutation run leaves out (tests/conftest.py)."""


def selection(module: str) -> list[str]:
    """The pytest arguments choosing the game's tests for the mutation run."""
    return [f"tests/{module}", "tests/test_scenarios.py", "-m", f"clause and not {PLAYOUT}",
            f"--ignore=tests/{module}/test_differential.py", f"--ignore-glob=tests/{module}/test_fast*.py",
            f"--ignore=tests/{module}/test_chance.py"]


def settings(module: str) -> str:
    """The ``[tool.mutmut]`` section for one game."""
    values = {
        "source_paths": ["gremlinrules"],
        "only_mutate": [f"gremlinrules/{module}/rules.py"],
        "also_copy": ["spec"],
        "pytest_add_cli_args": ["-n", "0", "-p", "no:cacheprovider"],
        "pytest_add_cli_args_test_selection": selection(module),
        "use_git_change_detection": False,
        # a mutant's limits are (its tests' time + 1 s) x this in wall time and twice that in CPU time:
        # 5 instead of mutmut's 15, so a mutant that loops for ever costs a minute or two, not ten; the
        # tests' time is measured in the same run, under the same load (timeouts are counted apart)
        "timeout_multiplier": 5.0,
    }
    return "\n[tool.mutmut]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in values.items())


def _ignore(directory: str, names: list[str]) -> set[str]:
    return {n for n in names if n in ("__pycache__", ".hypothesis", "_build") or n.endswith(".pyc")}


def lay_out(game: str) -> Path:
    """``build/mutation/<game>/``: the sources and tests as they are now, mutmut's results kept."""
    module = GAMES[game]
    work = WORK / game
    work.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        shutil.rmtree(work / name, ignore_errors=True)
        shutil.copytree(ROOT / name, work / name, ignore=_ignore)  # copy2: mtimes kept for mutmut
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (work / "pyproject.toml").write_text(text + settings(module), encoding="utf-8")
    mutants = work / "mutants"
    mutants.mkdir(exist_ok=True)
    for name in LINKED:
        link = mutants / name
        if not link.is_symlink() or link.readlink() != ROOT / name:  # results copied from another checkout
            link.unlink(missing_ok=True)
            link.symlink_to(ROOT / name)
    return work


def mutmut() -> str:
    """The mutmut beside this Python (the ``mutation`` extra)."""
    found = Path(sys.executable).parent / "mutmut"
    if not found.exists():
        sys.exit("mutmut is not installed: pip install -e '.[mutation]'")
    return str(found)


def results(game: str) -> tuple[dict[str, int | None], dict[str, str]]:
    """mutmut's exit code of each mutant of the game's rule book and its functions' hashes (empty
    before the first run)."""
    meta = WORK / game / "mutants" / "gremlinrules" / GAMES[game] / "rules.py.meta"
    if not meta.exists():
        return {}, {}
    data = json.loads(meta.read_text(encoding="utf-8"))
    return data["exit_code_by_key"], data["hash_by_function_name"]


def run(game: str, *, retest_only: bool = False, clean: bool = False) -> None:
    """Run mutmut over the game's rule book (its output in build/mutation/<game>/run.log).

    mutmut retests only the functions that changed; the mutants that survived the last run (or
    had no test, or timed out) in functions that did not change are retested too, against the
    tests as they are now. With ``retest_only`` only those are run (the mutants not yet checked
    stay so). With ``clean`` mutmut's results are deleted first and every mutant is run against
    the tests as they are now: how the published scores are made."""
    if clean:
        shutil.rmtree(WORK / game / "mutants", ignore_errors=True)
    before, hashes = results(game)
    work = lay_out(game)
    started, cpu = time.monotonic(), _children_cpu()
    env = {**os.environ, "GREMLINRULES_TEST_RULES": "reference", "GREMLINRULES_PROFILE": "mutation"}
    log = work / "run.log"
    print(f"{game}: mutmut run (log: {log.relative_to(ROOT)})", flush=True)
    command = ["nice", "-n", "19", mutmut(), "run", "--max-children", "1"]
    with log.open("w", encoding="utf-8") as out:
        returncode = 0
        if not (retest_only and before):
            returncode = subprocess.run(command, cwd=work, env=env, stdout=out, stderr=subprocess.STDOUT,
                                        check=False).returncode
        after, now = results(game)
        same = {f for f, h in hashes.items() if now.get(f) == h}
        again = [key for key, code in before.items()
                 if code is not None and KILLED.get(code) != "killed" and key in after
                 and _function(key) in same]
        if returncode == 0 and again:
            print(f"{game}: retesting {len(again)} mutants that survived the last run", flush=True)
            returncode = subprocess.run([*command, *again], cwd=work, env=env, stdout=out,
                                        stderr=subprocess.STDOUT, check=False).returncode
    if returncode != 0:
        print(f"{game}: mutmut exited {returncode}; see {log}", file=sys.stderr)
    record = {"date": date.today().isoformat(), "clean": clean, "retest_only": retest_only,
              "wall_s": round(time.monotonic() - started), "cpu_s": round(_children_cpu() - cpu),
              "exit": returncode}
    (work / "timing.json").write_text(json.dumps(record) + "\n", encoding="utf-8")


def _children_cpu() -> float:
    """The CPU seconds (user and system) of this process's finished children and theirs."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timings(game: str) -> str:
    """How long the game's last run took (empty before the first run)."""
    path = WORK / game / "timing.json"
    if not path.exists():
        return ""
    t = json.loads(path.read_text(encoding="utf-8"))
    kind = "clean run" if t["clean"] else "survivors retested" if t["retest_only"] else "incremental run"
    return f"{kind} on {t['date']}: {t['wall_s'] / 60:.0f} min wall, {t['cpu_s'] / 60:.0f} min CPU"


def _function(key: str) -> str:
    """The function a mutant belongs to, as mutmut's hashes name it (``x_check_move``)."""
    return key.rsplit(".", 1)[1].rsplit("__mutmut_", 1)[0]


@dataclass
class Score:
    """One game's results."""

    game: str
    total: int = 0
    killed: int = 0
    timeout: int = 0
    equivalent: int = 0
    survivors: list[str] = field(default_factory=list)
    timed_out: list[str] = field(default_factory=list)
    unchecked: int = 0
    stale: list[str] = field(default_factory=list)

    @property
    def score(self) -> float:
        """Killed over the mutants that are not equivalent (a timeout, an unchecked mutant and a
        survivor count as not killed)."""
        judged = self.total - self.equivalent
        return self.killed / judged if judged else 0.0


def changed_lines(work: Path, key: str, path: str) -> str:
    """The lines a mutant changes (``- old`` and ``+ new``), from mutmut's own diff."""
    done = subprocess.run([mutmut(), "show", key], cwd=work, capture_output=True, text=True, check=False)
    lines = [line for line in done.stdout.splitlines()
             if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    return "\n".join(f"{line[0]} {line[1:].strip()}" for line in lines)


def equivalents(game: str) -> dict[str, dict[str, str]]:
    """The recorded equivalent mutants of a game, by mutant name."""
    path = EQUIVALENT / f"{game}.toml"
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {m["name"]: m for m in data.get("mutant", [])}


def score(game: str, *, show: bool = False) -> Score | None:
    """The game's score from mutmut's results (None when it has not run)."""
    module = GAMES[game]
    work = WORK / game
    codes, _ = results(game)
    if not codes:
        return None
    known = equivalents(game)
    out = Score(game, total=len(codes))
    path = f"gremlinrules/{module}/rules.py"
    for key, code in codes.items():
        verdict = KILLED.get(code) if code is not None else "unchecked"
        if verdict == "killed":
            out.killed += 1
        elif verdict == "timeout":
            out.timeout += 1
        elif verdict == "unchecked":
            out.unchecked += 1
        name = key.rsplit(".", 1)[1]
        if verdict in ("killed", "timeout") and name in known:
            out.stale.append(f"{name}: {verdict} now; drop it from the list")
            continue
        if verdict == "timeout":
            out.timed_out.append(key)  # not a kill, and not equivalent: the rules no longer end in time
            continue
        if verdict is not None:
            continue
        if name in known:
            recorded = known[name]["change"].strip()
            if changed_lines(work, key, path) != recorded:
                out.stale.append(f"{name}: its change is not the one recorded")
                out.survivors.append(key)
            else:
                out.equivalent += 1
            continue
        out.survivors.append(key)
    for name in sorted(set(known) - {k.rsplit(".", 1)[1] for k in codes}):
        out.stale.append(f"{name}: no such mutant now")
    if show:
        for key in out.timed_out + out.survivors:
            print(f"--- {key} ({codes[key]})\n{changed_lines(work, key, path)}")
    return out


def report(games: list[str], *, show: bool) -> list[Score]:
    """Print each game's score; the games that have not run are named."""
    found = []
    for game in games:
        s = score(game, show=show)
        if s is None:
            print(f"{game}: no results (run tools/mutation.py {game})")
            continue
        found.append(s)
    print(f"\nmutmut {version()}, {date.today().isoformat()}; rules.py of each game, clause-marked tests and "
          "scenario vectors on the reference rules")
    print(f"{'game':<20} {'killed':>7} {'timeout':>7} {'equiv.':>6} {'left':>5} {'total':>6} {'score':>7}")
    for s in found:
        note = f"  ({s.unchecked} not checked)" if s.unchecked else ""
        print(f"{s.game:<20} {s.killed:>7} {s.timeout:>7} {s.equivalent:>6} {len(s.survivors):>5} "
              f"{s.total:>6} {100 * s.score:>6.1f}%{note}")
        for line in s.stale:
            print(f"  stale equivalent: {line}")
        timing = timings(s.game)
        if timing:
            print(f"  last run: {timing}")
    return found


def rst(scores: list[Score]) -> str:
    """The scores as the list-table of docs/traceability.rst."""
    when = date.today().isoformat()
    title = f"Mutation scores of the rule books (tools/mutation.py, mutmut {version()}, {when})"
    lines = [f".. list-table:: {title}",
             "   :header-rows: 1", "",
             "   * - Game", "     - Mutants", "     - Killed", "     - Equivalent", "     - Survived",
             "     - Timed out", "     - Not checked", "     - Score"]
    for s in scores:
        lines += [f"   * - {s.game}", f"     - {s.total}", f"     - {s.killed}",
                  f"     - {s.equivalent}", f"     - {len(s.survivors)}", f"     - {s.timeout}",
                  f"     - {s.unchecked}", f"     - {100 * s.score:.1f}%"]
    return "\n".join(lines)


def version() -> str:
    """mutmut's version."""
    return metadata.version("mutmut")


def main(argv: list[str] | None = None) -> int:
    """Run the chosen games (all by default), then print the scores."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--report", action="store_true", help="print the scores of the last runs only")
    parser.add_argument("--survivors", action="store_true", help="list every mutant not killed")
    parser.add_argument("--rst", action="store_true", help="also print the scores as the docs' table")
    parser.add_argument("--retest", action="store_true",
                        help="run only the last run's survivors again (after adding tests)")
    parser.add_argument("--clean", action="store_true",
                        help="forget mutmut's results first and run every mutant (the published scores)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown games: {', '.join(unknown)}")
    games = args.games or list(GAMES)
    if not args.report:
        for game in games:
            run(game, retest_only=args.retest, clean=args.clean)
    scores = report(games, show=args.survivors)
    if args.rst:
        print(rst(scores))
    return 0 if scores and all(s.score >= 0.9 and not s.stale for s in scores) else 1


if __name__ == "__main__":
    raise SystemExit(main())
