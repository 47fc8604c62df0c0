"""Benchmarks of `paste` and `type` (imported by bench.py; `--only paste`).

The focused window is copypasta-testclient, which appends what it receives to
a file and prints "pasted N" once Ctrl+V fetched the clipboard.
"""
import os
import select
import subprocess
import time


def start_client(desktop, client, name):
    output = os.path.join(desktop.root, name)
    process = subprocess.Popen([client, output], env=desktop.env, stdout=subprocess.PIPE, bufsize=0)
    if not process.stdout.readline().startswith(b"ready"):
        raise SystemExit("the test client did not take the focus")
    return process, output


def wait_for_file(path, expected, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with open(path, "rb") as handle:
            data = handle.read()
        if len(data) >= len(expected):
            return data
        time.sleep(0.0005)
    with open(path, "rb") as handle:
        return handle.read()


def bench_type(desktop, client, log):
    process, output = start_client(desktop, client, "typed")
    try:
        ascii_text = "".join(chr(33 + (index * 7) % 94) for index in range(1000))
        rare = "".join(chr(0x4E00 + index) for index in range(100)) + "€😀ж" * 33 + "ñ"
        for label, text, delay in [("1,000 ASCII, default --delay 0", ascii_text, "0"),
                                   ("1,000 ASCII, --delay 1", ascii_text, "1"),
                                   ("200 needing remapping (100 CJK, €😀ж)", rare, "0")]:
            entry = desktop.run("add", text).stdout.decode().strip()
            open(output, "wb").close()
            started = time.monotonic()
            result = desktop.run("type", entry, "--delay", delay)
            expected = text.encode()
            got = wait_for_file(output, expected, 60)
            elapsed = time.monotonic() - started
            status = "in order" if got == expected else f"MISMATCH ({len(got)} of {len(expected)} bytes)"
            log(f"  type {label:<40} {len(text) / elapsed:7.0f} chars/s ({elapsed * 1000:.0f} ms, exit "
                f"{result.returncode}, {status})")
    finally:
        process.terminate()
        process.wait()


def clipboard(desktop):
    return subprocess.run(["xclip", "-selection", "clipboard", "-o"], env=desktop.env, capture_output=True,
                          timeout=10).stdout


def bench_paste_once(desktop, process, entry, previous):
    subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=previous, env=desktop.env, check=True)
    started = time.monotonic()
    desktop.run("paste", entry)
    while True:
        ready, _, _ = select.select([process.stdout], [], [], 10)
        if not ready:
            raise SystemExit("the test client got no paste")
        if process.stdout.readline().startswith(b"pasted"):
            break
    arrived = time.monotonic() - started
    while clipboard(desktop) != previous:
        if time.monotonic() - started > 10:
            raise SystemExit("the previous content did not come back")
    return arrived, time.monotonic() - started


def bench_paste(desktop, client, log, rounds=20):
    process, _ = start_client(desktop, client, "pasted")
    try:
        entry = desktop.run("add", "paste benchmark text ✓").stdout.decode().strip()
        for label, with_daemon in [("without a daemon", False), ("through the daemon", True)]:
            if with_daemon:
                desktop.start_daemon()
            times = [bench_paste_once(desktop, process, entry, f"previous {index}".encode()) for index in range(rounds)]
            arrived = sorted(t[0] for t in times)
            back = sorted(t[1] for t in times)
            log(f"  paste {label:<19} text in the client p50 {arrived[len(arrived) // 2] * 1000:6.1f} ms "
                f"(max {arrived[-1] * 1000:.1f}); previous content back p50 {back[len(back) // 2] * 1000:6.1f} ms "
                f"(max {back[-1] * 1000:.1f}); {rounds} rounds")
    finally:
        process.terminate()
        process.wait()


def run(desktop_class, binary, client, log):
    log("== paste and type (issue 10)")
    desktop = desktop_class(binary, "feedback = none\n")
    try:
        bench_type(desktop, client, log)
        bench_paste(desktop, client, log)
    finally:
        desktop.close()
