# cython: language_level=3, cdivision=True
"""Gnaughty Gnomes in native code: the engine's state and rules (see ``docs/engine.rst``).

The state is one C struct of small integers (:c:type:`S`, 232 bytes): each position's held cards as
a bit set of card indices (``CARDS`` order, so a hand reads back sorted), a dummy's four piles as
(face-down, face-up) card indices, each team's gnomes as a 92-bit set of spots (two 64-bit words)
with its count on each hex (for scoring, kept with the set), the garden as 13 colour codes with
each suit's three hexes, the track and its inverse, the open trick and the finished tricks as
play-action indices (0-95: an index says the card, and for an X card its declared rank and high or
low), the trick's turn order, its flipped cards as four bits and the placements still pending (the
frames, which ``placement_stack`` derives from the turn order). The rules are those of
:mod:`.rules`, :mod:`.flow` and :mod:`.trick`, step for step and clause for clause (the clause ids
name where each is); the deal is :func:`.setup.new_game`'s, draw for draw on the same SplitMix64
(``core/native/rng.pxd``), so a native game reaches the very states the rule book reaches: the
differential tests (``tests/engine``) compare ``to_state()`` with the Python state at every
decision. Every option is played (``past_tricks`` only changes views, which the engine has none of:
``to_state()`` keeps the finished tricks as the State does).

The board's tables (each hex's spots under each placement reading, the hexes each spot touches,
the hexes' neighbours) are read from :mod:`.board` at import, so they cannot drift from it.
"""

cimport cython
from libc.stdint cimport int8_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset

from gremlinrules.core.native.game cimport NativeGame, NativeTable, ObservationPlan, write_results
from gremlinrules.core.native.rng cimport sm_below, sm_shuffle_u8

from gremlinrules.core.checks import check_players, check_seed, check_type
from gremlinrules.core.errors import SetupError, UnsupportedError
from gremlinrules.core.native.game import run_playouts
from gremlinrules.core.rng import Rng
from gremlinrules.gnaughty_gnomes import board as _board
from gremlinrules.gnaughty_gnomes import rules as _rules
from gremlinrules.gnaughty_gnomes.actions import ACTIONS, Flip, Place, Play, PlayX
from gremlinrules.gnaughty_gnomes.components import CARDS, REFERENCE, SUITS, Colour
from gremlinrules.gnaughty_gnomes.flow import placement_frame
from gremlinrules.gnaughty_gnomes.invariants import check_state
from gremlinrules.gnaughty_gnomes.state import Phase, State, checked_options
from gremlinrules.gnaughty_gnomes.tables import PLAYED, READINGS

__all__ = ["GAME_ID", "STATE_BYTES", "GnaughtyGnomes", "from_state", "new", "refusal", "run_playouts"]

GAME_ID = "gnaughty-gnomes"
_TITLE = "Gnaughty Gnomes"

cdef enum:
    NPOS = 4          # table positions, whatever the seat count (GG-2P-1)
    NSUITS = 4
    WHITE = 4         # the colour code of the white centre hex
    NHEX = 13         # GG-BOARD-1
    CENTER = 6
    NSPOTS = 92       # the board's edges (52) then vertices (40)
    NUMBERED = 32     # CARDS: the 32 numbered cards by suit then rank, then the four X cards
    NCARDS = 36
    RANKS = 8
    TRICKS = 8        # GG-END-1
    GNOMES = 8        # GG-SETUP-4
    HAND = 8          # GG-SETUP-2
    DOWN = 4          # GG-2P-2: a dummy's face-down (and face-up) piles
    NONE = -1         # no card in a pile's slot
    # the action space (actions.ACTIONS): the first index of each kind
    A_PLAY = 0        # Play by card index
    A_PLAYX = 32      # PlayX by suit, rank, low before high
    A_PLACE = 96      # Place by suit and spot
    A_FLIP = 464      # Flip by suit
    N_ACTIONS = 468
    # placement readings (tables.READINGS): winner, middle, loser, loser with any vertex
    R_WINNER = 0
    R_MIDDLE = 1
    R_LOSER = 2
    R_ANY = 3

cdef extern from *:
    """
    #define GG_NUMBERED_BITS 0xFFFFFFFFULL
    static inline int gg_lowest(unsigned long long x) { return __builtin_ctzll(x); }
    """
    const uint64_t NUMBERED_BITS "GG_NUMBERED_BITS"  # the 32 numbered cards' bits
    int _lowest "gg_lowest"(unsigned long long x) noexcept nogil  # the smallest member of a non-empty set

_END_REASONS = ("GG-END-1",)
_MASK = (1 << 64) - 1


# A set of spots: bit s of lo for s < 64, bit s - 64 of hi above.
ctypedef struct M:
    uint64_t lo
    uint64_t hi


# A table's rule readings (the options), as flags.
ctypedef struct Tab:
    int players
    bint loser_any      # GG-PLACE-6 loser_vertex == "any"
    bint widen          # GG-PLACE-8 no_space == "widen"
    bint x_lowest       # GG-END-3 x_tiebreak == "lowest"
    bint triangle       # GG-SETUP-6 setup_clump == "triangle"
    bint any_position   # GG-SETUP-7 first_leader == "any_position"


# A state: every field of State, compacted.
ctypedef struct S:
    uint64_t rng
    M gnomes[2]                   # team_gnomes: team 0 (positions 0, 2) and team 1 (1, 3)
    uint64_t hands[NPOS]          # bit c: the position holds card c
    uint8_t counts[2][NHEX]       # each team's gnomes on each hex's spots (kept with gnomes)
    int8_t piles[NPOS][DOWN][2]   # a dummy's piles: [k][0] face down, [k][1] face up (NONE: empty)
    int32_t scores[2]
    uint8_t layout[NHEX]          # colour codes: SUITS index, WHITE for the centre
    uint8_t suit_hexes[NSUITS][3] # each suit's three hexes, ascending
    uint8_t track[NSUITS]         # suit indices, strongest first
    uint8_t place_of[NSUITS]      # each suit's place on the track
    uint8_t supply[NPOS]
    uint8_t trick                 # tricks finished (0-8)
    uint8_t leader
    uint8_t over
    uint8_t nplays                # cards in the open trick
    uint8_t plays[4]              # their play-action indices, in the order played
    uint8_t order[4]              # indices into plays by turn-order place (winner first)
    uint8_t flipped               # bit i: plays[i] used in the placement round
    uint8_t nstack                # placement frames pending (0 while cards are played)
    uint8_t history[TRICKS][4]    # every finished trick's play-action indices
    uint8_t led[TRICKS]           # and the position that led it


# --- the board's and the cards' tables, read from the Python modules at import --------------

cdef M _HEX_READ[NHEX][4]         # per hex and reading: the spots of colour_spots((h,), reading)
cdef uint8_t _SPOT_NHEX[NSPOTS]   # per spot: how many coloured hexes it touches
cdef uint8_t _SPOT_HEX[NSPOTS][3] # and which
cdef uint16_t _NEIGHBOURS[NHEX]   # per hex: its neighbours as a bit set of hexes
cdef int32_t _VALUES[NSUITS]      # GG-TRACK-1: 5, 4, 3, 2 by track place
cdef int32_t _HALF[NSUITS]        # GG-SCORE-3: half of it, rounded down
cdef uint8_t _BAND[RANKS + 1]     # GG-CLEAN-1: the track place a winning rank moves its suit to
cdef uint8_t _CARD_OF[96]         # per play action: the card played
cdef uint8_t _SUIT_OF[96]         # its suit
cdef uint8_t _RANK_OF[96]         # the rank it counts as (GG-X-1)
cdef uint8_t _WITHIN[96]          # its place within its suit, smaller stronger (GG-TRICK-1, GG-X-2)
cdef uint8_t _STEP_READING[4]     # per turn-order step: its placement reading (loser: touching)


cdef void _set_spot(M* m, int spot) noexcept:
    if spot < 64:
        m.lo |= (<uint64_t>1) << spot
    else:
        m.hi |= (<uint64_t>1) << (spot - 64)


def _load_tables():
    """Fill the C tables from the board and the components, and check the action space's layout."""
    cdef int h, r, s, k, a
    if (len(_board.BOARD.hexes) != NHEX or _board.CENTER != CENTER or _board.N_SPOTS != NSPOTS
            or len(CARDS) != NCARDS or len(ACTIONS) != N_ACTIONS or len(READINGS) != 4):
        raise ImportError("the native Gnaughty Gnomes does not match the board or the action space")
    memset(_HEX_READ, 0, sizeof(_HEX_READ))
    for h in range(NHEX):
        for r in range(4):
            category, any_vertex = READINGS[r]
            for spot in _board.colour_spots((h,), category, any_vertex):
                _set_spot(&_HEX_READ[h][r], spot)
        _NEIGHBOURS[h] = 0
        for other in _board.BOARD.hex_neighbors[h]:
            _NEIGHBOURS[h] |= 1 << other
    for s in range(NSPOTS):
        touching = _board.SPOT_HEXES[s]
        _SPOT_NHEX[s] = len(touching)
        for k in range(len(touching)):
            _SPOT_HEX[s][k] = touching[k]
    for k in range(NSUITS):
        _VALUES[k] = REFERENCE.track_values[k]
        _HALF[k] = REFERENCE.track_values[k] // 2
    for k, band in enumerate(REFERENCE.track_bands):
        for r in band:
            _BAND[r] = k
    _STEP_READING[0] = R_WINNER
    _STEP_READING[1] = R_MIDDLE
    _STEP_READING[2] = R_MIDDLE
    _STEP_READING[3] = R_LOSER
    for a in range(96):
        action = ACTIONS[a]
        if a < A_PLAYX:
            if type(action) is not Play or CARDS.index(action.card) != a:
                raise ImportError("the native Gnaughty Gnomes does not match the action space")
            _CARD_OF[a] = a
            _SUIT_OF[a] = SUITS.index(action.card.suit)
            _RANK_OF[a] = action.card.rank
            _WITHIN[a] = 28 - 3 * action.card.rank
        else:
            if type(action) is not PlayX or (a - A_PLAYX) != (SUITS.index(action.suit) * 16
                                                              + (action.rank - 1) * 2 + action.high):
                raise ImportError("the native Gnaughty Gnomes does not match the action space")
            _CARD_OF[a] = NUMBERED + SUITS.index(action.suit)
            _SUIT_OF[a] = SUITS.index(action.suit)
            _RANK_OF[a] = action.rank
            _WITHIN[a] = 28 - 3 * action.rank + (-1 if action.high else 1)  # GG-X-2
    for a in range(A_PLACE, A_FLIP):
        action = ACTIONS[a]
        if type(action) is not Place or (a - A_PLACE) != SUITS.index(action.suit) * NSPOTS + action.spot:
            raise ImportError("the native Gnaughty Gnomes does not match the action space")
    for a in range(A_FLIP, N_ACTIONS):
        if type(ACTIONS[a]) is not Flip or SUITS.index(ACTIONS[a].suit) != a - A_FLIP:
            raise ImportError("the native Gnaughty Gnomes does not match the action space")


_load_tables()


# --- the table -------------------------------------------------------------------------------

cdef class GgTable(NativeTable):
    cdef Tab tab


_TABLES = {}
_DEFAULT = {}  # players -> the table of the default options (new(players, seed) in a hurry)


cdef GgTable _table(int players, options):
    """The table of ``players`` and ``options`` (a checked Options), made once."""
    key = (players, options)
    cdef GgTable t = _TABLES.get(key)
    if t is not None:
        return t
    t = GgTable(GAME_ID, players, options, ACTIONS, _END_REASONS, _MODULE)
    t.tab.players = players
    t.tab.loser_any = options.loser_vertex == "any"
    t.tab.widen = options.no_space == "widen"
    t.tab.x_lowest = options.x_tiebreak == "lowest"
    t.tab.triangle = options.setup_clump == "triangle"
    t.tab.any_position = options.first_leader == "any_position"
    if len(_TABLES) >= 256:  # a bounded cache (there are 2 x 64 tables; a safety net all the same)
        _TABLES.clear()
    _TABLES[key] = t
    return t


# --- the rules, on the struct -----------------------------------------------------------------

cdef inline int _suit_of_card(int card) noexcept nogil:
    return card >> 3 if card < NUMBERED else card - NUMBERED


cdef inline int _to_act(const S* s) noexcept nogil:
    """flow.position_to_act: the placing position of the frame on top, else the next to play."""
    if s.nstack:
        return (s.leader + s.order[4 - s.nstack]) & 3
    return (s.leader + s.nplays) & 3


cdef inline uint64_t _playable(const S* s, int pos) noexcept nogil:
    """rules.playable: the position's held cards and a dummy's face-up pile tops (GG-PLAY-1,
    GG-2P-2), as a bit set of cards."""
    cdef uint64_t cards = s.hands[pos]
    cdef int k
    if (s.piles[pos][0][1] & s.piles[pos][1][1] & s.piles[pos][2][1] & s.piles[pos][3][1]) != NONE:
        for k in range(DOWN):  # some pile has a face-up card (NONE is -1: every bit set)
            if s.piles[pos][k][1] >= 0:
                cards |= (<uint64_t>1) << s.piles[pos][k][1]
    return cards


cdef inline int _unflipped(const S* s) noexcept nogil:
    """rules.unflipped_suits: the suits of the trick's cards not yet used, as a bit set (GG-PLACE-3)."""
    cdef int i, mask = 0
    for i in range(4):
        if not s.flipped >> i & 1:
            mask |= 1 << _SUIT_OF[s.plays[i]]
    return mask


cdef inline M _open(const S* s, int suit, int reading) noexcept nogil:
    """The open spots (GG-PLACE-7) a card of ``suit`` allows under a placement reading: rules.spot_allowed
    over the suit's three hexes (GG-PLACE-2, GG-PLACE-4, GG-PLACE-5, GG-PLACE-6)."""
    cdef const uint8_t* h = s.suit_hexes[suit]
    cdef const M* a = _HEX_READ[h[0]]
    cdef const M* b = _HEX_READ[h[1]]
    cdef const M* c = _HEX_READ[h[2]]
    cdef M m
    m.lo = (a[reading].lo | b[reading].lo | c[reading].lo) & ~(s.gnomes[0].lo | s.gnomes[1].lo)
    m.hi = (a[reading].hi | b[reading].hi | c[reading].hi) & ~(s.gnomes[0].hi | s.gnomes[1].hi)
    return m


cdef inline int32_t* _emit(M m, int base, int32_t* out) noexcept nogil:
    """The spots of ``m`` as indices from ``base``, ascending, written from ``out``; the end written."""
    cdef uint64_t w = m.lo
    while w:
        out[0] = base + _lowest(w)
        out += 1
        w &= w - 1
    w = m.hi
    base += 64
    while w:
        out[0] = base + _lowest(w)
        out += 1
        w &= w - 1
    return out


cdef inline int _reading(const Tab* tab, int step) noexcept nogil:
    """The placement reading of turn-order step 0-3 (place 1 winner ... 4 loser)."""
    if step == 3 and tab.loser_any:
        return R_ANY
    return _STEP_READING[step]


cdef int _spots_into(const S* s, int reading, int suits, int32_t* out) noexcept nogil:
    """rules._spots: Place indices by suit then spot for the unflipped ``suits`` (``out`` may be
    NULL: then only whether there is one, 0 or 1)."""
    cdef int suit
    cdef int32_t* end = out
    cdef M m
    while suits:
        suit = _lowest(suits)
        suits &= suits - 1
        m = _open(s, suit, reading)
        if m.lo or m.hi:
            if out == NULL:
                return 1
            end = _emit(m, A_PLACE + suit * NSPOTS, end)
    return end - out


cdef int _legal(const S* s, const Tab* tab, int32_t* out) noexcept nogil:
    """Every legal index, ascending: the plays of the position to act, or the placement frame's
    choices (rules.play_choices, rules.place_choices)."""
    cdef int n = 0, pos, suit, suits, step, k
    cdef uint64_t cards, w
    if s.over:
        return 0
    pos = _to_act(s)
    if not s.nstack:  # GG-PLAY-1: any card it may play, whatever was led
        cards = _playable(s, pos)
        w = cards & NUMBERED_BITS
        while w:
            out[n] = A_PLAY + _lowest(w)
            n += 1
            w &= w - 1
        w = cards >> NUMBERED
        while w:  # GG-X-1: an X card, declared 1-8 and low or high
            suit = _lowest(w)
            for k in range(16):
                out[n] = A_PLAYX + suit * 16 + k
                n += 1
            w &= w - 1
        return n
    suits = _unflipped(s)
    step = 4 - s.nstack
    if s.supply[pos] > 0:
        n = _spots_into(s, _reading(tab, step), suits, out)
        if not n and tab.widen:  # GG-PLACE-8, option "widen": the loser's spots
            n = _spots_into(s, _reading(tab, 3), suits, out)
        if n:
            return n
    for suit in range(NSUITS):  # GG-PLACE-8: no legal spot, flip a card and place nothing
        if suits >> suit & 1:
            out[n] = A_FLIP + suit
            n += 1
    return n


cdef bint _is_legal(const S* s, const Tab* tab, int a) noexcept nogil:
    """Whether index ``a`` is among ``_legal``'s, without listing them."""
    cdef int pos, suits, suit, spot, step
    cdef M m
    if s.over:
        return False
    pos = _to_act(s)
    if not s.nstack:
        return a < A_PLACE and (_playable(s, pos) >> _CARD_OF[a] & 1)
    if a < A_PLACE:
        return False
    suits = _unflipped(s)
    step = 4 - s.nstack
    if a >= A_FLIP:
        if not suits >> (a - A_FLIP) & 1:
            return False
        if s.supply[pos] == 0:
            return True
        if _spots_into(s, _reading(tab, step), suits, NULL):
            return False
        return not (tab.widen and _spots_into(s, _reading(tab, 3), suits, NULL))
    suit = (a - A_PLACE) // NSPOTS
    spot = (a - A_PLACE) % NSPOTS
    if not suits >> suit & 1 or s.supply[pos] == 0:
        return False
    m = _open(s, suit, _reading(tab, step))
    if (m.hi >> (spot - 64) & 1) if spot >= 64 else (m.lo >> spot & 1):
        return True
    if not tab.widen or _spots_into(s, _reading(tab, step), suits, NULL):
        return False
    m = _open(s, suit, _reading(tab, 3))
    return (m.hi >> (spot - 64) & 1) if spot >= 64 else (m.lo >> spot & 1)


cdef void _rank_trick(S* s) noexcept nogil:
    """flow.trick_ranked: the turn order (GG-TRICK-1, GG-TRICK-2, GG-X-2), the winner's point
    (GG-PLACE-1) and the four placements pending."""
    cdef int keys[4]
    cdef int i, j, key
    for i in range(4):  # the suit's place on the track, then the place within it; all distinct
        keys[i] = ((s.place_of[_SUIT_OF[s.plays[i]]] * 32 + _WITHIN[s.plays[i]]) << 2) | i
    for i in range(1, 4):
        key = keys[i]
        j = i - 1
        while j >= 0 and keys[j] > key:
            keys[j + 1] = keys[j]
            j -= 1
        keys[j + 1] = key
    for i in range(4):
        s.order[i] = keys[i] & 3
    s.scores[(s.leader + s.order[0]) & 1] += 1  # GG-PLACE-1: the trick winner's team point
    s.flipped = 0
    s.nstack = 4


cdef void _clean_up(S* s, const Tab* tab) noexcept nogil:
    """flow.clean_up: the winning suit moves by the winning rank (GG-CLEAN-1, GG-CLEAN-4); the cards
    are discarded but kept on record (GG-CLEAN-2); uncovered dummy cards turn face up (GG-2P-4);
    the trick loser leads (GG-CLEAN-3); after the eighth trick the game is over (GG-END-1)."""
    cdef int pos, k, i, c, won = s.plays[s.order[0]]
    cdef int suit = _SUIT_OF[won]
    cdef int place = _BAND[_RANK_OF[won]]
    cdef uint8_t rest[NSUITS]
    if tab.players == 2:
        for pos in range(2, NPOS):
            for k in range(DOWN):
                if s.piles[pos][k][1] < 0 and s.piles[pos][k][0] >= 0:
                    s.piles[pos][k][1] = s.piles[pos][k][0]
                    s.piles[pos][k][0] = NONE
    c = 0
    for i in range(NSUITS):
        if s.track[i] != suit:
            rest[c] = s.track[i]
            c += 1
    c = 0
    for i in range(NSUITS):
        if i == place:
            s.track[i] = suit
        else:
            s.track[i] = rest[c]
            c += 1
    for i in range(NSUITS):
        s.place_of[s.track[i]] = i
    for i in range(4):
        s.history[s.trick][i] = s.plays[i]
    s.led[s.trick] = s.leader
    s.leader = (s.leader + s.order[3]) & 3
    s.trick += 1
    s.over = s.trick == TRICKS
    s.nplays = 0
    s.nstack = 0
    s.flipped = 0


cdef int32_t _placed(S* s, int team, int spot) noexcept nogil:
    """The team's gnome on ``spot`` and what it scores (trick.score_placement): each coloured hex it
    touches (GG-SCORE-5) with an opponent there scores its value for a new majority (GG-SCORE-2),
    half for a new tie (GG-SCORE-3), else nothing (GG-SCORE-4)."""
    cdef int32_t points = 0
    cdef int k, h, mine, theirs
    if spot < 64:
        s.gnomes[team].lo |= (<uint64_t>1) << spot
    else:
        s.gnomes[team].hi |= (<uint64_t>1) << (spot - 64)
    for k in range(_SPOT_NHEX[spot]):
        h = _SPOT_HEX[spot][k]
        s.counts[team][h] += 1
        theirs = s.counts[1 - team][h]
        if theirs == 0:
            continue
        mine = s.counts[team][h]
        if mine == theirs + 1:
            points += _VALUES[s.place_of[s.layout[h]]]
        elif mine == theirs:
            points += _HALF[s.place_of[s.layout[h]]]
    return points


cdef void _play(S* s, const Tab* tab, int a) noexcept nogil:
    """The effect of the legal action of index ``a``: rules.play, or rules.resume_place."""
    cdef int pos = _to_act(s)
    cdef int card, k, i, suit, spot, team
    cdef uint64_t bit
    if not s.nstack:  # rules.play: from the hand, or a dummy's face-up pile (GG-2P-4 later)
        card = _CARD_OF[a]
        bit = (<uint64_t>1) << card
        if s.hands[pos] & bit:
            s.hands[pos] &= ~bit
        else:
            for k in range(DOWN):
                if s.piles[pos][k][1] == card:
                    s.piles[pos][k][1] = NONE
                    break
        s.plays[s.nplays] = a
        s.nplays += 1
        if s.nplays == 4:
            _rank_trick(s)
        return
    if a >= A_FLIP:  # GG-PLACE-8
        suit = a - A_FLIP
    else:
        suit = (a - A_PLACE) // NSPOTS
    for i in range(4):  # GG-PLACE-9: the first-played unflipped card of the colour flips
        if not s.flipped >> i & 1 and _SUIT_OF[s.plays[i]] == suit:
            s.flipped |= 1 << i
            break
    if a < A_FLIP:  # GG-SCORE-1: the team's gnome from the position's supply, scored at once
        team = pos & 1
        s.supply[pos] -= 1
        s.scores[team] += _placed(s, team, (a - A_PLACE) % NSPOTS)
    s.nstack -= 1
    if not s.nstack:
        _clean_up(s, tab)


cdef inline int _clumped(const uint8_t* cells, bint triangle) noexcept nogil:
    """board._first_clumped: the first suit whose three hexes clump (GG-SETUP-6), or -1: its hexes
    touch pairwise at least twice (``"connected"``: a chain or a triangle) or three times
    (``"triangle"``)."""
    cdef uint8_t hexes[NSUITS + 1][3]
    cdef uint8_t count[NSUITS + 1]
    cdef int suit, h, a, b, c
    memset(count, 0, sizeof(count))
    for h in range(NHEX):
        suit = cells[h]
        if count[suit] < 3:
            hexes[suit][count[suit]] = h
            count[suit] += 1
    for suit in range(NSUITS):
        a = hexes[suit][0]
        b = hexes[suit][1]
        c = hexes[suit][2]
        if (_NEIGHBOURS[a] >> b & 1) + (_NEIGHBOURS[a] >> c & 1) + (_NEIGHBOURS[b] >> c & 1) \
                >= (3 if triangle else 2):
            return suit
    return -1


cdef void _garden(S* s, const Tab* tab) noexcept nogil:
    """board.random_layout: a random garden, the white centre, then the clump correction (GG-SETUP-6):
    a clumped suit's hex (at random) swaps with a random hex of another suit touching none of the
    rest, for up to 50 rounds; with no such hex, or after 50, the garden is dealt again."""
    cdef uint8_t cols[NHEX - 1]
    cdef uint8_t own[3]
    cdef uint8_t targets[NHEX]
    cdef int h, k, bad, mover, target, nt, rnd
    cdef uint32_t others
    cdef uint8_t* cells = s.layout
    while True:
        for k in range(NHEX - 1):
            cols[k] = k // 3  # the coloured hexes suit by suit (board._COLOURS)
        sm_shuffle_u8(&s.rng, cols, NHEX - 1)
        for h in range(CENTER):
            cells[h] = cols[h]
        cells[CENTER] = WHITE
        for h in range(CENTER + 1, NHEX):
            cells[h] = cols[h - 1]
        for rnd in range(50):
            bad = _clumped(cells, tab.triangle)
            if bad < 0:
                return
            k = 0
            for h in range(NHEX):
                if cells[h] == bad:
                    own[k] = h
                    k += 1
            mover = own[sm_below(&s.rng, 3)]
            others = 0
            for k in range(3):
                if own[k] != mover:
                    others |= 1u << own[k]
            nt = 0
            for h in range(NHEX):
                if cells[h] != bad and h != CENTER and not (_NEIGHBOURS[h] & others):
                    targets[nt] = h
                    nt += 1
            if not nt:
                break
            target = targets[sm_below(&s.rng, nt)]
            k = cells[mover]
            cells[mover] = cells[target]
            cells[target] = k


cdef void _index_garden(S* s) noexcept nogil:
    """Each suit's three hexes, ascending, and each suit's place on the track."""
    cdef int h, k
    cdef int count[NSUITS]
    for k in range(NSUITS):
        count[k] = 0
        s.place_of[s.track[k]] = k
    for h in range(NHEX):
        k = s.layout[h]
        if k < NSUITS and count[k] < 3:
            s.suit_hexes[k][count[k]] = h
            count[k] += 1


cdef void _deal(S* s, const Tab* tab, uint64_t seed) noexcept nogil:
    """setup.new_game without a stacked setup: the numbered cards eight a position (GG-SETUP-2) and
    the X cards one each (GG-SETUP-3), a dummy's as four face-down piles under four face-up cards
    and its X card face up (GG-2P-2); eight gnomes a position (GG-SETUP-4); the garden
    (GG-SETUP-6); the track in a random order (GG-SETUP-5); a random start (GG-SETUP-1, GG-SETUP-7)."""
    cdef uint8_t numbered[NUMBERED]
    cdef uint8_t xs[NSUITS]
    cdef int pos, k
    memset(s, 0, sizeof(S))
    memset(s.piles, NONE, sizeof(s.piles))
    s.rng = seed
    for k in range(NUMBERED):
        numbered[k] = k
    sm_shuffle_u8(&s.rng, numbered, NUMBERED)
    for k in range(NSUITS):
        xs[k] = NUMBERED + k
    sm_shuffle_u8(&s.rng, xs, NSUITS)
    for pos in range(NPOS):
        s.hands[pos] = (<uint64_t>1) << xs[pos]
        if tab.players == 2 and pos >= 2:  # a dummy: the first four face down, the next four on them
            for k in range(DOWN):
                s.piles[pos][k][0] = numbered[pos * HAND + k]
                s.piles[pos][k][1] = numbered[pos * HAND + DOWN + k]
        else:
            for k in range(HAND):
                s.hands[pos] |= (<uint64_t>1) << numbered[pos * HAND + k]
        s.supply[pos] = GNOMES
    _garden(s, tab)
    for k in range(NSUITS):
        s.track[k] = k
    sm_shuffle_u8(&s.rng, s.track, NSUITS)
    s.leader = <uint8_t>sm_below(&s.rng, 4 if tab.any_position else <uint64_t>tab.players)
    _index_garden(s)


cdef int _strongest_left(const S* s, const Tab* tab, int team) noexcept nogil:
    """trick.strongest_left as one number, smaller stronger (GG-END-2, GG-END-3): the suit's track
    place, then the rank, then an X card's tie; 99 places down when the team holds nothing."""
    cdef int best = 99 * 64 + 8 * 4 + 1, key, pos, k, j, card, place
    cdef uint64_t cards
    for pos in range(team, NPOS, 2):  # the team's two positions
        cards = s.hands[pos]
        for k in range(DOWN):
            for j in range(2):
                if s.piles[pos][k][j] >= 0:
                    cards |= (<uint64_t>1) << s.piles[pos][k][j]
        while cards:
            card = _lowest(cards)
            cards &= cards - 1
            place = s.place_of[_suit_of_card(card)] * 64
            if card < NUMBERED:
                key = place + (8 - ((card & 7) + 1)) * 4 + 1
            elif tab.x_lowest:  # weaker than every numbered card of its suit
                key = place + 8 * 4 + 1
            else:  # an 8 declared high
                key = place
            if key < best:
                best = key
    return best


STATE_BYTES = sizeof(S)
"""The size of a native state's struct (the table it shares is not counted)."""


# --- native observations (issue 30): the fields of the View, as the adapters encode them -----

_OBS_CONSTANT = ("seat", "players", "options")
"""The View's fields equal in every state of a seat: encoded once, in Python (the template)."""

cdef enum:
    NCOLOURS = 5      # Colour's members: the four suits and white, one-hot in its order
    OBS_CARD = 1 + NCOLOURS  # a Card: its suit one-hot, its rank
    OBS_PLAYED = 1 + OBS_CARD + 2  # a Played: position, card, rank, high
    OBS_HELD = 9      # hints.py: a hand or a position's face-up cards, at most 9
    # the dynamic fields, in the order of _obs_dynamic (their offsets in the plan)
    O_CURRENT = 0
    O_PHASE = 1
    O_PENDING = 2
    O_SCORES = 3
    O_WINNERS = 4
    O_TO_ACT = 5
    O_TEAMS = 6
    O_LAYOUT = 7
    O_TRACK = 8
    O_HAND = 9
    O_FACE_UP = 10
    O_FACE_DOWN = 11
    O_HAND_SIZES = 12
    O_GNOMES = 13
    O_SUPPLY = 14
    O_TRICK = 15
    O_LEADER = 16
    O_PLAYS = 17
    O_ORDER = 18
    O_FLIPPED = 19
    O_HISTORY = 20


cdef tuple _obs_dynamic(int n):
    """The dynamic fields and the sizes this module writes for ``n`` players (encoding.py's
    rules over hints.py's capacities: a tuple is its length then its slots; an enum one-hot)."""
    return (("current_player", 2), ("phase", 2), ("pending", 4), ("scores", 1 + n), ("winners", 1 + n),
            ("position_to_act", 2), ("team_scores", 2), ("layout", 1 + NHEX * NCOLOURS),
            ("track", 1 + NSUITS * NCOLOURS), ("hand", 2 + OBS_HELD * OBS_CARD),
            ("face_up", 1 + NPOS * (1 + OBS_HELD * OBS_CARD)), ("face_down", 1 + NPOS),
            ("hand_sizes", 1 + NPOS), ("gnomes", 1 + NSPOTS * 2), ("supply", 1 + NPOS), ("trick", 1),
            ("leader", 1), ("plays", 1 + 4 * OBS_PLAYED), ("order", 1 + 4), ("flipped", 1 + 4),
            ("history", 1 + TRICKS * (1 + 4 * OBS_PLAYED)))


cdef extern from *:
    int _popcount "__builtin_popcountll"(unsigned long long x) noexcept nogil

cdef uint8_t _OBS_COLOUR[NCOLOURS]  # per colour code (SUITS, then white): its place in Colour
cdef uint8_t _OBS_SUIT[NCARDS]      # per card: its suit's place in Colour
cdef uint8_t _OBS_RANK[NCARDS]      # and its rank (0: an X card)
cdef uint8_t _OBS_HIGH[96]          # per play action: declared high (an X card)


def _load_observation_tables():
    colours = list(Colour)
    if len(colours) != NCOLOURS:
        raise ImportError("the native Gnaughty Gnomes observation does not match Colour")
    for k in range(NCOLOURS):
        _OBS_COLOUR[k] = colours.index(_COLOURS[k])
    for c in range(NCARDS):
        _OBS_SUIT[c] = colours.index(CARDS[c].suit)
        _OBS_RANK[c] = CARDS[c].rank
    for a in range(96):
        _OBS_HIGH[a] = bool(getattr(ACTIONS[a], "high", False))


cdef inline void _obs_card(float* out, int card) noexcept nogil:
    out[_OBS_SUIT[card]] = 1
    out[NCOLOURS] = _OBS_RANK[card]


cdef inline void _obs_played(float* out, int position, int a) noexcept nogil:
    """A Played record: the position, the card, the rank it counts as, high or low."""
    out[0] = position
    _obs_card(out + 1, _CARD_OF[a])
    out[1 + OBS_CARD] = _RANK_OF[a]
    out[2 + OBS_CARD] = _OBS_HIGH[a]


cdef inline int _obs_cards(float* out, uint64_t bits) noexcept nogil:
    """Cards of a bit set, ascending (a hand's order), from ``out``; how many."""
    cdef int k = 0
    while bits:
        _obs_card(out + k * OBS_CARD, _lowest(bits))
        bits &= bits - 1
        k += 1
    return k


cdef void _observe(const S* s, const Tab* tab, const int* off, float* out, int seat, int to_move,
                   int32_t* scores, uint32_t winners, bint hide_history) noexcept nogil:
    """Writes the dynamic fields of ``observe(state, seat)`` (-1: the spectator) at ``off`` into
    ``out``, whose dynamic fields are zero (GG-VIEW-1: no other hand and no face-down dummy card;
    GG-VIEW-2: at the end every card left is face up)."""
    cdef int n = tab.players, p, k, t, i, c, up, down
    cdef float* f
    cdef float* g
    if not s.over:
        out[off[O_CURRENT]] = 1
        out[off[O_CURRENT] + 1] = to_move
        out[off[O_TO_ACT]] = 1
        out[off[O_TO_ACT] + 1] = _to_act(s)
    out[off[O_PHASE] + (1 if s.over else 0)] = 1
    if s.nstack:  # the placement frame on top: its seat, position and turn-order place
        f = out + off[O_PENDING]
        f[0] = 1
        f[1] = to_move
        f[2] = _to_act(s)
        f[3] = 5 - s.nstack
    write_results(out + off[O_SCORES], out + off[O_WINNERS], n, scores, winners)
    out[off[O_TEAMS]] = s.scores[0]
    out[off[O_TEAMS] + 1] = s.scores[1]
    f = out + off[O_LAYOUT]
    f[0] = NHEX
    for k in range(NHEX):
        f[1 + k * NCOLOURS + _OBS_COLOUR[s.layout[k]]] = 1
    f = out + off[O_TRACK]
    f[0] = NSUITS
    for k in range(NSUITS):
        f[1 + k * NCOLOURS + _OBS_COLOUR[s.track[k]]] = 1
    if seat >= 0:
        f = out + off[O_HAND]
        f[0] = 1
        f[1] = _obs_cards(f + 2, s.hands[seat])
    for p in range(NPOS):
        up = down = 0
        for k in range(DOWN):
            if s.piles[p][k][0] >= 0:
                down += 1
            if s.piles[p][k][1] >= 0:
                up += 1
        out[off[O_FACE_DOWN] + 1 + p] = down
        out[off[O_HAND_SIZES] + 1 + p] = _popcount(s.hands[p]) + down + up
        if (n == 2 and p >= 2) or s.over:  # a dummy's cards lie face up, and every card at the end
            f = out + off[O_FACE_UP] + 1 + p * (1 + OBS_HELD * OBS_CARD)
            c = _obs_cards(f + 1, s.hands[p])
            for k in range(DOWN):
                if s.piles[p][k][1] >= 0:
                    _obs_card(f + 1 + c * OBS_CARD, s.piles[p][k][1])
                    c += 1
            f[0] = c
        out[off[O_SUPPLY] + 1 + p] = s.supply[p]
    out[off[O_FACE_UP]] = NPOS
    out[off[O_FACE_DOWN]] = NPOS
    out[off[O_HAND_SIZES]] = NPOS
    out[off[O_SUPPLY]] = NPOS
    f = out + off[O_GNOMES]
    f[0] = NSPOTS
    for k in range(NSPOTS):
        for t in range(2):
            if (s.gnomes[t].lo >> k & 1) if k < 64 else (s.gnomes[t].hi >> (k - 64) & 1):
                f[1 + 2 * k] = 1
                f[2 + 2 * k] = t
    out[off[O_TRICK]] = s.trick
    out[off[O_LEADER]] = s.leader
    f = out + off[O_PLAYS]
    f[0] = s.nplays
    for i in range(s.nplays):
        _obs_played(f + 1 + i * OBS_PLAYED, (s.leader + i) & 3, s.plays[i])
    if s.nstack:
        out[off[O_ORDER]] = 4
        out[off[O_FLIPPED]] = 4
        for i in range(4):
            out[off[O_ORDER] + 1 + i] = s.order[i]
            out[off[O_FLIPPED] + 1 + i] = s.flipped >> i & 1
    if not hide_history:  # past tricks stay public (GG-CLEAN-2) unless the table hides them
        f = out + off[O_HISTORY]
        f[0] = s.trick
        for t in range(s.trick):
            g = f + 1 + t * (1 + 4 * OBS_PLAYED)
            g[0] = 4
            for i in range(4):
                _obs_played(g + 1 + i * OBS_PLAYED, (s.led[t] + i) & 3, s.history[t][i])


# --- the native game ----------------------------------------------------------------------------

@cython.final
cdef class GnaughtyGnomes(NativeGame):
    """A Gnaughty Gnomes game in native code."""

    cdef S s
    cdef const Tab* tab

    cdef int legal_into(self, int32_t* out) noexcept nogil:
        return _legal(&self.s, self.tab, out)

    cdef bint is_legal_index(self, int32_t action) noexcept nogil:
        return _is_legal(&self.s, self.tab, action)

    cdef bint redeal(self, int seat, uint64_t seed) noexcept nogil:
        """GG-VIEW-1, GG-2P-5, as hidden.sample_hidden: the hidden hands' cards (position by
        position, in card order) then the dummies' face-down cards (pile by pile) make the pool; its
        X cards and its numbered cards are shuffled apart (X first), a hidden hand that held an X
        card gets one back and numbered cards for the rest, then each face-down card is replaced in
        turn; at the end (GG-VIEW-2) only the generator changes."""
        cdef S* s = &self.s
        cdef uint8_t xs[NPOS]
        cdef uint8_t plain[NCARDS]
        cdef int nx = 0, nplain = 0, ix = 0, iplain = 0, pos, k, size
        cdef uint64_t bits
        cdef bint has_x
        cdef bint dummy_table = self.tab.players == 2
        cdef uint64_t rng = seed
        if s.over:
            s.rng = rng
            return True
        for pos in range(NPOS):
            if pos == seat or (dummy_table and pos >= 2):
                continue
            bits = s.hands[pos]
            while bits:
                k = _lowest(bits)
                if k >= NUMBERED:
                    xs[nx] = <uint8_t>k
                    nx += 1
                else:
                    plain[nplain] = <uint8_t>k
                    nplain += 1
                bits &= bits - 1
        if dummy_table:
            for pos in range(2, NPOS):
                for k in range(DOWN):
                    if s.piles[pos][k][0] >= 0:
                        plain[nplain] = <uint8_t>s.piles[pos][k][0]
                        nplain += 1
        sm_shuffle_u8(&rng, xs, nx)
        sm_shuffle_u8(&rng, plain, nplain)
        for pos in range(NPOS):
            if pos == seat or (dummy_table and pos >= 2):
                continue
            bits = s.hands[pos]
            size = 0
            has_x = False
            while bits:
                if _lowest(bits) >= NUMBERED:
                    has_x = True
                size += 1
                bits &= bits - 1
            bits = 0
            for k in range(size - has_x):
                bits |= (<uint64_t>1) << plain[iplain]
                iplain += 1
            if has_x:
                bits |= (<uint64_t>1) << xs[ix]
                ix += 1
            s.hands[pos] = bits
        if dummy_table:
            for pos in range(2, NPOS):
                for k in range(DOWN):
                    if s.piles[pos][k][0] >= 0:
                        s.piles[pos][k][0] = <int8_t>plain[iplain]
                        iplain += 1
        s.rng = rng
        return True

    cdef void play(self, int32_t action) noexcept nogil:
        _play(&self.s, self.tab, action)

    cdef int to_move(self) noexcept nogil:
        """flow.current_player: a dummy's decisions are its partner's (GG-2P-3)."""
        if self.s.over:
            return -1
        return _to_act(&self.s) if self.tab.players == 4 else _to_act(&self.s) & 1

    cdef void scores_into(self, int32_t* out) noexcept nogil:
        """view.scores: partners share their team's score."""
        out[0] = self.s.scores[0]
        out[1] = self.s.scores[1]
        if self.tab.players == 4:
            out[2] = self.s.scores[0]
            out[3] = self.s.scores[1]

    cdef uint32_t winners_mask(self) noexcept nogil:
        """view.winners: the higher score (GG-END-1), else the strongest card left (GG-END-2)."""
        cdef int team
        if not self.s.over:
            return 0
        if self.s.scores[0] != self.s.scores[1]:
            team = 0 if self.s.scores[0] > self.s.scores[1] else 1
        else:
            team = 0 if _strongest_left(&self.s, self.tab, 0) < _strongest_left(&self.s, self.tab, 1) else 1
        return (1u << team) if self.tab.players == 2 else (1u << team) | (1u << (team + 2))

    cdef int end_code(self) noexcept nogil:
        return 0 if self.s.over else -1

    cdef void deal(self, uint64_t seed) noexcept nogil:
        _deal(&self.s, self.tab, seed)

    cdef bint load(self, NativeGame source) noexcept nogil:
        self.s = (<GnaughtyGnomes>source).s
        return True

    cdef NativeGame copy(self):
        cdef GnaughtyGnomes other = GnaughtyGnomes.__new__(GnaughtyGnomes)
        other.table = self.table
        other.tab = self.tab
        other.s = self.s
        return other

    def to_state(self):
        """The game's State, equal to the one the rule book reaches."""
        cdef const S* s = &self.s
        cdef int players = self.tab.players
        cdef int pos, k, t
        cdef int8_t down, up
        piles = []
        for pos in range(NPOS):
            if players == 2 and pos >= 2:
                row = []
                for k in range(DOWN):
                    down = s.piles[pos][k][0]
                    up = s.piles[pos][k][1]
                    row.append((None if down < 0 else _CARDS[down], None if up < 0 else _CARDS[up]))
                piles.append(tuple(row))
            else:
                piles.append(())
        records = _RECORDS
        plays = tuple([records[(s.leader + i) & 3][s.plays[i]] for i in range(s.nplays)])
        if s.nstack:
            order = tuple([s.order[i] for i in range(4)])
            flipped = tuple([bool(s.flipped >> i & 1) for i in range(4)])
            stack = tuple([placement_frame(players, place, (s.leader + s.order[place - 1]) & 3)
                           for place in range(4, 4 - s.nstack, -1)])
        else:
            order = flipped = stack = ()
        return State(
            players=players, options=self.table.options,
            layout=tuple([_COLOURS[s.layout[k]] for k in range(NHEX)]),
            track=tuple([_SUITS[s.track[k]] for k in range(NSUITS)]),
            hands=tuple([_cards(s.hands[pos]) for pos in range(NPOS)]),
            piles=tuple(piles),
            team_gnomes=(_spots_int(s.gnomes[0]), _spots_int(s.gnomes[1])),
            supply=tuple([s.supply[pos] for pos in range(NPOS)]),
            team_scores=(s.scores[0], s.scores[1]),
            trick=s.trick, leader=s.leader, phase=_OVER if s.over else _PLAY,
            plays=plays, order=order, flipped=flipped, stack=stack,
            history=tuple([tuple([records[(s.led[t] + i) & 3][s.history[t][i]] for i in range(4)])
                           for t in range(s.trick)]),
            rng=Rng(s.rng),
        )

    # --- native observations (issue 30) -------------------------------------------------------

    cdef object make_observation_plan(self):
        return ObservationPlan(self.table, _OBS_CONSTANT, _obs_dynamic(self.tab.players))

    cdef int observation_fill(self, object plan, float* out, int seat) except -1:
        cdef int32_t scores[NPOS]
        cdef bint hide = self.table.options.past_tricks == "hidden"
        self.scores_into(scores)
        _observe(&self.s, self.tab, (<ObservationPlan>plan).offset, out, seat, self.to_move(), scores,
                 self.winners_mask(), hide)
        return 0


cdef tuple _cards(uint64_t bits):
    out = []
    while bits:
        out.append(_CARDS[_lowest(bits)])
        bits &= bits - 1
    return tuple(out)


cdef object _spots_int(M m):
    return m.lo | (<object>m.hi) << 64


_CARDS = CARDS
_SUITS = SUITS
_COLOURS = (*SUITS, Colour.WHITE)
_OVER = Phase.OVER
_PLAY = Phase.PLAY
_RECORDS = tuple(tuple(PLAYED[ACTIONS[a]][pos] for a in range(96)) for pos in range(NPOS))
"""Per position and play index, the interned trick record (the one ``apply`` makes)."""
_CARD_INDEX = {c: i for i, c in enumerate(CARDS)}
_COLOUR_CODE = {c: i for i, c in enumerate(_COLOURS)}
_load_observation_tables()


cdef GnaughtyGnomes _game(GgTable table):
    cdef GnaughtyGnomes game = GnaughtyGnomes.__new__(GnaughtyGnomes)
    game.table = table
    game.tab = &table.tab
    return game


def new(players, seed=0, options=None):
    """A native game with the deal of ``new_game(players, seed, options=options)``; the same errors."""
    cdef GgTable table = None
    cdef uint64_t start
    cdef GnaughtyGnomes game
    if options is None and type(players) is int:
        table = _DEFAULT.get(players)
    if table is not None:
        if type(seed) is int and 0 <= seed <= _MASK:  # the usual seed, read in C
            start = seed
        else:
            start = check_seed(seed) & _MASK
    else:  # new_game's checks, in its order
        n = check_players(players, 2, 4, _TITLE)
        if n == 3:
            raise SetupError("Gnaughty Gnomes is played by 4 players, or 2 with dummy partners; not 3")
        start = check_seed(seed) & _MASK
        table = _table(n, checked_options(options))
        if options is None:
            _DEFAULT[n] = table
    game = _game(table)
    game.deal(start)
    return game


def _play_index(record):
    """The play-action index of a trick record check_state accepted: its card, and for an X card
    the declared rank and high or low."""
    card = _CARD_INDEX[record.card]
    if card < NUMBERED:
        return card
    return A_PLAYX + (card - NUMBERED) * 16 + (record.rank - 1) * 2 + (1 if record.high else 0)


def from_state(state):
    """A native game in ``state``, a seeded State that :func:`.invariants.check_state` accepts:
    mid-trick, with placement frames pending, from a stacked setup, the dummies' piles as they lie."""
    check_type(state, State, "Gnaughty Gnomes State")  # a tracked state is refused here
    check_state(state)
    for score in state.team_scores:  # check_state bounds them far lower (tricks won + 15 a gnome)
        if not 0 <= score < 2**31:
            raise UnsupportedError(f"a team score of {score} is beyond the native engine's range")
    cdef GnaughtyGnomes game = _game(_table(state.players, state.options))
    cdef S* s = &game.s
    cdef int pos, k, t, i, spot
    memset(s, 0, sizeof(S))
    memset(s.piles, NONE, sizeof(s.piles))
    s.rng = state.rng.state
    for k in range(NHEX):
        s.layout[k] = _COLOUR_CODE[state.layout[k]]
    for k in range(NSUITS):
        s.track[k] = SUITS.index(state.track[k])
    for pos in range(NPOS):
        for card in state.hands[pos]:
            s.hands[pos] |= (<uint64_t>1) << <int>_CARD_INDEX[card]
        for k, (down, up) in enumerate(state.piles[pos]):
            s.piles[pos][k][0] = NONE if down is None else _CARD_INDEX[down]
            s.piles[pos][k][1] = NONE if up is None else _CARD_INDEX[up]
        s.supply[pos] = state.supply[pos]
    for t in range(2):
        s.gnomes[t].lo = state.team_gnomes[t] & _MASK
        s.gnomes[t].hi = state.team_gnomes[t] >> 64
        s.scores[t] = state.team_scores[t]
        for spot in range(NSPOTS):
            if state.team_gnomes[t] >> spot & 1:
                for k in range(_SPOT_NHEX[spot]):
                    s.counts[t][_SPOT_HEX[spot][k]] += 1
    s.trick = state.trick
    s.leader = state.leader
    s.over = state.phase is Phase.OVER
    s.nplays = len(state.plays)
    for i, record in enumerate(state.plays):
        s.plays[i] = _play_index(record)
    for i, place in enumerate(state.order):
        s.order[i] = place
    for i, used in enumerate(state.flipped):
        if used:
            s.flipped |= 1 << i
    s.nstack = len(state.stack)  # check_state holds the Placement frames to the turn order's last places
    for t, trick in enumerate(state.history):
        s.led[t] = trick[0].position
        for i, record in enumerate(trick):
            s.history[t][i] = _play_index(record)
    _index_garden(s)
    return game


def refusal(state, action):
    """The rule book's reason and clause for refusing ``action`` in ``state`` (None if legal)."""
    return _rules.check(state, action)


import sys as _sys

_MODULE = _sys.modules[__name__]
