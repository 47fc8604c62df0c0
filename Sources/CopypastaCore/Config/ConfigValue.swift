/// Parsers for the value forms of the configuration file and of a few options.
///
/// Shared by the config parser and the search filters so that `yes`, `1s`
/// and `16M` mean the same everywhere.
public enum ConfigValue {
    /// `true/false`, `yes/no`, `on/off`, `1/0`, case-insensitive.
    public static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "1": true
        case "false", "no", "off", "0": false
        default: nil
        }
    }

    /// A duration in milliseconds: `500ms`, `1s`, `1.5s`, `2m`; a bare number is seconds.
    public static func milliseconds(_ text: String) -> Int? {
        let lower = text.lowercased()
        let units: [(String, Double)] = [("ms", 1), ("s", 1000), ("m", 60_000)]
        for (suffix, scale) in units where lower.hasSuffix(suffix) {
            return number(String(lower.dropLast(suffix.count))).flatMap { whole($0 * scale) }
        }
        return number(lower).flatMap { whole($0 * 1000) }
    }

    /// A size in bytes: `4096`, `64K`, `16M`, `1G` (powers of 1024; `KiB`, `MB` and the like accepted).
    public static func bytes(_ text: String) -> Int? {
        var lower = text.lowercased()
        for suffix in ["ib", "b"] where lower.hasSuffix(suffix) {
            lower.removeLast(suffix.count)
            break
        }
        let scales: [Character: Double] = ["k": 1024, "m": 1024 * 1024, "g": 1024 * 1024 * 1024]
        if let last = lower.last, let scale = scales[last] {
            return number(String(lower.dropLast())).flatMap { whole($0 * scale) }
        }
        guard let value = Int(lower.trimmingSpaces()), value >= 0 else { return nil }
        return value
    }

    /// Splits a comma-separated list; items may be double-quoted (with `\"` and `\\` escapes)
    /// so that they can hold commas. Returns nil for an unterminated quote.
    public static func list(_ text: String) -> [String]? {
        var items: [String] = []
        var current = ""
        var quoted = false, wasQuoted = false, escaped = false
        for character in text {
            if quoted {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
            } else if character == "\"" && current.trimmingSpaces().isEmpty {
                quoted = true
                wasQuoted = true
                current = ""
            } else if character == "," {
                items.append(wasQuoted ? current : current.trimmingSpaces())
                current = ""
                wasQuoted = false
            } else if !(wasQuoted && character == " ") {
                current.append(character)
            }
        }
        guard !quoted else { return nil }
        let last = wasQuoted ? current : current.trimmingSpaces()
        if !last.isEmpty || wasQuoted || !items.isEmpty { items.append(last) }
        return items
    }

    /// Removes one pair of surrounding double quotes, undoing `\"` and `\\`; nil for a bad quote.
    public static func unquoted(_ text: String) -> String? {
        guard text.hasPrefix("\"") else { return text }
        guard text.count >= 2, text.hasSuffix("\""), let items = list(text), items.count == 1 else { return nil }
        return items[0]
    }

    /// `value` rounded to an Int, or nil when it is not finite or too large for one to be exact:
    /// `1e300s` is then an out-of-range value, never a trapping conversion.
    private static func whole(_ value: Double) -> Int? {
        let rounded = value.rounded()
        guard rounded.isFinite, rounded >= 0, rounded < 0x1p53 else { return nil }
        return Int(rounded)
    }

    private static func number(_ text: String) -> Double? {
        guard let value = Double(text.trimmingSpaces()), value.isFinite, value >= 0 else { return nil }
        return value
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space.
    public func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
