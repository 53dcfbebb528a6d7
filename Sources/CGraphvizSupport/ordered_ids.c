#include "CGraphvizSupport.h"

#include <stdlib.h>
#include <string.h>

/* A sequential ID discipline.
 *
 * cgraph's default ID discipline (AgIdDisc) uses the address of a named object's interned name as its ID, and
 * cgraph keeps subgraphs sorted by ID: cluster order then depends on where malloc put the names, and changes
 * from render to render. This discipline gives every object the next number in creation order instead (names
 * and anonymous objects alike), so subgraphs come out in insertion order.
 *
 * State, per root graph: names[id] holds the interned name of a named ID (NULL for anonymous IDs); an
 * open-addressing hash table maps name -> ID. A name keeps its ID (and one reference on its interned string)
 * until the graph is closed, which frees everything in `close`. IDs are shared across object kinds, as in
 * AgIdDisc: a node and a subgraph of the same name get the same ID (cgraph keeps them in separate
 * dictionaries). */

typedef struct {
    Agraph_t *graph;     /* the root graph, for agstrdup/agstrfree */
    IDTYPE next;         /* the next ID to give; IDs start at 1 */
    char **names;        /* names[id]: interned name, or NULL for anonymous IDs */
    size_t capacity;     /* slots in `names` */
    IDTYPE *buckets;     /* hash table of named IDs; 0 = empty */
    size_t bucket_count; /* a power of two, or 0 before the first name */
    size_t named_count;
} id_table;

static size_t name_hash(const char *text) {
    size_t hash = 1469598103934665603ULL; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        hash ^= *p;
        hash *= 1099511628211ULL;
    }
    return hash;
}

/* Puts a named ID in the bucket array (which has a free slot). */
static void insert_bucket(IDTYPE *buckets, size_t count, char **names, IDTYPE id) {
    size_t index = name_hash(names[id]) & (count - 1);
    while (buckets[index] != 0) index = (index + 1) & (count - 1);
    buckets[index] = id;
}

/* Keeps the hash table at most half full; returns 0 when out of memory. */
static int reserve_bucket(id_table *table) {
    if ((table->named_count + 1) * 2 <= table->bucket_count) return 1;
    size_t count = table->bucket_count ? table->bucket_count * 2 : 64;
    IDTYPE *buckets = calloc(count, sizeof(IDTYPE));
    if (!buckets) return 0;
    for (size_t i = 0; i < table->bucket_count; i++) {
        if (table->buckets[i]) insert_bucket(buckets, count, table->names, table->buckets[i]);
    }
    free(table->buckets);
    table->buckets = buckets;
    table->bucket_count = count;
    return 1;
}

/* Takes the next ID, with its `names` slot set to NULL; returns 0 when out of memory. */
static IDTYPE next_id(id_table *table) {
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

/* The ID of a name already given one, or 0. */
static IDTYPE known_id(const id_table *table, const char *name) {
    if (!table->bucket_count) return 0;
    size_t mask = table->bucket_count - 1;
    for (size_t index = name_hash(name) & mask; table->buckets[index] != 0; index = (index + 1) & mask) {
        IDTYPE known = table->buckets[index];
        if (strcmp(table->names[known], name) == 0) return known;
    }
    return 0;
}

/* Gives a name the next ID; returns 0 when out of memory. */
static IDTYPE name_new_id(id_table *table, const char *name) {
    if (!reserve_bucket(table)) return 0;
    IDTYPE fresh = next_id(table);
    if (!fresh) return 0;
    /* Interned, so agnameof returns a cgraph string (agstrcanon checks it for the HTML flag). */
    char *interned = agstrdup(table->graph, (char *)name);
    if (!interned) {
        table->next--;
        return 0;
    }
    table->names[fresh] = interned;
    insert_bucket(table->buckets, table->bucket_count, table->names, fresh);
    table->named_count++;
    return fresh;
}

static void *id_open(Agraph_t *graph, Agdisc_t *disc) {
    (void)disc;
    id_table *table = calloc(1, sizeof(id_table));
    if (table) {
        table->graph = graph;
        table->next = 1;
    }
    return table;
}

static long id_map(void *state, int objtype, char *name, IDTYPE *id, int create) {
    (void)objtype;
    id_table *table = state;
    if (!table) return 0;
    IDTYPE found = name ? known_id(table, name) : 0;
    if (!found && create) found = name ? name_new_id(table, name) : next_id(table);
    if (!found) return 0;
    *id = found;
    return 1;
}

/* Explicit IDs (agidnode/agidsubg with create) are not supported, as in AgIdDisc. */
static long id_alloc(void *state, int objtype, IDTYPE request) {
    (void)state;
    (void)objtype;
    (void)request;
    return 0;
}

/* Names keep their ID until the graph closes (a later object of that name gets it again). */
static void id_free(void *state, int objtype, IDTYPE id) {
    (void)state;
    (void)objtype;
    (void)id;
}

static char *id_print(void *state, int objtype, IDTYPE id) {
    (void)objtype;
    id_table *table = state;
    if (!table || id == 0 || id >= table->next) return NULL;
    return table->names[id];
}

static void id_close(void *state) {
    id_table *table = state;
    if (!table) return;
    for (IDTYPE id = 1; id < table->next; id++) {
        if (table->names[id]) agstrfree(table->graph, table->names[id]);
    }
    free(table->names);
    free(table->buckets);
    free(table);
}

static void id_register(void *state, int objtype, void *object) {
    (void)state;
    (void)objtype;
    (void)object;
}

/* cgraph keeps a pointer to the ID discipline for the graph's lifetime; the Agdisc_t itself is copied. */
static Agiddisc_t sequential_ids = {id_open, id_map, id_alloc, id_free, id_print, id_close, id_register};

Agraph_t *cgraphviz_open_ordered(char *name, Agdesc_t description) {
    Agdisc_t discipline = {&AgMemDisc, &sequential_ids, &AgIoDisc};
    return agopen(name, description, &discipline);
}
