"""A missing optional dependency names the extra that brings it (issue 28).

Each dependency is made missing as an uninstalled package is: ``sys.modules[name] = None`` for
the package and every submodule already loaded, so any import of it raises
``ModuleNotFoundError``; the module under test is dropped from ``sys.modules`` so that its
imports run again. ``monkeypatch`` puts everything back afterwards.
"""

from __future__ import annotations

import importlib
import io
import pickle
import sys
from pathlib import Path

import pytest

import gremlinrules
from gremlinrules import GremlinRulesError
from gremlinrules import MissingExtraError
from gremlinrules.cli import main


def _uninstall(monkeypatch: pytest.MonkeyPatch, package: str) -> None:
    """Make ``package`` look not installed (its loaded submodules too)."""
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, package, None)


def _fresh(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """Drop ``module`` from ``sys.modules`` (and its parent's attribute) so the next import runs it."""
    monkeypatch.delitem(sys.modules, module, raising=False)
    parent, _, child = module.rpartition(".")
    if parent in sys.modules and hasattr(sys.modules[parent], child):
        monkeypatch.delattr(sys.modules[parent], child)


def _check(exc: MissingExtraError, extra: str, missing: str) -> None:
    assert isinstance(exc, ImportError)
    assert isinstance(exc, GremlinRulesError)
    assert exc.extra == extra
    assert exc.name == missing
    assert f"pip install 'gremlinrules[{extra}]'" in str(exc)
    assert missing in str(exc)


@pytest.mark.parametrize(("module", "missing", "extra"), [
    ("gremlinrules.adapters.pettingzoo", "gymnasium", "pettingzoo"),
    ("gremlinrules.adapters.pettingzoo", "numpy", "pettingzoo"),
    ("gremlinrules.adapters.pettingzoo", "pettingzoo", "pettingzoo"),
    ("gremlinrules.adapters.openspiel", "numpy", "openspiel"),
    ("gremlinrules.adapters.openspiel", "pyspiel", "openspiel"),
    ("gremlinrules.web.app", "starlette", "web"),
])
def test_importing_a_module_without_its_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch, module: str,
                                                              missing: str, extra: str) -> None:
    """Importing an adapter or the web app without one of its dependencies raises the library's
    MissingExtraError, an ImportError too, naming the missing module and the extra to install,
    never a bare ModuleNotFoundError."""
    _uninstall(monkeypatch, missing)
    _fresh(monkeypatch, module)
    with pytest.raises(MissingExtraError) as caught:
        importlib.import_module(module)
    _check(caught.value, extra, missing)
    assert module in str(caught.value)


def test_serve_without_uvicorn_names_the_web_extra(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """``gremlinrules serve`` without uvicorn says which extra to install (status 2), and so does
    ``gremlinrules.web.serve`` from Python, with the library's MissingExtraError."""
    from gremlinrules.web import serve

    _uninstall(monkeypatch, "uvicorn")
    with pytest.raises(MissingExtraError) as caught:
        serve(announce=False)
    _check(caught.value, "web", "uvicorn")
    assert main(["serve"]) == 2
    assert "pip install 'gremlinrules[web]'" in capsys.readouterr().err


def test_the_report_s_plots_without_matplotlib_name_the_sim_extra(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Without matplotlib, a figure and a report with plots raise MissingExtraError naming the
    ``sim`` extra and the way out (no plots); ``report`` prints it and exits with status 2."""
    from gremlinrules.sim import plots
    from gremlinrules.sim import simulate
    from gremlinrules.sim.records import record_line

    _uninstall(monkeypatch, "matplotlib")
    assert not plots.available()
    with pytest.raises(MissingExtraError) as caught:
        plots.histogram(tmp_path / "h.svg", [1, 2, 3], title="t", xlabel="x")
    _check(caught.value, "sim", "matplotlib")
    results = tmp_path / "run.jsonl"
    results.write_text("".join(record_line(r) for r in simulate("gnaughty-gnomes", games=2, players=2,
                                                                workers=1)), encoding="utf-8")
    assert main(["report", str(results), "--out", str(tmp_path / "report.md")]) == 2
    err = capsys.readouterr().err
    assert "pip install 'gremlinrules[sim]'" in err
    assert "--no-plots" in err
    assert main(["report", str(results), "--out", str(tmp_path / "report.md"), "--no-plots"]) == 0


def test_a_progress_bar_without_tqdm_says_once_which_extra_draws_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal without tqdm, the progress bar is not drawn and one line names the ``sim``
    extra; off a terminal nothing is written at all."""
    from gremlinrules.sim.progress import Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    _uninstall(monkeypatch, "tqdm")
    stream = Terminal()
    bar = Progress(10, stream=stream)
    bar.update(3)
    bar.close()
    assert not bar.shown
    assert stream.getvalue().count("\n") == 1
    assert "tqdm" in stream.getvalue()
    assert "pip install 'gremlinrules[sim]'" in stream.getvalue()
    quiet = io.StringIO()
    Progress(10, stream=quiet).close()
    assert quiet.getvalue() == ""


def test_simulate_on_ray_without_ray_names_the_ray_extra(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate --ray`` without Ray fails at once with MissingExtraError naming the ``ray``
    extra, from Python and from the command line (status 2)."""
    from gremlinrules.sim import iter_simulate

    _uninstall(monkeypatch, "ray")
    with pytest.raises(MissingExtraError) as caught:
        iter_simulate("gnaughty-gnomes", games=1, ray=True)
    _check(caught.value, "ray", "ray")
    assert main(["simulate", "gnaughty-gnomes", "--games", "1", "--ray", "--quiet"]) == 2
    assert "pip install 'gremlinrules[ray]'" in capsys.readouterr().err


def test_missing_extra_error_is_exported_and_survives_a_pickle() -> None:
    """MissingExtraError is importable from the top level and from ``gremlinrules.core.errors``, and a
    pickled one (as Ray sends errors between processes) keeps its message and fields."""
    from gremlinrules.core.errors import MissingExtraError as Same

    assert gremlinrules.MissingExtraError is Same
    assert "MissingExtraError" in gremlinrules.__all__
    exc = MissingExtraError("sim", "the report's plots", "matplotlib", alternative="pass --no-plots")
    back = pickle.loads(pickle.dumps(exc))
    assert type(back) is MissingExtraError
    assert (str(back), back.extra, back.name, back.needed_by, back.alternative) == (
        str(exc), "sim", "matplotlib", "the report's plots", "pass --no-plots")
    assert str(exc) == ("the report's plots needs matplotlib, which is not installed: "
                        "pip install 'gremlinrules[sim]', or pass --no-plots")
