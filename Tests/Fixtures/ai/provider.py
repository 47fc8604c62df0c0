#!/usr/bin/env python3
"""A fake AI provider for the tests (Tests/CLITests/AICommandTests.swift): it speaks the Anthropic
Messages API (POST /v1/messages) and the OpenAI Chat Completions API (POST /chat/completions, under
any prefix), binds 127.0.0.1 port 0 and prints the port as its first stdout line.

Usage: provider.py MODE KEY_FILE FORBIDDEN_FILE LOG_FILE (the key comes in a file so that it never
shows in the process table the tests search for it)

MODE: success, 401, 429 (429 with retry-after: 1 once, then success), 529 (529 twice, then success),
busy (529 always), stall (never answers), malformed (a body that is not JSON), cut (the connection is
closed half-way through the body), truncated (stopped at the token limit).

Every request is checked: the path and method, the provider's headers, the model, that KEY arrives in
the key header and nowhere else (not in the path, the query or the body), and that no line of
FORBIDDEN_FILE (texts the tests mark secret) arrives at all. A failed check is answered 418 and noted
in LOG_FILE; every request appends one line to LOG_FILE ("ok PATH" or "violation: WHY").
"""
import json
import socketserver
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

MODE, KEY_FILE, FORBIDDEN_FILE, LOG_FILE = sys.argv[1:5]
with open(KEY_FILE, encoding="utf-8") as key_file:
    KEY = key_file.read().strip()
COUNT = {"n": 0}
LOCK = threading.Lock()


def forbidden():
    try:
        with open(FORBIDDEN_FILE, encoding="utf-8") as f:
            return [line.strip() for line in f if line.strip()]
    except FileNotFoundError:
        return []


def log(line):
    with LOCK, open(LOG_FILE, "a", encoding="utf-8") as f:
        f.write(line + "\n")


def reply_text(body):
    """The JSON the model 'writes', chosen from the instruction the request carries."""
    text = json.dumps(body)
    if "You suggest tags" in text:
        return '```json\n{"tags": ["Swift", "x11", "", "collection:Work", "a\\u0007b", "swift"]}\n```'
    if "You answer a question" in text:
        return '{"answer": "forty-two"}'
    return '{"summary": "A short summary.", "key_points": ["first point", "second point"]}'


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_json(self, status, obj, headers=()):
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def check(self, raw):
        anthropic = self.path.endswith("/v1/messages")
        if not anthropic and not self.path.endswith("/chat/completions"):
            return "unexpected path " + self.path
        if KEY in self.path or KEY.encode() in raw:
            return "the key arrived outside its header"
        for text in forbidden():
            if text.encode() in raw:
                return "a forbidden text arrived"
        others = [v for k, v in self.headers.items() if k.lower() not in ("x-api-key", "authorization")]
        if any(KEY in v for v in others):
            return "the key arrived in another header"
        if anthropic:
            if self.headers.get("x-api-key") != KEY:
                return "x-api-key missing or wrong"
            if self.headers.get("anthropic-version") != "2023-06-01":
                return "anthropic-version missing"
            if self.headers.get("authorization"):
                return "authorization header sent to Anthropic"
        elif KEY != "-" and self.headers.get("authorization") != "Bearer " + KEY:
            return "authorization missing or wrong"
        try:
            body = json.loads(raw)
        except ValueError:
            return "the body is not JSON"
        if body.get("model") != "test-model":
            return "wrong model %r" % body.get("model")
        if not isinstance(body.get("max_tokens" if anthropic else "max_completion_tokens"), int):
            return "no token limit"
        return None

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length", "0")))
        with LOCK:
            COUNT["n"] += 1
            n = COUNT["n"]
        problem = self.check(raw)
        if problem:
            log("violation: " + problem)
            return self.send_json(418, {"error": {"message": problem}})
        log("ok " + self.path)
        anthropic = self.path.endswith("/v1/messages")
        error = lambda kind, message: {"type": "error", "error": {"type": kind, "message": message}}
        if MODE == "401":
            return self.send_json(401, error("authentication_error", "invalid x-api-key"))
        if MODE == "429" and n == 1:
            return self.send_json(429, error("rate_limit_error", "slow down"), [("retry-after", "1")])
        if (MODE == "529" and n <= 2) or MODE == "busy":
            return self.send_json(529, error("overloaded_error", "Overloaded"), [("retry-after", "1")])
        if MODE == "stall":
            time.sleep(600)
            return None
        if MODE == "malformed":
            data = b'{"id": "msg_1", "content": [{"type": "text", "text": "{\\"summ'
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return None
        text = reply_text(json.loads(raw))
        if MODE == "truncated":
            text = text[: len(text) // 2]
        if anthropic:
            obj = {"id": "msg_1", "type": "message", "role": "assistant", "model": "test-model-reported",
                   "content": [{"type": "text", "text": text}],
                   "stop_reason": "max_tokens" if MODE == "truncated" else "end_turn"}
        else:
            obj = {"id": "chatcmpl-1", "object": "chat.completion", "model": "test-model-reported",
                   "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                "finish_reason": "length" if MODE == "truncated" else "stop"}]}
        if MODE == "cut":
            data = json.dumps(obj).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(2)
            return None
        return self.send_json(200, obj)


class Server(socketserver.ThreadingMixIn, HTTPServer):
    daemon_threads = True


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
