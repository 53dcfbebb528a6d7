#ifndef FLOWGRAPH_CGRAPHVIZ_SHIM_H
#define FLOWGRAPH_CGRAPHVIZ_SHIM_H

/* Graphviz's C API (libgvc, libcgraph, the device plugin interface), fontconfig and zlib, as installed: no
 * logic here. Helpers of our own are C in the CGraphvizSupport target. */

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <graphviz/gvplugin_device.h>
#include <fontconfig/fontconfig.h>
#include <zlib.h>

#endif
