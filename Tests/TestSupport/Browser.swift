import Glibc

/// A real browser on the test's Xvfb — Debian's Chromium (an X window, not headless) or
/// firefox-esr, each with a profile of its own in the sandbox — showing a focused text area that
/// reports its value in the window title (`value:` and the value percent-encoded), which the test
/// reads back through the window's name.
public final class Browser {
    /// Which browser.
    public enum Kind: String, Sendable {
        case chromium, firefox
    }

    /// The browser's main process.
    public let child: Child
    private let desktop: Desktop

    /// The page: one text area with the focus.
    static let page = """
        <!doctype html><meta charset="utf-8"><title>ready</title>
        <textarea id="field" autofocus oninput="document.title = 'value:' + encodeURIComponent(this.value)"></textarea>
        <script>document.getElementById('field').focus()</script>
        """

    /// Starts `kind` on `desktop` and waits (up to 90 s: a first start on a busy machine is slow)
    /// until its page is shown; throws when it never is.
    public init(_ kind: Kind, on desktop: Desktop) throws {
        self.desktop = desktop
        let page = desktop.sandbox.write("page.html", Self.page)
        let profile = desktop.sandbox.root + "/" + kind.rawValue
        let arguments: [String]
        switch kind {
        case .chromium:
            arguments = [
                "chromium", "--no-sandbox", "--user-data-dir=" + profile, "--no-first-run", "--disable-gpu",
                "--password-store=basic", "--no-default-browser-check", "file://" + page,
            ]
        case .firefox:
            desktop.sandbox.write(kind.rawValue + "/user.js", Self.firefoxPreferences)
            arguments = ["firefox-esr", "--profile", profile, "--no-remote", "--new-instance", "file://" + page]
        }
        child = try desktop.start(arguments, captureOutput: false)
        guard waitUntil(seconds: 90, { windowName(matching: "^ready") != nil }) else {
            throw SpawnError("\(kind.rawValue) did not show its page")
        }
    }

    /// Preferences that keep a fresh Firefox profile from opening first-run pages over the test's.
    static let firefoxPreferences = """
        user_pref("browser.shell.checkDefaultBrowser", false);
        user_pref("browser.startup.homepage_override.mstone", "ignore");
        user_pref("datareporting.policy.dataSubmissionPolicyBypassNotification", true);
        user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
        user_pref("browser.aboutwelcome.enabled", false);
        user_pref("browser.sessionstore.resume_from_crash", false);
        """

    /// The text area's value, nil before anything was entered.
    public var value: String? {
        guard let name = windowName(matching: "^value:"), let start = name.firstRange(of: "value:")?.upperBound else {
            return nil
        }
        return percentDecoded(name[start...].prefix { $0 != " " })
    }

    /// Waits until the text area holds `text`.
    public func waitForValue(_ text: String, seconds: Double = 30) -> Bool {
        waitUntil(seconds: seconds) { value == text }
    }

    /// The name of the first window whose name matches `pattern` (xdotool's regular expression).
    private func windowName(matching pattern: String) -> String? {
        let found = try? Child(["xdotool", "search", "--name", pattern, "getwindowname", "%1"], environment: desktop.environment)
            .communicate(timeout: 20)
        guard let found, found.status == 0, !found.output.isEmpty else { return nil }
        return found.output.split(separator: "\n").first.map(String.init)
    }

    /// `%XX` sequences decoded as UTF-8 bytes (what encodeURIComponent wrote).
    private func percentDecoded(_ text: some StringProtocol) -> String {
        var bytes: [UInt8] = []
        var rest = Substring(text).utf8[...]
        while let byte = rest.first {
            rest = rest.dropFirst()
            if byte == UInt8(ascii: "%"), rest.count >= 2,
                let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
