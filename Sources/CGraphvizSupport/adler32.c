#include "CGraphvizSupport.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Adler-32 (RFC 1950) for the PNG encoder's zlib stream.
 *
 * zlib computes the checksum itself one byte at a time, a twentieth of encoding a diagram's PNG. The encoder asks
 * zlib for a raw deflate stream instead (the same compressed bits: the wrapper only adds two bytes in front and
 * this checksum behind) and sums each row here, 16 bytes a step with SSE2 where the compiler targets it.
 *
 * For a run of L bytes x[0..L-1] after sums (a, b): a' = a + sum(x), b' = b + L*a + sum((L - i) * x[i]), both
 * modulo 65521. In 16-byte blocks j of a run of k blocks, L - i = 16 * (k - 1 - j) + (16 - t) for byte t of
 * block j: the first part is 16 times the sum over blocks of the bytes of all blocks before it (`before`), the
 * second each block's bytes weighted 16 down to 1 (`weighted`). A run is at most 5552 bytes, so no 32-bit lane
 * overflows before the sums are reduced. */

enum { adler_base = 65521, adler_run = 5552 };

uint32_t cgraphviz_adler32(uint32_t adler, const uint8_t *bytes, size_t count) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i weights_low = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
    const __m128i weights_high = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
    while (count >= 16) {
        size_t blocks = (count < adler_run ? count : adler_run) / 16;
        __m128i sum = zero, before = zero, weighted = zero;
        for (size_t j = 0; j < blocks; j++) {
            __m128i block = _mm_loadu_si128((const __m128i *)(bytes + 16 * j));
            before = _mm_add_epi32(before, sum);
            sum = _mm_add_epi32(sum, _mm_sad_epu8(block, zero)); /* two sums of 8 bytes, in lanes 0 and 2 */
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(block, zero), weights_low));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(block, zero), weights_high));
        }
        uint32_t sums[4], befores[4], weights[4];
        _mm_storeu_si128((__m128i *)sums, sum);
        _mm_storeu_si128((__m128i *)befores, before);
        _mm_storeu_si128((__m128i *)weights, weighted);
        size_t length = blocks * 16;
        b = (b + length * a + 16 * ((uint64_t)befores[0] + befores[2]) + (uint64_t)weights[0] + weights[1]
                + weights[2] + weights[3])
            % adler_base;
        a = (a + sums[0] + sums[2]) % adler_base;
        bytes += length;
        count -= length;
    }
#endif
    while (count > 0) {
        size_t length = count < adler_run ? count : adler_run;
        for (size_t i = 0; i < length; i++) {
            a += bytes[i];
            b += a;
        }
        a %= adler_base;
        b %= adler_base;
        bytes += length;
        count -= length;
    }
    return (uint32_t)(b << 16 | a);
}
