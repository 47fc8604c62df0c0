import CopypastaCore
import CopypastaSystem
import Glibc

/// The DOM of a page after its scripts ran, from `chromium --headless --dump-dom URL`
/// (`archive-renderer = chromium`). Chromium runs in its own process group with a throwaway
/// profile and is killed, group and all, at the deadline; it is never waited on longer.
enum ChromiumDOM {
    /// The chromium executable on PATH, if one is installed.
    static var executable: String? {
        ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(Spawn.findExecutable).first
    }

    /// The serialized DOM of `url`, or nil when chromium fails, prints nothing or passes
    /// `seconds`, or prints more than `maxBytes`.
    static func dump(_ url: String, executable: String, seconds: Double, maxBytes: Int) -> [UInt8]? {
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(temporary)/copypasta-chromium-XXXXXX".utf8CString)
        guard let profile = mkdtemp(&template).map({ String(cString: $0) }) else { return nil }
        defer { FileTree.remove(profile) }
        var argv = [
            executable, "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--user-data-dir=\(profile)", "--dump-dom", url,
        ]
        // Chromium refuses to start as root with its sandbox, which cannot work for root anyway.
        if geteuid() == 0 { argv.insert("--no-sandbox", at: 1) }
        guard let child = try? Spawn.start(argv, environment: [:], stdin: false, stdout: true, stderr: false) else {
            return nil
        }
        defer { close(child.stdout) }
        let output = readAll(child.stdout, until: monotonicSeconds() + seconds, maxBytes: maxBytes)
        kill(-child.pid, SIGKILL)
        let status = Spawn.reap(child.pid)
        guard let output, !output.isEmpty, status == 0 || status == 128 + SIGKILL else { return nil }
        return output
    }

    /// Reads `fd` to its end; nil past the deadline or the cap.
    private static func readAll(_ fd: Int32, until deadline: Double, maxBytes: Int) -> [UInt8]? {
        var output: [UInt8] = []
        let end = Spawn.drain(fd, until: deadline) { chunk in
            output += chunk
            return output.count <= maxBytes
        }
        return end == .end ? output : nil
    }
}
