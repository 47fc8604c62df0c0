"""Keystroke to page on a 1,000,000-entry history (issue 21; imported by bench.py; `--only paging`).

The history is built with SQL (as bench/slices.py does): English-like texts in which `the` is
the commonest word (in about 60 % of the entries), a tenth of them from firefox, some tagged.
Each query is timed as the picker runs it (one page of 50, newest first) and as
`search --limit 20` runs it (relevance), p95 over the runs.
"""
import json
import os
import random
import shutil
import sqlite3
import subprocess
import time

COUNT = 1_000_000
COMMON = ("the of and to in is that for it as with was on be by this are from or at an not have but "
          "which one all were can there when your more so what up out if about").split()
RARE = ("invoice meeting address password token deploy server client request response commit branch merge "
        "rebase kernel socket buffer cursor window screen printer folder upload download package").split()
APPS = ["firefox"] + ["xterm", "chromium", "emacs", "code", "thunderbird", "gimp", "okular", "slack"] * 1
QUERIES = [["the"], ["the", "of"], ["invoice"], ["pre*"], ["\"the invoice\""], ["app:firefox"],
           ["the", "app:firefox"], ["tag:work", "the"], ["kind:link"], ["zebrafish"], ["nosuchword"]]


def texts(rng):
    for index in range(COUNT):
        words = []
        for _ in range(rng.randint(3, 14)):
            words.append(rng.choice(COMMON) if rng.random() < 0.45 else rng.choice(RARE))
        if index % 5 == 0:
            words.append(rng.choice(["prelude", "premium", "prefab", "preview", "prepare"]))
        if index % 1000 == 0:
            words.insert(0, "zebrafish")
        text = " ".join(words) + f" #{index}"
        if index % 50 == 0:
            text = "https://example.com/" + text.replace(" ", "-")
        yield text


def fill(desktop):
    """COUNT entries by SQL, indexes and triggers dropped while the rows go in, then rebuilt."""
    desktop.run("add", "first")
    desktop.run("tag", "1", "work")
    db = sqlite3.connect(desktop.database, isolation_level=None, timeout=60)
    rng = random.Random(21)
    # The applications come from a generator of their own: the texts must be drawn the same way
    # twice (the row's preview, then the text), so nothing else may draw from theirs.
    apps = random.Random(22)
    now = int(time.time() * 1e6)
    db.execute("BEGIN")
    saved = db.execute("SELECT type, name, sql FROM sqlite_master WHERE type IN ('trigger', 'index') "
                       "AND tbl_name IN ('entry', 'entry_text') AND sql IS NOT NULL").fetchall()
    for kind, name, _ in saved:
        db.execute(f'DROP {kind.upper()} "{name}"')
    rows = ((index + 2, bytes(f"{index:032d}", "ascii"), now - (COUNT - index) * 1_000_000, apps.choice(APPS),
             len(text), text[:200], index + 2, "link" if text.startswith("https:") else "text", text)
            for index, text in enumerate(texts(rng)))
    db.executemany("INSERT INTO entry (id, fingerprint, captured_at, source, source_app, bytes, preview, seq, kind) "
                   "VALUES (?, ?, ?, 'clipboard', ?, ?, ?, ?, ?)", (row[:8] for row in rows))
    rng = random.Random(21)
    db.executemany("INSERT INTO entry_text (id, text) VALUES (?, ?)",
                   ((index + 2, text) for index, text in enumerate(texts(rng))))
    tag = db.execute("SELECT id FROM tag WHERE name = 'work'").fetchone()[0]
    db.execute("INSERT INTO entry_tag (entry_id, tag_id) SELECT id, ? FROM entry WHERE id % 100 = 3", (tag,))
    for _, _, sql in saved:
        db.execute(sql)
    db.execute("INSERT INTO entry_fts (entry_fts) VALUES ('rebuild')")
    db.execute("UPDATE state SET value = (SELECT count(*) FROM entry WHERE trashed_at IS NULL) WHERE key = 'entries'")
    db.execute("COMMIT")
    db.close()


def p95(desktop, binary, args, runs, database=None):
    """The 95th percentile and the median of `runs` wall times (hyperfine -N, 3 warm-ups), in ms."""
    out = desktop.root + "/paging.json"
    command = " ".join([binary] + ["'" + a.replace("'", "'\\''") + "'" for a in args])
    subprocess.run(["hyperfine", "-N", "-i", "--warmup", "3", "--runs", str(runs), "--export-json", out, command],
                   env=dict(desktop.env, COPYPASTA_DB=database or ""), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times = sorted(json.load(open(out))["results"][0]["times"])
    return times[min(len(times) - 1, round(0.95 * (len(times) - 1)))] * 1000, times[len(times) // 2] * 1000


def window(desktop, log):
    """Keystroke to updated list in the picker window itself: each query typed key by key into a
    `copypasta pick` on this history; the picker's trace gives, for each paint, the time since it
    read the oldest key the paint answers. Only paints whose query changed count."""
    trace = desktop.root + "/keys.trace"
    env = dict(desktop.env, COPYPASTA_PICKER_TRACE=trace)
    picker = subprocess.Popen([desktop.binary, "pick"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def paints():
        lines = open(trace).read().splitlines() if os.path.exists(trace) else []
        return [(int(line.split()[2][4:]), line.split(" query=", 1)[1]) for line in lines if " query=" in line]

    try:
        deadline = time.monotonic() + 30
        while not paints() and time.monotonic() < deadline:
            time.sleep(0.01)
        every, worst = [], (0.0, "")
        for query in QUERIES:
            text = " ".join(query)
            start = len(paints())
            subprocess.run(["xdotool", "key", "ctrl+u"], env=desktop.env, check=True)
            subprocess.run(["xdotool", "type", "--delay", "120", text], env=desktop.env, check=True)
            deadline = time.monotonic() + 30
            while (not paints() or paints()[-1][1] != text) and time.monotonic() < deadline:
                time.sleep(0.01)
            seen = paints()
            times = [micro / 1000 for (micro, typed), (_, before) in zip(seen[start:], seen[start - 1:])
                     if typed != before and typed != ""]
            every += times
            top = sorted(times)[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
            worst = max(worst, (top, text))
        every.sort()
        p95 = every[min(len(every) - 1, round(0.95 * (len(every) - 1)))]
        log(f"  picker window, keystroke to painted list: p95 {p95:.1f} ms, median {every[len(every) // 2]:.1f} ms "
            f"over {len(every)} keystrokes; the slowest query's p95 {worst[0]:.1f} ms ({worst[1]})")
        return p95
    finally:
        while picker.poll() is None:
            subprocess.run(["xdotool", "key", "Escape"], env=desktop.env, check=False)
            try:
                picker.wait(timeout=2)
            except subprocess.TimeoutExpired:
                pass


def run(Desktop, binary, log, baseline=None, seeded=None, runs=20):
    """Each query as the picker pages it (`pick --list --limit 50`) and as `search --limit 20` ranks it."""
    log(f"== keystroke to page (issue 21): {COUNT:,} entries")
    desktop = Desktop(binary, "max-entries = 0\n")
    try:
        if seeded:
            os.makedirs(os.path.dirname(desktop.database), mode=0o700, exist_ok=True)
            shutil.copy(seeded, desktop.database)
        else:
            # With a baseline, the history is made by the baseline binary: ours migrates its own
            # copy (the prefix indexes), and an older binary cannot open a newer schema.
            own = desktop.binary
            desktop.binary = os.path.abspath(baseline) if baseline else own
            fill(desktop)
            desktop.binary = own
        older = desktop.root + "/baseline.sqlite3"
        if baseline:
            shutil.copy(desktop.database, older)
        with sqlite3.connect(desktop.database) as db:
            for word in ("the", "invoice"):
                hits = db.execute("SELECT count(*) FROM entry_fts WHERE entry_fts MATCH ?", (word,)).fetchone()[0]
                log(f"  '{word}' is in {hits:,} entries")
        worst = 0.0
        for query in QUERIES:
            for label, args in (("pick page", ["pick", "--list", "--limit", "50", "--"] + query),
                                ("search --limit 20", ["search", "--limit", "20", "--"] + query)):
                ours, median = p95(desktop, desktop.binary, args, runs)
                worst = max(worst, ours)
                line = f"  {label:<18} {' '.join(query):<22} p95 {ours:7.1f} ms (median {median:.1f})"
                if baseline:
                    theirs, _ = p95(desktop, os.path.abspath(baseline), args if label != "pick page" else
                                    ["pick", "--launcher", "true", "--limit", "50", "--"] + query, min(runs, 5),
                                    database=older)
                    line += f"   baseline p95 {theirs:7.1f} ms, ratio {ours / theirs:.2f}x"
                log(line)
        log(f"  worst p95 over the queries, whole processes: {worst:.1f} ms (goal: 30 ms)")
        window(desktop, log)
    finally:
        desktop.close()
