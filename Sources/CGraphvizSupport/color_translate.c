#define _GNU_SOURCE
#include "CGraphvizSupport.h"
#include <dlfcn.h>

/* Graphviz resolves every colour it draws with (the pen and fill of every shape, every run of text) through
 * libgvc's colorxlate, which reads `#rrggbb` and `#rrggbbaa` with sscanf("#%2x%2x%2x%2x"): 9,000 calls for 50
 * small plans, a fortieth of a batch worker. This executable defines colorxlate itself, so libgvc's calls
 * (through its PLT) come here. A `#` and exactly six or eight hex digits asked for as RGBA_BYTE, the SVG
 * renderer's type, is read here into the same four bytes (alpha 255 when not given); every other colour and
 * type (cairo's RGBA_DOUBLE, whose arithmetic is libgvc's own: it multiplies by 1 / 255), and
 * `cgraphviz_color_fast = 0`, go to libgvc's function. */

int cgraphviz_color_fast = 1;

typedef int (*colorxlate_t)(char *str, gvcolor_t *color, color_type_t target_type);

/* libgvc's own colorxlate, the next definition after this executable's. */
static int original_colorxlate(char *str, gvcolor_t *color, color_type_t target_type) {
    static colorxlate_t original;
    if (!original) original = (colorxlate_t)dlsym(RTLD_NEXT, "colorxlate");
    return original ? original(str, color, target_type) : COLOR_UNKNOWN;
}

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The channels of `digits` when it is exactly six or eight hex digits; 0 otherwise. */
static int read_channels(const char *digits, unsigned channels[4]) {
    int count = 0;
    while (count < 8 && hex_value(digits[count]) >= 0) count++;
    if ((count != 6 && count != 8) || digits[count] != 0) return 0;
    channels[3] = 255;
    for (int i = 0; i < count / 2; i++) {
        channels[i] = (unsigned)(hex_value(digits[2 * i]) * 16 + hex_value(digits[2 * i + 1]));
    }
    return 1;
}

int colorxlate(char *str, gvcolor_t *color, color_type_t target_type) {
    unsigned channels[4];
    if (!cgraphviz_color_fast || !str || str[0] != '#' || target_type != RGBA_BYTE || !read_channels(str + 1, channels)) {
        return original_colorxlate(str, color, target_type);
    }
    color->type = target_type;
    for (int i = 0; i < 4; i++) color->u.rgba[i] = (unsigned char)channels[i];
    return COLOR_OK;
}
