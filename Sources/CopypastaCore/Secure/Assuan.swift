/// The few lines of the Assuan protocol a pinentry speaks (GnuPG's pinentry documentation).
///
/// The client sends commands (`SETDESC text`, `SETPROMPT text`, `GETPIN`, `BYE`); the pinentry
/// answers each with `OK`, or `ERR code text`, after any `D data` lines and `#` comments. In
/// command arguments and data, `%`, CR and LF are written as `%25`, `%0D` and `%0A`.
public enum Assuan {
    /// What one line from the pinentry says.
    public enum Line: Equatable, Sendable {
        /// The command succeeded (the greeting is an `OK` too).
        case ok
        /// The command failed; 83886179 is "Operation cancelled" (the user closed the dialog).
        case error(code: Int, message: String)
        /// Data of the answer (the passphrase), already decoded.
        case data([UInt8])
        /// A status line (`S PIN_REPEATED`: the dialog asked twice and both matched), its keyword and arguments.
        case status(String)
        /// A comment, a status line or anything else to skip.
        case other
    }

    /// The error code gpg-error uses for a dialog the user cancelled.
    public static let cancelled = 83_886_179

    /// Parses one line without its newline.
    public static func parse(_ line: [UInt8]) -> Line {
        if line == Array("OK".utf8) || line.starts(with: Array("OK ".utf8)) { return .ok }
        if line.starts(with: Array("D ".utf8)) { return .data(decode(line.dropFirst(2))) }
        if line.starts(with: Array("S ".utf8)) { return .status(String(decoding: line.dropFirst(2), as: UTF8.self)) }
        if line.starts(with: Array("ERR ".utf8)) {
            let rest = String(decoding: line.dropFirst(4), as: UTF8.self)
            let code = rest.prefix { $0 != " " }
            return .error(code: Int(code) ?? 0, message: String(rest.dropFirst(code.count + 1)))
        }
        return .other
    }

    /// `text` as a command argument: `%`, CR and LF escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Percent-decodes data bytes; a malformed escape is kept as it is.
    public static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                out.append(value)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }
}
