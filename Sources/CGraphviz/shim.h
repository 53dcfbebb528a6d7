#ifndef FLOWGRAPH_CGRAPHVIZ_SHIM_H
#define FLOWGRAPH_CGRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <graphviz/gvplugin_device.h>
#include <fontconfig/fontconfig.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* ---------------------------------------------------------------------------
 * gvRenderData across Graphviz versions.
 *
 * Its length parameter is `unsigned int *` up to Graphviz 2.x (Debian's 2.42/2.43) and `size_t *` from
 * Graphviz 3.0 on (Homebrew's). The declared type picks the call at compile time (C11 _Generic on the
 * function's own type), so the shim compiles against either without a version check; only the branch whose
 * type matches the declaration is ever called.
 * ------------------------------------------------------------------------- */

typedef int (*cgraphviz_render_data_narrow_t)(GVC_t *, graph_t *, const char *, char **, unsigned int *);
typedef int (*cgraphviz_render_data_wide_t)(GVC_t *, graph_t *, const char *, char **, size_t *);

static inline int cgraphviz_render_data_narrow(
    void (*function)(void), GVC_t *gvc, graph_t *graph, const char *format, char **result, size_t *length) {
    unsigned int narrow = 0;
    int status = ((cgraphviz_render_data_narrow_t)function)(gvc, graph, format, result, &narrow);
    *length = narrow;
    return status;
}

static inline int cgraphviz_render_data_wide(
    void (*function)(void), GVC_t *gvc, graph_t *graph, const char *format, char **result, size_t *length) {
    return ((cgraphviz_render_data_wide_t)function)(gvc, graph, format, result, length);
}

/// gvRenderData with a `size_t` length whatever the installed Graphviz declares.
static inline int cgraphviz_render_data(GVC_t *gvc, graph_t *graph, const char *format, char **result,
                                        size_t *length) {
    return _Generic(&gvRenderData,
        cgraphviz_render_data_narrow_t: cgraphviz_render_data_narrow,
        default: cgraphviz_render_data_wide)((void (*)(void))&gvRenderData, gvc, graph, format, result, length);
}

/// Graph descriptors are C globals, which Swift 6 cannot read safely; these
/// accessors return them by value.
static inline Agdesc_t cgraphviz_directed(void) { return Agdirected; }
static inline Agdesc_t cgraphviz_strict_directed(void) { return Agstrictdirected; }
static inline Agdesc_t cgraphviz_undirected(void) { return Agundirected; }

/* ---------------------------------------------------------------------------
 * A sequential ID discipline.
 *
 * cgraph's default ID discipline (AgIdDisc) uses the address of a named object's
 * interned name as its ID, and cgraph keeps subgraphs sorted by ID: cluster order
 * then depends on where malloc put the names, and changes from render to render.
 * This discipline gives every object the next number in creation order instead
 * (names and anonymous objects alike), so subgraphs come out in insertion order.
 *
 * State, per root graph: names[id] holds the interned name of a named ID (NULL for
 * anonymous IDs); an open-addressing hash table maps name -> ID. A name keeps its
 * ID (and one reference on its interned string) until the graph is closed, which
 * frees everything in `close`. IDs are shared across object kinds, as in AgIdDisc:
 * a node and a subgraph of the same name get the same ID (cgraph keeps them in
 * separate dictionaries).
 * ------------------------------------------------------------------------- */

typedef struct {
    Agraph_t *graph;    /* the root graph, for agstrdup/agstrfree */
    IDTYPE next;        /* the next ID to give; IDs start at 1 */
    char **names;       /* names[id]: interned name, or NULL for anonymous IDs */
    size_t capacity;    /* slots in `names` */
    IDTYPE *buckets;    /* hash table of named IDs; 0 = empty */
    size_t bucket_count; /* a power of two, or 0 before the first name */
    size_t named_count;
} cgraphviz_id_table;

static size_t cgraphviz_id_hash(const char *text) {
    size_t hash = 1469598103934665603ULL; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        hash ^= *p;
        hash *= 1099511628211ULL;
    }
    return hash;
}

/* Puts a named ID in the bucket array (which has a free slot). */
static void cgraphviz_id_insert(IDTYPE *buckets, size_t count, char **names, IDTYPE id) {
    size_t index = cgraphviz_id_hash(names[id]) & (count - 1);
    while (buckets[index] != 0) index = (index + 1) & (count - 1);
    buckets[index] = id;
}

/* Keeps the hash table at most half full; returns 0 when out of memory. */
static int cgraphviz_id_reserve_bucket(cgraphviz_id_table *table) {
    if ((table->named_count + 1) * 2 <= table->bucket_count) return 1;
    size_t count = table->bucket_count ? table->bucket_count * 2 : 64;
    IDTYPE *buckets = calloc(count, sizeof(IDTYPE));
    if (!buckets) return 0;
    for (size_t i = 0; i < table->bucket_count; i++) {
        if (table->buckets[i]) cgraphviz_id_insert(buckets, count, table->names, table->buckets[i]);
    }
    free(table->buckets);
    table->buckets = buckets;
    table->bucket_count = count;
    return 1;
}

/* Takes the next ID, with its `names` slot set to NULL; returns 0 when out of memory. */
static IDTYPE cgraphviz_id_next(cgraphviz_id_table *table) {
    if (table->next >= table->capacity) {
        size_t capacity = table->capacity ? table->capacity * 2 : 256;
        char **names = realloc(table->names, capacity * sizeof(char *));
        if (!names) return 0;
        table->names = names;
        table->capacity = capacity;
    }
    table->names[table->next] = NULL;
    return table->next++;
}

static void *cgraphviz_id_open(Agraph_t *graph, Agdisc_t *disc) {
    (void)disc;
    cgraphviz_id_table *table = calloc(1, sizeof(cgraphviz_id_table));
    if (table) {
        table->graph = graph;
        table->next = 1;
    }
    return table;
}

static long cgraphviz_id_map(void *state, int objtype, char *name, IDTYPE *id, int create) {
    (void)objtype;
    cgraphviz_id_table *table = state;
    if (!table) return 0;
    if (!name) {
        /* An anonymous object (an edge without key, a subgraph without name). */
        if (!create) return 0;
        IDTYPE fresh = cgraphviz_id_next(table);
        if (!fresh) return 0;
        *id = fresh;
        return 1;
    }
    if (table->bucket_count) {
        size_t index = cgraphviz_id_hash(name) & (table->bucket_count - 1);
        for (; table->buckets[index] != 0; index = (index + 1) & (table->bucket_count - 1)) {
            IDTYPE known = table->buckets[index];
            if (strcmp(table->names[known], name) == 0) {
                *id = known;
                return 1;
            }
        }
    }
    if (!create) return 0;
    if (!cgraphviz_id_reserve_bucket(table)) return 0;
    IDTYPE fresh = cgraphviz_id_next(table);
    if (!fresh) return 0;
    /* Interned, so agnameof returns a cgraph string (agstrcanon checks it for the HTML flag). */
    char *interned = agstrdup(table->graph, name);
    if (!interned) {
        table->next--;
        return 0;
    }
    table->names[fresh] = interned;
    cgraphviz_id_insert(table->buckets, table->bucket_count, table->names, fresh);
    table->named_count++;
    *id = fresh;
    return 1;
}

/* Explicit IDs (agidnode/agidsubg with create) are not supported, as in AgIdDisc. */
static long cgraphviz_id_alloc(void *state, int objtype, IDTYPE request) {
    (void)state;
    (void)objtype;
    (void)request;
    return 0;
}

/* Names keep their ID until the graph closes (a later object of that name gets it again). */
static void cgraphviz_id_free(void *state, int objtype, IDTYPE id) {
    (void)state;
    (void)objtype;
    (void)id;
}

static char *cgraphviz_id_print(void *state, int objtype, IDTYPE id) {
    (void)objtype;
    cgraphviz_id_table *table = state;
    if (!table || id == 0 || id >= table->next) return NULL;
    return table->names[id];
}

static void cgraphviz_id_close(void *state) {
    cgraphviz_id_table *table = state;
    if (!table) return;
    for (IDTYPE id = 1; id < table->next; id++) {
        if (table->names[id]) agstrfree(table->graph, table->names[id]);
    }
    free(table->names);
    free(table->buckets);
    free(table);
}

static void cgraphviz_id_register(void *state, int objtype, void *object) {
    (void)state;
    (void)objtype;
    (void)object;
}

/// Opens a root graph whose objects get sequential IDs in creation order (see above),
/// with cgraph's default memory and I/O disciplines. Close it with `agclose`.
static inline Agraph_t *cgraphviz_open_ordered(char *name, Agdesc_t description) {
    /* cgraph keeps a pointer to the ID discipline for the graph's lifetime; the Agdisc_t is copied. */
    static Agiddisc_t sequential = {
        cgraphviz_id_open, cgraphviz_id_map, cgraphviz_id_alloc, cgraphviz_id_free,
        cgraphviz_id_print, cgraphviz_id_close, cgraphviz_id_register,
    };
    Agdisc_t discipline = {&AgMemDisc, &sequential, &AgIoDisc};
    return agopen(name, description, &discipline);
}

/* ---------------------------------------------------------------------------
 * An unfiltered PNG device.
 *
 * Graphviz's own `png:cairo` device rasterizes with cairo and then spends most of
 * its time in cairo's PNG writer (libpng trying every row filter, zlib at level 6).
 * This device uses the same cairo renderer: with a device engine present, the
 * renderer draws into an ARGB32 image surface and leaves its pixels in
 * job->imagedata; the engine's `format` function (written in Swift) encodes them
 * and hands the bytes to gvwrite, which appends them to gvRenderData's buffer.
 * ------------------------------------------------------------------------- */

/* libgvc exports this (devices write their output with it); no installed header declares it. */
size_t gvwrite(GVJ_t *job, const char *s, size_t len);

/// The name `gvRenderData` knows the device by.
#define CGRAPHVIZ_PNG_DEVICE "png-unfiltered"

/// A plugin library with one device, `png-unfiltered:cairo`, whose engine calls `format`.
/// The tables are static: Graphviz keeps pointers into them for the context's lifetime.
static inline gvplugin_library_t *cgraphviz_png_device_library(void (*format)(GVJ_t *job)) {
    static gvdevice_engine_t engine = {NULL, NULL, NULL};
    /* As cairo's png device: binary, true colour, no margin, 96 dpi. */
    static gvdevice_features_t features = {
        GVDEVICE_BINARY_FORMAT | GVDEVICE_DOES_TRUECOLOR, {0., 0.}, {0., 0.}, {96., 96.},
    };
    static gvplugin_installed_t devices[] = {
        {0, CGRAPHVIZ_PNG_DEVICE ":cairo", 10, &engine, &features},
        {0, NULL, 0, NULL, NULL},
    };
    static gvplugin_api_t apis[] = {
        {API_device, devices},
        {(api_t)0, NULL},
    };
    static gvplugin_library_t library = {"png-unfiltered", apis};
    engine.format = format;
    return &library;
}

/// The pixels the cairo renderer left for the device: premultiplied ARGB32 in native byte order,
/// `width * 4` bytes per row (cairo's stride for this format). NULL when nothing was drawn.
static inline const uint32_t *cgraphviz_job_pixels(GVJ_t *job, unsigned *width, unsigned *height) {
    *width = job->width;
    *height = job->height;
    return (const uint32_t *)job->imagedata;
}

/// deflateInit2 is a macro; this calls it for a zlib-wrapped stream (32 KiB window, memory level 9), as PNG wants.
static inline int cgraphviz_deflate_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY);
}

#endif
