#ifndef CPCRE2_SHIM_H
#define CPCRE2_SHIM_H
/* The 8-bit library: entry texts are UTF-8. The unsuffixed names are macros Swift cannot
 * import, so the Swift code calls the _8 functions. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif
