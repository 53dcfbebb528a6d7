#include "CGraphvizSupport.h"

int cgraphviz_deflate_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY);
}
