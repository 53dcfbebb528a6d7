#include "CGraphvizSupport.h"

#include <stdlib.h>
#include <string.h>

/* graph_init (at layout) sets GD_drawing(g)->id to a malloc'ed copy of the `id` attribute, and graph_cleanup (at
 * gvFreeLayout) frees it with free(), so the replacement is malloc'ed too. */
int cgraphviz_set_drawing_id(graph_t *graph, const char *id) {
    if (!GD_drawing(graph)) return -1;
    char *copy = strdup(id);
    if (!copy) return -1;
    free(GD_drawing(graph)->id);
    GD_drawing(graph)->id = copy;
    return 0;
}
