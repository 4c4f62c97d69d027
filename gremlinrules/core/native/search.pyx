# cython: language_level=3
"""IS-MCTS in native code, written once over the NativeGame ``cdef`` methods, the GIL released.

:func:`run_search` is :class:`gremlinrules.bots.ISMCTSBot`'s search (see its module docstring for
the algorithm and the one SplitMix64 stream every draw comes from), step for step: the same
draws in the same order (the determinization's seed a raw output, ``below(len(untried))`` for the
action to expand, the random policy's ``below(n)`` in the rollout), the same floating-point
operations in the same order (the values, the sums, UCB1 with availability counts), the same
ties (the first best in the canonical order of the legal indices). So the bot chooses the same
move with the engine and without it. Each simulation copies the root into one working game
(``load``) and redeals it with the game's native ``redeal`` (``sample_hidden``); the tree's nodes
live in one C array, each node's children in a list.
"""

from libc.math cimport INFINITY, log, sqrt
from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from gremlinrules.core.native.game cimport MAX_ACTIONS, MAX_SEATS, NativeGame
from gremlinrules.core.native.rng cimport sm_below, sm_next

from gremlinrules.core.errors import UnsupportedError


ctypedef struct Node:
    int32_t action      # the action index that leads here (-1 at the root)
    int32_t child       # the first child, or -1
    int32_t sibling     # the next child of the same parent, or -1
    int64_t visits
    int64_t avail       # the visits in which it was legal (availability), from 1
    double total        # the summed value for the seat whose action led here


cdef struct Tree:
    Node* nodes
    int64_t size
    int64_t capacity
    int32_t* path       # the nodes of this simulation's descent
    int32_t* movers     # and the seat that chose each
    int64_t path_capacity


cdef int64_t _add(Tree* tree, int32_t parent, int32_t action) noexcept nogil:
    """A new child of ``parent`` for ``action`` (visits 0, avail 1, total 0.0); -1 without memory."""
    cdef Node* grown
    cdef int64_t k
    if tree.size == tree.capacity:
        grown = <Node*>realloc(tree.nodes, 2 * tree.capacity * sizeof(Node))
        if grown == NULL:
            return -1
        tree.nodes = grown
        tree.capacity *= 2
    k = tree.size
    tree.size += 1
    tree.nodes[k].action = action
    tree.nodes[k].child = -1
    tree.nodes[k].visits = 0
    tree.nodes[k].avail = 1
    tree.nodes[k].total = 0.0
    if parent >= 0:
        tree.nodes[k].sibling = tree.nodes[parent].child
        tree.nodes[parent].child = <int32_t>k
    else:
        tree.nodes[k].sibling = -1
    return k


cdef bint _push(Tree* tree, int64_t depth, int32_t node, int32_t mover) noexcept nogil:
    cdef int32_t* path
    cdef int32_t* movers
    if depth == tree.path_capacity:
        path = <int32_t*>realloc(tree.path, 2 * tree.path_capacity * sizeof(int32_t))
        if path == NULL:
            return False
        tree.path = path
        movers = <int32_t*>realloc(tree.movers, 2 * tree.path_capacity * sizeof(int32_t))
        if movers == NULL:
            return False
        tree.movers = movers
        tree.path_capacity *= 2
    tree.path[depth] = node
    tree.movers[depth] = mover
    return True


cdef void _values(NativeGame game, int players, double* value) noexcept nogil:
    """The rollout's value per seat: at the end ``adapters.outcome.returns`` (+1 a winner, -1 the
    others, 0 for all when all win), else the scores scaled to [-0.5, 0.5] (0 for all when equal)."""
    cdef int32_t scores[MAX_SEATS]
    cdef uint32_t won
    cdef int p, winners = 0
    cdef int32_t low, high
    if game.to_move() < 0:
        won = game.winners_mask()
        for p in range(players):
            winners += <int>(won >> p & 1)
        for p in range(players):
            value[p] = 0.0 if winners == players else (1.0 if won >> p & 1 else -1.0)
        return
    game.scores_into(scores)
    low = scores[0]
    high = scores[0]
    for p in range(1, players):
        if scores[p] < low:
            low = scores[p]
        if scores[p] > high:
            high = scores[p]
    for p in range(players):
        if high == low:
            value[p] = 0.0
        else:
            value[p] = <double>(scores[p] - low) / <double>(high - low) - 0.5


cdef inline double _now() noexcept nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return <double>t.tv_sec + <double>t.tv_nsec * 1e-9


cdef int _simulate(Tree* tree, NativeGame root, NativeGame work, int seat, uint64_t* stream,
                   int rollout_depth, double c, int32_t* legal, int32_t* untried, int32_t* slot,
                   int players, const unsigned char* avoid) noexcept nogil:
    """One simulation (ISMCTSBot._simulate and _rollout); 0, or -1 when memory ran out."""
    cdef double value[MAX_SEATS]
    cdef int64_t depth = 0, k
    cdef int32_t node = 0, ch, best, a
    cdef int n, i, nu, mover
    cdef double score, best_score
    work.load(root)
    work.redeal(seat, sm_next(stream))
    while work.to_move() >= 0:
        n = work.legal_into(legal)
        mover = work.to_move()
        ch = tree.nodes[node].child
        while ch >= 0:
            slot[tree.nodes[ch].action] = ch
            ch = tree.nodes[ch].sibling
        nu = 0
        for i in range(n):
            ch = slot[legal[i]]
            if ch >= 0:
                tree.nodes[ch].avail += 1
            else:
                untried[nu] = legal[i]
                nu += 1
        if nu:
            ch = tree.nodes[node].child
            while ch >= 0:
                slot[tree.nodes[ch].action] = -1
                ch = tree.nodes[ch].sibling
            a = untried[<int>sm_below(stream, <uint64_t>nu)]
            k = _add(tree, node, a)
            if k < 0 or not _push(tree, depth, <int32_t>k, mover):
                return -1
            depth += 1
            work.play(a)
            break
        best = slot[legal[0]]
        best_score = -INFINITY
        for i in range(n):  # UCB1 with availability counts; the first best in canonical order
            ch = slot[legal[i]]
            score = (tree.nodes[ch].total / <double>tree.nodes[ch].visits
                     + c * sqrt(log(<double>tree.nodes[ch].avail) / <double>tree.nodes[ch].visits))
            if score > best_score:
                best = ch
                best_score = score
        ch = tree.nodes[node].child
        while ch >= 0:
            slot[tree.nodes[ch].action] = -1
            ch = tree.nodes[ch].sibling
        node = best
        if not _push(tree, depth, node, mover):
            return -1
        depth += 1
        work.play(tree.nodes[node].action)
    for i in range(rollout_depth):
        if work.to_move() < 0:
            break
        if avoid != NULL:  # a careful rollout: the avoided actions only when nothing else is legal
            n = work.legal_into(legal)
            nu = 0
            for k in range(n):
                if not avoid[legal[k]]:
                    untried[nu] = legal[k]
                    nu += 1
            if nu:
                a = untried[<int>sm_below(stream, <uint64_t>nu)]
            elif n:
                a = legal[<int>sm_below(stream, <uint64_t>n)]
            else:
                a = -1
        else:
            a = work.random_action(stream, legal)
        if a < 0:
            break
        work.play(a)
    _values(work, players, value)
    for k in range(depth):
        tree.nodes[tree.path[k]].visits += 1
        tree.nodes[tree.path[k]].total += value[tree.movers[k]]
    return 0


def run_search(NativeGame root, int seat, uint64_t stream, int64_t iterations, int rollout_depth,
               double exploration, seconds=None, bytes avoid=None):
    """ISMCTSBot's search from ``root`` (the real state, seat ``seat`` to decide, at least two
    legal actions) with the bot's stream state ``stream``: ``iterations`` simulations, or with
    ``seconds`` as many as fit in that wall time (at least one). Returns (the position, in the
    ascending legal indices, of the most visited one, the first on a tie; the stream's state
    after). ``avoid``, when given, is one byte per action index of the table, nonzero for the actions
    a careful rollout plays only when nothing else is legal. UnsupportedError when the game has no
    native ``redeal`` or ``load`` (nothing drawn)."""
    cdef int players = root.table.players
    cdef NativeGame work = root.copy()
    cdef Tree tree
    cdef int32_t* legal = <int32_t*>malloc(MAX_ACTIONS * sizeof(int32_t))
    cdef int32_t* untried = <int32_t*>malloc(MAX_ACTIONS * sizeof(int32_t))
    cdef Py_ssize_t space = len(root.table.actions)  # the action space (legal lists hold MAX_ACTIONS)
    cdef int32_t* slot = <int32_t*>malloc(max(space, 1) * sizeof(int32_t))  # node by action index
    cdef int64_t done = 0
    cdef int i, n, failed = 0, best = 0
    cdef int32_t ch
    cdef int64_t most
    cdef bint timed = seconds is not None
    cdef double budget = float(seconds) if timed else 0.0
    cdef double deadline = 0.0
    cdef const unsigned char* mask = NULL
    if avoid is not None:
        if len(avoid) != len(root.table.actions):
            raise ValueError("avoid must hold one byte per action index")
        mask = avoid
    tree.capacity = 1024
    tree.nodes = <Node*>malloc(tree.capacity * sizeof(Node))
    tree.size = 0
    tree.path_capacity = 256
    tree.path = <int32_t*>malloc(tree.path_capacity * sizeof(int32_t))
    tree.movers = <int32_t*>malloc(tree.path_capacity * sizeof(int32_t))
    try:
        if not (legal and untried and slot and tree.nodes and tree.path and tree.movers):
            raise MemoryError()
        if not work.load(root) or not work.redeal(seat, 0):
            raise UnsupportedError(f"the native {root.table.game_id} cannot search (no native sample_hidden)")
        for i in range(space):
            slot[i] = -1
        _add(&tree, -1, -1)
        with nogil:
            if timed:
                deadline = _now() + budget
            while True:
                if _simulate(&tree, root, work, seat, &stream, rollout_depth, exploration, legal, untried,
                             slot, players, mask) < 0:
                    failed = 1
                    break
                done += 1
                if timed:
                    if _now() >= deadline:
                        break
                elif done >= iterations:
                    break
            n = root.legal_into(legal)
            ch = tree.nodes[0].child
            while ch >= 0:
                slot[tree.nodes[ch].action] = ch
                ch = tree.nodes[ch].sibling
            most = -2
            for i in range(n):  # max(legal, key=visits, -1 when never tried): the first best
                ch = slot[legal[i]]
                if (tree.nodes[ch].visits if ch >= 0 else -1) > most:
                    most = tree.nodes[ch].visits if ch >= 0 else -1
                    best = i
        if failed:
            raise MemoryError()
        return best, stream
    finally:
        free(legal)
        free(untried)
        free(slot)
        free(tree.nodes)
        free(tree.path)
        free(tree.movers)
