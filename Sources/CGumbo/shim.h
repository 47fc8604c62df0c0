#ifndef CGUMBO_SHIM_H
#define CGUMBO_SHIM_H
/* gumbo, the HTML5 parser CopypastaHTML builds its tree with, and glibc's iconv, which turns a
 * page's bytes into the UTF-8 gumbo requires (docs/DESIGN.md, "HTML pages"). The library links libgumbo.a
 * (Package.swift), not this module map. */
#include <gumbo.h>
#include <iconv.h>
#endif
