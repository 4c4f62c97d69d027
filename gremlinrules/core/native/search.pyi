"""Stub of the compiled IS-MCTS search (``search.pyx``) for type checkers."""

from gremlinrules.core.native.game import NativeGame

def run_search(root: NativeGame, seat: int, stream: int, iterations: int, rollout_depth: int,
               exploration: float, seconds: float | None = None, avoid: bytes | None = None
               ) -> tuple[int, int]: ...
