#ifndef CPICKER_SHIM_H
#define CPICKER_SHIM_H
/* The picker window's text stack (docs/DESIGN.md §16): Xlib for the window and the keyboard,
   RandR for the monitors, Cairo to draw and Pango to lay out text with font fallback. */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/extensions/Xrandr.h>
#include <cairo/cairo.h>
#include <cairo/cairo-xlib.h>
#include <pango/pangocairo.h>

/* Xlib's event union and ConnectionNumber are macros or unions Swift handles poorly. */
static inline int cpicker_connection(Display *display) { return ConnectionNumber(display); }
static inline Visual *cpicker_default_visual(Display *display) { return DefaultVisual(display, DefaultScreen(display)); }
static inline Window cpicker_root(Display *display) { return DefaultRootWindow(display); }
static inline int cpicker_depth(Display *display) { return DefaultDepth(display, DefaultScreen(display)); }
static inline int cpicker_screen_width(Display *display) { return DisplayWidth(display, DefaultScreen(display)); }
static inline int cpicker_screen_height(Display *display) { return DisplayHeight(display, DefaultScreen(display)); }

/* XCreateIC takes a NULL-terminated variable argument list, which Swift cannot call: an input
   context that composes UTF-8 text with no pre-edit or status window of its own. */
static inline XIC cpicker_create_ic(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing, XNClientWindow, window,
                     XNFocusWindow, window, NULL);
}
#endif
