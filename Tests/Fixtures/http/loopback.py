"""What the loopback HTTP fixtures (serve.py, proxy.py) share: the listening socket and the
readiness signal the tests wait for (Tests/TestSupport/FixtureServer.swift)."""
import http.server


def serve(handler):
    """Serves `handler` on a free port of 127.0.0.1, printed as the first stdout line."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
