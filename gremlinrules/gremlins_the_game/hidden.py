"""Sampling what one seat cannot see (for search bots): GTG-VIEW-1.

Hidden from every seat: which gremlin each face-down token is (on the board and in the pool)
and the order of both decks; hidden from a seat: the other hands. The sample keeps every
position, size and public pile, and redeals the unseen gremlins (face-down board tokens and
the pool together), the other hands with the weapon deck, and the event deck's order.
"""

from __future__ import annotations

from gremlinrules.core.checks import guarded
from gremlinrules.core.hidden import sample_start
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.flow import replace
from gremlinrules.gremlins_the_game.state import Placed
from gremlinrules.gremlins_the_game.state import State

__all__ = ["sample_hidden"]


@guarded
def sample_hidden(state: State, player: int, seed: int) -> State:
    """A state seat ``player`` cannot tell from ``state``, with everything hidden from it redealt.

    ``seed`` is an integer from 0 to 2**64-1 (InvalidArgumentError otherwise).
    """
    seat, rng = sample_start(state, State, "Gremlins: The Game State", player, seed)
    board, pool, rng = _gremlins(state, rng)
    others = [p for p in range(state.players) if p != seat]
    cards = list(state.weapon_deck)
    for p in others:
        cards += state.hands[p]
    dealt, rng = rng.shuffle(cards)
    index = tables(state.components).weapon_index
    hands = list(state.hands)
    pos = 0
    for p in others:
        size = len(state.hands[p])
        hands[p] = tuple(sorted(dealt[pos:pos + size], key=index.__getitem__))
        pos += size
    events, rng = rng.shuffle(state.event_deck)
    return replace(state, board=board, pool=pool, hands=tuple(hands), weapon_deck=tuple(dealt[pos:]),
                   event_deck=events, rng=rng)


def _gremlins(state: State, rng: Rng) -> tuple[tuple[Placed, ...], tuple[str, ...], Rng]:
    """The face-down tokens and the pool redealt uniformly among the deals a player cannot rule
    out: Stripe only where he can be, in the pool or on a token placed from it after setup
    (GTG-SETUP-3: the tokens placed at setup are known not to be him)."""
    down = [i for i, p in enumerate(state.board) if not p.face_up]
    unseen = [state.board[i].gremlin for i in down] + list(state.pool)
    stripe = tables(state.components).stripe
    open_slots = [k for k, i in enumerate(down) if state.board[i].from_pool]
    open_slots += range(len(down), len(unseen))
    slot = -1
    if stripe in unseen and open_slots:
        pick, rng = rng.below(len(open_slots))
        slot = open_slots[pick]
        unseen.remove(stripe)
    mixed, rng = rng.shuffle(unseen)
    dealt = list(mixed)
    if slot >= 0:
        dealt.insert(slot, stripe)
    board = list(state.board)
    for k, i in enumerate(down):
        p = board[i]
        board[i] = Placed(p.space, dealt[k], False, p.from_pool)
    return tuple(board), tuple(dealt[len(down):]), rng
