import CopypastaCore
import Testing

/// JSON string escaping: correct at every offset and across the slices and chunks of a large text.
@Suite struct JSONLinesTests {
    @Test func jsonEscapingMatchesTheDecoderForEveryAwkwardCharacter() throws {
        let text = "\u{0}\u{1F}\"\\/\n\r\t\u{7F}\u{2028}\u{2029}é😀\u{FEFF}" + String(repeating: "a\u{2028}", count: 3)
        var line: [UInt8] = []
        JSONLines.appendString(text, to: &line)
        let json = String(decoding: line, as: UTF8.self)
        #expect(json.contains(#"\u2028"#) && json.contains(#"\u2029"#) && json.contains(#"\u0000"#))
        let record = try JSONLines.decode(Array(#"{"text":\#(json)}"#.utf8), lineNumber: 1)
        #expect(record.text == text)
    }

    @Test func jsonEscapingFindsSpecialCharactersAtEveryOffset() throws {
        for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{2028}", "\u{2029}", "€", "\u{7F}", "é"] {
            for offset in 0..<20 {
                let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 19 - offset)
                var line: [UInt8] = []
                JSONLines.appendString(text, to: &line)
                let record = try JSONLines.decode(Array(#"{"text":"#.utf8) + line + [0x7D], lineNumber: 1)
                #expect(record.text == text)
                #expect(
                    line.count == text.utf8.count + 2 + (special == "€" || special == "é" || special == "\u{7F}" ? 0 : 1)
                        + (special.unicodeScalars.first.map { $0.value < 0x20 && special != "\n" ? 4 : 0 } ?? 0)
                        + (special == "\u{2028}" || special == "\u{2029}" ? 2 : 0))
            }
        }
    }

    @Test func largeTextsAreEscapedAcrossSlicesAndFlushedInChunks() throws {
        let text = String(repeating: "a", count: (256 << 10) - 1) + "\u{2028}\"é" + String(repeating: "x\n", count: 200_000)
        let entry = Entry(
            id: 1, text: text, previewSource: "", capturedAt: Timestamp(microseconds: 0), source: .manual, sourceApp: nil,
            bytes: text.utf8.count, pinned: false, tags: [], useCount: 0, lastUsedAt: nil)
        var whole: [UInt8] = []
        JSONLines.appendLine(entry, to: &whole)
        var streamed: [UInt8] = [], line: [UInt8] = []
        var flushes = 0
        JSONLines.appendLine(entry, to: &line, flushAt: 4096) { chunk in
            streamed += chunk
            chunk.removeAll()
            flushes += 1
        }
        streamed += line
        #expect(streamed == whole)
        #expect(flushes > 1)
        #expect(try JSONLines.decode(whole.dropLast(), lineNumber: 1).text == text)
    }
}
