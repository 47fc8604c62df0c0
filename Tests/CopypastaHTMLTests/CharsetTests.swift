import CopypastaHTML
import Testing

/// Finding a page's encoding (byte order mark, Content-Type, `<meta>` prescan, default) and
/// decoding it to UTF-8.
@Suite struct CharsetTests {
    /// A page of `body` bytes inside an ASCII head that may declare a charset.
    private func page(head: String, body: [UInt8]) -> [UInt8] {
        Array("<!DOCTYPE html><html><head>\(head)<title>t</title></head><body><p>".utf8) + body
            + Array("</p></body></html>".utf8)
    }

    /// The text of the page's `<p>`.
    private func paragraph(_ page: HTMLPage) -> String {
        page.tree.elements(named: "p").first.map { page.tree.textContent(of: $0) } ?? ""
    }

    private let russian: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x2C, 0x20, 0xEC, 0xE8, 0xF0]
    private let japanese: [UInt8] = [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0x82, 0xCC, 0x83, 0x79, 0x81, 0x5B, 0x83, 0x57]

    @Test func windows1251FromMetaCharsetDecodes() {
        let html = HTMLPage(
            bytes: page(head: "<meta charset=\"windows-1251\">", body: russian), contentType: nil, baseURL: "https://ru.example/")
        #expect(html.charset == "windows-1251")
        #expect(paragraph(html) == "Привет, мир")
        #expect(html.archived(replacing: [:]).contains("<p>Привет, мир</p>"))
    }

    @Test func shiftJISFromHTTPEquivDecodes() {
        let head = "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">"
        let html = HTMLPage(bytes: page(head: head, body: japanese), contentType: "text/html", baseURL: "https://jp.example/")
        #expect(html.charset == "shift_jis")
        #expect(paragraph(html) == "日本語のページ")
        let archived = html.archived(replacing: [:])
        #expect(archived.contains("日本語のページ"))
        #expect(archived.contains("<meta charset=\"utf-8\">"))
        #expect(!archived.lowercased().contains("shift_jis"))
    }

    @Test func contentTypeHeaderWinsOverMeta() {
        let html = HTMLPage(
            bytes: page(head: "<meta charset=\"iso-8859-2\">", body: russian), contentType: "text/html; charset=\"cp1251\"",
            baseURL: "https://ru.example/")
        #expect(html.charset == "windows-1251")
        #expect(paragraph(html) == "Привет, мир")
    }

    @Test func byteOrderMarkWinsOverEverything() {
        let bytes = [0xEF, 0xBB, 0xBF] + page(head: "<meta charset=\"windows-1251\">", body: Array("é".utf8))
        let html = HTMLPage(bytes: bytes, contentType: "text/html; charset=koi8-r", baseURL: "https://x.example/")
        #expect(html.charset == "utf-8")
        #expect(paragraph(html) == "é")
    }

    @Test func utf16LittleEndianWithByteOrderMark() {
        let text = "<html><body><p>Grüße 日本</p></body></html>"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let html = HTMLPage(bytes: bytes, contentType: nil, baseURL: "https://x.example/")
        #expect(paragraph(html) == "Grüße 日本")
    }

    @Test func undeclaredPageIsWindows1252() {
        let html = HTMLPage(
            bytes: page(head: "", body: [0x63, 0x61, 0x66, 0xE9, 0x20, 0x93, 0x71, 0x94]), contentType: nil,
            baseURL: "https://x.example/")
        #expect(html.charset == "windows-1252")
        #expect(paragraph(html) == "café \u{201C}q\u{201D}")
    }

    @Test(arguments: [
        ("sjis", "shift_jis"), ("cp1251", "windows-1251"), ("KOI8-R", "koi8-r"), ("latin1", "windows-1252"),
        ("gb2312", "gb18030"), ("GBK", "gb18030"), ("x-euc-jp", "euc-jp"), ("ks_c_5601-1987", "euc-kr"),
        ("iso8859-2", "iso-8859-2"), ("ISO_8859-15", "iso-8859-15"), ("utf8", "utf-8"), ("utf-16", "utf-16le"),
        ("UTF-16BE", "utf-16be"), (" windows-1250 ", "windows-1250"),
    ])
    func labelsNormalise(label: String, name: String) {
        #expect(PageCharset.canonicalName(label) == name)
    }

    @Test func unknownLabelIsSkipped() {
        let bytes = page(head: "<meta charset=\"x-klingon\">", body: [0xE9])
        let html = HTMLPage(bytes: bytes, contentType: "text/html; charset=bogus", baseURL: "https://x.example/")
        #expect(html.charset == "windows-1252")
        #expect(paragraph(html) == "é")
    }

    @Test(arguments: [
        ("koi8-r", [0xB3, 0xD6, 0xC9, 0xCB] as [UInt8], "Ёжик"),
        ("gb2312", [0xD6, 0xD0, 0xCE, 0xC4, 0xCD, 0xF8, 0xD2, 0xB3], "中文网页"),
        ("euc-kr", [0xC7, 0xD1, 0xB1, 0xB9, 0xBE, 0xEE], "한국어"),
        ("shift_jis", [0x81, 0x60, 0x87, 0x40], "～①"),
    ])
    func legacyEncodingsDecode(label: String, bytes: [UInt8], text: String) {
        let decoded = PageCharset.decode(bytes, contentType: "text/html; charset=\(label)")
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }

    @Test func invalidBytesBecomeReplacementCharacters() {
        let decoded = PageCharset.decode([0x41, 0x82, 0x42, 0x83], contentType: "text/html; charset=shift_jis")
        let text = String(decoding: decoded.utf8, as: UTF8.self)
        #expect(text.hasPrefix("A"))
        #expect(text.contains("\u{FFFD}"))
        let utf8 = PageCharset.decode([0x41, 0xFF, 0x42], contentType: "text/html; charset=utf-8")
        #expect(String(decoding: utf8.utf8, as: UTF8.self) == "A\u{FFFD}B")
    }

    @Test func prescanSkipsCommentsAndOtherTagsAttributes() {
        let head = "<!-- <meta charset=\"koi8-r\"> --><div title='<meta charset=iso-8859-5>'></div><meta charset=windows-1251>"
        let sniffed = PageCharset.sniff(Array(head.utf8), contentType: nil)
        #expect(sniffed.charset == "windows-1251")
    }

    @Test func prescanIgnoresContentWithoutHTTPEquiv() {
        let head = "<meta content=\"text/html; charset=koi8-r\"><meta content='x' http-equiv='refresh'>"
        #expect(PageCharset.sniff(Array(head.utf8), contentType: nil).charset == "windows-1252")
    }

    @Test func prescanLooksAtTheFirst1024BytesOnly() {
        let head = String(repeating: " ", count: 1100) + "<meta charset=koi8-r>"
        #expect(PageCharset.sniff(Array(head.utf8), contentType: nil).charset == "windows-1252")
    }

    @Test func metaDeclaringUTF16MeansUTF8() {
        let bytes = page(head: "<meta charset=utf-16>", body: Array("ü".utf8))
        let html = HTMLPage(bytes: bytes, contentType: nil, baseURL: "https://x.example/")
        #expect(html.charset == "utf-8")
        #expect(paragraph(html) == "ü")
    }
}
