"""make bench, archive group: link archives per second on the loopback fixture server.

The fixture article (Tests/Fixtures/http/site/article: a page, 2 style sheets, 10 images, a
font and an icon) is archived N times under N distinct URLs by one run of copypasta-archive,
the worker the daemon starts; reported: archives per second and MB written per second.

The baseline, in the same run against the same server: `wget --page-requisites
--convert-links` of the same N URLs, one wget per page into a folder of its own (a page with
its assets, references rewritten, as an archive is), one after another.
"""
import os
import shutil
import sqlite3
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def folder_bytes(path):
    total = 0
    for directory, _, files in os.walk(path):
        total += sum(os.path.getsize(os.path.join(directory, name)) for name in files)
    return total


def run(Desktop, binary, log, count=200):
    server = subprocess.Popen(["python3", os.path.join(ROOT, "Tests/Fixtures/http/serve.py")], stdout=subprocess.PIPE)
    desktop = Desktop(binary, config="archive-private-hosts = yes\n")
    try:
        port = int(server.stdout.readline())
        for n in range(count):
            url = f"http://127.0.0.1:{port}/article/?copy={n}"
            added = desktop.run("add", url)
            entry = int(added.stdout.decode().strip())
            with sqlite3.connect(desktop.database, timeout=10) as db:
                # A one-URL `add` is a link already (its archive queued); older builds need the row.
                db.execute("INSERT INTO entry_link (entry_id, url, archive) VALUES (?, ?, 'pending') "
                           "ON CONFLICT (entry_id) DO UPDATE SET archive = 'pending'", (entry, url))
        worker = os.path.join(os.path.dirname(os.path.abspath(binary)), "copypasta-archive")
        start = time.monotonic()
        result = subprocess.run([worker, "--db", desktop.database, "--config",
                                 desktop.root + "/config/copypasta/copypasta.conf"], capture_output=True, check=False)
        elapsed = time.monotonic() - start
        with sqlite3.connect(desktop.database, timeout=10) as db:
            full = db.execute("SELECT count(*) FROM entry_link WHERE archive = 'full'").fetchone()[0]
        written = folder_bytes(os.path.join(os.path.dirname(desktop.database), "links"))
        log(f"archive: {count} archives of the fixture article (16 files each) in {elapsed:.2f} s: "
            f"{count / elapsed:.1f} archives/s, {written / elapsed / 1e6:.2f} MB/s written; "
            f"{full} full; worker exit {result.returncode}")
        baseline = wget_pages(port, count)
        if baseline:
            log(f"archive baseline: wget --page-requisites --convert-links of the same {count} pages in "
                f"{baseline:.2f} s: {count / baseline:.1f} pages/s; copypasta-archive/wget = {baseline / elapsed:.2f}")
    finally:
        server.terminate()
        server.wait()
        desktop.close()


def wget_pages(port, count):
    """Seconds for wget to fetch the same pages with their requisites, or None without wget."""
    wget = shutil.which("wget")
    if not wget:
        return None
    with tempfile.TemporaryDirectory() as folder:
        start = time.monotonic()
        for n in range(count):
            url = f"http://127.0.0.1:{port}/article/?copy={n}"
            subprocess.run([wget, "--quiet", "--page-requisites", "--convert-links", "--no-proxy",
                            "--directory-prefix", os.path.join(folder, str(n)), url], check=False)
        return time.monotonic() - start
