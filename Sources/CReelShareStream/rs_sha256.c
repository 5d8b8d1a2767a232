// rs_sha256.c: SHA-256 as FIPS 180-4 defines it, with the x86-64 SHA extensions where present.
#include "rs_sha256.h"

#include <stdatomic.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>
#define RS_SHA_X86 1
#endif

// The round constants: the first 32 bits of the fractional parts of the cube roots of the first
// 64 primes (FIPS 180-4, 4.2.2).
static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

static inline uint32_t load_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

// FIPS 180-4, 6.2.2: the message schedule and 64 rounds, for each 64-byte block.
static void compress_scalar(uint32_t state[8], const uint8_t *data, size_t blocks) {
    for (; blocks > 0; blocks--, data += 64) {
        uint32_t w[64];
        for (int t = 0; t < 16; t++) w[t] = load_be32(data + 4 * t);
        for (int t = 16; t < 64; t++) {
            uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
            uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int t = 0; t < 64; t++) {
            uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t];
            uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
    }
}

#ifdef RS_SHA_X86
// The SHA extensions keep the working variables as two vectors, A B E F and C D G H (highest lane
// first), and do two rounds per sha256rnds2 with the two message-plus-constant words in its third
// operand's low lanes. The schedule is kept as four vectors of four words: each new one is
// sha256msg2(sha256msg1(W[t-16..t-13], W[t-12..t-9]) + W[t-7..t-4], W[t-4..t-1]).
__attribute__((target("sha,sse4.1,ssse3"))) static void compress_instructions(uint32_t state[8], const uint8_t *data,
                                                                               size_t blocks) {
    // Each 32-bit word of a block is big-endian: reverse the bytes within each lane.
    const __m128i swap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i abef = _mm_set_epi32((int)state[0], (int)state[1], (int)state[4], (int)state[5]);
    __m128i cdgh = _mm_set_epi32((int)state[2], (int)state[3], (int)state[6], (int)state[7]);
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef_start = abef, cdgh_start = cdgh;
        __m128i w[4];
        for (int group = 0; group < 16; group++) {
            __m128i words;
            if (group < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), swap);
            } else {
                __m128i previous = w[(group - 1) & 3];
                words = _mm_sha256msg1_epu32(w[group & 3], w[(group - 3) & 3]);
                words = _mm_add_epi32(words, _mm_alignr_epi8(previous, w[(group - 2) & 3], 4));
                words = _mm_sha256msg2_epu32(words, previous);
            }
            w[group & 3] = words;
            __m128i wk = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&K[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef_start);
        cdgh = _mm_add_epi32(cdgh, cdgh_start);
    }
    state[0] = (uint32_t)_mm_extract_epi32(abef, 3);
    state[1] = (uint32_t)_mm_extract_epi32(abef, 2);
    state[4] = (uint32_t)_mm_extract_epi32(abef, 1);
    state[5] = (uint32_t)_mm_extract_epi32(abef, 0);
    state[2] = (uint32_t)_mm_extract_epi32(cdgh, 3);
    state[3] = (uint32_t)_mm_extract_epi32(cdgh, 2);
    state[6] = (uint32_t)_mm_extract_epi32(cdgh, 1);
    state[7] = (uint32_t)_mm_extract_epi32(cdgh, 0);
}
#endif

int rs_sha256_uses_instructions(void) {
#ifdef RS_SHA_X86
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int sse41_ssse3 = (c & bit_SSE4_1) && (c & bit_SSSE3);
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return sse41_ssse3 && (b & (1u << 29)); // leaf 7, EBX bit 29: the SHA extensions
#else
    return 0;
#endif
}

static void compress(const rs_sha256 *context, uint32_t state[8], const uint8_t *data, size_t blocks) {
#ifdef RS_SHA_X86
    static atomic_int instructions = -1; // the same answer from any thread that asks first
    int known = atomic_load_explicit(&instructions, memory_order_relaxed);
    if (known < 0) {
        known = rs_sha256_uses_instructions();
        atomic_store_explicit(&instructions, known, memory_order_relaxed);
    }
    if (known && !context->scalar) {
        compress_instructions(state, data, blocks);
        return;
    }
#endif
    (void)context;
    compress_scalar(state, data, blocks);
}

void rs_sha256_init(rs_sha256 *context, int scalar) {
    // The first 32 bits of the fractional parts of the square roots of the first 8 primes (5.3.3).
    static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(context->state, initial, sizeof initial);
    context->bytes = 0;
    context->used = 0;
    context->scalar = scalar;
}

void rs_sha256_update(rs_sha256 *context, const void *data, size_t length) {
    if (length == 0) return;
    const uint8_t *bytes = data;
    context->bytes += length;
    if (context->used > 0) {
        size_t take = 64 - context->used < length ? 64 - context->used : length;
        memcpy(context->pending + context->used, bytes, take);
        context->used += take;
        bytes += take;
        length -= take;
        if (context->used < 64) return;
        compress(context, context->state, context->pending, 1);
        context->used = 0;
    }
    if (length >= 64) {
        compress(context, context->state, bytes, length / 64);
        bytes += length / 64 * 64;
        length %= 64;
    }
    if (length > 0) memcpy(context->pending, bytes, length);
    context->used = length;
}

void rs_sha256_final(rs_sha256 *context, uint8_t *digest) {
    // 5.1.1: a 1 bit, zeros to 56 bytes past a block boundary, then the length in bits, big-endian.
    uint64_t bits = context->bytes * 8;
    uint8_t tail[72] = {0x80};
    size_t padding = (context->used < 56 ? 56 : 120) - context->used;
    for (int i = 0; i < 8; i++) tail[padding + (size_t)i] = (uint8_t)(bits >> (56 - 8 * i));
    uint64_t bytes = context->bytes;
    rs_sha256_update(context, tail, padding + 8);
    context->bytes = bytes;
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(context->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(context->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(context->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)context->state[i];
    }
}
