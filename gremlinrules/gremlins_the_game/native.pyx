# cython: language_level=3
"""Gremlins: The Game in native code: the engine's state and rules (see ``docs/engine.rst``).

The state is one C struct of small integers (:c:type:`S`, 720 bytes): each gremlin token's space
(its face, and whether it came from the pool, as bit sets over the tokens), the board's gremlins
and the event and weapon tokens also as bit sets over the map's grid cells (a token's space as a
12-bit set over the Event or Weapon spaces too), the pool, the theater's crowd and the defeated
gremlins as arrays, hands as counts per weapon kind, both decks and discard piles as arrays, and
the one pending frame (its kind, source, the space it is bound to and its remaining steps). A
table (:c:type:`Tab`, shared by every state of one player count and options) holds the map as grid
cells with a bit set per direction of step, so a move's destinations are a breadth-first search
of a few word operations a step over the rows within six of the mover's; and the component set as
arrays, each gremlin's minimal covering sets (the Defeat actions) included. A game object that
has searched 1024 times (a playouts batch's, not a short-lived clone) remembers its searches
(16384 of them in 2 MB, two cache lines each, by the mover's space and the spaces within five
steps that end a move, as the Python fast path does), which halves a move's cost in long batches;
the random policy of ``playouts`` counts a move's destinations instead of listing them.

The rules are those of :mod:`.rules` and :mod:`.flow`, step for step and clause for clause (the
clause ids name where each is), and the generator is the same SplitMix64
(``core/native/rng.pxd``), drawn in the same order (the set-up's four shuffles, a deck rebuilt
from its discards), so a native game reaches the very states the rule book reaches: the
differential tests (``tests/engine``) compare ``to_state()`` with the Python state at every
decision. Every option, component set and map the Python game plays is played; a table whose
action space passes the engine's 4096 actions (a component set with thousands of covering sets)
is refused with UnsupportedError.
"""

cimport cython
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc

cdef extern from "<stdlib.h>" nogil:
    int posix_memalign(void** memptr, size_t alignment, size_t size)
from libc.string cimport memcpy, memset

from gremlinrules.core.native.bits cimport bits_count_words, bits_lowest
from gremlinrules.core.native.game cimport MAX_ACTIONS, NativeGame, NativeTable, ObservationPlan, write_results
from gremlinrules.core.native.rng cimport GR_GAMMA, GR_M1, sm_below, sm_shuffle_u8

from gremlinrules.core.checks import check_players, check_seed, check_type, instance_or_default
from gremlinrules.core.errors import InvalidArgumentError, UnsupportedError
from gremlinrules.core.native.game import node_number as _number  # the encoder's number of a name
from gremlinrules.core.native.game import node_slot as _hot  # the encoder's slot of a name
from gremlinrules.core.native.game import run_playouts
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_the_game import rules as _rules
from gremlinrules.gremlins_the_game.actions import MAX_PLAYERS, MIN_PLAYERS, all_actions, table_components
from gremlinrules.gremlins_the_game.components import covers as _covers
from gremlinrules.gremlins_the_game.components import tables as _component_tables
from gremlinrules.gremlins_the_game.frames import (
    EscapeToTheater,
    EventDiscard,
    Fight,
    GangToTheater,
    HandLimit,
    MoveGremlin,
    Next,
    PickGremlin,
    PlaceGremlin,
)
from gremlinrules.gremlins_the_game.geometry import table_geometry
from gremlinrules.gremlins_the_game.invariants import check_state
from gremlinrules.gremlins_the_game.state import Options, Outcome, Phase, Placed, State

__all__ = ["GAME_ID", "STATE_BYTES", "GremlinsTheGame", "from_state", "new", "refusal", "run_playouts"]

GAME_ID = "gremlins-the-game"
_TITLE = "Gremlins: The Game"

cdef enum:
    MAXP = 4           # GTG-DATA-1: four player tokens
    NG = 36            # GTG-DATA-1: 36 gremlin tokens
    NCARD = 30         # GTG-DATA-1: 30 weapon cards, 30 event cards
    NKIND = 30         # at most one kind per card
    NTOK = 12          # GTG-DATA-1: 12 event tokens, 12 weapon tokens (one per marked space)
    MAXSPACES = 676    # a map is at most 26 x 26 (board.py)
    NW = 11            # 64-bit words of a bit set over the cells of such a grid
    MAXCELLS = 704
    MAXGS = 35         # Gremlin spaces (MAX_GREMLIN_SPACES)
    MAXTHEN = 20       # a frame's remaining steps (check_state allows 16)
    MAXEV = 9          # an event card's steps: three effects of count three at most (GTG-DATA-5)
    STEPS = 6          # GTG-MOVE-1
    KEYW = 6           # a remembered search's key: the words of the spaces within five steps
    VALW = 8           # and its answer: the words of the rows within six
    CACHE_BITS = 14    # 16384 remembered searches a game object (2 MB)
    HAND_LIMIT = 7     # GTG-WEAPON-2
    HAND_SIZE = 3      # GTG-SETUP-6
    NONE = -1
    # the phases and outcomes, in the order of Phase and Outcome
    MOVE = 0
    OVER = 1
    PLAYING = 0
    STRIPE_DEFEATED = 1
    POOL_EMPTY = 2
    TURN_LIMIT = 3
    # the frame kinds (a theater space for an escape or the start-of-turn gremlin, a discard for
    # the hand limit or an event: one kind each, told apart by the source)
    F_FIGHT = 0
    F_THEATER = 1
    F_DISCARD = 2
    F_PLACE = 3
    F_MOVE_FROM = 4
    F_MOVE_TO = 5
    # a frame's source where it is a rule: a theater space for an escape or for Stripe's new
    # gremlin, a discard for the hand limit or for an event
    SRC_ESCAPE = 0
    SRC_STRIPE = 1
    SRC_HAND_LIMIT = 0
    SRC_EVENT = 1
    # the steps, in the order of frames.Next
    ST_END = 0
    ST_HOME = 1
    ST_DRAW = 2
    ST_DISCARD = 3
    ST_ADD = 4
    ST_MOVE = 5
    ST_EVENTS = 6
    ST_WEAPONS = 7
    ST_GREMLINS = 8

cdef extern from *:
    int __builtin_ctzll(unsigned long long x) noexcept nogil  # the lowest member of a non-empty set

cdef extern from *:
    """
    /* gr_select(b, k): the position of the k-th member (from 0) of b, k below its count, without a
       loop (a loop of k steps ends where the processor cannot predict it): each byte's count by
       the word-parallel method, their running totals by one multiplication (byte i holds the
       members of bytes 0 to i, at most 64), the first byte whose total passes k by a bytewise
       comparison (the high bit of byte i is set where 0x80 + total_i - (k + 1) >= 0x80), and
       the member within that byte from a table of 256 x 8. */
    static unsigned char gr_select_in_byte[256][8];
    static void gr_fill_select(void) {
        int v, i, k;
        for (v = 0; v < 256; v++)
            for (i = 0, k = 0; i < 8; i++)
                if ((v >> i) & 1) gr_select_in_byte[v][k++] = (unsigned char)i;
    }
    static inline int gr_select(unsigned long long b, int k) {
        unsigned long long c = b - ((b >> 1) & 0x5555555555555555ULL);
        unsigned long long above;
        int byte, before;
        c = (c & 0x3333333333333333ULL) + ((c >> 2) & 0x3333333333333333ULL);
        c = ((c + (c >> 4)) & 0x0F0F0F0F0F0F0F0FULL) * 0x0101010101010101ULL;
        above = ((c | 0x8080808080808080ULL) - 0x0101010101010101ULL * (unsigned long long)(k + 1))
                & 0x8080808080808080ULL;
        byte = __builtin_ctzll(above) >> 3;
        before = (int)(((c << 8) >> (byte << 3)) & 0xFF);
        return (byte << 3) + gr_select_in_byte[(b >> (byte << 3)) & 0xFF][k - before];
    }
    """
    void gr_fill_select() noexcept nogil
    int gr_select(unsigned long long b, int k) noexcept nogil

gr_fill_select()


_PHASES = (Phase.MOVE, Phase.OVER)
_PHASE_CODE = {phase: code for code, phase in enumerate(_PHASES)}
_OUTCOMES = (Outcome.PLAYING, Outcome.STRIPE_DEFEATED, Outcome.POOL_EMPTY, Outcome.TURN_LIMIT)
_OUTCOME_CODE = {outcome: code for code, outcome in enumerate(_OUTCOMES)}
_END_REASONS = ("GTG-STRIPE-2", "GTG-STRIPE-4", "GTG-END-4")  # view.end_reason, by outcome - 1
_KIND_CODE = {Fight: F_FIGHT, EscapeToTheater: F_THEATER, GangToTheater: F_THEATER, HandLimit: F_DISCARD,
              EventDiscard: F_DISCARD, PlaceGremlin: F_PLACE, PickGremlin: F_MOVE_FROM, MoveGremlin: F_MOVE_TO}
_STEP_NAMES = tuple(Next)
_STEP_CODE = {name: code for code, name in enumerate(_STEP_NAMES)}
_FIGHT_THEN = (Next.END,)
_ESCAPE_THEN = (Next.HOME, Next.END)
_EFFECT_STEPS = {"add_gremlins": ST_ADD, "move_gremlins": ST_MOVE, "draw_weapons": ST_DRAW,
                 "discard_weapons": ST_DISCARD}
_REPLENISH_STEPS = {"event": ST_EVENTS, "weapon": ST_WEAPONS, "gremlin": ST_GREMLINS}
_MASK = (1 << 64) - 1


# A table's numbers: the map, the component set and the options.
ctypedef struct Tab:
    int players
    bint challenging              # GTG-VARIANT-1
    bint bounded                  # GTG-END-4
    bint reenter                  # GTG-SQUARE-6 reenter_square
    int64_t turn_limit
    # the map (GTG-MAP-7): spaces are cells y * width + x of the grid, in the same order
    int width
    int ncells
    int nspaces
    int nwords
    int16_t space_cell[MAXSPACES]
    int16_t space_row[MAXSPACES]
    int16_t cell_space[MAXCELLS]
    uint64_t east[NW]             # cells with a step to the cell on their right (cell + 1)
    uint64_t west[NW]
    uint64_t north[NW]            # ... to the cell above (cell + width)
    uint64_t south[NW]
    uint64_t every[NW]
    uint64_t square[NW]           # the Town Square
    uint64_t theater[NW]          # the Movie Theater spaces without words
    int16_t starts[MAXP]          # GTG-SETUP-2, by colour
    uint64_t keep[MAXP][2][NW]    # a seat's possible destinations: not the other seats' Starts
                                  # (GTG-MOVE-4), nor on a first turn ([1]) the square (GTG-SQUARE-4)
    int16_t ev_space[NTOK]
    int16_t wp_space[NTOK]
    int8_t ev_at[MAXSPACES]       # a space's index among the Event spaces, or -1
    int8_t wp_at[MAXSPACES]
    int ngspaces
    int16_t gspace[MAXGS]         # the Gremlin spaces, in map order
    int16_t ball_lo[MAXSPACES]    # a space's cells within five steps (walls and doors only), as the
    uint8_t ball_n[MAXSPACES]     # words ball_lo ... (ball_n of them, 0 when more than KEYW)
    uint64_t ball[MAXSPACES][KEYW]
    # the component set (GTG-DATA-6)
    int stripe
    int32_t points[NG]
    int nothers
    uint8_t others[NG]            # the gremlins but Stripe, in component order
    uint8_t wdeck0[NCARD]         # the weapon deck before the shuffle, kind by kind
    uint8_t edeck0[NCARD]
    int nweapons
    uint8_t esteps[NKIND][MAXEV]  # each event card's steps (flow.event_steps), its end not counted
    uint8_t esteps_len[NKIND]
    # the action space (actions.all_actions): Moves, Defeats, LetEscape, Discards, Chooses
    int32_t a_defeat
    int32_t a_escape
    int32_t a_discard
    int32_t a_choose
    int32_t nactions
    int ncovers
    uint8_t* cover_kinds          # cover c: its weapon kinds, cover_kinds[4 * c ...], weapon order
    uint8_t* cover_len
    int32_t gcov_start[NG + 1]    # the covers of gremlin g: gcov[gcov_start[g]:gcov_start[g + 1]]
    int32_t* gcov


# A state: every field of State, compacted.
ctypedef struct S:
    uint64_t rng
    int64_t turn_number
    uint64_t up                   # bit g: gremlin g is face up on the board
    uint64_t from_pool            # bit g: face down, placed from the pool after setup
    uint64_t board[NW]            # the cells with a gremlin on them
    uint64_t marks[NW]            # the cells with an event or a weapon token
    int16_t pos[MAXP]
    int16_t gpos[NG]              # gremlin g's space, or -1 off the board
    int16_t ffrom                 # the frame's bound "from" space, or -1
    uint16_t ev_tok               # bit i: the i-th Event space holds a token
    uint16_t wp_tok
    int8_t first_player
    int8_t turn
    int8_t phase
    int8_t outcome
    uint8_t free_move             # bit p: seat p's Town Square bonus (GTG-SQUARE-3)
    int8_t fkind                  # the pending frame's kind, or NONE
    int8_t fsrc                   # its source: a gremlin (fight), SRC_* otherwise
    uint8_t fthen_len
    uint8_t fthen[MAXTHEN]
    uint8_t pool[NG]              # the pool is pool[pool_top:pool_end], top first
    uint8_t pool_top
    uint8_t pool_end
    uint8_t crowd[NG]
    uint8_t crowd_len
    uint8_t defeated[NG]          # every defeated gremlin in order, with its seat
    uint8_t defeated_by[NG]
    uint8_t defeated_len
    uint8_t hand[MAXP][NKIND]     # counts per weapon kind
    uint8_t hand_len[MAXP]
    uint8_t wdeck[NCARD]          # the weapon deck is wdeck[wtop:wend], top first
    uint8_t wtop
    uint8_t wend
    uint8_t wdisc[NCARD]          # oldest first
    uint8_t wdisc_len
    uint8_t edeck[NCARD]
    uint8_t etop
    uint8_t eend
    uint8_t edisc[NCARD]
    uint8_t edisc_len


# Searches remembered by one game object (see GremlinsTheGame.cache): a move's walk depends only on
# the mover's space, whether the Town Square is closed (a first turn) and the spaces within five
# steps that end a move (the Python fast path's key, fast_moves).
# An entry is two cache lines (the memo is aligned to them): the key and its tag in the first,
# which a lookup that misses reads alone, the answer in the second.
ctypedef struct Entry:
    uint64_t key[KEYW]            # the spaces ending a move, within five steps
    uint64_t tag                  # the mover's space + 1, with 1 << 16 on a first turn; 0: empty
    uint64_t unused
    uint64_t seen[VALW]           # the walk's answer over the rows within six

ctypedef struct Cache:
    Entry entries[1 << CACHE_BITS]


# --- the table -------------------------------------------------------------------------------

cdef class GtgTable(NativeTable):
    cdef Tab tab
    cdef readonly object geo
    cdef readonly object parts      # the component set's derived tables
    cdef readonly tuple gremlin_ids
    cdef readonly tuple weapon_names
    cdef readonly tuple event_names
    cdef readonly dict gremlin_index
    cdef readonly dict weapon_index
    cdef readonly dict event_index
    cdef readonly tuple ints        # the action indices as Python integers

    def __cinit__(self, *args, **kwargs):
        self.tab.cover_kinds = NULL
        self.tab.cover_len = NULL
        self.tab.gcov = NULL

    def __dealloc__(self):
        free(self.tab.cover_kinds)
        free(self.tab.cover_len)
        free(self.tab.gcov)


_TABLES = {}
_DEFAULT = {}  # players -> the table of the default options (new(players, seed) in a hurry)
_COVERS = {}   # a component set -> each gremlin's minimal covering sets (the global ones)


cdef inline void _bit_set(uint64_t* bits, int cell) noexcept nogil:
    bits[cell >> 6] |= (<uint64_t>1) << (cell & 63)


cdef inline bint _bit(const uint64_t* bits, int cell) noexcept nogil:
    return (bits[cell >> 6] >> (cell & 63)) & 1


cdef void _fill_map(Tab* tab, geo) except *:
    """The table's map: cells, the steps by direction, the marked spaces (GTG-MAP-3, GTG-MAP-7)."""
    m = geo.map
    cdef int w = m.width, i, c, d, cu, cv
    tab.width = w
    tab.ncells = w * m.height
    tab.nspaces = len(m.spaces)
    tab.nwords = (tab.ncells + 63) >> 6
    if tab.ncells > MAXCELLS or tab.nspaces > MAXSPACES or len(m.gremlin_spaces) > MAXGS:
        raise UnsupportedError(f"option map: {m.width} x {m.height} is larger than the engine's grid")
    for c in range(MAXCELLS):
        tab.cell_space[c] = -1
    for i in range(MAXSPACES):
        tab.ev_at[i] = -1
        tab.wp_at[i] = -1
    for i, sp in enumerate(m.spaces):
        c = sp.y * w + sp.x
        tab.space_cell[i] = c
        tab.space_row[i] = sp.y
        tab.cell_space[c] = i
        _bit_set(tab.every, c)
    for i, near in enumerate(m.graph.neighbours):
        cu = tab.space_cell[i]
        for j in near:
            cv = tab.space_cell[j]
            d = cv - cu
            if d == 1 and cu % w != w - 1:
                _bit_set(tab.east, cu)
            elif d == -1 and cu % w != 0:
                _bit_set(tab.west, cu)
            elif d == w:
                _bit_set(tab.north, cu)
            elif d == -w:
                _bit_set(tab.south, cu)
            else:  # load_map makes grids only; anything else is no map the engine knows
                raise UnsupportedError("option map: a step that is not to a side-by-side space")
    for i in m.town_square:
        _bit_set(tab.square, tab.space_cell[i])
    for i in m.theater_spaces:
        _bit_set(tab.theater, tab.space_cell[i])
    for k in range(4):
        tab.starts[k] = m.starts[k]
    for k, i in enumerate(m.event_spaces):
        tab.ev_space[k] = i
        tab.ev_at[i] = k
    for k, i in enumerate(m.weapon_spaces):
        tab.wp_space[k] = i
        tab.wp_at[i] = k
    tab.ngspaces = len(m.gremlin_spaces)
    for k, i in enumerate(m.gremlin_spaces):
        tab.gspace[k] = i
    neighbours = m.graph.neighbours
    for i in range(tab.nspaces):  # the cells within five steps of each space, walls and doors only
        near = {i}
        edge = [i]
        for _ in range(STEPS - 1):
            edge = [v for u in edge for v in neighbours[u] if v not in near]
            near.update(edge)
        cells = [tab.space_cell[v] for v in near]
        lo = min(cells) >> 6
        if (max(cells) >> 6) - lo >= KEYW:
            tab.ball_n[i] = 0
            continue
        tab.ball_lo[i] = lo
        tab.ball_n[i] = (max(cells) >> 6) - lo + 1
        for c in cells:
            tab.ball[i][(c >> 6) - lo] |= (<uint64_t>1) << (c & 63)


cdef void _fill_components(GtgTable table, comps, tuple actions) except *:
    """The table's component set (GTG-DATA-6) and its action space's Defeats (GTG-FIGHT-2)."""
    cdef Tab* tab = &table.tab
    t = _component_tables(comps)
    table.parts = t
    table.gremlin_ids = tuple(g.id for g in comps.gremlins)
    table.weapon_names = tuple(w.name for w in comps.weapons)
    table.event_names = tuple(e.name for e in comps.events)
    table.gremlin_index = {g: i for i, g in enumerate(table.gremlin_ids)}
    table.weapon_index = {w: i for i, w in enumerate(table.weapon_names)}
    table.event_index = {e: i for i, e in enumerate(table.event_names)}
    cdef int i, k, c, n
    tab.nothers = 0
    for i, g in enumerate(comps.gremlins):
        tab.points[i] = g.points
        if g.stripe:
            tab.stripe = i
        else:
            tab.others[tab.nothers] = i
            tab.nothers += 1
    for k, name in enumerate(t.weapon_deck):
        tab.wdeck0[k] = table.weapon_index[name]
    for k, name in enumerate(t.event_deck):
        tab.edeck0[k] = table.event_index[name]
    tab.nweapons = len(comps.weapons)
    for i, e in enumerate(comps.events):  # flow.event_steps (GTG-EVENT-2)
        n = 0
        for effect in e.effects:
            if effect.kind == "replenish":
                tab.esteps[i][n] = _REPLENISH_STEPS[effect.what]
                n += 1
            elif effect.kind == "return_to_start":
                tab.esteps[i][n] = ST_HOME
                n += 1
            else:
                for _ in range(effect.count):
                    tab.esteps[i][n] = _EFFECT_STEPS[effect.kind]
                    n += 1
        tab.esteps_len[i] = n
    nspaces = tab.nspaces
    tab.ncovers = len(t.covers)
    tab.a_defeat = nspaces
    tab.a_escape = nspaces + tab.ncovers
    tab.a_discard = tab.a_escape + 1
    tab.a_choose = tab.a_discard + tab.nweapons
    tab.nactions = tab.a_choose + nspaces
    if tab.nactions != len(actions):  # the layout of actions.action_space
        raise UnsupportedError("the action space is not laid out as the engine reads it")
    tab.cover_kinds = <uint8_t*>malloc(max(tab.ncovers, 1) * 4)
    tab.cover_len = <uint8_t*>malloc(max(tab.ncovers, 1))
    if tab.cover_kinds == NULL or tab.cover_len == NULL:
        raise MemoryError()
    index = {}
    for c, kinds in enumerate(t.covers):
        index[kinds] = c
        tab.cover_len[c] = len(kinds)
        for k in range(4):
            tab.cover_kinds[4 * c + k] = table.weapon_index[kinds[k]] if k < len(kinds) else 255
    per = _COVERS.get(comps)
    if per is None:
        names = tuple(w.name for w in comps.weapons)
        per = tuple(tuple(sorted(index[w] for w in _covers(t.gremlin_needs[g.id], t.weapon_symbols, names)))
                    for g in comps.gremlins)
        if len(_COVERS) >= 16:
            _COVERS.clear()
        _COVERS[comps] = per
    total = sum(len(row) for row in per)
    tab.gcov = <int32_t*>malloc(max(total, 1) * sizeof(int32_t))
    if tab.gcov == NULL:
        raise MemoryError()
    k = 0
    for i, row in enumerate(per):
        tab.gcov_start[i] = k
        for c in row:
            tab.gcov[k] = c
            k += 1
    tab.gcov_start[NG] = k


cdef GtgTable _table(int players, options):
    """The table of ``players`` and ``options`` (an Options whose set and map were validated),
    made once."""
    key = (players, options)
    cdef GtgTable t = _TABLES.get(key)
    cdef int seat, other, w
    if t is not None:
        return t
    actions = all_actions(players, options)
    if len(actions) > MAX_ACTIONS:
        raise UnsupportedError(f"option components: the action space of {len(actions)} actions is larger "
                               f"than the engine's {MAX_ACTIONS} (too many minimal covering sets)")
    comps = table_components(options)
    geo = table_geometry(options.map)
    t = GtgTable(GAME_ID, players, options, actions, _END_REASONS, _MODULE)
    t.geo = geo
    t.ints = tuple(range(len(actions)))
    memset(&t.tab, 0, sizeof(Tab))
    t.tab.players = players
    t.tab.challenging = options.challenging
    t.tab.bounded = options.bounded
    t.tab.reenter = options.reenter_square
    t.tab.turn_limit = options.turn_limit
    _fill_map(&t.tab, geo)
    for seat in range(players):
        for other in range(players):
            if other != seat:
                _bit_set(t.tab.keep[seat][0], t.tab.space_cell[t.tab.starts[other]])
        for w in range(NW):
            t.tab.keep[seat][1][w] = ~(t.tab.keep[seat][0][w] | t.tab.square[w])
            t.tab.keep[seat][0][w] = ~t.tab.keep[seat][0][w]
    _fill_components(t, comps, actions)
    if len(_TABLES) >= 64:  # a bounded cache: a long-running process may see many tables
        _TABLES.clear()
    _TABLES[key] = t
    return t


# --- the board ---------------------------------------------------------------------------------

cdef inline int _gremlin_at(const S* s, int space) noexcept nogil:
    """flow.placed_at: the gremlin on ``space``, or -1."""
    cdef int g
    for g in range(NG):
        if s.gpos[g] == space:
            return g
    return -1


cdef inline void _put(S* s, const Tab* t, int g, int space, bint up, bint from_pool) noexcept nogil:
    cdef uint64_t b = (<uint64_t>1) << g
    s.gpos[g] = space
    _bit_set(s.board, t.space_cell[space])
    if up:
        s.up |= b
    else:
        s.up &= ~b
    if from_pool:
        s.from_pool |= b
    else:
        s.from_pool &= ~b


cdef inline void _lift(S* s, const Tab* t, int g) noexcept nogil:
    cdef int c = t.space_cell[s.gpos[g]]
    s.board[c >> 6] &= ~((<uint64_t>1) << (c & 63))
    s.gpos[g] = -1
    s.up &= ~((<uint64_t>1) << g)
    s.from_pool &= ~((<uint64_t>1) << g)


cdef inline void _token(S* s, uint16_t* tokens, int i, int space, const Tab* t, bint on) noexcept nogil:
    """The i-th Event (or Weapon) space, ``space``, gets (or loses) its token: bit i of ``tokens``
    (the state's ``ev_tok`` or ``wp_tok``) and the space's cell in ``marks``."""
    cdef int c = t.space_cell[space]
    if on:
        tokens[0] |= 1 << i
        s.marks[c >> 6] |= (<uint64_t>1) << (c & 63)
    else:
        tokens[0] &= ~(1 << i)
        s.marks[c >> 6] &= ~((<uint64_t>1) << (c & 63))


cdef inline void _event_token(S* s, const Tab* t, int i, bint on) noexcept nogil:
    _token(s, &s.ev_tok, i, t.ev_space[i], t, on)


cdef inline void _weapon_token(S* s, const Tab* t, int i, bint on) noexcept nogil:
    _token(s, &s.wp_tok, i, t.wp_space[i], t, on)


cdef inline bint _occupied(const S* s, const Tab* t, int space) noexcept nogil:
    cdef int p
    for p in range(t.players):
        if s.pos[p] == space:
            return True
    return False


cdef inline bint _free_gremlin_space(const S* s, const Tab* t, int space) noexcept nogil:
    """A Gremlin space without a gremlin or a player (GTG-EVENT-2, GTG-SQUARE-2)."""
    return not _bit(s.board, t.space_cell[space]) and not _occupied(s, t, space)


cdef int _empty_gremlin_spaces(const S* s, const Tab* t, int16_t* out) noexcept nogil:
    """flow.empty_gremlin_spaces, in map order."""
    cdef int i, n = 0
    for i in range(t.ngspaces):
        if _free_gremlin_space(s, t, t.gspace[i]):
            out[n] = t.gspace[i]
            n += 1
    return n


cdef bint _any_empty_gremlin_space(const S* s, const Tab* t) noexcept nogil:
    cdef int i
    for i in range(t.ngspaces):
        if _free_gremlin_space(s, t, t.gspace[i]):
            return True
    return False


cdef int _empty_theater(const S* s, const Tab* t, int16_t* out) noexcept nogil:
    """flow.empty_theater (GTG-FIGHT-4): theater spaces without words, a gremlin or a player, in
    map order; with ``out`` NULL, 1 if there is one, else 0."""
    cdef uint64_t taken[NW]
    cdef uint64_t b
    cdef int w, p, n = 0
    for w in range(t.nwords):
        taken[w] = s.board[w]
    for p in range(t.players):
        _bit_set(taken, t.space_cell[s.pos[p]])
    for w in range(t.nwords):
        b = t.theater[w] & ~taken[w]
        if out == NULL:  # only whether there is one
            if b:
                return 1
            continue
        while b:
            out[n] = t.cell_space[(w << 6) + bits_lowest(b)]
            n += 1
            b &= b - 1
    return n


cdef bint _face_down_on_board(const S* s) noexcept nogil:
    """flow.movable_gremlins is not empty."""
    cdef int g
    for g in range(NG):
        if s.gpos[g] >= 0 and not (s.up >> g) & 1:
            return True
    return False


cdef bint _stripe_in_theater(const S* s, const Tab* t) noexcept nogil:
    """flow.stripe_in_theater (GTG-STRIPE-3): on a theater space or in its crowd."""
    cdef int k, space = s.gpos[t.stripe]
    for k in range(s.crowd_len):
        if s.crowd[k] == t.stripe:
            return True
    return space >= 0 and _bit(t.theater, t.space_cell[space])


# --- the decks ---------------------------------------------------------------------------------

cdef int _draw_or_rebuild(uint64_t* rng, uint8_t* deck, uint8_t* top, uint8_t* end, const uint8_t* discard,
                          uint8_t* discarded) noexcept nogil:
    """core.piles.draw_or_rebuild (GTG-WEAPON-3, GTG-EVENT-3): the top card of ``deck[top:end]``, an
    empty deck first rebuilt by shuffling its discard pile ``discard[:discarded]``; -1 with both
    empty."""
    cdef int k
    if top[0] == end[0]:
        if discarded[0] == 0:
            return -1
        for k in range(discarded[0]):
            deck[k] = discard[k]
        sm_shuffle_u8(rng, deck, discarded[0])
        top[0] = 0
        end[0] = discarded[0]
        discarded[0] = 0
    top[0] += 1
    return deck[top[0] - 1]


cdef void _draw_weapon(S* s, int seat) noexcept nogil:
    """flow.draw_weapon (GTG-WEAPON-1, GTG-WEAPON-3)."""
    cdef int card = _draw_or_rebuild(&s.rng, s.wdeck, &s.wtop, &s.wend, s.wdisc, &s.wdisc_len)
    if card >= 0:
        s.hand[seat][card] += 1
        s.hand_len[seat] += 1


cdef inline void _to_discard(S* s, int seat, int kind) noexcept nogil:
    s.hand[seat][kind] -= 1
    s.hand_len[seat] -= 1
    s.wdisc[s.wdisc_len] = kind
    s.wdisc_len += 1


# --- the flow (flow.py) ----------------------------------------------------------------------

cdef void _refill(S* s, const Tab* t, bint events, bint weapons, bint gremlins) noexcept nogil:
    """flow.refill (GTG-SQUARE-2, GTG-SQUARE-5): every empty space of the kinds gets a token, none
    under a player; gremlins face down from the top of the pool while it lasts."""
    cdef int16_t spaces[MAXGS]
    cdef int i, n
    if events:
        for i in range(NTOK):
            if not _occupied(s, t, t.ev_space[i]):
                _event_token(s, t, i, True)
    if weapons:
        for i in range(NTOK):
            if not _occupied(s, t, t.wp_space[i]):
                _weapon_token(s, t, i, True)
    if gremlins:
        n = _empty_gremlin_spaces(s, t, spaces)
        for i in range(n):
            if s.pool_top == s.pool_end:
                break
            _put(s, t, s.pool[s.pool_top], spaces[i], False, True)
            s.pool_top += 1


cdef inline void _push(S* s, int kind, int src, int origin, const uint8_t* then, int n) noexcept nogil:
    cdef int k
    if n > MAXTHEN:
        n = MAXTHEN
    s.fkind = kind
    s.fsrc = src
    s.ffrom = origin
    s.fthen_len = n
    for k in range(n):
        s.fthen[k] = then[k]


cdef void _over(S* s, int outcome) noexcept nogil:
    s.phase = OVER
    s.outcome = outcome
    s.fkind = NONE


cdef void _begin_turn(S* s, const Tab* t, int seat, int64_t number, bint stripe_in_theater) noexcept nogil:
    """flow.begin_turn: GTG-STRIPE-3, while Stripe is in the theater (``stripe_in_theater``, as the
    turn's end found) a turn begins with the pool's top token for an empty theater space
    (GTG-THEATER-1), or for its crowd (GTG-THEATER-3)."""
    s.turn = seat
    s.turn_number = number
    s.phase = MOVE
    if s.pool_top != s.pool_end and stripe_in_theater:
        if _empty_theater(s, t, NULL):
            _push(s, F_THEATER, SRC_STRIPE, -1, NULL, 0)
        else:
            s.crowd[s.crowd_len] = s.pool[s.pool_top]
            s.crowd_len += 1
            s.pool_top += 1


cdef inline int _next_seat(int seat, int players) noexcept nogil:
    """The seat on the left (GTG-TURN-1), without a division: the next decision's search starts from
    that seat's space, so the seat is on the path from one decision to the next."""
    return 0 if seat + 1 == players else seat + 1


cdef void _end_turn(S* s, const Tab* t) noexcept nogil:
    """flow.end_turn: GTG-STRIPE-4, then GTG-END-4 (a house rule), else the next seat (GTG-TURN-1)."""
    cdef bint stripe
    if s.phase == OVER:
        return
    stripe = _stripe_in_theater(s, t)
    if s.pool_top == s.pool_end and stripe:
        _over(s, POOL_EMPTY)
    elif t.bounded and s.turn_number + 1 >= t.turn_limit:
        _over(s, TURN_LIMIT)
    else:
        _begin_turn(s, t, _next_seat(s.turn, t.players), s.turn_number + 1, stripe)


cdef void _run(S* s, const Tab* t, int seat, const uint8_t* steps, int n) noexcept nogil:
    """flow.run: the named steps until one needs a choice (a frame is pushed with the rest) or the
    turn ends."""
    cdef uint8_t rest[MAXTHEN + 1]
    cdef int i = 0, step, k
    while i < n:
        step = steps[i]
        i += 1
        if step == ST_END:
            _end_turn(s, t)
            return
        if step == ST_HOME:  # GTG-FIGHT-5, GTG-EVENT-2 return_to_start
            s.pos[seat] = t.starts[seat]
        elif step == ST_DRAW:
            if s.hand_len[seat] >= HAND_LIMIT:  # GTG-WEAPON-2: discard one first
                rest[0] = ST_DRAW
                for k in range(i, n):
                    rest[1 + k - i] = steps[k]
                _push(s, F_DISCARD, SRC_HAND_LIMIT, -1, rest, 1 + n - i)
                return
            _draw_weapon(s, seat)
        elif step == ST_DISCARD:
            if s.hand_len[seat]:
                _push(s, F_DISCARD, SRC_EVENT, -1, steps + i, n - i)
                return
        elif step == ST_ADD:
            if s.pool_top != s.pool_end and _any_empty_gremlin_space(s, t):
                _push(s, F_PLACE, 0, -1, steps + i, n - i)
                return
        elif step == ST_MOVE:
            if _face_down_on_board(s) and _any_empty_gremlin_space(s, t):
                _push(s, F_MOVE_FROM, 0, -1, steps + i, n - i)
                return
        else:  # replenish:<kind>
            _refill(s, t, step == ST_EVENTS, step == ST_WEAPONS, step == ST_GREMLINS)


cdef void _land(S* s, const Tab* t, int seat, int space) noexcept nogil:
    """flow.land (GTG-MOVE-5): a token is taken and its activity performed (GTG-EVENT-1,
    GTG-WEAPON-1, GTG-FIGHT-1), the Town Square, entered, refills the board and grants the free
    move (GTG-SQUARE-1, GTG-SQUARE-2, GTG-SQUARE-3); then the turn ends."""
    cdef uint8_t steps[MAXEV + 1]
    cdef int k, card, e = t.ev_at[space], w = t.wp_at[space], g
    if e >= 0 and (s.ev_tok >> e) & 1:  # GTG-EVENT-1, GTG-EVENT-3
        card = _draw_or_rebuild(&s.rng, s.edeck, &s.etop, &s.eend, s.edisc, &s.edisc_len)
        _event_token(s, t, e, False)
        if card < 0:
            _end_turn(s, t)
            return
        s.edisc[s.edisc_len] = card
        s.edisc_len += 1
        for k in range(t.esteps_len[card]):
            steps[k] = t.esteps[card][k]
        steps[t.esteps_len[card]] = ST_END
        _run(s, t, seat, steps, t.esteps_len[card] + 1)
        return
    if w >= 0 and (s.wp_tok >> w) & 1:  # GTG-WEAPON-1
        _weapon_token(s, t, w, False)
        steps[0] = ST_DRAW
        steps[1] = ST_END
        _run(s, t, seat, steps, 2)
        return
    g = _gremlin_at(s, space) if _bit(s.board, t.space_cell[space]) else -1
    if g >= 0:  # GTG-FIGHT-1: face up, then fight or let it escape
        s.up |= (<uint64_t>1) << g
        s.from_pool &= ~((<uint64_t>1) << g)
        steps[0] = ST_END
        _push(s, F_FIGHT, g, -1, steps, 1)
        return
    if _bit(t.square, t.space_cell[space]):  # GTG-SQUARE-1, GTG-SQUARE-2, GTG-SQUARE-3
        _refill(s, t, True, True, True)
        s.free_move |= 1 << seat
    _end_turn(s, t)


cdef inline bint _enters_square(const Tab* t, int here) noexcept nogil:
    """flow.enters_square (GTG-SQUARE-6)."""
    return t.reenter or not _bit(t.square, t.space_cell[here])


cdef void _move(S* s, const Tab* t, int to) noexcept nogil:
    """flow.move (GTG-MOVE-1): the bonus is used (GTG-SQUARE-3); a stay resolves nothing, nor does
    a Town Square space reached from inside the square (GTG-SQUARE-6)."""
    cdef int seat = s.turn
    cdef int here = s.pos[seat]
    cdef bint within = _bit(t.square, t.space_cell[to]) and not _enters_square(t, here)
    s.pos[seat] = to
    s.free_move &= ~(1 << seat)
    if to == here or within:
        _end_turn(s, t)
    else:
        _land(s, t, seat, to)


cdef bint _destinations(const S* s, const Tab* t, uint64_t* found, int* span, Cache* cache) noexcept nogil:
    """flow.destinations as a bit set over the cells: ``found``'s words ``span[0]`` to ``span[1]``
    (the others are not written); False when there is none and the player must stay (GTG-MOVE-2).

    GTG-MOVE-1: one to six steps, a breadth-first search whose frontier is a bit set, stepped by
    direction (the cells with a step that way, shifted); step k works only on the words of the
    rows within k of the mover's, since no walk of k steps leaves them. GTG-MOVE-3, GTG-MOVE-4:
    the other players and their Starts are passed, not landed on. GTG-MOVE-5: a token ends the
    move, and so does the Town Square for a move that enters it; GTG-SQUARE-4: no Town Square space
    on a first turn; GTG-SQUARE-6: neither for a move from inside the square. GTG-SQUARE-3: the
    free move goes to any space not taken by another player or their Start. With ``cache``, the
    walk is looked up there first and remembered after."""
    cdef uint64_t stops[NW]
    cdef uint64_t seen[NW]
    cdef uint64_t front_a[NW + 2]
    cdef uint64_t front_b[NW + 2]
    cdef uint64_t* cur = front_a + 1   # words -1 and nw are zero
    cdef uint64_t* nxt = front_b + 1
    cdef uint64_t* swap
    cdef uint64_t key[KEYW]
    cdef uint64_t x, alive, square, h = 0
    cdef int seat = s.turn, here = s.pos[seat], nw = t.nwords, width = t.width, up = 64 - t.width
    cdef int hc = t.space_cell[here], i, c, w, lo, hi, big_lo, big_hi, step, row, kn = 0, j
    cdef bint entering, first
    cdef Entry* entry = NULL
    cdef uint32_t tag
    row = t.space_row[here]
    if (s.free_move >> seat) & 1:  # GTG-SQUARE-3
        big_lo, big_hi = 0, nw - 1
    else:
        big_lo = ((row - STEPS) * width if row >= STEPS else 0) >> 6
        big_hi = (row + STEPS + 1) * width - 1
        big_hi = (big_hi if big_hi < t.ncells else t.ncells - 1) >> 6
    span[0] = big_lo
    span[1] = big_hi
    if (s.free_move >> seat) & 1:
        return _found(s, t, t.every, 0, found, 0, nw - 1, False)
    entering = _enters_square(t, here)
    first = entering and s.turn_number < t.players
    if cache != NULL and t.ball_n[here] and big_hi - big_lo < VALW:
        kn = t.ball_n[here]
        tag = (here + 1) | ((<uint32_t>first) << 16)
        h = tag * GR_GAMMA
        for j in range(kn):
            w = t.ball_lo[here] + j
            key[j] = (s.board[w] | s.marks[w] | (t.square[w] if entering else 0)) & t.ball[here][j]
            h = (h ^ key[j]) * GR_M1
        entry = &cache.entries[h >> (64 - CACHE_BITS)]
        if entry.tag == tag:
            for j in range(kn):
                if entry.key[j] != key[j]:
                    break
            else:
                return _found(s, t, entry.seen, big_lo, found, big_lo, big_hi, first)
    for w in range(big_lo - 1, big_hi + 2):
        cur[w] = 0
        nxt[w] = 0
    for w in range(big_lo, big_hi + 1):
        square = t.square[w] if entering else 0
        stops[w] = s.board[w] | s.marks[w] | square
        seen[w] = square if first else 0
    seen[hc >> 6] |= (<uint64_t>1) << (hc & 63)
    cur[hc >> 6] = (<uint64_t>1) << (hc & 63)
    for step in range(1, STEPS + 1):
        lo = ((row - step) * width if row >= step else 0) >> 6
        hi = (row + step + 1) * width - 1
        hi = (hi if hi < t.ncells else t.ncells - 1) >> 6
        alive = 0
        for w in range(lo, hi + 1):
            # a cell is entered from the west if it has a step west, and so on (steps go both ways)
            x = ((((cur[w] << 1) | (cur[w - 1] >> 63)) & t.west[w])
                 | (((cur[w] >> 1) | (cur[w + 1] << 63)) & t.east[w])
                 | (((cur[w] << width) | (cur[w - 1] >> up)) & t.south[w])
                 | (((cur[w] >> width) | (cur[w + 1] << up)) & t.north[w])) & ~seen[w]
            seen[w] |= x
            x &= ~stops[w]
            nxt[w] = x
            alive |= x
        if not alive:
            break
        swap = cur
        cur = nxt
        nxt = swap
    seen[hc >> 6] &= ~((<uint64_t>1) << (hc & 63))  # the mover's space is no destination
    if entry != NULL:  # remembered, replacing what was there
        entry.tag = tag
        for j in range(kn):
            entry.key[j] = key[j]
        for w in range(big_lo, big_hi + 1):
            entry.seen[w - big_lo] = seen[w]
    return _found(s, t, seen, 0, found, big_lo, big_hi, first)


cdef inline bint _found(const S* s, const Tab* t, const uint64_t* seen, int seen_lo, uint64_t* found,
                        int lo, int hi, bint first) noexcept nogil:
    """The destinations from what the walk saw (word ``w`` in ``seen[w - seen_lo]``: the walk's own
    words, or a remembered answer's): not the closed square (GTG-SQUARE-4), the mover's space or
    the other players' spaces and Starts (GTG-MOVE-3, GTG-MOVE-4); False for none.

    Every player's space (the mover's among them) is cleared, and then the words' union taken,
    every time: whether a player stood on a destination is the dice's doing, and a branch on it
    is one the processor mispredicts. A cleared bit may fall outside those words, which nothing
    reads."""
    cdef const uint64_t* keep = t.keep[s.turn][1 if first else 0]
    cdef uint64_t alive = 0
    cdef int w, i, c
    for w in range(lo, hi + 1):
        found[w] = seen[w - seen_lo] & keep[w]
    for i in range(t.players):
        c = t.space_cell[s.pos[i]]
        found[c >> 6] &= ~((<uint64_t>1) << (c & 63))
    for w in range(lo, hi + 1):
        alive |= found[w]
    return alive != 0


cdef int _covering(const S* s, const Tab* t, int c) noexcept nogil:
    """Whether the turn owner's hand holds the cards of cover ``c``."""
    cdef uint8_t need[4]
    cdef int k, j, n = t.cover_len[c], kind, times
    for k in range(n):
        kind = t.cover_kinds[4 * c + k]
        times = 0
        for j in range(n):
            if t.cover_kinds[4 * c + j] == kind:
                times += 1
        if s.hand[s.turn][kind] < times:
            return False
    return True


cdef int _move_list(const S* s, const Tab* t, const uint64_t* found, const int* span, bint some,
                    int32_t* out) noexcept nogil:
    """The Moves' indices (their spaces, ascending) from :func:`_destinations`' answer, or the stay
    (GTG-MOVE-2)."""
    cdef uint64_t b
    cdef int w
    cdef int32_t* o = out
    cdef const int16_t* cells
    if not some:
        out[0] = s.pos[s.turn]
        return 1
    for w in range(span[0], span[1] + 1):
        b = found[w]
        cells = t.cell_space + (w << 6)
        while b:
            o[0] = cells[__builtin_ctzll(b)]  # b is not 0
            o += 1
            b &= b - 1
    return o - out


cdef int _nth_move(const S* s, const Tab* t, const uint64_t* found, const int* span, bint some,
                   uint64_t* policy) noexcept nogil:
    """The random policy's Move: ``below(n)`` drawn for the ``n`` Moves :func:`_move_list` would list,
    and the Move at that position (counted by word, not listed, and found within its word by
    gr_select); the stay (n = 1) when there is none."""
    cdef int counts[NW]
    cdef int w, n, k, i, total, before
    cdef bint past
    if not some:
        sm_below(policy, 1)
        return s.pos[s.turn]
    n = bits_count_words(found, span[0], span[1], counts)
    k = <int>sm_below(policy, <uint64_t>n)
    # the word: past every word whose members and those before it are at most k (a prefix of the
    # span, since the totals grow), counted without a branch on k (the draw)
    w = span[0]
    total = 0
    before = 0
    for i in range(span[0], span[1]):
        total += counts[i]
        past = total <= k
        w += past
        before = total if past else before
    return t.cell_space[(w << 6) + gr_select(found[w], k - before)]  # k - before < counts[w]


cdef inline bint _move_listed(const S* s, const Tab* t, const uint64_t* found, const int* span,
                              bint some, int32_t a) noexcept nogil:
    """Whether the Move of index ``a`` is among them."""
    cdef int c
    if a >= t.nspaces:
        return False
    if not some:
        return a == s.pos[s.turn]
    c = t.space_cell[a]
    return span[0] <= (c >> 6) <= span[1] and _bit(found, c)


cdef int _frame_choices(const S* s, const Tab* t, int32_t* out) noexcept nogil:
    """The pending frame's choices, ascending (rules.BOOK's decisions)."""
    cdef uint64_t b
    cdef int16_t spaces[MAXSPACES]
    cdef int n = 0, k, w, g, c, kind = s.fkind
    if kind == F_FIGHT:  # GTG-FIGHT-2: the minimal covering sets in the hand, then GTG-FIGHT-4
        g = s.fsrc
        for k in range(t.gcov_start[g], t.gcov_start[g + 1]):
            c = t.gcov[k]
            if _covering(s, t, c):
                out[n] = t.a_defeat + c
                n += 1
        out[n] = t.a_escape
        return n + 1
    if kind == F_DISCARD:  # GTG-WEAPON-2: one per kind in the hand
        for k in range(t.nweapons):
            if s.hand[s.turn][k]:
                out[n] = t.a_discard + k
                n += 1
        return n
    if kind == F_THEATER:  # GTG-THEATER-1
        n = _empty_theater(s, t, spaces)
    elif kind == F_MOVE_FROM:  # GTG-EVENT-2: the face-down gremlins, in map order
        for w in range(t.nwords):
            b = s.board[w]
            while b:
                k = t.cell_space[(w << 6) + bits_lowest(b)]
                g = _gremlin_at(s, k)
                if g >= 0 and not (s.up >> g) & 1:
                    spaces[n] = k
                    n += 1
                b &= b - 1
    else:  # F_PLACE, F_MOVE_TO (GTG-EVENT-2): the empty Gremlin spaces
        n = _empty_gremlin_spaces(s, t, spaces)
    for k in range(n):
        out[k] = t.a_choose + spaces[k]
    return n


cdef bint _frame_choice(const S* s, const Tab* t, int32_t a) noexcept nogil:
    """Whether index ``a`` is one of the pending frame's choices."""
    cdef int32_t buf[MAX_ACTIONS]
    cdef int n = _frame_choices(s, t, buf), k
    for k in range(n):
        if buf[k] == a:
            return True
    return False


cdef void _play(S* s, const Tab* t, int32_t a) noexcept nogil:
    """The effect of the legal index ``a``: the Move's (rules.move), or the pending frame's answer
    (the frame popped first, as rules.BOOK resumes it)."""
    cdef uint8_t then[MAXTHEN + 1]
    cdef int kind = s.fkind, seat = s.turn, n = s.fthen_len, k, g, c, space, origin, here
    cdef bint up
    if kind == NONE:
        _move(s, t, a)
        return
    for k in range(n):
        then[k] = s.fthen[k]
    origin = s.ffrom
    s.fkind = NONE
    s.ffrom = -1
    s.fthen_len = 0
    space = a - t.a_choose
    if kind == F_FIGHT:
        here = s.pos[seat]
        if a == t.a_escape:  # flow.escape: GTG-FIGHT-4, GTG-FIGHT-5, GTG-THEATER-2, GTG-THEATER-3
            for k in range(n, 0, -1):
                then[k] = then[k - 1]
            then[0] = ST_HOME
            n += 1
            if _bit(t.theater, t.space_cell[here]):
                _run(s, t, seat, then, n)
            elif _empty_theater(s, t, NULL):
                _push(s, F_THEATER, SRC_ESCAPE, here, then, n)
            else:
                g = _gremlin_at(s, here)
                if g >= 0:
                    _lift(s, t, g)
                    s.crowd[s.crowd_len] = g
                    s.crowd_len += 1
                _run(s, t, seat, then, n)
            return
        # flow.defeat: GTG-FIGHT-3, the cards to the discard pile, the gremlin beside the player
        c = a - t.a_defeat
        for k in range(t.cover_len[c]):
            _to_discard(s, seat, t.cover_kinds[4 * c + k])
        g = _gremlin_at(s, here)
        if g >= 0:
            _lift(s, t, g)
            s.defeated[s.defeated_len] = g
            s.defeated_by[s.defeated_len] = seat
            s.defeated_len += 1
        if g == t.stripe:  # GTG-STRIPE-2
            _over(s, STRIPE_DEFEATED)
            return
        _run(s, t, seat, then, n)
    elif kind == F_THEATER:  # flow.to_theater (GTG-THEATER-1, GTG-STRIPE-3)
        if s.fsrc == SRC_STRIPE:
            if s.pool_top != s.pool_end:
                _put(s, t, s.pool[s.pool_top], space, True, False)
                s.pool_top += 1
        else:
            g = _gremlin_at(s, origin)
            if g >= 0:
                _lift(s, t, g)
                _put(s, t, g, space, True, False)
        _run(s, t, seat, then, n)
    elif kind == F_DISCARD:  # flow.discard (GTG-WEAPON-2, an event's discard_weapons)
        _to_discard(s, seat, a - t.a_discard)
        _run(s, t, seat, then, n)
    elif kind == F_PLACE:  # flow.place (GTG-EVENT-2 add_gremlins)
        if s.pool_top != s.pool_end:
            _put(s, t, s.pool[s.pool_top], space, False, True)
            s.pool_top += 1
        _run(s, t, seat, then, n)
    elif kind == F_MOVE_FROM:  # flow.move_from: next, where it goes
        _push(s, F_MOVE_TO, 0, space, then, n)
    else:  # flow.move_to (GTG-EVENT-2 move_gremlins): face down, from_pool kept
        g = _gremlin_at(s, origin)
        if g >= 0:
            up = (s.from_pool >> g) & 1
            _lift(s, t, g)
            _put(s, t, g, space, False, up)
        _run(s, t, seat, then, n)


cdef void _deal(S* s, const Tab* t, uint64_t seed) noexcept nogil:
    """setup.new_game without a stacked setup (GTG-SETUP-1 to GTG-SETUP-7): the players on their
    Starts; the gremlins but Stripe shuffled, one face down on every Gremlin space; the rest with
    Stripe shuffled into the pool; the event deck shuffled; the weapon deck shuffled and three
    cards dealt to each player, round the table."""
    cdef uint8_t mixed[NG]
    cdef uint8_t rest[NG]
    cdef int16_t spaces[MAXGS]
    cdef int i, k, c = 0, n = 0, p
    memset(s, 0, sizeof(S))
    s.rng = seed
    s.fkind = NONE
    s.ffrom = -1
    for p in range(t.players):
        s.pos[p] = t.starts[p]
    for k in range(NG):
        s.gpos[k] = -1
    for i in range(t.ngspaces):  # the Gremlin spaces not under a player (GTG-SETUP-3)
        if not _occupied(s, t, t.gspace[i]):
            spaces[n] = t.gspace[i]
            n += 1
    for k in range(t.nothers):
        mixed[k] = t.others[k]
    sm_shuffle_u8(&s.rng, mixed, t.nothers)
    for k in range(n):
        _put(s, t, mixed[k], spaces[k], False, False)
    for k in range(t.nothers):
        if s.gpos[t.others[k]] < 0:
            rest[c] = t.others[k]
            c += 1
    rest[c] = t.stripe
    c += 1
    sm_shuffle_u8(&s.rng, rest, c)
    for k in range(c):
        s.pool[k] = rest[k]
    s.pool_end = c
    for i in range(NTOK):  # GTG-SETUP-4
        if not _occupied(s, t, t.ev_space[i]):
            _event_token(s, t, i, True)
        if not _occupied(s, t, t.wp_space[i]):
            _weapon_token(s, t, i, True)
    for k in range(NCARD):  # GTG-SETUP-5, GTG-SETUP-6
        s.edeck[k] = t.edeck0[k]
        s.wdeck[k] = t.wdeck0[k]
    sm_shuffle_u8(&s.rng, s.edeck, NCARD)
    s.eend = NCARD
    sm_shuffle_u8(&s.rng, s.wdeck, NCARD)
    s.wend = NCARD
    for k in range(HAND_SIZE):
        for p in range(t.players):
            s.hand[p][s.wdeck[s.wtop]] += 1
            s.hand_len[p] += 1
            s.wtop += 1
    s.phase = MOVE
    s.outcome = PLAYING


cdef uint32_t _cache_after = 1024


def remember_searches_after(int searches):
    """Make each game object remember its searches once it has searched ``searches`` times (1024 by
    default); the previous value. For tests, which play short games: 0 remembers from the first."""
    global _cache_after
    old = _cache_after
    _cache_after = searches
    return old


def _select_member(uint64_t bits, int k):
    """The position of the ``k``-th member (from 0) of the 64-bit set ``bits``, as the random
    policy's Move finds it (gr_select), for tests; ValueError unless 0 <= k < its count."""
    if not 0 <= k < bin(bits).count("1"):
        raise ValueError("k must be below the number of members")
    return gr_select(bits, k)


STATE_BYTES = sizeof(S)
"""The size of a native state's struct (the table it shares is not counted)."""


# --- native observations (issue 30): the fields of the View, as the adapters encode them -----

_OBS_CONSTANT = ("seat", "players", "options", "map")
"""The View's fields equal in every state of a seat: encoded once, in Python (the template)."""

cdef enum:
    # the dynamic fields, in the order of _obs_dynamic (their offsets in the plan)
    O_CURRENT = 0
    O_PHASE = 1
    O_PENDING = 2
    O_SCORES = 3
    O_WINNERS = 4
    O_WON = 5
    O_OUTCOME = 6
    O_TURN = 7
    O_TURN_NUMBER = 8
    O_FIRST = 9
    O_POSITIONS = 10
    O_FREE = 11
    O_EV_TOK = 12
    O_WP_TOK = 13
    O_BOARD = 14
    O_POOL = 15
    O_CROWD = 16
    O_DEFEATED = 17
    O_HAND = 18
    O_HAND_SIZES = 19
    O_WDECK = 20
    O_WDISC = 21
    O_EDECK = 22
    O_EDISC = 23
    NFRAMES = 8        # the frame classes, in the order of the pending field's tag
    NSTEPS = 16        # at least len(Next)


_OBS_NAMES = ("current_player", "phase", "pending", "scores", "winners", "gremlins_won", "outcome", "turn",
              "turn_number", "first_player", "positions", "free_move", "event_tokens", "weapon_tokens",
              "board", "pool_size", "crowd", "defeated", "hand", "hand_sizes", "weapon_deck_size",
              "weapon_discard", "event_deck_size", "event_discard")


cdef class _GtgObservation(ObservationPlan):
    """The plan, with the table's names as the encoder numbers them: each space, gremlin, weapon
    and event card's slot in its field's vocabulary (the map's and the component set's, as
    hints.py derives them), read from the encoder's own nodes, and the pending field's inner
    offsets."""
    cdef float pos_number[MAXSPACES]   # positions: a space's index number
    cdef float origin_number[MAXSPACES]  # pending.origin: the same
    cdef int16_t board_space[MAXSPACES]  # board[*].space: a space's slot
    cdef int16_t ev_slot[NTOK]
    cdef int16_t wp_slot[NTOK]
    cdef int16_t board_design[NG]      # board[*].gremlin: a gremlin's design's slot
    cdef int16_t crowd_design[NG]
    cdef int16_t defeated_design[NG]
    cdef int16_t fight_design[NG]      # pending.gremlin (a Fight's)
    cdef int16_t hand_weapon[NKIND]
    cdef int16_t disc_weapon[NKIND]
    cdef int16_t disc_event[NCARD]
    cdef int16_t card_event[NCARD]     # pending.card
    cdef int16_t step_slot[NSTEPS]     # pending.then[*]: a step code's slot
    cdef int16_t outcome_slot[4]
    cdef int tok_size, wtok_size, board_cap, board_entry, board_space_size, board_gremlin_size
    cdef int crowd_size, defeated_size, hand_size, wdisc_size, wdisc_cap, edisc_size, edisc_cap
    cdef int p_seat, p_gremlin, p_origin, p_then, p_card, then_cap, then_size
    cdef int tag[NFRAMES]              # per native frame kind (see _frame_tag): its tag's place

    def __init__(self, GtgTable table):
        cdef int n = table.tab.players, k, g
        ObservationPlan.__init__(self, table, _OBS_CONSTANT, tuple([(name, None) for name in _OBS_NAMES]))
        root = self.encoder._root
        fields = dict(zip(root.names, root.nodes))
        names = table.geo.names
        if len(names) > MAXSPACES or len(table.weapon_names) > NKIND or len(table.event_names) > NCARD:
            raise UnsupportedError("the table's components are larger than the native observation's arrays")
        pos = fields["positions"].inner
        board = fields["board"]
        entry = board.inner  # a SeenGremlin: space, gremlin (optional), face_up, from_pool
        for k, name in enumerate(names):
            self.pos_number[k] = _number(pos, name)
            self.board_space[k] = _hot(entry.nodes[0], name)
        self.tok_size = fields["event_tokens"].inner.size
        self.wtok_size = fields["weapon_tokens"].inner.size
        for k in range(NTOK):
            self.ev_slot[k] = _hot(fields["event_tokens"].inner, names[table.tab.ev_space[k]])
            self.wp_slot[k] = _hot(fields["weapon_tokens"].inner, names[table.tab.wp_space[k]])
        self.board_cap = board.capacity
        self.board_entry = entry.size
        self.board_space_size = entry.nodes[0].size
        self.board_gremlin_size = entry.nodes[1].size
        design = table.parts.design
        pending = fields["pending"].inner
        slots = dict(zip(pending.labels, pending.nodes))
        offset = 1 + len(pending.kinds)
        where = {}
        for label, node in zip(pending.labels, pending.nodes):
            where[label] = offset
            offset += node.size
        if set(where) != {"seat", "gremlin", "origin", "then", "card"} or len(pending.kinds) != NFRAMES:
            raise UnsupportedError("the native observation does not know this pending field's layout")
        self.p_seat, self.p_gremlin, self.p_origin = where["seat"], where["gremlin"], where["origin"]
        self.p_then, self.p_card = where["then"], where["card"]
        self.then_cap = slots["then"].capacity
        self.then_size = slots["then"].inner.size
        for k, name in enumerate(names):
            self.origin_number[k] = _number(slots["origin"], name)
        order = [kind.__name__ for kind in pending.kinds]
        for k, kind in enumerate(("Fight", "EscapeToTheater", "GangToTheater", "HandLimit", "EventDiscard",
                                  "PlaceGremlin", "PickGremlin", "MoveGremlin")):
            self.tag[k] = order.index(kind)
        for g, gid in enumerate(table.gremlin_ids):
            self.board_design[g] = _hot(entry.nodes[1].inner, design[gid])
            self.crowd_design[g] = _hot(fields["crowd"], (design[gid],))
            self.defeated_design[g] = _hot(fields["defeated"].inner, (design[gid],))
            self.fight_design[g] = _hot(slots["gremlin"], design[gid])
        self.crowd_size = fields["crowd"].size
        self.defeated_size = fields["defeated"].inner.size
        self.hand_size = fields["hand"].inner.size
        self.wdisc_size = fields["weapon_discard"].inner.size
        self.wdisc_cap = fields["weapon_discard"].capacity
        self.edisc_size = fields["event_discard"].inner.size
        self.edisc_cap = fields["event_discard"].capacity
        for k, name in enumerate(table.weapon_names):
            self.hand_weapon[k] = _hot(fields["hand"].inner, (name,))
            self.disc_weapon[k] = _hot(fields["weapon_discard"].inner, name)
        for k, name in enumerate(table.event_names):
            self.disc_event[k] = _hot(fields["event_discard"].inner, name)
            self.card_event[k] = _hot(slots["card"], name)
        if len(_STEP_NAMES) > NSTEPS:
            raise UnsupportedError("the native observation knows fewer frame steps than Next has")
        for k, step in enumerate(_STEP_NAMES):
            self.step_slot[k] = _hot(slots["then"].inner, step)
        for k, outcome in enumerate(_OUTCOMES):
            self.outcome_slot[k] = _hot(fields["outcome"], outcome)
        if fields["phase"].size != 2 or fields["scores"].size != 1 + n or fields["hand_sizes"].size != 1 + n:
            raise UnsupportedError("the native observation does not match this table's layout")


cdef inline int _frame_tag(const S* s) noexcept nogil:
    """The pending frame's class, in the order of _GtgObservation.tag (as GremlinsTheGame._frame)."""
    if s.fkind == F_FIGHT:
        return 0
    if s.fkind == F_THEATER:
        return 1 if s.fsrc == SRC_ESCAPE else 2
    if s.fkind == F_DISCARD:
        return 3 if s.fsrc == SRC_HAND_LIMIT else 4
    if s.fkind == F_PLACE:
        return 5
    return 6 if s.fkind == F_MOVE_FROM else 7


cdef void _observe(const S* s, const Tab* t, _GtgObservation plan, float* out, int seat, int32_t* scores,
                   uint32_t winners) noexcept:
    """Writes the dynamic fields of ``observe(state, seat)`` (-1: the spectator) into ``out``, whose
    dynamic fields are zero (GTG-VIEW-1: positions, tokens and face-up gremlins public, face-down
    ones unknown to everyone, only the viewer's own hand; GTG-VIEW-2: gremlins by design)."""
    cdef const int* off = plan.offset
    cdef int n = t.players, p, k, g, i, j, tag, steps
    cdef int16_t order[NG]
    cdef float* f
    cdef float* e
    if s.phase != OVER:
        out[off[O_CURRENT]] = 1
        out[off[O_CURRENT] + 1] = s.turn
    out[off[O_PHASE] + (1 if s.phase == OVER else 0)] = 1
    if s.fkind != NONE:
        f = out + off[O_PENDING]
        tag = _frame_tag(s)
        f[0] = 1
        f[1 + plan.tag[tag]] = 1
        f[plan.p_seat] = s.turn
        if tag == 0:
            f[plan.p_gremlin + plan.fight_design[s.fsrc]] = 1
        if tag == 1 or tag == 7:
            f[plan.p_origin] = plan.origin_number[s.ffrom]
        if tag >= 3:
            f[plan.p_then] = s.fthen_len
            steps = s.fthen_len if s.fthen_len < plan.then_cap else plan.then_cap
            for k in range(steps):
                f[plan.p_then + 1 + k * plan.then_size + plan.step_slot[s.fthen[k]]] = 1
        if tag >= 4:
            f[plan.p_card + plan.card_event[s.edisc[s.edisc_len - 1]]] = 1
    write_results(out + off[O_SCORES], out + off[O_WINNERS], n, scores, winners)
    out[off[O_WON]] = s.phase == OVER and t.challenging and s.outcome != STRIPE_DEFEATED
    out[off[O_OUTCOME] + plan.outcome_slot[s.outcome]] = 1
    out[off[O_TURN]] = s.turn
    out[off[O_TURN_NUMBER]] = s.turn_number
    out[off[O_FIRST]] = s.first_player
    out[off[O_POSITIONS]] = n
    out[off[O_FREE]] = n
    out[off[O_HAND_SIZES]] = n
    out[off[O_DEFEATED]] = n
    for p in range(n):
        out[off[O_POSITIONS] + 1 + p] = plan.pos_number[s.pos[p]]
        out[off[O_FREE] + 1 + p] = (s.free_move >> p) & 1
        out[off[O_HAND_SIZES] + 1 + p] = s.hand_len[p]
    j = 0
    for k in range(NTOK):
        if (s.ev_tok >> k) & 1:
            out[off[O_EV_TOK] + 1 + j * plan.tok_size + plan.ev_slot[k]] = 1
            j += 1
    out[off[O_EV_TOK]] = j
    j = 0
    for k in range(NTOK):
        if (s.wp_tok >> k) & 1:
            out[off[O_WP_TOK] + 1 + j * plan.wtok_size + plan.wp_slot[k]] = 1
            j += 1
    out[off[O_WP_TOK]] = j
    j = 0  # the board: its gremlins by space, ascending (one gremlin a space)
    for g in range(NG):
        if s.gpos[g] >= 0:
            i = j
            while i > 0 and s.gpos[order[i - 1]] > s.gpos[g]:
                order[i] = order[i - 1]
                i -= 1
            order[i] = g
            j += 1
    f = out + off[O_BOARD]
    f[0] = j
    for i in range(j if j < plan.board_cap else plan.board_cap):
        g = order[i]
        e = f + 1 + i * plan.board_entry
        e[plan.board_space[s.gpos[g]]] = 1
        e += plan.board_space_size
        if (s.up >> g) & 1:
            e[0] = 1
            e[1 + plan.board_design[g]] = 1
            e[plan.board_gremlin_size] = 1
        e[plan.board_gremlin_size + 1] = (s.from_pool >> g) & 1
    out[off[O_POOL]] = s.pool_end - s.pool_top
    for k in range(s.crowd_len):
        out[off[O_CROWD] + plan.crowd_design[s.crowd[k]]] += 1
    for k in range(s.defeated_len):
        out[off[O_DEFEATED] + 1 + s.defeated_by[k] * plan.defeated_size + plan.defeated_design[s.defeated[k]]] += 1
    if seat >= 0:
        out[off[O_HAND]] = 1
        for k in range(t.nweapons):
            out[off[O_HAND] + 1 + plan.hand_weapon[k]] += s.hand[seat][k]
    out[off[O_WDECK]] = s.wend - s.wtop
    f = out + off[O_WDISC]
    f[0] = s.wdisc_len
    for k in range(s.wdisc_len if s.wdisc_len < plan.wdisc_cap else plan.wdisc_cap):
        f[1 + k * plan.wdisc_size + plan.disc_weapon[s.wdisc[k]]] = 1
    out[off[O_EDECK]] = s.eend - s.etop
    f = out + off[O_EDISC]
    f[0] = s.edisc_len
    for k in range(s.edisc_len if s.edisc_len < plan.edisc_cap else plan.edisc_cap):
        f[1 + k * plan.edisc_size + plan.disc_event[s.edisc[k]]] = 1


# --- the native game ----------------------------------------------------------------------------

@cython.final
cdef class GremlinsTheGame(NativeGame):
    """A Gremlins: The Game game in native code."""

    cdef S s
    cdef const Tab* tab
    # the last search of the state's Moves (legal_into's), so that apply's check is a bit test:
    # valid until the state changes (play, deal), never copied
    cdef uint64_t found[NW]
    cdef int span[2]
    cdef bint some
    cdef bint searched
    # the searches it remembers, made once it has searched CACHE_AFTER times (a playouts batch's
    # game, not every short-lived clone); never copied, freed with it
    cdef Cache* cache
    cdef uint32_t searches

    def __dealloc__(self):
        free(self.cache)

    cdef Cache* _cache(self) noexcept nogil:
        if self.cache == NULL and self.searches <= _cache_after:
            self.searches += 1
            if self.searches > _cache_after:
                if posix_memalign(<void**>&self.cache, 64, sizeof(Cache)) == 0:  # on failure, no cache
                    memset(self.cache, 0, sizeof(Cache))
                else:
                    self.cache = NULL
        return self.cache

    cdef int legal_into(self, int32_t* out) noexcept nogil:
        """Every legal index, ascending: the pending frame's choices, else the Moves."""
        if self.s.phase == OVER:
            return 0
        if self.s.fkind != NONE:
            return _frame_choices(&self.s, self.tab, out)
        if self.s.phase != MOVE:
            return 0
        self.some = _destinations(&self.s, self.tab, self.found, self.span, self._cache())
        self.searched = True
        return _move_list(&self.s, self.tab, self.found, self.span, self.some, out)

    cdef int32_t random_action(self, uint64_t* policy, int32_t* buf) noexcept nogil:
        """The base's pick (the same draw, the same index), a Move's without listing the Moves."""
        cdef int n
        if self.s.phase != MOVE or self.s.fkind != NONE:
            n = self.legal_into(buf)
            return buf[sm_below(policy, <uint64_t>n)] if n > 0 else -1
        self.some = _destinations(&self.s, self.tab, self.found, self.span, self._cache())
        self.searched = True
        return _nth_move(&self.s, self.tab, self.found, self.span, self.some, policy)

    cdef bint is_legal_index(self, int32_t action) noexcept nogil:
        if self.s.phase == OVER:
            return False
        if self.s.fkind != NONE:
            return _frame_choice(&self.s, self.tab, action)
        if self.s.phase != MOVE:
            return False
        if not self.searched:
            self.some = _destinations(&self.s, self.tab, self.found, self.span, self._cache())
            self.searched = True
        return _move_listed(&self.s, self.tab, self.found, self.span, self.some, action)

    cdef void play(self, int32_t action) noexcept nogil:
        self.searched = False
        _play(&self.s, self.tab, action)

    cdef bint redeal(self, int seat, uint64_t seed) noexcept nogil:
        """GTG-VIEW-1, as hidden.sample_hidden: first the face-down tokens (board order, by space)
        and the pool (top first), Stripe drawn to one of the slots he can be in (a token placed from
        the pool, or the pool) when he is unseen, the rest shuffled around him; then the weapon deck
        (top first) and the other hands (seat by seat, kind by kind) shuffled together and dealt back,
        hands first; then the event deck shuffled."""
        cdef S* s = &self.s
        cdef const Tab* t = self.tab
        cdef int16_t spaces[NG]
        cdef bint slot_from_pool[NG]
        cdef uint8_t unseen[NG]
        cdef uint8_t dealt[NG]
        cdef int open_slots[NG]
        cdef uint8_t cards[NCARD]
        cdef int ndown = 0, nunseen = 0, nopen = 0, slot = -1, k, j, g, p, space, n, pos, size
        cdef bint stripe_unseen = False
        cdef uint64_t rng = seed
        cdef uint64_t b
        self.searched = False
        for space in range(t.nspaces):  # the face-down tokens by space, as the State's board
            for g in range(NG):
                if s.gpos[g] == space and not (s.up >> g) & 1:
                    spaces[ndown] = <int16_t>space
                    slot_from_pool[ndown] = (s.from_pool >> g) & 1
                    unseen[ndown] = <uint8_t>g
                    ndown += 1
        nunseen = ndown
        for k in range(s.pool_top, s.pool_end):
            unseen[nunseen] = s.pool[k]
            nunseen += 1
        for k in range(ndown):
            if slot_from_pool[k]:
                open_slots[nopen] = k
                nopen += 1
        for k in range(ndown, nunseen):
            open_slots[nopen] = k
            nopen += 1
        for k in range(nunseen):
            if unseen[k] == t.stripe:
                stripe_unseen = True
        if stripe_unseen and nopen:
            slot = open_slots[sm_below(&rng, <uint64_t>nopen)]
            j = 0
            for k in range(nunseen):  # list.remove: Stripe out, the others in order
                if unseen[k] != t.stripe:
                    unseen[j] = unseen[k]
                    j += 1
            nunseen -= 1
        sm_shuffle_u8(&rng, unseen, nunseen)
        j = 0
        for k in range(nunseen + (slot >= 0)):
            if k == slot:
                dealt[k] = <uint8_t>t.stripe
            else:
                dealt[k] = unseen[j]
                j += 1
        if slot >= 0:
            nunseen += 1
        for k in range(nunseen):  # lifted first: a token's gremlin may now be another's
            g = dealt[k]
            b = (<uint64_t>1) << g
            s.gpos[g] = -1
            s.from_pool &= ~b
        for k in range(ndown):
            g = dealt[k]
            b = (<uint64_t>1) << g
            s.gpos[g] = spaces[k]
            if slot_from_pool[k]:
                s.from_pool |= b
        for k in range(ndown, nunseen):
            s.pool[s.pool_top + k - ndown] = dealt[k]
        n = 0
        for k in range(s.wtop, s.wend):
            cards[n] = s.wdeck[k]
            n += 1
        for p in range(t.players):
            if p == seat:
                continue
            for k in range(t.nweapons):
                for j in range(s.hand[p][k]):
                    cards[n] = <uint8_t>k
                    n += 1
        sm_shuffle_u8(&rng, cards, n)
        pos = 0
        for p in range(t.players):
            if p == seat:
                continue
            size = s.hand_len[p]
            for k in range(t.nweapons):
                s.hand[p][k] = 0
            for k in range(pos, pos + size):
                s.hand[p][cards[k]] += 1
            pos += size
        for k in range(pos, n):
            s.wdeck[s.wtop + k - pos] = cards[k]
        sm_shuffle_u8(&rng, &s.edeck[s.etop], s.eend - s.etop)
        s.rng = rng
        return True

    cdef int to_move(self) noexcept nogil:
        """The pending frame's seat (always the turn owner's, check_state), else the turn owner."""
        return -1 if self.s.phase == OVER else self.s.turn

    cdef void scores_into(self, int32_t* out) noexcept nogil:
        """GTG-END-2: each seat's Gremlin Points."""
        cdef int p, k
        for p in range(self.tab.players):
            out[p] = 0
        for k in range(self.s.defeated_len):
            out[self.s.defeated_by[k]] += self.tab.points[self.s.defeated[k]]

    cdef uint32_t winners_mask(self) noexcept nogil:
        """GTG-END-2: the most points, ties shared; GTG-VARIANT-1: nobody when the gremlins won."""
        cdef int32_t score[MAXP]
        cdef int p, best = -1
        cdef uint32_t mask = 0
        if self.s.phase != OVER or (self.tab.challenging and self.s.outcome != STRIPE_DEFEATED):
            return 0
        self.scores_into(score)
        for p in range(self.tab.players):
            if score[p] > best:
                best = score[p]
        for p in range(self.tab.players):
            if score[p] == best:
                mask |= 1u << p
        return mask

    cdef int end_code(self) noexcept nogil:
        """view.end_reason."""
        return self.s.outcome - 1 if self.s.phase == OVER else -1

    cdef void deal(self, uint64_t seed) noexcept nogil:
        self.searched = False
        _deal(&self.s, self.tab, seed)

    cdef bint load(self, NativeGame source) noexcept nogil:
        self.s = (<GremlinsTheGame>source).s
        self.searched = False
        return True

    cdef NativeGame copy(self):
        cdef GremlinsTheGame other = GremlinsTheGame.__new__(GremlinsTheGame)
        other.table = self.table
        other.tab = self.tab
        other.s = self.s
        other.searched = False
        return other

    def legal_actions(self):
        """The legal actions as indices into ``game.all_actions(players, options)``, ascending
        (empty once the game is over): the base's, its integers taken from the table's (a map's
        space indices pass the 256 small integers Python keeps)."""
        cdef int32_t buf[MAX_ACTIONS]
        cdef int n = self.legal_into(buf), i
        cdef tuple ints = (<GtgTable>self.table).ints
        cdef list out = PyList_New(n)
        cdef object item
        for i in range(n):
            item = <object>PyTuple_GET_ITEM(ints, buf[i])
            Py_INCREF(item)
            PyList_SET_ITEM(out, i, item)
        return out

    def _frame(self, names, ids, events):
        """The pending frame (:mod:`.frames`) of the state."""
        cdef const S* s = &self.s
        cdef int kind = s.fkind, seat = s.turn, k
        if kind == F_FIGHT:
            return Fight(seat, ids[s.fsrc])
        if kind == F_THEATER:
            return EscapeToTheater(seat, names[s.ffrom]) if s.fsrc == SRC_ESCAPE else GangToTheater(seat)
        then = tuple([_STEP_NAMES[s.fthen[k]] for k in range(s.fthen_len)])
        if kind == F_DISCARD and s.fsrc == SRC_HAND_LIMIT:
            return HandLimit(seat, then)
        card = events[s.edisc[s.edisc_len - 1]]
        if kind == F_DISCARD:
            return EventDiscard(seat, card, then)
        if kind == F_PLACE:
            return PlaceGremlin(seat, card, then)
        if kind == F_MOVE_FROM:
            return PickGremlin(seat, card, then)
        return MoveGremlin(seat, card, names[s.ffrom], then)

    def to_state(self):
        """The game's State, equal to the one the rule book reaches."""
        cdef const S* s = &self.s
        cdef const Tab* t = self.tab
        cdef GtgTable table = <GtgTable>self.table
        cdef int n = t.players, p, k, g
        names = table.geo.names
        ids = table.gremlin_ids
        weapons = table.weapon_names
        events = table.event_names
        board = sorted([(s.gpos[g], g) for g in range(NG) if s.gpos[g] >= 0])
        hands = []
        for p in range(n):
            hand = []
            for k in range(t.nweapons):
                hand += [weapons[k]] * s.hand[p][k]
            hands.append(tuple(hand))
        stack = ()
        if s.fkind != NONE:
            stack = (self._frame(names, ids, events),)
        return State(
            players=n, options=table.options, rng=Rng(s.rng), first_player=s.first_player, turn=s.turn,
            turn_number=s.turn_number, phase=_PHASES[s.phase],
            positions=tuple([names[s.pos[p]] for p in range(n)]),
            free_move=tuple([bool((s.free_move >> p) & 1) for p in range(n)]),
            event_tokens=tuple([names[t.ev_space[k]] for k in range(NTOK) if (s.ev_tok >> k) & 1]),
            weapon_tokens=tuple([names[t.wp_space[k]] for k in range(NTOK) if (s.wp_tok >> k) & 1]),
            board=tuple([Placed(names[space], ids[g], bool((s.up >> g) & 1), bool((s.from_pool >> g) & 1))
                         for space, g in board]),
            pool=tuple([ids[s.pool[k]] for k in range(s.pool_top, s.pool_end)]),
            crowd=tuple([ids[s.crowd[k]] for k in range(s.crowd_len)]),
            defeated=tuple([tuple([ids[s.defeated[k]] for k in range(s.defeated_len) if s.defeated_by[k] == p])
                            for p in range(n)]),
            hands=tuple(hands),
            weapon_deck=tuple([weapons[s.wdeck[k]] for k in range(s.wtop, s.wend)]),
            weapon_discard=tuple([weapons[s.wdisc[k]] for k in range(s.wdisc_len)]),
            event_deck=tuple([events[s.edeck[k]] for k in range(s.etop, s.eend)]),
            event_discard=tuple([events[s.edisc[k]] for k in range(s.edisc_len)]),
            outcome=_OUTCOMES[s.outcome], stack=stack,
        )

    # --- native observations (issue 30) -------------------------------------------------------

    cdef object make_observation_plan(self):
        return _GtgObservation(<GtgTable>self.table)

    cdef int observation_fill(self, object plan, float* out, int seat) except -1:
        cdef int32_t scores[MAXP]
        self.scores_into(scores)
        _observe(&self.s, self.tab, <_GtgObservation>plan, out, seat, scores, self.winners_mask())
        return 0


cdef GremlinsTheGame _game(GtgTable table):
    cdef GremlinsTheGame game = GremlinsTheGame.__new__(GremlinsTheGame)
    game.table = table
    game.tab = &table.tab
    return game


def new(players, seed=0, options=None):
    """A native game with the deal of ``new_game(players, seed, options=options)``."""
    cdef GtgTable table
    if options is None and type(players) is int and players in _DEFAULT:
        table = _DEFAULT[players]
    else:
        n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, _TITLE)
        opts = instance_or_default(options, Options, _TITLE)
        table_components(opts)  # SetupError for a bad field or component set, as new_game
        table_geometry(opts.map)  # and for a map load_map did not make
        table = _table(n, opts)
        if options is None:
            _DEFAULT[n] = table
    cdef uint64_t start = check_seed(seed) & _MASK
    cdef GremlinsTheGame game = _game(table)
    game.deal(start)
    return game


def from_state(state):
    """A native game in ``state``, a seeded State that :func:`.invariants.check_state` accepts."""
    check_type(state, State, "Gremlins: The Game State")  # a tracked state is refused here
    check_state(state)
    cdef GtgTable table = _table(state.players, state.options)
    cdef GremlinsTheGame game = _game(table)
    cdef S* s = &game.s
    cdef const Tab* t = &table.tab
    cdef int p, k, g
    index = table.geo.index
    gremlin = table.gremlin_index
    weapon = table.weapon_index
    event = table.event_index
    memset(s, 0, sizeof(S))
    s.rng = state.rng.state
    s.turn_number = state.turn_number
    s.first_player = state.first_player
    s.turn = state.turn
    s.phase = _PHASE_CODE[state.phase]
    s.outcome = _OUTCOME_CODE[state.outcome]
    for p in range(state.players):
        s.pos[p] = index[state.positions[p]]
        if state.free_move[p]:
            s.free_move |= 1 << p
    for name in state.event_tokens:
        _event_token(s, t, t.ev_at[index[name]], True)
    for name in state.weapon_tokens:
        _weapon_token(s, t, t.wp_at[index[name]], True)
    for g in range(NG):
        s.gpos[g] = -1
    for placed in state.board:
        _put(s, t, gremlin[placed.gremlin], index[placed.space], placed.face_up, placed.from_pool)
    for k, name in enumerate(state.pool):
        s.pool[k] = gremlin[name]
    s.pool_end = len(state.pool)
    for k, name in enumerate(state.crowd):
        s.crowd[k] = gremlin[name]
    s.crowd_len = len(state.crowd)
    for p, row in enumerate(state.defeated):
        for name in row:
            s.defeated[s.defeated_len] = gremlin[name]
            s.defeated_by[s.defeated_len] = p
            s.defeated_len += 1
    for p, hand in enumerate(state.hands):
        for name in hand:
            s.hand[p][weapon[name]] += 1
        s.hand_len[p] = len(hand)
    for k, name in enumerate(state.weapon_deck):
        s.wdeck[k] = weapon[name]
    s.wend = len(state.weapon_deck)
    for k, name in enumerate(state.weapon_discard):
        s.wdisc[k] = weapon[name]
    s.wdisc_len = len(state.weapon_discard)
    for k, name in enumerate(state.event_deck):
        s.edeck[k] = event[name]
    s.eend = len(state.event_deck)
    for k, name in enumerate(state.event_discard):
        s.edisc[k] = event[name]
    s.edisc_len = len(state.event_discard)
    s.fkind = NONE
    s.ffrom = -1
    if state.stack:  # check_state allows one frame (frames.FRAME_TYPES)
        frame = state.stack[0]
        kind = type(frame)
        s.fkind = _KIND_CODE[kind]
        then = ()
        if kind is Fight:
            s.fsrc = gremlin[frame.gremlin]
            then = _FIGHT_THEN
        elif kind is EscapeToTheater:
            s.fsrc = SRC_ESCAPE
            s.ffrom = index[frame.origin]
            then = _ESCAPE_THEN
        elif kind is GangToTheater:
            s.fsrc = SRC_STRIPE
        else:
            if kind is HandLimit:
                s.fsrc = SRC_HAND_LIMIT
            elif kind is EventDiscard:
                s.fsrc = SRC_EVENT
            if kind is MoveGremlin:
                s.ffrom = index[frame.origin]
            then = frame.then
        s.fthen_len = len(then)
        for k, name in enumerate(then):
            s.fthen[k] = _STEP_CODE[name]
    return game


def refusal(state, action):
    """The rule book's reason and clause for refusing ``action`` in ``state`` (None if legal)."""
    return _rules.check(state, action)


import sys as _sys

_MODULE = _sys.modules[__name__]
