# cython: language_level=3
"""The base class of every game's native state, and the playout loop, written once.

A game's ``native.pyx`` subclasses :class:`NativeGame` over a C struct of its own (a few fixed
arrays of small integers, at most 1 KiB) and implements the ``cdef`` methods declared in
``game.pxd``: the legal indices in ascending order, playing one, whose turn it is, the scores,
the winners, how the game ended, a new deal from a seed, and a copy. Everything a caller meets
(argument checks, errors, lists and tuples, the GIL) is here, so the games' native code is only
rules. The indices are those of ``game.all_actions(players, options)``: the adapters' fixed
action space.
"""

from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy
from cpython.bytearray cimport PyByteArray_AS_STRING
from cpython cimport array as _carray

from gremlinrules.core.native.rng cimport sm_below

import gc as _gc
from array import array as _array
from operator import index as _index

from gremlinrules.core.checks import check_seat, check_seed
from gremlinrules.core.errors import IllegalActionError, InvalidArgumentError, UnsupportedError, shown
from gremlinrules.core.playout import Playout
from gremlinrules.core.registry import view_encoder_for

_new_tuple = tuple.__new__  # Playout's rows without its Python-level __new__ (as Playout._make)

POLICY_SALT = 0x5851F42D4C957F2D
"""The random policy's generator for the game of seed ``s`` starts at ``s ^ POLICY_SALT`` (see
:func:`gremlinrules.core.playout.random_playout`, the same policy in Python)."""

cdef uint64_t _SALT = 0x5851F42D4C957F2DULL


cdef class NativeTable:
    """What every native state of one game, player count and options shares: the options, the
    action space (``actions[i]`` is index ``i``), the names of the ways a game ends, and the
    game's native module (for ``from_state`` and the rule book's reasons)."""

    def __init__(self, str game_id, int players, options, tuple actions, tuple end_reasons, module):
        self.game_id = game_id
        self.players = players
        self.options = options
        self.actions = actions
        self.end_reasons = end_reasons
        self.module = module

    def __repr__(self):
        return f"<NativeTable {self.game_id} {self.players}p: {len(self.actions)} actions>"


cdef tuple _INDICES = tuple(range(MAX_ACTIONS))
"""Every action index as a Python int, made once: a list of legal indices shares them instead of
allocating an int per index above 256 (CPython's small ints stop there)."""

cdef extern from *:
    """
    /* The list of ``values`` as Python ints: those of ``cache`` (a tuple of 0, 1, ...) where it has
       them, new ones otherwise; NULL with the exception set when memory runs out. */
    static PyObject* gr_index_list(const int32_t* values, int n, PyObject* cache) {
        Py_ssize_t size = PyTuple_GET_SIZE(cache);
        PyObject* out = PyList_New(n);
        if (out == NULL) return NULL;
        for (int i = 0; i < n; i++) {
            PyObject* item;
            if (values[i] >= 0 && values[i] < size) {
                item = PyTuple_GET_ITEM(cache, values[i]);
                Py_INCREF(item);
            } else {
                item = PyLong_FromLong(values[i]);
                if (item == NULL) { Py_DECREF(out); return NULL; }
            }
            PyList_SET_ITEM(out, i, item);
        }
        return out;
    }
    """
    list gr_index_list(const int32_t* values, int n, tuple cache)


cdef inline list _int_list(const int32_t* values, int n):
    return gr_index_list(values, n, _INDICES)


cdef int32_t _checked_index(NativeGame game, object action) except -1:
    """The action index as a C int; InvalidArgumentError for what is not an integer (a bool, a
    float, a string) and IllegalActionError for an integer outside the action space."""
    cdef Py_ssize_t size = len(game.table.actions)
    cdef long fast
    if type(action) is int:  # the usual case, read in C: an index inside the action space
        try:
            fast = action
        except OverflowError:  # far outside it: refused below
            pass
        else:
            if 0 <= fast < size:
                return <int32_t>fast
    if type(action) is bool:
        raise InvalidArgumentError(f"an action index must be an integer, not {action!r}")
    try:
        value = _index(action)
    except TypeError:
        raise InvalidArgumentError(f"an action index must be an integer, not {shown(action)}") from None
    if not 0 <= value < size:
        raise IllegalActionError(
            f"{shown(value)} is not an action index of {game.table.game_id} (0 to {size - 1})", "")
    return <int32_t>value


cdef class NativeGame:
    """One game in native code: a mutable state in the style of OpenSpiel's, over a compact
    representation. Made by ``gremlinrules.engine.new`` or ``from_state``; never shared between
    two objects (``clone`` copies it), so a copy is independent of its original."""

    # --- the per-game part (every game's subclass implements these) ---------------------------

    cdef int legal_into(self, int32_t* out) noexcept nogil:
        return 0

    cdef bint is_legal_index(self, int32_t action) noexcept nogil:
        """Whether ``action`` (inside the action space) is legal; by default a scan of legal_into."""
        cdef int32_t buf[MAX_ACTIONS]
        cdef int n = self.legal_into(buf)
        cdef int i
        for i in range(n):
            if buf[i] == action:
                return True
        return False

    cdef void play(self, int32_t action) noexcept nogil:
        pass

    cdef int to_move(self) noexcept nogil:
        return -1

    cdef void scores_into(self, int32_t* out) noexcept nogil:
        pass

    cdef uint32_t winners_mask(self) noexcept nogil:
        return 0

    cdef int end_code(self) noexcept nogil:
        return -1

    cdef void deal(self, uint64_t seed) noexcept nogil:
        pass

    cdef bint redeal(self, int seat, uint64_t seed) noexcept nogil:
        """Redeal, in place, everything seat ``seat`` cannot see, from a generator started at
        ``seed``: the game's ``sample_hidden(state, seat, seed)`` draw for draw (the same pool order,
        the same shuffles, the state's generator left where the Python one leaves it). False when
        the game has no native redeal (nothing changed)."""
        return False

    cdef bint load(self, NativeGame source) noexcept nogil:
        """Become a copy of ``source`` (a game of the same class and table) in place, without the
        GIL: what the search does at every simulation instead of ``copy``. False when the game has
        no native load (nothing changed)."""
        return False

    cdef NativeGame copy(self):
        raise NotImplementedError

    cdef int32_t random_action(self, uint64_t* policy, int32_t* buf) noexcept nogil:
        """The random policy's pick (see :func:`run_playouts`): ``below(n)`` drawn from ``policy``
        for the ``n`` legal indices, and the index at that position of the ascending list; -1 when
        nothing is legal (nothing drawn). ``buf`` holds MAX_ACTIONS indices. A game may override it
        with the same answer and the same draws, without listing every index."""
        cdef int n = self.legal_into(buf)
        if n <= 0:
            return -1
        return buf[sm_below(policy, <uint64_t>n)]

    # --- what a caller meets ------------------------------------------------------------------

    @property
    def game_id(self):
        """The game's id (``"no-good-gremlins"``)."""
        return self.table.game_id

    @property
    def players(self):
        """The number of seats."""
        return self.table.players

    @property
    def options(self):
        """The table's options (None: the defaults)."""
        return self.table.options

    def legal_actions(self):
        """The legal actions as indices into ``game.all_actions(players, options)``, ascending
        (empty once the game is over)."""
        cdef int32_t buf[MAX_ACTIONS]
        cdef int n = self.legal_into(buf)
        return _int_list(buf, n)

    def legal_mask(self):
        """The legal actions as a mask over the action space: a ``bytearray`` of
        ``len(game.all_actions(players, options))`` bytes, 1 at each legal index and 0 elsewhere
        (all 0 once the game is over), filled in native code. ``numpy.frombuffer(mask, numpy.int8)``
        reads it without a copy (PettingZoo's ``action_mask``, OpenSpiel's legal-actions mask)."""
        cdef int32_t buf[MAX_ACTIONS]
        cdef int n = self.legal_into(buf)
        cdef Py_ssize_t size = len(self.table.actions)
        cdef bytearray mask = bytearray(size)
        cdef unsigned char* out = <unsigned char*>PyByteArray_AS_STRING(mask)
        cdef int i
        for i in range(n):
            out[buf[i]] = 1
        return mask

    def is_legal(self, action):
        """True iff ``action`` (an index) may be applied now; False for any other value."""
        try:
            a = _checked_index(self, action)
        except (IllegalActionError, InvalidArgumentError):
            return False
        return self.is_legal_index(a)

    def apply(self, action):
        """Play the action of index ``action``, in place. An index that is not legal raises the rule
        book's IllegalActionError (its reason and clause), and the game is left unchanged."""
        cdef int32_t a = _checked_index(self, action)
        if not self.is_legal_index(a):
            raise self._refusal(a)
        self.play(a)

    def _refusal(self, int32_t a):
        """The rule book's error for an index that is not legal now."""
        state = self.to_state()
        why = self.table.module.refusal(state, self.table.actions[a])
        if why is None:  # the rule book would take it: the engine and the rules disagree
            return IllegalActionError(f"action {a} ({self.table.actions[a]}) is refused by the engine "
                                      "but allowed by the rule book: please report this", "")
        return IllegalActionError(*why)

    def current_player(self):
        """The seat that must decide, or None when the game is over."""
        cdef int p = self.to_move()
        return None if p < 0 else p

    def is_terminal(self):
        """True once the game is over."""
        return self.to_move() < 0

    def scores(self):
        """One score per seat, as ``game.scores``."""
        cdef int32_t buf[MAX_SEATS]
        self.scores_into(buf)
        return tuple([buf[i] for i in range(self.table.players)])

    def winners(self):
        """The winning seats, ascending, as ``game.winners`` (empty until the game is over)."""
        cdef uint32_t mask = self.winners_mask()
        return tuple([i for i in range(self.table.players) if mask >> i & 1])

    def end_reason(self):
        """The clause id of the rule that ended the game (``game.end_reason``), or None."""
        cdef int code = self.end_code()
        return None if code < 0 else self.table.end_reasons[code]

    def clone(self):
        """An independent copy (the same table, the state copied)."""
        return self.copy()

    def sample_hidden(self, seat, seed):
        """A new native game that seat ``seat`` cannot tell from this one, everything it cannot see
        redealt from ``seed``: ``n.sample_hidden(s, seed).to_state() ==
        game.sample_hidden(n.to_state(), s, seed)``. A seat the table does not have, then a seed
        outside 0 to 2**64 - 1, raise InvalidArgumentError; a game without a native redeal raises
        UnsupportedError. This game is left unchanged."""
        cdef int s = check_seat(seat, self.table.players)
        cdef uint64_t start = check_seed(seed, InvalidArgumentError)
        cdef NativeGame out = self.copy()
        if not out.redeal(s, start):
            raise UnsupportedError(f"the native {self.table.game_id} has no sample_hidden")
        return out

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        return (self.table.module.from_state, (self.to_state(),))

    def to_state(self):
        """The game's immutable State, equal to the one the rule book reaches."""
        raise NotImplementedError

    def __repr__(self):
        who = self.current_player()
        turn = "over" if who is None else f"seat {who} to decide"
        return f"<native {self.table.game_id} {self.table.players}p, {turn}>"

    # --- native observations (issue 30) -------------------------------------------------------

    cdef object make_observation_plan(self):
        """Per game: the table's :class:`ObservationPlan`; by default the game has none."""
        raise UnsupportedError(f"{self.table.game_id} has no native observation: encode the seat's view "
                               "with gremlinrules.adapters.encoding.view_encoder instead")

    cdef int observation_fill(self, object plan, float* out, int seat) except -1:
        """Per game: write every dynamic field of ``plan`` for ``seat`` (-1: the spectator) into
        ``out``, which holds the seat's template (the constant fields set, the rest zero)."""
        raise UnsupportedError(f"{self.table.game_id} has no native observation")

    def observation(self, seat):
        """What ``seat`` (None: a spectator) observes, as the adapters encode it: a float32
        ``array.array('f')`` equal, element for element, to
        ``view_encoder(game, players, options).encode(game.observe(self.to_state(), seat))``, and of
        its ``size``; ``numpy.frombuffer(obs, numpy.float32)`` reads it without a copy. The table's
        constant fields (seat, players, options, components) are encoded once in Python, the rest
        written in native code from the state, so it never builds a State or a View. A bad seat
        raises InvalidArgumentError; a game without native observations UnsupportedError."""
        cdef int s = -1 if seat is None else check_seat(seat, self.table.players)
        cdef ObservationPlan plan = _plan_of(self)
        cdef _carray.array out = _carray.copy(plan.template(self, None if s < 0 else s))
        self.observation_fill(plan, out.data.as_floats, s)
        return out

    def observation_into(self, seat, buffer):
        """:meth:`observation` written into ``buffer`` (a writable, contiguous float32 buffer of the
        observation's size: an ``array.array('f')``, a ``numpy.float32`` array or a row of one),
        allocating nothing; InvalidArgumentError for another buffer or a bad seat."""
        cdef int s = -1 if seat is None else check_seat(seat, self.table.players)
        cdef ObservationPlan plan = _plan_of(self)
        cdef float[::1] view
        try:
            view = buffer
        except (TypeError, ValueError, BufferError):
            raise InvalidArgumentError(f"an observation buffer must be a writable, contiguous float32 buffer, "
                                       f"not {shown(buffer)}") from None
        if view.shape[0] != plan.size:
            raise InvalidArgumentError(f"an observation buffer of {view.shape[0]} values for an observation "
                                       f"of {plan.size}")
        cdef _carray.array template = plan.template(self, None if s < 0 else s)
        if plan.size:
            memcpy(&view[0], template.data.as_floats, plan.size * sizeof(float))
            self.observation_fill(plan, &view[0], s)

    @property
    def observation_size(self):
        """The length of :meth:`observation` (the encoder's ``size``); UnsupportedError without it."""
        return _plan_of(self).size


cdef ObservationPlan _plan_of(NativeGame game):
    """The table's observation plan, made by the game at the table's first observation."""
    cdef NativeTable table = game.table
    if table.observation_plan is None:
        table.observation_plan = game.make_observation_plan()
    return table.observation_plan


cdef void write_results(float* scores_out, float* winners_out, int n, const int32_t* scores,
                        uint32_t winners) noexcept nogil:
    """The view's ``scores`` and ``winners`` fields as the encoder writes them, into zeroed
    slots: each a length, then the seats' scores and the winning seats in order."""
    cdef int p, k = 0
    scores_out[0] = n
    for p in range(n):
        scores_out[1 + p] = scores[p]
    for p in range(n):
        if winners >> p & 1:
            winners_out[1 + k] = p
            k += 1
    winners_out[0] = k


def node_slot(node, value):
    """Where ``node`` (a one-hot or counted node of the encoder) puts its 1 for ``value``: what a
    game's observation plan asks of the encoder once per table."""
    out = []
    node.emit(value, out)
    return out.index(1.0)


def node_number(node, value):
    """The one value ``node`` (an index node of the encoder) writes for ``value``."""
    out = []
    node.emit(value, out)
    return out[0]


cdef class ObservationPlan:
    """Where one table's native observation writes each field, taken from the layout of
    ``view_encoder(game, players, options)`` when the table first observes (never hard-coded), so
    a change of the encoding in Python shows up here as an UnsupportedError naming the field, or as
    a failing differential test, never as a silently shifted vector.

    ``constant`` names the fields equal in every state for a given seat (the seat, the players, the
    options, the component set): they are encoded once per seat in Python, as the template.
    ``dynamic`` is ``(name, size)`` per field the game writes natively, in the order of its
    ``offset`` array (``offset[i]`` is where field i starts); every field of the layout is one or the
    other, and each dynamic field has exactly the size the game writes, or the plan is refused (a size
    of None: the game reads the field's shape from the encoder's nodes itself, in a subclass)."""

    def __init__(self, NativeTable table, tuple constant, tuple dynamic):
        self.encoder = view_encoder_for(table.game_id, table.players, table.options)  # installed from above
        fields = {f.name: f for f in self.encoder.layout()}
        named = set(constant) | {name for name, _ in dynamic}
        if len(dynamic) > MAX_OBSERVATION_FIELDS or set(fields) != named:
            raise UnsupportedError(
                f"the native observation of {table.game_id} does not match its encoding's layout (fields "
                f"not written: {sorted(set(fields) - named)}; fields gone: {sorted(named - set(fields))})")
        for i, (name, size) in enumerate(dynamic):
            if size is not None and fields[name].size != size:
                raise UnsupportedError(
                    f"the native observation of {table.game_id} writes {size} values for {name!r}, whose "
                    f"encoding now has {fields[name].size}: the native code needs updating")
            self.offset[i] = fields[name].offset
        self.size = self.encoder.size
        self.constant = constant
        self.dynamic = dynamic
        self.templates = {}

    def template(self, NativeGame game, seat):
        """The float32 template of ``seat`` (None: the spectator): the encoding of its view of
        ``game`` with every dynamic field zeroed, so only the constant fields remain; made once."""
        out = self.templates.get(seat)
        if out is None:
            encoder = self.encoder
            out = _array("f", encoder.encode(encoder.game.observe(game.to_state(), seat)))
            for field in encoder.layout():
                if field.name not in self.constant:
                    out[field.offset:field.offset + field.size] = _array("f", bytes(4 * field.size))
            self.templates[seat] = out
        return out

    def __repr__(self):
        return f"<ObservationPlan {self.encoder.game.id} {self.encoder.players}p: {self.size} values>"


def run_playouts(NativeGame template, seeds, int64_t bound):
    """Whole games in native code with the GIL released, one per seed of ``seeds`` (a sequence of
    ints from 0 to 2**64 - 1, already checked), under the documented random policy: before each
    decision the policy's SplitMix64 (started at ``seed ^ POLICY_SALT``) draws ``below(n)`` for the
    ``n`` legal indices, and the index at that position of the ascending list is played.

    A list, in seed order, of :class:`~gremlinrules.core.playout.Playout` tuples (scores, winners,
    decisions, end_reason), built with the garbage collector paused (a batch makes a few objects a
    game, which would otherwise set off collections that walk the whole heap). ``bound`` is the
    table's decision bound: a game that passes it (which the bound's proof rules out) raises."""
    cdef Py_ssize_t count = len(seeds)
    cdef int players = template.table.players
    cdef uint64_t* seed_array = <uint64_t*>malloc(max(count, 1) * sizeof(uint64_t))
    cdef int32_t* score_array = <int32_t*>malloc(max(count, 1) * players * sizeof(int32_t))
    cdef uint32_t* winner_array = <uint32_t*>malloc(max(count, 1) * sizeof(uint32_t))
    cdef int64_t* decision_array = <int64_t*>malloc(max(count, 1) * sizeof(int64_t))
    cdef int32_t* end_array = <int32_t*>malloc(max(count, 1) * sizeof(int32_t))
    cdef int32_t* buf = <int32_t*>malloc(MAX_ACTIONS * sizeof(int32_t))
    cdef NativeGame game
    cdef Py_ssize_t k
    cdef uint64_t policy
    cdef int64_t decisions
    cdef int32_t a
    cdef bint overrun = False
    try:
        if not (seed_array and score_array and winner_array and decision_array and end_array and buf):
            raise MemoryError()
        for k in range(count):
            seed_array[k] = <uint64_t>seeds[k]
        game = template.copy()
        with nogil:
            for k in range(count):
                game.deal(seed_array[k])
                policy = seed_array[k] ^ _SALT
                decisions = 0
                while game.to_move() >= 0:
                    if decisions >= bound:
                        overrun = True
                        break
                    a = game.random_action(&policy, buf)
                    if a < 0:  # not over, yet nothing legal: the engine is broken
                        overrun = True
                        break
                    game.play(a)
                    decisions += 1
                if overrun:
                    break
                game.scores_into(score_array + k * players)
                winner_array[k] = game.winners_mask()
                decision_array[k] = decisions
                end_array[k] = game.end_code()
        if overrun:
            raise InvalidArgumentError(f"a {template.table.game_id} playout passed the decision bound "
                                       f"({bound}) or stopped with no legal action: please report this")
        reasons = template.table.end_reasons
        out = []
        collecting = _gc.isenabled()
        _gc.disable()  # the GIL is held throughout: no other thread sees the collector paused
        try:
            for k in range(count):
                out.append(_new_tuple(Playout, (
                    tuple([score_array[k * players + i] for i in range(players)]),
                    tuple([i for i in range(players) if winner_array[k] >> i & 1]),
                    decision_array[k],
                    None if end_array[k] < 0 else reasons[end_array[k]])))
        finally:
            if collecting:
                _gc.enable()
        return out
    finally:
        free(seed_array)
        free(score_array)
        free(winner_array)
        free(decision_array)
        free(end_array)
        free(buf)
