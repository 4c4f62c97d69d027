# Bit sets over 64-bit words: the count, the lowest member, and iteration by clearing it.

from libc.stdint cimport uint64_t

cdef extern from *:
    """
    static inline int gr_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int gr_lowest(unsigned long long x) { return x ? __builtin_ctzll(x) : -1; }

    /* The members of words[lo..hi], word by word into counts[lo..hi], and their total. Without
       -mpopcnt the compiler's builtin calls a table-driven routine of libgcc, so on x86 a copy
       compiled for the POPCNT instruction is picked once at run time where the processor has it
       (every x86-64 processor since about 2008), and the word-parallel count elsewhere. */
    static inline int gr_count_sw(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    static int gr_count_words_sw(const unsigned long long* words, int lo, int hi, int* counts) {
        int n = 0, w;
        for (w = lo; w <= hi; w++) { counts[w] = gr_count_sw(words[w]); n += counts[w]; }
        return n;
    }
    #if defined(__GNUC__) && defined(__x86_64__)
    __attribute__((target("popcnt")))
    static int gr_count_words_hw(const unsigned long long* words, int lo, int hi, int* counts) {
        int n = 0, w;
        for (w = lo; w <= hi; w++) { counts[w] = __builtin_popcountll(words[w]); n += counts[w]; }
        return n;
    }
    static int gr_have_popcnt = -1;
    static inline int gr_count_words(const unsigned long long* words, int lo, int hi, int* counts) {
        if (__builtin_expect(gr_have_popcnt < 0, 0)) {
            __builtin_cpu_init();
            gr_have_popcnt = __builtin_cpu_supports("popcnt") ? 1 : 0;
        }
        return gr_have_popcnt ? gr_count_words_hw(words, lo, hi, counts)
                              : gr_count_words_sw(words, lo, hi, counts);
    }
    #else
    #define gr_count_words gr_count_words_sw
    #endif

    """
    int gr_popcount(unsigned long long x) noexcept nogil
    int gr_lowest(unsigned long long x) noexcept nogil
    int gr_count_words(const unsigned long long* words, int lo, int hi, int* counts) noexcept nogil


cdef inline int bits_count(uint64_t x) noexcept nogil:
    """How many members."""
    return gr_popcount(x)


cdef inline int bits_count_words(const uint64_t* words, int lo, int hi, int* counts) noexcept nogil:
    """The members of ``words[lo..hi]``, each word's into ``counts[w]``, and the total (the
    processor's POPCNT instruction where it has one, chosen at run time)."""
    return gr_count_words(<const unsigned long long*>words, lo, hi, counts)


cdef inline int bits_lowest(uint64_t x) noexcept nogil:
    """The smallest member, or -1 for the empty set."""
    return gr_lowest(x)


cdef inline uint64_t bits_without_lowest(uint64_t x) noexcept nogil:
    """The set without its smallest member."""
    return x & (x - 1)
