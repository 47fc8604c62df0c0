#!/usr/bin/env python3
"""The loopback HTTP server the archive and network tests fetch from.

Binds 127.0.0.1 on a free port and prints the port as its first stdout line (the readiness
signal); the test that started it stops it by PID. Pages live next to this file under site/;
the paths below that are not files are behaviours (redirects, a stall, compression, size).
"""
import gzip
import http.server
import json
import os
import re
import sys
import time

import loopback

SITE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "site")
TYPES = {".html": "text/html", ".css": "text/css", ".png": "image/png", ".gif": "image/gif",
         ".svg": "image/svg+xml", ".woff2": "font/woff2", ".ico": "image/x-icon", ".pdf": "application/pdf",
         ".jpg": "image/jpeg"}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", content_type="text/plain", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def redirect(self, location, status=302):
        self.reply(status, b"moved", headers=[("Location", location)])

    def chunked(self, chunks, content_type="text/plain"):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            for chunk in chunks:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        echo = {"method": "POST", "body": body.decode("utf-8", "replace"),
                "headers": {k.lower(): v for k, v in self.headers.items()}}
        self.reply(200, json.dumps(echo).encode(), "application/json")

    def do_GET(self):
        path, _, query = self.path.partition("?")
        parts = path.strip("/").split("/")
        if parts[0] == "redirect":  # /redirect/N: N more redirects, then a page
            n = int(parts[1])
            return self.redirect("/redirect/%d" % (n - 1)) if n > 0 else self.reply(200, b"arrived")
        if parts[0] == "loop":  # /loop/a and /loop/b redirect to each other
            return self.redirect("/loop/" + ("b" if parts[1] == "a" else "a"))
        if parts[0] == "to":  # /to?URL: a redirect to URL (a loopback address, another scheme)
            return self.redirect(query)
        if parts[0] == "stall":  # accepts, then sends nothing
            time.sleep(60)
            return None
        if parts[0] == "gzip":
            body = gzip.compress(b"compressed body " * 1000)
            return self.reply(200, body, headers=[("Content-Encoding", "gzip")])
        if parts[0] == "chunked":
            return self.chunked([b"first chunk,", b" second chunk,", b" last chunk"])
        if parts[0] == "big":  # /big/N: N bytes with a Content-Length
            return self.reply(200, b"x" * int(parts[1]))
        if parts[0] == "endless":  # chunked with no end: only a cap stops it
            return self.chunked(iter(lambda: b"y" * 65536, None))
        if parts[0] == "echo":
            echo = {"method": "GET", "headers": {k.lower(): v for k, v in self.headers.items()}}
            return self.reply(200, json.dumps(echo).encode(), "application/json")
        if parts[0] == "partial":  # the article with one of its images missing
            return self.reply(200, partial_page(), "text/html")
        return self.file(path)

    def file(self, path):
        full = os.path.realpath(os.path.join(SITE, path.lstrip("/")))
        if os.path.isdir(full):
            full = os.path.join(full, "index.html")
        if not full.startswith(SITE + os.sep) or not os.path.isfile(full):
            return self.reply(404, b"<html><title>Not Found</title><p>no such page</p></html>", "text/html")
        with open(full, "rb") as handle:
            body = handle.read()
        content_type = TYPES.get(os.path.splitext(full)[1], "application/octet-stream")
        charset = {"cp1251": "windows-1251", "sjis": "Shift_JIS"}.get(os.path.basename(os.path.dirname(full)))
        if charset and content_type == "text/html" and "nocharset" not in full:
            content_type += "; charset=" + charset
        return self.reply(200, body, content_type)


def partial_page():
    """The article page under another title, its assets named under /article/ and one image
    missing (`1 of 14 assets missing`): one page, so the two cannot drift apart."""
    with open(os.path.join(SITE, "article", "index.html"), "rb") as handle:
        page = handle.read()
    page = page.replace(b"<title>", b"<title>Partial: ", 1)
    page = re.sub(rb'(["\s])(images/|fonts/|style\.css)', rb"\1/article/\2", page)
    return page.replace(b"images/fallback.png", b"images/missing.png")


def main():
    loopback.serve(Handler)


if __name__ == "__main__":
    sys.exit(main())
