#define _GNU_SOURCE
#include "CGraphvizSupport.h"
#include <dlfcn.h>
#include <graphviz/graphviz_version.h>
#include <math.h>
#include <string.h>

/* Graphviz's SVG renderer (libgvplugin_core) writes every coordinate of every path through libgvc's
 * gvprintdouble, which formats it with snprintf("%.02f") and trims trailing zeros: glibc's exact decimal
 * conversion is a sixth of a small plan's render. This executable defines gvprintdouble itself, so the plugin's
 * calls (through its PLT) come here, and writes the same characters with integer arithmetic: the value's exact
 * binary fraction times 100, rounded to nearest with ties to even (as printf rounds), then the same trimming.
 *
 * Only for the Graphviz whose gvprintdouble this was read from (2.43.0, Debian's 2.42.2 package: values within
 * 1e-8 of zero print as 0, "-0.00" trims to "-0"); any other version, values this does not handle exactly
 * (not finite, or 2^53 / 100 and beyond) and `cgraphviz_print_double_fast = 0` go to libgvc's own function. */

int cgraphviz_print_double_fast = 1;

typedef void (*print_double_t)(GVJ_t *job, double num);

/* libgvc's own gvprintdouble, the next definition after this executable's. */
static void original_print_double(GVJ_t *job, double num) {
    static print_double_t original;
    if (!original) original = (print_double_t)dlsym(RTLD_NEXT, "gvprintdouble");
    if (original) original(job, num);
}

/* |num| * 100 rounded to the nearest integer, ties to even, from its exact binary value (as printf rounds);
 * 0 when that is not below 2^53 (or num is not finite), else 1. */
static int exact_hundredths(double num, uint64_t *hundredths) {
    if (!isfinite(num) || fabs(num) >= 9007199254740992.0 / 100) return 0;
    uint64_t bits;
    memcpy(&bits, &num, sizeof bits);
    int exponent = (int)((bits >> 52) & 0x7FF);
    uint64_t mantissa = bits & ((1ull << 52) - 1);
    if (exponent == 0) {
        exponent = 1; /* subnormal */
    } else {
        mantissa |= 1ull << 52;
    }
    /* |num| = mantissa * 2^shift; |num| * 100 = scaled * 2^shift, scaled < 2^60. */
    int shift = exponent - 1075;
    uint64_t scaled = mantissa * 100;
    if (shift >= 0) {
        *hundredths = scaled << shift; /* |num| * 100 < 2^53: no overflow */
    } else if (shift <= -64) {
        *hundredths = 0; /* below 2^-11: rounds to 0 */
    } else {
        int right = -shift;
        *hundredths = scaled >> right;
        uint64_t remainder = scaled & ((1ull << right) - 1), half = 1ull << (right - 1);
        if (remainder > half || (remainder == half && (*hundredths & 1))) (*hundredths)++;
    }
    return 1;
}

/* Writes `hundredths / 100` (its sign first when `negative`): the whole part, then `.` and both digits of the
 * fraction, or with `trimmed` only those up to the last that is not 0 (no point when both are). */
static int write_hundredths(uint64_t hundredths, int negative, int trimmed, char *buffer) {
    char *out = buffer;
    if (negative) *out++ = '-';
    char digits[24];
    int count = 0;
    uint64_t whole = hundredths / 100;
    do {
        digits[count++] = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole);
    while (count) *out++ = digits[--count];
    unsigned fraction = (unsigned)(hundredths % 100);
    if (!trimmed || fraction != 0) {
        *out++ = '.';
        *out++ = (char)('0' + fraction / 10);
        if (!trimmed || fraction % 10 != 0) *out++ = (char)('0' + fraction % 10);
    }
    *out = 0;
    return (int)(out - buffer);
}

int cgraphviz_format_hundredths(double num, char *buffer) {
    if (num > -1e-8 && num < 1e-8) num = 0;
    uint64_t hundredths;
    if (!exact_hundredths(num, &hundredths)) return -1;
    return write_hundredths(hundredths, signbit(num) != 0, 1, buffer);
}

int cgraphviz_format_two_decimals(double num, char *buffer) {
    uint64_t hundredths;
    if (!exact_hundredths(num, &hundredths)) return -1;
    return write_hundredths(hundredths, signbit(num) != 0, 0, buffer);
}

void gvprintdouble(GVJ_t *job, double num) {
    const int known = sizeof PACKAGE_VERSION == sizeof "2.43.0" && PACKAGE_VERSION[0] == '2'
        && PACKAGE_VERSION[2] == '4' && PACKAGE_VERSION[3] == '3';
    char buffer[32];
    int length = known && cgraphviz_print_double_fast ? cgraphviz_format_hundredths(num, buffer) : -1;
    if (length < 0) {
        original_print_double(job, num);
        return;
    }
    gvwrite(job, buffer, (size_t)length);
}
