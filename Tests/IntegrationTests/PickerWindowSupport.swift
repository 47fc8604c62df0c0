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

    /// The fields of the last paint: rows, selected, marked, copied, preview, missing, query.
    var lastPaint: [String: String]? { paints.last }

    /// The fields of every paint so far, first to last.
    var paints: [[String: String]] {
        let text = String(decoding: desktop.sandbox.read(trace) ?? [], as: UTF8.self)
        return text.split(separator: "\n").map(Self.fields)
    }

    private static func fields(_ line: Substring) -> [String: String] {
        var fields: [String: String] = [:]
        for part in line.split(separator: " ", maxSplits: 9).dropFirst(2) {
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

    /// Clicks `button` at (x, y) inside the picker window, `times` times (4 and 5 are the wheel).
    func click(_ button: Int, x: Int, y: Int, times: Int = 1) throws {
        let move = ["xdotool", "mousemove", "--window", try window(), String(x), String(y)]
        #expect(try desktop.tool(move + ["click", "--repeat", String(times), "--delay", "30", String(button)]) == 0)
    }

    /// The picker window's id.
    func window() throws -> String {
        let found = try Child(["xdotool", "search", "--classname", "^copypasta-picker$"], environment: desktop.environment)
            .communicate(timeout: 10)
        return try #require(found.output.split(separator: "\n").first.map(String.init))
    }

    /// The picker window's width in pixels.
    func width() throws -> Int {
        let geometry = try Child(["xdotool", "getwindowgeometry", "--shell", try window()], environment: desktop.environment)
            .communicate(timeout: 10)
        let line = geometry.output.split(separator: "\n").first { $0.hasPrefix("WIDTH=") }
        return try #require(line.flatMap { Int($0.dropFirst(6)) })
    }

    /// How many pixels of the screen have each of `colours` (0xRRGGBB, within ±6 per channel).
    func pixels(_ colours: [UInt32]) throws -> [Int] {
        let screen = try screenshot()
        return colours.map { colour in screen.count { $0.matches(colour) } }
    }

    /// The screen as rows of pixels, through ImageMagick's `import` (a binary PPM).
    func screenshot() throws -> Screenshot {
        let path = desktop.sandbox.root + "/screen.ppm"
        #expect(try desktop.tool(["import", "-window", "root", "-depth", "8", "ppm:" + path]) == 0)
        return try #require(Screenshot(ppm: desktop.sandbox.read(path) ?? []))
    }
}

/// Starts openbox and a GTK window with one text entry (Tests/gtk-entry.py) that holds the focus,
/// the window a paste or a typed text from the picker must reach; its output says what it holds.
func focusedTextEntry(_ desktop: Desktop) throws -> Child {
    desktop.extraEnvironment = ["NO_AT_BRIDGE": "1", "GDK_BACKEND": "x11"]
    _ = try desktop.start(["openbox", "--sm-disable"], captureOutput: false)
    #expect(waitUntil(seconds: 20) { (try? desktop.tool(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"])) == 0 })
    let script = String(#filePath).replacing("/IntegrationTests/PickerWindowSupport.swift", with: "/gtk-entry.py")
    let gtk = try desktop.start(["/usr/bin/python3", script])
    #expect(gtk.waitForLine("ready", seconds: 60) != nil)
    return gtk
}

/// A screenshot: width × height pixels of red, green and blue.
struct Screenshot {
    /// One pixel.
    struct Pixel {
        let red: Int, green: Int, blue: Int

        /// Whether the pixel is `colour` (0xRRGGBB) within ±6 per channel.
        func matches(_ colour: UInt32) -> Bool {
            abs(red - Int(colour >> 16 & 0xFF)) <= 6 && abs(green - Int(colour >> 8 & 0xFF)) <= 6
                && abs(blue - Int(colour & 0xFF)) <= 6
        }
    }

    let width: Int, height: Int
    let bytes: [UInt8]
    private let start: Int

    /// Reads a binary PPM (P6, maximum 255) as ImageMagick writes it.
    init?(ppm: [UInt8]) {
        var fields: [Int] = []
        var index = 2
        guard ppm.starts(with: Array("P6".utf8)) else { return nil }
        while fields.count < 3, index < ppm.count {
            while index < ppm.count, ppm[index] == 0x20 || ppm[index] == 0x0A { index += 1 }
            var value = 0
            while index < ppm.count, (0x30...0x39).contains(ppm[index]) {
                value = value * 10 + Int(ppm[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        guard fields.count == 3, fields[2] == 255, ppm.count >= index + 1 + fields[0] * fields[1] * 3 else { return nil }
        (width, height, bytes, start) = (fields[0], fields[1], ppm, index + 1)
    }

    /// The pixel at (x, y).
    subscript(x: Int, y: Int) -> Pixel {
        let at = start + (y * width + x) * 3
        return Pixel(red: Int(bytes[at]), green: Int(bytes[at + 1]), blue: Int(bytes[at + 2]))
    }

    /// How many pixels of the whole screen pass `test`.
    func count(_ test: (Pixel) -> Bool) -> Int {
        var total = 0
        for y in 0..<height {
            for x in 0..<width where test(self[x, y]) { total += 1 }
        }
        return total
    }

    /// The most pixels of `colour` in one column: the height of a full-width bar of that colour.
    func tallestColumn(of colour: UInt32) -> Int {
        (0..<width).map { x in (0..<height).count { self[x, $0].matches(colour) } }.max() ?? 0
    }
}
