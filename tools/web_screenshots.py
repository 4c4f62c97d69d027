"""Regenerate docs/_static/web/<game-id>.png: seat 0's table page of every game, as the browser
tests that play each game by clicking its board see it (``python tools/web_screenshots.py``;
needs the test extra and Debian's chromium package).

The screenshots are written by ``tests/web/test_clicks.py`` when ``GREMLINRULES_SCREENSHOTS=1``
is set, so the docs' pictures are the page those tests play and cannot drift from it; this
script only runs those tests with it set.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    """Run the click tests with the screenshots switched on; their exit status."""
    env = {**os.environ, "GREMLINRULES_SCREENSHOTS": "1"}
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
               "tests/web/test_clicks.py"]
    return subprocess.call(command, cwd=ROOT, env=env)


if __name__ == "__main__":
    raise SystemExit(main())
