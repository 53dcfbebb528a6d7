#include "CGraphvizSupport.h"

#include <dlfcn.h>
#include <graphviz/gvplugin_textlayout.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A text layout engine that remembers what the installed one (pango's) measured.
 *
 * Graphviz measures every piece of text of every label with its text layout plugin: pango parses the markup,
 * itemizes, shapes and measures, about a third of a `dot` run on our drawings. The same texts come back again
 * and again (screen names in every step of a timeline, the same headers in every plan of a batch), and what
 * pango gives depends only on the font's name, size and flags and the text: the fonts are fixed for the
 * process (FontRegistry), and so are pango's context, resolution and font options. So this engine asks pango
 * once per (font, size, flags, text) and hands out what it said: the sizes and offsets, the return value, and
 * the same PangoLayout, which the cairo renderer draws (PNG) and never changes. The cache owns the layouts: a
 * span gets a `free_layout` that does nothing, and the layouts are released with pango's own function by
 * cgraphviz_text_cache_trim, between layouts, when the cache is full.
 *
 * Pango's engine is reached through a second context of its own (gvtextlayout on it), so only exported
 * functions are used; gvtextlayout_select (exported, not in the installed headers) makes the main context use
 * this engine. Either missing: nothing is installed and Graphviz measures as before. */

/* What a text layout engine returns: `boolean` (unsigned char) up to Graphviz 2.x, `bool` later; gvtextlayout
 * returns the same. Taken from the installed header's engine type, so this compiles against either. */
typedef __typeof__(((gvtextlayout_engine_t *)0)->textlayout(0, 0)) layout_result;
typedef int (*textlayout_select_t)(GVC_t *gvc);
typedef layout_result (*textlayout_t)(GVC_t *gvc, textspan_t *span, char **fontpath);

/* One text measured: the key (font name, size, flags, text) and what pango said. */
typedef struct {
    uint64_t hash;
    char *font;
    double size;
    unsigned flags;
    char *text;
    layout_result result;
    void *layout;
    void (*free_layout)(void *layout);
    double yoffset_layout, yoffset_centerline;
    pointf span_size;
} cached_text;

enum { slot_count = 8192, max_entries = slot_count / 2 };

static cached_text slots[slot_count];
static size_t entries = 0;
static GVC_t *measuring = NULL;
static textlayout_t measure = NULL;
static unsigned long hits = 0, misses = 0;

static uint64_t hash_bytes(uint64_t hash, const void *bytes, size_t count) {
    const unsigned char *p = bytes;
    for (size_t i = 0; i < count; i++) hash = (hash ^ p[i]) * 1099511628211u;
    return hash;
}

static uint64_t hash_key(const char *font, double size, unsigned flags, const char *text) {
    uint64_t hash = 14695981039346656037u;
    hash = hash_bytes(hash, font, strlen(font) + 1);
    hash = hash_bytes(hash, &size, sizeof size);
    hash = hash_bytes(hash, &flags, sizeof flags);
    return hash_bytes(hash, text, strlen(text));
}

static void keep_layout(void *layout) { (void)layout; }

/* Copies what a measurement left in `span` from `entry`, as pango left it the first time. */
static layout_result answer(const cached_text *entry, textspan_t *span) {
    span->layout = entry->layout;
    span->free_layout = entry->layout ? keep_layout : NULL;
    span->yoffset_layout = entry->yoffset_layout;
    span->yoffset_centerline = entry->yoffset_centerline;
    span->size = entry->span_size;
    return entry->result;
}

int cgraphviz_text_styled_fast = 1;

/* Bold and italic text measured without markup.
 *
 * For a span with flags, pango's engine writes the text as markup (`<span weight="bold">…</span>`, escaped) and
 * parses it back for every text, a tenth of its time here. A span that is only bold and/or italic is measured
 * instead as the same text in the font named with ` Bold`, ` Italic` or ` Bold Italic` after it: pango reads
 * that name as the same family list in that weight and style, which is what the markup gives the whole text,
 * and the sizes, offsets and layout (which the cairo renderer draws) come out the same; CGraphvizSupportCheck
 * compares both on random texts and whole drawings. Only where that holds for certain: no PostScript alias (the
 * engine would use another name), a name ending in a generic family (so no style word or size of its own is
 * read differently once a word follows it), and no two spaces in a row (the markup writes the second as a
 * no-break space). The names made are kept for the process: the engine remembers the last one by its pointer. */
enum { styled_name_count = 16 };
static unsigned long styled_measures = 0;
static struct {
    char *base;
    unsigned flags;
    char *name;
} styled_names[styled_name_count];

static int ends_in_generic_family(const char *name) {
    const char *last = name;
    for (const char *p = name; *p; p++)
        if (*p == ' ' || *p == ',') last = p + 1;
    static const char *const generic[] = {"sans-serif", "serif", "monospace", "Sans", "Serif", "Mono"};
    for (size_t i = 0; i < sizeof generic / sizeof *generic; i++)
        if (strcmp(last, generic[i]) == 0) return 1;
    return 0;
}

/* The font name to measure `span` in without markup, or NULL when the engine's markup must be used. */
static const char *styled_name(const textspan_t *span) {
    unsigned flags = span->font->flags;
    if (!cgraphviz_text_styled_fast || !flags || (flags & ~(unsigned)(HTML_BF | HTML_IF))
        || span->font->postscript_alias || strstr(span->str, "  ") || !ends_in_generic_family(span->font->name))
        return NULL;
    size_t slot = 0;
    for (; slot < styled_name_count && styled_names[slot].base; slot++)
        if (styled_names[slot].flags == flags && strcmp(styled_names[slot].base, span->font->name) == 0)
            return styled_names[slot].name;
    if (slot == styled_name_count) return NULL;
    const char *style = flags == (HTML_BF | HTML_IF) ? " Bold Italic" : flags == HTML_BF ? " Bold" : " Italic";
    size_t length = strlen(span->font->name);
    char *base = strdup(span->font->name), *name = malloc(length + strlen(style) + 1);
    if (!base || !name) {
        free(base);
        free(name);
        return NULL;
    }
    memcpy(name, span->font->name, length);
    strcpy(name + length, style);
    styled_names[slot].base = base;
    styled_names[slot].flags = flags;
    styled_names[slot].name = name;
    return name;
}

/* What pango's engine measures for `span`, through a styled name when one does (styled_name). */
static layout_result measure_span(textspan_t *span, char **fontpath) {
    const char *name = styled_name(span);
    if (!name) return measure(measuring, span, fontpath);
    textfont_t *font = span->font, styled = *font;
    styled.name = (char *)name;
    styled.flags = 0;
    span->font = &styled;
    layout_result result = measure(measuring, span, fontpath);
    span->font = font;
    styled_measures++;
    return result;
}

unsigned long cgraphviz_text_styled_count(void) { return styled_measures; }

static layout_result cached_textlayout(textspan_t *span, char **fontpath) {
    if (!span->str || !span->font || !span->font->name) return measure(measuring, span, fontpath);
    const char *font = span->font->name;
    double size = span->font->size;
    unsigned flags = span->font->flags;
    uint64_t hash = hash_key(font, size, flags, span->str);
    size_t index = hash & (slot_count - 1);
    for (; slots[index].text; index = (index + 1) & (slot_count - 1)) {
        const cached_text *entry = &slots[index];
        if (entry->hash == hash && entry->size == size && entry->flags == flags && strcmp(entry->text, span->str) == 0
            && strcmp(entry->font, font) == 0) {
            hits++;
            return answer(entry, span);
        }
    }
    misses++;
    layout_result result = measure_span(span, fontpath);
    if (entries >= max_entries) return result; /* full until the next trim: the span keeps its own layout */
    char *text = strdup(span->str), *name = strdup(font);
    if (!text || !name) {
        free(text);
        free(name);
        return result;
    }
    slots[index] = (cached_text){hash, name, size, flags, text, result, span->layout, span->free_layout,
        span->yoffset_layout, span->yoffset_centerline, span->size};
    entries++;
    if (span->layout) span->free_layout = keep_layout;
    return result;
}

static gvtextlayout_engine_t engine = {cached_textlayout};
static gvplugin_installed_t types[] = {
    {0, "textlayout", 100, &engine, NULL},
    {0, NULL, 0, NULL, NULL},
};
static gvplugin_api_t apis[] = {
    {API_textlayout, types},
    {(api_t)0, NULL},
};
static gvplugin_library_t library = {"flowgraph-text-cache", apis};

int cgraphviz_text_cache_install(GVC_t *gvc) {
    textlayout_select_t select = (textlayout_select_t)dlsym(RTLD_DEFAULT, "gvtextlayout_select");
    textlayout_t layout = (textlayout_t)dlsym(RTLD_DEFAULT, "gvtextlayout");
    if (!select || !layout) return 0;
    if (!measuring) {
        /* Pango's engine, in a context of its own that lives for the process. */
        measuring = gvContext();
        if (!measuring) return 0;
        measure = layout;
    }
    gvAddLibrary(gvc, &library);
    select(gvc);
    return 1;
}

void cgraphviz_text_cache_trim(void) {
    if (entries < max_entries) return;
    for (size_t i = 0; i < slot_count; i++) {
        cached_text *entry = &slots[i];
        if (!entry->text) continue;
        if (entry->layout && entry->free_layout) entry->free_layout(entry->layout);
        free(entry->text);
        free(entry->font);
        *entry = (cached_text){0};
    }
    entries = 0;
}

void cgraphviz_text_cache_counts(unsigned long *hit_count, unsigned long *miss_count, unsigned long *entry_count) {
    *hit_count = hits;
    *miss_count = misses;
    *entry_count = entries;
}
