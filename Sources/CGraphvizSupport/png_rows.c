#include "CGraphvizSupport.h"

#if defined(__x86_64__) || defined(__i386__)
#include <tmmintrin.h>
#endif

/* The PNG encoder's pixel loops: whether a drawing is opaque, and an opaque row as RGB.
 *
 * Cairo's ARGB32 pixels are native-endian 0xAARRGGBB words, so on a little-endian machine each is the bytes
 * B, G, R, A; at full alpha premultiplied colour is colour, and a row of RGB is those bytes reordered with every
 * fourth dropped. Where the processor has SSSE3 (checked once), one byte shuffle turns four pixels into twelve
 * bytes; elsewhere a plain loop does. */

int cgraphviz_pixels_opaque(const uint32_t *pixels, size_t count) {
    for (size_t start = 0; start < count; start += 4096) {
        size_t end = count - start < 4096 ? count : start + 4096;
        uint32_t all = 0xFFFFFFFFu;
        for (size_t i = start; i < end; i++) all &= pixels[i];
        if (all >> 24 != 0xFF) return 0;
    }
    return 1;
}

static void rgb_row_plain(const uint32_t *line, size_t width, uint8_t *out) {
    for (size_t x = 0; x < width; x++) {
        uint32_t pixel = line[x];
        out[0] = (uint8_t)(pixel >> 16);
        out[1] = (uint8_t)(pixel >> 8);
        out[2] = (uint8_t)pixel;
        out += 3;
    }
}

#if (defined(__x86_64__) || defined(__i386__)) && defined(__ORDER_LITTLE_ENDIAN__) \
    && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
__attribute__((target("ssse3"))) static void rgb_row_shuffled(const uint32_t *line, size_t width, uint8_t *out) {
    /* Bytes B G R A of four pixels to R G B four times; the last four lanes are zeroed and overwritten by the
     * next store. Each store writes 16 bytes, so the last pixels (at least 2 more) are left to the plain loop. */
    const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    size_t x = 0;
    for (; x + 6 <= width; x += 4) {
        __m128i pixels = _mm_loadu_si128((const __m128i *)(line + x));
        _mm_storeu_si128((__m128i *)(out + 3 * x), _mm_shuffle_epi8(pixels, order));
    }
    rgb_row_plain(line + x, width - x, out + 3 * x);
}

void cgraphviz_png_rgb_row(const uint32_t *line, size_t width, uint8_t *out) {
    static int shuffles = -1;
    if (shuffles < 0) shuffles = __builtin_cpu_supports("ssse3") ? 1 : 0;
    if (shuffles) {
        rgb_row_shuffled(line, width, out);
    } else {
        rgb_row_plain(line, width, out);
    }
}
#else
void cgraphviz_png_rgb_row(const uint32_t *line, size_t width, uint8_t *out) { rgb_row_plain(line, width, out); }
#endif
