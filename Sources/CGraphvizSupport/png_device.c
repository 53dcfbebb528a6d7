#include "CGraphvizSupport.h"

/* An unfiltered PNG device.
 *
 * Graphviz's own `png:cairo` device rasterizes with cairo and then spends most of its time in cairo's PNG writer
 * (libpng trying every row filter, zlib at level 6). This device uses the same cairo renderer: with a device
 * engine present, the renderer draws into an ARGB32 image surface and leaves its pixels in job->imagedata; the
 * engine's `format` function (written in Swift) encodes them and hands the bytes to gvwrite, which appends them
 * to gvRenderData's buffer. */

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

gvplugin_library_t *cgraphviz_png_device_library(void (*format)(GVJ_t *job)) {
    engine.format = format;
    return &library;
}

const uint32_t *cgraphviz_job_pixels(GVJ_t *job, unsigned *width, unsigned *height) {
    *width = job->width;
    *height = job->height;
    return (const uint32_t *)job->imagedata;
}
