#include "CGraphvizSupport.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Graphviz's SVG renderer (libgvplugin_core) writes every attribute of every drawn object through libgvc's
 * gvprintf, which hands the format to vsnprintf and the text to gvwrite: some 800 calls a small plan (` fill="#%02x
 * %02x%02x"`, ` font-size="%.2f"`, `%c` for each character of an escaped text), a twentieth of a batch worker.
 * This executable defines gvprintf itself, so the plugin's calls (through its PLT) come here. A format whose
 * every conversion is one of `%s %d %i %u %c %x %02x %.2f %%` (all the renderer's SVG formats) is written by
 * the loop below, character for character what vsnprintf writes; any other format, and
 * `cgraphviz_print_format_fast = 0`, goes to vsnprintf as libgvc's own gvprintf does. The number of `%.2f` is
 * written by print_double.c's exact conversion. */

int cgraphviz_print_format_fast = 1;

/* The conversion starting at `spec` (just after a `%`) when the loop writes it: its letter, and in `length` how
 * many characters it spans; 0 for any other. */
static char simple_conversion(const char *spec, int *length) {
    switch (spec[0]) {
    case '%': case 's': case 'd': case 'i': case 'u': case 'c': case 'x':
        *length = 1;
        return spec[0];
    case '0':
        *length = 3;
        return spec[1] == '2' && spec[2] == 'x' ? 'X' : 0; /* %02x */
    case '.':
        *length = 3;
        return spec[1] == '2' && spec[2] == 'f' ? 'f' : 0;
    default: return 0;
    }
}

/* Whether the loop writes every conversion of `format`. */
static int is_simple(const char *format) {
    for (const char *p = strchr(format, '%'); p; p = strchr(p, '%')) {
        int length;
        if (!simple_conversion(p + 1, &length)) return 0;
        p += 1 + length;
    }
    return 1;
}

/* Text being written into a fixed buffer; `full` once something did not fit. */
typedef struct {
    char *data;
    size_t length, capacity;
    int full;
} text_t;

static void put(text_t *text, const char *bytes, size_t count) {
    if (text->full || count >= text->capacity - text->length) {
        text->full = 1;
        return;
    }
    memcpy(text->data + text->length, bytes, count);
    text->length += count;
}

/* `value` in `base` (10 or 16, lower-case), at least `width` digits, zeros in front. */
static void put_unsigned(text_t *text, unsigned long long value, unsigned base, int width) {
    char digits[24];
    char *first = digits + sizeof digits; /* written from the last digit back */
    do {
        *--first = "0123456789abcdef"[value % base];
        value /= base;
    } while (value);
    while (digits + sizeof digits - first < width) *--first = '0';
    put(text, first, (size_t)(digits + sizeof digits - first));
}

static int format_simple(char *buffer, size_t capacity, const char *format, va_list arguments) {
    text_t text = {buffer, 0, capacity, 0};
    const char *p = format;
    while (*p) {
        const char *percent = strchr(p, '%');
        if (!percent) {
            put(&text, p, strlen(p));
            break;
        }
        put(&text, p, (size_t)(percent - p));
        int length;
        switch (simple_conversion(percent + 1, &length)) {
        case '%': put(&text, "%", 1); break;
        case 's': {
            const char *string = va_arg(arguments, const char *);
            if (!string) string = "(null)"; /* as glibc prints a null string */
            put(&text, string, strlen(string));
            break;
        }
        case 'd': case 'i': {
            int value = va_arg(arguments, int);
            if (value < 0) put(&text, "-", 1);
            put_unsigned(&text, value < 0 ? -(unsigned long long)value : (unsigned long long)value, 10, 1);
            break;
        }
        case 'u': put_unsigned(&text, va_arg(arguments, unsigned), 10, 1); break;
        case 'x': put_unsigned(&text, va_arg(arguments, unsigned), 16, 1); break;
        case 'X': put_unsigned(&text, va_arg(arguments, unsigned), 16, 2); break;
        case 'c': {
            char character = (char)(unsigned char)va_arg(arguments, int);
            put(&text, &character, 1);
            break;
        }
        case 'f': {
            double value = va_arg(arguments, double);
            char number[352]; /* %.2f of the largest double: 309 digits, a sign, the point and two decimals */
            int count = cgraphviz_format_two_decimals(value, number);
            if (count < 0) count = snprintf(number, sizeof number, "%.2f", value);
            put(&text, number, (size_t)count);
            break;
        }
        default: return -1; /* is_simple said otherwise */
        }
        p = percent + 1 + length;
    }
    if (text.full) return -1;
    buffer[text.length] = 0;
    return (int)text.length;
}

int cgraphviz_format_simple(char *buffer, size_t capacity, const char *format, ...) {
    if (capacity == 0 || !is_simple(format)) return -1;
    va_list arguments;
    va_start(arguments, format);
    int length = format_simple(buffer, capacity, format, arguments);
    va_end(arguments);
    return length;
}

void gvprintf(GVJ_t *job, const char *format, ...) {
    char buffer[BUFSIZ];
    va_list arguments;
    va_start(arguments, format);
    int length = -1;
    if (cgraphviz_print_format_fast && is_simple(format)) {
        va_list copy;
        va_copy(copy, arguments);
        length = format_simple(buffer, sizeof buffer, format, copy);
        va_end(copy);
    }
    if (length >= 0) {
        gvwrite(job, buffer, (size_t)length);
        va_end(arguments);
        return;
    }
    /* As libgvc's gvprintf: into the buffer, or into memory of its size when longer. */
    va_list copy;
    va_copy(copy, arguments);
    int needed = vsnprintf(buffer, sizeof buffer, format, copy);
    va_end(copy);
    if (needed < 0) {
        agerr(AGERR, "gvprintf: %s\n", strerror(errno));
        va_end(arguments);
        return;
    }
    char *text = buffer;
    if ((size_t)needed >= sizeof buffer) {
        text = malloc((size_t)needed + 1);
        if (!text) {
            va_end(arguments);
            return;
        }
        vsnprintf(text, (size_t)needed + 1, format, arguments);
    }
    va_end(arguments);
    gvwrite(job, text, (size_t)needed);
    if (text != buffer) free(text);
}
