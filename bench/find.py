"""Benchmark of `find` (issue 12; imported by bench.py; `--only find`).

100,000 entries, 500 of them snippets with titles made of two words (`alpha-sigma-17`), and a
3-letter query. `sig` starts a word of about 1 % of the texts and of one title word in 16, and
is in order in many more titles, so every stage of the ranking has work: the snippets scored in
full, the full-text pre-filter, the tie order of the hits.
"""
import json
import random
import subprocess
import time

COUNT = 100_000
SNIPPETS = 500
WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa "
         "quebec romeo sierra tango uniform victor whiskey xray yankee zulu").split()
QUERY = "sig"


def records():
    rng = random.Random(12)
    for index in range(COUNT):
        words = [rng.choice(WORDS) for _ in range(rng.randint(3, 12))]
        if index % 100 == 0:
            words.insert(rng.randrange(len(words)), "signal")
        record = {"text": " ".join(words) + f" #{index}",
                  "capturedAt": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(1.7e9 + index)) + "Z",
                  "useCount": rng.randint(0, 3)}
        if index % (COUNT // SNIPPETS) == 7:
            pair = [rng.choice(WORDS + ["sigma", "signoff"]) for _ in range(2)]
            record["title"] = f"{pair[0]}-{pair[1]}-{index}"
            record["text"] = "snippet: " + record["text"]
        yield record


def run(Desktop, binary, log, hyperfine):
    log(f"== find (issue 12): {COUNT:,} entries, {SNIPPETS} snippets, query '{QUERY}'")
    desktop = Desktop(binary, "max-entries = 0\n")
    try:
        payload = "".join(json.dumps(record) + "\n" for record in records()).encode()
        result = desktop.run("import", "-", data=payload)
        if result.returncode != 0:
            raise SystemExit(result.stderr.decode())
        found = desktop.run("find", QUERY, "--limit", "1000").stdout.count(b"\n")
        log(f"  '{QUERY}' matches {found} entries (first 1000 counted)")
        hyperfine(desktop, f"find {QUERY} (20 shown)", ["find", QUERY])
        hyperfine(desktop, f"find {QUERY} --snippets", ["find", QUERY, "--snippets"])
        hyperfine(desktop, f"find {QUERY} --json --limit 100", ["find", QUERY, "--json", "--limit", "100"])
    finally:
        desktop.close()
