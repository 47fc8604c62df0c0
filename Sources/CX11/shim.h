#ifndef CX11_SHIM_H
#define CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xfixes.h>

/* The resource-id mask the server sent at connection setup: the bits of an XID
   that vary within one client (the other bits name the client, and the server
   uses one mask for every client). Xlib keeps it in the field its internal
   header calls resource_mask, which the public header names private4. */
static inline XID cx11_resource_mask(Display *display) {
    return ((_XPrivDisplay)display)->private4;
}
#endif
