/// Splits the bytes of a config file into checked lines of text.
///
/// Files written on Windows end lines in CRLF and often start with a UTF-8
/// byte order mark; both are accepted. Everything else that is not plain
/// text (invalid UTF-8, NUL, a carriage return inside a line, other control
/// characters) is an error naming the line: a silently misread line could
/// drop a setting such as `ignore-apps` and store a password manager's copies.
/// A carriage return is a line end only before a line feed, and only when every
/// line of the file ends so: a CR at the end of the file or in a file of LF lines
/// is stray, an error like any other control character.
enum ConfigLines {
    /// The lines of `bytes`, numbered from 1, as text; throws for the first line that is not clean text.
    static func split(_ bytes: [UInt8], file: String) throws(CoreError) -> [(number: Int, text: String)] {
        var lines: [(number: Int, text: String)] = []
        let pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let ended = pieces.dropLast()
        let crlf = !ended.isEmpty && ended.allSatisfy { $0.last == 0x0D }
        for (index, var raw) in pieces.enumerated() {
            let number = index + 1
            if number == 1, raw.starts(with: [0xEF, 0xBB, 0xBF]) { raw = raw.dropFirst(3) }
            if crlf, number < pieces.count { raw = raw.dropLast() }
            lines.append((number, try text(of: raw, file: file, line: number)))
        }
        return lines
    }

    /// One line as text, refusing invalid UTF-8 and control characters other than tab.
    private static func text(of raw: ArraySlice<UInt8>, file: String, line: Int) throws(CoreError) -> String {
        guard let text = String(validating: raw, as: UTF8.self) else {
            let valid = validPrefixLength(raw)
            let byte = raw[raw.startIndex + valid]
            throw .config(
                file: file, line: line,
                message:
                    "not UTF-8 text: byte 0x\(String(byte, radix: 16, uppercase: true)) at column \(valid + 1); save the file as UTF-8"
            )
        }
        var column = 0
        for scalar in text.unicodeScalars {
            column += 1
            guard scalar == "\t" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) else {
                let what = scalar == "\r" ? "a carriage return" : "the control character"
                throw .config(
                    file: file, line: line,
                    message: "\(what) \(Visible.spelled(scalar)) at column \(column) cannot be part of a setting; remove it")
            }
        }
        return text
    }

    /// How many leading bytes of `raw` are whole, valid UTF-8 characters.
    private static func validPrefixLength(_ raw: ArraySlice<UInt8>) -> Int {
        var iterator = raw.makeIterator()
        var decoder = UTF8()
        var length = 0
        while case let .scalarValue(scalar) = decoder.decode(&iterator) {
            length += UTF8.width(scalar)
        }
        return min(length, raw.count - 1)
    }
}
