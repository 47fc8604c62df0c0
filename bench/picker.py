"""Benchmark of the picker window (issue 21; imported by bench.py; `--only picker`).

A 1,000,000-entry history (made by SQL, as bench/slices.py makes its own); the time from running `copypasta pick` to the window's first painted
list. Two clocks: the picker's own trace line (COPYPASTA_PICKER_TRACE, written once the first
list is painted and flushed) and an `xev` watching the root window for the MapNotify of a new
window, which is also how rofi is timed. rofi is fed by today's launcher `pick` (`--launcher`) on
the same history in the same run, as the baseline.
"""
import os
import select
import statistics
import subprocess
import time

COUNT = 1_000_000
RUNS = 15


def mapped_after(desktop, command, env):
    """Seconds from starting `command` to the MapNotify of a new top-level window, and the process."""
    watcher = subprocess.Popen(["xev", "-root", "-event", "substructure"], env=desktop.env,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    time.sleep(0.2)  # xev selects its events before it prints anything; give it the moment it needs
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen = None
    buffer = b""
    deadline = started + 30
    while seen is None and time.monotonic() < deadline:
        ready, _, _ = select.select([watcher.stdout], [], [], 1)
        if ready:
            chunk = os.read(watcher.stdout.fileno(), 65536)
            buffer += chunk
            if b"MapNotify" in buffer:
                seen = time.monotonic()
    watcher.terminate()
    watcher.wait()
    return (seen - started if seen else float("nan")), process, started


def close(desktop, process):
    """Escape closes the picker or rofi (either holds the keyboard); `pick` then exits 1."""
    while process.poll() is None:
        subprocess.run(["xdotool", "key", "Escape"], env=desktop.env, check=False)
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            pass


def run(Desktop, binary, log):
    log(f"== picker window (issue 21): {COUNT:,} entries, first painted list")
    desktop = Desktop(binary, "max-entries = 0\nfeedback = none\n")
    try:
        from slices import fill  # the rows by SQL, as the retention benchmarks make theirs
        fill(desktop, COUNT)
        trace = desktop.root + "/picker.trace"
        env = dict(desktop.env, COPYPASTA_PICKER_TRACE=trace)
        painted, mapped = [], []
        for _ in range(RUNS):
            if os.path.exists(trace):
                os.unlink(trace)
            seconds, process, started = mapped_after(desktop, [desktop.binary, "pick"], env)
            deadline = time.monotonic() + 30
            while not (os.path.exists(trace) and os.path.getsize(trace) > 0) and time.monotonic() < deadline:
                time.sleep(0.001)
            first = open(trace).readline().split()
            painted.append(int(first[1]) / 1e6 - started * 1000)
            mapped.append(seconds * 1000)
            close(desktop, process)
        log(f"  copypasta pick (window), to first paint: median {statistics.median(painted):7.1f} ms "
            f"(min {min(painted):.1f}, max {max(painted):.1f}, {RUNS} runs)")
        log(f"  copypasta pick (window), to MapNotify:   median {statistics.median(mapped):7.1f} ms")
        rofi = []
        for _ in range(RUNS):
            seconds, process, _ = mapped_after(
                desktop, [desktop.binary, "pick", "--launcher", "rofi -dmenu -i -p copypasta"], desktop.env)
            rofi.append(seconds * 1000)
            close(desktop, process)
        log(f"  copypasta pick --launcher rofi, to MapNotify: median {statistics.median(rofi):7.1f} ms "
            f"(min {min(rofi):.1f}, max {max(rofi):.1f}, {RUNS} runs)")
    finally:
        desktop.close()
