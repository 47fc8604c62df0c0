import CopypastaCore
import Testing

/// Inputs the fuzzer (`make fuzz`, target `search`) found, fed to the parser it found them in.
@Suite struct SearchQueryFuzzTests {
    /// Whether `expression` is FTS5 strings (inner quotes doubled), each maybe followed by `*`,
    /// separated by single spaces: the only shape `matchExpression` may have.
    static func isQuotedTerms(_ expression: String) -> Bool {
        var scalars = Array(expression.unicodeScalars)[...]
        while let first = scalars.popFirst() {
            guard first == "\"" else { return false }
            var closed = false
            while let scalar = scalars.popFirst() {
                guard scalar == "\"" else { continue }
                if scalars.first == "\"" {
                    scalars.removeFirst()
                } else {
                    closed = true
                    break
                }
            }
            guard closed else { return false }
            if scalars.first == "*" { scalars.removeFirst() }
            guard scalars.isEmpty || scalars.popFirst() == " " else { return false }
        }
        return true
    }

    /// A double quote followed by a combining mark is one Character, so quoting compared
    /// Characters with `"` and left that quote single: SQLite then read an unterminated string
    /// (or the rest of the query as FTS5 syntax). Every quote scalar is doubled now.
    @Test(arguments: [
        Array("a\"\u{301}b".utf8),
        Array("\"x\"\u{59E} OR y".utf8),
        // The fuzzer's input as it found it.
        [
            0x2F, 0xF3, 0x70, 0x70, 0x22, 0x22, 0x22, 0xFD, 0x00, 0x00, 0x00, 0x23, 0x22, 0x22, 0xD6, 0x9E, 0xDF, 0x91, 0x70,
            0xA3, 0x22, 0x65, 0x70, 0x70,
        ],
    ])
    func aQuoteWithACombiningMarkIsStillDoubled(input: [UInt8]) throws {
        let query = try SearchQuery.parse(String(decoding: input, as: UTF8.self))
        let expression = try #require(query.matchExpression)
        #expect(Self.isQuotedTerms(expression), "\(expression.debugDescription)")
    }
}
