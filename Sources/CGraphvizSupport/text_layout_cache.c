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

static layout_result measure_plain(textspan_t *span, const char *name, char **fontpath);

/* What pango's engine measures for `span`, through a styled name when one does (styled_name). */
static layout_result measure_span(textspan_t *span, char **fontpath) {
    const char *name = styled_name(span);
    if (!name) {
        if (span->font->flags) return measure(measuring, span, fontpath);
        return measure_plain(span, span->font->name, fontpath);
    }
    textfont_t *font = span->font, styled = *font;
    styled.name = (char *)name;
    styled.flags = 0;
    span->font = &styled;
    layout_result result = measure_plain(span, name, fontpath);
    span->font = font;
    styled_measures++;
    return result;
}

unsigned long cgraphviz_text_styled_count(void) { return styled_measures; }

/* Plain text shaped without a layout.
 *
 * Pango's engine makes a PangoLayout per text and asks its extents: the layout itemizes the text, finds every
 * break opportunity of the paragraph, shapes, builds lines and sums them, half of its time here. For one line of
 * text, what the engine reads from that is only the sum of the runs' widths and the highest run's ascent. So a
 * plain span (no flags, or bold and italic through a styled name) in a font pango's engine measured before is
 * itemized and shaped by pango itself, in the engine's own context and font description (taken from that earlier
 * layout), and the widths and ascents summed: the numbers the layout would give. The span still gets a layout of
 * its own, made as the engine makes it (text and font description set, nothing laid out), which the cairo
 * renderer lays out when it draws a PNG; an SVG never does. Only texts that cannot lay out differently as a
 * paragraph are shaped this way: one line, no tab, and only characters written left to right that need no
 * reordering or complex shaping (Latin, general punctuation, arrows and symbols); a glyph no font has, or
 * pango's functions missing, sends the text to the engine. CGraphvizSupportCheck compares both on random texts
 * and whole drawings. */
int cgraphviz_text_shaped_fast = 1;
static unsigned long shaped_measures = 0;

/* Pango 1.x's public structures, as its ABI lays them out (its headers are not installed here): only the fields
 * read. */
typedef struct {
    int x, y, width, height;
} pango_rectangle;
typedef struct {
    void *shape_engine, *lang_engine, *font;
    uint8_t level, gravity, flags, script;
    void *language, *extra_attrs;
} pango_analysis;
typedef struct {
    int offset, length, num_chars;
    pango_analysis analysis;
} pango_item;
typedef struct {
    unsigned glyph;
    int width, x_offset, y_offset;
    unsigned attributes;
} pango_glyph_info;
typedef struct {
    int num_glyphs;
    pango_glyph_info *glyphs;
    int *log_clusters;
    int space;
} pango_glyph_string;
typedef struct glib_list {
    void *data;
    struct glib_list *next, *prev;
} glib_list;

/* Pango's and GLib's functions, looked up in the libraries pango's engine loaded (none is linked). */
static struct {
    int looked_up, usable;
    void *(*layout_get_context)(void *layout);
    const void *(*layout_get_font_description)(void *layout);
    void *(*layout_new)(void *context);
    void (*layout_set_text)(void *layout, const char *text, int length);
    void (*layout_set_font_description)(void *layout, const void *description);
    void *(*font_description_copy)(const void *description);
    int (*context_get_round_glyph_positions)(void *context);
    void *(*attr_list_new)(void);
    void (*attr_list_unref)(void *list);
    void (*attr_list_insert)(void *list, void *attribute);
    void *(*attr_font_desc_new)(const void *description);
    glib_list *(*itemize)(void *context, const char *text, int start, int length, void *attrs, void *iter);
    void (*item_free)(void *item);
    pango_glyph_string *(*glyph_string_new)(void);
    void (*glyph_string_free)(pango_glyph_string *glyphs);
    void (*shape_with_flags)(const char *item_text, int item_length, const char *paragraph, int paragraph_length,
        const pango_analysis *analysis, pango_glyph_string *glyphs, int flags);
    void (*glyph_string_extents)(pango_glyph_string *glyphs, void *font, pango_rectangle *ink,
        pango_rectangle *logical);
    void (*list_free)(glib_list *list);
    void (*object_unref)(void *object);
} pango;

static void *symbol(void *library, const char *name) { return library ? dlsym(library, name) : NULL; }

/* Finds pango's functions once pango's engine has loaded the libraries; whether all are there. */
static int look_up_pango(void) {
    if (pango.looked_up) return pango.usable;
    pango.looked_up = 1;
    void *library = dlopen("libpango-1.0.so.0", RTLD_LAZY | RTLD_NOLOAD);
    void *glib = dlopen("libglib-2.0.so.0", RTLD_LAZY | RTLD_NOLOAD);
    void *gobject = dlopen("libgobject-2.0.so.0", RTLD_LAZY | RTLD_NOLOAD);
    void **slots[] = {(void **)&pango.layout_get_context, (void **)&pango.layout_get_font_description,
        (void **)&pango.layout_new, (void **)&pango.layout_set_text, (void **)&pango.layout_set_font_description,
        (void **)&pango.font_description_copy, (void **)&pango.context_get_round_glyph_positions,
        (void **)&pango.attr_list_new, (void **)&pango.attr_list_unref, (void **)&pango.attr_list_insert,
        (void **)&pango.attr_font_desc_new, (void **)&pango.itemize, (void **)&pango.item_free,
        (void **)&pango.glyph_string_new, (void **)&pango.glyph_string_free, (void **)&pango.shape_with_flags,
        (void **)&pango.glyph_string_extents};
    const char *names[] = {"pango_layout_get_context", "pango_layout_get_font_description", "pango_layout_new",
        "pango_layout_set_text", "pango_layout_set_font_description", "pango_font_description_copy",
        "pango_context_get_round_glyph_positions", "pango_attr_list_new", "pango_attr_list_unref",
        "pango_attr_list_insert", "pango_attr_font_desc_new", "pango_itemize", "pango_item_free",
        "pango_glyph_string_new", "pango_glyph_string_free", "pango_shape_with_flags",
        "pango_glyph_string_extents"};
    int usable = 1;
    for (size_t i = 0; i < sizeof slots / sizeof *slots; i++) usable &= (*slots[i] = symbol(library, names[i])) != NULL;
    usable &= (*(void **)&pango.list_free = symbol(glib, "g_list_free")) != NULL;
    usable &= (*(void **)&pango.object_unref = symbol(gobject, "g_object_unref")) != NULL;
    pango.usable = usable;
    return usable;
}

/* A font pango's engine measured in: its name and size as the span gives them, and the engine's context and font
 * description (a copy, kept for the process) from a layout it made. */
enum { shaped_font_count = 128 };
static struct {
    char *name;
    double size;
    void *context, *description;
    void *attrs;
    int round;
} shaped_fonts[shaped_font_count];

static int shaped_font(const char *name, double size) {
    for (int i = 0; i < shaped_font_count && shaped_fonts[i].name; i++)
        if (shaped_fonts[i].size == size && strcmp(shaped_fonts[i].name, name) == 0) return i;
    return -1;
}

/* Remembers the context and font description of a layout pango's engine made for text in `name` at `size`. */
static void learn_font(const char *name, double size, void *layout) {
    if (!layout || !look_up_pango() || shaped_font(name, size) >= 0) return;
    int slot = 0;
    while (slot < shaped_font_count && shaped_fonts[slot].name) slot++;
    if (slot == shaped_font_count) return;
    void *context = pango.layout_get_context(layout);
    const void *description = pango.layout_get_font_description(layout);
    if (!context || !description) return;
    void *copy = pango.font_description_copy(description), *attrs = pango.attr_list_new();
    char *kept = strdup(name);
    if (!copy || !attrs || !kept) {
        free(kept);
        return;
    }
    pango.attr_list_insert(attrs, pango.attr_font_desc_new(copy));
    shaped_fonts[slot].size = size;
    shaped_fonts[slot].context = context;
    shaped_fonts[slot].description = copy;
    shaped_fonts[slot].attrs = attrs;
    shaped_fonts[slot].round = pango.context_get_round_glyph_positions(context);
    shaped_fonts[slot].name = kept;
}

/* Whether every character of `text` is one that lays out the same alone as in a paragraph, left to right, with no
 * reordering or complex shaping: printable ASCII, Latin-1 and Latin Extended letters (U+00A0–U+024F), general
 * punctuation without the bidirectional controls (U+2010–U+2027, U+2030–U+205E), and arrows, technical signs,
 * boxes and symbols (U+2190–U+27BF). Not empty. */
static int plain_line(const char *text) {
    const unsigned char *p = (const unsigned char *)text;
    if (!*p) return 0;
    while (*p) {
        unsigned scalar;
        if (p[0] < 0x80) {
            if (p[0] < 0x20 || p[0] == 0x7F) return 0;
            p++;
            continue;
        } else if ((p[0] & 0xE0) == 0xC0 && (p[1] & 0xC0) == 0x80) {
            scalar = ((unsigned)(p[0] & 0x1F) << 6) | (p[1] & 0x3F);
            p += 2;
        } else if ((p[0] & 0xF0) == 0xE0 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80) {
            scalar = ((unsigned)(p[0] & 0x0F) << 12) | ((unsigned)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
            p += 3;
        } else {
            return 0;
        }
        int allowed = (scalar >= 0xA0 && scalar <= 0x24F) || (scalar >= 0x2010 && scalar <= 0x2027)
            || (scalar >= 0x2030 && scalar <= 0x205E) || (scalar >= 0x2190 && scalar <= 0x27BF);
        if (!allowed) return 0;
    }
    return 1;
}

static void release_layout(void *layout) { pango.object_unref(layout); }

/* Graphviz's pango engine's scale from pango units at 96 dpi to points, as it computes it. */
static const double shaped_scale = 72.0 / (96.0 * 1024);

/* Measures `span` as pango's engine would, in `name` with no flags, by shaping (see above); 0 when it cannot (the
 * caller asks the engine), 1 when `span` is filled in and `*result` set. */
static int measure_shaped(textspan_t *span, const char *name, layout_result *result) {
    if (!cgraphviz_text_shaped_fast || span->font->postscript_alias || !plain_line(span->str)) return 0;
    int font = shaped_font(name, span->font->size);
    if (font < 0) return 0;
    void *context = shaped_fonts[font].context;
    const char *text = span->str;
    int length = (int)strlen(text);
    glib_list *items = pango.itemize(context, text, 0, length, shaped_fonts[font].attrs, NULL);
    long width = 0;
    int ascent = 0, complete = items != NULL, first = 1;
    pango_glyph_string *glyphs = pango.glyph_string_new();
    for (glib_list *node = items; node && complete; node = node->next) {
        pango_item *item = node->data;
        pango.shape_with_flags(text + item->offset, item->length, text, length, &item->analysis, glyphs,
            shaped_fonts[font].round ? 1 : 0);
        for (int i = 0; i < glyphs->num_glyphs; i++)
            if (glyphs->glyphs[i].glyph & 0x10000000u) complete = 0; /* PANGO_GLYPH_UNKNOWN_FLAG */
        pango_rectangle logical = {0, 0, 0, 0};
        pango.glyph_string_extents(glyphs, item->analysis.font, NULL, &logical);
        width += logical.width;
        if (first || -logical.y > ascent) ascent = -logical.y;
        first = 0;
    }
    pango.glyph_string_free(glyphs);
    for (glib_list *node = items; node; node = node->next) pango.item_free(node->data);
    pango.list_free(items);
    if (!complete) return 0;
    void *layout = pango.layout_new(context);
    if (!layout) return 0;
    pango.layout_set_text(layout, text, -1);
    pango.layout_set_font_description(layout, shaped_fonts[font].description);
    span->layout = layout;
    span->free_layout = release_layout;
    /* As the engine: a width of 0 has no height either, and returns false. */
    span->size.x = (int)(width * shaped_scale + 1);
    span->size.y = (int)(span->font->size * 1.1 + .5);
    span->yoffset_layout = ascent * shaped_scale;
    span->yoffset_centerline = 0.2 * span->font->size;
    *result = width != 0;
    shaped_measures++;
    return 1;
}

unsigned long cgraphviz_text_shaped_count(void) { return shaped_measures; }

void cgraphviz_text_set_shaping(int shapes) { cgraphviz_text_shaped_fast = shapes != 0; }

/* What pango's engine measures for a span with no flags in the font `name` (the span's own or a styled name):
 * shaped when it can be, otherwise by the engine, whose layout then teaches the font. */
static layout_result measure_plain(textspan_t *span, const char *name, char **fontpath) {
    layout_result result;
    if (measure_shaped(span, name, &result)) return result;
    result = measure(measuring, span, fontpath);
    if (!span->font->postscript_alias) learn_font(name, span->font->size, span->layout);
    return result;
}

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
    if (entries >= max_entries) cgraphviz_text_cache_empty();
}

void cgraphviz_text_cache_empty(void) {
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
