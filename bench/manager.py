"""Benchmarks of the clipboard-manager role (imported by bench.py; `--only manager`).

SAVE_TARGETS to reply: copypasta-testowner `save` owns CLIPBOARD, sends SAVE_TARGETS
to copypasta and prints the microseconds until the reply. Exit time: the toolkit
scripts of the test suite copy and exit at once (GTK 3 `store()`, Qt 5's exit path),
timed as whole processes with copypasta as the manager and with no manager at all.
"""
import os
import statistics
import subprocess
import time

RUNS = 15
TOOLKIT_ENV = {"GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none", "QT_QPA_PLATFORM": "xcb",
               "WAYLAND_DISPLAY": ""}
STORE_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Toolkits", "clipboard_store.py")


def save_micros(desktop, owner, arguments):
    result = subprocess.run([owner, "save", "--list", *arguments], env=desktop.env, capture_output=True, timeout=60)
    for line in result.stdout.decode().splitlines():
        fields = line.split()
        if fields and fields[0] == "reply" and fields[1] == "SAVED":
            return int(fields[2])
    raise SystemExit("no successful reply: " + result.stdout.decode() + result.stderr.decode())


def summary(values, unit, scale):
    return (f"median {statistics.median(values) / scale:8.2f} {unit}   (min {min(values) / scale:.2f}, "
            f"max {max(values) / scale:.2f}, {len(values)} runs)")


def bench_saves(desktop, owner, log):
    kib = os.path.join(desktop.root, "one-kib")
    mib = os.path.join(desktop.root, "five-mib")
    with open(kib, "wb") as handle:
        handle.write(b"k" * 1024)
    with open(mib, "wb") as handle:
        handle.write(b"m" * (5 << 20))
    for label, arguments, goal in [("1 KiB text", [kib], "< 50 ms"),
                                   ("5 MiB text (one property)", [mib], "< 1 s"),
                                   ("1 KiB text + 5 MiB target by INCR", [kib, "--big", str(5 << 20)], "< 1 s")]:
        values = [save_micros(desktop, owner, arguments) for _ in range(RUNS)]
        log(f"  SAVE_TARGETS → reply, {label:<34} {summary(values, 'ms', 1000)}   goal {goal}")


def exit_millis(desktop, toolkit, text, size=None):
    env = dict(desktop.env, **TOOLKIT_ENV)
    command = ["/usr/bin/python3", STORE_SCRIPT, toolkit, text] + ([str(size)] if size else [])
    started = time.monotonic()
    subprocess.run(command, env=env, capture_output=True, check=True, timeout=60)
    return (time.monotonic() - started) * 1000


def bench_exits(desktop, log, label):
    for toolkit, size in [("gtk3", None), ("qt5", None), ("qt5", 5_000_000)]:
        values = [exit_millis(desktop, toolkit, "exit bench", size) for _ in range(RUNS)]
        name = f"{toolkit}{' 5 MB' if size else ''}"
        log(f"  copy-and-exit {name:<9} {label:<26} {summary(values, 'ms', 1)}")


def run(desktop_class, binary, owner, log):
    log("\n== clipboard manager (SAVE_TARGETS) ==")
    desktop = desktop_class(binary)
    try:
        bench_exits(desktop, log, "with no manager running")
        desktop.start_daemon()
        bench_saves(desktop, owner, log)
        bench_exits(desktop, log, "with copypasta")
    finally:
        desktop.close()
