import CopypastaHTML
import Glibc

// `copypasta-htmlbench FILE RUNS`: parses FILE (an HTML page) RUNS times and prints one line
// per run, `parse_ms readable_ms archived_ms`, for bench/html.py. Built only by `make bench`
// (`COPYPASTA_BENCH=1`); no product ships it.

/// Milliseconds on the monotonic clock.
func milliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
}

/// The whole file at `path`.
func contents(of path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
    return bytes
}

/// Writes `message` and a newline to standard error.
func complain(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    _ = write(2, bytes, bytes.count)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let runs = Int(arguments[2]), let bytes = contents(of: arguments[1]) else {
    complain("usage: copypasta-htmlbench FILE RUNS")
    exit(64)
}
for _ in 0..<runs {
    let start = milliseconds()
    let page = HTMLPage(bytes: bytes, contentType: "text/html", baseURL: "https://bench.example/article.html")
    let parsed = milliseconds()
    let article = page.readable()
    let read = milliseconds()
    _ = page.archived(replacing: Dictionary(page.assets.map { ($0.url, "assets/x") }) { first, _ in first })
    let archived = milliseconds()
    guard article != nil else {
        complain("copypasta-htmlbench: no article found")
        exit(65)
    }
    print(parsed - start, read - parsed, archived - read)
}
