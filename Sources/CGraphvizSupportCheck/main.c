/* The checks of CGraphvizSupport's C helpers, as a program of its own: libgvc and cgraph are not thread-safe, so
 * they cannot run inside the test process beside the Swift tests that render (and the PNG device's tables are
 * process-wide). CGraphvizSupportTests runs it and reads its report. Prints one line per failed check and
 * `N passed, N failed` last; exits 1 if any check failed. */

#define _GNU_SOURCE
#include "CGraphvizSupport.h"

#include <dlfcn.h>
#include <graphviz/gvplugin_textlayout.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed = 0;
static int failed = 0;

static void check(int condition, const char *what) {
    if (condition) {
        passed++;
    } else {
        failed++;
        printf("FAILED: %s\n", what);
    }
}

static Agraph_t *open_graph(void) { return cgraphviz_open_ordered("G", cgraphviz_directed()); }

static IDTYPE id_of(void *object) { return AGID(object); }

/* Objects get IDs in creation order, and a name keeps its ID past many rehashes of the table. */
static void check_sequential_ids(void) {
    Agraph_t *graph = open_graph();
    enum { count = 5000 };
    static Agnode_t *nodes[count];
    char name[32];
    int in_order = 1, found_again = 1, named = 1;
    for (int i = 0; i < count; i++) {
        snprintf(name, sizeof name, "node-%d", (i * 7919) % count);
        nodes[i] = agnode(graph, name, 1);
        if (i > 0 && id_of(nodes[i]) != id_of(nodes[i - 1]) + 1) in_order = 0;
    }
    for (int i = 0; i < count; i++) {
        snprintf(name, sizeof name, "node-%d", (i * 7919) % count);
        if (agnode(graph, name, 0) != nodes[i]) found_again = 0;
        if (strcmp(agnameof(nodes[i]), name) != 0) named = 0;
    }
    check(in_order, "5,000 named nodes get consecutive IDs in creation order");
    check(found_again, "every name finds its node again after the table grew");
    check(named, "agnameof gives each node its name");
    check(agnode(graph, "never-made", 0) == NULL, "a name never made finds nothing");
    agclose(graph);
}

/* Subgraphs come out in insertion order, not in the order malloc placed their interned names (cgraph's default
 * discipline uses a name's address as its ID, and keeps subgraphs sorted by ID). */
static void check_subgraph_order(void) {
    Agraph_t *graph = open_graph();
    char name[32];
    for (int i = 0; i < 300; i++) {
        snprintf(name, sizeof name, "cluster_%d", 299 - i);
        agsubg(graph, name, 1);
    }
    int index = 0, in_order = 1;
    for (Agraph_t *sub = agfstsubg(graph); sub; sub = agnxtsubg(sub), index++) {
        snprintf(name, sizeof name, "cluster_%d", 299 - index);
        if (strcmp(agnameof(sub), name) != 0) in_order = 0;
    }
    check(in_order && index == 300, "300 subgraphs iterate in insertion order");
    agclose(graph);
}

/* Anonymous objects (an edge without a key) take IDs from the same sequence as named ones. */
static void check_anonymous_ids(void) {
    Agraph_t *graph = open_graph();
    Agnode_t *a = agnode(graph, "a", 1);
    Agnode_t *b = agnode(graph, "b", 1);
    Agedge_t *edge = agedge(graph, a, b, NULL, 1);
    Agnode_t *c = agnode(graph, "c", 1);
    check(id_of(edge) == id_of(b) + 1, "an anonymous edge takes the next ID");
    check(id_of(c) == id_of(b) + 2, "the next named node takes the one after");
    agclose(graph);
}

/* Lays `graph` out, renders it with `format` and closes it; returns the first failing status, else 0. */
static int render_and_close(GVC_t *context, Agraph_t *graph, const char *format, char **result, size_t *length) {
    int status = gvLayout(context, graph, "dot");
    if (status == 0) status = cgraphviz_render_data(context, graph, format, result, length);
    gvFreeLayout(context, graph);
    agclose(graph);
    return status;
}

/* Lays out a one-node graph and renders it with `format`; returns gvRenderData's status. */
static int render_home(GVC_t *context, const char *format, char **result, size_t *length) {
    Agraph_t *graph = open_graph();
    agnode(graph, "Home", 1);
    return render_and_close(context, graph, format, result, length);
}

static void check_render_data(GVC_t *context) {
    char *text = NULL;
    size_t length = 0;
    check(render_home(context, "dot", &text, &length) == 0, "gvRenderData renders DOT");
    check(text && length == strlen(text), "its size_t length is the length of the text");
    check(text && strstr(text, "Home") != NULL, "the text holds the node");
    gvFreeRenderData(text);
}

static unsigned formatted_width = 0, formatted_height = 0;

/* A device `format` that takes the pixels and writes a marker instead of encoding them. */
static void write_marker(GVJ_t *job) {
    unsigned width = 0, height = 0;
    if (!cgraphviz_job_pixels(job, &width, &height)) return;
    job->imagedata = NULL;
    formatted_width = width;
    formatted_height = height;
    gvwrite(job, "PIXELS", 6);
}

static void check_png_device(GVC_t *context) {
    gvAddLibrary(context, cgraphviz_png_device_library(write_marker));
    char *bytes = NULL;
    size_t length = 0;
    check(render_home(context, CGRAPHVIZ_PNG_DEVICE, &bytes, &length) == 0, "the PNG device renders");
    check(bytes && length == 6 && memcmp(bytes, "PIXELS", 6) == 0, "the format function's bytes are the output");
    check(formatted_width > 0 && formatted_height > 0, "the format function was handed cairo's pixels");
    gvFreeRenderData(bytes);
}

/* Lays out a graph of two nodes whose HTML labels repeat texts (and hold `lines` more, all different) and
 * renders it with `format`; the caller frees `*result` with gvFreeRenderData. */
/* The labels graph's lines are `line_prefix N`, in `labels_font` when set (Graphviz's default Times-Roman when not). */
static const char *line_prefix = "line";
static const char *labels_font = NULL;

static int render_labels(GVC_t *context, const char *format, int lines, char **result, size_t *length) {
    Agraph_t *graph = open_graph();
    size_t size = 256 + (size_t)lines * 32;
    char *markup = malloc(size);
    if (!markup) {
        agclose(graph);
        return -1;
    }
    if (labels_font) agattr(graph, AGNODE, "fontname", (char *)labels_font);
    size_t used = (size_t)snprintf(markup, size, "<B>Home</B><BR/>Home<BR/><I>on screen: Home</I>");
    for (int i = 0; i < lines && used < size; i++) used += (size_t)snprintf(markup + used, size - used, "<BR/>%s %d", line_prefix, i);
    const char *names[] = {"a", "b"};
    for (int i = 0; i < 2; i++) {
        Agnode_t *node = agnode(graph, (char *)names[i], 1);
        char *label = agstrdup_html(graph, markup);
        agsafeset(node, "label", label, "");
        agstrfree(graph, label);
    }
    agedge(graph, agnode(graph, "a", 0), agnode(graph, "b", 0), NULL, 1);
    free(markup);
    return render_and_close(context, graph, format, result, length);
}

/* Renders the labels graph with 300 more lines (render_labels) in `format`. */
static int render_many_labels(GVC_t *context, const char *format, char **result, size_t *length) {
    return render_labels(context, format, 300, result, length);
}

/* Whether `render` gives the same bytes in `format` with a fast path's switch `*fast` at 1 as at 0 (left at 1). */
static int same_without_fast_path(GVC_t *context, int *fast, const char *format,
    int (*render)(GVC_t *context, const char *format, char **result, size_t *length)) {
    char *with = NULL, *without = NULL;
    size_t with_length = 0, without_length = 0;
    int rendered = render(context, format, &with, &with_length) == 0;
    *fast = 0;
    rendered &= render(context, format, &without, &without_length) == 0;
    *fast = 1;
    int same = rendered && with_length == without_length && memcmp(with, without, with_length) == 0;
    gvFreeRenderData(with);
    gvFreeRenderData(without);
    return same;
}

/* Whether `context` renders the labels graph in `format` to exactly `expected`. */
static int renders_as(GVC_t *context, const char *format, int lines, const char *expected, size_t expected_length) {
    char *bytes = NULL;
    size_t length = 0;
    int same = render_labels(context, format, lines, &bytes, &length) == 0 && length == expected_length
        && memcmp(bytes, expected, length) == 0;
    gvFreeRenderData(bytes);
    return same;
}

/* The text cache measures each text once and draws SVG and cairo's PNG byte for byte as pango alone does, also
 * after it filled up and was emptied. */
static void check_text_cache(GVC_t *plain) {
    /* SVG and PNG of the small graph, SVG of one with 5,000 texts more than the cache holds. */
    const char *formats[] = {"svg", "png:cairo", "svg"};
    const int lines[] = {3, 3, 5000};
    char *expected[3] = {NULL, NULL, NULL};
    size_t lengths[3] = {0, 0, 0};
    for (int i = 0; i < 3; i++) render_labels(plain, formats[i], lines[i], &expected[i], &lengths[i]);
    check(expected[0] && expected[1] && expected[2], "pango alone renders the labels");
    GVC_t *cached = gvContext();
    check(cached && cgraphviz_text_cache_install(cached) == 1, "the text cache installs");
    if (cached && expected[0] && expected[1] && expected[2]) {
        unsigned long hits = 0, misses = 0, entries = 0;
        int same = 1;
        for (int round = 0; round < 2; round++)
            for (int i = 0; i < 2; i++) same &= renders_as(cached, formats[i], lines[i], expected[i], lengths[i]);
        cgraphviz_text_cache_counts(&hits, &misses, &entries);
        check(same, "with the cache, SVG and PNG are byte for byte pango's, render after render");
        check(misses > 0 && misses <= 8 && hits >= 3 * misses, "each text is measured once, then answered");
        check(renders_as(cached, formats[2], lines[2], expected[2], lengths[2]), "a cache filling up draws as pango");
        cgraphviz_text_cache_counts(&hits, &misses, &entries);
        check(entries >= 4000, "the cache fills up");
        check(renders_as(cached, formats[1], lines[1], expected[1], lengths[1]), "a full cache still answers");
        cgraphviz_text_cache_trim();
        cgraphviz_text_cache_counts(&hits, &misses, &entries);
        check(entries == 0, "trimming a full cache empties it");
        same = 1;
        for (int i = 0; i < 3; i++) same &= renders_as(cached, formats[i], lines[i], expected[i], lengths[i]);
        check(same, "after trimming, the same bytes");
    }
    if (cached) gvFreeContext(cached);
    for (int i = 0; i < 3; i++) gvFreeRenderData(expected[i]);
}

static uint64_t next_random(uint64_t *state);

/* gvtextlayout (exported by libgvc, declared in no installed header), returning what the engine returns. */
typedef __typeof__(((gvtextlayout_engine_t *)0)->textlayout(0, 0)) layout_result;
extern layout_result gvtextlayout(GVC_t *gvc, textspan_t *span, char **fontpath);

/* Measures `text` in `name` at `size` with `flags` through `context`; the span's layout is released. */
static textspan_t measured(GVC_t *context, const char *text, const char *name, double size, unsigned flags,
    int *result) {
    textfont_t font = {0};
    font.name = (char *)name;
    font.size = size;
    font.flags = flags & 0x7F;
    textspan_t span = {0};
    span.str = (char *)text;
    span.font = &font;
    *result = gvtextlayout(context, &span, NULL);
    if (span.layout && span.free_layout) span.free_layout(span.layout);
    span.layout = NULL;
    span.font = NULL;
    return span;
}

/* Whether `text` in `name` at `size` with `flags` measures through `cached` (a context with the text cache) as
 * through pango's engine alone (`plain`): the same sizes, offsets and result. A difference is printed when
 * `report`. */
static int measures_as_pango(GVC_t *plain, GVC_t *cached, const char *text, const char *name, double size,
    unsigned flags, int report) {
    int pango_result, cached_result;
    textspan_t pango = measured(plain, text, name, size, flags, &pango_result);
    textspan_t answer = measured(cached, text, name, size, flags, &cached_result);
    int equal = pango_result == cached_result && pango.size.x == answer.size.x && pango.size.y == answer.size.y
        && pango.yoffset_layout == answer.yoffset_layout && pango.yoffset_centerline == answer.yoffset_centerline;
    if (!equal && report)
        printf("measured differently: \"%s\" in %s %.1f flags %u: %g × %g, %g, result %d (pango %g × %g, %g, %d)\n",
            text, name, size, flags, answer.size.x, answer.size.y, answer.yoffset_layout, cached_result,
            pango.size.x, pango.size.y, pango.yoffset_layout, pango_result);
    return equal;
}

/* Lays out a graph in FlowGraph's font list whose HTML labels are bold, italic, both and underlined, and renders it
 * with `format`. */
static int render_styled(GVC_t *context, const char *format, char **result, size_t *length) {
    Agraph_t *graph = open_graph();
    agattr(graph, AGNODE, "fontname", "DejaVu Sans,Arial,Helvetica,sans-serif");
    const char *labels[] = {"<B>BEFORE</B> on screen: <B>Home</B>",
        "<I>push Items</I><BR/><B><I>Review \xe2\x98\xb0</I></B>",
        "<B>LAYER 1 \xc2\xb7 SHEET</B> Profile \xe2\x80\xba Posts<BR/><U>removed</U> <B>two  spaces</B>"};
    const char *names[] = {"a", "b", "c"};
    for (int i = 0; i < 3; i++) {
        Agnode_t *node = agnode(graph, (char *)names[i], 1);
        char *label = agstrdup_html(graph, (char *)labels[i]);
        agsafeset(node, "label", label, "");
        agstrfree(graph, label);
    }
    agedge(graph, agnode(graph, "a", 0), agnode(graph, "b", 0), NULL, 1);
    return render_and_close(context, graph, format, result, length);
}

/* Bold and italic text measured in a font named with its style gives pango's own sizes, offsets and return
 * values (its markup path) for random texts, and the same SVG and PNG bytes; the other flags, two spaces in a
 * row and other font names still go through the markup. */
static void check_styled_text(GVC_t *plain) {
    GVC_t *cached = gvContext();
    check(cached && cgraphviz_text_cache_install(cached) == 1, "the text cache installs again");
    if (!cached) return;
    const char *pieces[] = {"a", "Z", "i", "W", " ", "  ", "\xc2\xa0", "7", "\xe2\x80\xba", "\xc2\xb7",
        "\xe2\x98\xb0", "\xc3\xa9", "e\xcc\x81", "(", ":", "-", "&", "<", "\"", "'", "fi", "AV", "To",
        "\xf0\x9f\x91\xa9", "\xe4\xb8\xad", "\xe2\x86\x92", "Home", "LAYER"};
    const char *fonts[] = {"DejaVu Sans,Arial,Helvetica,sans-serif", "DejaVu Sans", "sans-serif", "Times-Roman"};
    const double sizes[] = {10, 11, 12, 14, 20, 9.5};
    const unsigned flag_sets[] = {HTML_BF, HTML_IF, HTML_BF | HTML_IF, HTML_UL, HTML_BF | HTML_UL, HTML_S};
    uint64_t state = 0x5DEECE66DULL;
    int same = 1;
    unsigned long styled_before = cgraphviz_text_styled_count();
    for (int i = 0; i < 3000; i++) {
        char text[400] = "";
        int count = 1 + (int)(next_random(&state) % 12);
        for (int k = 0; k < count; k++) strcat(text, pieces[next_random(&state) % (sizeof pieces / sizeof *pieces)]);
        const char *font = fonts[next_random(&state) % 4];
        double size = sizes[next_random(&state) % 6];
        unsigned flags = flag_sets[next_random(&state) % 6];
        same &= measures_as_pango(plain, cached, text, font, size, flags, 0);
    }
    unsigned long styled = cgraphviz_text_styled_count() - styled_before;
    check(same, "bold and italic measured in a styled font name are pango's sizes and offsets");
    check(styled > 500 && styled < 3000, "styled names are used where they hold, and only there");
    /* The drawing's texts are new to the cache: measured through styled names (the bold and italic ones), then
     * drawn from what it keeps; pango alone draws the same bytes. */
    const char *formats[] = {"svg", "png:cairo"};
    for (int i = 0; i < 2; i++) {
        char *expected = NULL, *actual = NULL;
        size_t expected_length = 0, actual_length = 0;
        styled_before = cgraphviz_text_styled_count();
        int rendered = render_styled(cached, formats[i], &actual, &actual_length) == 0
            && render_styled(plain, formats[i], &expected, &expected_length) == 0;
        check(rendered && (i > 0 || cgraphviz_text_styled_count() > styled_before)
                && expected_length == actual_length && memcmp(expected, actual, actual_length) == 0,
            i == 0 ? "bold and italic from styled font names draw pango's own SVG"
                   : "bold and italic from styled font names draw pango's own PNG");
        gvFreeRenderData(expected);
        gvFreeRenderData(actual);
    }
    gvFreeContext(cached);
}

/* Plain one-line texts shaped by the cache itself (no layout asked for) give pango's engine's own sizes, offsets
 * and return values, for random texts in several fonts and sizes, plain and bold or italic (the styled names are
 * shaped too), and whole drawings draw the same SVG and PNG bytes; texts with characters the shaping leaves to
 * the engine (line breaks, tabs, right-to-left and complex scripts, emoji, combining marks) still are pango's. */
static void check_shaped_text(GVC_t *plain) {
    GVC_t *cached = gvContext();
    check(cached && cgraphviz_text_cache_install(cached) == 1, "the text cache installs a third time");
    if (!cached) return;
    const char *pieces[] = {"a", "Z", "i", "W", " ", "  ", "\xc2\xa0", "7", "\xe2\x80\xba", "\xc2\xb7",
        "\xe2\x98\xb0", "\xc3\xa9", "(", ":", "-", "&", "<", "\"", "'", "fi", "ffl", "AV", "To", "Wa", "LT", "y.",
        "\xe2\x86\x92", "\xe2\x80\xa6", "\xc3\x9f", "Home", "LAYER", "Feed12", ".order(id: 3)", "0 s", "\xe2\x9c\x93",
        "\xe2\x80\x94", "\xc5\x93", "\xe2\x8c\x98", "\xe2\x96\xb6",
        /* left to the engine */
        "\n", "\t", "e\xcc\x81", "\xd7\xa9\xd7\x9c", "\xd8\xb3\xd9\x84", "\xf0\x9f\x91\xa9", "\xe4\xb8\xad",
        "\xe2\x80\x8f", "\xe0\xa4\xb9\xe0\xa4\xbf"};
    const char *fonts[] = {"DejaVu Sans,Arial,Helvetica,sans-serif", "DejaVu Sans", "sans-serif",
        "DejaVu Sans Mono,monospace", "Times-Roman"};
    const double sizes[] = {10, 11, 12, 14, 20, 9.5};
    const unsigned flag_sets[] = {0, 0, 0, HTML_BF, HTML_IF, HTML_BF | HTML_IF, HTML_UL};
    enum { piece_count = sizeof pieces / sizeof *pieces, left_to_engine = 9 };
    uint64_t state = 0x2545F4914F6CDD1DULL;
    int same = 1;
    unsigned long shaped_before = cgraphviz_text_shaped_count();
    int cases = 6000;
    for (int i = 0; i < cases; i++) {
        char text[600] = "";
        int count = 1 + (int)(next_random(&state) % 14);
        /* Most texts only of what is shaped; one in four may hold something left to the engine. */
        int any = next_random(&state) % 4 == 0;
        for (int k = 0; k < count; k++)
            strcat(text, pieces[next_random(&state) % (any ? piece_count : piece_count - left_to_engine)]);
        const char *font = fonts[next_random(&state) % 5];
        double size = sizes[next_random(&state) % 6];
        unsigned flags = flag_sets[next_random(&state) % 7];
        same &= measures_as_pango(plain, cached, text, font, size, flags, same);
    }
    unsigned long shaped = cgraphviz_text_shaped_count() - shaped_before;
    check(same, "plain texts shaped by the cache are pango's sizes, offsets and results");
    check(shaped > (unsigned long)cases / 2 && shaped < (unsigned long)cases,
        "texts are shaped where they can be, and only there");
    if (shaped <= (unsigned long)cases / 2 || shaped >= (unsigned long)cases) printf("shaped %lu of %d\n", shaped, cases);
    /* Whole drawings, new to the cache: SVG and PNG as with every text laid out by the engine. */
    const char *formats[] = {"svg", "png:cairo"};
    const char *prefixes[] = {"shaped line", "drawn line"}; /* texts new to the cache in each */
    for (int i = 0; i < 2; i++) {
        line_prefix = prefixes[i];
        labels_font = fonts[0];
        shaped_before = cgraphviz_text_shaped_count();
        int fast = same_without_fast_path(cached, &cgraphviz_text_shaped_fast, formats[i], render_many_labels);
        line_prefix = "line";
        labels_font = NULL;
        int styled = same_without_fast_path(cached, &cgraphviz_text_shaped_fast, formats[i], render_styled);
        check(fast && styled && cgraphviz_text_shaped_count() >= shaped_before + 300,
            i == 0 ? "drawings of shaped texts are pango's own SVG" : "drawings of shaped texts are pango's own PNG");
    }
    gvFreeContext(cached);
}

/* libgvc 2.43's gvprintdouble, as its machine code reads: within 1e-8 of zero is 0, then "%.02f" with trailing
 * zeros and a bare point trimmed. */
static void reference_hundredths(double num, char *buffer) {
    if (num > -1e-8 && num < 1e-8) num = 0;
    snprintf(buffer, 50, "%.02f", num);
    if (!strchr(buffer, '.')) return;
    char *end = buffer + strlen(buffer) - 1;
    while (*end == '0') *end-- = 0;
    if (*end == '.') *end = 0;
}

/* A random 64-bit pattern (xorshift), for doubles of every exponent. */
static uint64_t next_random(uint64_t *state) {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* Three random numbers for the formatters: `any` of any bit pattern (every exponent, infinities and NaNs), `tie` a
 * multiple of 1/8000 (ties at the third decimal among them) and `near` of three decimals, both within a drawing's
 * coordinates. */
static void random_numbers(uint64_t *state, double *any, double *tie, double *near) {
    uint64_t bits = next_random(state);
    memcpy(any, &bits, sizeof *any);
    *tie = (double)(int64_t)(next_random(state) % 4000000) / 8000.0 - 250.0;
    *near = (double)(int64_t)(next_random(state) % 200000001) / 1000.0 - 100000.0;
}

/* Whether the fast formatter writes `num` as libgvc would, or leaves it to libgvc; counts those it writes. */
static int formats_as_reference(double num, long *written) {
    char fast[32], expected[64];
    int length = cgraphviz_format_hundredths(num, fast);
    if (length < 0) return !isfinite(num) || fabs(num) >= 9007199254740992.0 / 100;
    (*written)++;
    reference_hundredths(num, expected);
    return length == (int)strlen(fast) && strcmp(fast, expected) == 0;
}

/* The executable's gvprintdouble (print_double.c) writes every number as libgvc's does: edge cases, exact ties at
 * the third decimal, 3 million random values, and whole SVG renders with it and with libgvc's own. */
static void check_print_double(GVC_t *context) {
    const double edges[] = {0.0, -0.0, 1e-9, -1e-9, 1e-8, -1e-8, 0.004, -0.004, 0.005, -0.005, 0.0049999999, 0.125,
        0.375, -0.625, 0.875, 2.675, 1.005, 1.015, 0.995, 99.995, 99.999, -99.999, 0.01, 0.1, 0.5, 1, 10, 100,
        1e13, 9e13, -9e13, 90071992547409.91, 5e-324, 2.2250738585072014e-308, -123.456, 72.5, 1e-3, 123456.785};
    int same = 1;
    long written = 0;
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) same &= formats_as_reference(edges[i], &written);
    check(same && written >= 30, "edge values (zero, -0.004, ties, 2^53 / 100) print as libgvc prints them");
    uint64_t state = 0x9E3779B97F4A7C15u;
    same = 1;
    for (long i = 0; i < 1000000; i++) {
        double any, coordinate, near;
        random_numbers(&state, &any, &coordinate, &near);
        same &= formats_as_reference(any, &written) && formats_as_reference(coordinate, &written)
            && formats_as_reference(near, &written);
    }
    check(same && written > 2000000, "3 million random values print as libgvc prints them");
    check(dlsym(RTLD_DEFAULT, "gvprintdouble") == (void *)gvprintdouble, "the SVG renderer finds this gvprintdouble");
    check(same_without_fast_path(context, &cgraphviz_print_double_fast, "svg", render_many_labels),
        "an SVG is byte for byte what libgvc's own gvprintdouble writes");
}

/* The fast formatter writes what snprintf writes, length and bytes (a NUL of `%c` included). */
#define SAME_AS_PRINTF(format, ...)                                                                            \
    do {                                                                                                       \
        char fast_[512], slow_[512];                                                                           \
        int fast_length_ = cgraphviz_format_simple(fast_, sizeof fast_, format, __VA_ARGS__);                  \
        int slow_length_ = snprintf(slow_, sizeof slow_, format, __VA_ARGS__);                                 \
        same &= fast_length_ == slow_length_ && memcmp(fast_, slow_, (size_t)slow_length_ + 1) == 0;           \
    } while (0)

/* This executable's gvprintf (print_format.c) writes every format of the SVG renderer as vsnprintf does: edge
 * values, random ones, every byte through `%c`, 3 million numbers through `%.2f`; declines any other conversion;
 * and whole SVG renders are byte for byte what vsnprintf alone writes. */
static void check_print_format(GVC_t *context) {
    const char *strings[] = {"", "DejaVu Sans,Arial", "timeline-diagram stack", "<&\"'>", "é日本", NULL};
    const int numbers[] = {0, 1, -1, 9, 10, 255, 256, 1000000, -2147483647 - 1, 2147483647};
    int same = 1;
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
        SAME_AS_PRINTF(" font-family=\"%s\"", strings[i]);
        SAME_AS_PRINTF("\" class=\"%s\"", strings[i]);
        SAME_AS_PRINTF("%sline-through", strings[i]);
    }
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        int n = numbers[i];
        SAME_AS_PRINTF("<svg width=\"%dpt\" height=\"%dpt\"\n", n, -n);
        SAME_AS_PRINTF(") rotate(%d) translate(", n);
        SAME_AS_PRINTF("%u %x %i %% %d", (unsigned)n, (unsigned)n, n, n);
        SAME_AS_PRINTF(" fill=\"#%02x%02x%02x\"", (unsigned)n & 0xFF, (unsigned)n, (unsigned)n >> 4);
    }
    for (int byte = 0; byte < 256; byte++) SAME_AS_PRINTF("%c", byte);
    const double edges[] = {0.0, -0.0, 1e-9, -1e-9, -0.004, 0.005, -0.005, 0.125, 0.375, 2.675, 1.005, 99.995, 12,
        11.5, 1e13, 9e13, 90071992547409.91, 1e300, -1e300, 5e-324, INFINITY, -INFINITY, NAN};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        SAME_AS_PRINTF(" font-size=\"%.2f\"", edges[i]);
    }
    check(same, "edge values of every SVG format print as snprintf prints them");
    uint64_t state = 0x853C49E6748FEA9Bu;
    same = 1;
    for (long i = 0; i < 1000000; i++) {
        double any, size, near;
        random_numbers(&state, &any, &size, &near);
        SAME_AS_PRINTF(" viewBox=\"%.2f %.2f %.2f %.2f\"", any, size, near, -size);
        unsigned colour = (unsigned)next_random(&state);
        SAME_AS_PRINTF("#%02x%02x%02x", colour & 0xFF, (colour >> 8) & 0xFF, colour >> 16);
    }
    check(same, "3 million random numbers and colours print as snprintf prints them");
    char buffer[64];
    int declines = cgraphviz_format_simple(buffer, sizeof buffer, "%g", 1.5) == -1
        && cgraphviz_format_simple(buffer, sizeof buffer, "%5d", 1) == -1
        && cgraphviz_format_simple(buffer, sizeof buffer, "%ld", 1L) == -1
        && cgraphviz_format_simple(buffer, sizeof buffer, "%.3f", 1.5) == -1
        && cgraphviz_format_simple(buffer, sizeof buffer, "100%", 0) == -1
        && cgraphviz_format_simple(buffer, 8, "%s", "longer than eight") == -1
        && cgraphviz_format_simple(buffer, 8, "%s", "seven..") == 7;
    check(declines, "other conversions, and text that does not fit, are left to vsnprintf");
    check(dlsym(RTLD_DEFAULT, "gvprintf") == (void *)gvprintf, "the SVG renderer finds this gvprintf");
    check(same_without_fast_path(context, &cgraphviz_print_format_fast, "svg", render_many_labels),
        "an SVG is byte for byte what vsnprintf alone writes");
}

/* colorxlate as libgvc's (the next definition after this executable's) translates `text`, against this
 * executable's: the same result and the same bytes in the colour, whatever was in it before. */
static int translates_as_libgvc(const char *text, color_type_t type) {
    typedef int (*colorxlate_t)(char *str, gvcolor_t *color, color_type_t target_type);
    static colorxlate_t original;
    if (!original) original = (colorxlate_t)dlsym(RTLD_NEXT, "colorxlate");
    if (!original) return 0;
    gvcolor_t ours, theirs;
    memset(&ours, 0xAB, sizeof ours);
    memset(&theirs, 0xAB, sizeof theirs);
    char copy[64], copy2[64];
    snprintf(copy, sizeof copy, "%s", text);
    snprintf(copy2, sizeof copy2, "%s", text);
    int our_result = colorxlate(copy, &ours, type), their_result = original(copy2, &theirs, type);
    return our_result == their_result && memcmp(&ours, &theirs, sizeof ours) == 0;
}

/* Lays out and renders two filled nodes and an edge in `#` colours, one with an HTML label that sets its own; the
 * caller frees `*result` with gvFreeRenderData. */
static int render_colours(GVC_t *context, const char *format, char **result, size_t *length) {
    Agraph_t *graph = open_graph();
    Agnode_t *a = agnode(graph, "a", 1), *b = agnode(graph, "b", 1);
    agsafeset(a, "style", "filled", "");
    agsafeset(a, "color", "#1f2328", "");
    agsafeset(a, "fillcolor", "#eef1f480", "");
    agsafeset(a, "fontcolor", "#0550AE", "");
    char *label = agstrdup_html(graph, "<TABLE BGCOLOR=\"#f6f8fa\" COLOR=\"#57606a\"><TR><TD BGCOLOR=\"#ddf4ff\">"
                                       "<FONT COLOR=\"#1a7f37\">new</FONT> <S>old</S></TD></TR></TABLE>");
    agsafeset(b, "label", label, "");
    agstrfree(graph, label);
    Agedge_t *edge = agedge(graph, a, b, NULL, 1);
    agsafeset(edge, "color", "#57606a", "");
    return render_and_close(context, graph, format, result, length);
}

/* This executable's colorxlate (color_translate.c) gives what libgvc's gives for every `#` colour, in every
 * representation, and for names and malformed values, which it leaves to libgvc; whole SVG and PNG renders are
 * byte for byte libgvc's. */
static void check_color_translate(GVC_t *context) {
    const char *texts[] = {"#1f2328", "#FFFFFF", "#000000", "#0550aE", "#ff000080", "#00000000", "#fff", "#ff0000z",
        "#ff00001", "#ff0000zz", " #ff0000", "red", "transparent", "/blues9/3", "#", "", "#12345678 ", "0.5 0.5 0.5"};
    const color_type_t types[] = {RGBA_BYTE, RGBA_DOUBLE, HSVA_DOUBLE, RGBA_WORD, CMYK_BYTE, COLOR_STRING};
    int same = 1;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) same &= translates_as_libgvc(texts[i], types[t]);
    }
    check(same, "named, short, long, spaced and malformed colours translate as libgvc translates them");
    uint64_t state = 0x2F6B9E3A1C45D087u;
    same = 1;
    for (int i = 0; i < 200000; i++) {
        uint64_t bits = next_random(&state);
        char text[16];
        snprintf(text, sizeof text, i % 2 ? "#%06llx" : "#%08llX", (unsigned long long)(bits >> (i % 2 ? 40 : 32)));
        same &= translates_as_libgvc(text, RGBA_BYTE) && translates_as_libgvc(text, RGBA_DOUBLE);
    }
    check(same, "200,000 random # colours translate as libgvc translates them, as bytes and as doubles");
    check(dlsym(RTLD_DEFAULT, "colorxlate") == (void *)colorxlate, "libgvc's renderers find this colorxlate");
    check(same_without_fast_path(context, &cgraphviz_color_fast, "svg", render_colours),
        "an SVG is byte for byte what libgvc's colorxlate draws");
    check(same_without_fast_path(context, &cgraphviz_color_fast, "png", render_colours),
        "so is a PNG of cairo's");
}

/* Compresses `input` as one stream of `level`: raw (our set-up, `raw` 1) or zlib-wrapped (zlib's own, as deflate.c
 * was before); returns the bytes written into `output`, 0 on failure. */
static size_t deflate_all(const unsigned char *input, size_t length, int level, int raw, unsigned char *output,
    size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    int started = raw ? cgraphviz_deflate_init_raw(&stream, level)
                      : deflateInit2(&stream, level, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY);
    if (started != Z_OK) return 0;
    stream.next_in = (unsigned char *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int status = deflate(&stream, Z_FINISH);
    size_t produced = capacity - stream.avail_out;
    deflateEnd(&stream);
    return status == Z_STREAM_END ? produced : 0;
}

/* A raw deflate stream between cgraphviz_zlib_header and cgraphviz_adler32 is byte for byte the stream zlib wraps
 * itself, at every level, and inflate reads it. */
static void check_deflate(void) {
    static unsigned char input[100000], wrapped[120000], ours[120000], restored[100000];
    uint64_t state = 0x2545F4914F6CDD1Du;
    for (size_t i = 0; i < sizeof input; i++) {
        /* Runs of one colour with anti-aliased edges, as a diagram's rows are. */
        input[i] = i % 2371 < 1200 ? 0xFF : (unsigned char)(next_random(&state) % 7 == 0 ? next_random(&state) : 0xEE);
    }
    int same = 1;
    for (int level = 1; level <= 9; level++) {
        size_t zlib_length = deflate_all(input, sizeof input, level, 0, wrapped, sizeof wrapped);
        unsigned header = cgraphviz_zlib_header(level);
        ours[0] = (unsigned char)(header >> 8);
        ours[1] = (unsigned char)header;
        size_t raw_length = deflate_all(input, sizeof input, level, 1, ours + 2, sizeof ours - 6);
        uint32_t checksum = cgraphviz_adler32(1, input, sizeof input);
        for (int k = 0; k < 4; k++) ours[2 + raw_length + k] = (unsigned char)(checksum >> (24 - 8 * k));
        same &= zlib_length > 0 && raw_length > 0 && zlib_length == raw_length + 6
            && memcmp(wrapped, ours, zlib_length) == 0;
    }
    check(same, "header, raw deflate and Adler-32 are zlib's own stream at levels 1 to 9");
    size_t length = deflate_all(input, sizeof input, 3, 0, wrapped, sizeof wrapped);
    check(length > 2 && length < sizeof input / 4, "the stream compresses");
    uLongf restored_length = sizeof restored;
    check(uncompress(restored, &restored_length, wrapped, length) == Z_OK, "inflate reads it");
    check(restored_length == sizeof input && memcmp(restored, input, sizeof input) == 0, "the bytes come back");
}

/* cgraphviz_adler32 gives zlib's adler32 for every length up to past two 5552-byte runs, from any start, over bytes
 * that make its sums largest (all 0xFF) and random ones, split anywhere. */
static void check_adler32(void) {
    static unsigned char random_bytes[20000], full[20000];
    uint64_t state = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < sizeof random_bytes; i++) random_bytes[i] = (unsigned char)next_random(&state);
    memset(full, 0xFF, sizeof full);
    const uint32_t starts[] = {1, 0, 65520u << 16 | 1, 65520u << 16 | 65520u, 0x1234u << 16 | 0x5678u};
    int same = 1;
    for (size_t length = 0; length <= 11200; length += length < 64 ? 1 : 61) {
        for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++) {
            uint32_t start = starts[s];
            same &= cgraphviz_adler32(start, random_bytes, length) == (uint32_t)adler32(start, random_bytes, length);
            same &= cgraphviz_adler32(start, full, length) == (uint32_t)adler32(start, full, length);
        }
    }
    check(same, "Adler-32 as zlib sums it, every length and start");
    uint32_t split = cgraphviz_adler32(cgraphviz_adler32(1, random_bytes, 7777), random_bytes + 7777, 12223);
    check(split == (uint32_t)adler32(1, random_bytes, sizeof random_bytes), "summed in two parts, the same");
    check(cgraphviz_adler32(1, full, sizeof full) == (uint32_t)adler32(1, full, sizeof full), "20,000 bytes of 0xFF");
}

/* An opaque row comes out as R, G, B for every width (the shuffled loop's stores stop before the row's end), and
 * one pixel short of full alpha anywhere makes a drawing not opaque. */
static void check_png_rows(void) {
    enum { widest = 300 };
    static uint32_t pixels[widest * 3];
    static uint8_t row[widest * 3 + 16], expected[widest * 3];
    uint64_t state = 0xD1B54A32D192ED03u;
    for (size_t i = 0; i < widest * 3; i++) pixels[i] = 0xFF000000u | (uint32_t)(next_random(&state) & 0xFFFFFF);
    int same = 1, kept = 1;
    for (size_t width = 0; width <= widest; width++) {
        for (size_t x = 0; x < width; x++) {
            expected[3 * x] = (uint8_t)(pixels[x] >> 16);
            expected[3 * x + 1] = (uint8_t)(pixels[x] >> 8);
            expected[3 * x + 2] = (uint8_t)pixels[x];
        }
        memset(row, 0xA5, sizeof row);
        cgraphviz_png_rgb_row(pixels, width, row);
        same &= memcmp(row, expected, 3 * width) == 0;
        for (size_t i = 3 * width; i < sizeof row; i++) kept &= row[i] == 0xA5;
    }
    check(same, "opaque rows of 0 to 300 pixels come out as R, G, B");
    check(kept, "nothing is written past a row's last pixel");
    int opaque = cgraphviz_pixels_opaque(pixels, widest * 3), found = 1;
    for (size_t i = 0; i < widest * 3; i += 97) {
        uint32_t kept_pixel = pixels[i];
        pixels[i] = 0xFE000000u | (kept_pixel & 0xFFFFFF);
        found &= !cgraphviz_pixels_opaque(pixels, widest * 3) && cgraphviz_pixels_opaque(pixels, i);
        pixels[i] = kept_pixel;
    }
    check(opaque && found, "a drawing is opaque until one pixel, anywhere, is not");
}

int main(void) {
    GVC_t *context = gvContext();
    check(context != NULL, "gvContext");
    check_sequential_ids();
    check_subgraph_order();
    check_anonymous_ids();
    if (context) {
        check_render_data(context);
        check_png_device(context);
        check_text_cache(context);
        check_print_double(context);
        check_print_format(context);
        check_color_translate(context);
        check_styled_text(context);
        check_shaped_text(context);
        gvFreeContext(context);
    }
    check_deflate();
    check_adler32();
    check_png_rows();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
