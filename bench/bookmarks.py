"""Benchmark of bookmark import (imported by bench.py; `--only bookmarks`).

The same 5,000 bookmarks in each browser format: a Netscape bookmark file as Firefox and
Chromium export it, Chromium's Bookmarks JSON, and a Firefox places.sqlite with the tables of
Firefox's nsPlacesTables.h, held open with an exclusive lock and its last bookmarks only in the
write-ahead log, as a running Firefox holds it. The baseline, timed in the same run, is a plain
`import` of 5,000 JSON Lines with the same URLs as texts. Each line gives the wall time and the
import's CPU time (user + system), which a shared machine moves less.
"""
import html
import json
import os
import random
import resource
import sqlite3
import time

COUNT = 5_000
WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november".split()
FOLDERS = [[], ["Recipes"], ["Recipes", "Soups"], ["Work", "Swift"], ["Work", "Swift", "Server side"], ["Reading"]]
WEBKIT_OFFSET = 11_644_473_600_000_000

PLACES_SCHEMA = """
CREATE TABLE moz_origins ( id INTEGER PRIMARY KEY, prefix TEXT NOT NULL, host TEXT NOT NULL,
  frecency INTEGER NOT NULL, UNIQUE (prefix, host) );
CREATE TABLE moz_places (   id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR, rev_host LONGVARCHAR,
  visit_count INTEGER DEFAULT 0, hidden INTEGER DEFAULT 0 NOT NULL, typed INTEGER DEFAULT 0 NOT NULL,
  frecency INTEGER DEFAULT -1 NOT NULL, last_visit_date INTEGER , guid TEXT,
  foreign_count INTEGER DEFAULT 0 NOT NULL, url_hash INTEGER DEFAULT 0 NOT NULL , description TEXT,
  preview_image_url TEXT, origin_id INTEGER REFERENCES moz_origins(id));
CREATE TABLE moz_bookmarks (  id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER DEFAULT NULL, parent INTEGER,
  position INTEGER, title LONGVARCHAR, keyword_id INTEGER, folder_type TEXT, dateAdded INTEGER,
  lastModified INTEGER, guid TEXT, syncStatus INTEGER NOT NULL DEFAULT 0,
  syncChangeCounter INTEGER NOT NULL DEFAULT 1);
CREATE TABLE moz_keywords (  id INTEGER PRIMARY KEY AUTOINCREMENT, keyword TEXT UNIQUE, place_id INTEGER,
  post_data TEXT);
INSERT INTO moz_bookmarks (id, type, parent, position, title, guid) VALUES
  (1, 2, 0, 0, '', 'root________'), (2, 2, 1, 0, 'menu', 'menu________'),
  (3, 2, 1, 1, 'toolbar', 'toolbar_____'), (4, 2, 1, 2, 'tags', 'tags________'),
  (5, 2, 1, 3, 'unfiled', 'unfiled_____'), (6, 2, 1, 4, 'mobile', 'mobile______');
"""


def bookmarks():
    """5,000 distinct bookmarks: (url, title, folder path, tags, seconds added)."""
    rng = random.Random(20)
    out = []
    for index in range(COUNT):
        title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))) + f" & {index}"
        tags = [rng.choice(WORDS)] if index % 5 == 0 else []
        out.append((f"https://site{index % 97}.example/page/{index}?q={index}", title, rng.choice(FOLDERS), tags,
                    1_600_000_000 + index * 60))
    return out


def netscape(marks):
    """A Netscape bookmark file, folders nested as the browsers write them."""
    tree = {"": [], "children": {}}
    for mark in marks:
        node = tree
        for name in mark[2]:
            node = node["children"].setdefault(name, {"": [], "children": {}})
        node[""].append(mark)
    lines = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>",
             '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
             "<TITLE>Bookmarks</TITLE>", "<H1>Bookmarks Menu</H1>", "", "<DL><p>"]

    def write(node, depth):
        pad = "    " * depth
        for url, title, _, tags, added in node[""]:
            tag = f' TAGS="{",".join(tags)}"' if tags else ""
            lines.append(f'{pad}<DT><A HREF="{html.escape(url)}" ADD_DATE="{added}" LAST_MODIFIED="{added}"{tag}>'
                         f"{html.escape(title)}</A>")
        for name, child in node["children"].items():
            lines.append(f'{pad}<DT><H3 ADD_DATE="1600000000" LAST_MODIFIED="1600000000">{html.escape(name)}</H3>')
            lines.append(f"{pad}<DL><p>")
            write(child, depth + 1)
            lines.append(f"{pad}</DL><p>")
    write(tree, 1)
    lines.append("</DL>")
    return "\n".join(lines) + "\n"


def chromium(marks):
    """Chromium's Bookmarks JSON with every bookmark under the bookmarks bar's folders."""
    ids = iter(range(100, 10**9))
    root = {"children": [], "type": "folder", "name": "Bookmarks bar", "id": "1", "date_added": "0"}
    folders = {(): root}
    for url, title, path, _, added in marks:
        for depth in range(1, len(path) + 1):
            key = tuple(path[:depth])
            if key not in folders:
                folder = {"children": [], "type": "folder", "name": path[depth - 1], "id": str(next(ids)),
                          "date_added": "13300000000000000"}
                folders[key[:-1]]["children"].append(folder)
                folders[key] = folder
        folders[tuple(path)]["children"].append({
            "type": "url", "name": title, "url": url, "id": str(next(ids)), "guid": f"g{next(ids)}",
            "date_added": str(added * 1_000_000 + WEBKIT_OFFSET), "date_last_used": "0"})
    empty = {"children": [], "type": "folder", "id": "2", "name": "x", "date_added": "0"}
    return json.dumps({"checksum": "0" * 32, "roots": {"bookmark_bar": root, "other": dict(empty, name="Other bookmarks"),
                                                       "synced": dict(empty, id="3", name="Mobile bookmarks")},
                       "version": 1}, indent=3)


def firefox(profile, marks):
    """places.sqlite held open as a running Firefox holds it; the last 500 bookmarks only in the log."""
    os.makedirs(profile, exist_ok=True)
    db = sqlite3.connect(profile + "/places.sqlite", isolation_level=None)
    db.executescript("PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;"
                     + PLACES_SCHEMA)
    folder_ids = {(): 2}
    next_id = [100]

    def new_id():
        next_id[0] += 1
        return next_id[0]

    tag_ids = {}

    def insert(batch):
        db.execute("BEGIN")
        for url, title, path, tags, added in batch:
            for depth in range(1, len(path) + 1):
                key = tuple(path[:depth])
                if key not in folder_ids:
                    folder_ids[key] = new_id()
                    db.execute("INSERT INTO moz_bookmarks (id, type, parent, title, dateAdded, guid) VALUES (?, 2, ?, ?, ?, ?)",
                               (folder_ids[key], folder_ids[key[:-1]], path[depth - 1], added * 10**6, f"f{folder_ids[key]}"))
            place = new_id()
            db.execute("INSERT INTO moz_places (id, url, title, guid) VALUES (?, ?, ?, ?)", (place, url, title, f"p{place}"))
            mark = new_id()
            db.execute("INSERT INTO moz_bookmarks (id, type, fk, parent, title, dateAdded, guid) VALUES (?, 1, ?, ?, ?, ?, ?)",
                       (mark, place, folder_ids[tuple(path)], title, added * 10**6, f"b{mark}"))
            for tag in tags:
                if tag not in tag_ids:
                    tag_ids[tag] = new_id()
                    db.execute("INSERT INTO moz_bookmarks (id, type, parent, title, guid) VALUES (?, 2, 4, ?, ?)",
                               (tag_ids[tag], tag, f"t{tag_ids[tag]}"))
                entry = new_id()
                db.execute("INSERT INTO moz_bookmarks (id, type, fk, parent, guid) VALUES (?, 1, ?, ?, ?)",
                           (entry, place, tag_ids[tag], f"e{entry}"))
        db.execute("COMMIT")
    insert(marks[:-500])
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    insert(marks[-500:])
    return db


def run(Desktop, binary, log):
    log(f"== bookmark import: {COUNT:,} bookmarks from each format (issue 20)")
    marks = bookmarks()
    sources = ["jsonl (baseline)", "bookmarks", "chromium", "firefox"]
    for source in sources:
        desktop = Desktop(binary, "max-entries = 0\n")
        held = None
        try:
            if source == "bookmarks":
                path = desktop.root + "/bookmarks.html"
                with open(path, "w") as handle:
                    handle.write(netscape(marks))
                args = ["--from", "bookmarks", path]
            elif source == "chromium":
                path = desktop.root + "/chromium/Default"
                os.makedirs(path)
                with open(path + "/Bookmarks", "w") as handle:
                    handle.write(chromium(marks))
                args = ["--from", "chromium", path]
            elif source == "firefox":
                held = firefox(desktop.root + "/profile", marks)
                args = ["--from", "firefox", desktop.root + "/profile"]
            else:
                path = desktop.root + "/links.jsonl"
                with open(path, "w") as handle:
                    handle.writelines(json.dumps({"text": mark[0]}) + "\n" for mark in marks)
                args = [path]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.monotonic()
            result = desktop.run("import", *args)
            elapsed = time.monotonic() - started
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            if result.returncode != 0:
                raise SystemExit(f"{source}: {result.stderr.decode()}")
            stored = desktop.count()
            if stored != COUNT:
                raise SystemExit(f"{source}: {stored} entries stored, not {COUNT}: {result.stderr.decode()}")
            log(f"  {source:<17} {elapsed:6.2f} s, CPU {cpu:5.2f} s  ({COUNT / elapsed:8,.0f} bookmarks/s)  "
                f"{result.stderr.decode().strip()}")
        finally:
            if held:
                held.close()
            desktop.close()
