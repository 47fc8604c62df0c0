/// Quoting user-supplied values in error messages so that they can be read.
///
/// A bad value may be a megabyte long or hold characters a terminal does not
/// show (a byte order mark, a carriage return, an escape sequence that would
/// even act on the terminal). Messages quote at most `limit` characters and
/// spell every such character out: `\n`, `\r`, `\t`, `\x1B`, `<U+FEFF>`.
public enum Visible {
    /// How many characters of a value a message quotes before cutting it with `…`.
    public static let limit = 80

    /// `value` between single quotes, cut to `limit` characters, invisible characters spelled out.
    public static func quoted(_ value: some StringProtocol, limit: Int = limit) -> String {
        var out = "'"
        var count = 0
        for scalar in value.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            out += spelled(scalar)
            count += 1
        }
        return out + "'"
    }

    /// A whole message from elsewhere (the argument parser) that may hold a user's value:
    /// invisible characters spelled out, cut to `limit` × 3 characters.
    public static func message(_ text: String, limit: Int = limit) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit * 3 { return out + "…" }
            out += scalar.value < 0x20 || scalar.value == 0x7F || isInvisible(scalar) ? spelled(scalar) : String(scalar)
            count += 1
        }
        return out
    }

    /// One scalar as it appears in a message: itself when it is visible, else an escape.
    public static func spelled(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\0": return "\\0"
        case "'": return "\\'"
        case "\\": return "\\\\"
        default: break
        }
        if scalar.value < 0x20 || scalar.value == 0x7F {
            return "\\x" + hex(scalar.value, digits: 2)
        }
        if isInvisible(scalar) { return "<U+" + hex(scalar.value, digits: 4) + ">" }
        return String(scalar)
    }

    /// Whether a terminal would show nothing, or nothing recognisable, for `scalar`:
    /// C1 controls, format characters (BOM, zero-width space and joiners,
    /// direction marks), separators other than the plain space, unassigned
    /// and private-use code points.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate: true
        case .spaceSeparator: scalar != " "
        default: false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
