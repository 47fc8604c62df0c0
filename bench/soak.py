#!/usr/bin/env python3
"""copypasta soak: `make soak` runs the daemon for a while under everything at once.

Copies from xclip at a steady pace, restores checked byte for byte with
xclip -o, an on-capture hook that leaves a background child behind, idle and
chatty socket clients, and a 5,000-line import every minute. At the end every
copy must be in the history (nothing lost), and the daemon's memory must be
flat. Prints the figures the issue notes quote.
"""
import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import Desktop, log, proc_field, wait_until  # noqa: E402

HOOK = "#!/bin/sh\ncat >/dev/null\nsleep 20 &\nexit 0\n"


def memory(pid):
    """(RSS, anonymous RSS) of `pid` in KiB."""
    return int(proc_field(pid, "VmRSS")), int(proc_field(pid, "RssAnon"))


def open_fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def import_lines(desktop, round_number, count=5000):
    lines = "".join(json.dumps({"text": f"imported {round_number}-{n} " + "x" * (n % 200)}) + "\n"
                    for n in range(count))
    started = time.monotonic()
    result = desktop.run("import", "-", data=lines.encode())
    return time.monotonic() - started, result.returncode, result.stderr.decode().strip()


class Clients:
    """Socket clients that connect and stay idle, replaced as the soak goes."""

    def __init__(self, path):
        self.path = path
        self.sockets = []

    def churn(self, count):
        for _ in range(count):
            client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                client.connect(self.path)
                self.sockets.append(client)
            except OSError:
                client.close()
        while len(self.sockets) > 200:
            self.sockets.pop(0).close()

    def close(self):
        for client in self.sockets:
            client.close()


def soak(binary, minutes):
    desktop = Desktop(binary, "")
    hook_dir = desktop.root + "/config/copypasta/hooks"
    with open(hook_dir + "/on-capture", "w") as handle:
        handle.write(HOOK)
    os.chmod(hook_dir + "/on-capture", 0o755)
    with open(desktop.root + "/config/copypasta/copypasta.conf", "w") as handle:
        handle.write("max-entries = 0\nfeedback = none\nhook-timeout = 3s\n")
    failures = []
    try:
        daemon = desktop.start_daemon()
        clients = Clients(desktop.root + "/run/copypasta/daemon.sock")
        rng = random.Random(11)
        copied, restores, restore_failures, status_times, imports = [], 0, 0, [], []
        samples = [(0.0, *memory(daemon.pid), open_fds(daemon.pid))]
        importer = None
        started = time.monotonic()
        end = started + minutes * 60
        next_import, next_sample, index = started + 20, started + 30, 0
        while time.monotonic() < end:
            index += 1
            text = f"soak {index} " + " ".join(rng.choice("alpha beta gamma delta épée 😀".split())
                                               for _ in range(rng.randint(1, 40)))
            subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=text.encode(), env=desktop.env,
                           check=True)
            copied.append(text)
            if index % 10 == 0:
                listing = desktop.run("list", "--json", "--limit", "50")
                ids = [json.loads(line)["id"] for line in listing.stdout.splitlines()]
                if ids:
                    entry = str(rng.choice(ids))
                    expected = desktop.run("show", entry).stdout
                    restores += 1
                    if desktop.run("copy", entry).returncode != 0:
                        restore_failures += 1
                    else:
                        got = subprocess.run(["xclip", "-selection", "clipboard", "-o"], env=desktop.env,
                                             capture_output=True, timeout=10).stdout
                        restore_failures += got != expected
            if index % 5 == 0:
                clients.churn(10)
                before = time.monotonic()
                result = desktop.run("status")
                status_times.append(time.monotonic() - before)
                if result.returncode != 0 or b"not running" in result.stdout:
                    failures.append(f"status failed: {result.stdout!r} {result.stderr!r}")
            now = time.monotonic()
            if now >= next_import and (importer is None or not importer.is_alive()):
                round_number = len(imports)

                def run_import(number=round_number):
                    imports.append(import_lines(desktop, number))

                importer = threading.Thread(target=run_import)
                importer.start()
                next_import = now + 60
            if now >= next_sample:
                samples.append((now - started, *memory(daemon.pid), open_fds(daemon.pid)))
                next_sample = now + 30
            time.sleep(0.25)
        if importer:
            importer.join()
        clients.close()
        samples.append((time.monotonic() - started, *memory(daemon.pid), open_fds(daemon.pid)))
        # The last copy may still be in flight: wait for it, then compare the whole history.
        wait_until(lambda: desktop.run("list", "--limit", "1", "--json").stdout.find(
            json.dumps(copied[-1])[1:-1].encode()) >= 0, 10)
        stored = set()
        for line in desktop.run("list", "--json").stdout.splitlines():
            stored.add(json.loads(line)["text"])
        lost = [text for text in copied if text not in stored]
        log(f"soak: {minutes} min, {len(copied)} copies, {len(lost)} lost; {restores} restores, "
            f"{restore_failures} wrong or failed")
        if status_times:
            log(f"  status under load: median {statistics.median(status_times) * 1000:.1f} ms, "
                f"max {max(status_times) * 1000:.1f} ms ({len(status_times)} runs, while 200 idle clients connect and stay)")
        for elapsed, code, message in imports:
            log(f"  import of 5,000 lines: {elapsed:.2f} s, exit {code} {message[:80]}")
        log("  daemon memory (min: RSS / anonymous KiB / open fds):")
        for at, rss, anonymous, fds in samples:
            log(f"    {at / 60:5.1f}  {rss:7d} / {anonymous:7d} / {fds}")
        if lost:
            failures.append(f"{len(lost)} copies lost, e.g. {lost[0][:60]!r}")
        if restore_failures:
            failures.append(f"{restore_failures} restores failed")
        if any(code != 0 for _, code, _ in imports):
            failures.append("an import failed")
        if daemon.poll() is not None:
            failures.append(f"the daemon exited with {daemon.returncode}")
    finally:
        desktop.close()
    for failure in failures:
        log(f"FAIL: {failure}")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--minutes", type=float, default=10)
    options = parser.parse_args()
    return soak(options.binary, options.minutes)


if __name__ == "__main__":
    sys.exit(main())
