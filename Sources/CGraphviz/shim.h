#ifndef FLOWGRAPH_CGRAPHVIZ_SHIM_H
#define FLOWGRAPH_CGRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

/// Graph descriptors are C globals, which Swift 6 cannot read safely; these
/// accessors return them by value.
static inline Agdesc_t cgraphviz_directed(void) { return Agdirected; }
static inline Agdesc_t cgraphviz_strict_directed(void) { return Agstrictdirected; }
static inline Agdesc_t cgraphviz_undirected(void) { return Agundirected; }

#endif
