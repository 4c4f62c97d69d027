# The base class of every game's native state (see game.pyx for what each method promises).

from libc.stdint cimport int32_t, uint32_t, uint64_t

cdef enum:
    MAX_ACTIONS = 4096  # the largest action space a native game takes (its index buffer's size)
    MAX_SEATS = 8


cdef class NativeTable:
    """What every native state of one game, player count and options shares (immutable)."""
    cdef readonly str game_id
    cdef readonly int players
    cdef readonly object options
    cdef readonly tuple actions
    cdef readonly tuple end_reasons
    cdef readonly object module
    cdef object observation_plan  # the native observations' plan, made at the first call (or None)


cdef class NativeGame:
    cdef readonly NativeTable table
    # the per-game part; every game's subclass implements these on its own C struct
    cdef int legal_into(self, int32_t* out) noexcept nogil
    cdef bint is_legal_index(self, int32_t action) noexcept nogil
    cdef void play(self, int32_t action) noexcept nogil
    cdef int to_move(self) noexcept nogil
    cdef void scores_into(self, int32_t* out) noexcept nogil
    cdef uint32_t winners_mask(self) noexcept nogil
    cdef int end_code(self) noexcept nogil
    cdef void deal(self, uint64_t seed) noexcept nogil
    cdef int32_t random_action(self, uint64_t* policy, int32_t* buf) noexcept nogil
    cdef bint redeal(self, int seat, uint64_t seed) noexcept nogil
    cdef bint load(self, NativeGame source) noexcept nogil
    cdef NativeGame copy(self)
    # native observations (issue 30): the plan of a table's layout, and the dynamic parts
    cdef object make_observation_plan(self)
    cdef int observation_fill(self, object plan, float* out, int seat) except -1


cdef enum:
    MAX_OBSERVATION_FIELDS = 64


cdef class ObservationPlan:
    """Where a table's observation puts each dynamic field (see game.pyx)."""
    cdef readonly object encoder
    cdef readonly int size
    cdef readonly tuple constant
    cdef readonly tuple dynamic
    cdef int offset[MAX_OBSERVATION_FIELDS]
    cdef dict templates


cdef void write_results(float* scores_out, float* winners_out, int n, const int32_t* scores,
                        uint32_t winners) noexcept nogil
