#include "CGraphvizSupport.h"

/* gvRenderData's length parameter is `unsigned int *` up to Graphviz 2.x (Debian's 2.42/2.43) and `size_t *`
 * from Graphviz 3.0 on (Homebrew's). The declared type picks the call at compile time (C11 _Generic on the
 * function's own type), so this compiles against either without a version check; only the branch whose type
 * matches the declaration is ever called. */

typedef int (*render_data_narrow_t)(GVC_t *, graph_t *, const char *, char **, unsigned int *);
typedef int (*render_data_wide_t)(GVC_t *, graph_t *, const char *, char **, size_t *);

static int render_data_narrow(
    void (*function)(void), GVC_t *gvc, graph_t *graph, const char *format, char **result, size_t *length) {
    unsigned int narrow = 0;
    int status = ((render_data_narrow_t)function)(gvc, graph, format, result, &narrow);
    *length = narrow;
    return status;
}

static int render_data_wide(
    void (*function)(void), GVC_t *gvc, graph_t *graph, const char *format, char **result, size_t *length) {
    return ((render_data_wide_t)function)(gvc, graph, format, result, length);
}

int cgraphviz_render_data(GVC_t *gvc, graph_t *graph, const char *format, char **result, size_t *length) {
    return _Generic(&gvRenderData,
        render_data_narrow_t: render_data_narrow,
        default: render_data_wide)((void (*)(void))&gvRenderData, gvc, graph, format, result, length);
}
