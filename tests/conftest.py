"""Hypothesis profiles and shared fixtures.

``HYPOTHESIS_PROFILE=deep`` (or ``GREMLINRULES_PROFILE=deep``) selects the long
profile for nightly depth; the default ``fast`` profile keeps every commit quick.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fast",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
settings.register_profile(
    "deep",
    max_examples=600,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(
    os.environ.get("GREMLINRULES_PROFILE") or os.environ.get("HYPOTHESIS_PROFILE") or "fast"
)
