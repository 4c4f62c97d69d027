"""Fixtures of the web tests: a real server process per test, the system's Chromium."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.serving import CHROMIUM
from tests.web.serving import CHROMIUM_ARGS
from tests.web.serving import ServerProcess

_FIGURES: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Keep the load test's figures (recorded as a user property, so they cross from xdist's
    workers too)."""
    if report.when == "call":
        _FIGURES.extend(f"{name}: {value}" for name, value in report.user_properties if name == "web load")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print the load test's figures after the run."""
    for line in _FIGURES:
        terminalreporter.write_line(line)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """``gremlinrules serve`` on a free loopback port, its tables in a fresh SQLite file."""
    proc = ServerProcess(tmp_path / "tables.sqlite")
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium from the system's packages, driven by Playwright (no browser download)."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no browser: {CHROMIUM} is missing (install Debian's chromium package)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is missing")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
