#ifndef CX11_SHIM_H
#define CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <X11/XKBlib.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/record.h>
#include <X11/extensions/XRes.h>
#include <X11/extensions/scrnsaver.h>
#include <xkbcommon/xkbcommon.h>

/* The resource-id mask the server sent at connection setup: the bits of an XID
   that vary within one client (the other bits name the client, and the server
   uses one mask for every client). Xlib keeps it in the field its internal
   header calls resource_mask, which the public header names private4. */
static inline XID cx11_resource_mask(Display *display) {
    return ((_XPrivDisplay)display)->private4;
}

/* XKB's accessors are macros, which Swift cannot call. */

/* The parts of the keyboard description a client needs to map keysyms. */
static inline unsigned int cx11_client_info_mask(void) { return XkbAllClientInfoMask; }

/* The group a key uses when `group` is active, following the key's out-of-range rule. */
static inline int cx11_key_effective_group(XkbDescPtr xkb, int keycode, int group) {
    int groups = XkbKeyNumGroups(xkb, keycode);
    if (groups == 0) return -1;
    if (group < groups) return group;
    unsigned char info = XkbKeyGroupInfo(xkb, keycode);
    switch (XkbOutOfRangeGroupAction(info)) {
    case XkbClampIntoRange: return groups - 1;
    case XkbRedirectIntoRange: { int target = XkbOutOfRangeGroupNumber(info); return target < groups ? target : 0; }
    default: return group % groups;
    }
}

/* How many levels the key has in `group`. */
static inline int cx11_key_levels(XkbDescPtr xkb, int keycode, int group) {
    return XkbKeyGroupWidth(xkb, keycode, group);
}

/* The keysym at `level` of `group` (NoSymbol when empty). */
static inline KeySym cx11_key_sym(XkbDescPtr xkb, int keycode, int level, int group) {
    return XkbKeySymEntry(xkb, keycode, level, group);
}

/* Whether the key has no keysym at all. */
static inline int cx11_key_is_empty(XkbDescPtr xkb, int keycode) {
    int count = XkbKeyNumSyms(xkb, keycode);
    for (int index = 0; index < count; index++) {
        if (XkbKeySymsPtr(xkb, keycode)[index] != NoSymbol) return 0;
    }
    return 1;
}

/* The real modifiers that select `level` of the key's type in `group` (0 for level 0), -1 if none does;
   prefers a mask without Lock so that Caps Lock never decides a level. */
static inline int cx11_level_modifiers(XkbDescPtr xkb, int keycode, int group, int level) {
    if (level == 0) return 0;
    XkbKeyTypePtr type = XkbKeyKeyType(xkb, keycode, group);
    int best = -1;
    for (int index = 0; index < type->map_count; index++) {
        XkbKTMapEntryPtr entry = &type->map[index];
        if (!entry->active || entry->level != level) continue;
        int mask = entry->mods.mask;
        if (mask & LockMask) continue;
        if (best < 0 || __builtin_popcount(mask) < __builtin_popcount(best)) best = mask;
    }
    return best;
}
/* The pid of the X client that created `window`, through the X Resource extension (the server
   knows it for local clients only); -1 when it is unknown or the window is gone. */
static inline long cx11_client_pid(Display *display, XID window) {
    int event_base, error_base;
    if (!XResQueryExtension(display, &event_base, &error_base)) return -1;
    XResClientIdSpec spec = { .client = window, .mask = XRES_CLIENT_ID_PID_MASK };
    long count = 0;
    XResClientIdValue *values = NULL;
    if (XResQueryClientIds(display, 1, &spec, &count, &values) != Success) return -1;
    long pid = -1;
    for (long index = 0; index < count; index++) {
        if (XResGetClientIdType(&values[index]) == XRES_CLIENT_ID_PID) pid = XResGetClientPid(&values[index]);
    }
    XResClientIdsDestroy(count, values);
    return pid;
}

/* XRecord's client spec for every client, a macro with a cast Swift cannot import. */
static inline XRecordClientSpec cx11_record_all_clients(void) { return XRecordAllClients; }
#endif
