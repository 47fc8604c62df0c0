#!/usr/bin/env python3
"""Copies and exits at once, as emoji and colour pickers do, through a real toolkit's
clipboard-manager handover (SAVE_TARGETS).

Usage: clipboard_store.py gtk3|gtk3-html|gtk4|qt5|qt5-primary TEXT [SIZE]
gtk3* print "stored MS" (the time store() took); gtk4 prints "stored ok|failed MS".
With SIZE, the text is TEXT repeated to SIZE characters. Qt stores in its exit path.
"""
import sys
import time


def text_argument():
    text = sys.argv[2]
    if len(sys.argv) > 3:
        size = int(sys.argv[3])
        text = (text * (size // len(text) + 1))[:size]
    return text


def gtk3(text, html=False):
    import gi
    gi.require_version("Gtk", "3.0")
    gi.require_version("Gdk", "3.0")
    from gi.repository import Gdk, Gtk
    clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
    keep = None
    if html:
        keep = set_html(text)
    else:
        clipboard.set_text(text, -1)
    start = time.monotonic()
    if html:
        keep[0].gtk_clipboard_store(keep[1])
    else:
        clipboard.store()
    print("stored %d" % ((time.monotonic() - start) * 1000), flush=True)


def set_html(text):
    """gtk_clipboard_set_with_data and set_can_store with text/html and UTF8_STRING; neither
    is introspectable, so they are called through ctypes on the library gi loaded."""
    import ctypes
    from ctypes import CFUNCTYPE, POINTER, Structure, c_char_p, c_int, c_uint, c_void_p
    gtk = ctypes.CDLL("libgtk-3.so.0")
    gdk = ctypes.CDLL("libgdk-3.so.0")

    class Entry(Structure):
        _fields_ = [("target", c_char_p), ("flags", c_uint), ("info", c_uint)]

    get_type = CFUNCTYPE(None, c_void_p, c_void_p, c_uint, c_void_p)
    clear_type = CFUNCTYPE(None, c_void_p, c_void_p)
    gdk.gdk_atom_intern.restype = c_void_p
    gdk.gdk_atom_intern.argtypes = [c_char_p, c_int]
    gtk.gtk_clipboard_get.restype = c_void_p
    gtk.gtk_clipboard_get.argtypes = [c_void_p]
    gtk.gtk_selection_data_get_target.restype = c_void_p
    gtk.gtk_selection_data_get_target.argtypes = [c_void_p]
    gtk.gtk_selection_data_set.argtypes = [c_void_p, c_void_p, c_int, c_char_p, c_int]
    gtk.gtk_clipboard_set_with_data.argtypes = [c_void_p, POINTER(Entry), c_uint, get_type, clear_type, c_void_p]
    gtk.gtk_clipboard_set_can_store.argtypes = [c_void_p, POINTER(Entry), c_int]
    gtk.gtk_clipboard_store.argtypes = [c_void_p]
    clipboard = gtk.gtk_clipboard_get(gdk.gdk_atom_intern(b"CLIPBOARD", 0))
    entries = (Entry * 2)(Entry(b"text/html", 0, 1), Entry(b"UTF8_STRING", 0, 2))

    def get(_clipboard, selection, info, _data):
        data = ("<b>%s</b>" % text if info == 1 else text).encode()
        gtk.gtk_selection_data_set(selection, gtk.gtk_selection_data_get_target(selection), 8, data, len(data))

    callbacks = (get_type(get), clear_type(lambda _c, _d: None))
    gtk.gtk_clipboard_set_with_data(clipboard, entries, 2, callbacks[0], callbacks[1], None)
    gtk.gtk_clipboard_set_can_store(clipboard, entries, 2)
    return (gtk, clipboard, entries, callbacks)


def gtk4(text):
    import gi
    gi.require_version("Gtk", "4.0")
    gi.require_version("Gdk", "4.0")
    from gi.repository import Gdk, GLib, GObject, Gtk  # noqa: F401 (Gtk initialises GDK)
    clipboard = Gdk.Display.get_default().get_clipboard()
    clipboard.set_content(Gdk.ContentProvider.new_for_value(GObject.Value(str, text)))
    loop = GLib.MainLoop()
    start = time.monotonic()
    outcome = []

    def done(source, result):
        try:
            outcome.append("ok" if source.store_finish(result) else "failed")
        except GLib.Error as error:
            outcome.append("failed " + error.message.replace(" ", "_"))
        loop.quit()

    clipboard.store_async(GLib.PRIORITY_DEFAULT, None, done)
    loop.run()
    print("stored %s %d" % (outcome[0], (time.monotonic() - start) * 1000), flush=True)


def qt5(text, mode):
    from PyQt5.QtGui import QClipboard
    from PyQt5.QtWidgets import QApplication
    # Named like a compiled Qt program (its process name), not "python3".
    import ctypes
    ctypes.CDLL(None).prctl(15, b"cpqtstore", 0, 0, 0)  # PR_SET_NAME
    app = QApplication(["cpqtstore"])
    app.clipboard().setText(text, mode)
    # No event processing: the copy is read by copypasta's capture while Qt already exits,
    # the case where two requests at once would stall Qt.
    print("copied", flush=True)


def main():
    toolkit = sys.argv[1]
    text = text_argument()
    if toolkit == "gtk3":
        gtk3(text)
    elif toolkit == "gtk3-html":
        gtk3(text, html=True)
    elif toolkit == "gtk4":
        gtk4(text)
    elif toolkit in ("qt5", "qt5-primary"):
        from PyQt5.QtGui import QClipboard
        qt5(text, QClipboard.Selection if toolkit == "qt5-primary" else QClipboard.Clipboard)
    else:
        sys.exit("unknown toolkit " + toolkit)


main()
