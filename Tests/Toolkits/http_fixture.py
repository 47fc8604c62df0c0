#!/usr/bin/python3
"""A loopback HTTP server with misbehaving paths, for the HTTP client's tests.

Prints its port on the first line of stdout, then serves every connection in
its own thread until killed. Paths:
  /echo      200, a JSON object with the method, path, headers and body received
  /chunked   200, the body 'hello, chunked world' in three chunks
  /eof       200 without Content-Length; the body ends when the connection closes
  /hang      accepts, reads the request and never answers
  /garbage   answers a line that is not HTTP and closes
  /short     promises 100 bytes, sends 5 and closes
  /status/N  status N with a short body
"""
import json
import socket
import threading


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        body += chunk
    return method, path, headers, body


def serve(conn):
    with conn:
        request = read_request(conn)
        if request is None:
            return
        method, path, headers, body = request
        if path == "/echo":
            payload = json.dumps({"method": method, "path": path, "headers": headers,
                                  "body": body.decode("utf-8")}).encode()
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
                         % len(payload) + payload)
        elif path == "/chunked":
            conn.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                         b"5\r\nhello\r\n8;ext=1\r\n, chunke\r\n7\r\nd world\r\n0\r\n\r\n")
        elif path == "/eof":
            conn.sendall(b"HTTP/1.1 200 OK\r\n\r\nuntil the end")
        elif path == "/hang":
            threading.Event().wait()
        elif path == "/garbage":
            conn.sendall(b"SSH-2.0-OpenSSH_9.2\r\n")
        elif path == "/short":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhello")
        elif path.startswith("/status/"):
            code = int(path.rsplit("/", 1)[1])
            conn.sendall(b"HTTP/1.1 %d Whatever\r\nContent-Length: 2\r\n\r\nno" % code)


def main():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    print(server.getsockname()[1], flush=True)
    while True:
        conn, _ = server.accept()
        threading.Thread(target=serve, args=(conn,), daemon=True).start()


if __name__ == "__main__":
    main()
