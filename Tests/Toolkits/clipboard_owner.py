#!/usr/bin/env python3
"""Sets CLIPBOARD from a real toolkit and keeps serving it, as an application would.

Usage: clipboard_owner.py gtk3|gtk4|gtk4-bare|qt5|tk NAME TEXT
NAME becomes the application's program/class name. Prints "owned" once the
toolkit holds the clipboard, then runs its main loop until it is killed.
"""
import sys


def announce():
    print("owned", flush=True)


def gtk(version, name=None):
    """GTK and GDK `version` ("3.0", "4.0") through gi, the program named `name` (when given)
    before GDK opens the display: the modules Gdk, GLib, GObject and Gtk."""
    import gi
    gi.require_version("Gtk", version)
    gi.require_version("Gdk", version)
    from gi.repository import GLib
    if name is not None:
        GLib.set_prgname(name)
    from gi.repository import Gdk, GObject, Gtk
    return Gdk, GLib, GObject, Gtk


def gtk3(name, text):
    Gdk, GLib, _, Gtk = gtk("3.0", name)
    window = Gtk.Window(title=name)
    window.show_all()
    clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
    clipboard.set_text(text, -1)
    GLib.idle_add(announce)
    Gtk.main()


def gtk4(name, text):
    Gdk, GLib, GObject, Gtk = gtk("4.0", name)
    window = Gtk.Window(title=name)
    window.present()
    value = GObject.Value(str, text)
    Gdk.Display.get_default().get_clipboard().set_content(Gdk.ContentProvider.new_for_value(value))
    GLib.idle_add(announce)
    GLib.MainLoop().run()


def gtk4_bare(name, text):
    """GTK 4 without a window or program name: its owner window, the client
    leader, has an empty WM_CLASS; only the process names the application."""
    Gdk, GLib, GObject, _ = gtk("4.0")  # importing Gtk initialises GDK
    value = GObject.Value(str, text)
    Gdk.Display.get_default().get_clipboard().set_content(Gdk.ContentProvider.new_for_value(value))
    GLib.idle_add(announce)
    GLib.MainLoop().run()


def qt5(name, text):
    from PyQt5.QtCore import QTimer
    from PyQt5.QtWidgets import QApplication, QWidget
    app = QApplication([name])
    app.setApplicationName(name)
    window = QWidget()
    window.setWindowTitle(name)
    window.show()
    app.clipboard().setText(text)
    QTimer.singleShot(0, announce)
    app.exec_()


def tk(name, text):
    import tkinter
    root = tkinter.Tk(className=name)
    # Tk creates the named wrapper window when it maps the main window: copy from
    # a window on screen, as a user would.
    root.wait_visibility()
    root.clipboard_clear()
    root.clipboard_append(text)
    root.after(0, announce)
    root.mainloop()


if __name__ == "__main__":
    toolkit, name, text = sys.argv[1:4]
    {"gtk3": gtk3, "gtk4": gtk4, "gtk4-bare": gtk4_bare, "qt5": qt5, "tk": tk}[toolkit](name, text)
