#ifndef FLOWGRAPH_CZLIB_SHIM_H
#define FLOWGRAPH_CZLIB_SHIM_H

/* zlib for the test-support target PNGTestSupport only; the shipped libraries reach zlib through CGraphviz. */
#include <zlib.h>

#endif
