# SplitMix64 in native code, step for step the generator of gremlinrules.core.rng (Steele, Lea and
# Flood, 2014), so a native game and the Python rule book draw the very same numbers:
#
#     state' = state + 0x9E3779B97F4A7C15            (mod 2**64)
#     z = (state' ^ (state' >> 30)) * 0xBF58476D1CE4E5B9
#     z = (z ^ (z >> 27)) * 0x94D049BB133111EB
#     output = z ^ (z >> 31)
#
# below(n) rejects outputs at or above the largest multiple of n under 2**64 and returns
# output % n; a shuffle is Fisher-Yates from the last index down (item i swapped with item
# below(i + 1), for i from len - 1 to 1). The functions take the generator state by pointer and
# advance it, as the Python draws return the next state. They allocate nothing and hold no GIL.

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint64_t

cdef extern from *:
    """
    #define GR_GAMMA 0x9E3779B97F4A7C15ULL
    #define GR_M1 0xBF58476D1CE4E5B9ULL
    #define GR_M2 0x94D049BB133111EBULL
    """
    const uint64_t GR_GAMMA
    const uint64_t GR_M1
    const uint64_t GR_M2


cdef inline uint64_t sm_next(uint64_t* state) noexcept nogil:
    """One 64-bit output; the state advances."""
    state[0] += GR_GAMMA
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * GR_M1
    z = (z ^ (z >> 27)) * GR_M2
    return z ^ (z >> 31)


cdef inline uint64_t sm_limit(uint64_t n) noexcept nogil:
    """The rejection limit of below(n): the largest multiple of n not above 2**64, as 2**64 - (2**64
    mod n) computed in 64 bits (0 stands for 2**64 itself: every output is accepted)."""
    return (<uint64_t>0) - ((<uint64_t>0) - n) % n if n & (n - 1) else 0


cdef inline uint64_t sm_below(uint64_t* state, uint64_t n) noexcept nogil:
    """A uniform integer in range(n), 1 <= n < 2**64; the state advances past every rejected output.

    The limit is at least 2**64 - n + 1, so an output up to 2**64 - n is accepted without working
    the limit out (it is needed only for the n largest outputs, about n in 2**64 draws)."""
    cdef uint64_t limit
    cdef uint64_t z
    while True:
        z = sm_next(state)
        if z <= (<uint64_t>0) - n:
            return z % n
        limit = sm_limit(n)
        if limit == 0 or z < limit:
            return z % n


ctypedef fused sm_item_t:
    uint8_t
    int16_t


cdef inline void sm_shuffle(uint64_t* state, sm_item_t* items, int count) noexcept nogil:
    """Fisher-Yates from the last index down, as Rng.shuffle: item i swaps with item below(i + 1);
    for 8-bit and 16-bit items alike (a fused type: one body, compiled for each)."""
    cdef int i, j
    cdef sm_item_t t
    i = count - 1
    while i > 0:
        j = <int>sm_below(state, <uint64_t>(i + 1))
        t = items[i]
        items[i] = items[j]
        items[j] = t
        i -= 1


cdef inline void sm_shuffle_u8(uint64_t* state, uint8_t* items, int count) noexcept nogil:
    """:func:`sm_shuffle` of 8-bit items, by the name the engines cimport."""
    sm_shuffle(state, items, count)


cdef inline void sm_shuffle_i16(uint64_t* state, int16_t* items, int count) noexcept nogil:
    """:func:`sm_shuffle` of 16-bit items."""
    sm_shuffle(state, items, count)
