#include "CGraphvizSupport.h"

int cgraphviz_deflate_init_raw(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY);
}

unsigned cgraphviz_zlib_header(int level) {
    /* As zlib's deflate.c: method 8 with a 32 KiB window, then the level's two bits, then check bits that make the
     * 16-bit value a multiple of 31. */
    unsigned header = (Z_DEFLATED + ((15 - 8) << 4)) << 8;
    unsigned level_flags = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
    header |= level_flags << 6;
    return header + 31 - header % 31;
}
