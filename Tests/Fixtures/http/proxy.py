#!/usr/bin/env python3
"""A loopback HTTP proxy for the archive tests: absolute-URI requests (http_proxy) and CONNECT
tunnels (https_proxy).

Binds 127.0.0.1 on a free port and prints the port as its first stdout line (the readiness
signal); then prints each request line it receives ("GET http://host:port/path HTTP/1.1",
"CONNECT host:port HTTP/1.1"), so a test sees what went through it. The test that started it
stops it by PID.
"""
import http.client
import http.server
import select
import socket
import sys
import urllib.parse

import loopback


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        print(self.requestline, flush=True)
        target = urllib.parse.urlsplit(self.path)
        if target.scheme != "http" or not target.hostname:
            self.send_error(400, "absolute http URI expected")
            return
        upstream = http.client.HTTPConnection(target.hostname, target.port or 80, timeout=30)
        path = target.path or "/"
        if target.query:
            path += "?" + target.query
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("proxy-connection", "connection")}
        upstream.request("GET", path, headers=headers)
        reply = upstream.getresponse()
        body = reply.read()
        self.send_response(reply.status, reply.reason)
        for key, value in reply.getheaders():
            if key.lower() not in ("transfer-encoding", "connection", "content-length"):
                self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        upstream.close()

    def do_CONNECT(self):
        print(self.requestline, flush=True)
        host, _, port = self.path.rpartition(":")
        try:
            upstream = socket.create_connection((host, int(port)), timeout=30)
        except OSError:
            self.send_error(502, "cannot reach " + self.path)
            return
        self.send_response(200, "Connection established")
        self.end_headers()
        sockets = [self.connection, upstream]
        while True:
            readable, _, _ = select.select(sockets, [], [], 30)
            if not readable:
                break
            for ready in readable:
                data = ready.recv(65536)
                if not data:
                    upstream.close()
                    return
                (upstream if ready is self.connection else self.connection).sendall(data)
        upstream.close()


def main():
    loopback.serve(Proxy)


if __name__ == "__main__":
    sys.exit(main())
