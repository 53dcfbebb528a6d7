#include "CGraphvizSupport.h"

Agdesc_t cgraphviz_directed(void) { return Agdirected; }
Agdesc_t cgraphviz_strict_directed(void) { return Agstrictdirected; }
Agdesc_t cgraphviz_undirected(void) { return Agundirected; }
