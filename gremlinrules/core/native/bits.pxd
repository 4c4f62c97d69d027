# Bit sets over 64-bit words: the count, the lowest member, and iteration by clearing it.

from libc.stdint cimport uint64_t

cdef extern from *:
    """
    static inline int gr_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int gr_lowest(unsigned long long x) { return x ? __builtin_ctzll(x) : -1; }
    """
    int gr_popcount(unsigned long long x) noexcept nogil
    int gr_lowest(unsigned long long x) noexcept nogil


cdef inline int bits_count(uint64_t x) noexcept nogil:
    """How many members."""
    return gr_popcount(x)


cdef inline int bits_lowest(uint64_t x) noexcept nogil:
    """The smallest member, or -1 for the empty set."""
    return gr_lowest(x)


cdef inline uint64_t bits_without_lowest(uint64_t x) noexcept nogil:
    """The set without its smallest member."""
    return x & (x - 1)
