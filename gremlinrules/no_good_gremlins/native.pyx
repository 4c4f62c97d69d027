# cython: language_level=3
"""No Good Gremlins in native code: the engine's state and rules (see ``docs/engine.rst``).

The state is one C struct of small integers (:c:type:`S`, under 400 bytes): the materials deck
as an array with a read position, hands, pads, medals and the removed cards as counts per
material, the scrapheap and the gremlin piles as arrays, the threat area as a bit set of
materials, and the turn's counters. The rules are those of :mod:`.rules` and :mod:`.flow`, step
for step and clause for clause (the clause ids name where each is), and the generator is the
same SplitMix64 (``core/native/rng.pxd``), so a native game reaches the very states the rule
book reaches: the differential tests (``tests/engine``) compare ``to_state()`` with the Python
state at every decision. Every option and every component set the Python game plays is played.
"""

cimport cython
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from gremlinrules.core.native.game cimport MAX_ACTIONS, NativeGame, NativeTable, ObservationPlan, write_results
from gremlinrules.core.native.rng cimport sm_shuffle_u8

from gremlinrules.core.checks import check_players, check_seed, check_type, instance_or_default
from gremlinrules.core.errors import InvalidArgumentError, SetupError
from gremlinrules.core.native.game import run_playouts
from gremlinrules.core.rng import Rng
from gremlinrules.no_good_gremlins import rules as _rules
from gremlinrules.no_good_gremlins.actions import ALL_ACTIONS
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.frames import MealChoice
from gremlinrules.no_good_gremlins.invariants import check_state
from gremlinrules.no_good_gremlins.setup import MAX_PLAYERS, MIN_PLAYERS, table_components
from gremlinrules.no_good_gremlins.state import Options, Phase, State

__all__ = ["GAME_ID", "STATE_BYTES", "NoGoodGremlins", "from_state", "new", "refusal", "run_playouts"]

GAME_ID = "no-good-gremlins"
_TITLE = "No Good Gremlins"

cdef enum:
    NM = 6            # material types, rust to chrome
    THUNDER = 6       # a thunderstorm in the gremlin piles
    MAXP = 5
    DECK = 84         # NGG-DATA-1: every component set has 84 material cards
    GDECK = 21        # NGG-DATA-1: and 21 gremlin-deck cards
    HAND = 6          # NGG-SETUP-2, NGG-HAND-2
    AWAY = -1
    GONE = -2
    # the phases, in the order of Phase
    OPENING = 0
    DISCARD = 1
    MAIN = 2
    FINAL_OPENING = 3
    OVER = 4
    # the action space (actions.ALL_ACTIONS): the first index of each kind
    A_DRAW = 0
    A_TAKE = 1
    A_DISCARD = 2
    A_BUILD = 8
    A_LAUNCH = 14
    A_CHROME = 20
    A_SCRAP = 26
    A_BRIBE = 32
    A_END = 38
    A_FEED = 39
    N_ACTIONS = 45
    # end_reasons
    END_LIMIT = 0
    END_FINALE = 1
    END_REBUILT = 2

_PHASES = (Phase.OPENING, Phase.DISCARD, Phase.MAIN, Phase.FINAL_OPENING, Phase.OVER)
_PHASE_CODE = {phase: code for code, phase in enumerate(_PHASES)}
_END_REASONS = ("NGG-END-3", "NGG-FINALE-1", "NGG-DECK-2")
_NAMES = tuple(m.value for m in MATERIALS)
_MASK = (1 << 64) - 1


# A table's numbers: the component set and the options, as flags.
ctypedef struct Tab:
    int players
    uint8_t counts[NM]
    int32_t costs[NM]
    int32_t values[NM]
    uint8_t gremlins[NM + 1]      # per gremlin-deck card: the gremlins of each type, then storms
    bint scrap_all                # NGG-OPEN-4 scrap_take == "all"
    bint rebuild_removed          # NGG-DECK-3 rebuild_from == "scrapheap_and_removed"
    bint free_before_opening      # NGG-FREE-1
    int32_t finale_builds         # NGG-FINALE-4
    bint finale_free              # NGG-FINALE-5
    int32_t round_limit           # NGG-END-3
    bint bounded
    bint chrome_main              # NGG-BRIBE-8 chrome_launch == "main"
    bint ever_empty               # NGG-HAND-2 hand_refill == "ever_empty"
    bint holder_chooses           # NGG-WANDER-5 wanderer_tie == "holder_chooses"


# A state: every field of State, compacted.
ctypedef struct S:
    uint64_t rng
    uint8_t deck[DECK]            # the materials deck is deck[deck_top:deck_end], top first
    uint8_t deck_top
    uint8_t deck_end
    uint8_t heap[DECK]            # the scrapheap, bottom first
    uint8_t heap_len
    uint8_t hands[MAXP][NM]
    uint8_t pads[MAXP][NM]
    uint8_t medals[MAXP][NM]
    uint8_t removed[NM]
    uint8_t gdeck[GDECK]          # the gremlin deck is gdeck[gdeck_top:gdeck_end], top first
    uint8_t gdeck_top
    uint8_t gdeck_end
    uint8_t gdisc[GDECK]          # the gremlin discard pile, oldest first
    uint8_t gdisc_len
    uint8_t threat                # the threat area: bit t set for a gremlin of type t
    int8_t wanderer
    int8_t turn
    int8_t phase
    int8_t final_turns
    int32_t round
    int16_t mains
    int16_t builds
    int16_t open_build
    int16_t chrome
    bint no_eat
    bint final_turn
    bint rebuilt
    bint finale
    bint hand_emptied
    bint feeding                  # a "feed" frame is pending (NGG-WANDER-5)
    int8_t feed_seat
    uint8_t feed_among            # the tied types it is bound to, as a bit set


# --- the table -------------------------------------------------------------------------------

cdef class NggTable(NativeTable):
    cdef Tab tab
    cdef readonly object components


_TABLES = {}
_DEFAULT = {}  # players -> the table of the default options (new(players, seed) in a hurry)


cdef NggTable _table(int players, options, components):
    """The table of ``players``, ``options`` (an Options) and ``components`` (the validated set the
    state plays with), made once."""
    key = (players, options, components)
    cdef NggTable t = _TABLES.get(key)
    if t is not None:
        return t
    t = NggTable(GAME_ID, players, options, ALL_ACTIONS, _END_REASONS, _MODULE)
    t.components = components
    t.tab.players = players
    for i in range(NM):
        t.tab.counts[i] = components.counts[i]
        t.tab.costs[i] = components.launch_costs[i]
        t.tab.values[i] = components.medal_values[i]
        t.tab.gremlins[i] = components.gremlins[i]
    t.tab.gremlins[NM] = components.thunderstorms
    t.tab.scrap_all = options.scrap_take == "all"
    t.tab.rebuild_removed = options.rebuild_from == "scrapheap_and_removed"
    t.tab.free_before_opening = options.free_actions_before_opening
    t.tab.finale_builds = options.finale_builds
    t.tab.finale_free = options.finale_free_actions
    t.tab.round_limit = options.round_limit
    t.tab.bounded = options.bounded
    t.tab.chrome_main = options.chrome_launch == "main"
    t.tab.ever_empty = options.hand_refill == "ever_empty"
    t.tab.holder_chooses = options.wanderer_tie == "holder_chooses"
    if len(_TABLES) >= 256:  # a bounded cache: a long-running process may see many tables
        _TABLES.clear()
    _TABLES[key] = t
    return t


# --- the rules, on the struct -----------------------------------------------------------------

cdef inline bint _any(const uint8_t* row) noexcept nogil:
    cdef int t
    for t in range(NM):
        if row[t]:
            return True
    return False


cdef inline int _rockets(const uint8_t* pad) noexcept nogil:
    cdef int t, n = 0
    for t in range(NM):
        if pad[t]:
            n += 1
    return n


cdef void _draw(S* s, const Tab* tab, int seat, int n) noexcept nogil:
    """flow.draw: up to ``n`` cards (NGG-HAND-3); the moment the deck runs out it is exhausted
    (NGG-DECK-1): with 4-5 players the first time rebuilds it (NGG-DECK-2, NGG-DECK-3), else the
    finale begins (NGG-FINALE-1)."""
    cdef int k, t, c
    if s.deck_top == s.deck_end or n <= 0:
        return
    for k in range(n):
        if s.deck_top == s.deck_end:
            break
        s.hands[seat][s.deck[s.deck_top]] += 1
        s.deck_top += 1
        if s.deck_top == s.deck_end and not s.finale:
            if tab.players >= 4 and not s.rebuilt:
                c = 0
                for t in range(s.heap_len):
                    s.deck[c] = s.heap[t]
                    c += 1
                if tab.rebuild_removed:
                    for t in range(NM):
                        while s.removed[t]:
                            s.deck[c] = t
                            c += 1
                            s.removed[t] -= 1
                sm_shuffle_u8(&s.rng, s.deck, c)  # an empty pile draws nothing, as reshuffle
                s.deck_top = 0
                s.deck_end = c
                s.heap_len = 0
                s.rebuilt = True
            if s.deck_top == s.deck_end:  # exhausted for good
                s.finale = True
                s.final_turns = tab.players


cdef bint _free_action_ok(const S* s, const Tab* tab) noexcept nogil:
    """rules.free_action_refused is None (NGG-FREE-1, NGG-FINALE-5)."""
    if s.phase != MAIN and not ((s.phase == OPENING or s.phase == FINAL_OPENING) and tab.free_before_opening):
        return False
    return not (s.final_turn and not tab.finale_free)


cdef int _legal(const S* s, const Tab* tab, int32_t* out) noexcept nogil:
    """Every legal index, ascending: the frame's choices, else each turn action its check allows."""
    cdef int n = 0, t
    cdef int seat = s.turn
    cdef const uint8_t* hand = s.hands[seat]
    cdef const uint8_t* pad = s.pads[seat]
    cdef bint free_ok, can_build, full
    if s.phase == OVER:
        return 0
    if s.feeding:  # NGG-WANDER-5: one Feed per tied type
        for t in range(NM):
            if s.feed_among >> t & 1:
                out[n] = A_FEED + t
                n += 1
        return n
    if s.phase == OPENING:  # NGG-TURN-1
        out[n] = A_DRAW
        n += 1
    if (s.phase == OPENING or s.phase == FINAL_OPENING) and s.heap_len:  # NGG-TURN-3
        out[n] = A_TAKE
        n += 1
    if s.phase == DISCARD:  # NGG-TURN-2
        for t in range(NM):
            if hand[t]:
                out[n] = A_DISCARD + t
                n += 1
    if s.phase == MAIN:
        if s.open_build or s.builds or s.mains:  # NGG-TURN-6, NGG-BUILD-1, NGG-BUILD-2
            full = _rockets(pad) >= 3
            for t in range(NM):
                if hand[t] and (pad[t] or not full):
                    out[n] = A_BUILD + t
                    n += 1
        if s.mains:  # NGG-LAUNCH-1
            for t in range(NM):
                if pad[t] >= tab.costs[t]:
                    out[n] = A_LAUNCH + t
                    n += 1
        if s.chrome and (s.mains or not tab.chrome_main):  # NGG-BRIBE-6, NGG-BRIBE-8
            for t in range(NM):
                if pad[t]:
                    out[n] = A_CHROME + t
                    n += 1
    free_ok = _free_action_ok(s, tab)
    if free_ok:  # NGG-FREE-2
        for t in range(NM):
            if pad[t]:
                out[n] = A_SCRAP + t
                n += 1
    if free_ok and s.wanderer == seat:  # NGG-FREE-3
        for t in range(NM):
            if hand[t]:
                out[n] = A_BRIBE + t
                n += 1
    if s.phase == MAIN:  # NGG-TURN-5
        out[n] = A_END
        n += 1
    return n


cdef uint8_t _meal_choices(const S* s, const Tab* tab) noexcept nogil:
    """flow.meal_choices: the tied types as a bit set when the holder chooses, else 0."""
    cdef int t, top = -1, count = 0
    cdef uint8_t tied = 0
    cdef const uint8_t* pad = s.pads[s.turn]
    if not tab.holder_chooses or s.no_eat or s.wanderer != s.turn:
        return 0
    for t in range(NM):
        if pad[t] and tab.values[t] > top:
            top = tab.values[t]
    for t in range(NM):
        if pad[t] and tab.values[t] == top:
            tied |= 1 << t
            count += 1
    return tied if count > 1 else 0


cdef void _eat(S* s, const Tab* tab, int choice) noexcept nogil:
    """flow.eat: NGG-WANDER-3, NGG-WANDER-4, NGG-WANDER-5, NGG-WANDER-6, NGG-BRIBE-2."""
    cdef int seat = s.turn
    cdef uint8_t* pad = s.pads[seat]
    cdef int t, best = choice
    if not _any(pad):  # NGG-WANDER-6
        s.wanderer = (seat + 1) % tab.players
        return
    if s.no_eat:  # NGG-BRIBE-2
        return
    if best < 0:  # NGG-WANDER-5: the highest medal value, then the larger rocket, then the later type
        for t in range(NM):
            if pad[t] and (best < 0 or tab.values[t] > tab.values[best]
                           or (tab.values[t] == tab.values[best] and pad[t] >= pad[best])):
                best = t
    pad[best] -= 1
    s.removed[best] += 1
    s.wanderer = (seat + 1) % tab.players if not _any(pad) else seat  # NGG-WANDER-4


cdef void _reveal_round(S* s, const Tab* tab) noexcept nogil:
    """flow.reveal_round: NGG-ROUND-1 to NGG-ROUND-5. The reveals run in the order of the rule
    book's depth-first resolution: every card is resolved as it is revealed, and a thunderstorm
    adds two more reveals (``pending``)."""
    cdef int pending = 1, aside = 0, card, p, t, c
    while pending > 0:
        pending -= 1
        if s.gdeck_top == s.gdeck_end:  # NGG-ROUND-5: rebuilt from the discards when a card is needed
            if not s.gdisc_len:
                continue
            for t in range(s.gdisc_len):
                s.gdeck[t] = s.gdisc[t]
            sm_shuffle_u8(&s.rng, s.gdeck, s.gdisc_len)
            s.gdeck_top = 0
            s.gdeck_end = s.gdisc_len
            s.gdisc_len = 0
        card = s.gdeck[s.gdeck_top]
        s.gdeck_top += 1
        if card == THUNDER:  # NGG-ROUND-4
            aside += 1
            pending += 2
        elif s.threat >> card & 1:  # NGG-ROUND-3: every launch pad is attacked
            s.threat &= ~(1 << card)
            for p in range(tab.players):
                s.removed[card] += s.pads[p][card]
                s.pads[p][card] = 0
            s.gdisc[s.gdisc_len] = card
            s.gdisc[s.gdisc_len + 1] = card
            s.gdisc_len += 2
        else:  # NGG-ROUND-2
            s.threat |= 1 << card
    if aside:  # the deck and the discards shuffled together; the thunderstorms are the new discards
        c = 0
        for t in range(s.gdeck_top, s.gdeck_end):
            s.gdeck[c] = s.gdeck[t]
            c += 1
        for t in range(s.gdisc_len):
            s.gdeck[c] = s.gdisc[t]
            c += 1
        if c:
            sm_shuffle_u8(&s.rng, s.gdeck, c)
        s.gdeck_top = 0
        s.gdeck_end = c
        for t in range(aside):
            s.gdisc[t] = THUNDER
        s.gdisc_len = aside
    s.round += 1


cdef void _begin_turn(S* s, const Tab* tab, int seat, bint final) noexcept nogil:
    """flow.begin_turn: a normal turn (NGG-TURN-1) or a final one (NGG-FINALE-3)."""
    if tab.ever_empty or s.hand_emptied:  # NGG-HAND-2: the new turn's flag
        s.hand_emptied = tab.ever_empty and not _any(s.hands[seat])
    s.turn = seat
    s.open_build = 0
    s.chrome = 0
    s.no_eat = False
    s.final_turn = final
    if final:
        s.phase = FINAL_OPENING if s.heap_len else MAIN
        s.mains = 0
        s.builds = tab.finale_builds
    else:
        s.phase = OPENING
        s.mains = 1
        s.builds = 0


cdef void _finish(S* s, const Tab* tab) noexcept nogil:
    """flow._finish: NGG-FINALE-6, every complete rocket launches; the Wandering Gremlin leaves."""
    cdef int p, t, size, won
    for p in range(tab.players):
        for t in range(NM):
            size = s.pads[p][t]
            if size and size >= tab.costs[t]:
                won = 1 + size - tab.costs[t]  # NGG-LAUNCH-3
                s.medals[p][t] += won
                s.removed[t] += size - won
                s.pads[p][t] = 0
    s.wanderer = GONE
    s.phase = OVER
    s.mains = 0
    s.builds = 0
    s.open_build = 0
    s.chrome = 0
    s.no_eat = False
    s.hand_emptied = False


cdef void _pass_turn(S* s, const Tab* tab, int seat) noexcept nogil:
    """flow.pass_turn: the dealer's end of the round (NGG-ROUND-1, NGG-FINALE-2, NGG-END-3), the
    finale, the next turn."""
    cdef int nxt = (seat + 1) % tab.players
    if not s.finale and seat == tab.players - 1:
        _reveal_round(s, tab)
        if s.round > tab.round_limit and tab.bounded:
            s.finale = True
            s.final_turns = tab.players
    if s.finale:
        if s.final_turns == 0:
            _finish(s, tab)
            return
        s.final_turns -= 1
        _begin_turn(s, tab, nxt, True)
    else:
        _begin_turn(s, tab, nxt, False)


cdef void _close_turn(S* s, const Tab* tab, int seat) noexcept nogil:
    """flow.close_turn: the refill (NGG-HAND-2), then the next turn."""
    if not _any(s.hands[seat]) or s.hand_emptied:
        _draw(s, tab, seat, HAND)
    _pass_turn(s, tab, seat)


cdef void _end_turn(S* s, const Tab* tab) noexcept nogil:
    """flow.end_turn (NGG-TURN-5): the Wandering Gremlin eats, or its holder is asked (NGG-WANDER-5)."""
    cdef int seat = s.turn
    cdef uint8_t tied
    if s.wanderer == seat:
        tied = _meal_choices(s, tab)
        if tied:
            s.feeding = True
            s.feed_seat = seat
            s.feed_among = tied
            return
        _eat(s, tab, -1)
    _close_turn(s, tab, seat)


cdef void _launch(S* s, int t, int won) noexcept nogil:
    """rules.launch_type: the rocket leaves; ``won`` medals, the rest removed (NGG-WANDER-1/2)."""
    cdef int seat = s.turn
    cdef int size = s.pads[seat][t]
    s.pads[seat][t] = 0
    s.medals[seat][t] += won
    s.removed[t] += size - won
    s.wanderer = seat


cdef void _play(S* s, const Tab* tab, int a) noexcept nogil:
    """The effect of the legal action of index ``a`` (rules.py, one branch per action kind)."""
    cdef int seat = s.turn
    cdef int t, top, taken, k, c
    cdef uint8_t* hand = s.hands[seat]
    if s.feeding:  # rules.feed_resume
        s.feeding = False
        _eat(s, tab, a - A_FEED)
        _close_turn(s, tab, s.feed_seat)
        return
    if a == A_DRAW:  # NGG-TURN-2, NGG-HAND-4
        _draw(s, tab, seat, 2)
        s.phase = DISCARD if _any(hand) else MAIN
    elif a == A_TAKE:  # NGG-TURN-3, NGG-TURN-4
        top = s.heap[s.heap_len - 1]
        if tab.scrap_all:
            c = 0
            taken = 0
            for k in range(s.heap_len):
                if s.heap[k] == top:
                    taken += 1
                else:
                    s.heap[c] = s.heap[k]
                    c += 1
            s.heap_len = c
        else:
            taken = 1
            while taken < s.heap_len and s.heap[s.heap_len - 1 - taken] == top:
                taken += 1
            s.heap_len -= taken
        hand[top] += taken
        s.phase = MAIN
    elif a < A_BUILD:  # NGG-TURN-2
        t = a - A_DISCARD
        hand[t] -= 1
        s.heap[s.heap_len] = t
        s.heap_len += 1
        s.phase = MAIN
    elif a < A_LAUNCH:  # NGG-BUILD-1, NGG-TURN-6
        t = a - A_BUILD
        hand[t] -= 1
        s.pads[seat][t] += 1
        if s.open_build:
            s.open_build = 0
        elif s.builds:
            s.builds -= 1
            s.open_build = 1
        else:
            s.mains -= 1
            s.open_build = 1
    elif a < A_CHROME:  # NGG-LAUNCH-2, NGG-LAUNCH-3
        t = a - A_LAUNCH
        _launch(s, t, 1 + s.pads[seat][t] - tab.costs[t])
        s.mains -= 1
        s.open_build = 0
    elif a < A_SCRAP:  # NGG-BRIBE-6, NGG-BRIBE-7, NGG-BRIBE-8
        t = a - A_CHROME
        _launch(s, t, 1)
        s.chrome -= 1
        if tab.chrome_main:
            s.mains -= 1
            s.open_build = 0
    elif a < A_BRIBE:  # NGG-FREE-2
        t = a - A_SCRAP
        for k in range(s.pads[seat][t]):
            s.heap[s.heap_len] = t
            s.heap_len += 1
        s.pads[seat][t] = 0
    elif a < A_END:  # NGG-FREE-3, NGG-BRIBE-7
        t = a - A_BRIBE
        hand[t] -= 1
        s.removed[t] += 1
        if tab.ever_empty and not _any(hand):  # NGG-HAND-2, before any draw
            s.hand_emptied = True
        if t == 0:  # NGG-BRIBE-1 rust
            s.wanderer = (seat + 1) % tab.players
        elif t == 1:  # NGG-BRIBE-2 wood
            s.no_eat = True
        elif t == 2:  # NGG-BRIBE-3 iron
            _draw(s, tab, seat, 1)
            s.wanderer = (seat + 1) % tab.players
        elif t == 3:  # NGG-BRIBE-4 copper
            s.builds += 1
        elif t == 4:  # NGG-BRIBE-5 steel
            _draw(s, tab, seat, 2)
            s.mains += 1
        else:  # NGG-BRIBE-6 chrome
            s.chrome += 1
    else:  # NGG-TURN-5
        _end_turn(s, tab)


cdef void _deal(S* s, const Tab* tab, uint64_t seed) noexcept nogil:
    """setup.new_game without a stacked setup (NGG-SETUP-1, NGG-SETUP-2): shuffle both decks, deal
    six each from the top, the Wandering Gremlin set aside."""
    cdef int t, k, c = 0, p
    memset(s, 0, sizeof(S))
    s.rng = seed
    for t in range(NM):
        for k in range(tab.counts[t]):
            s.deck[c] = t
            c += 1
    sm_shuffle_u8(&s.rng, s.deck, c)
    s.deck_end = c
    for p in range(tab.players):
        for k in range(HAND):
            s.hands[p][s.deck[s.deck_top]] += 1
            s.deck_top += 1
    c = 0
    for t in range(NM + 1):
        for k in range(tab.gremlins[t]):
            s.gdeck[c] = t
            c += 1
    sm_shuffle_u8(&s.rng, s.gdeck, c)
    s.gdeck_end = c
    s.wanderer = AWAY
    s.phase = OPENING
    s.round = 1
    s.mains = 1


STATE_BYTES = sizeof(S)
"""The size of a native state's struct (the table it shares is not counted)."""


# --- native observations (issue 30): the fields of the View, as the adapters encode them -----

_OBS_CONSTANT = ("seat", "players", "options", "components")
"""The View's fields equal in every state of a seat: encoded once, in Python (the template)."""

cdef enum:
    # the dynamic fields, in the order of _obs_dynamic (their offsets in the plan)
    O_CURRENT = 0
    O_PHASE = 1
    O_PENDING = 2
    O_SCORES = 3
    O_WINNERS = 4
    O_HAND = 5
    O_HAND_SIZES = 6
    O_DECK = 7
    O_HEAP = 8
    O_PADS = 9
    O_MEDALS = 10
    O_REMOVED = 11
    O_GDECK = 12
    O_THREAT = 13
    O_GDISC = 14
    O_WANDERER = 15
    O_STATUS = 16
    O_TURN = 17  # then round, mains, builds, open_build, chrome, no_eat, final_turn, rebuilt,
                 # finale, final_turns, hand_emptied: one value each, at consecutive offsets


cdef tuple _obs_dynamic(int n):
    """The dynamic fields and the sizes this module writes for ``n`` players (encoding.py's
    rules over hints.py's capacities: a tuple is its length then its slots; an enum one-hot)."""
    return (("current_player", 2), ("phase", 5), ("pending", 2 + 1 + NM * NM), ("scores", 1 + n),
            ("winners", 1 + n), ("hand", 1 + NM), ("hand_sizes", 1 + n), ("deck_size", 1),
            ("scrapheap", 1 + DECK * NM), ("pads", 1 + n * NM), ("medals", 1 + n * NM), ("removed", NM),
            ("gremlin_deck_size", 1), ("threat", 1 + NM * NM), ("gremlin_discard", 1 + GDECK * (NM + 1)),
            ("wanderer", 2), ("wanderer_status", 3), ("turn", 1), ("round", 1), ("mains", 1),
            ("builds", 1), ("open_build", 1), ("chrome", 1), ("no_eat", 1), ("final_turn", 1),
            ("rebuilt", 1), ("finale", 1), ("final_turns", 1), ("hand_emptied", 1))


cdef inline void _obs_rows(float* out, const uint8_t[MAXP][NM] rows, int n) noexcept nogil:
    """A tuple of MaterialCounts: its length, then each row's six counts."""
    cdef int p, t
    out[0] = n
    for p in range(n):
        for t in range(NM):
            out[1 + p * NM + t] = rows[p][t]


cdef void _observe(const S* s, const Tab* tab, const int* off, float* out, int seat,
                   int32_t* scores, uint32_t winners) noexcept nogil:
    """Writes the dynamic fields of ``observe(state, seat)`` (-1: the spectator) at ``off`` into
    ``out``, whose dynamic fields are zero (NGG-VIEW-1: the viewer's own hand only, the decks as
    sizes)."""
    cdef int n = tab.players, p, t, k, i
    cdef float* f
    if s.phase != OVER:  # current_player: the pending Feed's holder, else the turn owner
        out[off[O_CURRENT]] = 1
        out[off[O_CURRENT] + 1] = s.feed_seat if s.feeding else s.turn
    out[off[O_PHASE] + s.phase] = 1
    if s.feeding:  # the MealChoice: its seat, then the tied types, rust to chrome, one-hot each
        f = out + off[O_PENDING]
        f[0] = 1
        f[1] = s.feed_seat
        k = 0
        for t in range(NM):
            if s.feed_among >> t & 1:
                f[3 + k * NM + t] = 1
                k += 1
        f[2] = k
    write_results(out + off[O_SCORES], out + off[O_WINNERS], n, scores, winners)
    if seat >= 0:
        f = out + off[O_HAND]
        f[0] = 1
        for t in range(NM):
            f[1 + t] = s.hands[seat][t]
    f = out + off[O_HAND_SIZES]
    f[0] = n
    for p in range(n):
        k = 0
        for t in range(NM):
            k += s.hands[p][t]
        f[1 + p] = k
    out[off[O_DECK]] = s.deck_end - s.deck_top
    f = out + off[O_HEAP]
    f[0] = s.heap_len
    for i in range(s.heap_len):
        f[1 + i * NM + s.heap[i]] = 1
    _obs_rows(out + off[O_PADS], s.pads, n)
    _obs_rows(out + off[O_MEDALS], s.medals, n)
    for t in range(NM):
        out[off[O_REMOVED] + t] = s.removed[t]
    out[off[O_GDECK]] = s.gdeck_end - s.gdeck_top
    f = out + off[O_THREAT]
    k = 0
    for t in range(NM):
        if s.threat >> t & 1:
            f[1 + k * NM + t] = 1
            k += 1
    f[0] = k
    f = out + off[O_GDISC]
    f[0] = s.gdisc_len
    for i in range(s.gdisc_len):
        f[1 + i * (NM + 1) + s.gdisc[i]] = 1
    if s.wanderer >= 0:
        out[off[O_WANDERER]] = 1
        out[off[O_WANDERER] + 1] = s.wanderer
        out[off[O_STATUS] + 1] = 1  # held
    else:
        out[off[O_STATUS] + (0 if s.wanderer == AWAY else 2)] = 1  # set aside, gone
    out[off[O_TURN]] = s.turn
    out[off[O_TURN + 1]] = s.round
    out[off[O_TURN + 2]] = s.mains
    out[off[O_TURN + 3]] = s.builds
    out[off[O_TURN + 4]] = s.open_build
    out[off[O_TURN + 5]] = s.chrome
    out[off[O_TURN + 6]] = s.no_eat
    out[off[O_TURN + 7]] = s.final_turn
    out[off[O_TURN + 8]] = s.rebuilt
    out[off[O_TURN + 9]] = s.finale
    out[off[O_TURN + 10]] = s.final_turns
    out[off[O_TURN + 11]] = s.hand_emptied


# --- the native game ----------------------------------------------------------------------------

@cython.final
cdef class NoGoodGremlins(NativeGame):
    """A No Good Gremlins game in native code."""

    cdef S s
    cdef const Tab* tab

    cdef int legal_into(self, int32_t* out) noexcept nogil:
        return _legal(&self.s, self.tab, out)

    cdef void play(self, int32_t action) noexcept nogil:
        _play(&self.s, self.tab, action)

    cdef bint redeal(self, int seat, uint64_t seed) noexcept nogil:
        """NGG-VIEW-1, as hidden.sample_hidden: the deck (top first) and the other hands (seat by
        seat, material by material) shuffled together and dealt back, hands first, then the gremlin
        deck shuffled; the state's generator is the one left after both shuffles."""
        cdef S* s = &self.s
        cdef uint8_t pool[DECK]
        cdef int n = 0, pos, p, t, k, size
        cdef uint64_t rng = seed
        for k in range(s.deck_top, s.deck_end):
            pool[n] = s.deck[k]
            n += 1
        for p in range(self.tab.players):
            if p == seat:
                continue
            for t in range(NM):
                for k in range(s.hands[p][t]):
                    pool[n] = <uint8_t>t
                    n += 1
        sm_shuffle_u8(&rng, pool, n)
        pos = 0
        for p in range(self.tab.players):
            if p == seat:
                continue
            size = 0
            for t in range(NM):
                size += s.hands[p][t]
                s.hands[p][t] = 0
            for k in range(pos, pos + size):
                s.hands[p][pool[k]] += 1
            pos += size
        for k in range(pos, n):
            s.deck[s.deck_top + k - pos] = pool[k]
        sm_shuffle_u8(&rng, &s.gdeck[s.gdeck_top], s.gdeck_end - s.gdeck_top)
        s.rng = rng
        return True

    cdef int to_move(self) noexcept nogil:
        if self.s.phase == OVER:
            return -1
        return self.s.feed_seat if self.s.feeding else self.s.turn

    cdef void scores_into(self, int32_t* out) noexcept nogil:
        cdef int p, t
        for p in range(self.tab.players):  # NGG-LAUNCH-4
            out[p] = 0
            for t in range(NM):
                out[p] += self.s.medals[p][t] * self.tab.values[t]

    cdef uint32_t winners_mask(self) noexcept nogil:
        """NGG-END-1: the most valuable collection, then the most medal types."""
        cdef int32_t score[MAXP]
        cdef int kinds[MAXP]
        cdef int p, t, best_score = -1, best_kinds = -1
        cdef uint32_t mask = 0
        if self.s.phase != OVER:
            return 0
        self.scores_into(score)
        for p in range(self.tab.players):
            kinds[p] = _rockets(self.s.medals[p])
            if score[p] > best_score or (score[p] == best_score and kinds[p] > best_kinds):
                best_score, best_kinds = score[p], kinds[p]
        for p in range(self.tab.players):
            if score[p] == best_score and kinds[p] == best_kinds:
                mask |= 1u << p
        return mask

    cdef int end_code(self) noexcept nogil:
        """view.end_reason."""
        if self.s.phase != OVER:
            return -1
        if self.tab.bounded and self.s.round > self.tab.round_limit:
            return END_LIMIT
        return END_FINALE if self.tab.players <= 3 else END_REBUILT

    cdef void deal(self, uint64_t seed) noexcept nogil:
        _deal(&self.s, self.tab, seed)

    cdef bint load(self, NativeGame source) noexcept nogil:
        self.s = (<NoGoodGremlins>source).s
        return True

    cdef NativeGame copy(self):
        cdef NoGoodGremlins other = NoGoodGremlins.__new__(NoGoodGremlins)
        other.table = self.table
        other.tab = self.tab
        other.s = self.s
        return other

    def to_state(self):
        """The game's State, equal to the one the rule book reaches."""
        cdef const S* s = &self.s
        cdef int n = self.tab.players
        options = self.table.options
        stack = ()
        if s.feeding:
            stack = (MealChoice(s.feed_seat, tuple([MATERIALS[t] for t in range(NM) if s.feed_among >> t & 1])),)
        return State(
            players=n, components=(<NggTable>self.table).components, options=options, rng=Rng(s.rng),
            deck=tuple([s.deck[k] for k in range(s.deck_top, s.deck_end)]),
            hands=tuple([tuple([s.hands[p][t] for t in range(NM)]) for p in range(n)]),
            scrapheap=tuple([s.heap[k] for k in range(s.heap_len)]),
            pads=tuple([tuple([s.pads[p][t] for t in range(NM)]) for p in range(n)]),
            medals=tuple([tuple([s.medals[p][t] for t in range(NM)]) for p in range(n)]),
            removed=tuple([s.removed[t] for t in range(NM)]),
            gremlin_deck=tuple([s.gdeck[k] for k in range(s.gdeck_top, s.gdeck_end)]),
            threat=tuple([t for t in range(NM) if s.threat >> t & 1]),
            gremlin_discard=tuple([s.gdisc[k] for k in range(s.gdisc_len)]),
            wanderer=s.wanderer, turn=s.turn, phase=_PHASES[s.phase], round=s.round, mains=s.mains,
            builds=s.builds, open_build=s.open_build, chrome=s.chrome, no_eat=bool(s.no_eat),
            final_turn=bool(s.final_turn), rebuilt=bool(s.rebuilt), finale=bool(s.finale),
            final_turns=s.final_turns, stack=stack, hand_emptied=bool(s.hand_emptied),
        )

    # --- native observations (issue 30) -------------------------------------------------------

    cdef object make_observation_plan(self):
        return ObservationPlan(self.table, _OBS_CONSTANT, _obs_dynamic(self.tab.players))

    cdef int observation_fill(self, object plan, float* out, int seat) except -1:
        cdef int32_t scores[MAXP]
        self.scores_into(scores)
        _observe(&self.s, self.tab, (<ObservationPlan>plan).offset, out, seat, scores, self.winners_mask())
        return 0


cdef NoGoodGremlins _game(NggTable table):
    cdef NoGoodGremlins game = NoGoodGremlins.__new__(NoGoodGremlins)
    game.table = table
    game.tab = &table.tab
    return game


def new(players, seed=0, options=None):
    """A native game with the deal of ``new_game(players, seed, options=options)``."""
    cdef uint64_t start = check_seed(seed) & _MASK
    cdef NggTable table
    if options is None and type(players) is int and players in _DEFAULT:
        table = _DEFAULT[players]
    else:
        n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, _TITLE)
        opts = instance_or_default(options, Options, _TITLE)
        table = _table(n, opts, table_components(opts))
        if options is None:
            _DEFAULT[n] = table
    cdef NoGoodGremlins game = _game(table)
    game.deal(start)
    return game


cdef int _pile_into(uint8_t* out, pile) except -1:
    """Writes the card codes of ``pile`` (a state's tuple, in its order) to ``out``; their number."""
    cdef int k
    for k, card in enumerate(pile):
        out[k] = card
    return len(pile)


def from_state(state):
    """A native game in ``state``, a seeded State that :func:`.invariants.check_state` accepts."""
    check_type(state, State, "No Good Gremlins State")  # a tracked state is refused here
    check_state(state)
    cdef NoGoodGremlins game = _game(_table(state.players, state.options, state.components))
    cdef S* s = &game.s
    cdef int p, t
    memset(s, 0, sizeof(S))
    s.rng = state.rng.state
    s.deck_end = _pile_into(s.deck, state.deck)
    s.heap_len = _pile_into(s.heap, state.scrapheap)
    for p in range(state.players):
        for t in range(NM):
            s.hands[p][t] = state.hands[p][t]
            s.pads[p][t] = state.pads[p][t]
            s.medals[p][t] = state.medals[p][t]
    for t in range(NM):
        s.removed[t] = state.removed[t]
    s.gdeck_end = _pile_into(s.gdeck, state.gremlin_deck)
    s.gdisc_len = _pile_into(s.gdisc, state.gremlin_discard)
    for card in state.threat:
        s.threat |= 1 << card
    s.wanderer = state.wanderer
    s.turn = state.turn
    s.phase = _PHASE_CODE[state.phase]
    s.round = state.round
    s.mains = state.mains
    s.builds = state.builds
    s.open_build = state.open_build
    s.chrome = state.chrome
    s.no_eat = state.no_eat
    s.final_turn = state.final_turn
    s.rebuilt = state.rebuilt
    s.finale = state.finale
    s.final_turns = state.final_turns
    s.hand_emptied = state.hand_emptied
    if state.stack:  # check_state allows the one MealChoice, bound to the tied types
        frame = state.stack[0]
        s.feeding = True
        s.feed_seat = frame.seat
        for material in frame.among:
            s.feed_among |= 1 << MATERIALS.index(material)
    return game


def refusal(state, action):
    """The rule book's reason and clause for refusing ``action`` in ``state`` (None if legal)."""
    return _rules.check(state, action)


import sys as _sys

_MODULE = _sys.modules[__name__]
