import Glibc
import TestSupport
import Testing

/// The picker window of `copypasta pick` (copypasta-picker) driven under Xvfb: the trace its
/// paints write (COPYPASTA_PICKER_TRACE), keys through xdotool, screenshots through ImageMagick.
struct PickerSession {
    let desktop: Desktop
    let process: Child
    let trace: String

    /// Starts `copypasta pick ARGUMENTS` and waits for its first painted list.
    init(_ desktop: Desktop, _ arguments: [String] = []) throws {
        self.desktop = desktop
        trace = desktop.sandbox.root + "/picker.trace"
        unlink(trace)
        desktop.extraEnvironment["COPYPASTA_PICKER_TRACE"] = trace
        process = try desktop.start([CopypastaBinary.path, "pick"] + arguments)
        guard waitUntil(seconds: 30, { lastPaint != nil || process.exitStatusIfExited() != nil }), lastPaint != nil else {
            throw SpawnError("the picker did not paint: \(process.communicate(timeout: 1).stderr)")
        }
    }

    /// The fields of the last paint: rows, selected, marked, copied, preview, query.
    var lastPaint: [String: String]? {
        let text = String(decoding: desktop.sandbox.read(trace) ?? [], as: UTF8.self)
        guard let line = text.split(separator: "\n").last else { return nil }
        var fields: [String: String] = [:]
        for part in line.split(separator: " ", maxSplits: 7).dropFirst(2) {
            guard let equals = part.firstIndex(of: "=") else { continue }
            fields[String(part[..<equals])] = String(part[part.index(after: equals)...])
        }
        return fields
    }

    /// Waits until the last paint's `field` satisfies `condition`.
    func waitFor(_ field: String, seconds: Double = 20, _ condition: (String) -> Bool) -> Bool {
        waitUntil(seconds: seconds) { lastPaint?[field].map(condition) ?? false }
    }

    /// Sends keys (xdotool key names: Return, shift+Return, ctrl+space).
    func keys(_ names: String...) throws {
        #expect(try desktop.tool(["xdotool", "key", "--delay", "30"] + names) == 0)
    }

    /// Types text into the search field.
    func type(_ text: String) throws {
        #expect(try desktop.tool(["xdotool", "type", "--delay", "30", text]) == 0)
    }

    /// Clicks `button` at (x, y) inside the picker window.
    func click(_ button: Int, x: Int, y: Int) throws {
        let found = try Child(["xdotool", "search", "--classname", "^copypasta-picker$"], environment: desktop.environment)
            .communicate(timeout: 10)
        let window = try #require(found.output.split(separator: "\n").first.map(String.init))
        let move = ["xdotool", "mousemove", "--window", window, String(x), String(y), "click", String(button)]
        #expect(try desktop.tool(move) == 0)
    }

    /// How many pixels of the screen have each of `colours` (0xRRGGBB, within ±6 per channel).
    func pixels(_ colours: [UInt32]) throws -> [Int] {
        let path = desktop.sandbox.root + "/screen.rgb"
        #expect(try desktop.tool(["import", "-window", "root", "-depth", "8", "rgb:" + path]) == 0)
        let bytes = desktop.sandbox.read(path) ?? []
        var counts = [Int](repeating: 0, count: colours.count)
        var index = 0
        while index + 2 < bytes.count {
            for (which, colour) in colours.enumerated() {
                let wanted = [Int(colour >> 16 & 0xFF), Int(colour >> 8 & 0xFF), Int(colour & 0xFF)]
                if (0..<3).allSatisfy({ abs(Int(bytes[index + $0]) - wanted[$0]) <= 6 }) { counts[which] += 1 }
            }
            index += 3
        }
        return counts
    }
}
