#!/usr/bin/python3
"""A GTK 3 window with one Gtk.Entry, for copypasta's paste tests.

Takes the input focus (there is no window manager on the test's Xvfb), prints
"ready" once it has it, then "text JSON" whenever the entry's text changes.
"""
import json

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

window = Gtk.Window(title="copypasta-gtk-test")
entry = Gtk.Entry()
window.add(entry)
announced = False


def changed(widget):
    print("text " + json.dumps(widget.get_text()), flush=True)


def focused(widget, event):
    global announced
    if not announced:
        announced = True
        print("ready", flush=True)
    return False


def take_focus():
    window.get_window().focus(0)
    entry.grab_focus()
    return False


entry.connect("changed", changed)
window.connect("focus-in-event", focused)
window.connect("destroy", Gtk.main_quit)
window.show_all()
GLib.idle_add(take_focus)
Gtk.main()
