"""Per-game bounds for the view encoding, derived from the rules (so no calibration is needed).

``CAPACITIES[game_id]`` maps a path in the View (``history[*]`` is every
element of ``history``) to the most items that tuple can ever hold, as a
number or a function of the player count; ``VOCABULARIES[game_id]`` maps a
path of a ``str`` field to every value it can take. A path without a hint is
calibrated (see :mod:`gremlinrules.adapters.encoding`). Each bound says where
it comes from.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["CAPACITIES", "VOCABULARIES", "hints_for"]

_Cap = int | Callable[[int], int]

# Gnaughty Gnomes: 4 positions whatever the seat count (GG-2P-1), a 9-card hand
# (GG-SETUP-2), 13 hexes, 4 suits, 8 tricks of 4 cards (GG-END-1); spots are
# the garden's edges and vertices (board.N_SPOTS).
_GG_SPOTS = 92
CAPACITIES: dict[str, dict[str, _Cap]] = {
    "gnaughty-gnomes": {
        "layout": 13, "track": 4, "hand": 9, "face_up": 4, "face_up[*]": 9, "face_down": 4,
        "hand_sizes": 4, "gnomes": _GG_SPOTS, "supply": 4, "team_scores": 2, "plays": 4,
        "order": 4, "flipped": 4, "history": 8, "history[*]": 4,
    },
}
VOCABULARIES: dict[str, dict[str, tuple[str, ...]]] = {}


def hints_for(game_id: str, players: int) -> tuple[dict[str, int], dict[str, tuple[str, ...]]]:
    """The capacities (resolved for ``players``) and vocabularies hinted for a game."""
    caps = {path: cap(players) if callable(cap) else cap
            for path, cap in CAPACITIES.get(game_id, {}).items()}
    return caps, dict(VOCABULARIES.get(game_id, {}))
