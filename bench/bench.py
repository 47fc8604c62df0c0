#!/usr/bin/env python3
"""copypasta benchmarks: `make bench` runs this and prints the figures for BENCHMARKS.md.

Everything runs against a private Xvfb and a temporary database. Wall times of
whole CLI processes come from hyperfine (median of >= 10 runs); capture and
restore latencies from the clocks of the processes involved.
"""
import argparse
import hashlib
import json
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

WORD = "zebrafish"          # in about 1% of the entries
PREFIX_WORDS = ["prelude", "premium", "prefab", "preview", "prepare"]
VOCABULARY = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa "
              "quebec romeo sierra tango uniform victor whiskey xray yankee zulu commit branch merge rebase "
              "invoice meeting address password token deploy server client request response").split()


def log(message):
    print(message, flush=True)


class Desktop:
    """A private Xvfb, XDG directories and a config file."""

    def __init__(self, binary, config=""):
        self.binary = os.path.abspath(binary)
        self.root = tempfile.mkdtemp(prefix="copypasta-bench-")
        read_fd, write_fd = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "640x480x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=[write_fd], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_fd)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read_fd, 16)
            if not chunk:
                raise SystemExit("Xvfb did not start")
            number += chunk
        os.close(read_fd)
        self.env = dict(os.environ, DISPLAY=":" + number.decode().strip(), HOME=self.root,
                        XDG_DATA_HOME=self.root + "/data", XDG_CONFIG_HOME=self.root + "/config",
                        XDG_RUNTIME_DIR=self.root + "/run", COPYPASTA_DB="", COPYPASTA_CONFIG="",
                        COPYPASTA_RUNTIME_DIR="")
        os.makedirs(self.root + "/config/copypasta/hooks", exist_ok=True)
        with open(self.root + "/config/copypasta/copypasta.conf", "w") as handle:
            handle.write(config)
        self.database = self.root + "/data/copypasta/history.sqlite3"
        self.daemon = None

    def run(self, *args, data=None):
        return subprocess.run([self.binary, *args], env=self.env, input=data, capture_output=True, check=False)

    def start_daemon(self):
        self.daemon_log = open(self.root + "/daemon.log", "wb")
        self.daemon = subprocess.Popen([self.binary, "daemon", "-v"], env=self.env, stdout=subprocess.DEVNULL,
                                       stderr=self.daemon_log)
        wait_until(lambda: b"watching" in open(self.root + "/daemon.log", "rb").read(), 10)
        return self.daemon

    def last_fingerprint(self):
        with sqlite3.connect(self.database, timeout=10) as db:
            row = db.execute("SELECT value FROM state WHERE key = 'last_fingerprint'").fetchone()
            return row[0] if row else None

    def count(self, where="1"):
        with sqlite3.connect(self.database, timeout=10) as db:
            return db.execute(f"SELECT count(*) FROM entry WHERE {where}").fetchone()[0]

    def close(self):
        if self.daemon:
            self.daemon.terminate()
            self.daemon.wait()
        self.xvfb.terminate()
        self.xvfb.wait()
        shutil.rmtree(self.root, ignore_errors=True)


def wait_until(condition, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.0002)
    return condition()


def owned_at(process):
    """The owner's ownership time (seconds) from its next "owned N MICROS" line; it also prints "served" lines."""
    while True:
        fields = process.stdout.readline().split()
        if not fields:
            raise SystemExit("the test owner stopped")
        if fields[0] == b"owned":
            return int(fields[2]) / 1e6


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def hyperfine(desktop, label, args, runs=20):
    out = desktop.root + "/hyperfine.json"
    command = " ".join([desktop.binary] + [f"'{a}'" for a in args])
    subprocess.run(["hyperfine", "-N", "--warmup", "3", "--runs", str(runs), "--export-json", out, command],
                   env=desktop.env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    result = json.load(open(out))["results"][0]
    log(f"  {label:<34} median {result['median'] * 1000:7.2f} ms   (min {result['min'] * 1000:.2f}, "
        f"max {result['max'] * 1000:.2f}, {runs} runs)")
    return result["median"]


def seed_lines(count):
    rng = random.Random(7)
    for index in range(count):
        words = [rng.choice(VOCABULARY) for _ in range(rng.randint(3, 12))]
        if index % 100 == 0:
            words.insert(rng.randrange(len(words)), WORD)
        if index % 20 == 0:
            words.append(rng.choice(PREFIX_WORDS))
        text = " ".join(words) + f" #{index}"
        if index % 100 == 50:
            text = (text + "\n") * rng.randint(40, 160)          # several kB
        if index % 10_000 == 5_000:
            text = (text + "\n") * ((1 << 20) // (len(text) + 1))  # about 1 MiB
        yield {"text": text, "capturedAt": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(1.7e9 + index)) + "Z"}


def bench_store(binary):
    log("== store and CLI (issue: store + CLI)")
    desktop = Desktop(binary, "max-entries = 0\n")
    try:
        lines = [json.dumps(record) for record in seed_lines(100_000)]
        payload = ("\n".join(lines) + "\n").encode()
        raw = sum(len(json.loads(line)["text"].encode()) for line in lines)
        started = time.monotonic()
        result = desktop.run("import", "-", data=payload)
        elapsed = time.monotonic() - started
        if result.returncode != 0:
            raise SystemExit(result.stderr.decode())
        size = os.path.getsize(desktop.database) + (os.path.getsize(desktop.database + "-wal")
                                                    if os.path.exists(desktop.database + "-wal") else 0)
        log(f"  seeded 100,000 entries ({raw / 2**20:.1f} MiB of text) in {elapsed:.2f} s: "
            f"{100_000 / elapsed:,.0f} entries/s, {raw / 2**20 / elapsed:.1f} MiB/s")
        log(f"  database {size / 2**20:.1f} MiB on disk for {raw / 2**20:.1f} MiB of text "
            f"({size / raw:.2f}x, FTS index included)")
        with sqlite3.connect(desktop.database) as db:
            big = db.execute("SELECT id FROM entry WHERE bytes > 1000000 LIMIT 1").fetchone()[0]
            hits = db.execute("SELECT count(*) FROM entry_fts WHERE entry_fts MATCH ?", (WORD,)).fetchone()[0]
        log(f"  '{WORD}' is in {hits} entries; show reads entry {big} (1 MiB)")
        hyperfine(desktop, "list --limit 20", ["list", "--limit", "20"])
        hyperfine(desktop, f"search {WORD} ({hits} hits)", ["search", WORD])
        hyperfine(desktop, "search 'pre*'", ["search", "pre*", "--limit", "20"])
        hyperfine(desktop, "show ID (1 MiB)", ["show", str(big)])
        hyperfine(desktop, "status", ["status"])
        hyperfine(desktop, "--version (process start)", ["--version"])
    finally:
        desktop.close()


def proc_field(pid, name):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(name + ":"):
            return line.split()[1]
    return None


def cpu_ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def bench_capture(binary, owner):
    log("== capture agent (issue: capture)")
    desktop = Desktop(binary, "max-entries = 0\nmax-bytes = 32M\nfeedback = none\n")
    try:
        daemon = desktop.start_daemon()
        time.sleep(1)
        ticks, switches = cpu_ticks(daemon.pid), int(proc_field(daemon.pid, "voluntary_ctxt_switches"))
        involuntary = int(proc_field(daemon.pid, "nonvoluntary_ctxt_switches"))
        time.sleep(float(os.environ.get("BENCH_IDLE_SECONDS", "30")))
        log(f"  idle 30 s: {cpu_ticks(daemon.pid) - ticks} CPU ticks, "
            f"{int(proc_field(daemon.pid, 'voluntary_ctxt_switches')) - switches} voluntary and "
            f"{int(proc_field(daemon.pid, 'nonvoluntary_ctxt_switches')) - involuntary} involuntary context switches")
        log(f"  idle RSS: {int(proc_field(daemon.pid, 'VmRSS')) / 1024:.1f} MiB")

        seq = subprocess.Popen([owner, "sequence"], env=desktop.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        latencies = []
        for index in range(1, 201):
            seq.stdin.write(b"\n")
            seq.stdin.flush()
            started = owned_at(seq)
            wait_until(lambda: desktop.count() >= index, 10)
            latencies.append(time.time() - started)
        seq.stdin.close()
        seq.wait()
        ms = [value * 1000 for value in latencies]
        log(f"  capture latency, 200 sequential copies: p50 {percentile(ms, .5):.2f} ms, p95 {percentile(ms, .95):.2f} ms, "
            f"max {max(ms):.2f} ms (owner's XSetSelectionOwner to the committed row, polled from the database)")

        burst = subprocess.Popen([owner, "burst", "--count", "200", "--interval-ms", "5"], env=desktop.env,
                                 stdout=subprocess.PIPE)
        for line in burst.stdout:
            if line.strip() == b"done":
                break
        wait_until(lambda: desktop.count("id IN (SELECT id FROM entry_text WHERE text LIKE 'burst copy %')") >= 200, 5)
        kept = desktop.count("id IN (SELECT id FROM entry_text WHERE text LIKE 'burst copy %')")
        burst.terminate()
        burst.wait()
        log(f"  burst of 200 copies 5 ms apart: {kept}/200 kept")

        # A hung owner must not delay the next copy (measured before the 20 MiB capture, whose
        # write-ahead-log checkpoint would land on the next commit).
        delays = []
        for attempt in range(5):
            hung = subprocess.Popen([owner, "never-answer"], env=desktop.env, stdout=subprocess.PIPE)
            owned_at(hung)
            text = f"after a hung owner {attempt}"
            good = subprocess.Popen([owner, "normal", "--text", text], env=desktop.env, stdout=subprocess.PIPE)
            started = owned_at(good)
            wanted = hashlib.sha256(text.encode()).digest()
            wait_until(lambda: desktop.last_fingerprint() == wanted, 10)
            delays.append((time.time() - started) * 1000)
            for process in (good, hung):
                process.kill()
                process.wait()
        log(f"  next good copy after a hung owner: median {statistics.median(delays):.2f} ms of 5 "
            f"(owner's XSetSelectionOwner to the committed row)")

        payload = (b"0123456789abcdef" * 64 + b"\n") * ((20 << 20) // 1025)
        before = desktop.count()
        rss_before = int(proc_field(daemon.pid, "VmHWM"))
        started = time.monotonic()
        subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=payload, env=desktop.env, check=True)
        wait_until(lambda: desktop.count() > before, 30)
        elapsed = time.monotonic() - started
        peak = int(proc_field(daemon.pid, "VmHWM"))
        log(f"  20 MiB capture from xclip: {elapsed:.3f} s; daemon peak RSS {peak / 1024:.1f} MiB "
            f"(was {rss_before / 1024:.1f} MiB; payload {len(payload) / 2**20:.1f} MiB)")

    finally:
        desktop.close()


def bench_restore(binary):
    log("== restore (issue: restore)")
    desktop = Desktop(binary, "max-bytes = 32M\nfeedback = none\n")
    try:
        desktop.start_daemon()
        for index in range(10):
            desktop.run("add", f"restore benchmark entry {index}")
        latencies = []
        for round_ in range(100):
            entry = round_ % 10 + 1
            started = time.monotonic()
            subprocess.run([desktop.binary, "copy", str(entry)], env=desktop.env, check=True)
            out = subprocess.run(["xclip", "-selection", "clipboard", "-o"], env=desktop.env, capture_output=True,
                                 check=True).stdout
            latencies.append((time.monotonic() - started) * 1000)
            assert out == f"restore benchmark entry {entry - 1}".encode(), out
        log(f"  copy ID then xclip -o, 100 rounds: p50 {percentile(latencies, .5):.2f} ms, "
            f"p95 {percentile(latencies, .95):.2f} ms")

        payload = (b"fedcba9876543210" * 64 + b"\n") * ((20 << 20) // 1025)
        entry = desktop.run("add", data=payload).stdout.decode().strip()
        # Capture is paused so that only the timed reader talks to xclip (xclip can stall when two
        # INCR readers share a transfer this large). Runs alternate between the two owners so that
        # a busy moment of the machine does not favour either.
        desktop.run("pause")

        def read_clipboard():
            started = time.monotonic()
            out = subprocess.run(["xclip", "-selection", "clipboard", "-o"], env=desktop.env, capture_output=True,
                                 check=True, timeout=120).stdout
            assert out == payload
            return time.monotonic() - started

        ours, theirs = [], []
        for _ in range(7):
            desktop.run("copy", entry)
            ours.append(read_clipboard())
            subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=payload, env=desktop.env, check=True)
            theirs.append(read_clipboard())
        log(f"  xclip -o of 20 MiB: from copypasta {statistics.median(ours) * 1000:.1f} ms, from xclip itself "
            f"{statistics.median(theirs) * 1000:.1f} ms (median of 7 each, alternating)")
    finally:
        desktop.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--owner", required=True)
    parser.add_argument("--client", help="copypasta-testclient, for the paste and type figures")
    parser.add_argument("--only", choices=["store", "capture", "restore", "paste"])
    options = parser.parse_args()
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    log(f"machine: {os.cpu_count()} cores, {cpu}; kernel {os.uname().release}; binary {options.binary} "
        f"({os.path.getsize(options.binary) / 2**20:.1f} MiB)")
    if options.only in (None, "store"):
        bench_store(options.binary)
    if options.only in (None, "capture"):
        bench_capture(options.binary, os.path.abspath(options.owner))
    if options.only in (None, "restore"):
        bench_restore(options.binary)
    if options.only in (None, "paste") and options.client:
        import paste
        paste.run(Desktop, options.binary, os.path.abspath(options.client), log)


if __name__ == "__main__":
    sys.exit(main())
