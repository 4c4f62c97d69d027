# cython: language_level=3
"""Gremlins, Inc. in native code: the engine's state and rules (see ``docs/engine.rst``).

The state is one C struct of small integers (:c:type:`S`, 936 bytes): every card of the set
that is in a zone lives in one byte array, ``buf``, split into 32 zones by their start offsets
(the discard pile, each hand and each seat's permanents sorted, the resources behind each of the
18 project places in the order they were assigned, and the draw pile last, its top at the end);
the projects themselves (uid, card, face up, their resources counted by type, and which seats
remember them face down) sit in rows of three;
the one pending frame (a payment or an effect's choice, with its :class:`~.frames.Effect`) or the
familiar-players redraws left; and the turn's counters. A table made once per player count and
options compiles the validated card set (the reference deck or a user's own) into flat arrays:
each design's kind, type, cost, completion cost and score, its effect script as op, amount,
selector and filters per step, and its passives, and the action space's index of each action.
The interpreter runs those scripts as :mod:`.effects` does, stage for stage (the clause ids name
where each rule is), and the generator is the same SplitMix64 (``core/native/rng.pxd``), so a
native game reaches the very states the rule book reaches: the differential tests
(``tests/engine``) compare ``to_state()`` with the Python state at every decision. Every option
and every card set the validator accepts is played.
"""

cimport cython
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memmove, memset

from gremlinrules.core.native.game cimport MAX_ACTIONS, NativeGame, NativeTable, ObservationPlan
from gremlinrules.core.native.rng cimport sm_shuffle_u8

from gremlinrules.core.checks import check_players, check_seed, check_type, instance_or_default
from gremlinrules.core.errors import UnsupportedError
from gremlinrules.core.native.game import node_number as _number  # the encoder's number of a name
from gremlinrules.core.native.game import node_slot as _hot  # the encoder's slot of a name
from gremlinrules.core.native.game import run_playouts
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_inc import rules as _rules
from gremlinrules.gremlins_inc.actions import (
    Assign, Cancel, ChoosePlayer, ChooseProject, ChooseResource, ChooseSelf, Complete, Discard, Done,
    EndTurn, Play, Start)
from gremlinrules.gremlins_inc.components import (
    KINDS, OPS, PASSIVES, PROJECT_FILTERS, RESOURCES, SELECTORS)
from gremlinrules.gremlins_inc.frames import (
    AssignChoice, DiscardChoice, Effect, Payment, PlayerChoice, ProjectChoice, Redraw, ResourceChoice,
    Stage)
from gremlinrules.gremlins_inc.invariants import check_state
from gremlinrules.gremlins_inc.kit import kit_for
from gremlinrules.gremlins_inc.setup import MAX_PLAYERS, MIN_PLAYERS, seat_teams
from gremlinrules.gremlins_inc.state import Options, Phase, Project, State

__all__ = ["GAME_ID", "STATE_BYTES", "GremlinsInc", "from_state", "new", "refusal", "run_playouts"]

GAME_ID = "gremlins-inc"
_TITLE = "Gremlins, Inc."

cdef enum:
    MAXP = 6          # seats
    MP = 3            # GI-PROJ-2: at most 3 projects a seat (checked for every card set)
    MAXC = 400        # components.MAX_DECK: the most cards a set holds
    MAXD = 200        # components.MAX_DESIGNS
    MAXSTEPS = 8      # components.MAX_STEPS
    MAXPASS = 4       # components.MAX_PASSIVES
    MAXOWED = 40      # frames: a payment owes at most 40 runs of one type (16383 units a run)
    MAXQ = 8          # the effect's queue of seats the engine holds
    # the zones of buf, in order; the draw pile last, its top at the end (a draw moves nothing)
    Z_DISC = 0
    Z_HAND = 1        # + seat
    Z_PERM = 7        # + seat
    Z_PROJ = 13       # + seat * MP + place in the row
    Z_DECK = 31
    NZ = 32
    # resource types, in the order of RESOURCES
    GOLD = 0
    MALICE = 1
    INDUSTRY = 2
    # card kinds, in the order of KINDS
    K_ACTION = 0
    K_BLUEPRINT = 1
    K_PERMANENT = 2
    # ops, in the order of OPS
    OP_GAIN = 0
    OP_LOSE = 1
    OP_DRAW = 2
    OP_DISCARD = 3
    OP_ASSIGN = 4
    OP_MOVE = 5
    OP_STEAL_SCORE = 6
    OP_STEAL_RES = 7
    OP_STEAL_PROJ = 8
    OP_DISCARD_RES = 9
    OP_DISCARD_PROJ = 10
    OP_HIDE = 11
    OP_REVEAL = 12
    OP_EXTRA_TURN = 13
    # selectors, in the order of SELECTORS
    T_YOU = 0
    T_ANY_PLAYER = 1
    T_ANY_OPPONENT = 2
    T_EVERYONE_ELSE = 3
    T_HIGHEST = 4
    T_LOWEST = 5
    T_MOST = 6
    # project filters, in the order of PROJECT_FILTERS
    W_ANY = 0
    W_HIDDEN = 1
    W_REVEALED = 2
    W_MOST = 3
    # passives, in the order of PASSIVES
    P_COST = 0
    P_BONUS = 1
    P_PROTECT = 2
    P_EXTRA_ACTION = 3
    # stages, in the order of Stage
    S_WHO = 0
    S_EACH = 1
    S_ACT = 2
    S_PROJECT = 3
    S_DEST = 4
    S_UNITS = 5
    S_DISCARD = 6
    S_ASSIGN = 7
    # the pending frame
    F_NONE = 0
    F_PAY = 1
    F_PLAYER = 2
    F_PROJECT = 3
    F_RESOURCE = 4
    F_DISCARD = 5
    F_ASSIGN = 6
    # phases, in the order of _PHASES
    PH_REDRAW = 0
    PH_PLAY = 1
    PH_OVER = 2
    # the kinds of action of the space
    A_START = 0
    A_ASSIGN = 1
    A_PLAY = 2
    A_COMPLETE = 3
    A_CANCEL = 4
    A_END = 5
    A_PLAYER = 6
    A_SELF = 7
    A_PROJECT = 8
    A_RESOURCE = 9
    A_DISCARD = 10
    A_DONE = 11
    # end reasons
    END_SCORE = 0
    END_RESHUFFLES = 1
    END_BOUND = 2

_PHASES = (Phase.REDRAW, Phase.PLAY, Phase.OVER)
_PHASE_CODE = {phase: code for code, phase in enumerate(_PHASES)}
_STAGES = tuple(Stage)
_STAGE_CODE = {stage: code for code, stage in enumerate(_STAGES)}
_END_REASONS = ("GI-END-2", "GI-END-3", "GI-BOUND-1")
_ALPHA = (GOLD, INDUSTRY, MALICE)  # a cost's pairs are sorted by resource name
_MASK = (1 << 64) - 1

cdef int _ALPHA_C[3]
_ALPHA_C[0] = GOLD
_ALPHA_C[1] = INDUSTRY
_ALPHA_C[2] = MALICE


# One step of a card's script, compiled.
ctypedef struct Stp:
    int8_t op
    int8_t amount
    int8_t target
    int8_t which
    int8_t resource      # -1: any, else a type
    bint to_same         # move_resource to another project of the same owner
    bint opponents       # a ranked selector among opponents only


ctypedef struct Pas:
    int8_t effect
    int8_t kind          # cost: 0 action costs, 1 completion costs
    int8_t resource      # -1: any
    int8_t change
    int8_t amount
    int8_t against       # protect: the op, else -1


# A table's numbers: the card set, the action space and the options.
ctypedef struct Tab:
    # the per-design arrays a decision reads first, side by side (fewer cache lines touched)
    int players
    int ndesigns
    int ncards
    int hand_size
    int per_turn
    int32_t a_complete
    int32_t a_cancel
    int32_t a_end
    int32_t a_player               # + offset - 1
    int32_t a_self
    int32_t a_project              # + seat * MP + place
    int32_t a_resource             # + type
    int32_t a_discard              # + design
    int32_t a_done
    int32_t nactions
    int8_t teams[MAXP]
    # options
    bint end_by_score
    int32_t target
    int32_t reshuffles
    bint bounded
    int32_t round_limit
    bint alone                     # each seat its own team
    bint familiar                  # GI-SETUP-3
    bint reveal                    # reveal_resources: the cards behind projects are public
    uint8_t rtype[MAXD]
    uint8_t kind[MAXD]
    uint8_t npass[MAXD]
    uint8_t nsteps[MAXD]
    int32_t a_start_down[MAXD]
    int32_t a_start_up[MAXD]       # -1: the card may only be started face down
    int32_t a_assign[MAXD]         # + place (from 0)
    int32_t a_play[MAXD]           # -1: not an action card
    int32_t cost[MAXD][3]
    int32_t needs[MAXD][3]
    int32_t score[MAXD]
    bint face_up[MAXD]
    Pas passes[MAXD][MAXPASS]
    Stp steps[MAXD][MAXSTEPS]
    uint8_t deck[MAXC]             # the whole set, sorted (what new_game shuffles)
    # the action space
    uint8_t act_kind[MAX_ACTIONS]
    int16_t act_a[MAX_ACTIONS]
    int16_t act_b[MAX_ACTIONS]


ctypedef struct Proj:
    int32_t uid
    uint16_t cnt[3]                # its resources counted by type (the zone holds their order)
    uint8_t card
    uint8_t up
    uint8_t known                  # GI-VIEW-3: the seats that remember it face down, as bits


# Where a card's effect stands (frames.Effect).
ctypedef struct E:
    int32_t completing
    int16_t step
    int16_t left
    uint8_t card
    int8_t player
    int8_t stage
    int8_t seat
    int8_t project
    int8_t dest
    int8_t nq
    bint each
    int8_t queue[MAXQ]


# A state: every field of State, compacted.
ctypedef struct S:
    uint64_t rng
    int32_t scores[MAXP]
    int32_t round
    int32_t reshuffles
    int32_t next_uid
    int32_t extra_turns
    int32_t extra_given
    uint16_t zs[NZ + 1]            # zone z is buf[zs[z]:zs[z + 1]]
    Proj proj[MAXP][MP]
    uint8_t nproj[MAXP]
    int8_t first
    int8_t turn
    int16_t used
    int8_t phase
    int8_t nredraw                 # the familiar-players redraws still to come
    int8_t frame                   # F_*: the pending frame during play
    uint8_t owed_pos               # a payment owes the runs owed[owed_pos:owed_len]
    uint8_t owed_len
    uint8_t pay_card
    uint8_t winners
    uint16_t owed[MAXOWED]         # runs of units of one type: the type << 14 | how many
    E eff
    uint8_t buf[MAXC]


# --- the table -------------------------------------------------------------------------------

cdef class GiTable(NativeTable):
    cdef Tab tab
    cdef readonly tuple ids
    cdef readonly object components
    cdef readonly tuple teams


_TABLES = {}
_DEFAULT = {}  # players -> the table of the default options


def _code(values, value):
    return values.index(value)


cdef GiTable _table(int players, options):
    """The table of ``players`` and ``options`` (an Options), made once: the card set compiled."""
    key = (players, options)
    cdef GiTable t = _TABLES.get(key)
    if t is not None:
        return t
    teams = seat_teams(players, options)  # SetupError for a layout that does not fit
    kit = kit_for(options.components, players)
    comps = kit.components
    actions = kit.actions
    if len(actions) > MAX_ACTIONS:
        raise UnsupportedError(f"the card set {comps.name!r} has {len(actions)} actions with {players} "
                               f"players, more than the engine's {MAX_ACTIONS}")
    if comps.max_projects != MP or len(comps.cards) > MAXD or len(kit.deck) > MAXC:
        raise UnsupportedError(f"the card set {comps.name!r} is larger than the engine plays")
    t = GiTable(GAME_ID, players, options, actions, _END_REASONS, _MODULE)
    t.components = comps
    t.teams = teams
    ids = tuple(c.id for c in comps.cards)
    t.ids = ids
    index = {c: d for d, c in enumerate(ids)}
    cdef Tab* tab = &t.tab
    memset(tab, 0, sizeof(Tab))
    tab.players = players
    tab.ndesigns = len(ids)
    tab.ncards = len(kit.deck)
    tab.hand_size = comps.hand_size
    tab.per_turn = comps.actions_per_turn
    for p in range(players):
        tab.teams[p] = teams[p]
    tab.alone = teams == tuple(range(players))
    for d, c in enumerate(comps.cards):
        tab.kind[d] = _code(KINDS, c.kind)
        tab.rtype[d] = _code(RESOURCES, c.resource)
        tab.face_up[d] = c.face_up
        tab.score[d] = c.score
        for r, k in c.cost:
            tab.cost[d][_code(RESOURCES, r)] += k
        for r, k in c.needs:
            tab.needs[d][_code(RESOURCES, r)] += k
        tab.nsteps[d] = len(c.effect)
        for j, st in enumerate(c.effect):
            tab.steps[d][j].op = _code(OPS, st.op)
            tab.steps[d][j].amount = st.amount
            tab.steps[d][j].target = _code(SELECTORS, st.target)
            tab.steps[d][j].which = _code(PROJECT_FILTERS, st.which)
            tab.steps[d][j].resource = -1 if st.resource == "any" else _code(RESOURCES, st.resource)
            tab.steps[d][j].to_same = st.to == "same"
            tab.steps[d][j].opponents = st.among == "opponents"
        tab.npass[d] = len(c.passive)
        for j, ps in enumerate(c.passive):
            tab.passes[d][j].effect = _code(PASSIVES, ps.effect)
            tab.passes[d][j].kind = 0 if ps.kind == "action" else 1
            tab.passes[d][j].resource = -1 if ps.resource == "any" else _code(RESOURCES, ps.resource)
            tab.passes[d][j].change = ps.change
            tab.passes[d][j].amount = ps.amount
            tab.passes[d][j].against = _code(OPS, ps.against) if ps.against else -1
        tab.a_start_up[d] = -1
        tab.a_play[d] = -1
    for k, card in enumerate(kit.deck):
        tab.deck[k] = index[card]
    tab.nactions = len(actions)
    for i, a in enumerate(actions):
        kind = type(a)
        if kind is Start:
            tab.act_kind[i] = A_START
            tab.act_a[i] = index[a.card]
            if a.face_up:
                tab.a_start_up[index[a.card]] = i
            else:
                tab.a_start_down[index[a.card]] = i
        elif kind is Assign:
            tab.act_kind[i] = A_ASSIGN
            tab.act_a[i] = index[a.card]
            tab.act_b[i] = a.project - 1
            if a.project == 1:
                tab.a_assign[index[a.card]] = i
        elif kind is Play:
            tab.act_kind[i] = A_PLAY
            tab.act_a[i] = index[a.card]
            tab.a_play[index[a.card]] = i
        elif kind is Complete:
            tab.act_kind[i] = A_COMPLETE
            tab.act_a[i] = a.project - 1
            if a.project == 1:
                tab.a_complete = i
        elif kind is Cancel:
            tab.act_kind[i] = A_CANCEL
            tab.act_a[i] = a.project - 1
            if a.project == 1:
                tab.a_cancel = i
        elif kind is EndTurn:
            tab.act_kind[i] = A_END
            tab.a_end = i
        elif kind is ChoosePlayer:
            tab.act_kind[i] = A_PLAYER
            tab.act_a[i] = a.offset
            if a.offset == 1:
                tab.a_player = i
        elif kind is ChooseSelf:
            tab.act_kind[i] = A_SELF
            tab.a_self = i
        elif kind is ChooseProject:
            tab.act_kind[i] = A_PROJECT
            tab.act_a[i] = a.seat
            tab.act_b[i] = a.project - 1
            if a.seat == 0 and a.project == 1:
                tab.a_project = i
        elif kind is ChooseResource:
            tab.act_kind[i] = A_RESOURCE
            tab.act_a[i] = _code(RESOURCES, a.resource)
            if a.resource == RESOURCES[0]:
                tab.a_resource = i
        elif kind is Discard:
            tab.act_kind[i] = A_DISCARD
            tab.act_a[i] = index[a.card]
            if index[a.card] == 0:
                tab.a_discard = i
        elif kind is Done:
            tab.act_kind[i] = A_DONE
            tab.a_done = i
    # the layout the legal lists rely on (actions.build_actions)
    layout = []
    for i in range(1, players):
        layout.append(actions[tab.a_player + i - 1] == ChoosePlayer(i))
    for p in range(players):
        for k in range(MP):
            layout.append(actions[tab.a_project + p * MP + k] == ChooseProject(p, k + 1))
    for d, c in enumerate(ids):
        layout.append(actions[tab.a_discard + d] == Discard(c))
        for k in range(MP):
            layout.append(actions[tab.a_assign[d] + k] == Assign(c, k + 1))
    for k in range(MP):
        layout.append(actions[tab.a_complete + k] == Complete(k + 1))
        layout.append(actions[tab.a_cancel + k] == Cancel(k + 1))
    for r in range(3):
        layout.append(actions[tab.a_resource + r] == ChooseResource(RESOURCES[r]))
    if not all(layout):  # never, while build_actions lays the space out as the engine reads it
        raise UnsupportedError("the action space is not laid out as the engine reads it")
    tab.end_by_score = options.end == "score"
    tab.target = options.target
    tab.reshuffles = options.reshuffles
    tab.bounded = options.bounded
    tab.round_limit = options.round_limit
    tab.familiar = options.familiar
    tab.reveal = options.reveal_resources
    if len(_TABLES) >= 256:  # a bounded cache: a long-running process may see many tables
        _TABLES.clear()
    _TABLES[key] = t
    return t


# --- the zones --------------------------------------------------------------------------------

cdef inline int _zlen(const S* s, int z) noexcept nogil:
    return s.zs[z + 1] - s.zs[z]


cdef inline int _pz(int seat, int k) noexcept nogil:
    return Z_PROJ + seat * MP + k


cdef uint8_t _remove_at(S* s, int z, int pos) noexcept nogil:
    """The card at ``pos`` of zone ``z``, taken out."""
    cdef int i = s.zs[z] + pos
    cdef uint8_t c = s.buf[i]
    cdef int total = s.zs[NZ]
    cdef int j
    memmove(s.buf + i, s.buf + i + 1, total - i - 1)
    for j in range(z + 1, NZ + 1):
        s.zs[j] -= 1
    return c


cdef void _insert_at(S* s, int z, int pos, uint8_t c) noexcept nogil:
    cdef int i = s.zs[z] + pos
    cdef int total = s.zs[NZ]
    cdef int j
    memmove(s.buf + i + 1, s.buf + i, total - i)
    s.buf[i] = c
    for j in range(z + 1, NZ + 1):
        s.zs[j] += 1


cdef void _insert_sorted(S* s, int z, uint8_t c) noexcept nogil:
    cdef int a = s.zs[z], b = s.zs[z + 1]
    cdef int i = a
    while i < b and s.buf[i] <= c:
        i += 1
    _insert_at(s, z, i - a, c)


cdef void _move(S* s, int za, int i, int zb, int j) noexcept nogil:
    """The card at ``buf[i]`` (in zone ``za``) moves to position ``j`` of zone ``zb`` (counted as
    zone ``zb`` stands without it): one ``memmove`` of the bytes between, and the starts of the
    zones between updated."""
    cdef uint8_t c = s.buf[i]
    cdef int t, z
    if za < zb:
        t = s.zs[zb] - 1 + j
        memmove(s.buf + i, s.buf + i + 1, t - i)
        s.buf[t] = c
        for z in range(za + 1, zb + 1):
            s.zs[z] -= 1
    else:
        t = s.zs[zb] + j
        memmove(s.buf + t + 1, s.buf + t, i - t)
        s.buf[t] = c
        for z in range(zb + 1, za + 1):
            s.zs[z] += 1


cdef inline void _move_sorted(S* s, int za, int i, int zb) noexcept nogil:
    """The card at ``buf[i]`` (zone ``za``) into the sorted zone ``zb`` (za != zb)."""
    cdef uint8_t c = s.buf[i]
    cdef int a = s.zs[zb], b = s.zs[zb + 1], k = a
    while k < b and s.buf[k] <= c:
        k += 1
    _move(s, za, i, zb, k - a)


cdef inline int _find(const S* s, int z, uint8_t c) noexcept nogil:
    """The index in ``buf`` of a copy of ``c`` in zone ``z`` (it holds one)."""
    cdef int i = s.zs[z]
    while s.buf[i] != c:
        i += 1
    return i


cdef void _remove_card(S* s, int z, uint8_t c) noexcept nogil:
    """One copy of design ``c`` leaves zone ``z`` (it holds one)."""
    cdef int a = s.zs[z], b = s.zs[z + 1]
    cdef int i
    for i in range(a, b):
        if s.buf[i] == c:
            _remove_at(s, z, i - a)
            return


cdef void _drop_project(S* s, int seat, int k) noexcept nogil:
    """Project ``k`` of the row (its resources already gone) leaves it; the later ones move up."""
    cdef int j
    cdef int base = _pz(seat, 0)
    for j in range(k, s.nproj[seat] - 1):
        s.proj[seat][j] = s.proj[seat][j + 1]
    # zone k is empty: the zones after it in the row take the places before them
    for j in range(k + 1, MP):
        s.zs[base + j] = s.zs[base + j + 1]
    s.nproj[seat] -= 1


cdef void _discard_resources(S* s, int seat, int k) noexcept nogil:
    cdef int z = _pz(seat, k)
    while _zlen(s, z):
        _move_sorted(s, z, s.zs[z], Z_DISC)
    s.proj[seat][k].cnt[0] = s.proj[seat][k].cnt[1] = s.proj[seat][k].cnt[2] = 0


cdef inline void _assign(S* s, const Tab* tab, int za, int i, int seat, int k) noexcept nogil:
    """The card at ``buf[i]`` (zone ``za``) goes behind project ``k`` of ``seat`` (GI-RES-1)."""
    s.proj[seat][k].cnt[tab.rtype[s.buf[i]]] += 1
    _move(s, za, i, _pz(seat, k), _zlen(s, _pz(seat, k)))


cdef inline void _types(const S* s, const Tab* tab, int seat, int k, int32_t* out) noexcept nogil:
    """The resources of project ``k`` of ``seat`` counted by type (flow.have)."""
    out[0] = s.proj[seat][k].cnt[0]
    out[1] = s.proj[seat][k].cnt[1]
    out[2] = s.proj[seat][k].cnt[2]


cdef inline int _type_mask(const S* s, const Tab* tab, int seat, int k) noexcept nogil:
    cdef const uint16_t* c = s.proj[seat][k].cnt
    return (c[0] > 0) | (c[1] > 0) << 1 | (c[2] > 0) << 2


cdef inline void _held(const S* s, const Tab* tab, int seat, int32_t* out) noexcept nogil:
    """rules._held: the resources on all the seat's projects, by type."""
    cdef int k
    out[0] = out[1] = out[2] = 0
    for k in range(s.nproj[seat]):
        out[0] += s.proj[seat][k].cnt[0]
        out[1] += s.proj[seat][k].cnt[1]
        out[2] += s.proj[seat][k].cnt[2]


# --- draws and the flow -------------------------------------------------------------------------

cdef void _reshuffle(S* s) noexcept nogil:
    """GI-DRAW-2: the discard pile (sorted), shuffled as Rng.shuffle does, becomes the deck (empty,
    the last zone; its top is the last byte, so the shuffled order is written backwards)."""
    cdef uint8_t pile[MAXC]
    cdef int n = _zlen(s, Z_DISC), total = s.zs[NZ], i, j
    for i in range(n):
        pile[i] = s.buf[i]
    sm_shuffle_u8(&s.rng, pile, n)
    memmove(s.buf, s.buf + n, total - n)
    for j in range(Z_DISC + 1, NZ + 1):
        s.zs[j] -= n
    for i in range(n):
        s.buf[total - n + i] = pile[n - 1 - i]
    s.zs[NZ] = total
    s.reshuffles += 1


cdef void _draw(S* s, const Tab* tab, int seat, int n) noexcept nogil:
    """flow.draw: ``n`` cards from the top (GI-DRAW-1); an empty deck is the discard pile shuffled
    (GI-DRAW-2); with both empty the seat draws what there is (GI-DRAW-3)."""
    cdef int got = 0
    cdef uint8_t card
    while got < n:
        if _zlen(s, Z_DECK) == 0:
            if _zlen(s, Z_DISC) == 0:
                break
            _reshuffle(s)
        _move_sorted(s, Z_DECK, s.zs[NZ] - 1, Z_HAND + seat)  # the top, off the end
        got += 1


cdef void _refill(S* s, const Tab* tab, int first) noexcept nogil:
    """GI-TURN-3: every seat from ``first`` draws up to a full hand."""
    cdef int k, seat = first, short
    for k in range(tab.players):  # the seats from ``first`` on, without a division
        short = tab.hand_size - _zlen(s, Z_HAND + seat)
        if short > 0:
            _draw(s, tab, seat, short)
        seat = seat + 1 if seat + 1 < tab.players else 0


cdef int _best_team(const S* s, const Tab* tab, int32_t* totals) noexcept nogil:
    """GI-TEAM-3: each team's total into ``totals``; the highest."""
    cdef int p, best = -1
    for p in range(MAXP):
        totals[p] = 0
    for p in range(tab.players):
        totals[tab.teams[p]] += s.scores[p]
    for p in range(tab.players):
        if totals[tab.teams[p]] > best:
            best = totals[tab.teams[p]]
    return best


cdef int _ending(const S* s, const Tab* tab) noexcept nogil:
    """flow.ending: GI-END-2, GI-END-3, GI-BOUND-1 in that order; -1 for none."""
    cdef int32_t totals[MAXP]
    if tab.end_by_score:
        if _best_team(s, tab, totals) >= tab.target:
            return END_SCORE
    elif s.reshuffles > tab.reshuffles or (s.reshuffles == tab.reshuffles and _zlen(s, Z_DECK) == 0):
        return END_RESHUFFLES
    if tab.bounded and s.round >= tab.round_limit:
        return END_BOUND
    return -1


cdef void _end_turn(S* s, const Tab* tab) noexcept nogil:
    """flow.end_turn: refill; a pending extra turn (GI-TURN-4); the round's end and the game's
    (GI-END-4); else the next seat."""
    cdef int32_t totals[MAXP]
    cdef int n = tab.players, p, best
    cdef int nxt = s.turn + 1 if s.turn + 1 < n else 0
    _refill(s, tab, s.turn)
    if s.extra_turns > 0:
        s.extra_turns -= 1
        s.used = 0
        return
    if nxt == s.first:
        if _ending(s, tab) >= 0:
            best = _best_team(s, tab, totals)
            s.winners = 0
            for p in range(n):
                if totals[tab.teams[p]] == best:
                    s.winners |= 1 << p
            s.phase = PH_OVER
            s.used = 0
            return
        s.round += 1
    s.turn = nxt
    s.used = 0


cdef int _allowed(const S* s, const Tab* tab, int seat) noexcept nogil:
    """GI-TURN-1, GI-PASSIVE-4: actions a turn, with the extra actions of the seat's permanents."""
    cdef int i, j, d, extra = 0
    for i in range(s.zs[Z_PERM + seat], s.zs[Z_PERM + seat + 1]):
        d = s.buf[i]
        for j in range(tab.npass[d]):
            if tab.passes[d][j].effect == P_EXTRA_ACTION:
                extra += tab.passes[d][j].amount
    return tab.per_turn + extra


cdef int _perm_info(const S* s, const Tab* tab, int seat, bint* act, bint* blue) noexcept nogil:
    """fast_tables.perm_info: the seat's actions a turn (GI-TURN-1, GI-PASSIVE-4), and whether a
    cost passive of its permanents changes action costs (``act``) or completion costs (``blue``)."""
    cdef int i, j, d, extra = 0
    act[0] = blue[0] = False
    for i in range(s.zs[Z_PERM + seat], s.zs[Z_PERM + seat + 1]):
        d = s.buf[i]
        for j in range(tab.npass[d]):
            if tab.passes[d][j].effect == P_EXTRA_ACTION:
                extra += tab.passes[d][j].amount
            elif tab.passes[d][j].effect == P_COST:
                if tab.passes[d][j].kind == 0:
                    act[0] = True
                else:
                    blue[0] = True
    return tab.per_turn + extra


cdef void _after_action(S* s, const Tab* tab) noexcept nogil:
    """flow.after_action: the turn ends once its actions are used up."""
    if s.frame != F_NONE or s.phase != PH_PLAY:
        return
    if s.used >= _allowed(s, tab, s.turn):
        _end_turn(s, tab)


cdef void _adjusted(const S* s, const Tab* tab, int seat, const int32_t* base, int kind,
                    const int32_t* held, int32_t* cost) noexcept nogil:
    """flow.adjusted: a cost after the seat's cost passives (GI-PASSIVE-1, GI-PASSIVE-2)."""
    cdef int i, j, d, r, pick, named
    cdef int32_t spare, best
    cdef const Pas* ps
    cost[0] = base[0]
    cost[1] = base[1]
    cost[2] = base[2]
    for i in range(s.zs[Z_PERM + seat], s.zs[Z_PERM + seat + 1]):
        d = s.buf[i]
        for j in range(tab.npass[d]):
            ps = &tab.passes[d][j]
            if ps.effect != P_COST or ps.kind != kind:
                continue
            named = 0
            for r in range(3):
                if cost[r] > 0:
                    named |= 1 << r
            if not named:
                continue
            if ps.resource < 0:
                pick = -1
                for r in range(3):  # the first of the named with the least (a cut) or most spare
                    if not named >> r & 1:
                        continue
                    spare = held[r] - cost[r]
                    if pick < 0 or (ps.change < 0 and spare < best) or (ps.change >= 0 and spare > best):
                        pick = r
                        best = spare
            elif named >> ps.resource & 1:
                pick = ps.resource
            else:
                continue
            cost[pick] = cost[pick] + ps.change
            if cost[pick] < 0:
                cost[pick] = 0


cdef bint _protected(const S* s, const Tab* tab, int seat, int op, int player) noexcept nogil:
    """flow.protected (GI-PASSIVE-3)."""
    cdef int i, j, d
    if tab.teams[seat] == tab.teams[player]:
        return False
    for i in range(s.zs[Z_PERM + seat], s.zs[Z_PERM + seat + 1]):
        d = s.buf[i]
        for j in range(tab.npass[d]):
            if tab.passes[d][j].effect == P_PROTECT and tab.passes[d][j].against == op:
                return True
    return False


# --- whom and what a step may touch (effects.py) -------------------------------------------------

cdef inline bint _project_op(int op) noexcept nogil:
    return OP_MOVE == op or op == OP_STEAL_RES or op == OP_STEAL_PROJ or op == OP_DISCARD_RES \
        or op == OP_DISCARD_PROJ or op == OP_HIDE or op == OP_REVEAL


cdef inline bint _resource_op(int op) noexcept nogil:
    return op == OP_MOVE or op == OP_STEAL_RES or op == OP_DISCARD_RES


cdef inline bint _steal_op(int op) noexcept nogil:
    return op == OP_STEAL_SCORE or op == OP_STEAL_RES or op == OP_STEAL_PROJ


cdef int _selected(const S* s, const Tab* tab, const E* c, const Stp* st, int8_t* out) noexcept nogil:
    """effects._selected (GI-EFFECT-2): the seats the selector names."""
    cdef int t = st.target, me = c.player, n = tab.players
    cdef int p, k, m = 0, best, key
    cdef int keys[MAXP]
    cdef int8_t pool[MAXP]
    cdef int np = 0
    if t == T_YOU:
        out[0] = me
        return 1
    if t == T_ANY_PLAYER:
        for p in range(n):
            out[p] = p
        return n
    if t == T_ANY_OPPONENT:  # GI-TEAM-4
        for p in range(n):
            if tab.teams[p] != tab.teams[me]:
                out[m] = p
                m += 1
        return m
    if t == T_EVERYONE_ELSE:
        for k in range(1, n):
            out[k - 1] = (me + k) % n
        return n - 1
    for p in range(n):
        if not st.opponents or tab.teams[p] != tab.teams[me]:
            if t != T_MOST or s.nproj[p]:
                pool[np] = p
                np += 1
    for p in range(n):
        if t == T_MOST:
            key = -1
            for k in range(s.nproj[p]):
                if _zlen(s, _pz(p, k)) > key:
                    key = _zlen(s, _pz(p, k))
            keys[p] = key
        else:
            keys[p] = s.scores[p]
    if np == 0:
        return 0
    best = keys[pool[0]]
    for k in range(np):
        key = keys[pool[k]]
        if (t == T_LOWEST and key < best) or (t != T_LOWEST and key > best):
            best = key
    for k in range(np):
        if keys[pool[k]] == best:
            out[m] = pool[k]
            m += 1
    return m


cdef inline bint _room(const S* s, int seat) noexcept nogil:
    return s.nproj[seat] < MP


cdef inline int _dest_owner(const E* c, const Stp* st, int seat) noexcept nogil:
    return seat if st.op == OP_MOVE and st.to_same else c.player


cdef int _dests(const S* s, const E* c, const Stp* st, int seat, int project, int8_t* out) noexcept nogil:
    """effects._dests (GI-OP-6): where a resource taken from (seat, project) may go, as places of
    the owner's row (the owner is :func:`_dest_owner`)."""
    cdef int owner, i, m = 0
    if st.op == OP_DISCARD_RES:
        return 0
    owner = _dest_owner(c, st, seat)
    for i in range(s.nproj[owner]):
        if owner != seat or i != project:
            out[m] = i
            m += 1
    return m


cdef inline int _takes(const S* s, const Tab* tab, int seat, int k, int resource) noexcept nogil:
    """effects._takes as a mask of types."""
    cdef int m = _type_mask(s, tab, seat, k)
    return m if resource < 0 else m & (1 << resource)


cdef int _sources(const S* s, const Tab* tab, const E* c, const Stp* st, int seat, int8_t* out) noexcept nogil:
    """effects.sources (GI-OP-6 to GI-OP-9)."""
    cdef int i, m = 0, top, k
    cdef int8_t spare[MP]
    if st.op == OP_STEAL_PROJ and not _room(s, c.player):
        return 0
    for i in range(s.nproj[seat]):
        if st.which == W_HIDDEN and s.proj[seat][i].up:
            continue
        if st.which == W_REVEALED and not s.proj[seat][i].up:
            continue
        if _resource_op(st.op):
            if not _takes(s, tab, seat, i, st.resource):
                continue
            if st.op != OP_DISCARD_RES and not _dests(s, c, st, seat, i, spare):
                continue
        out[m] = i
        m += 1
    if st.which == W_MOST and m:
        top = -1
        for i in range(m):
            if _zlen(s, _pz(seat, out[i])) > top:
                top = _zlen(s, _pz(seat, out[i]))
        k = 0
        for i in range(m):
            if _zlen(s, _pz(seat, out[i])) == top:
                out[k] = out[i]
                k += 1
        m = k
    return m


cdef bint _eligible(const S* s, const Tab* tab, const E* c, const Stp* st, int seat) noexcept nogil:
    cdef int8_t found[MP]
    if seat != c.player and _protected(s, tab, seat, st.op, c.player):
        return False  # GI-PASSIVE-3
    if _steal_op(st.op) and seat == c.player:
        return False
    if _project_op(st.op):
        return _sources(s, tab, c, st, seat, found) > 0
    return True


cdef int _targets(const S* s, const Tab* tab, const E* c, const Stp* st, int8_t* out) noexcept nogil:
    """effects.targets: the selector's seats less the protected and those with nothing to touch."""
    cdef int8_t sel[MAXP]
    cdef int n = _selected(s, tab, c, st, sel)
    cdef int i, m = 0
    for i in range(n):
        if _eligible(s, tab, c, st, sel[i]):
            out[m] = sel[i]
            m += 1
    return m


# --- running a script ---------------------------------------------------------------------------

cdef inline void _next_step(E* c) noexcept nogil:
    c.step += 1
    c.stage = S_WHO
    c.nq = 0
    c.each = False
    c.seat = -1
    c.project = -1
    c.dest = -1
    c.left = -1


cdef inline void _seat_done(E* c) noexcept nogil:
    if c.each:
        c.stage = S_EACH
        c.seat = -1
        c.project = -1
        c.dest = -1
        c.left = -1
    else:
        _next_step(c)


cdef void _give_extra_turns(S* s, const Tab* tab, int n) noexcept nogil:
    """flow.give_extra_turns (GI-OP-10, GI-BOUND-1)."""
    cdef int cap
    if tab.bounded:
        cap = tab.round_limit * tab.players - s.extra_given
        if cap < n:
            n = cap
    if n <= 0:
        return
    s.extra_turns += n
    s.extra_given += n


cdef void _take_last(S* s, const Tab* tab, int seat, int k, int resource, int to_seat, int to_k) noexcept nogil:
    """The most recently assigned resource of type ``resource`` leaves project ``k`` of ``seat``
    (GI-RES-2): to the discard pile (``to_seat`` -1) or the back of project ``to_k`` of ``to_seat``."""
    cdef int z = _pz(seat, k)
    cdef int a = s.zs[z], i = s.zs[z + 1] - 1
    cdef uint8_t card
    while i >= a and tab.rtype[s.buf[i]] != resource:
        i -= 1
    if i < a:
        return
    s.proj[seat][k].cnt[resource] -= 1
    if to_seat < 0:
        _move_sorted(s, z, i, Z_DISC)
    else:
        _assign(s, tab, z, i, to_seat, to_k)


cdef void _take(S* s, const Tab* tab, const E* c, const Stp* st, int resource) noexcept nogil:
    """effects.take: one resource from the chosen project to its destination or the pile."""
    cdef int owner
    if st.op == OP_DISCARD_RES:
        _take_last(s, tab, c.seat, c.project, resource, -1, -1)
        return
    owner = _dest_owner(c, st, c.seat)
    if not 0 <= c.dest < s.nproj[owner]:
        _take_last(s, tab, c.seat, c.project, resource, -1, -1)
        return
    _take_last(s, tab, c.seat, c.project, resource, owner, c.dest)


cdef void _after_project(S* s, const Tab* tab, E* c, const Stp* st) noexcept nogil:
    """effects.after_project (GI-OP-7 to GI-OP-9)."""
    cdef int op = st.op, seat = c.seat, i = c.project, me = c.player, z, k
    cdef Proj p
    if _resource_op(op):
        if op == OP_DISCARD_RES:
            c.stage = S_UNITS
            c.left = st.amount
        else:
            c.stage = S_DEST
        return
    if not 0 <= i < s.nproj[seat]:
        _seat_done(c)
        return
    p = s.proj[seat][i]
    if op == OP_STEAL_PROJ:  # GI-OP-7
        if not _room(s, me):
            _seat_done(c)
            return
        if not p.up:
            p.known |= 1 << seat
        p.known &= ~(1 << me)
        k = s.nproj[me]
        s.proj[me][k] = p
        s.nproj[me] += 1
        z = _pz(seat, i)
        while _zlen(s, z):
            _move(s, z, s.zs[z], _pz(me, k), _zlen(s, _pz(me, k)))
        _drop_project(s, seat, i)
        _seat_done(c)
        return
    if op == OP_DISCARD_PROJ:  # GI-OP-8
        _discard_resources(s, seat, i)
        _insert_sorted(s, Z_DISC, p.card)
        _drop_project(s, seat, i)
        _seat_done(c)
        return
    if op == OP_REVEAL:  # GI-OP-9
        s.proj[seat][i].known = 0
        s.proj[seat][i].up = True
    else:
        if p.up:  # everyone saw it face up: they remember it (GI-VIEW-3)
            s.proj[seat][i].known |= ((1 << tab.players) - 1) & ~(1 << seat)
        s.proj[seat][i].up = False
    _seat_done(c)


cdef void _finish(S* s, const Tab* tab, const E* c) noexcept nogil:
    """effects.finish_effect: a played card is discarded; a completed project leaves (GI-DONE-3,
    GI-DONE-4); then the action is over."""
    cdef int owner = c.player, i, k = -1
    if c.completing >= 0:
        for i in range(s.nproj[owner]):
            if s.proj[owner][i].uid == c.completing:
                k = i
                break
        if k >= 0:
            _discard_resources(s, owner, k)
            if tab.kind[c.card] == K_PERMANENT:
                _insert_sorted(s, Z_PERM + owner, s.proj[owner][k].card)
            else:
                _insert_sorted(s, Z_DISC, s.proj[owner][k].card)
            _drop_project(s, owner, k)
    else:
        _insert_sorted(s, Z_DISC, c.card)
    _after_action(s, tab)


cdef int _advance(S* s, const Tab* tab, E* c, const Stp* st) noexcept nogil:
    """effects.advance: one stage of a step; the frame it asks (F_NONE for none)."""
    cdef int8_t found[MAXP]
    cdef int m, i, j, op, seat, me, lost, kinds, r, hand, distinct
    cdef int stage = c.stage
    if stage == S_WHO:
        if st.target == T_EVERYONE_ELSE:
            m = _selected(s, tab, c, st, found)
            for i in range(m):
                c.queue[i] = found[i]
            c.nq = m
            c.stage = S_EACH
            c.each = True
            return F_NONE
        m = _targets(s, tab, c, st, found)
        if m == 0:
            _next_step(c)  # GI-EFFECT-6
            return F_NONE
        if m == 1:
            c.stage = S_ACT
            c.seat = found[0]
            return F_NONE
        return F_PLAYER  # GI-EFFECT-3
    if stage == S_EACH:
        while c.nq and not _eligible(s, tab, c, st, c.queue[0]):
            for i in range(c.nq - 1):
                c.queue[i] = c.queue[i + 1]
            c.nq -= 1
        if c.nq == 0:
            _next_step(c)
            return F_NONE
        c.stage = S_ACT
        c.seat = c.queue[0]
        for i in range(c.nq - 1):
            c.queue[i] = c.queue[i + 1]
        c.nq -= 1
        return F_NONE
    if not 0 <= c.seat < tab.players:
        _next_step(c)
        return F_NONE
    seat = c.seat
    me = c.player
    if stage == S_ACT:
        op = st.op
        if op == OP_GAIN:  # GI-OP-1
            s.scores[seat] += st.amount
            _seat_done(c)
        elif op == OP_LOSE:  # GI-OP-1, GI-SCORE-1
            s.scores[seat] = s.scores[seat] - st.amount if s.scores[seat] > st.amount else 0
            _seat_done(c)
        elif op == OP_STEAL_SCORE:  # GI-OP-3
            lost = st.amount if st.amount < s.scores[seat] else s.scores[seat]
            s.scores[seat] -= lost
            s.scores[me] += lost
            _seat_done(c)
        elif op == OP_DRAW:  # GI-OP-2
            _draw(s, tab, seat, st.amount)
            _seat_done(c)
        elif op == OP_DISCARD:
            c.stage = S_DISCARD
            c.left = st.amount
        elif op == OP_ASSIGN:
            c.stage = S_ASSIGN
            c.left = st.amount
        elif op == OP_EXTRA_TURN:  # GI-OP-10
            _give_extra_turns(s, tab, st.amount)
            _seat_done(c)
        else:
            c.stage = S_PROJECT
        return F_NONE
    if stage == S_PROJECT:
        m = _sources(s, tab, c, st, seat, found)
        if m == 0:
            _seat_done(c)
            return F_NONE
        if m == 1:
            c.project = found[0]
            _after_project(s, tab, c, st)
            return F_NONE
        return F_PROJECT  # GI-EFFECT-4
    if stage == S_DEST:
        m = _dests(s, c, st, seat, c.project, found)
        if m == 0:
            _seat_done(c)
            return F_NONE
        if m == 1:
            c.stage = S_UNITS
            c.dest = found[0]
            c.left = st.amount
            return F_NONE
        return F_PROJECT
    if stage == S_UNITS:  # GI-OP-6
        if c.left <= 0 or not 0 <= c.project < s.nproj[seat]:
            _seat_done(c)
            return F_NONE
        kinds = _takes(s, tab, seat, c.project, st.resource)
        if not kinds:
            _seat_done(c)
            return F_NONE
        if kinds & (kinds - 1):
            return F_RESOURCE  # GI-EFFECT-5
        r = 0 if kinds == 1 else (1 if kinds == 2 else 2)
        _take(s, tab, c, st, r)
        c.left -= 1
        return F_NONE
    if stage == S_DISCARD:  # GI-OP-4
        hand = _zlen(s, Z_HAND + seat)
        if c.left <= 0 or hand == 0:
            _seat_done(c)
            return F_NONE
        i = s.zs[Z_HAND + seat]
        distinct = s.buf[i] != s.buf[i + hand - 1]  # sorted: one design iff first == last
        if not distinct or hand <= c.left:
            _move_sorted(s, Z_HAND + seat, s.zs[Z_HAND + seat], Z_DISC)
            c.left -= 1
            return F_NONE
        return F_DISCARD
    # S_ASSIGN, GI-OP-5
    if c.left <= 0 or _zlen(s, Z_HAND + me) == 0 or s.nproj[me] == 0:
        _next_step(c)
        return F_NONE
    return F_ASSIGN


cdef void _run(S* s, const Tab* tab, E* c) noexcept nogil:
    """effects.run: carry the effect on until it needs a choice (a frame) or ends."""
    cdef int f
    while True:
        if c.step >= tab.nsteps[c.card]:
            _finish(s, tab, c)
            return
        f = _advance(s, tab, c, &tab.steps[c.card][c.step])
        if f != F_NONE:
            s.eff = c[0]
            s.frame = f
            return


cdef void _start_effect(S* s, const Tab* tab, int player, int card, int32_t completing) noexcept nogil:
    """effects.start_effect (GI-EFFECT-1)."""
    cdef E c
    memset(&c, 0, sizeof(E))
    c.player = player
    c.card = card
    c.step = 0
    c.stage = S_WHO
    c.seat = -1
    c.project = -1
    c.dest = -1
    c.left = -1
    c.completing = completing
    _run(s, tab, &c)


cdef int _pay_choices(const S* s, const Tab* tab, int seat, int resource, int8_t* out) noexcept nogil:
    """rules.pay_choices (GI-PLAY-2): the seat's projects holding a resource of that type."""
    cdef int k, m = 0
    for k in range(s.nproj[seat]):
        if _type_mask(s, tab, seat, k) >> resource & 1:
            out[m] = k
            m += 1
    return m


cdef inline void _paid_one(S* s) noexcept nogil:
    """One unit of the first run owed is paid (or skipped: nothing holds it, GI-PLAY-2)."""
    if s.owed[s.owed_pos] & 0x3FFF == 1:
        s.owed_pos += 1
    else:
        s.owed[s.owed_pos] -= 1


cdef void _pay(S* s, const Tab* tab, int seat, int card) noexcept nogil:
    """rules.pay: the units owed[owed_pos:owed_len], asking which project each comes from where
    there is a choice (GI-PLAY-2); then the card resolves (GI-PLAY-3)."""
    cdef int8_t found[MP]
    cdef int m, r
    while s.owed_pos < s.owed_len:
        r = s.owed[s.owed_pos] >> 14
        m = _pay_choices(s, tab, seat, r, found)
        if m > 1:
            s.frame = F_PAY
            s.pay_card = card
            return
        if m == 1:
            _take_last(s, tab, seat, found[0], r, -1, -1)
        _paid_one(s)
    s.owed_pos = s.owed_len = 0
    _start_effect(s, tab, seat, card, -1)


# --- the legal actions ----------------------------------------------------------------------------

cdef int _turn_legal(const S* s, const Tab* tab, int32_t* out) noexcept nogil:
    """rules._generate: the turn owner's actions, in the order of the space (GI-CARD-1), into
    ``out``; their number. Each candidate is written and kept or not by adding its test to the
    count (no branch on it: the tests are the processor's hardest to predict in a random game)."""
    cdef int me = s.turn, n = 0, i, k, d, nd = 0, rows = s.nproj[me], nplay = 0
    cdef int32_t held[3]
    cdef int32_t cost[3]
    cdef int32_t have[3]
    cdef uint8_t ds[MAXD + 1]
    cdef int32_t plays[MAXD]
    cdef const int32_t* c
    cdef bint act = False, blue = False
    cdef int allowed = _perm_info(s, tab, me, &act, &blue) if _zlen(s, Z_PERM + me) else tab.per_turn
    cdef int a = s.zs[Z_HAND + me], b = s.zs[Z_HAND + me + 1]
    if s.used >= allowed:
        out[0] = tab.a_end
        return 1
    if a < b:  # the hand's designs, once each (it is sorted)
        ds[0] = s.buf[a]
        nd = 1
        for i in range(a + 1, b):
            ds[nd] = s.buf[i]
            nd += s.buf[i] != s.buf[i - 1]
    _held(s, tab, me, held)
    if rows < MP:  # GI-PROJ-1 to GI-PROJ-3
        for i in range(nd):
            d = ds[i]
            out[n] = tab.a_start_down[d]
            out[n + 1] = tab.a_start_up[d]
            n += 1 + (tab.a_start_up[d] >= 0)
    for i in range(nd):  # GI-RES-1
        d = tab.a_assign[ds[i]]
        for k in range(rows):
            out[n + k] = d + k
        n += rows
    for i in range(nd):  # GI-PLAY-1, GI-PLAY-2
        d = ds[i]
        c = tab.cost[d]
        if act:
            _adjusted(s, tab, me, tab.cost[d], 0, held, cost)
            c = cost
        out[n] = tab.a_play[d]
        n += (tab.a_play[d] >= 0) & (held[0] >= c[0]) & (held[1] >= c[1]) & (held[2] >= c[2])
    for k in range(rows):  # GI-DONE-1, GI-DONE-2
        d = s.proj[me][k].card
        _types(s, tab, me, k, have)
        c = tab.needs[d]
        if blue:
            _adjusted(s, tab, me, tab.needs[d], 1, have, cost)
            c = cost
        out[n] = tab.a_complete + k
        n += (tab.kind[d] != K_ACTION) & (have[0] >= c[0]) & (have[1] >= c[1]) & (have[2] >= c[2])
    for k in range(rows):  # GI-PROJ-4
        out[n + k] = tab.a_cancel + k
    n += rows
    out[n] = tab.a_end
    return n + 1


cdef bint _in_zone(const S* s, int z, int d) noexcept nogil:
    cdef int i
    for i in range(s.zs[z], s.zs[z + 1]):
        if s.buf[i] == d:
            return True
    return False


cdef bint _turn_is_legal(const S* s, const Tab* tab, int32_t action) noexcept nogil:
    """Whether the turn action ``action`` is among :func:`_turn_legal`'s, without listing them."""
    cdef int kind = tab.act_kind[action], me = s.turn, rows = s.nproj[me], d, k
    cdef bint act = False, blue = False
    cdef int32_t held[3]
    cdef int32_t cost[3]
    cdef const int32_t* c
    if kind == A_END:  # GI-TURN-2
        return True
    if kind > A_CANCEL or s.used >= (_perm_info(s, tab, me, &act, &blue) if _zlen(s, Z_PERM + me)
                                     else tab.per_turn):
        return False
    if kind == A_START:
        return rows < MP and _in_zone(s, Z_HAND + me, tab.act_a[action])
    if kind == A_ASSIGN:
        return tab.act_b[action] < rows and _in_zone(s, Z_HAND + me, tab.act_a[action])
    if kind == A_CANCEL:
        return tab.act_a[action] < rows
    if kind == A_PLAY:
        d = tab.act_a[action]
        if not _in_zone(s, Z_HAND + me, d):
            return False
        _held(s, tab, me, held)
        c = tab.cost[d]
    else:  # A_COMPLETE
        k = tab.act_a[action]
        if k >= rows:
            return False
        d = s.proj[me][k].card
        if tab.kind[d] == K_ACTION:
            return False
        _types(s, tab, me, k, held)
        c = tab.needs[d]
    if (blue if kind == A_COMPLETE else act):
        _adjusted(s, tab, me, c, kind == A_COMPLETE, held, cost)
        c = cost
    return held[0] >= c[0] and held[1] >= c[1] and held[2] >= c[2]


cdef int _distinct_into(const S* s, int z, int32_t base, int32_t* out) noexcept nogil:
    """``base`` + each design of zone ``z`` (sorted), once."""
    cdef int i, n = 0, prev = -1
    for i in range(s.zs[z], s.zs[z + 1]):
        if s.buf[i] != prev:
            prev = s.buf[i]
            out[n] = base + prev
            n += 1
    return n


cdef int _frame_legal(const S* s, const Tab* tab, int32_t* out) noexcept nogil:
    """The pending frame's answers (rules.DECISIONS), in the order of the space."""
    cdef int n = 0, m, i, k, d, prev, owner, np = tab.players
    cdef int8_t found[MAXP]
    cdef const E* c = &s.eff
    cdef const Stp* st
    cdef int offsets[MAXP]
    if s.frame == F_PAY:
        m = _pay_choices(s, tab, s.turn, s.owed[s.owed_pos] >> 14, found)
        for i in range(m):
            out[i] = tab.a_project + s.turn * MP + found[i]
        return m
    st = &tab.steps[c.card][c.step]
    if s.frame == F_PLAYER:  # GI-EFFECT-3: by offset from the chooser, themselves last
        m = _targets(s, tab, c, st, found)
        for i in range(m):
            offsets[i] = (found[i] - c.player + np) % np
        for k in range(1, np):
            for i in range(m):
                if offsets[i] == k:
                    out[n] = tab.a_player + k - 1
                    n += 1
        for i in range(m):
            if offsets[i] == 0:
                out[n] = tab.a_self
                n += 1
        return n
    if s.frame == F_PROJECT:
        if c.stage == S_PROJECT:
            m = _sources(s, tab, c, st, c.seat, found)
            for i in range(m):
                out[i] = tab.a_project + c.seat * MP + found[i]
            return m
        m = _dests(s, c, st, c.seat, c.project, found)
        owner = _dest_owner(c, st, c.seat)
        for i in range(m):
            out[i] = tab.a_project + owner * MP + found[i]
        return m
    if s.frame == F_RESOURCE:
        if not 0 <= c.project < s.nproj[c.seat]:
            return 0
        m = _takes(s, tab, c.seat, c.project, st.resource)
        for k in range(3):
            if m >> k & 1:
                out[n] = tab.a_resource + k
                n += 1
        return n
    if s.frame == F_DISCARD:
        return _distinct_into(s, Z_HAND + c.seat, tab.a_discard, out)
    # F_ASSIGN
    prev = -1
    for i in range(s.zs[Z_HAND + c.player], s.zs[Z_HAND + c.player + 1]):
        d = s.buf[i]
        if d == prev:
            continue
        prev = d
        for k in range(s.nproj[c.player]):
            out[n] = tab.a_assign[d] + k
            n += 1
    out[n] = tab.a_done
    return n + 1


cdef inline int _redraw_seat(const S* s, const Tab* tab) noexcept nogil:
    """The seat of the top Redraw frame: the seats redraw from the first player on."""
    return (s.first + tab.players - s.nredraw) % tab.players


cdef int _legal(const S* s, const Tab* tab, int32_t* out) noexcept nogil:
    cdef int n
    if s.phase == PH_OVER:
        return 0
    if s.phase == PH_REDRAW:  # GI-SETUP-3
        n = _distinct_into(s, Z_HAND + _redraw_seat(s, tab), tab.a_discard, out)
        out[n] = tab.a_done
        return n + 1
    if s.frame != F_NONE:
        return _frame_legal(s, tab, out)
    return _turn_legal(s, tab, out)


# --- playing an action ----------------------------------------------------------------------------

cdef void _owe(S* s, const Tab* tab, int me, int d) noexcept nogil:
    """rules.action_cost as the units owed, one type after another in the order of their names."""
    cdef int32_t held[3]
    cdef int32_t cost[3]
    cdef int j, k, r
    _held(s, tab, me, held)
    _adjusted(s, tab, me, tab.cost[d], 0, held, cost)
    s.owed_pos = 0
    s.owed_len = 0
    for j in range(3):  # a run per type (a cost is below 16384 units: 10, raised by at most 10 for
        r = _ALPHA_C[j]  # each of 4 passives of each of at most 400 permanents)
        k = cost[r]
        while k > 0 and s.owed_len < MAXOWED:
            s.owed[s.owed_len] = r << 14 | (k if k < 0x3FFF else 0x3FFF)
            s.owed_len += 1
            k -= 0x3FFF


cdef void _turn_play(S* s, const Tab* tab, int32_t action) noexcept nogil:
    cdef int kind = tab.act_kind[action], me = s.turn, d, k, j, bonus
    cdef Proj p
    if kind == A_START:  # GI-PROJ-1
        d = tab.act_a[action]
        _remove_card(s, Z_HAND + me, d)
        k = s.nproj[me]
        s.proj[me][k].uid = s.next_uid
        s.proj[me][k].card = d
        s.proj[me][k].up = action == tab.a_start_up[d]
        s.proj[me][k].known = 0
        s.proj[me][k].cnt[0] = s.proj[me][k].cnt[1] = s.proj[me][k].cnt[2] = 0
        s.nproj[me] += 1
        s.next_uid += 1
        s.used += 1
        _after_action(s, tab)
    elif kind == A_ASSIGN:  # GI-RES-1
        d = tab.act_a[action]
        k = tab.act_b[action]
        _assign(s, tab, Z_HAND + me, _find(s, Z_HAND + me, d), me, k)
        s.used += 1
        _after_action(s, tab)
    elif kind == A_PLAY:  # GI-PLAY-1 to GI-PLAY-3
        d = tab.act_a[action]
        _owe(s, tab, me, d)
        s.used += 1
        _remove_card(s, Z_HAND + me, d)
        _pay(s, tab, me, d)
    elif kind == A_COMPLETE:  # GI-DONE-1 to GI-DONE-4, GI-PASSIVE-5
        k = tab.act_a[action]
        p = s.proj[me][k]
        bonus = 0
        for j in range(s.zs[Z_PERM + me], s.zs[Z_PERM + me + 1]):
            for d in range(tab.npass[s.buf[j]]):
                if tab.passes[s.buf[j]][d].effect == P_BONUS:
                    bonus += tab.passes[s.buf[j]][d].amount
        s.scores[me] += tab.score[p.card] + bonus
        s.proj[me][k].up = True
        s.proj[me][k].known = 0
        s.used += 1
        _start_effect(s, tab, me, p.card, p.uid)
    elif kind == A_CANCEL:  # GI-PROJ-4
        k = tab.act_a[action]
        d = s.proj[me][k].card
        _discard_resources(s, me, k)
        _insert_sorted(s, Z_DISC, d)
        _drop_project(s, me, k)
        s.used += 1
        _after_action(s, tab)
    else:  # GI-TURN-2
        _end_turn(s, tab)


cdef void _frame_play(S* s, const Tab* tab, int32_t action) noexcept nogil:
    """The answer to the pending frame (the frame popped first, as the rule book pops it)."""
    cdef int kind = tab.act_kind[action], f = s.frame
    cdef E c = s.eff
    cdef const Stp* st
    s.frame = F_NONE
    if f == F_PAY:  # GI-PLAY-2
        _take_last(s, tab, s.turn, tab.act_b[action], s.owed[s.owed_pos] >> 14, -1, -1)
        _paid_one(s)
        _pay(s, tab, s.turn, s.pay_card)
        return
    st = &tab.steps[c.card][c.step]
    if kind == A_PLAYER:
        c.stage = S_ACT
        c.seat = (c.player + tab.act_a[action]) % tab.players
    elif kind == A_SELF:
        c.stage = S_ACT
        c.seat = c.player
    elif kind == A_PROJECT and c.stage == S_PROJECT:
        c.project = tab.act_b[action]
        _after_project(s, tab, &c, st)
    elif kind == A_PROJECT:
        c.stage = S_UNITS
        c.dest = tab.act_b[action]
        c.left = st.amount
    elif kind == A_RESOURCE:
        _take(s, tab, &c, st, tab.act_a[action])
        c.left -= 1
    elif kind == A_DISCARD:
        _move_sorted(s, Z_HAND + c.seat, _find(s, Z_HAND + c.seat, tab.act_a[action]), Z_DISC)
        c.left -= 1
    elif kind == A_ASSIGN:
        _assign(s, tab, Z_HAND + c.player, _find(s, Z_HAND + c.player, tab.act_a[action]), c.player,
                tab.act_b[action])
        c.left -= 1
    else:  # Done: assign no more
        _next_step(&c)
    _run(s, tab, &c)


cdef void _play(S* s, const Tab* tab, int32_t action) noexcept nogil:
    cdef int seat, d
    if s.phase == PH_REDRAW:  # GI-SETUP-3
        seat = _redraw_seat(s, tab)
        if tab.act_kind[action] == A_DISCARD:
            d = tab.act_a[action]
            _move_sorted(s, Z_HAND + seat, _find(s, Z_HAND + seat, d), Z_DISC)
            return
        s.nredraw -= 1
        _draw(s, tab, seat, tab.hand_size - _zlen(s, Z_HAND + seat))
        if s.nredraw == 0:
            s.phase = PH_PLAY
        return
    if s.frame != F_NONE:
        _frame_play(s, tab, action)
    else:
        _turn_play(s, tab, action)


cdef void _deal(S* s, const Tab* tab, uint64_t seed) noexcept nogil:
    """setup.new_game: the set shuffled (GI-SETUP-1), six cards to each seat (GI-SETUP-2), the
    familiar-players redraw if chosen (GI-SETUP-3), the first player's turn (GI-SETUP-4)."""
    cdef int n = tab.players, p, k, i
    cdef uint8_t deck[MAXC]
    memset(s, 0, sizeof(S))
    s.rng = seed
    for k in range(tab.ncards):
        deck[k] = tab.deck[k]
    sm_shuffle_u8(&s.rng, deck, tab.ncards)
    # the zones: the empty discard pile, the hands in seat order, then the deck, its top last
    i = 0
    for p in range(n):
        s.zs[Z_HAND + p] = i
        for k in range(tab.hand_size):
            s.buf[i] = deck[p * tab.hand_size + k]
            i += 1
        _sort(s.buf + s.zs[Z_HAND + p], tab.hand_size)
    for p in range(Z_HAND + n, Z_DECK + 1):
        s.zs[p] = i
    for k in range(tab.ncards - 1, n * tab.hand_size - 1, -1):
        s.buf[i] = deck[k]
        i += 1
    s.zs[NZ] = i
    s.round = 1
    s.phase = PH_PLAY
    if tab.familiar:
        s.phase = PH_REDRAW
        s.nredraw = n


cdef void _sort(uint8_t* items, int n) noexcept nogil:
    cdef int i, j
    cdef uint8_t t
    for i in range(1, n):
        t = items[i]
        j = i - 1
        while j >= 0 and items[j] > t:
            items[j + 1] = items[j]
            j -= 1
        items[j + 1] = t


STATE_BYTES = sizeof(S)
"""The size of a native state's struct (the table it shares is not counted)."""


# --- native observations (issue 30): the fields of the View, as the adapters encode them -----

_OBS_CONSTANT = ("seat", "players", "options", "teams")
"""The View's fields equal in every state of a seat: encoded once, in Python (the template)."""

cdef enum:
    # the dynamic fields, in the order of _OBS_NAMES (their offsets in the plan)
    O_CURRENT = 0
    O_PHASE = 1
    O_PENDING = 2
    O_SCORES = 3
    O_WINNERS = 4
    O_TEAM_SCORES = 5
    O_TURN = 6
    O_FIRST = 7
    O_ROUND = 8
    O_USED = 9
    O_ALLOWED = 10
    O_HAND = 11
    O_HAND_SIZES = 12
    O_DECK = 13
    O_DISCARD = 14
    O_RESHUFFLES = 15
    O_PROJECTS = 16
    O_PERMANENTS = 17
    O_RESOLVING = 18
    O_EXTRA = 19
    OBS_FRAMES = 16    # more than the F_* codes
    OBS_STAGES = 16    # more than Stage's members
    # the effect record's fields, in the order of _OBS_EFFECT (their offsets in the pending field)
    E_PLAYER = 0
    E_CARD = 1
    E_STEP = 2
    E_STAGE = 3
    E_QUEUE = 4
    E_EACH = 5
    E_SEAT = 6
    E_PROJECT = 7
    E_DEST = 8
    E_LEFT = 9
    E_COMPLETING = 10
    N_EFFECT = 11


_OBS_NAMES = ("current_player", "phase", "pending", "scores", "winners", "team_scores", "turn", "first_player",
              "round", "actions_used", "actions_allowed", "hand", "hand_sizes", "deck_size", "discard",
              "reshuffles", "projects", "permanents", "resolving", "extra_turns")
_OBS_EFFECT = ("player", "card", "step", "stage", "queue", "each", "seat", "project", "dest", "left",
               "completing")


cdef class _GiObservation(ObservationPlan):
    """The plan, with the table's card set as the encoder numbers it: each design's slot in each
    field's vocabulary (the set's own, a user's deck included, as hints.py derives them), read from
    the encoder's own nodes, and the inner offsets of the pending field and of a project."""
    cdef int16_t hand_slot[MAXD]
    cdef int16_t discard_slot[MAXD]
    cdef int16_t perm_slot[MAXD]
    cdef int16_t pay_card[MAXD]        # pending.card (a Payment's)
    cdef int16_t eff_card[MAXD]        # pending.effect.card
    cdef int16_t resolving_card[MAXD]
    cdef int16_t project_card[MAXD]
    cdef float resource_number[MAXD]   # projects[*][*].resources[*]: the design's resource type
    cdef float card_number[MAXD]       # projects[*][*].resource_cards[*]: the design
    cdef int16_t owed_slot[3]
    cdef int16_t phase_slot[3]
    cdef int16_t stage_slot[OBS_STAGES]
    cdef int8_t frame_tag[OBS_FRAMES]  # per F_* code: its tag's place (Redraw: redraw_tag)
    cdef int redraw_tag
    cdef int p_seat, p_card, p_owed, owed_cap, owed_size, p_effect
    cdef int eff[N_EFFECT]
    cdef int queue_cap
    cdef int hand_size, discard_size, perm_size, resolving_size
    cdef int row_cap, row_size, proj_size, pc_off, pc_size, pf_off, pr_off, pr_cap, prc_off, prc_cap
    cdef bint reveal

    def __init__(self, GiTable table):
        ObservationPlan.__init__(self, table, _OBS_CONSTANT, tuple([(name, None) for name in _OBS_NAMES]))
        root = self.encoder._root
        fields = dict(zip(root.names, root.nodes))
        ids = table.ids
        if len(ids) > MAXD or len(_STAGES) > OBS_STAGES:
            raise UnsupportedError("the table's card set is larger than the native observation's arrays")
        pending = fields["pending"].inner
        offset = 1 + len(pending.kinds)
        where = {}
        slots = dict(zip(pending.labels, pending.nodes))
        for label, node in zip(pending.labels, pending.nodes):
            where[label] = offset
            offset += node.size
        if set(where) != {"seat", "card", "owed", "effect"}:
            raise UnsupportedError("the native observation does not know this pending field's layout")
        self.p_seat, self.p_card, self.p_owed, self.p_effect = where["seat"], where["card"], where["owed"], where["effect"]
        self.owed_cap = slots["owed"].capacity
        self.owed_size = slots["owed"].inner.size
        effect = slots["effect"]
        if tuple(effect.names) != _OBS_EFFECT:
            raise UnsupportedError("the native observation does not know the Effect's fields")
        offset = 0
        for k, node in enumerate(effect.nodes):
            self.eff[k] = offset
            offset += node.size
        self.queue_cap = effect.nodes[E_QUEUE].capacity
        order = [kind.__name__ for kind in pending.kinds]
        self.redraw_tag = order.index("Redraw")
        for k in range(OBS_FRAMES):
            self.frame_tag[k] = -1
        self.frame_tag[F_PAY] = order.index("Payment")
        for code, cls in _FRAME_CLASSES.items():
            self.frame_tag[code] = order.index(cls.__name__)
        for k, stage in enumerate(_STAGES):
            self.stage_slot[k] = _hot(effect.nodes[E_STAGE], stage)
        for k in range(3):
            self.owed_slot[k] = _hot(slots["owed"].inner, RESOURCES[k])
        for k, phase in enumerate(_PHASES):
            self.phase_slot[k] = _hot(fields["phase"], phase)
        projects = fields["projects"]
        row = projects.inner
        project = row.inner
        names = dict(zip(project.names, project.nodes))
        if tuple(project.names) != ("uid", "card", "face_up", "resources", "resource_cards"):
            raise UnsupportedError("the native observation does not know a project's fields")
        self.row_cap = row.capacity
        self.row_size = row.size
        self.proj_size = project.size
        self.pc_off = project.nodes[0].size
        self.pc_size = project.nodes[1].size
        self.pf_off = self.pc_off + self.pc_size
        self.pr_off = self.pf_off + project.nodes[2].size
        self.pr_cap = names["resources"].capacity
        self.prc_off = self.pr_off + names["resources"].size
        self.prc_cap = names["resource_cards"].inner.capacity
        for d, card in enumerate(ids):
            self.hand_slot[d] = _hot(fields["hand"].inner, (card,))
            self.discard_slot[d] = _hot(fields["discard"], (card,))
            self.perm_slot[d] = _hot(fields["permanents"].inner, (card,))
            self.pay_card[d] = _hot(slots["card"], card)
            self.eff_card[d] = _hot(effect.nodes[E_CARD], card)
            self.resolving_card[d] = _hot(fields["resolving"].inner, card)
            self.project_card[d] = _hot(names["card"].inner, card)
            self.resource_number[d] = _number(names["resources"].inner, RESOURCES[table.tab.rtype[d]])
            self.card_number[d] = _number(names["resource_cards"].inner.inner, card)
        self.hand_size = fields["hand"].size
        self.discard_size = fields["discard"].size
        self.perm_size = fields["permanents"].inner.size
        self.resolving_size = fields["resolving"].size
        self.reveal = bool(table.options.reveal_resources)


cdef inline int _obs_zone(const S* s, int z, float* out, const int16_t* slots) noexcept nogil:
    """Counts a zone's designs into ``out`` at their slots; the zone's size."""
    cdef int i
    for i in range(s.zs[z], s.zs[z + 1]):
        out[slots[s.buf[i]]] += 1
    return s.zs[z + 1] - s.zs[z]


cdef void _observe(const S* s, const Tab* t, _GiObservation plan, float* out, int seat, int to_move,
                   int allowed) noexcept:
    """Writes the dynamic fields of ``observe(state, seat)`` (-1: the spectator) into ``out``, whose
    dynamic fields are zero (GI-VIEW-1: only the viewer's own hand; GI-VIEW-2, GI-VIEW-3: a
    face-down project's card for its owner and the seats that saw it; its resource cards for its
    owner, or everyone under reveal_resources)."""
    cdef const int* off = plan.offset
    cdef int n = t.players, p, k, i, j, units, total, tag
    cdef float* f
    cdef float* e
    cdef const Proj* pr
    cdef int32_t team[MAXP]
    if s.phase != PH_OVER:
        out[off[O_CURRENT]] = 1
        out[off[O_CURRENT] + 1] = to_move
    out[off[O_PHASE] + plan.phase_slot[s.phase]] = 1
    f = out + off[O_PENDING]
    if s.phase == PH_REDRAW:
        f[0] = 1
        f[1 + plan.redraw_tag] = 1
        f[plan.p_seat] = to_move
    elif s.phase != PH_OVER and s.frame == F_PAY:
        f[0] = 1
        f[1 + plan.frame_tag[F_PAY]] = 1
        f[plan.p_seat] = s.turn
        f[plan.p_card + plan.pay_card[s.pay_card]] = 1
        total = 0
        for i in range(s.owed_pos, s.owed_len):
            for units in range(s.owed[i] & 0x3FFF):
                if total < plan.owed_cap:
                    f[plan.p_owed + 1 + total * plan.owed_size + plan.owed_slot[s.owed[i] >> 14]] = 1
                total += 1
        f[plan.p_owed] = total
    elif s.phase != PH_OVER and s.frame != F_NONE:
        f[0] = 1
        f[1 + plan.frame_tag[s.frame]] = 1
        f[plan.p_seat] = to_move
        e = f + plan.p_effect
        e[plan.eff[E_PLAYER]] = s.eff.player
        e[plan.eff[E_CARD] + plan.eff_card[s.eff.card]] = 1
        e[plan.eff[E_STEP]] = s.eff.step
        e[plan.eff[E_STAGE] + plan.stage_slot[s.eff.stage]] = 1
        e[plan.eff[E_QUEUE]] = s.eff.nq
        for i in range(s.eff.nq if s.eff.nq < plan.queue_cap else plan.queue_cap):
            e[plan.eff[E_QUEUE] + 1 + i] = s.eff.queue[i]
        e[plan.eff[E_EACH]] = s.eff.each
        e[plan.eff[E_SEAT]] = s.eff.seat
        e[plan.eff[E_PROJECT]] = s.eff.project
        e[plan.eff[E_DEST]] = s.eff.dest
        e[plan.eff[E_LEFT]] = s.eff.left
        e[plan.eff[E_COMPLETING]] = s.eff.completing
    if s.phase != PH_OVER and s.phase != PH_REDRAW and (s.frame == F_PAY or s.frame != F_NONE):
        out[off[O_RESOLVING]] = 1
        out[off[O_RESOLVING] + 1 + plan.resolving_card[s.pay_card if s.frame == F_PAY else s.eff.card]] = 1
    out[off[O_SCORES]] = n
    k = 0
    for p in range(n):
        out[off[O_SCORES] + 1 + p] = s.scores[p]
        team[p] = 0
        if s.phase == PH_OVER and s.winners >> p & 1:
            out[off[O_WINNERS] + 1 + k] = p
            k += 1
    out[off[O_WINNERS]] = k
    k = 0
    for p in range(n):  # GI-TEAM-3: each team's score, team 0 first
        team[t.teams[p]] += s.scores[p]
        if t.teams[p] + 1 > k:
            k = t.teams[p] + 1
    out[off[O_TEAM_SCORES]] = k
    for i in range(k):
        out[off[O_TEAM_SCORES] + 1 + i] = team[i]
    out[off[O_TURN]] = s.turn
    out[off[O_FIRST]] = s.first
    out[off[O_ROUND]] = s.round
    out[off[O_USED]] = s.used
    out[off[O_ALLOWED]] = allowed
    if seat >= 0:
        out[off[O_HAND]] = 1
        _obs_zone(s, Z_HAND + seat, out + off[O_HAND] + 1, plan.hand_slot)
    out[off[O_HAND_SIZES]] = n
    out[off[O_PROJECTS]] = n
    out[off[O_PERMANENTS]] = n
    for p in range(n):
        out[off[O_HAND_SIZES] + 1 + p] = s.zs[Z_HAND + p + 1] - s.zs[Z_HAND + p]
        _obs_zone(s, Z_PERM + p, out + off[O_PERMANENTS] + 1 + p * plan.perm_size, plan.perm_slot)
        f = out + off[O_PROJECTS] + 1 + p * plan.row_size
        f[0] = s.nproj[p]
        for k in range(s.nproj[p] if s.nproj[p] < plan.row_cap else plan.row_cap):
            pr = &s.proj[p][k]
            e = f + 1 + k * plan.proj_size
            e[0] = pr.uid
            if pr.up or seat == p or (seat >= 0 and pr.known >> seat & 1):
                e[plan.pc_off] = 1
                e[plan.pc_off + 1 + plan.project_card[pr.card]] = 1
            e[plan.pf_off] = pr.up
            j = 0
            for i in range(s.zs[_pz(p, k)], s.zs[_pz(p, k) + 1]):
                if j < plan.pr_cap:
                    e[plan.pr_off + 1 + j] = plan.resource_number[s.buf[i]]
                j += 1
            e[plan.pr_off] = j
            if seat == p or plan.reveal:
                e[plan.prc_off] = 1
                e[plan.prc_off + 1] = j
                j = 0
                for i in range(s.zs[_pz(p, k)], s.zs[_pz(p, k) + 1]):
                    if j < plan.prc_cap:
                        e[plan.prc_off + 2 + j] = plan.card_number[s.buf[i]]
                    j += 1
    out[off[O_DECK]] = s.zs[Z_DECK + 1] - s.zs[Z_DECK]
    _obs_zone(s, Z_DISC, out + off[O_DISCARD], plan.discard_slot)
    out[off[O_RESHUFFLES]] = s.reshuffles
    out[off[O_EXTRA]] = s.extra_turns


# --- the native game ----------------------------------------------------------------------------

@cython.final
cdef class GremlinsInc(NativeGame):
    """A Gremlins, Inc. game in native code."""

    cdef S s
    cdef const Tab* tab

    cdef int legal_into(self, int32_t* out) noexcept nogil:
        return _legal(&self.s, self.tab, out)

    cdef bint is_legal_index(self, int32_t action) noexcept nogil:
        cdef int32_t buf[MAX_ACTIONS]
        cdef int n, i
        if self.s.phase == PH_PLAY and self.s.frame == F_NONE:
            return _turn_is_legal(&self.s, self.tab, action)
        n = _legal(&self.s, self.tab, buf)
        for i in range(n):
            if buf[i] == action:
                return True
        return False


    cdef void play(self, int32_t action) noexcept nogil:
        _play(&self.s, self.tab, action)

    cdef bint redeal(self, int me, uint64_t seed) noexcept nogil:
        """GI-VIEW-1, GI-VIEW-4, as hidden.sample_hidden: the pool is the deck (top first), then seat
        by seat the hand, and per project its card when face down and unknown to ``me`` and, unless
        resources are revealed, its resources; each resource type's cards are shuffled apart (in
        the order of RESOURCES), the first of each kept for the resource slots, the rest shuffled
        together; then seat by seat the hand is dealt from the front (sorted) and each hidden
        project's card and resources taken from the back, the deck the rest."""
        cdef S* s = &self.s
        cdef const Tab* tab = self.tab
        cdef uint8_t pool[MAXC]
        cdef uint8_t by_type[3][MAXC]
        cdef int nby[3]
        cdef int need[3]
        cdef int top[3]
        cdef uint8_t rest[MAXC]
        cdef int n = 0, nrest = 0, front = 0, back, p, k, i, j, r, a, b
        cdef uint8_t c
        cdef bint hide = not tab.reveal
        cdef uint64_t rng = seed
        cdef Proj* pr
        i = s.zs[Z_DECK + 1] - 1
        while i >= s.zs[Z_DECK]:  # the deck's top is at the end
            pool[n] = s.buf[i]
            n += 1
            i -= 1
        for r in range(3):
            need[r] = 0
            nby[r] = 0
        for p in range(tab.players):
            if p == me:
                continue
            for i in range(s.zs[Z_HAND + p], s.zs[Z_HAND + p + 1]):
                pool[n] = s.buf[i]
                n += 1
            for k in range(s.nproj[p]):
                pr = &s.proj[p][k]
                if not pr.up and not (pr.known >> me & 1):
                    pool[n] = pr.card
                    n += 1
                if hide:
                    for i in range(s.zs[_pz(p, k)], s.zs[_pz(p, k) + 1]):
                        pool[n] = s.buf[i]
                        n += 1
                        need[tab.rtype[s.buf[i]]] += 1
        for i in range(n):
            r = tab.rtype[pool[i]]
            by_type[r][nby[r]] = pool[i]
            nby[r] += 1
        for r in range(3):
            sm_shuffle_u8(&rng, by_type[r], nby[r])
            for i in range(need[r], nby[r]):
                rest[nrest] = by_type[r][i]
                nrest += 1
            top[r] = need[r]  # drawn[r] is by_type[r][:need[r]], popped from its end
        sm_shuffle_u8(&rng, rest, nrest)
        back = nrest
        for p in range(tab.players):
            if p == me:
                continue
            a = s.zs[Z_HAND + p]
            b = s.zs[Z_HAND + p + 1]
            for i in range(a, b):  # rest[front:front + size], sorted by insertion
                c = rest[front]
                front += 1
                j = i
                while j > a and s.buf[j - 1] > c:
                    s.buf[j] = s.buf[j - 1]
                    j -= 1
                s.buf[j] = c
            for k in range(s.nproj[p]):
                pr = &s.proj[p][k]
                if not pr.up and not (pr.known >> me & 1):
                    back -= 1
                    pr.card = rest[back]
                if hide:
                    for i in range(s.zs[_pz(p, k)], s.zs[_pz(p, k) + 1]):
                        r = tab.rtype[s.buf[i]]
                        top[r] -= 1
                        s.buf[i] = by_type[r][top[r]]
        for i in range(front, back):  # the deck, top first, is stored top last
            s.buf[s.zs[Z_DECK + 1] - 1 - (i - front)] = rest[i]
        s.rng = rng
        return True

    cdef int to_move(self) noexcept nogil:
        cdef const S* s = &self.s
        if s.phase == PH_OVER:
            return -1
        if s.phase == PH_REDRAW:
            return _redraw_seat(s, self.tab)
        if s.frame == F_NONE or s.frame == F_PAY:
            return s.turn
        if s.frame == F_DISCARD:
            return s.eff.seat
        return s.eff.player

    cdef void scores_into(self, int32_t* out) noexcept nogil:
        cdef int p
        for p in range(self.tab.players):
            out[p] = self.s.scores[p]

    cdef uint32_t winners_mask(self) noexcept nogil:
        return self.s.winners if self.s.phase == PH_OVER else 0

    cdef int end_code(self) noexcept nogil:
        """view.end_reason."""
        cdef int e
        if self.s.phase != PH_OVER:
            return -1
        e = _ending(&self.s, self.tab)
        return e if e >= 0 else END_BOUND

    cdef void deal(self, uint64_t seed) noexcept nogil:
        _deal(&self.s, self.tab, seed)

    cdef bint load(self, NativeGame source) noexcept nogil:
        self.s = (<GremlinsInc>source).s
        return True

    cdef NativeGame copy(self):
        cdef GremlinsInc other = GremlinsInc.__new__(GremlinsInc)
        other.table = self.table
        other.tab = self.tab
        other.s = self.s
        return other

    def to_state(self):
        """The game's State, equal to the one the rule book reaches."""
        cdef const S* s = &self.s
        cdef GiTable table = <GiTable>self.table
        cdef int n = self.tab.players, p, k
        ids = table.ids

        def zone(int z):
            return tuple([ids[s.buf[i]] for i in range(s.zs[z], s.zs[z + 1])])

        projects = []
        seen = [[] for _ in range(n)]
        for p in range(n):
            row = []
            for k in range(s.nproj[p]):
                pr = &s.proj[p][k]
                row.append(Project(pr.uid, ids[pr.card], bool(pr.up), zone(_pz(p, k))))
                for v in range(n):
                    if pr.known >> v & 1:
                        seen[v].append(pr.uid)
            projects.append(tuple(row))
        stack = ()
        if s.phase == PH_REDRAW:
            order = [(s.first + i) % n for i in range(n)]
            stack = tuple([Redraw(x) for x in reversed(order[n - s.nredraw:])])
        elif s.frame == F_PAY:
            stack = (Payment(s.turn, ids[s.pay_card],
                             tuple([RESOURCES[s.owed[i] >> 14] for i in range(s.owed_pos, s.owed_len)
                                    for _ in range(s.owed[i] & 0x3FFF)])),)
        elif s.frame != F_NONE:
            c = &s.eff
            effect = Effect(player=c.player, card=ids[c.card], step=c.step, stage=_STAGES[c.stage],
                            queue=tuple([c.queue[i] for i in range(c.nq)]), each=bool(c.each), seat=c.seat,
                            project=c.project, dest=c.dest, left=c.left, completing=c.completing)
            cls = _FRAME_CLASSES[s.frame]
            stack = (cls(c.seat if s.frame == F_DISCARD else c.player, effect),)
        return State(
            players=n, options=table.options, rng=Rng(s.rng), teams=table.teams, first_player=s.first,
            turn=s.turn, round=s.round, actions_used=s.used, phase=_PHASES[s.phase], deck=zone(Z_DECK)[::-1],
            discard=zone(Z_DISC), hands=tuple([zone(Z_HAND + p) for p in range(n)]), projects=tuple(projects),
            permanents=tuple([zone(Z_PERM + p) for p in range(n)]),
            scores=tuple([s.scores[p] for p in range(n)]), reshuffles=s.reshuffles, next_uid=s.next_uid,
            seen=tuple([tuple(sorted(x)) for x in seen]), stack=stack,
            winners=tuple([p for p in range(n) if s.phase == PH_OVER and s.winners >> p & 1]),
            extra_turns=s.extra_turns, extra_given=s.extra_given,
        )

    # --- native observations (issue 30) -------------------------------------------------------

    cdef object make_observation_plan(self):
        return _GiObservation(<GiTable>self.table)

    cdef int observation_fill(self, object plan, float* out, int seat) except -1:
        _observe(&self.s, self.tab, <_GiObservation>plan, out, seat, self.to_move(),
                 _allowed(&self.s, self.tab, self.s.turn))
        return 0


_FRAME_CLASSES = {F_PLAYER: PlayerChoice, F_PROJECT: ProjectChoice, F_RESOURCE: ResourceChoice,
                  F_DISCARD: DiscardChoice, F_ASSIGN: AssignChoice}
_FRAME_CODES = {cls: code for code, cls in _FRAME_CLASSES.items()}


cdef GremlinsInc _game(GiTable table):
    cdef GremlinsInc game = GremlinsInc.__new__(GremlinsInc)
    game.table = table
    game.tab = &table.tab
    return game


def new(players, seed=0, options=None):
    """A native game with the deal of ``new_game(players, seed, options=options)``."""
    cdef uint64_t start = check_seed(seed) & _MASK
    cdef GiTable table
    if options is None and type(players) is int and players in _DEFAULT:
        table = _DEFAULT[players]
    else:
        n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, _TITLE)
        opts = instance_or_default(options, Options, _TITLE)
        table = _table(n, opts)
        if options is None:
            _DEFAULT[n] = table
    cdef GremlinsInc game = _game(table)
    game.deal(start)
    return game


def from_state(state):
    """A native game in ``state``, a seeded State that :func:`.invariants.check_state` accepts."""
    check_type(state, State, "Gremlins, Inc. State")
    check_state(state)
    cdef GiTable table = _table(state.players, state.options)
    cdef GremlinsInc game = _game(table)
    cdef S* s = &game.s
    cdef int n = state.players, p, k, i = 0, z
    index = {c: d for d, c in enumerate(table.ids)}
    memset(s, 0, sizeof(S))
    if state.teams != table.teams:
        raise UnsupportedError("the state's teams are not its options' seating (GI-TEAM-2)")

    def put(int z, cards):
        nonlocal i
        s.zs[z] = i
        for card in cards:
            s.buf[i] = index[card]
            i += 1

    put(Z_DISC, state.discard)
    for p in range(MAXP):
        put(Z_HAND + p, state.hands[p] if p < n else ())
    for p in range(MAXP):
        put(Z_PERM + p, state.permanents[p] if p < n else ())
    uids = {}
    for p in range(MAXP):
        row = state.projects[p] if p < n else ()
        s.nproj[p] = len(row)
        for k in range(MP):
            put(_pz(p, k), row[k].resources if k < len(row) else ())
            if k < len(row):
                s.proj[p][k].uid = row[k].uid
                s.proj[p][k].card = index[row[k].card]
                s.proj[p][k].up = row[k].face_up
                for card in row[k].resources:
                    s.proj[p][k].cnt[RESOURCES.index(table.components.card(card).resource)] += 1
                uids[row[k].uid] = (p, k)
    put(Z_DECK, state.deck[::-1])
    s.zs[NZ] = i
    for v, known in enumerate(state.seen):
        for uid in known:
            p, k = uids[uid]
            s.proj[p][k].known |= 1 << v
    s.rng = state.rng.state
    for p in range(n):
        s.scores[p] = state.scores[p]
    s.round = state.round
    s.reshuffles = state.reshuffles
    s.next_uid = state.next_uid
    s.extra_turns = state.extra_turns
    s.extra_given = state.extra_given
    s.first = state.first_player
    s.turn = state.turn
    s.used = state.actions_used
    s.phase = _PHASE_CODE[state.phase]
    for p in state.winners:
        s.winners |= 1 << p
    if s.phase == PH_REDRAW:
        s.nredraw = len(state.stack)
    elif state.stack:
        frame = state.stack[0]
        if type(frame) is Payment:
            s.frame = F_PAY
            s.pay_card = index[frame.card]
            for r in frame.owed:  # GI-PLAY-4: any number of units, in runs of one type
                code = RESOURCES.index(r)
                if (s.owed_len and s.owed[s.owed_len - 1] >> 14 == code
                        and s.owed[s.owed_len - 1] & 0x3FFF < 0x3FFF):
                    s.owed[s.owed_len - 1] += 1
                elif s.owed_len < MAXOWED:
                    s.owed[s.owed_len] = code << 14 | 1
                    s.owed_len += 1
                else:  # the rules owe one type after another (a run or two per type): never reached
                    raise UnsupportedError(f"a Payment owing more than {MAXOWED} runs of one resource type "
                                           "(the engine holds that many)")
        else:
            s.frame = _FRAME_CODES[type(frame)]
            e = frame.effect
            if len(e.queue) > MAXQ:
                raise UnsupportedError(f"an effect queue of {len(e.queue)} seats (the engine holds {MAXQ})")
            c = &s.eff
            c.player = e.player
            c.card = index[e.card]
            c.step = e.step
            c.stage = _STAGE_CODE[e.stage]
            c.nq = len(e.queue)
            for k, q in enumerate(e.queue):
                c.queue[k] = q
            c.each = e.each
            c.seat = e.seat
            c.project = e.project
            c.dest = e.dest
            c.left = e.left
            c.completing = e.completing
    return game


def refusal(state, action):
    """The rule book's reason and clause for refusing ``action`` in ``state`` (None if legal)."""
    return _rules.RULES.check(state, action)


import sys as _sys

_MODULE = _sys.modules[__name__]
