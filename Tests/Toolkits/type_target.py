#!/usr/bin/python3
"""A text field of a real application, for the tests and benchmarks of `copypasta type`.

    type_target.py KIND OUTPUT [PROFILE]

KIND is gtk3 (Gtk.Entry), qt5 (QLineEdit), firefox or chromium (a textarea of
a page served from a loopback HTTP server here; PROFILE is the browser's
profile directory) or xterm (a raw-mode tty). Prints "ready" once the field has
the input focus, then keeps OUTPUT holding exactly the field's text (replaced
atomically at every change; xterm appends the bytes it reads). On SIGTERM it
stops the browser or xterm it started (their process group) and exits.
"""
import json
import os
import signal
import subprocess
import sys
import threading
import time

TITLE = "copypasta-type-target"


def store(path, text):
    temporary = path + ".new"
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(temporary, path)


def focus_window(name):
    """Gives the input focus to the first visible window called `name` (there is no window manager)."""
    found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", name],
                           capture_output=True, text=True, timeout=60)
    window = found.stdout.split()[0]
    subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True, timeout=60)


def gtk3(output):
    import gi
    gi.require_version("Gtk", "3.0")
    from gi.repository import GLib, Gtk
    window = Gtk.Window(title=TITLE)
    entry = Gtk.Entry()
    window.add(entry)
    state = {"ready": False}

    def focused(widget, event):
        if not state["ready"]:
            state["ready"] = True
            print("ready", flush=True)
        return False

    def take_focus():
        window.get_window().focus(0)
        entry.grab_focus()
        return False

    pending = {"store": False}

    def store_when_idle():
        pending["store"] = False
        store(output, entry.get_text())
        return False

    def changed(widget):
        # Once per burst of changes, so that the mirror file costs the field little.
        if not pending["store"]:
            pending["store"] = True
            GLib.idle_add(store_when_idle, priority=GLib.PRIORITY_LOW)

    entry.connect("changed", changed)
    window.connect("focus-in-event", focused)
    window.connect("destroy", Gtk.main_quit)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, Gtk.main_quit)
    window.show_all()
    GLib.idle_add(take_focus)
    Gtk.main()


def qt5(output):
    from PyQt5.QtCore import QTimer
    from PyQt5.QtWidgets import QApplication, QLineEdit
    app = QApplication(sys.argv)
    field = QLineEdit()
    field.setWindowTitle(TITLE)
    pending = {"store": False}

    def store_when_idle():
        pending["store"] = False
        store(output, field.text())

    def changed(text):
        # Once per burst of changes, so that the mirror file costs the field little.
        if not pending["store"]:
            pending["store"] = True
            QTimer.singleShot(0, store_when_idle)

    field.textChanged.connect(changed)
    field.show()
    state = {"ready": False}

    def poll_focus():
        # Qt has no focus signal for a top-level line edit; a timer checks until the window is active.
        if not state["ready"] and field.hasFocus() and app.activeWindow() is not None:
            state["ready"] = True
            print("ready", flush=True)
            return
        QTimer.singleShot(20, poll_focus)

    signal.signal(signal.SIGTERM, lambda *_: app.quit())
    QTimer.singleShot(0, lambda: focus_window(TITLE))
    QTimer.singleShot(0, poll_focus)
    keep_signals = QTimer()
    keep_signals.timeout.connect(lambda: None)  # enters Python now and then, so its SIGTERM handler runs
    keep_signals.start(200)
    app.exec_()


PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>%s</title></head><body>
<textarea id="field" autofocus rows="20" cols="60"></textarea>
<script>
const field = document.getElementById("field");
let sent = null, busy = false, announced = false;
function post(path, body) { return fetch(path, {method: "POST", body: body}); }
function push() {
  if (busy || field.value === sent) return;
  busy = true; const value = field.value;
  post("/text", value).then(() => { sent = value; busy = false; push(); }, () => { busy = false; });
}
function check() {
  if (!announced && document.hasFocus() && document.activeElement === field) { announced = true; post("/ready", ""); }
}
field.addEventListener("input", push);
window.addEventListener("focus", check);
field.addEventListener("focus", check);
post("/loaded", "");
setInterval(check, 50);
</script></body></html>""" % TITLE


def browser(kind, output, profile):
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    loaded, focused = threading.Event(), threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            body = PAGE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
            if self.path == "/text":
                store(output, body)
            elif self.path == "/loaded":
                loaded.set()
            elif self.path == "/ready":
                focused.set()
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    url = "http://127.0.0.1:%d/" % server.server_address[1]
    os.makedirs(profile, exist_ok=True)
    if kind == "firefox":
        with open(os.path.join(profile, "user.js"), "w") as prefs:
            for name, value in [("browser.shell.checkDefaultBrowser", False),
                                ("browser.startup.homepage_override.mstone", "ignore"),
                                ("datareporting.policy.dataSubmissionEnabled", False),
                                ("toolkit.telemetry.reportingpolicy.firstRun", False),
                                ("browser.aboutwelcome.enabled", False),
                                ("app.update.disabledForTesting", True)]:
                prefs.write("user_pref(%s, %s);\n" % (json.dumps(name), json.dumps(value)))
        command = ["firefox-esr", "--no-remote", "--new-instance", "--profile", profile, url]
    else:
        command = ["chromium", "--no-sandbox", "--no-first-run", "--no-default-browser-check",
                   "--password-store=basic", "--disable-gpu", "--user-data-dir=" + profile, "--app=" + url]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    run_until_terminated(command, lambda: (loaded.wait(120), focus_window(TITLE), focused.wait(60)))


def xterm(output):
    open(output, "wb").close()
    command = ["xterm", "-u8", "-T", TITLE, "-e", sys.executable, os.path.abspath(__file__), "xterm-child", output]
    run_until_terminated(command, lambda: (wait_for_file(output + ".started"), focus_window(TITLE)))


def xterm_child(output):
    import tty
    tty.setraw(0)
    open(output + ".started", "wb").close()
    with open(output, "ab", buffering=0) as handle:
        while True:
            data = os.read(0, 4096)
            if not data:
                return
            handle.write(data)


def wait_for_file(path, seconds=60):
    deadline = time.monotonic() + seconds
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.01)


def run_until_terminated(command, focus):
    """Starts `command` in a process group of its own, runs `focus` (which returns once the field has the
    focus), prints "ready", and stops that group on SIGTERM."""
    child = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    try:
        focus()
        print("ready", flush=True)
        stopping.wait()
    finally:
        try:
            os.killpg(child.pid, signal.SIGTERM)
            child.wait(5)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()


def main():
    kind, output = sys.argv[1], sys.argv[2]
    os.environ.update(GDK_BACKEND="x11", NO_AT_BRIDGE="1", GTK_A11Y="none", QT_QPA_PLATFORM="xcb")
    if kind == "gtk3":
        gtk3(output)
    elif kind == "qt5":
        qt5(output)
    elif kind in ("firefox", "chromium"):
        browser(kind, output, sys.argv[3])
    elif kind == "xterm":
        xterm(output)
    elif kind == "xterm-child":
        xterm_child(output)
    else:
        raise SystemExit("unknown kind " + kind)


if __name__ == "__main__":
    main()
