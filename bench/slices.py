"""Long purges in slices (issue 18): delete of many ids, expiry at daemon start on a 1,000,000-entry
history, trash empty of 100,000 entries, with copies made while they run."""
import os
import shutil
import sqlite3
import subprocess
import time


def fill(desktop, count, old=0, trashed=0):
    """`count` entries by SQL (indexes and triggers dropped while the rows go in, then rebuilt): the first
    `old` captured 400 days ago, the next `trashed` in the trash since yesterday."""
    desktop.run("add", "first")
    db = sqlite3.connect(desktop.database, isolation_level=None, timeout=60)
    now = int(time.time() * 1e6)
    day = 86_400_000_000
    db.execute("BEGIN")
    saved = db.execute("SELECT type, name, sql FROM sqlite_master WHERE type IN ('trigger', 'index') "
                       "AND tbl_name IN ('entry', 'entry_text') AND sql IS NOT NULL").fetchall()
    for kind, name, _ in saved:
        db.execute(f'DROP {kind.upper()} "{name}"')
    db.execute(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
        "INSERT INTO entry (fingerprint, captured_at, source, bytes, preview, seq, trashed_at) "
        "SELECT CAST(printf('%032d', i) AS BLOB), iif(i <= ?, ? + i, ? - ? + i), 'clipboard', 20, "
        "'entry ' || i || ' alpha', i - 2 * ?, iif(i > ? AND i <= ?, ?, NULL) FROM n",
        (count, old, now - 400 * day, now, count, count, old, old + trashed, now - day))
    db.execute("INSERT INTO entry_text (id, text) SELECT id, preview FROM entry WHERE id > 1")
    for _, _, sql in saved:
        db.execute(sql)
    db.execute("INSERT INTO entry_fts (entry_fts) VALUES ('rebuild')")
    db.execute("UPDATE state SET value = (SELECT count(*) FROM entry WHERE trashed_at IS NULL) WHERE key = 'entries'")
    db.execute("UPDATE state SET value = (SELECT count(*) FROM entry WHERE trashed_at IS NOT NULL) "
               "WHERE key = 'trashed'")
    db.execute("COMMIT")
    db.close()


def copies_while(desktop, owner, running, count=3):
    """Seconds from each of `count` ownerships to its committed row, while `running()` holds at the start."""
    from bench import owned_at, wait_until  # bench.py is __main__; importing it runs only its definitions
    with sqlite3.connect(desktop.database, timeout=10) as db:
        last = db.execute("SELECT max(id) FROM entry").fetchone()[0] or 0
    seq = subprocess.Popen([owner, "sequence"], env=desktop.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    latencies, during = [], 0
    for index in range(1, count + 1):
        during += 1 if running() else 0
        seq.stdin.write(b"\n")
        seq.stdin.flush()
        owned = owned_at(seq)
        wait_until(lambda: desktop.count(f"id > {last}") >= index, 60)
        latencies.append(time.time() - owned)
    seq.stdin.close()
    seq.wait()
    return latencies, during


def bench_delete(Desktop, binary, log):
    seeded = None
    times = {}
    for ids in (10_000, 100_000):
        desktop = Desktop(binary, "max-entries = 0\nfeedback = none\n")
        try:
            if seeded is None:
                fill(desktop, 100_000)
                seeded = desktop.root + "-seeded.sqlite3"
                shutil.copy(desktop.database, seeded)
            else:
                os.makedirs(os.path.dirname(desktop.database), mode=0o700, exist_ok=True)
                shutil.copy(seeded, desktop.database)
            started = time.monotonic()
            result = desktop.run("delete", "--purge", *map(str, range(2, ids + 2)))
            times[ids] = time.monotonic() - started
            if result.returncode != 0:
                raise SystemExit(result.stderr.decode())
            log(f"  delete --purge of {ids:>7,} ids (100,000 entries): {times[ids]:.2f} s")
        finally:
            desktop.close()
    os.remove(seeded)
    log(f"  ratio 100,000 / 10,000 ids: {times[100_000] / times[10_000]:.1f}x (linear: 10x)")


def bench_expiry(Desktop, binary, owner, log, proc_field):
    desktop = Desktop(binary, "max-age = 30d\nmax-entries = 0\nfeedback = none\n")
    try:
        fill(desktop, 1_000_000, old=101_000)
        started = time.monotonic()
        daemon = desktop.start_daemon()
        rss_start = int(proc_field(daemon.pid, "VmRSS"))
        log_path = desktop.root + "/daemon.log"
        running = lambda: b"older than max-age" not in open(log_path, "rb").read()
        latencies, during = copies_while(desktop, owner, running)
        from bench import wait_until  # as in copies_while
        wait_until(lambda: not running(), 600)
        elapsed = time.monotonic() - started
        rss_end = int(proc_field(daemon.pid, "VmRSS"))
        log(f"  expiry at start, 1,000,000 entries, 101,000 due: done {elapsed:.1f} s after the start; "
            f"{during} of 3 copies made during it, stored after {', '.join(f'{t * 1000:.0f}' for t in latencies)} ms; "
            f"daemon RSS {rss_start / 1024:.1f} MiB at start, {rss_end / 1024:.1f} MiB after")
    finally:
        desktop.close()


def bench_trash_empty(Desktop, binary, owner, log):
    desktop = Desktop(binary, "max-entries = 0\nfeedback = none\n")
    try:
        fill(desktop, 100_000, trashed=100_000)
        desktop.start_daemon()
        started = time.monotonic()
        emptying = subprocess.Popen([desktop.binary, "trash", "empty", "--yes"], env=desktop.env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(1)  # past the command's start, into its deleting
        latencies, during = copies_while(desktop, owner, lambda: emptying.poll() is None)
        emptying.wait()
        elapsed = time.monotonic() - started
        log(f"  trash empty of 100,000 entries with the daemon running: {elapsed:.1f} s; {during} of 3 copies made "
            f"during it, stored after {', '.join(f'{t * 1000:.0f}' for t in latencies)} ms")
    finally:
        desktop.close()


def run(Desktop, binary, owner, log, proc_field):
    log("== long purges in slices (issue 18)")
    bench_delete(Desktop, binary, log)
    bench_expiry(Desktop, binary, owner, log, proc_field)
    bench_trash_empty(Desktop, binary, owner, log)
