#ifndef FLOWGRAPH_CGRAPHVIZ_SUPPORT_H
#define FLOWGRAPH_CGRAPHVIZ_SUPPORT_H

/* C helpers the Graphviz module needs beside libgvc's own API: one file a concept (render_data.c,
 * descriptors.c, ordered_ids.c, png_device.c, png_rows.c, deflate.c, adler32.c, text_layout_cache.c,
 * print_double.c, print_format.c, color_translate.c). Tested by CGraphvizSupportTests. */

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <graphviz/color.h>
#include <graphviz/gvplugin_device.h>
#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

/// gvRenderData with a `size_t` length whatever the installed Graphviz declares (`unsigned int *` up to 2.x,
/// `size_t *` from 3.0).
int cgraphviz_render_data(GVC_t *gvc, graph_t *graph, const char *format, char **result, size_t *length);

/// cgraph's graph descriptors are C globals, which Swift 6 cannot read safely; these return them by value.
Agdesc_t cgraphviz_directed(void);
Agdesc_t cgraphviz_strict_directed(void);
Agdesc_t cgraphviz_undirected(void);

/// Opens a root graph whose objects get sequential IDs in creation order, names and anonymous objects alike,
/// so that subgraphs (kept sorted by ID) come out in insertion order; cgraph's default memory and I/O
/// disciplines. Close it with `agclose`, which frees the ID table.
Agraph_t *cgraphviz_open_ordered(char *name, Agdesc_t description);

/// The name `gvRenderData` knows the unfiltered PNG device by.
#define CGRAPHVIZ_PNG_DEVICE "png-unfiltered"

/// A plugin library with one device, `png-unfiltered:cairo`: the cairo renderer draws into an ARGB32 surface
/// and the device engine's `format` (written in Swift) encodes `job->imagedata`. Add it once per context with
/// `gvAddLibrary`; Graphviz keeps pointers into its static tables for the context's lifetime.
gvplugin_library_t *cgraphviz_png_device_library(void (*format)(GVJ_t *job));

/// The pixels the cairo renderer left for the device: premultiplied ARGB32 in native byte order, `width * 4`
/// bytes per row. NULL when nothing was drawn.
const uint32_t *cgraphviz_job_pixels(GVJ_t *job, unsigned *width, unsigned *height);

/// Appends bytes to the job's output (gvRenderData's buffer); libgvc exports it, no installed header declares it.
size_t gvwrite(GVJ_t *job, const char *s, size_t len);

/// deflateInit2 (a macro) for a raw deflate stream, 32 KiB window, memory level 9: the body of the zlib stream PNG
/// wants, bit for bit; the caller writes the wrapper, `cgraphviz_zlib_header` before and the Adler-32 after.
int cgraphviz_deflate_init_raw(z_stream *stream, int level);

/// The two bytes (big-endian) zlib writes before a deflate stream of `level` with a 32 KiB window and no
/// dictionary: 0x785E for levels 2 to 5.
unsigned cgraphviz_zlib_header(int level);

/// Whether every one of `count` ARGB32 pixels has full alpha (png_rows.c).
int cgraphviz_pixels_opaque(const uint32_t *pixels, size_t count);

/// Writes `width` opaque ARGB32 pixels (native-endian 0xAARRGGBB) as `3 * width` bytes R, G, B (png_rows.c).
void cgraphviz_png_rgb_row(const uint32_t *line, size_t width, uint8_t *out);

/// The Adler-32 checksum of `count` more bytes after `adler` (1 to start), as zlib's adler32 computes it, 16 bytes
/// a step with SSE2 (adler32.c).
uint32_t cgraphviz_adler32(uint32_t adler, const uint8_t *bytes, size_t count);

/// Sets the id a laid-out graph's drawing carries, which Graphviz copies from the graph's `id` when it lays the graph
/// out and writes before the ids it makes up (`timeline_edge1`); 0, or -1 when the graph is not laid out or memory
/// runs out (drawing_id.c).
int cgraphviz_set_drawing_id(graph_t *graph, const char *id);

/// Makes `gvc` measure text through a cache in front of its text layout plugin (pango): each (font, size, flags,
/// text) is measured once and its sizes and layout handed out again, so labels lay out and draw exactly as
/// without it (text_layout_cache.c). Call once, under the Graphviz lock; returns 0 (and changes nothing) when
/// the installed Graphviz lacks what it needs, 1 otherwise.
int cgraphviz_text_cache_install(GVC_t *gvc);

/// Whether this executable's gvprintdouble (print_double.c) formats numbers itself (1, the default) or hands them
/// to libgvc's (0), for checks that compare the two.
extern int cgraphviz_print_double_fast;

/// Writes one number of a drawing (a coordinate, a width) to the job's output: libgvc's function, which the SVG
/// renderer calls, defined again by print_double.c; no installed header declares it.
void gvprintdouble(GVJ_t *job, double num);

/// Writes `num` as Graphviz 2.43's gvprintdouble does (`%.02f`, trailing zeros and a bare point trimmed, within
/// 1e-8 of zero `0`) into `buffer` (32 bytes) and returns its length; -1 for values it leaves to snprintf
/// (not finite, or 2^53 / 100 and beyond).
int cgraphviz_format_hundredths(double num, char *buffer);

/// Writes `num` as printf's `%.2f` does (two decimals, rounded to nearest with ties to even from its exact binary
/// value, `-` for every negative value and -0) into `buffer` (32 bytes) and returns its length; -1 for values it
/// leaves to snprintf (not finite, or 2^53 / 100 and beyond) (print_double.c).
int cgraphviz_format_two_decimals(double num, char *buffer);

/// Whether this executable's gvprintf (print_format.c) formats the SVG renderer's formats itself (1, the default)
/// or hands every format to vsnprintf as libgvc's does (0), for checks that compare the two.
extern int cgraphviz_print_format_fast;

/// Writes `format` with the arguments after it to the job's output, as printf would: libgvc's function, which the
/// SVG renderer calls, defined again by print_format.c; no installed header declares it.
void gvprintf(GVJ_t *job, const char *format, ...);

/// Formats into `buffer` (`capacity` bytes, a NUL after the text) as vsnprintf would, when every conversion in
/// `format` is one print_format.c writes itself (`%s %d %i %u %c %x %02x %.2f %%`); returns the length, or -1
/// when a conversion is another, or the text does not fit (print_format.c).
int cgraphviz_format_simple(char *buffer, size_t capacity, const char *format, ...);

/// Whether this executable's colorxlate (color_translate.c) reads `#rrggbb` and `#rrggbbaa` as bytes itself (1, the
/// default) or hands every colour to libgvc's (0), for checks that compare the two.
extern int cgraphviz_color_fast;

/// Translates a colour name or `#` value into `color` as `target_type`: libgvc's function, which its renderers call,
/// defined again by color_translate.c; no installed header declares it. COLOR_OK (0), or COLOR_UNKNOWN.
int colorxlate(char *str, gvcolor_t *color, color_type_t target_type);

/// Whether the text cache measures bold and italic text as the same text in a font named with its style (1, the
/// default), or through the markup pango's engine writes and parses (0), for checks that compare the two
/// (text_layout_cache.c).
extern int cgraphviz_text_styled_fast;

/// How many texts the cache has measured in a font named with their style since the process started.
unsigned long cgraphviz_text_styled_count(void);

/// Whether the text cache shapes plain one-line texts in a font pango's engine measured before itself, with pango,
/// without laying out a paragraph (1), or hands every text to the engine (0) (text_layout_cache.c). GraphvizContext
/// sets it for each layout (1 when cairo will draw none of its formats); the checks compare the two.
extern int cgraphviz_text_shaped_fast;

/// Sets cgraphviz_text_shaped_fast (from Swift, where the variable cannot be written safely).
void cgraphviz_text_set_shaping(int shapes);

/// How many texts the cache has shaped itself since the process started.
unsigned long cgraphviz_text_shaped_count(void);

/// Empties the cache when it is full, releasing its layouts; call only when no laid-out graph is left (between
/// layouts), under the Graphviz lock.
void cgraphviz_text_cache_trim(void);

/// Empties the cache whether or not it is full (for tests that measure texts afresh); as cgraphviz_text_cache_trim,
/// only between layouts, under the Graphviz lock.
void cgraphviz_text_cache_empty(void);

/// How often the cache answered and measured since the process started, and how many texts it holds.
void cgraphviz_text_cache_counts(unsigned long *hits, unsigned long *misses, unsigned long *entries);

#endif
