import CopypastaCore
import Testing

@Suite struct PreviewTests {
    @Test func newlinesAndTabsAreShownAsSymbols() {
        #expect(Preview.line("a\nb\tc\r\nd", columns: 100) == "a⏎b⇥c⏎d")
    }

    @Test func controlCharactersBecomeSpaces() {
        #expect(Preview.line("a\u{1B}[31mb\u{0}", columns: 100) == "a [31mb ")
    }

    @Test func cutToWidthEndsWithEllipsis() {
        #expect(Preview.line("abcdefghij", columns: 5) == "abcd…")
        #expect(Preview.line("abcde", columns: 5) == "abcde")
        // A wide character that would leave no room for the ellipsis goes too.
        #expect(Preview.line("ab日本", columns: 4) == "ab…")
        #expect(Preview.line("ab日", columns: 4) == "ab日")
        #expect(Preview.line("a\nb\tcdef", columns: 4) == "a⏎b…")
    }

    @Test func appendingALineCutsOnlyWhatItAppended() {
        var bytes = Array("12\t".utf8)
        Preview.appendLine("abcdefghij", columns: 5, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "12\tabcd…")
        bytes = Array("7\t".utf8)
        Preview.appendLine("a\r\nb日本", columns: 4, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "7\ta⏎b…")
        Preview.appendLine("x", columns: 0, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "7\ta⏎b…")
    }

    @Test func wideCharactersCountTwoColumns() {
        let line = Preview.line("日本語テキスト", columns: 7)
        #expect(DisplayWidth.columns(of: line) <= 7)
        #expect(line == "日本語…")
        #expect(DisplayWidth.columns(of: "😀") == 2)
    }

    @Test func combiningCharactersTakeNoExtraColumn() {
        let text = "e\u{301}e\u{301}e\u{301}"
        #expect(DisplayWidth.columns(of: text) == 3)
        #expect(Preview.line(text, columns: 3) == text)
    }

    @Test(arguments: [1, 2, 3])
    func narrowWidthsNeverOverflow(columns: Int) {
        let line = Preview.line("😀😀😀 wide", columns: columns)
        #expect(DisplayWidth.columns(of: line) <= columns)
    }

    @Test func shortPreviewIsAtMostEightyCharacters() {
        let short = Preview.short(String(repeating: "x", count: 200))
        #expect(short.count == 80)
        #expect(short.hasSuffix("…"))
        #expect(Preview.short("one\ntwo") == "one⏎two")
    }

    @Test func storedPrefixIsBounded() {
        #expect(Preview.storedPrefix(of: String(repeating: "é", count: 5000)).count == Preview.storedCharacters)
    }
}
