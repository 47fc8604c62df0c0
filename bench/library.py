"""Benchmarks of `import --from` (imported by bench.py; `--only import`).

Each source holds the same 10,000 texts, written the way that manager stores them:
clipmenu 7's store and greenclip's history file are built in their formats (neither
program is packaged in Debian), cliphist is a stand-in script answering `list` and
`decode` from files (one process per `decode`, as with the real cliphist), and CopyQ is
the real program, filled through its own command line.
"""
import json
import os
import random
import stat
import struct
import subprocess
import time

COUNT = 10_000
WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november".split()


def texts():
    """10,000 distinct texts, oldest first: short lines, every 50th several lines long."""
    rng = random.Random(11)
    out = []
    for index in range(COUNT):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 10))) + f" #{index}"
        if index % 50 == 0:
            text = "\n".join([text] * rng.randint(5, 30))
        out.append(text)
    return out


def build_clipmenu(directory, items):
    os.makedirs(directory, exist_ok=True)
    snips = []
    for text in items:
        data = text.encode()
        digest = 5381
        for byte in data:
            digest = (digest * 33 + byte) & 0xFFFFFFFFFFFFFFFF
        line = data.split(b"\n")[0][:238]
        snips.append(struct.pack("<QBQ", digest, 0, text.count("\n") + 1) + line.ljust(239, b"\0"))
        os.makedirs(f"{directory}/{digest}", exist_ok=True)
        with open(f"{directory}/{digest}/1", "wb") as handle:
            handle.write(data)
    header = struct.pack("<QQ", len(snips), len(snips)).ljust(256, b"\0")
    with open(directory + "/line_cache", "wb") as handle:
        handle.write(header + b"".join(snips))


def build_greenclip(path, items):
    out = [struct.pack(">Q", len(items))]
    for text in reversed(items):
        data = text.encode()
        out.append(struct.pack(">Q", 5) + b"xterm" + b"\0" + struct.pack(">Q", len(data)) + data)
    with open(path, "wb") as handle:
        handle.write(b"".join(out))


def build_cliphist(directory, items):
    os.makedirs(directory + "/items", exist_ok=True)
    lines = []
    for number, text in reversed(list(enumerate(items, start=1))):
        with open(f"{directory}/items/{number}", "wb") as handle:
            handle.write(text.encode())
        lines.append(f"{number}\t{' '.join(text.split())[:100]}\n")
    with open(directory + "/list", "w") as handle:
        handle.write("".join(lines))
    script = (f"#!/bin/sh\ncase \"$1\" in\nlist) exec cat '{directory}/list' ;;\n"
              f"decode) exec cat '{directory}/items/'\"$2\" ;;\nesac\nexit 2\n")
    with open(directory + "/cliphist", "w") as handle:
        handle.write(script)
    os.chmod(directory + "/cliphist", stat.S_IRWXU)


def start_copyq(desktop, items):
    """The real CopyQ on the desktop's display, holding `items` (newest on top)."""
    os.makedirs(desktop.root + "/run", mode=0o700, exist_ok=True)
    server = subprocess.Popen(["copyq"], env=desktop.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while subprocess.run(["copyq", "size"], env=desktop.env, capture_output=True).returncode != 0:
        if time.monotonic() > deadline:
            raise SystemExit("copyq did not start")
        time.sleep(0.1)
    subprocess.run(["copyq", "config", "maxitems", str(COUNT)], env=desktop.env, check=True, capture_output=True)
    for start in range(0, COUNT, 1000):
        subprocess.run(["copyq", "add", *items[start:start + 1000]], env=desktop.env, check=True, capture_output=True)
    size = int(subprocess.run(["copyq", "size"], env=desktop.env, capture_output=True, check=True).stdout)
    if size != COUNT:
        raise SystemExit(f"copyq holds {size} items, not {COUNT}")
    return server


def timed_import(desktop, args, env=None):
    started = time.monotonic()
    result = subprocess.run([desktop.binary, "import", *args], env=env or desktop.env, capture_output=True)
    elapsed = time.monotonic() - started
    if result.returncode != 0:
        raise SystemExit(result.stderr.decode())
    return elapsed, result.stderr.decode().strip()


def run(Desktop, binary, log):
    log(f"== import of {COUNT:,} entries from other clipboard managers (issue 11)")
    items = texts()
    sources = ["jsonl", "clipmenu", "greenclip", "cliphist", "copyq"]
    for source in sources:
        desktop = Desktop(binary, "max-entries = 0\n")
        server = None
        try:
            env = desktop.env
            if source == "jsonl":
                path = desktop.root + "/history.jsonl"
                with open(path, "w") as handle:
                    handle.writelines(json.dumps({"text": text}) + "\n" for text in reversed(items))
                args = [path]
            elif source == "clipmenu":
                build_clipmenu(desktop.root + "/clipmenu.7.1000", items)
                args = ["--from", "clipmenu", desktop.root + "/clipmenu.7.1000"]
            elif source == "greenclip":
                build_greenclip(desktop.root + "/greenclip.history", items)
                args = ["--from", "greenclip", desktop.root + "/greenclip.history"]
            elif source == "cliphist":
                build_cliphist(desktop.root + "/cliphist", items)
                env = dict(desktop.env, PATH=desktop.root + "/cliphist:" + desktop.env["PATH"])
                args = ["--from", "cliphist"]
            else:
                server = start_copyq(desktop, items)
                args = ["--from", "copyq"]
            elapsed, note = timed_import(desktop, args, env)
            stored = desktop.count()
            if stored != COUNT:
                raise SystemExit(f"{source}: {stored} entries stored, not {COUNT}: {note}")
            log(f"  {source:<10} {elapsed:6.2f} s  ({COUNT / elapsed:8,.0f} entries/s)  {note}")
        finally:
            if server:
                server.terminate()
                server.wait()
            desktop.close()
