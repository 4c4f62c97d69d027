# cython: language_level=3, cdivision=True
"""Goblins vs Gnomes in native code: the engine's state and rules (see ``docs/engine.rst``).

The state is one C struct of small integers (:c:type:`S`, 872 bytes): the tunnel cards on the field
as (cell id, card code) in ascending cell ids (the ids of :class:`.geometry.Kit`: row by row with a
margin of one cell, so a neighbour is an addition and sorting ids sorts cells row by row), the deck as a ring of
card ids with the seat that put each card under it, hands as sorted card ids, what each seat knows
of each hand (GVG-VIEW-4) as sorted card ids per (observer, seat), the discards as a count per
design, the Maps' peeks and the Potions' swaps in order, the counters of the turn and round, and
the decision stack (an Ale Mug's naming, a target choice, the Greedy One's steal: the only stacks
the rules leave). Card ids are the designs' ranks in the sorted design names, so a hand, the
discards and the known cards read back sorted as the State keeps them.

The rules are those of :mod:`.rules` and :mod:`.flow`, step for step and clause for clause (the
clause ids name where each is). The route (GVG-ROUTE-1 to GVG-ROUTE-3) is one walk on a grid of
the field (one byte per cell id) in which a Door waits for a Key of its colour, which gives the
reference's walk repeated with the Keys found until none is new. A game object remembers the
route, its frontier (the empty cells it touches, with the sides a card there must open and close
and those the route enters by) and the grid for the field's ``stamp``, and laying a card extends
them from the card (:func:`_extend`), so the route is walked from the start only after an
Explosion, the Dynamite or a new round. The deal is :func:`.setup.deal_round`'s, shuffle for shuffle on the same
SplitMix64 (``core/native/rng.pxd``), so a native game reaches the very states the rule book
reaches: the differential tests (``tests/engine``) compare ``to_state()`` with the Python state
at every decision.

Every option and every component set the loader accepts is played: the Map, the Explosion and the
Potion are the one design of each of those kinds, whatever the set names them (GVG-COMP-8).
The advanced roles' path facts (GVG-ADV-5: a path without a Door, through a Door, the most Ale
Mugs on one path) are asked of the rule book's :func:`.route.route_tags` when a round ends with
Gold or the Dragon: that one call takes the GIL, inside ``playouts`` too.
"""

cimport cython
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memmove, memset

from gremlinrules.core.native.bits cimport bits_lowest
from gremlinrules.core.native.game cimport MAX_ACTIONS, NativeGame, NativeTable, ObservationPlan
from gremlinrules.core.native.rng cimport sm_shuffle_u8

from gremlinrules.core.checks import check_players, check_seed, check_type
from gremlinrules.core.errors import UnsupportedError
from gremlinrules.core.native.game import node_number as _number  # the encoder's number of a name
from gremlinrules.core.native.game import node_slot as _hot  # the encoder's slot of a name
from gremlinrules.core.native.game import run_playouts
from gremlinrules.core.rng import Rng
from gremlinrules.goblins_vs_gnomes import fast as _fast
from gremlinrules.goblins_vs_gnomes.actions import (
    DeclineTarget,
    NameSkip,
    OpenTarget,
    Pass,
    Place,
    PlayExplosion,
    PlayMap,
    PlayPotion,
    SLOTS,
    Steal,
    Swap,
)
from gremlinrules.goblins_vs_gnomes.components import TABLE_LIMITS
from gremlinrules.goblins_vs_gnomes.frames import SkipNaming, StealChoice, TargetChoice
from gremlinrules.goblins_vs_gnomes.geometry import all_actions, options_kit
from gremlinrules.goblins_vs_gnomes.notation import cell_of
from gremlinrules.goblins_vs_gnomes.invariants import check_state
from gremlinrules.goblins_vs_gnomes.route import route_tags as _route_tags
from gremlinrules.goblins_vs_gnomes.setup import MAX_PLAYERS, MIN_PLAYERS, TITLE, options_or_default
from gremlinrules.goblins_vs_gnomes.state import TARGETS, Phase, State, Tile

__all__ = ["GAME_ID", "STATE_BYTES", "GoblinsVsGnomes", "from_state", "new", "refusal", "run_playouts"]

GAME_ID = "goblins-vs-gnomes"

cdef enum:
    MAXP = 8
    MAXD = 50          # designs: each has one card or more, 50 path cards (GVG-COMP-1)
    MAXC = 960         # cell ids: (33 + 2) x (25 + 2) for the largest table (GVG-FIELD-3), rounded up
    WORDS = 15         # 64-bit words of a set of cell ids
    HAND = 3           # GVG-SETUP-4 (the loader checks it)
    WIN = 9            # GVG-SCORE-5 (the loader checks it)
    RING = 64          # the deck's ring (50 cards at most)
    LOG = 50           # peeks and potion swaps in a round (one per card at most)
    NROLES = 8
    # grid codes: 0 empty, 1 + 2 * card + rotated a tunnel card, and these
    C_TARGET = 253     # a face-up target (GVG-TARGET-2)
    C_START = 254
    # kinds (components.KINDS order), then the start and a face-up target
    K_PASSAGE = 0
    K_CAVE = 1
    K_DOOR = 2
    K_KEY = 3
    K_LANTERN = 4
    K_BOMB = 5
    K_MUG = 6
    K_MAP = 7
    K_EXPLOSION = 8
    K_POTION = 9
    K_START = 10
    K_TARGET = 11
    # action kinds of the decode table
    A_PLACE = 1
    A_MAP = 2
    A_EXPL = 3
    A_POTION = 4
    A_SWAP = 5
    A_PASS = 6
    A_SKIP = 7
    A_OPEN = 8
    A_STEAL = 9
    A_DECLINE = 10
    # targets (state.TARGETS order)
    T_GOLD = 0
    T_DYNAMITE = 1
    T_DRAGON = 2
    # round results (last_result): "", gold, dragon, none, dynamite
    R_UNSET = 0
    R_GOLD = 1
    R_DRAGON = 2
    R_NONE = 3
    R_DYNAMITE = 4
    # the abilities of the advanced roles (GVG-ADV-1), by role name
    AB_NONE = 0
    AB_MASTER = 1
    AB_DEMOLITIONIST = 2
    AB_GREEDY = 3
    AB_DRIVER = 4
    AB_PEDANT = 5
    AB_KING = 6
    AB_KEYMASTER = 7
    AB_JEWELLER = 8

_END_REASONS = ("GVG-END-4", "GVG-BOUND-1")
_MASK = (1 << 64) - 1
_KINDS = ("passage", "cave-in", "door", "key", "lantern", "bomb", "ale-mug", "map", "explosion", "potion")
_RESULTS = ("", "gold", "dragon", "none", "dynamite")
_ABILITIES = {"master-of-transformations": AB_MASTER, "demolitionist": AB_DEMOLITIONIST,
              "greedy-one": AB_GREEDY, "driver": AB_DRIVER, "pedant": AB_PEDANT, "king": AB_KING,
              "keymaster": AB_KEYMASTER, "jeweller": AB_JEWELLER}

cdef int _OPP[4]
_OPP[0] = 2
_OPP[1] = 3
_OPP[2] = 0
_OPP[3] = 1


# A table: the component set's cards and grid, the options and the action space's layout.
ctypedef struct Tab:
    int players
    bint rotation
    bint bounded
    int swap_limit
    int round_limit
    bint gdo               # GVG-SCORE-8 no_target == "no-gold-or-dragon"
    bint name_self         # GVG-CARD-6
    bint rotate_first      # GVG-SETUP-5
    bint may_open          # GVG-TARGET-3 second_target == "may_open"
    bint advanced          # GVG-ADV-1
    int ndesigns
    int w                  # the grid's row width (cell ids)
    int ncells             # cell ids in use
    int nwords             # the words of a set of them
    int start_id
    int target_ids[3]
    uint8_t placeable[MAXC]
    int16_t cellpos[MAXC]  # the cell's place in the table's placeable cells (row by row), or -1
    int16_t cell_x[MAXC]
    int16_t cell_y[MAXC]
    int delta[4]           # the id step across each side N, E, S, W
    # per card id (the rank of its design's name)
    uint8_t kind[MAXD]
    uint8_t corder[MAXD]   # card ids in component order
    uint8_t cpos[MAXD]     # and each card id's place in it
    uint8_t edges[MAXD][2] # open sides as laid, unrotated and turned
    bint turns[MAXD]       # may be laid turned (rotation on, and turning changes it)
    int32_t place_base[MAXD]
    int32_t expl_base[MAXD]
    int32_t swap_index[MAXD]
    int card_map           # the card ids of the Map, the Explosion and the Potion
    int card_expl
    int card_potion
    # per grid code
    uint8_t code_edges[256]
    uint8_t code_kind[256]
    uint32_t code_key[256]
    # the deal
    int ndeck
    uint8_t deck0[MAXD]    # the path cards in the component file's order
    uint8_t goblins[4]     # role indices (component order) by race
    uint8_t gnomes[4]
    bint goblin[NROLES]
    uint8_t ability[NROLES]
    uint8_t roles_by_name[NROLES]  # role indices sorted by name (hidden.sample_hidden's order)
    # the action space
    int32_t a_map
    int32_t a_potion
    int32_t a_pass
    int32_t a_skip[MAXP]   # NameSkip(offset), -1 when not in the space
    int32_t a_open
    int32_t a_steal
    int32_t a_decline
    int32_t nactions
    void* owner            # the GvgTable holding this (borrowed: a game holds its table)
    int32_t* decode        # per index: kind << 24 | card << 16 | rotated << 15 | cell or offset


# A state: every field of State, compacted.
ctypedef struct S:
    uint64_t rng
    int32_t round
    int32_t points[MAXP]
    int32_t skips[MAXP]
    int32_t swaps_used[MAXP]
    int32_t passes
    uint8_t round_starter
    uint8_t turn
    uint8_t over
    uint8_t roles[MAXP]        # role indices, component order
    uint8_t last_roles[MAXP]
    uint8_t last_result
    uint8_t targets[3]         # TARGETS indices by slot
    uint8_t opened             # bit per slot
    int8_t first_out
    int8_t opener
    uint32_t winners
    # the stack (frames.py): an Ale Mug's naming under a target choice; or the Greedy One's steal
    int8_t skip_card           # the SkipNaming's Ale Mug (the turn owner names), or -1
    uint8_t tc_among           # the TargetChoice's slots (bits), 0 for none
    uint8_t tc_after           # after_dynamite
    int8_t steal_seat          # the StealChoice's seat, or -1
    # cards
    uint8_t dhead
    uint8_t dlen
    uint8_t deck[RING]
    int8_t owner[RING]
    uint8_t hn[MAXP]
    uint8_t hands[MAXP][HAND]
    uint8_t kn[MAXP][MAXP]
    uint8_t known[MAXP][MAXP][HAND]
    uint8_t discard[MAXD]
    uint8_t npeeks
    uint8_t peeks[LOG]         # seat << 2 | slot
    uint8_t npotions
    uint8_t potions[LOG]       # seat << 4 | the other seat
    uint32_t stamp             # changes with the field (the frontier memo's key; no rule reads it)
    uint8_t nfield
    uint8_t tile_code[MAXD]    # the tunnel cards on the field, by ascending cell id (row by row)
    uint16_t tile_cell[MAXD]


ctypedef struct Route:
    uint64_t passed[WORDS]
    uint32_t keys
    int reached


# The route and its frontier, remembered by a game object for the field of ``stamp``: a decision
# lists the Places from it, and laying a card extends it where the card only adds itself to the
# route (the usual case), instead of walking the route again.
ctypedef struct Front:
    bint ok
    uint32_t stamp
    Route r
    uint64_t front[WORDS]   # the empty cells the route touches
    uint8_t conn[MAXC]      # per such cell: the sides the route enters by
    uint8_t cons[MAXC]      # and the sides a card there must open (low 4 bits) and close (high 4)
    uint8_t grid[MAXC]      # the field (see _grid)


cdef inline bint _has(const uint64_t* bits, int i) noexcept nogil:
    return bits[i >> 6] >> (i & 63) & 1


cdef inline void _add(uint64_t* bits, int i) noexcept nogil:
    bits[i >> 6] |= (<uint64_t>1) << (i & 63)


cdef inline bint _stacked(const S* s) noexcept nogil:
    """A frame is pending."""
    return s.skip_card >= 0 or s.tc_among != 0 or s.steal_seat >= 0


cdef inline bint _always(int kind) noexcept nogil:
    """GVG-ROUTE-1: the kinds the route always passes through."""
    return kind != K_CAVE and kind != K_DOOR


# --- the table -------------------------------------------------------------------------------

cdef class GvgTable(NativeTable):
    cdef Tab tab
    cdef object kit
    cdef tuple names       # design names by card id
    cdef tuple role_names  # component order
    cdef dict tile_cache   # (cell id, grid code) -> the Tile, built on first use

    def __dealloc__(self):
        free(self.tab.decode)


_TABLES = {}
_DEFAULT = {}
cdef tuple _INTS = tuple(range(16384))
"""Every action index of the tables made so far as a Python int, made once (the indices of a
Place pass CPython's small ints and the core's 4096), so a legal list shares them."""


cdef GvgTable _table(int players, options):
    """The table of ``players`` and checked ``options``, made once (UnsupportedError for a component
    set the engine does not play)."""
    key = (players, options)
    cdef GvgTable t = _TABLES.get(key)
    if t is not None:
        return t
    kit = options_kit(options)
    comps = kit.components
    lo_x, hi_x, lo_y, hi_y = TABLE_LIMITS
    if (hi_x - lo_x + 3) * (hi_y - lo_y + 3) > MAXC:
        raise UnsupportedError("the largest table is larger than the engine's grid")
    actions = all_actions(players, options)
    t = GvgTable(GAME_ID, players, options, actions, _END_REASONS, _MODULE)
    cdef Tab* tab = &t.tab
    memset(tab, 0, sizeof(Tab))
    tab.players = players
    tab.owner = <void*>t
    tab.rotation = options.rotation
    tab.bounded = options.bounded
    tab.swap_limit = options.swap_limit
    tab.round_limit = options.round_limit
    tab.gdo = options.no_target == "no-gold-or-dragon"
    tab.name_self = options.name_self
    tab.rotate_first = options.rotate_first_player
    tab.may_open = options.second_target == "may_open"
    tab.advanced = options.advanced_roles
    t.kit = kit
    names = sorted(d.name for d in comps.designs)
    t.names = tuple(names)
    rank = {n: i for i, n in enumerate(names)}
    tab.ndesigns = len(names)
    cdef int c, i, k, code, cell
    x0, x1, y0, y1 = comps.bounds
    tab.w = kit.width
    tab.ncells = kit.width * (y1 - y0 + 3)
    if tab.ncells > MAXC or tab.w != x1 - x0 + 3:
        raise UnsupportedError("the table is larger than the engine's grid")
    tab.nwords = (tab.ncells + 63) >> 6
    tab.delta[0] = -tab.w
    tab.delta[1] = 1
    tab.delta[2] = tab.w
    tab.delta[3] = -1
    for i in range(MAXC):
        tab.cellpos[i] = -1
    for (x, y), i in kit.cell_id.items():
        tab.cell_x[i] = x
        tab.cell_y[i] = y
    for k, (x, y) in enumerate(kit.placeable_cells):
        i = kit.cell_id[(x, y)]
        tab.placeable[i] = 1
        tab.cellpos[i] = k
    tab.start_id = kit.start_id
    for k in range(3):
        tab.target_ids[k] = kit.target_ids[k]
    tab.card_map = tab.card_expl = tab.card_potion = -1
    for k, d in enumerate(comps.designs):
        c = rank[d.name]
        tab.corder[k] = c
        tab.cpos[c] = k
        tab.kind[c] = _KINDS.index(d.kind)
        tab.edges[c][0] = kit.edges[(d.name, False)]
        tab.edges[c][1] = kit.edges[(d.name, True)]
        tab.turns[c] = tab.rotation and d.on_field and tab.edges[c][0] != tab.edges[c][1]
        tab.place_base[c] = tab.expl_base[c] = tab.swap_index[c] = -1
        if d.kind == "map":
            tab.card_map = c
        elif d.kind == "explosion":
            tab.card_expl = c
        elif d.kind == "potion":
            tab.card_potion = c
        for r in range(2):
            code = 1 + 2 * c + r
            tab.code_edges[code] = tab.edges[c][r]
            tab.code_kind[code] = tab.kind[c]
            tab.code_key[code] = kit.key_bit.get(d.colour, 0)
    if tab.card_map < 0 or tab.card_expl < 0 or tab.card_potion < 0:
        raise UnsupportedError("option components: no design of kind map, explosion or potion")
    tab.code_edges[C_START] = 15
    tab.code_kind[C_START] = K_START
    tab.code_edges[C_TARGET] = 15
    tab.code_kind[C_TARGET] = K_TARGET
    tab.ndeck = len(kit.deck)
    for k, name in enumerate(kit.deck):
        tab.deck0[k] = rank[name]
    t.role_names = tuple(r.name for r in comps.roles)
    gob = [i for i, r in enumerate(comps.roles) if r.race == "goblin"]
    gno = [i for i, r in enumerate(comps.roles) if r.race == "gnome"]
    for k in range(4):
        tab.goblins[k] = gob[k]
        tab.gnomes[k] = gno[k]
    for k, i in enumerate(sorted(range(NROLES), key=lambda i: comps.roles[i].name)):
        tab.roles_by_name[k] = i
    for k, r in enumerate(comps.roles):
        tab.goblin[k] = r.race == "goblin"
        tab.ability[k] = _ABILITIES.get(r.name, AB_NONE)
    # the action space, read from the actions themselves (and the layout the legal lists rely on
    # checked: each design's Places row by row, turned after unrotated; its Explosions row by row)
    tab.nactions = len(actions)
    tab.decode = <int32_t*>malloc(max(1, len(actions)) * sizeof(int32_t))
    if not tab.decode:
        raise MemoryError()
    tab.a_map = tab.a_potion = tab.a_pass = tab.a_open = tab.a_steal = tab.a_decline = -1
    for k in range(MAXP):
        tab.a_skip[k] = -1
    for i, a in enumerate(actions):
        kind_ = type(a)
        if kind_ is Place:
            c = rank[a.card]
            cell = kit.cell_id[(a.x, a.y)]
            if tab.place_base[c] < 0:
                tab.place_base[c] = i
            if i != tab.place_base[c] + tab.cellpos[cell] * (2 if tab.turns[c] else 1) + (1 if a.rotated else 0):
                raise UnsupportedError("the action space is not laid out as the engine reads it")
            tab.decode[i] = A_PLACE << 24 | c << 16 | (1 if a.rotated else 0) << 15 | cell
        elif kind_ is PlayMap:
            k = SLOTS.index(a.target)
            if k == 0:
                tab.a_map = i
            tab.decode[i] = A_MAP << 24 | k
        elif kind_ is PlayExplosion:
            c = rank[a.card]
            cell = kit.cell_id[(a.x, a.y)]
            if tab.expl_base[c] < 0:
                tab.expl_base[c] = i
            if i != tab.expl_base[c] + tab.cellpos[cell]:
                raise UnsupportedError("the action space is not laid out as the engine reads it")
            tab.decode[i] = A_EXPL << 24 | c << 16 | cell
        elif kind_ is PlayPotion:
            if a.offset == 1:
                tab.a_potion = i
            tab.decode[i] = A_POTION << 24 | a.offset
        elif kind_ is Swap:
            c = rank[a.card]
            tab.swap_index[c] = i
            tab.decode[i] = A_SWAP << 24 | c << 16
        elif kind_ is Pass:
            tab.a_pass = i
            tab.decode[i] = A_PASS << 24
        elif kind_ is NameSkip:
            tab.a_skip[a.offset] = i
            tab.decode[i] = A_SKIP << 24 | a.offset
        elif kind_ is OpenTarget:
            k = SLOTS.index(a.target)
            if k == 0:
                tab.a_open = i
            tab.decode[i] = A_OPEN << 24 | k
        elif kind_ is Steal:
            if a.offset == 1:
                tab.a_steal = i
            tab.decode[i] = A_STEAL << 24 | a.offset
        elif kind_ is DeclineTarget:
            tab.a_decline = i
            tab.decode[i] = A_DECLINE << 24
        else:
            raise UnsupportedError(f"an action the engine does not know: {a!r}")
    for i, a in enumerate(actions):  # the other kinds' runs are contiguous
        kind_ = type(a)
        if ((kind_ is PlayMap and i != tab.a_map + SLOTS.index(a.target))
                or (kind_ is PlayPotion and i != tab.a_potion + a.offset - 1)
                or (kind_ is OpenTarget and i != tab.a_open + SLOTS.index(a.target))
                or (kind_ is Steal and i != tab.a_steal + a.offset - 1)):
            raise UnsupportedError("the action space is not laid out as the engine reads it")
    t.tile_cache = {}
    global _INTS
    if len(_INTS) < len(actions):
        _INTS = tuple(range(len(actions)))
    if len(_TABLES) >= 256:
        _TABLES.clear()
    _TABLES[key] = t
    return t


# --- the route ---------------------------------------------------------------------------------

cdef void _route(const S* s, const uint8_t* g, const Tab* tab, Route* r) noexcept nogil:
    """The route and the face-down targets beside it (GVG-ROUTE-1 to GVG-ROUTE-3, GVG-TARGET-1).

    One walk from the start: a Cave-in stops it (GVG-ROUTE-2); a Door met before a Key of its
    colour waits, and passes once one is found (GVG-ROUTE-3). That is the reference's walk repeated
    with the Keys found until none is new: both give the least set closed under the route's steps."""
    cdef int todo[64]
    cdef int waiting[256]
    cdef int n = 1, nw = 0, cell, nb, side, code, k, i, slot
    cdef uint32_t keys = 0
    cdef uint8_t e
    memset(r.passed, 0, sizeof(r.passed))
    _add(r.passed, tab.start_id)
    todo[0] = tab.start_id
    while n:
        n -= 1
        cell = todo[n]
        e = tab.code_edges[g[cell]]
        for side in range(4):
            if not e >> side & 1:
                continue
            nb = cell + tab.delta[side]
            code = g[nb]
            if code == 0 or _has(r.passed, nb) or not tab.code_edges[code] >> _OPP[side] & 1:
                continue
            k = tab.code_kind[code]
            if k == K_CAVE:
                continue
            if k == K_DOOR and not keys & tab.code_key[code]:
                if nw < 256:
                    waiting[nw] = nb
                    nw += 1
                continue
            _add(r.passed, nb)
            todo[n] = nb
            n += 1
            if k == K_KEY and tab.code_key[code] & ~keys:
                keys |= tab.code_key[code]
                for i in range(nw):  # the Doors of this colour met so far open
                    if (waiting[i] >= 0 and tab.code_key[g[waiting[i]]] & keys
                            and not _has(r.passed, waiting[i])):
                        _add(r.passed, waiting[i])
                        todo[n] = waiting[i]
                        n += 1
                        waiting[i] = -1
    r.keys = keys
    r.reached = _reached_from(s, g, tab, r.passed)


cdef inline int _reached(const S* s, const uint8_t* g, const Tab* tab) noexcept nogil:
    cdef Route r
    _route(s, g, tab, &r)
    return r.reached


cdef inline int _cons(const uint8_t* g, const Tab* tab, int cell) noexcept nogil:
    """The sides a card on the empty ``cell`` must open and must close (GVG-PLACE-3): open against
    each neighbour's open edge, closed against a closed one; a target imposes nothing."""
    cdef int side, code, mo = 0, mc = 0
    for side in range(4):
        code = g[cell + tab.delta[side]]
        if code and tab.code_kind[code] != K_TARGET:
            if tab.code_edges[code] >> _OPP[side] & 1:
                mo |= 1 << side
            else:
                mc |= 1 << side
    return mo | mc << 4


cdef void _front_full(const S* s, const uint8_t* g, const Tab* tab, Front* f) noexcept nogil:
    """The route and every empty cell it touches, with each one's constraints (GVG-PLACE-2)."""
    cdef int wd, cell, side, nb
    cdef uint64_t bits
    cdef uint8_t e
    _route(s, g, tab, &f.r)
    memset(f.front, 0, sizeof(f.front))
    for wd in range(tab.nwords):
        bits = f.r.passed[wd]
        while bits:
            cell = wd * 64 + bits_lowest(bits)
            bits &= bits - 1
            e = tab.code_edges[g[cell]]
            for side in range(4):
                if e >> side & 1:
                    nb = cell + tab.delta[side]
                    if g[nb] == 0 and tab.placeable[nb]:
                        if not _has(f.front, nb):
                            _add(f.front, nb)
                            f.conn[nb] = 0
                            f.cons[nb] = _cons(g, tab, nb)
                        f.conn[nb] |= 1 << _OPP[side]
    f.ok = True
    f.stamp = s.stamp


cdef int _reached_from(const S* s, const uint8_t* g, const Tab* tab, const uint64_t* passed) noexcept nogil:
    """GVG-TARGET-1: the face-down targets beside a card the route passes, on its open side."""
    cdef int slot, side, nb, got = 0
    for slot in range(3):
        if s.opened >> slot & 1:
            continue
        for side in range(4):
            nb = tab.target_ids[slot] + tab.delta[side]
            if _has(passed, nb) and tab.code_edges[g[nb]] >> _OPP[side] & 1:
                got |= 1 << slot
                break
    return got


cdef int _new_key(const S* s, const uint8_t* g, const Tab* tab, Front* f, uint32_t colour,
                  int* todo, int n) noexcept nogil:
    """GVG-ROUTE-3: a Key of ``colour`` is on the route now: every Door of that colour the route
    meets (beside a card it passes, their facing sides open) is passed and walked on from (pushed on
    ``todo``, whose new length is returned)."""
    cdef int k, cell, side, nb, v
    cdef uint8_t e
    f.r.keys |= colour
    for k in range(s.nfield):
        v = s.tile_code[k]
        cell = s.tile_cell[k]
        if tab.code_kind[v] != K_DOOR or not tab.code_key[v] & colour or _has(f.r.passed, cell):
            continue
        e = tab.code_edges[v]
        for side in range(4):
            nb = cell + tab.delta[side]
            if e >> side & 1 and _has(f.r.passed, nb) and tab.code_edges[g[nb]] >> _OPP[side] & 1:
                _add(f.r.passed, cell)
                todo[n] = cell
                n += 1
                break
    return n


cdef bint _extend(const S* s, const uint8_t* g, const Tab* tab, Front* f, int cell) noexcept nogil:
    """``f`` (the route and frontier before the card on ``cell`` was laid, a frontier cell) made
    the route and frontier after it: the walk goes on from the card through the cards it now
    reaches (GVG-ROUTE-1, GVG-ROUTE-2; a Key of a new colour opens the Doors of that colour the
    route meets, GVG-ROUTE-3). Always True (the walk never needs to start again)."""
    cdef int v = g[cell], side, nb, code, k = tab.code_kind[v], n, at
    cdef int todo[64]
    cdef uint8_t e = tab.code_edges[v]
    f.front[cell >> 6] &= ~((<uint64_t>1) << (cell & 63))
    for side in range(4):  # the card's edges bind the frontier cells beside it
        nb = cell + tab.delta[side]
        if _has(f.front, nb):
            f.cons[nb] |= (1 << _OPP[side]) if e >> side & 1 else (1 << (_OPP[side] + 4))
    if k == K_CAVE or (k == K_DOOR and not f.r.keys & tab.code_key[v]):
        return True  # the route stops at it: nothing else changes
    _add(f.r.passed, cell)
    todo[0] = cell
    n = 1
    if k == K_KEY and tab.code_key[v] & ~f.r.keys:
        n = _new_key(s, g, tab, f, tab.code_key[v], todo, n)
    while n:
        n -= 1
        at = todo[n]
        e = tab.code_edges[g[at]]
        for side in range(4):
            if not e >> side & 1:
                continue
            nb = at + tab.delta[side]
            code = g[nb]
            if code == 0:
                if tab.placeable[nb]:
                    if not _has(f.front, nb):
                        _add(f.front, nb)
                        f.conn[nb] = 0
                        f.cons[nb] = _cons(g, tab, nb)
                    f.conn[nb] |= 1 << _OPP[side]
            elif not _has(f.r.passed, nb) and tab.code_edges[code] >> _OPP[side] & 1:
                k = tab.code_kind[code]
                if k == K_CAVE or (k == K_DOOR and not f.r.keys & tab.code_key[code]):
                    continue  # the route stops there (a Door waits for a Key of its colour)
                _add(f.r.passed, nb)
                todo[n] = nb
                n += 1
                if k == K_KEY and tab.code_key[code] & ~f.r.keys:
                    n = _new_key(s, g, tab, f, tab.code_key[code], todo, n)
    f.r.reached = _reached_from(s, g, tab, f.r.passed)
    return True


cdef uint16_t _FIT[4096]
"""Per frontier code (must-open | must-close << 4 | entered-by << 8): bit e set when a card laid with
open sides e fits (GVG-PLACE-2, GVG-PLACE-3)."""


cdef void _fill_fit() noexcept:
    cdef int code, e, mo, mc, conn
    for code in range(4096):
        mo = code & 15
        mc = code >> 4 & 15
        conn = code >> 8 & 15
        _FIT[code] = 0
        for e in range(16):
            if e & mo == mo and not e & mc and e & conn:
                _FIT[code] |= 1 << e


_fill_fit()


# --- the legal actions ---------------------------------------------------------------------------

cdef inline bint _holds(const S* s, int seat, int card) noexcept nogil:
    cdef int k
    for k in range(s.hn[seat]):
        if s.hands[seat][k] == card:
            return True
    return False


cdef inline bint _tunnel(const Tab* tab, int card) noexcept nogil:
    return tab.kind[card] <= K_MUG


cdef int _hand_designs(const S* s, const Tab* tab, int seat, uint8_t* out) noexcept nogil:
    """The distinct designs in ``seat``'s hand, in component order (the canonical order); their number."""
    cdef int n = 0, k, j, c
    for k in range(s.hn[seat]):
        c = s.hands[seat][k]
        if k > 0 and c == s.hands[seat][k - 1]:
            continue
        j = n
        while j > 0 and tab.cpos[out[j - 1]] > tab.cpos[c]:
            out[j] = out[j - 1]
            j -= 1
        out[j] = c
        n += 1
    return n


cdef int _plays(const S* s, const Tab* tab, Front* f, int32_t* out) noexcept nogil:
    """Every legal play of a card from the turn owner's hand, ascending (no Swap, no Pass)."""
    cdef int16_t cells[MAXC]
    cdef uint8_t codes[2 * MAXC]
    cdef uint64_t bits
    cdef uint16_t fitsets[MAXC]
    cdef int n = 0, nf = 0, k, j, c, cell, seat = s.turn, wd, e0, e1
    cdef int32_t base
    cdef int32_t blasts[MAXD]
    cdef int nb = 0
    cdef int32_t v
    cdef bint have_tunnel = False
    cdef uint8_t mine[HAND]
    for k in range(s.hn[seat]):
        if _tunnel(tab, s.hands[seat][k]):
            have_tunnel = True
    if have_tunnel:  # GVG-PLACE-1 to GVG-PLACE-4: designs in component order, each row by row
        if not f.ok or f.stamp != s.stamp:
            _grid(s, tab, f.grid)
            _front_full(s, f.grid, tab, f)
        for wd in range(tab.nwords):  # ascending: row by row
            bits = f.front[wd]
            while bits:
                cell = wd * 64 + bits_lowest(bits)
                bits &= bits - 1
                cells[nf] = tab.cellpos[cell]
                fitsets[nf] = _FIT[f.cons[cell] | f.conn[cell] << 8]
                nf += 1
        for k in range(_hand_designs(s, tab, seat, mine)):
            c = mine[k]
            if not _tunnel(tab, c):
                continue
            e0 = tab.edges[c][0]
            base = tab.place_base[c]
            if tab.turns[c]:
                e1 = tab.edges[c][1]
                for j in range(nf):  # written always, counted when it fits (no branch to mispredict)
                    out[n] = base + cells[j] * 2
                    n += fitsets[j] >> e0 & 1
                    out[n] = base + cells[j] * 2 + 1
                    n += fitsets[j] >> e1 & 1
            else:
                for j in range(nf):
                    out[n] = base + cells[j]
                    n += fitsets[j] >> e0 & 1
    if _holds(s, seat, tab.card_map):  # GVG-CARD-1: a face-down target
        for k in range(3):
            if not s.opened >> k & 1:
                out[n] = tab.a_map + k
                n += 1
    if _holds(s, seat, tab.card_expl):  # GVG-CARD-2, GVG-ROUTE-4: any field card but a Lantern
        for k in range(s.nfield):
            cell = s.tile_cell[k]
            c = (s.tile_code[k] - 1) >> 1
            if tab.kind[c] == K_LANTERN:
                continue
            v = tab.expl_base[c] + tab.cellpos[cell]
            j = nb
            while j > 0 and blasts[j - 1] > v:
                blasts[j] = blasts[j - 1]
                j -= 1
            blasts[j] = v
            nb += 1
        for j in range(nb):
            out[n] = blasts[j]
            n += 1
    if _holds(s, seat, tab.card_potion):  # GVG-CARD-3: another seat
        for k in range(tab.players - 1):
            out[n] = tab.a_potion + k
            n += 1
    return n


cdef int _legal_frames(const S* s, const Tab* tab, int32_t* out) noexcept nogil:
    """The choices of the frame on top (the stack is not empty)."""
    cdef int n = 0, k
    if s.steal_seat >= 0:  # GVG-ADV-3: any other seat
        for k in range(tab.players - 1):
            out[k] = tab.a_steal + k
        return tab.players - 1
    if s.tc_among:  # GVG-TARGET-3: the reached targets, then declining after the Dynamite
        for k in range(3):
            if s.tc_among >> k & 1:
                out[n] = tab.a_open + k
                n += 1
        if s.tc_after and tab.may_open:
            out[n] = tab.a_decline
            n += 1
        return n
    for k in range(0 if tab.name_self else 1, tab.players):  # GVG-CARD-4, GVG-CARD-6
        out[n] = tab.a_skip[k]
        n += 1
    return n


cdef int _legal_all(const S* s, const Tab* tab, Front* f, int32_t* out) noexcept nogil:
    """Every legal index, ascending: a Pass only when no card can be played (GVG-TURN-3)."""
    cdef int n, seat = s.turn, k, c, plays
    cdef bint can_swap
    cdef uint8_t mine[HAND]
    if s.over:
        return 0
    if _stacked(s):
        return _legal_frames(s, tab, out)
    plays = _plays(s, tab, f, out)
    n = plays
    can_swap = s.dlen > 0 and not (tab.bounded and s.swaps_used[seat] >= tab.swap_limit)
    if can_swap:
        for k in range(_hand_designs(s, tab, seat, mine)):
            out[n] = tab.swap_index[mine[k]]
            n += 1
    if plays == 0:
        out[n] = tab.a_pass
        n += 1
    return n


# --- the effects -------------------------------------------------------------------------------

cdef inline void _insert(uint8_t* items, uint8_t* count, int card) noexcept nogil:
    """Put ``card`` into the sorted run ``items[:count]``."""
    cdef int j = count[0]
    while j > 0 and items[j - 1] > card:
        items[j] = items[j - 1]
        j -= 1
    items[j] = card
    count[0] += 1


cdef inline bint _remove(uint8_t* items, uint8_t* count, int card) noexcept nogil:
    """Take one ``card`` out of ``items[:count]`` (order kept); False when it holds none."""
    cdef int j, n = count[0]
    for j in range(n):
        if items[j] == card:
            memmove(items + j, items + j + 1, n - j - 1)
            count[0] -= 1
            return True
    return False


cdef void _forget_one(S* s, const Tab* tab, int seat, int card) noexcept nogil:
    """GVG-VIEW-4: a played card is public: every observer forgets one known copy of it."""
    cdef int p
    for p in range(tab.players):
        if s.kn[p][seat]:
            _remove(s.known[p][seat], &s.kn[p][seat], card)


cdef void _forget_each(S* s, const Tab* tab, int seat) noexcept nogil:
    """GVG-VIEW-4: a card swapped under the deck may have been any known card: one copy of each
    distinct known card goes."""
    cdef int p, j, m
    cdef uint8_t keep[HAND]
    cdef uint8_t* k
    for p in range(tab.players):
        m = 0
        k = s.known[p][seat]
        for j in range(s.kn[p][seat]):
            if j > 0 and k[j] == k[j - 1]:
                keep[m] = k[j]
                m += 1
        for j in range(m):
            k[j] = keep[j]
        s.kn[p][seat] = m


cdef void _draw(S* s, const Tab* tab, int seat) noexcept nogil:
    """GVG-TURN-4: the top card to ``seat``; the seat that put it under the deck knows it."""
    cdef int top = s.deck[s.dhead], who = s.owner[s.dhead]
    s.dhead = (s.dhead + 1) & (RING - 1)
    s.dlen -= 1
    _insert(s.hands[seat], &s.hn[seat], top)
    if who >= 0 and who != seat:
        _insert(s.known[who][seat], &s.kn[who][seat], top)


cdef void _card_leaves(S* s, const Tab* tab, int card) noexcept nogil:
    """The card leaves the turn owner's hand and they draw (GVG-TURN-4); an empty hand with the
    deck gone may be the first out (GVG-SCORE-6)."""
    cdef int seat = s.turn
    _remove(s.hands[seat], &s.hn[seat], card)
    _forget_one(s, tab, seat, card)
    if s.dlen:
        _draw(s, tab, seat)
    elif s.hn[seat] == 0 and s.first_out < 0:
        s.first_out = seat
    s.passes = 0


cdef void _finish(S* s, const Tab* tab) noexcept nogil:
    """The turn ends: the round may end (GVG-END-1, GVG-END-2), else the next seat not skipping
    plays (GVG-TURN-5, GVG-CARD-4)."""
    cdef int n = tab.players, k, nxt
    cdef bint empty = True
    if s.passes < n:
        if s.dlen == 0 and s.opened == 0:
            for k in range(n):
                if s.hn[k]:
                    empty = False
                    break
        else:
            empty = False
    if s.passes >= n or empty:
        _end_round(s, tab, s.turn)
        return
    nxt = (s.turn + 1) % n
    if s.skips[nxt] > 0:
        while s.skips[nxt] > 0:
            s.skips[nxt] -= 1
            nxt = (nxt + 1) % n
        s.passes = 0
    s.turn = nxt


cdef int _fresh(const S* s, const uint8_t* g, const Tab* tab, int declined, int cell, int known) noexcept nogil:
    """What a card just laid on ``cell`` opens (GVG-TARGET-3, ``second_target="may_open"``): the
    targets reached, but one left face down before only when the card adjoins it."""
    cdef int got = known if known >= 0 else _reached(s, g, tab), slot, t
    if declined:
        for slot in range(3):
            if declined >> slot & 1 and got >> slot & 1:
                t = tab.target_ids[slot]
                if not (cell == t - 1 or cell == t + 1 or cell == t - tab.w or cell == t + tab.w):
                    got &= ~(1 << slot)
    return got


cdef void _resolve(S* s, uint8_t* g, const Tab* tab, int declined, int cell, int known) noexcept nogil:
    """Open what the route reaches (GVG-TARGET-1); several: the placer chooses (GVG-TARGET-3);
    nothing: a frame below is pending, else the turn ends."""
    cdef int slots = _fresh(s, g, tab, declined, cell, known)
    if slots == 0:
        if not _stacked(s):
            _finish(s, tab)
        return
    if slots & (slots - 1) == 0:
        _open_target(s, g, tab, bits_lowest(slots), declined, cell)
        return
    s.tc_among = slots
    s.tc_after = 0


cdef void _open_target(S* s, uint8_t* g, const Tab* tab, int slot, int declined, int cell) noexcept nogil:
    """The target turns face up: Gold or the Dragon ends the round (GVG-END-3); the Dynamite
    removes every Bomb (GVG-TARGET-2) and play goes on."""
    cdef int k, v, slots
    s.opened |= 1 << slot
    s.stamp += 1
    g[tab.target_ids[slot]] = C_TARGET
    if s.targets[slot] != T_DYNAMITE:
        s.opener = s.turn
        _end_round(s, tab, s.turn)
        return
    v = 0
    for k in range(s.nfield):
        if tab.kind[(s.tile_code[k] - 1) >> 1] == K_BOMB:
            g[s.tile_cell[k]] = 0
            s.discard[(s.tile_code[k] - 1) >> 1] += 1
        else:
            s.tile_code[v] = s.tile_code[k]
            s.tile_cell[v] = s.tile_cell[k]
            v += 1
    s.nfield = v
    if tab.may_open:
        slots = _fresh(s, g, tab, declined, cell, -1)
        if slots:
            s.tc_among = slots
            s.tc_after = 1
            return
    _resolve(s, g, tab, declined, cell, -1)


cdef int _result(const S* s) noexcept nogil:
    cdef int k, got = 0
    for k in range(3):
        if s.opened >> k & 1:
            got |= 1 << s.targets[k]
    if got & (1 << T_GOLD):
        return R_GOLD
    if got & (1 << T_DRAGON):
        return R_DRAGON
    return R_DYNAMITE if got else R_NONE


cdef void _end_round(S* s, const Tab* tab, int last_actor) noexcept nogil:
    """The round is over and its frames dropped: the Greedy One may steal (GVG-ADV-3), then the
    round is scored from the opener, the first seat out, or the last actor (GVG-SCORE-6,
    GVG-SCORE-7)."""
    cdef int result = _result(s), start, k
    if result == R_GOLD or result == R_DRAGON:
        start = s.opener
    elif s.first_out >= 0:
        start = s.first_out
    else:
        start = last_actor
    s.opener = start
    s.skip_card = -1
    s.tc_among = 0
    s.tc_after = 0
    s.steal_seat = -1
    if result == R_DRAGON and tab.advanced:
        for k in range(tab.players):
            if tab.ability[s.roles[k]] == AB_GREEDY:
                s.steal_seat = k
                return
    _score_round(s, tab, -1)


cdef void _tags(const S* s, const Tab* tab, int slot, int* no_door, int* through_door, int* mugs) noexcept nogil:
    """GVG-ADV-5: the rule book's path facts of the route to target ``slot`` (the GIL taken)."""
    cdef int packed
    with gil:
        packed = _py_tags(s, tab, slot)
    no_door[0] = packed & 1
    through_door[0] = packed >> 1 & 1
    mugs[0] = packed >> 2


cdef int _py_tags(const S* s, const Tab* tab, int slot) noexcept:
    cdef GvgTable table = <GvgTable>tab.owner
    no_door, through_door, mugs = _route_tags(_field(s, tab, table), _opened(s), slot, table.kit)
    return (1 if no_door else 0) | (2 if through_door else 0) | int(mugs) << 2


cdef void _score_round(S* s, const Tab* tab, int victim) noexcept nogil:
    """Score seat by seat from the opener; the first to 9 wins at once (GVG-SCORE-5); then the
    match ends (GVG-END-4, GVG-BOUND-1) or the next round is dealt (GVG-ROUND-1)."""
    cdef int n = tab.players, result = _result(s), k, i, seat, opener = s.opener, winner = -1
    cdef int delta[MAXP]
    cdef bint goblin_point, dynamite = False, swapped
    cdef int no_door = 0, through_door = 0, mugs = 0, ab, best, starter
    cdef bint gold_or_dragon = result == R_GOLD or result == R_DRAGON
    goblin_point = result == R_NONE or (result == R_DYNAMITE and tab.gdo)  # GVG-SCORE-8
    for k in range(n):
        delta[k] = 0
        if result == R_GOLD:  # GVG-SCORE-1
            if not tab.goblin[s.roles[k]]:
                delta[k] += 2 if k == opener else 1
            elif tab.goblin[s.roles[opener]]:
                delta[k] -= 1
        elif result == R_DRAGON and tab.goblin[s.roles[k]]:  # GVG-SCORE-2
            delta[k] += 2
        elif goblin_point and tab.goblin[s.roles[k]]:  # GVG-SCORE-3
            delta[k] += 1
    if tab.advanced:  # GVG-ADV-1
        for k in range(3):
            if s.opened >> k & 1 and s.targets[k] == T_DYNAMITE:
                dynamite = True
        if gold_or_dragon:
            for k in range(3):
                if s.targets[k] == (T_GOLD if result == R_GOLD else T_DRAGON):
                    _tags(s, tab, k, &no_door, &through_door, &mugs)
        for k in range(n):
            ab = tab.ability[s.roles[k]]
            if ab == AB_MASTER:  # GVG-ADV-2
                swapped = False
                for i in range(s.npotions):
                    if s.potions[i] >> 4 == k or s.potions[i] & 15 == k:
                        swapped = True
                delta[k] += 1 if swapped else 0
            elif ab == AB_DEMOLITIONIST:  # GVG-ADV-4
                delta[k] += 1 if dynamite else 0
            elif ab == AB_DRIVER:  # GVG-ADV-6
                delta[k] += 1 if gold_or_dragon and no_door != 0 else 0
            elif ab == AB_PEDANT:  # GVG-ADV-7
                delta[k] += 1 if s.dlen == 0 else 0
            elif ab == AB_KING:  # GVG-ADV-8
                delta[k] += 1 if result == R_GOLD and mugs >= 3 else 0
            elif ab == AB_KEYMASTER:  # GVG-ADV-9
                delta[k] += 1 if gold_or_dragon and through_door != 0 else 0
            elif ab == AB_JEWELLER:  # GVG-ADV-10
                delta[k] += 1 if result == R_GOLD else 0
    for i in range(n):
        seat = (opener + i) % n
        s.points[seat] = max(0, s.points[seat] + delta[seat])  # GVG-SCORE-4
        if victim >= 0 and tab.ability[s.roles[seat]] == AB_GREEDY and s.points[victim] > 0:
            s.points[victim] -= 1  # GVG-ADV-3
            s.points[seat] += 1
        if s.points[seat] >= WIN:
            winner = seat
            break
    if winner >= 0 or (tab.bounded and s.round >= tab.round_limit):  # GVG-END-4, GVG-BOUND-1
        s.over = 1
        s.winners = 0
        if winner >= 0:
            s.winners = 1u << winner
        else:
            best = s.points[0]
            for k in range(n):
                best = max(best, s.points[k])
            for k in range(n):
                if s.points[k] == best:
                    s.winners |= 1u << k
        for k in range(n):
            s.last_roles[k] = s.roles[k]
        s.last_result = result
        s.skip_card = -1
        s.tc_among = 0
        s.steal_seat = -1
        return
    for k in range(n):
        s.last_roles[k] = s.roles[k]
    s.last_result = result
    starter = (s.round_starter + 1) % n if tab.rotate_first else s.round_starter  # GVG-SETUP-5
    _deal_round(s, tab, s.round + 1, starter)


cdef void _deal_round(S* s, const Tab* tab, int round_no, int starter) noexcept nogil:
    """A fresh field, roles, targets and hands (GVG-ROUND-1, GVG-SETUP-3, GVG-SETUP-4, GVG-SETUP-6),
    drawn as :func:`.setup.deal_round` draws them; the points, the generator and the last round's
    roles and result are kept."""
    cdef int n = tab.players, g = n // 2, k, p
    cdef uint8_t gob[4]
    cdef uint8_t gno[4]
    cdef uint8_t roles[MAXP]
    cdef uint8_t targets[3]
    cdef uint8_t deck[MAXD]
    memcpy(gob, tab.goblins, 4)
    memcpy(gno, tab.gnomes, 4)
    sm_shuffle_u8(&s.rng, gob, 4)
    sm_shuffle_u8(&s.rng, gno, 4)
    for k in range(g):
        roles[k] = gob[k]
    for k in range(n - g):
        roles[g + k] = gno[k]
    sm_shuffle_u8(&s.rng, roles, n)
    targets[0] = 0
    targets[1] = 1
    targets[2] = 2
    sm_shuffle_u8(&s.rng, targets, 3)
    memcpy(deck, tab.deck0, tab.ndeck)
    sm_shuffle_u8(&s.rng, deck, tab.ndeck)
    _lay_out(s, tab, round_no, starter, roles, targets, deck)


cdef void _lay_out(S* s, const Tab* tab, int round_no, int starter, const uint8_t* roles,
                   const uint8_t* targets, const uint8_t* deck) noexcept nogil:
    """A round's table from its roles, targets and shuffled deck (hands of three from the top)."""
    cdef int n = tab.players, k, p
    s.round = round_no
    s.round_starter = starter
    s.turn = starter
    s.over = 0
    for k in range(n):
        s.roles[k] = roles[k]
        s.skips[k] = 0
        s.swaps_used[k] = 0
    for k in range(3):
        s.targets[k] = targets[k]
    s.opened = 0
    s.passes = 0
    s.first_out = -1
    s.opener = -1
    s.winners = 0
    s.skip_card = -1
    s.tc_among = 0
    s.tc_after = 0
    s.steal_seat = -1
    memset(s.hn, 0, sizeof(s.hn))
    memset(s.kn, 0, sizeof(s.kn))
    memset(s.discard, 0, sizeof(s.discard))
    s.npeeks = 0
    s.npotions = 0
    for p in range(n):
        for k in range(HAND):
            _insert(s.hands[p], &s.hn[p], deck[p * HAND + k])
    s.dhead = 0
    s.dlen = tab.ndeck - n * HAND
    for k in range(s.dlen):
        s.deck[k] = deck[n * HAND + k]
        s.owner[k] = -1
    s.nfield = 0
    s.stamp += 1


cdef void _grid(const S* s, const Tab* tab, uint8_t* g) noexcept nogil:
    """The field as one byte per cell id: 0 empty, a tunnel card's code, the start, a face-up target
    (a decision's scratch, built from the state's list of tiles)."""
    cdef int k
    memset(g, 0, tab.ncells)
    g[tab.start_id] = C_START
    for k in range(3):
        if s.opened >> k & 1:
            g[tab.target_ids[k]] = C_TARGET
    for k in range(s.nfield):
        g[s.tile_cell[k]] = s.tile_code[k]


cdef void _play(S* s, const Tab* tab, Front* f, int32_t a) noexcept nogil:
    cdef int32_t code = tab.decode[a]
    cdef int kind = code >> 24, card = code >> 16 & 0xFF, low = code & 0x7FFF, seat = s.turn
    cdef int rot = code >> 15 & 1, declined = 0, other, v, k
    cdef uint8_t r
    cdef uint8_t local[MAXC]
    cdef uint8_t* g = local
    cdef bint fresh = f.ok and f.stamp == s.stamp
    cdef int known = -1
    if kind == A_PLACE or kind == A_OPEN:
        if fresh:
            g = f.grid  # the remembered field, kept up to date below while it stays remembered
        else:
            _grid(s, tab, local)
    if kind == A_PLACE:  # GVG-PLACE-1, then what the route reaches opens (GVG-TARGET-1)
        if tab.may_open:
            declined = f.r.reached if fresh else _reached(s, g, tab)
        _card_leaves(s, tab, card)
        v = 1 + 2 * card + rot
        g[low] = v
        k = s.nfield
        while k > 0 and s.tile_cell[k - 1] > low:
            s.tile_cell[k] = s.tile_cell[k - 1]
            s.tile_code[k] = s.tile_code[k - 1]
            k -= 1
        s.tile_cell[k] = low
        s.tile_code[k] = v
        s.nfield += 1
        s.stamp += 1
        if fresh and _extend(s, g, tab, f, low):
            f.stamp = s.stamp
            known = f.r.reached
        if tab.kind[card] == K_MUG:  # GVG-CARD-4
            s.skip_card = card
        _resolve(s, g, tab, declined, low, known)
    elif kind == A_MAP:  # GVG-CARD-1, GVG-CARD-5
        _card_leaves(s, tab, tab.card_map)
        s.peeks[s.npeeks] = seat << 2 | low
        s.npeeks += 1
        s.discard[tab.card_map] += 1
        _finish(s, tab)
    elif kind == A_EXPL:  # GVG-CARD-2, GVG-CARD-5
        _card_leaves(s, tab, tab.card_expl)
        for k in range(s.nfield):
            if s.tile_cell[k] == low:
                break
        v = s.tile_code[k]
        memmove(s.tile_cell + k, s.tile_cell + k + 1, (s.nfield - k - 1) * sizeof(uint16_t))
        memmove(s.tile_code + k, s.tile_code + k + 1, s.nfield - k - 1)
        s.nfield -= 1
        s.stamp += 1
        s.discard[tab.card_expl] += 1
        s.discard[(v - 1) >> 1] += 1
        _finish(s, tab)
    elif kind == A_POTION:  # GVG-CARD-3, GVG-CARD-5
        _card_leaves(s, tab, tab.card_potion)
        other = (seat + low) % tab.players
        r = s.roles[seat]
        s.roles[seat] = s.roles[other]
        s.roles[other] = r
        s.potions[s.npotions] = seat << 4 | other
        s.npotions += 1
        s.discard[tab.card_potion] += 1
        _finish(s, tab)
    elif kind == A_SWAP:  # GVG-TURN-2: under the deck (its owner knows it), the top card drawn
        _remove(s.hands[seat], &s.hn[seat], card)
        _forget_each(s, tab, seat)
        k = (s.dhead + s.dlen) & (RING - 1)
        s.deck[k] = card
        s.owner[k] = seat
        s.dlen += 1
        _draw(s, tab, seat)
        s.swaps_used[seat] += 1
        s.passes = 0
        _finish(s, tab)
    elif kind == A_PASS:  # GVG-TURN-3: the hand is shown; GVG-END-1: passes are counted
        for k in range(tab.players):
            if k != seat:
                s.kn[k][seat] = s.hn[seat]
                memcpy(s.known[k][seat], s.hands[seat], HAND)
        s.passes += 1
        _finish(s, tab)
    elif kind == A_SKIP:  # GVG-CARD-4
        s.skip_card = -1
        s.skips[(seat + low) % tab.players] += 1
        _finish(s, tab)
    elif kind == A_OPEN:  # GVG-TARGET-3
        s.tc_among = 0
        s.tc_after = 0
        _open_target(s, g, tab, low, 0, -1)
    elif kind == A_DECLINE:  # GVG-TARGET-3, second_target="may_open"
        s.tc_among = 0
        s.tc_after = 0
        if not _stacked(s):
            _finish(s, tab)
    elif kind == A_STEAL:  # GVG-ADV-3
        other = (s.steal_seat + low) % tab.players
        s.steal_seat = -1
        _score_round(s, tab, other)


# --- the game object ---------------------------------------------------------------------------

cdef inline bint _listed(const int32_t* items, int n, int32_t action) noexcept nogil:
    cdef int k
    for k in range(n):
        if items[k] == action:
            return True
    return False


# --- native observations (issue 30): the fields of the View, as the adapters encode them -----

_OBS_CONSTANT = ("seat", "players", "options")
"""The View's fields equal in every state of a seat: encoded once, in Python (the template)."""

cdef enum:
    # the dynamic fields, in the order of _OBS_NAMES (their offsets in the plan)
    O_CURRENT = 0
    O_PHASE = 1
    O_PENDING = 2
    O_SCORES = 3
    O_WINNERS = 4
    O_ROUND = 5
    O_STARTER = 6
    O_TURN = 7
    O_ROLE = 8
    O_KNOWN_ROLES = 9
    O_SHOWN_ROLES = 10
    O_BOXED = 11
    O_HAND = 12
    O_HAND_SIZES = 13
    O_KNOWN_CARDS = 14
    O_DECK = 15
    O_PLACED = 16
    O_FIELD = 17
    O_DISCARD = 18
    O_TARGETS = 19
    O_PEEKS = 20
    O_POTIONS = 21
    O_SKIPS = 22
    O_PASSES = 23
    O_SWAPS = 24
    O_FIRST_OUT = 25
    O_LAST_ROLES = 26
    O_LAST_RESULT = 27
    OBS_ROLES = 64     # role designs a table may have, at most
    OBS_TARGETS = 8    # target identities, at most
    OBS_RESULTS = 8


_OBS_NAMES = ("current_player", "phase", "pending", "scores", "winners", "round", "round_starter", "turn",
              "role", "known_roles", "shown_roles", "boxed_count", "hand", "hand_sizes", "known_cards",
              "deck_size", "deck_placed", "field", "discard", "targets", "peeks", "potions", "skips", "passes",
              "swaps_used", "first_out", "last_roles", "last_result")


def _layout_of(node):
    """The offsets of a record node's fields, by name (from the record's start)."""
    where, offset = {}, 0
    for name, sub in zip(node.names, node.nodes):
        where[name] = offset
        offset += sub.size
    return where


cdef class _GvgObservation(ObservationPlan):
    """The plan, with the table's names as the encoder numbers them: each card design's, role's,
    target's and cell's slot in its field's vocabulary (the component set's, a user's included, as
    hints.py derives them), read from the encoder's own nodes, and the inner offsets of the
    records."""
    cdef int16_t skip_card[MAXD]       # pending.card (a SkipNaming's)
    cdef int16_t hand_card[MAXD]
    cdef int16_t known_card[MAXD]
    cdef int16_t placed_card[MAXD]
    cdef int16_t field_card[MAXD]
    cdef int16_t discard_card[MAXD]
    cdef int16_t role_slot[OBS_ROLES]
    cdef int16_t known_role[OBS_ROLES]
    cdef int16_t shown_role[OBS_ROLES]
    cdef int16_t last_role[OBS_ROLES]
    cdef int16_t target_slot[3][OBS_TARGETS]
    cdef int16_t result_slot[OBS_RESULTS]  # -1: "" (no result: None)
    cdef int16_t among_slot[3]
    cdef int16_t peek_slot[3]
    cdef float cell_number[MAXC]
    cdef int tag_skip, tag_target, tag_steal, p_seat, p_card, p_after, p_among, among_size
    cdef int role_size, known_roles_size, shown_size, hand_size, known_size, placed_size, placed_card_off
    cdef int field_size, field_card_off, field_rot_off, discard_size, discard_cap, peek_size
    cdef int target_off[3]
    cdef int target_size[3]
    cdef int known_roles_cap, known_cap, placed_cap, field_cap, peeks_cap, potions_cap

    def __init__(self, GvgTable table):
        ObservationPlan.__init__(self, table, _OBS_CONSTANT, tuple([(name, None) for name in _OBS_NAMES]))
        root = self.encoder._root
        fields = dict(zip(root.names, root.nodes))
        names = table.names
        roles = table.role_names
        if len(names) > MAXD or len(roles) > OBS_ROLES or len(TARGETS) > OBS_TARGETS or len(_RESULTS) > OBS_RESULTS:
            raise UnsupportedError("the table's components are larger than the native observation's arrays")
        pending = fields["pending"].inner
        where = {}
        offset = 1 + len(pending.kinds)
        slots = dict(zip(pending.labels, pending.nodes))
        for label, node in zip(pending.labels, pending.nodes):
            where[label] = offset
            offset += node.size
        if set(where) != {"seat", "card", "after_dynamite", "among"}:
            raise UnsupportedError("the native observation does not know this pending field's layout")
        order = [kind.__name__ for kind in pending.kinds]
        self.tag_skip, self.tag_target, self.tag_steal = (order.index("SkipNaming"), order.index("TargetChoice"),
                                                          order.index("StealChoice"))
        self.p_seat, self.p_card, self.p_after, self.p_among = (where["seat"], where["card"],
                                                                where["after_dynamite"], where["among"])
        self.among_size = slots["among"].inner.size
        for k in range(3):
            self.among_slot[k] = _hot(slots["among"].inner, SLOTS[k])
            self.peek_slot[k] = _hot(fields["peeks"].inner.nodes[1], SLOTS[k])
        known_roles = fields["known_roles"]
        shown = fields["shown_roles"].inner
        last = fields["last_roles"]
        for k, role in enumerate(roles):
            self.role_slot[k] = _hot(fields["role"].inner, role)
            self.known_role[k] = _hot(known_roles.inner.nodes[1], role)
            self.shown_role[k] = _hot(shown.inner, role)
            self.last_role[k] = _hot(last.inner, role)
        self.role_size = fields["role"].size
        self.known_roles_size = known_roles.inner.size
        self.known_roles_cap = known_roles.capacity
        self.shown_size = shown.inner.size
        hand = fields["hand"].inner
        known = fields["known_cards"]
        placed = fields["deck_placed"]
        field = fields["field"]
        discard = fields["discard"]
        placed_at = _layout_of(placed.inner)
        field_at = _layout_of(field.inner)
        for k, name in enumerate(names):
            self.skip_card[k] = _hot(slots["card"], name)
            self.hand_card[k] = _hot(hand.inner, name)
            self.known_card[k] = _hot(known.inner.nodes[1], name)
            self.placed_card[k] = _hot(placed.inner.nodes[2].inner, name)
            self.field_card[k] = _hot(field.inner.nodes[1], name)
            self.discard_card[k] = _hot(discard.inner, name)
        self.hand_size = hand.inner.size
        self.known_size = known.inner.size
        self.known_cap = known.capacity
        self.placed_size = placed.inner.size
        self.placed_cap = placed.capacity
        self.placed_card_off = placed_at["card"]
        self.field_size = field.inner.size
        self.field_cap = field.capacity
        self.field_card_off = field_at["card"]
        self.field_rot_off = field_at["rotated"]
        self.discard_size = discard.inner.size
        self.discard_cap = discard.capacity
        self.peek_size = fields["peeks"].inner.size
        self.peeks_cap = fields["peeks"].capacity
        self.potions_cap = fields["potions"].capacity
        for c in range(table.tab.ncells):
            self.cell_number[c] = _number(field.inner.nodes[0], cell_of(table.tab.cell_x[c], table.tab.cell_y[c]))
        targets = fields["targets"]
        offset = 0
        for k, (name, node) in enumerate(zip(targets.names, targets.nodes)):
            self.target_off[k] = offset
            self.target_size[k] = node.size
            for i, target in enumerate(TARGETS):
                self.target_slot[k][i] = _hot(node.nodes[0].inner, target)
            offset += node.size
        for k, result in enumerate(_RESULTS):
            self.result_slot[k] = _hot(fields["last_result"].inner, result) if result else -1


cdef void _observe(const S* s, const Tab* t, _GvgObservation plan, float* out, int seat,
                   int to_move) noexcept:
    """Writes the dynamic fields of ``observe(state, seat)`` (-1: the spectator) into ``out``, whose
    dynamic fields are zero (GVG-VIEW-1: only the viewer's hand and role; GVG-VIEW-2: the roles a
    Potion told it; GVG-VIEW-3: a target it peeked; GVG-VIEW-4: the cards it put under the deck)."""
    cdef const int* off = plan.offset
    cdef int n = t.players, p, k, i, j, a, b, v, cnt, dealt
    cdef int8_t roles[MAXP]
    cdef int8_t known[MAXP]            # per seat: the role index ``seat`` knows it holds, or -1
    cdef int8_t moved[MAXP]
    cdef float* f
    cdef bint shown = s.over or s.steal_seat >= 0
    if not s.over:
        out[off[O_CURRENT]] = 1
        out[off[O_CURRENT] + 1] = to_move
    out[off[O_PHASE] + (1 if s.over else 0)] = 1
    f = out + off[O_PENDING]
    if s.steal_seat >= 0:  # the top frame: the steal, else the target choice, else the naming
        f[0] = 1
        f[1 + plan.tag_steal] = 1
        f[plan.p_seat] = s.steal_seat
    elif s.tc_among:
        f[0] = 1
        f[1 + plan.tag_target] = 1
        f[plan.p_seat] = s.turn
        f[plan.p_after] = s.tc_after
        j = 0
        for k in range(3):
            if s.tc_among >> k & 1:
                f[plan.p_among + 1 + j * plan.among_size + plan.among_slot[k]] = 1
                j += 1
        f[plan.p_among] = j
    elif s.skip_card >= 0:
        f[0] = 1
        f[1 + plan.tag_skip] = 1
        f[plan.p_seat] = s.turn
        f[plan.p_card + plan.skip_card[s.skip_card]] = 1
    out[off[O_SCORES]] = n
    k = 0
    for p in range(n):
        out[off[O_SCORES] + 1 + p] = s.points[p]
        if s.over and s.winners >> p & 1:
            out[off[O_WINNERS] + 1 + k] = p
            k += 1
    out[off[O_WINNERS]] = k
    out[off[O_ROUND]] = s.round
    out[off[O_STARTER]] = s.round_starter
    out[off[O_TURN]] = s.turn
    if seat >= 0:
        out[off[O_ROLE]] = 1
        out[off[O_ROLE] + 1 + plan.role_slot[s.roles[seat]]] = 1
        # view.known_roles: replay the round's swaps from the roles as dealt (GVG-VIEW-2)
        for p in range(n):
            roles[p] = s.roles[p]
            known[p] = -1
        for k in range(s.npotions - 1, -1, -1):
            a = s.potions[k] >> 4
            b = s.potions[k] & 15
            roles[a], roles[b] = roles[b], roles[a]
        for k in range(s.npotions):
            a = s.potions[k] >> 4
            b = s.potions[k] & 15
            for p in range(n):
                moved[p] = known[b if p == a else a if p == b else p]
            for p in range(n):
                known[p] = moved[p]
            if seat == a:
                known[b] = roles[a]
            elif seat == b:
                known[a] = roles[b]
            known[seat] = -1
            roles[a], roles[b] = roles[b], roles[a]
        f = out + off[O_KNOWN_ROLES]
        j = 0
        for p in range(n):
            if known[p] >= 0:
                if j < plan.known_roles_cap:
                    f[1 + j * plan.known_roles_size] = p
                    f[1 + j * plan.known_roles_size + 1 + plan.known_role[known[p]]] = 1
                j += 1
        f[0] = j
        out[off[O_HAND]] = 1
        out[off[O_HAND] + 1] = s.hn[seat]
        for k in range(s.hn[seat]):
            out[off[O_HAND] + 2 + k * plan.hand_size + plan.hand_card[s.hands[seat][k]]] = 1
        f = out + off[O_KNOWN_CARDS]
        j = 0
        for p in range(n):
            for k in range(s.kn[seat][p]):
                if j < plan.known_cap:
                    f[1 + j * plan.known_size] = p
                    f[1 + j * plan.known_size + 1 + plan.known_card[s.known[seat][p][k]]] = 1
                j += 1
        f[0] = j
    if shown:
        out[off[O_SHOWN_ROLES]] = 1
        out[off[O_SHOWN_ROLES] + 1] = n
        for p in range(n):
            out[off[O_SHOWN_ROLES] + 2 + p * plan.shown_size + plan.shown_role[s.roles[p]]] = 1
    dealt = 0
    for k in range(NROLES):
        for p in range(n):
            if s.roles[p] == k:
                dealt += 1
                break
    out[off[O_BOXED]] = NROLES - dealt
    out[off[O_HAND_SIZES]] = n
    for p in range(n):
        out[off[O_HAND_SIZES] + 1 + p] = s.hn[p]
    out[off[O_DECK]] = s.dlen
    f = out + off[O_PLACED]
    j = 0
    for k in range(s.dlen):
        i = (s.dhead + k) & (RING - 1)
        if s.owner[i] >= 0:
            if j < plan.placed_cap:
                f[1 + j * plan.placed_size] = k
                f[1 + j * plan.placed_size + 1] = s.owner[i]
                if s.owner[i] == seat:
                    f[1 + j * plan.placed_size + plan.placed_card_off] = 1
                    f[1 + j * plan.placed_size + plan.placed_card_off + 1 + plan.placed_card[s.deck[i]]] = 1
            j += 1
    f[0] = j
    f = out + off[O_FIELD]
    f[0] = s.nfield
    for k in range(s.nfield if s.nfield < plan.field_cap else plan.field_cap):
        v = s.tile_code[k]
        f[1 + k * plan.field_size] = plan.cell_number[s.tile_cell[k]]
        f[1 + k * plan.field_size + plan.field_card_off + plan.field_card[(v - 1) >> 1]] = 1
        f[1 + k * plan.field_size + plan.field_rot_off] = (v - 1) & 1
    f = out + off[O_DISCARD]
    j = 0
    for k in range(t.ndesigns):
        for cnt in range(s.discard[k]):
            if j < plan.discard_cap:
                f[1 + j * plan.discard_size + plan.discard_card[k]] = 1
            j += 1
    f[0] = j
    f = out + off[O_TARGETS]
    for k in range(3):
        f[plan.target_off[k] + plan.target_size[k] - 1] = s.opened >> k & 1
        v = s.opened >> k & 1
        if not v and seat >= 0:
            for i in range(s.npeeks):
                if s.peeks[i] >> 2 == seat and (s.peeks[i] & 3) == k:
                    v = 1
        if v:
            f[plan.target_off[k]] = 1
            f[plan.target_off[k] + 1 + plan.target_slot[k][s.targets[k]]] = 1
    f = out + off[O_PEEKS]
    f[0] = s.npeeks
    for k in range(s.npeeks if s.npeeks < plan.peeks_cap else plan.peeks_cap):
        f[1 + k * plan.peek_size] = s.peeks[k] >> 2
        f[1 + k * plan.peek_size + 1 + plan.peek_slot[s.peeks[k] & 3]] = 1
    f = out + off[O_POTIONS]
    f[0] = s.npotions
    for k in range(s.npotions if s.npotions < plan.potions_cap else plan.potions_cap):
        f[1 + 2 * k] = s.potions[k] >> 4
        f[2 + 2 * k] = s.potions[k] & 15
    out[off[O_SKIPS]] = n
    out[off[O_SWAPS]] = n
    for p in range(n):
        out[off[O_SKIPS] + 1 + p] = s.skips[p]
        out[off[O_SWAPS] + 1 + p] = s.swaps_used[p]
    out[off[O_PASSES]] = s.passes
    if s.first_out >= 0:
        out[off[O_FIRST_OUT]] = 1
        out[off[O_FIRST_OUT] + 1] = s.first_out
    if s.last_result:
        out[off[O_LAST_ROLES]] = n
        for p in range(n):
            out[off[O_LAST_ROLES] + 1 + p * (plan.shown_size) + plan.last_role[s.last_roles[p]]] = 1
    if plan.result_slot[s.last_result] >= 0:
        out[off[O_LAST_RESULT]] = 1
        out[off[O_LAST_RESULT] + 1 + plan.result_slot[s.last_result]] = 1


cdef class GoblinsVsGnomes(NativeGame):
    """A Goblins vs Gnomes match in native code."""

    cdef S s
    cdef const Tab* tab
    cdef int32_t* memo  # the last legal indices (allocated by the first is_legal_index), or NULL
    cdef int nmemo      # how many, -1 when the state changed since
    cdef Front* front   # the route and frontier remembered (allocated on first use), or NULL

    def __cinit__(self):
        self.memo = NULL
        self.nmemo = -1
        self.front = NULL

    def __dealloc__(self):
        free(self.memo)
        free(self.front)

    cdef Front* _front(self) noexcept nogil:
        if self.front == NULL:
            self.front = <Front*>malloc(sizeof(Front))
            if self.front != NULL:
                self.front.ok = False
        return self.front

    cdef int legal_into(self, int32_t* out) noexcept nogil:
        cdef Front local
        cdef Front* f = self._front()
        if f == NULL:
            local.ok = False
            f = &local
        cdef int n = _legal_all(&self.s, self.tab, f, out)
        if self.memo != NULL:
            memcpy(self.memo, out, n * sizeof(int32_t))
            self.nmemo = n
        return n

    cdef bint is_legal_index(self, int32_t action) noexcept nogil:
        """Whether ``action`` is legal: a search of the legal indices listed last (a caller lists
        them, then applies one), listed again when the state changed since."""
        cdef int32_t buf[MAX_ACTIONS]
        cdef int lo = 0, hi, mid
        if self.memo == NULL:
            self.memo = <int32_t*>malloc(MAX_ACTIONS * sizeof(int32_t))
            if self.memo == NULL:
                return _listed(buf, self.legal_into(buf), action)
        if self.nmemo < 0:
            self.legal_into(buf)
        hi = self.nmemo
        while lo < hi:
            mid = (lo + hi) >> 1
            if self.memo[mid] < action:
                lo = mid + 1
            else:
                hi = mid
        return lo < self.nmemo and self.memo[lo] == action

    def legal_actions(self):
        """The legal actions as indices into ``game.all_actions(players, options)``, ascending
        (empty once the game is over)."""
        cdef int32_t buf[MAX_ACTIONS]
        cdef int n = self.legal_into(buf), k
        cdef tuple ints = _INTS  # the table made sure it holds every index of its action space
        cdef list out = PyList_New(n)
        cdef object item
        for k in range(n):
            item = <object>PyTuple_GET_ITEM(ints, buf[k])
            Py_INCREF(item)
            PyList_SET_ITEM(out, k, item)
        return out

    cdef void play(self, int32_t action) noexcept nogil:
        cdef Front local
        cdef Front* f = self._front()
        if f == NULL:
            local.ok = False
            f = &local
        self.nmemo = -1
        _play(&self.s, self.tab, f, action)

    cdef bint load(self, NativeGame source) noexcept nogil:
        self.s = (<GoblinsVsGnomes>source).s
        self.nmemo = -1
        if self.front != NULL:  # remembered for another game's field
            self.front.ok = False
        return True

    cdef bint redeal(self, int me, uint64_t seed) noexcept nogil:
        """GVG-VIEW-1 to GVG-VIEW-4, as hidden.sample_hidden. Cards: what any seat knows of a hand
        stays in it (per seat and design the most any seat knows); the rest of the other hands and
        the deck cards ``me`` does not own, sorted by name (design order), are shuffled and dealt
        back, hands first (sorted), then the deck's places in order. Roles, unless the round's are
        shown: the seats whose role ``me`` has not learned (its Potion swaps replayed) get roles
        drawn from those it cannot place, by race as many Goblins as were dealt to them: the free
        Goblin roles and the free Gnome roles (by name) shuffled apart, the first of each shuffled
        together, dealt in seat order. Targets: those ``me`` has neither opened nor peeked at,
        shuffled among their slots."""
        cdef S* s = &self.s
        cdef const Tab* tab = self.tab
        cdef int n = tab.players
        cdef uint8_t fixed[MAXP][MAXD]
        cdef uint8_t count[MAXD]
        cdef uint8_t have[MAXD]
        cdef int ncards[MAXD]
        cdef uint8_t pool[RING + MAXP * HAND]
        cdef uint8_t hand[HAND]
        cdef int npool = 0, it = 0, p, q, v, k, d, j, size, kept, i
        cdef uint32_t known = 0, a, b, ba, bb
        cdef uint32_t placed = 0
        cdef int goblins = 0, nunknown = 0, nfg = 0, nfn = 0, ncards_roles = 0, r
        cdef uint8_t free_goblins[NROLES]
        cdef uint8_t free_gnomes[NROLES]
        cdef uint8_t cards[NROLES]
        cdef uint8_t free_slots[3]
        cdef uint8_t idents[3]
        cdef int nfree = 0
        cdef bint peeked
        cdef uint64_t rng = seed
        self.nmemo = -1
        memset(fixed, 0, sizeof(fixed))
        for v in range(n):  # fixed[q][d]: the most copies of d in q's hand any seat knows of
            for q in range(n):
                memset(count, 0, sizeof(count))
                for k in range(s.kn[v][q]):
                    count[s.known[v][q][k]] += 1
                for d in range(tab.ndesigns):
                    if count[d] > fixed[q][d]:
                        fixed[q][d] = count[d]
        memset(ncards, 0, sizeof(ncards))
        for q in range(n):
            if q == me:
                continue
            memset(have, 0, sizeof(have))
            for k in range(s.hn[q]):
                have[s.hands[q][k]] += 1
            for d in range(tab.ndesigns):
                if have[d] > fixed[q][d]:
                    ncards[d] += have[d] - fixed[q][d]
        for k in range(s.dlen):
            j = (s.dhead + k) & (RING - 1)
            if s.owner[j] != me:
                ncards[s.deck[j]] += 1
        for d in range(tab.ndesigns):  # sorted by name: the designs are in name order
            for k in range(ncards[d]):
                pool[npool] = <uint8_t>d
                npool += 1
        sm_shuffle_u8(&rng, pool, npool)
        for q in range(n):
            if q == me:
                continue
            size = 0
            kept = 0
            for d in range(tab.ndesigns):
                kept += fixed[q][d]
            for d in range(tab.ndesigns):
                for k in range(fixed[q][d]):
                    hand[size] = <uint8_t>d
                    size += 1
            for k in range(s.hn[q] - kept):
                hand[size] = pool[it]
                it += 1
                size += 1
            for k in range(1, size):  # sorted by name (design order), by insertion
                d = hand[k]
                j = k
                while j > 0 and hand[j - 1] > d:
                    hand[j] = hand[j - 1]
                    j -= 1
                hand[j] = <uint8_t>d
            for k in range(size):
                s.hands[q][k] = hand[k]
        for k in range(s.dlen):
            j = (s.dhead + k) & (RING - 1)
            if s.owner[j] != me:
                s.deck[j] = pool[it]
                it += 1
        if not s.over and s.steal_seat < 0:  # view.round_over: the roles are shown then
            for k in range(s.npotions):  # view.known_roles' seats: each swap relabels and teaches
                a = s.potions[k] >> 4
                b = s.potions[k] & 15
                ba = known >> a & 1
                bb = known >> b & 1
                known &= ~((<uint32_t>1 << a) | (<uint32_t>1 << b))
                known |= (ba << b) | (bb << a)
                if me == a:
                    known |= <uint32_t>1 << b
                elif me == b:
                    known |= <uint32_t>1 << a
                known &= ~(<uint32_t>1 << me)
            known |= <uint32_t>1 << me
            for q in range(n):
                if known >> q & 1:
                    placed |= <uint32_t>1 << s.roles[q]
                else:
                    nunknown += 1
                    goblins += tab.goblin[s.roles[q]]
            for k in range(NROLES):
                r = tab.roles_by_name[k]
                if placed >> r & 1:
                    continue
                if tab.goblin[r]:
                    free_goblins[nfg] = <uint8_t>r
                    nfg += 1
                else:
                    free_gnomes[nfn] = <uint8_t>r
                    nfn += 1
            sm_shuffle_u8(&rng, free_goblins, nfg)
            sm_shuffle_u8(&rng, free_gnomes, nfn)
            for k in range(min(goblins, nfg)):
                cards[ncards_roles] = free_goblins[k]
                ncards_roles += 1
            for k in range(min(max(nunknown - goblins, 0), nfn)):
                cards[ncards_roles] = free_gnomes[k]
                ncards_roles += 1
            sm_shuffle_u8(&rng, cards, ncards_roles)
            i = 0
            for q in range(n):
                if not known >> q & 1 and i < ncards_roles:
                    s.roles[q] = cards[i]
                    i += 1
        for k in range(3):
            if s.opened >> k & 1:
                continue
            peeked = False
            for j in range(s.npeeks):
                if s.peeks[j] >> 2 == me and s.peeks[j] & 3 == k:
                    peeked = True
            if not peeked:
                free_slots[nfree] = <uint8_t>k
                idents[nfree] = s.targets[k]
                nfree += 1
        sm_shuffle_u8(&rng, idents, nfree)
        for k in range(nfree):
            s.targets[free_slots[k]] = idents[k]
        s.rng = rng
        return True

    cdef int to_move(self) noexcept nogil:
        """rules.current_player: the top frame's seat, else the turn owner."""
        if self.s.over:
            return -1
        if self.s.steal_seat >= 0:
            return self.s.steal_seat
        return self.s.turn

    cdef void scores_into(self, int32_t* out) noexcept nogil:
        cdef int k
        for k in range(self.tab.players):
            out[k] = self.s.points[k]

    cdef uint32_t winners_mask(self) noexcept nogil:
        return self.s.winners if self.s.over else 0

    cdef int end_code(self) noexcept nogil:
        cdef int k
        if not self.s.over:
            return -1
        for k in range(self.tab.players):
            if self.s.points[k] >= WIN:
                return 0
        return 1

    cdef void deal(self, uint64_t seed) noexcept nogil:
        cdef int k
        self.nmemo = -1
        if self.front != NULL:
            self.front.ok = False
        memset(&self.s, 0, sizeof(S))
        self.s.rng = seed
        for k in range(self.tab.players):
            self.s.points[k] = 0
        _deal_round(&self.s, self.tab, 1, 0)

    cdef NativeGame copy(self):
        cdef GoblinsVsGnomes other = GoblinsVsGnomes.__new__(GoblinsVsGnomes)
        other.table = self.table
        other.tab = self.tab
        other.s = self.s
        return other

    def to_state(self):
        """The game's State, equal to the one the rule book reaches."""
        cdef const S* s = &self.s
        cdef const Tab* tab = self.tab
        cdef GvgTable table = <GvgTable>self.table
        cdef int n = tab.players, p, q, k
        names = table.names
        roles = table.role_names
        stack = []
        if s.skip_card >= 0:
            stack.append(SkipNaming(s.turn, names[s.skip_card]))
        if s.tc_among:
            stack.append(TargetChoice(s.turn, bool(s.tc_after),
                                      tuple([SLOTS[k] for k in range(3) if s.tc_among >> k & 1])))
        if s.steal_seat >= 0:
            stack.append(StealChoice(s.steal_seat))
        discard = []
        for k in range(tab.ndesigns):
            discard += [names[k]] * s.discard[k]
        dealt = {s.roles[p] for p in range(n)}
        return State(
            players=n, options=table.options, rng=Rng(s.rng), round=s.round,
            round_starter=s.round_starter, turn=s.turn, phase=_OVER if s.over else _PLAY,
            points=tuple([s.points[p] for p in range(n)]),
            roles=tuple([roles[s.roles[p]] for p in range(n)]),
            boxed=tuple(sorted([roles[k] for k in range(NROLES) if k not in dealt])),
            targets=tuple([TARGETS[s.targets[k]] for k in range(3)]),
            opened=_opened(s),
            deck=tuple([names[s.deck[(s.dhead + k) & (RING - 1)]] for k in range(s.dlen)]),
            deck_owner=tuple([s.owner[(s.dhead + k) & (RING - 1)] for k in range(s.dlen)]),
            hands=tuple([tuple([names[s.hands[p][k]] for k in range(s.hn[p])]) for p in range(n)]),
            field=_field(s, tab, table),
            discard=tuple(discard),
            peeks=tuple([(s.peeks[k] >> 2, s.peeks[k] & 3) for k in range(s.npeeks)]),
            potions=tuple([(s.potions[k] >> 4, s.potions[k] & 15) for k in range(s.npotions)]),
            known_cards=tuple([tuple([(q, names[s.known[p][q][k]]) for q in range(n)
                                      for k in range(s.kn[p][q])]) for p in range(n)]),
            skips=tuple([s.skips[p] for p in range(n)]),
            passes=s.passes,
            swaps_used=tuple([s.swaps_used[p] for p in range(n)]),
            first_out=s.first_out,
            stack=tuple(stack),
            opener=s.opener,
            last_roles=tuple([roles[s.last_roles[p]] for p in range(n)]) if s.last_result else (),
            last_result=_RESULTS[s.last_result],
            winners=tuple([p for p in range(n) if s.winners >> p & 1]) if s.over else (),
        )

    # --- native observations (issue 30) -------------------------------------------------------

    cdef object make_observation_plan(self):
        return _GvgObservation(<GvgTable>self.table)

    cdef int observation_fill(self, object plan, float* out, int seat) except -1:
        _observe(&self.s, self.tab, <_GvgObservation>plan, out, seat, self.to_move())
        return 0


cdef tuple _opened(const S* s):
    return (bool(s.opened & 1), bool(s.opened & 2), bool(s.opened & 4))


cdef tuple _field(const S* s, const Tab* tab, GvgTable table):
    """The tunnel cards on the field, row by row (ascending cell ids), as the State's Tiles."""
    cdef int cell, v, k
    cache = table.tile_cache
    out = []
    for k in range(s.nfield):
        cell = s.tile_cell[k]
        v = s.tile_code[k]
        key = cell * 256 + v
        tile = cache.get(key)
        if tile is None:
            tile = cache[key] = Tile(tab.cell_x[cell], tab.cell_y[cell], table.names[(v - 1) >> 1],
                                     bool((v - 1) & 1))
        out.append(tile)
    return tuple(out)


STATE_BYTES = sizeof(S)
"""The size of the native state in bytes (the table every state of a table shares left out)."""
_OVER = Phase.OVER
_PLAY = Phase.PLAY


cdef GoblinsVsGnomes _game(GvgTable table):
    cdef GoblinsVsGnomes game = GoblinsVsGnomes.__new__(GoblinsVsGnomes)
    game.table = table
    game.tab = &table.tab
    return game


def new(players, seed=0, options=None):
    """A native match with the deal of ``new_game(players, seed, options=options)``; the same errors."""
    cdef GvgTable table = None
    cdef uint64_t start
    cdef GoblinsVsGnomes game
    if options is None and type(players) is int:
        table = _DEFAULT.get(players)
    if table is not None:
        if type(seed) is int and 0 <= seed <= _MASK:
            start = seed
        else:
            start = check_seed(seed) & _MASK
    else:  # new_game's checks, in its order
        n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
        start = check_seed(seed) & _MASK
        table = _table(n, options_or_default(options))
        if options is None:
            _DEFAULT[n] = table
    game = _game(table)
    game.deal(start)
    return game


def from_state(state):
    """A native match in ``state``, a seeded State that :func:`.invariants.check_state` accepts."""
    check_type(state, State, f"{TITLE} State")  # a tracked state is refused here
    check_state(state)
    for value in (*state.points, *state.skips, *state.swaps_used, state.round):
        if not 0 <= value < 2**30:
            raise UnsupportedError(f"a counter of {value} is beyond the native engine's range")
    cdef GvgTable table = _table(state.players, state.options)
    cdef GoblinsVsGnomes game = _game(table)
    cdef S* s = &game.s
    cdef const Tab* tab = game.tab
    cdef int n = state.players, p, q, k, c
    names = table.names
    rank = {name: i for i, name in enumerate(names)}
    role_index = {name: i for i, name in enumerate(table.role_names)}
    kit = table.kit
    memset(s, 0, sizeof(S))
    s.rng = state.rng.state
    s.round = state.round
    s.round_starter = state.round_starter
    s.turn = state.turn
    s.over = state.phase is Phase.OVER
    for p in range(n):
        s.points[p] = state.points[p]
        s.skips[p] = state.skips[p]
        s.swaps_used[p] = state.swaps_used[p]
        s.roles[p] = role_index[state.roles[p]]
        for card in state.hands[p]:
            _insert(s.hands[p], &s.hn[p], rank[card])
        for q, card in state.known_cards[p]:
            _insert(s.known[p][q], &s.kn[p][q], rank[card])
    if state.last_roles:
        for p in range(n):
            s.last_roles[p] = role_index[state.last_roles[p]]
    s.last_result = _RESULTS.index(state.last_result)
    s.passes = state.passes
    for k in range(3):
        s.targets[k] = TARGETS.index(state.targets[k])
        if state.opened[k]:
            s.opened |= 1 << k
    s.first_out = state.first_out
    s.opener = state.opener
    for p in state.winners:
        s.winners |= 1u << p
    s.skip_card = -1
    s.steal_seat = -1
    for frame in state.stack:
        if type(frame) is SkipNaming:
            s.skip_card = rank[frame.card]
        elif type(frame) is TargetChoice:
            s.tc_after = frame.after_dynamite
            for slot in frame.among:
                s.tc_among |= 1 << SLOTS.index(slot)
        else:
            s.steal_seat = frame.seat
    s.dhead = 0
    s.dlen = len(state.deck)
    for k, card in enumerate(state.deck):
        s.deck[k] = rank[card]
        s.owner[k] = state.deck_owner[k]
    for card in state.discard:
        s.discard[rank[card]] += 1
    s.npeeks = len(state.peeks)
    for k, (p, q) in enumerate(state.peeks):
        s.peeks[k] = p << 2 | q
    s.npotions = len(state.potions)
    for k, (p, q) in enumerate(state.potions):
        s.potions[k] = p << 4 | q
    s.nfield = len(state.field)
    for k, tile in enumerate(state.field):  # row by row: ascending cell ids
        s.tile_cell[k] = kit.cell_id[(tile.x, tile.y)]
        s.tile_code[k] = 1 + 2 * rank[tile.card] + (1 if tile.rotated else 0)
    return game


def refusal(state, action):
    """The rule book's reason and clause for refusing ``action`` in ``state`` (None if legal)."""
    return _fast._check(state, action)


import sys as _sys

_MODULE = _sys.modules[__name__]
