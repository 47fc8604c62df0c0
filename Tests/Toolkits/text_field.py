#!/usr/bin/env python3
"""A window with one single-line text field of a real toolkit, for the paste tests.

Usage: text_field.py gtk3|gtk4|qt5|tk
Takes the input focus (there is no window manager on the test's Xvfb), prints
"ready" once the field has it, then "text JSON" whenever the field's text changes.
"""
import json
import sys


def report(text):
    print("text " + json.dumps(text), flush=True)


def ready():
    print("ready", flush=True)


def gtk3():
    import gi
    gi.require_version("Gtk", "3.0")
    from gi.repository import GLib, Gtk
    window = Gtk.Window(title="text-field-gtk3")
    entry = Gtk.Entry()
    window.add(entry)
    announced = []

    def focused(widget, event):
        if not announced:
            announced.append(True)
            ready()
        return False

    def take_focus():
        window.get_window().focus(0)
        entry.grab_focus()
        return False

    entry.connect("changed", lambda widget: report(widget.get_text()))
    window.connect("focus-in-event", focused)
    window.show_all()
    GLib.idle_add(take_focus)
    Gtk.main()


def gtk4():
    import gi
    gi.require_version("Gtk", "4.0")
    from gi.repository import GLib, Gtk
    window = Gtk.Window(title="text-field-gtk4")
    entry = Gtk.Entry()
    window.set_child(entry)
    entry.connect("changed", lambda widget: report(widget.get_text()))
    announced = []

    def announce():
        ready()
        return False

    def active(widget, _):
        if widget.is_active() and not announced:
            announced.append(True)
            entry.grab_focus()
            # The entry's inner text widget takes the focus on the next frames.
            GLib.timeout_add(300, announce)

    window.connect("notify::is-active", active)
    window.present()

    def take_focus():
        surface = window.get_surface()
        # No window manager: GTK 4 focuses its surface itself once it is mapped.
        surface.focus(0)
        entry.grab_focus()
        return False

    GLib.timeout_add(200, take_focus)
    GLib.MainLoop().run()


def qt5():
    from PyQt5.QtCore import Qt, QTimer
    from PyQt5.QtWidgets import QApplication, QLineEdit
    app = QApplication(["text-field-qt5"])
    field = QLineEdit()
    field.textChanged.connect(report)
    field.show()
    announced = []

    def take_focus():
        field.activateWindow()
        field.setFocus(Qt.OtherFocusReason)
        if field.hasFocus() and not announced:
            announced.append(True)
            ready()
        elif not announced:
            QTimer.singleShot(100, take_focus)

    QTimer.singleShot(0, take_focus)
    app.exec_()


def tk():
    import tkinter
    root = tkinter.Tk(className="text-field-tk")
    value = tkinter.StringVar()
    value.trace_add("write", lambda *_: report(value.get()))
    entry = tkinter.Entry(root, textvariable=value)
    entry.pack()
    root.wait_visibility()
    entry.focus_force()
    root.after(100, ready)
    root.mainloop()


{"gtk3": gtk3, "gtk4": gtk4, "qt5": qt5, "tk": tk}[sys.argv[1]]()
