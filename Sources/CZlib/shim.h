#ifndef FLOWGRAPH_CZLIB_SHIM_H
#define FLOWGRAPH_CZLIB_SHIM_H

/* zlib for the test-support target FlowGraphTestSupport only; the shipped libraries reach zlib through CGraphviz. */
#include <zlib.h>

#endif
