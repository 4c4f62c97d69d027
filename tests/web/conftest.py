"""Fixtures of the web tests: a real server process per test, the system's Chromium."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.serving import CHROMIUM, CHROMIUM_ARGS, ServerProcess


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
