/// What a running daemon reports about itself to `copypasta status`.
///
/// On the socket it is the detail of the reply to `status`: `KEY=VALUE`
/// fields separated by spaces, in a fixed order. Values are percent-encoded
/// where they could hold a space, `=`, `%` or a control character, so a field
/// never splits. The decoder needs every field, parses each as its type, and
/// skips keys it does not know: a later daemon may add fields without a new
/// protocol version, and a missing or garbled field is an error, never a guess.
public struct DaemonStatus: Equatable, Sendable {
    /// The daemon's process id.
    public var pid: Int32
    /// The X display it watches, as Xlib names it.
    public var display: String
    /// Whole seconds since it started.
    public var uptimeSeconds: Int64
    /// The selections it captures.
    public var selections: [Config.Selection]
    /// The newest capture in its database; nil when there is none.
    public var lastCaptureAt: Timestamp?
    /// Whether it holds the desktop's clipboard-manager role. Sent only when true, so the
    /// field is optional on the wire: a missing one means no.
    public var clipboardManager: Bool
    /// The config file it loaded and that file's stamp then (`ConfigFile.stamp`); optional on the
    /// wire (older daemons do not send them).
    public var configFile: String?
    public var configStamp: String?
    /// The `pick-hotkey` key and what came of its grab (`grabbed`, `taken` by another client,
    /// `unknown-key`); optional on the wire, absent when no hotkey is configured.
    public var pickHotkey: String?
    public var pickHotkeyState: String?

    /// A status with every field given.
    public init(
        pid: Int32, display: String, uptimeSeconds: Int64, selections: [Config.Selection], lastCaptureAt: Timestamp?,
        clipboardManager: Bool = false, configFile: String? = nil, configStamp: String? = nil,
        pickHotkey: String? = nil, pickHotkeyState: String? = nil
    ) {
        self.pickHotkey = pickHotkey
        self.pickHotkeyState = pickHotkeyState
        self.configFile = configFile
        self.configStamp = configStamp
        self.pid = pid
        self.display = display
        self.uptimeSeconds = uptimeSeconds
        self.selections = selections
        self.lastCaptureAt = lastCaptureAt
        self.clipboardManager = clipboardManager
    }

    /// The fields in their wire order, values as shown to users (`lastCaptureAt` is `never` when nil).
    private var fields: [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = [
            ("pid", String(pid)), ("display", display), ("uptime", String(uptimeSeconds)),
            ("selections", selections.map(\.rawValue).joined(separator: ",")),
            ("lastCaptureAt", lastCaptureAt?.iso8601 ?? "never"),
        ]
        if clipboardManager { fields.append(("clipboardManager", "yes")) }
        if let configFile { fields.append(("configFile", configFile)) }
        if let configStamp { fields.append(("configStamp", configStamp)) }
        if let pickHotkey, let pickHotkeyState {
            fields.append(("pickHotkey", pickHotkey))
            fields.append(("pickHotkeyState", pickHotkeyState))
        }
        return fields
    }

    /// The reply detail, e.g. `pid=42 display=:0 uptime=7 selections=clipboard lastCaptureAt=never`.
    public var encoded: String {
        fields.map { "\($0.key)=\(Self.escape($0.value))" }.joined(separator: " ")
    }

    /// Parses a reply detail written by `encoded`; nil when a field is missing, repeated or not of its type.
    public init?(decoding detail: String) {
        var values: [String: String] = [:]
        for pair in detail.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let value = Self.unescape(parts[1]) else { return nil }
            guard values.updateValue(value, forKey: String(parts[0])) == nil else { return nil }
        }
        let selections =
            values["selections"].map { $0.split(separator: ",").map { Config.Selection(rawValue: String($0)) } } ?? []
        guard let pid = values["pid"].flatMap({ Int32($0) }), pid > 0,
            let display = values["display"],
            let uptime = values["uptime"].flatMap({ Int64($0) }), uptime >= 0,
            !selections.isEmpty, !selections.contains(nil),
            let last = values["lastCaptureAt"],
            [nil, "yes", "no"].contains(values["clipboardManager"])
        else { return nil }
        let lastCapture: Timestamp?
        if last == "never" {
            lastCapture = nil
        } else {
            guard let parsed = Timestamp.parseISO8601(last) else { return nil }
            lastCapture = parsed
        }
        self.init(
            pid: pid, display: display, uptimeSeconds: uptime, selections: selections.compactMap { $0 },
            lastCaptureAt: lastCapture,
            clipboardManager: values["clipboardManager"] == "yes", configFile: values["configFile"],
            configStamp: values["configStamp"], pickHotkey: values["pickHotkey"], pickHotkeyState: values["pickHotkeyState"])
    }

    /// Percent-encodes the bytes that would split a field: space, `=`, `%` and control characters.
    static func escape(_ value: String) -> String {
        var out: [UInt8] = []
        for byte in value.utf8 {
            if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "%") {
                out.append(UInt8(ascii: "%"))
                out.append(contentsOf: [byte >> 4, byte & 0xF].map { Array("0123456789ABCDEF".utf8)[Int($0)] })
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Undoes `escape`; nil for a malformed escape, an unescaped separator or invalid UTF-8.
    static func unescape(_ field: Substring) -> String? {
        var out: [UInt8] = []
        var bytes = field.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte > 0x20, byte != 0x7F, byte != UInt8(ascii: "=") else { return nil }
            guard byte == UInt8(ascii: "%") else {
                out.append(byte)
                continue
            }
            guard let high = bytes.next().flatMap(Sodium.nibble), let low = bytes.next().flatMap(Sodium.nibble) else {
                return nil
            }
            out.append(high << 4 | low)
        }
        return String(validating: out, as: UTF8.self)
    }
}
