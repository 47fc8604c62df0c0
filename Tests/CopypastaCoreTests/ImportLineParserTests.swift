import Testing

@testable import CopypastaCore

/// The import's hand-written line parser reads what JSONDecoder read, the same way, and refuses
/// malformed JSON (the `importline` fuzz target checks the first part on any input).
@Suite struct ImportLineParserTests {
    func parse(_ line: String) -> ImportRecord? { ImportLineParser.record(from: Array(line.utf8)) }
    func parse(bytes: [UInt8]) -> ImportRecord? { ImportLineParser.record(from: bytes) }

    @Test func everyFieldIsReadWithItsType() {
        let line = #"""
             { "id" : 4, "text" : "a\"b\\c\/\b\f\n\r\t\u00e9\ud83d\ude00", "capturedAt":"2026-01-02T03:04:05Z", "source":"manual",
            "sourceApp":null, "pinned":true, "tags":["x", "y"], "useCount":3, "lastUsedAt":null, "title":"t",
            "preview":{"a":[1,-2.5e3,true,false,null,{}],"b":[]}, "sync":"local" }
            """#
        let record = parse(line.split(separator: "\n").joined())
        #expect(
            record
                == ImportRecord(
                    text: "a\"b\\c/\u{8}\u{C}\n\r\té😀", capturedAt: "2026-01-02T03:04:05Z", source: "manual", sourceApp: nil,
                    pinned: true, tags: ["x", "y"], useCount: 3, lastUsedAt: nil, title: "t"))
    }

    /// What JSONDecoder did with the same lines (measured against it): the first of repeated
    /// fields counts; a count is any number that is a whole `Int`.
    @Test func repeatedFieldsAndNumbersReadAsJSONDecoderReadThem() {
        #expect(parse(#"{"text":"a","text":"b"}"#)?.text == "a")
        #expect(parse(#"{"text":"a","pinned":true,"pinned":false}"#)?.pinned == true)
        let counts: [(String, Int?)] = [
            ("1.0", 1), ("1e2", 100), ("1E1", 10), ("-0", 0), ("-0.0", 0), ("-1", -1), ("1.0000000000000001", 1),
            ("9223372036854775807", .max), ("-9223372036854775808", .min), ("9007199254740993", 9_007_199_254_740_993),
            ("null", nil),
        ]
        for (number, value) in counts {
            #expect(parse(#"{"text":"a","useCount":\#(number)}"#)?.useCount == value, "\(number)")
        }
        for number in ["1.5", "9223372036854775808", "9223372036854775807.0", "1e400", "01", "-", "1.", "1e", "+1", #""1""#] {
            #expect(parse(#"{"text":"a","useCount":\#(number)}"#) == nil, "\(number)")
        }
    }

    /// Lines JSONDecoder refused too.
    @Test func malformedLinesAreRefused() {
        let lines = [
            "", "[]", #"[{"text":"a"}]"#, "{}", #"{"text":null}"#, #"{"text":1}"#, #"{"text":"a"}x"#, #"{"text":"a",,"b":1}"#,
            #"{"text":"a" "b":1}"#, #"{"text":"a","pinned":1}"#, #"{"text":"a","pinned":True}"#,
            #"{"text":"a","tags":["x",null]}"#,
            #"{"text":"a","tags":"x"}"#, #"{"text":"\ud83d"}"#, #"{"text":"\ude00"}"#, #"{"text":"\ud83dx"}"#,
            #"{"text":"\u12"}"#,
            #"{"text":"\x"}"#, "{\"text\":\"a\tb\"}", "{\"text\":\"a\"}\u{0C}", #"{"text":"a","x":tru}"#, #"{"text":"a","x":.5}"#,
            #"{"text":"a""#, #"{"text""#, "{",
        ]
        for line in lines { #expect(parse(line) == nil, "\(line)") }
        #expect(parse(bytes: Array(#"{"text":"a"#.utf8) + [0xFF] + Array(#""}"#.utf8)) == nil)
        #expect(parse(bytes: Array(#"{"text":"a","tags":[""#.utf8) + [0xC3] + Array(#""]}"#.utf8)) == nil)
        #expect(parse(bytes: Array(#"{"text":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8)) == nil)
    }

    /// Strict where JSONDecoder skipped a field without looking: trailing commas, malformed
    /// numbers and escapes, control characters and invalid UTF-8 in fields copypasta does not read.
    @Test func malformedFieldsThatAreNotReadAreRefusedToo() {
        let lines = [
            #"{"text":"a",}"#, #"{"text":"a","x":[1,]}"#, #"{"text":"a","x":{"a":1,}}"#, #"{"text":"a","x":01}"#,
            #"{"text":"a","x":-}"#, #"{"text":"a","x":1.}"#, #"{"text":"a","x":"\u00zz"}"#, #"{"text":"a","x":"\ud800"}"#,
            #"{"text":"a","x":"\x"}"#, "{\"text\":\"a\",\"x\":\"\u{1}\"}",
        ]
        for line in lines { #expect(parse(line) == nil, "\(line)") }
        #expect(parse(bytes: Array(#"{"text":"a","x":""#.utf8) + [0xC3] + Array(#""}"#.utf8)) == nil)
        let deep = #"{"text":"a","x":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        #expect(parse(deep) == nil)
        let nested = #"{"text":"a","x":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}"
        #expect(parse(nested)?.text == "a")
    }

    /// A text with escapes across a long line reads whole, and one without reads straight from the
    /// line's bytes.
    @Test func longTextsReadWhole() {
        let plain = String(repeating: "word ", count: 100_000)
        #expect(parse(#"{"text":"\#(plain)"}"#)?.text == plain)
        let escaped = String(repeating: #"a\n\"\u00e9"#, count: 50_000)
        #expect(parse(#"{"text":"\#(escaped)"}"#)?.text == String(repeating: "a\n\"é", count: 50_000))
    }
}
