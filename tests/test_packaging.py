"""What the package index shows and what a source distribution carries (issues 27 and 28)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_SDIST_BYTES = 3 * 1024 * 1024


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A source distribution of the checkout, built by the build backend itself."""
    out = tmp_path_factory.mktemp("sdist")
    code = ("import sys, setuptools.build_meta as b; "
            "print(b.build_sdist(sys.argv[1]))")
    env = {**os.environ, "GREMLINRULES_BUILD_ENGINE": "0"}  # the sources only: nothing to compile
    name = subprocess.run([sys.executable, "-c", code, str(out)], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True).stdout.strip().splitlines()[-1]
    return out / name


@pytest.mark.slow
def test_the_sdist_is_small_and_carries_the_engines_sources(sdist: Path) -> None:
    """The sdist stays under 3 MB without the balance records, and carries everything a build
    needs: setup.py, every native.pyx and the core's native pieces, the spec, the tests."""
    assert sdist.stat().st_size < MAX_SDIST_BYTES, f"{sdist.stat().st_size} bytes"
    with tarfile.open(sdist) as archive:
        names = {name.partition("/")[2] for name in archive.getnames()}
    expected = {"setup.py", "pyproject.toml", "README.md", "CHANGELOG.md", "LICENSE", "MANIFEST.in",
                "gremlinrules/core/native/game.pyx", "gremlinrules/core/native/game.pxd",
                "gremlinrules/core/native/rng.pxd", "gremlinrules/core/native/bits.pxd",
                "gremlinrules/core/native/search.pyx",
                "spec/no-good-gremlins.toml", "tests/engine/test_differential.py"}
    expected |= {str(p.relative_to(ROOT)) for p in ROOT.glob("gremlinrules/*/native.pyx")}
    assert expected <= names, sorted(expected - names)
    assert not any(n.startswith("docs/balance/results/") and n.endswith(".gz") for n in names)
    assert not any(n.endswith((".so", ".pyc")) for n in names)
    assert not any(n.endswith(".c") for n in names), "generated C in the sdist"


def test_the_readme_has_no_link_that_breaks_on_the_package_index() -> None:
    """Every link in the README (which the package index shows as the project page) is absolute."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)]+)\)", text) + re.findall(r'href="([^"]+)"', text)
    relative = [t for t in targets if not re.match(r"https?://|mailto:|#", t)]
    assert not relative, relative


def test_the_metadata_says_the_development_status() -> None:
    """pip's metadata carries a Development Status classifier (and one only)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    statuses = [c for c in project["classifiers"] if c.startswith("Development Status ::")]
    assert len(statuses) == 1
