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


def database_size(desktop):
    return os.path.getsize(desktop.database) + (os.path.getsize(desktop.database + "-wal")
                                                if os.path.exists(desktop.database + "-wal") else 0)


def bench_bulk_import(binary, count):
    """Imports `count` entries of the store mix with the daemon running: entries/s, bytes written per byte
    of database, the parts of the database, and how soon copies made meanwhile are stored."""
    log(f"== import of {count:,} entries (issue 19: import speed and size)")
    desktop = Desktop(binary, "max-entries = 0\nfeedback = none\n")
    try:
        path = desktop.root + "/seed.jsonl"
        raw = 0
        with open(path, "w") as handle:
            for record in seed_lines(count):
                raw += len(record["text"].encode())
                handle.write(json.dumps(record) + "\n")
        desktop.start_daemon()
        started = time.monotonic()
        importer = subprocess.Popen([desktop.binary, "import", path], env=desktop.env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE)
        delays = []
        time.sleep(1)
        # Looked at without reaping it (poll() would), so that wait4 below still gets its rusage
        # when the import ends before the ten copies.
        def running():
            return os.waitid(os.P_PID, importer.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None
        while running() and len(delays) < 10:
            text = f"copied during the import {len(delays)}".encode()
            copied = time.monotonic()
            subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=text, env=desktop.env, check=True)
            wanted = hashlib.sha256(text).digest()
            if wait_until(lambda: desktop.last_fingerprint() == wanted, 30):
                delays.append(time.monotonic() - copied)
            time.sleep(1)
        # rusage's block output is what /proc/PID/io calls write_bytes, in 512-byte units.
        _, status, usage = os.wait4(importer.pid, 0)
        elapsed = time.monotonic() - started
        if status != 0:
            raise SystemExit(importer.stderr.read().decode())
        written, size = usage.ru_oublock * 512, database_size(desktop)
        log(f"  {count:,} entries ({raw / 2**20:.1f} MiB of text) in {elapsed:.1f} s: {count / elapsed:,.0f} entries/s "
            f"(goal >= 10,000); wrote {written / 2**20:,.0f} MiB for a {size / 2**20:.1f} MiB database: "
            f"{written / size:.2f}x (goal <= 3x)")
        log(f"  database {size / raw:.2f}x the text ({(size - raw) / count:.0f} bytes of overhead per entry)")
        with sqlite3.connect(desktop.database) as db:
            parts = db.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT 8").fetchall()
        log("  parts: " + ", ".join(f"{name} {size / count:.0f} B" for name, size in parts) + " per entry")
        if delays:
            log(f"  copies during the import stored after: max {max(delays) * 1000:.0f} ms, median "
                f"{statistics.median(delays) * 1000:.0f} ms of {len(delays)} (goal <= 1 s)")
    finally:
        desktop.close()


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
        # Regular expressions (re:, --regex) run inside the query (RegexFilter): a pattern alone reads
        # every text until the page is full, or all 20.9 MiB when it has few hits; words first narrow it.
        hyperfine(desktop, "search --regex 'zebra[f]ish' --limit 20", ["search", "--regex", "zebra[f]ish", "--limit", "20"])
        hyperfine(desktop, "search --regex '#9999\\d$' (all texts read)", ["search", "--regex", r"#9999\d$"])
        hyperfine(desktop, f"search {WORD} re:'#\\d+000$' (a tenth of its hits)", ["search", WORD, r"re:#\d+000$"])
        hyperfine(desktop, "show ID (1 MiB)", ["show", str(big)])
        hyperfine(desktop, "status", ["status"])
        hyperfine(desktop, "--version (process start)", ["--version"])
    finally:
        desktop.close()


# Runs argv[1:] and prints its wall time, peak RSS (KiB) and exit status. A small helper process starts it, because
# Linux carries the peak RSS of the forking process over into the child's: forked from this script, every figure
# would be at least this script's own size.
TIMED_HELPER = ("import os, sys, time\nstarted = time.monotonic()\npid = os.fork()\n"
                "if pid == 0:\n    os.dup2(os.open('/dev/null', os.O_WRONLY), 1)\n    os.execv(sys.argv[1], sys.argv[1:])\n_, status, usage = os.wait4(pid, 0)\n"
                "print(time.monotonic() - started, usage.ru_maxrss, os.waitstatus_to_exitcode(status))")


def timed_child(desktop, args, stdin):
    """Runs copypasta with `stdin` (a file object); returns (seconds, peak RSS in MiB, exit status)."""
    result = subprocess.run([sys.executable, "-c", TIMED_HELPER, desktop.binary, *args], env=desktop.env, stdin=stdin,
                            capture_output=True, check=True)
    seconds, rss, status = result.stdout.split()
    return float(seconds), int(rss) / 1024, int(status)


def bench_json_and_input(binary):
    log("== JSON output and large input (issue 8: items 19, 20)")
    desktop = Desktop(binary, "max-bytes = 64M\nmax-entries = 0\n")
    try:
        rng = random.Random(19)
        prose, size = [], 0
        while size < 20 << 20:
            prose.append(" ".join(rng.choice(VOCABULARY) for _ in range(12)) + "\n")
            size += len(prose[-1])
        dense = "0123456789abcdef\"\\\t" * 60 + "\n"                 # 3 escapes in every 19 bytes
        texts = [("prose, a newline every ~80 bytes", "".join(prose)),
                 ("quotes, backslashes and tabs in every 19 bytes", dense * ((20 << 20) // len(dense) + 1))]
        for label, text in texts:
            entry = desktop.run("add", data=text[: 20 << 20].encode()).stdout.decode().strip()
            log(f"  a 20 MiB entry: {label}")
            show = hyperfine(desktop, "show ID", ["show", entry], runs=10)
            listed = hyperfine(desktop, "list --json --limit 1", ["list", "--json", "--limit", "1"], runs=10)
            exported = hyperfine(desktop, "export", ["export"], runs=10)
            log(f"  list --json is {listed / show:.2f}x and export {exported / show:.2f}x the time of show (goal <= 3x)")
            desktop.run("delete", "--purge", entry)

        for mib in (32, 48):
            path = desktop.root + f"/line{mib}.jsonl"
            with open(path, "w") as handle:
                handle.write(json.dumps({"text": "y" * (mib << 20) + f" {mib}"}) + "\n")
            with open(path, "rb") as handle:
                seconds, rss, status = timed_child(desktop, ["import", path], handle)
            log(f"  import of one {mib} MiB line (max-bytes 64M, stored): {seconds:.2f} s, "
                f"peak RSS {rss:.0f} MiB, exit {status}")
        with open(desktop.root + "/config/copypasta/copypasta.conf", "w") as handle:
            handle.write("max-bytes = 16M\nmax-entries = 0\n")
        with open(desktop.root + "/line48.jsonl", "rb") as handle:
            seconds, rss, status = timed_child(desktop, ["import", "-"], handle)
        log(f"  import of one 48 MiB line over max-bytes 16M (skipped): {seconds:.2f} s, peak RSS {rss:.0f} MiB, "
            f"exit {status}")
        with open(desktop.root + "/line32.jsonl", "rb") as source, open(desktop.root + "/in16", "wb") as handle:
            handle.write(source.read()[10:10 + (16 << 20) - 64])
        with open(desktop.root + "/in16", "rb") as handle:
            seconds, rss, status = timed_child(desktop, ["add"], handle)
        log(f"  add of a 16 MiB standard input (stored): {seconds:.2f} s, peak RSS {rss:.0f} MiB, exit {status}")
        with open("/dev/zero", "rb") as handle:
            seconds, rss, status = timed_child(desktop, ["add"], handle)
        log(f"  add of an endless standard input (/dev/zero, max-bytes 16M, refused): {seconds:.2f} s, "
            f"peak RSS {rss:.0f} MiB, exit {status}")
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

        # The daemon's peak is reset (clear_refs 5) so that VmHWM is the peak of the copies alone.
        with open(f"/proc/{desktop.daemon.pid}/clear_refs", "w") as handle:
            handle.write("5")
        rss_before = int(proc_field(desktop.daemon.pid, "VmRSS"))
        ours, theirs, ours_whole, theirs_whole = [], [], [], []
        for _ in range(7):
            started = time.monotonic()
            desktop.run("copy", entry)
            ours.append(read_clipboard())
            ours_whole.append(time.monotonic() - started)
            started = time.monotonic()
            subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=payload, env=desktop.env, check=True)
            theirs.append(read_clipboard())
            theirs_whole.append(time.monotonic() - started)
        peak = int(proc_field(desktop.daemon.pid, "VmHWM"))
        log(f"  xclip -o of 20 MiB: from copypasta {statistics.median(ours) * 1000:.1f} ms, from xclip itself "
            f"{statistics.median(theirs) * 1000:.1f} ms (median of 7 each, alternating)")
        ratio = statistics.median(ours_whole) / statistics.median(theirs_whole)
        log(f"  copy ID && xclip -o of 20 MiB {statistics.median(ours_whole) * 1000:.1f} ms vs xclip -i && xclip -o "
            f"{statistics.median(theirs_whole) * 1000:.1f} ms: {ratio:.2f}x (goal <= 1.5x); daemon peak RSS "
            f"{peak / 1024:.1f} MiB (was {rss_before / 1024:.1f} MiB; goal <= payload + 16 MiB = "
            f"{len(payload) / 2**20 + 16:.0f} MiB)")
    finally:
        desktop.close()


def seed_database(desktop, count):
    """Fills the desktop's database with `count` entries of the store benchmark's mix."""
    payload = ("\n".join(json.dumps(record) for record in seed_lines(count)) + "\n").encode()
    result = desktop.run("import", "-", data=payload)
    if result.returncode != 0:
        raise SystemExit(result.stderr.decode())


def timed_captures(desktop, owner, count):
    """Seconds for `count` sequential copies, from the first ownership to the last committed row."""
    before = desktop.count()
    with sqlite3.connect(desktop.database, timeout=10) as db:
        last = db.execute("SELECT max(id) FROM entry").fetchone()[0] or 0
    seq = subprocess.Popen([owner, "sequence"], env=desktop.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    started = None
    for index in range(1, count + 1):
        seq.stdin.write(b"\n")
        seq.stdin.flush()
        owned = owned_at(seq)
        started = started or owned
        # A range of the rowid: counting by source would scan the whole table at every poll.
        wait_until(lambda: desktop.count(f"id > {last}") >= index, 10)
    elapsed = time.time() - started
    seq.stdin.close()
    seq.wait()
    return elapsed, desktop.count() - before


def bench_retention(binary, owner):
    log("== retention at 100,000 entries (issue 8, item 21)")
    results = {}
    seeded = None
    keep = tempfile.mkdtemp(prefix="copypasta-bench-seed-")
    for limit in (100_000, 0):
        desktop = Desktop(binary, f"max-entries = {limit}\nfeedback = none\n")
        try:
            if seeded is None:
                seed_database(desktop, 100_000)
                seeded = keep + "/seeded.sqlite3"
                shutil.copy(desktop.database, seeded)
            else:
                os.makedirs(os.path.dirname(desktop.database), mode=0o700, exist_ok=True)
                shutil.copy(seeded, desktop.database)
            desktop.start_daemon()
            elapsed, grown = timed_captures(desktop, owner, 300)
            started = time.monotonic()
            for index in range(50):
                desktop.run("add", f"added by the benchmark {index}")
            adds = time.monotonic() - started
            results[limit] = (elapsed, adds)
            log(f"  max-entries = {limit or 'unlimited':<9}: 300 captures in {elapsed:.2f} s ({300 / elapsed:.0f}/s), "
                f"50 adds in {adds:.2f} s ({50 / adds:.0f}/s); entries grew by {grown}")
        finally:
            desktop.close()
    shutil.rmtree(keep, ignore_errors=True)
    log(f"  ratio max-entries = 100000 / unlimited: captures {results[100_000][0] / results[0][0]:.2f}x, "
        f"adds {results[100_000][1] / results[0][1]:.2f}x")


def bench_purge(binary):
    log("== cost of leaving no trace of deleted text (issue 8, item 11)")
    for count in (1_000, 100_000):
        desktop = Desktop(binary, "max-entries = 0\n")
        try:
            seed_database(desktop, count)
            times = []
            for index in range(5):
                added = desktop.run("add", f"secret number {index} to delete").stdout.decode().strip()
                started = time.monotonic()
                desktop.run("delete", "--purge", added)
                times.append(time.monotonic() - started)
            wal = os.path.getsize(desktop.database + "-wal") if os.path.exists(desktop.database + "-wal") else 0
            log(f"  {count:>7,} entries: delete --purge ID median {statistics.median(times) * 1000:.0f} ms "
                f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}, 5 runs); WAL after it {wal} bytes")
        finally:
            desktop.close()


def hyperfine_together(desktop, commands, runs=30):
    """Medians (seconds) of several commands measured in one hyperfine run, interleaved by its warm-up."""
    out = desktop.root + "/hyperfine.json"
    lines = [" ".join(f"'{a}'" for a in command) for command in commands]
    subprocess.run(["hyperfine", "-N", "--warmup", "5", "--runs", str(runs), "--export-json", out, *lines],
                   env=desktop.env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return [result["median"] for result in json.load(open(out))["results"]]


def bench_startup(binary, hello):
    log("== start-up (issue: structure and lean start)")
    desktop = Desktop(binary, "max-entries = 0\nfeedback = none\n")
    try:
        seed_database(desktop, 100_000)
        hello = os.path.abspath(hello)
        labels = ["hello --version (ArgumentParser baseline)", "copypasta --version", "list --limit 20", "status"]
        medians = hyperfine_together(desktop, [[hello, "--version"], [desktop.binary, "--version"],
                                               [desktop.binary, "list", "--limit", "20"], [desktop.binary, "status"]])
        for label, median in zip(labels, medians):
            log(f"  {label:<42} median {median * 1000:6.2f} ms  {median / medians[0]:.2f}x baseline")
        daemon = desktop.start_daemon()
        wait_until(lambda: b"watching" in open(desktop.root + "/daemon.log", "rb").read(), 10)
        time.sleep(1)
        log(f"  idle daemon: RSS {int(proc_field(daemon.pid, 'VmRSS')) / 1024:.1f} MiB, anonymous "
            f"{int(proc_field(daemon.pid, 'RssAnon')) / 1024:.1f} MiB, file-backed "
            f"{int(proc_field(daemon.pid, 'RssFile')) / 1024:.1f} MiB")
        text = b"start-up benchmark text"
        entry = desktop.run("add", data=text).stdout.decode().strip()

        def read_back():
            out = subprocess.run(["xclip", "-selection", "clipboard", "-o"], env=desktop.env, capture_output=True,
                                 check=True, timeout=10).stdout
            assert out == text, out

        ours, theirs = [], []
        for _ in range(40):
            started = time.monotonic()
            subprocess.run([desktop.binary, "copy", entry], env=desktop.env, check=True)
            read_back()
            ours.append(time.monotonic() - started)
            started = time.monotonic()
            subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=text, env=desktop.env, check=True)
            read_back()
            theirs.append(time.monotonic() - started)
        ours_median, theirs_median = statistics.median(ours), statistics.median(theirs)
        log(f"  copy ID && xclip -o {ours_median * 1000:.2f} ms vs xclip -i && xclip -o "
            f"{theirs_median * 1000:.2f} ms: {ours_median / theirs_median:.2f}x (median of 40, alternating)")
    finally:
        desktop.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--owner", required=True)
    parser.add_argument("--hello", help="the ArgumentParser baseline binary (bench/hello)")
    parser.add_argument("--client", help="copypasta-testclient, for the paste and type figures")
    parser.add_argument("--only", choices=["store", "bulk", "json", "capture", "restore", "retention", "purge", "startup",
                                           "paste", "type", "import", "manager", "find", "sync", "slices", "picker",
                                           "paging", "archive", "html", "bookmarks"])
    parser.add_argument("--htmlbench", help="copypasta-htmlbench, for the html section (make bench builds it)")
    parser.add_argument("--baseline", help="a copypasta binary to compare with in the paging section (e.g. main's)")
    parser.add_argument("--paging-db", help="a 1,000,000-entry database bench/paging.py built before, to skip the fill")
    parser.add_argument("--type-clients", default="gtk3",
                        help="the applications of the type section: gtk3,qt5,firefox,chromium,xterm")
    options = parser.parse_args()
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    log(f"machine: {os.cpu_count()} cores, {cpu}; kernel {os.uname().release}; binary {options.binary} "
        f"({os.path.getsize(options.binary) / 2**20:.1f} MiB)")
    if options.only in (None, "store"):
        bench_store(options.binary)
    if options.only in (None, "bulk"):
        bench_bulk_import(options.binary, 100_000)
        if os.environ.get("BENCH_MILLION"):
            bench_bulk_import(options.binary, 1_000_000)
    if options.only in (None, "json"):
        bench_json_and_input(options.binary)
    if options.only in (None, "capture"):
        bench_capture(options.binary, os.path.abspath(options.owner))
    if options.only in (None, "restore"):
        bench_restore(options.binary)
    if options.only in (None, "retention"):
        bench_retention(options.binary, os.path.abspath(options.owner))
    if options.only in (None, "purge"):
        bench_purge(options.binary)
    if options.only in (None, "startup"):
        if not options.hello:
            raise SystemExit("--hello is needed for the start-up section (make bench builds it)")
        bench_startup(options.binary, options.hello)
    if options.only in (None, "paste") and options.client:
        import paste
        paste.run(Desktop, options.binary, os.path.abspath(options.client), log)
    if options.only in (None, "type"):
        import typing_bench
        typing_bench.run(Desktop, options.binary, log, options.type_clients.split(","))
    if options.only in (None, "import"):
        import library
        library.run(Desktop, options.binary, log)
    if options.only in (None, "manager"):
        import manager
        manager.run(Desktop, options.binary, os.path.abspath(options.owner), log)
    if options.only in (None, "find"):
        import find
        find.run(Desktop, options.binary, log, hyperfine)
    if options.only in (None, "sync"):
        import sync
        sync.run(Desktop, options.binary, log)
        sync.folder_growth(Desktop, options.binary, log, proc_field)
    if options.only in (None, "picker"):
        import picker
        picker.run(Desktop, options.binary, log)
    if options.only in (None, "paging"):
        import paging
        paging.run(Desktop, options.binary, log, options.baseline, options.paging_db)
    if options.only in (None, "archive"):
        import archive
        archive.run(Desktop, options.binary, log)
    if options.only in (None, "html") and options.htmlbench:
        import html_bench
        html_bench.run(os.path.abspath(options.htmlbench), log)
    if options.only in (None, "slices"):
        import slices
        slices.run(Desktop, options.binary, os.path.abspath(options.owner), log, proc_field)
    if options.only in (None, "bookmarks"):
        import bookmarks
        bookmarks.run(Desktop, options.binary, log)


if __name__ == "__main__":
    sys.exit(main())
