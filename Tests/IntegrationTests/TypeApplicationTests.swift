import TestSupport
import Testing

/// `copypasta type` into the text fields of real applications (Tests/Toolkits/type_target.py): keys are sent
/// without a round trip each, so nothing may be dropped or reordered by a client that lags behind.
@Suite(.serialized) struct TypeApplicationTests {
    /// 600 printable ASCII characters, every other one shifted on a US layout.
    static let ascii = String(String.UnicodeScalarView((0..<600).compactMap { Unicode.Scalar(UInt32(33 + ($0 * 7) % 94)) }))
    /// 40 distinct CJK characters, then three the layout lacks ten times: more than the spare keycodes hold.
    static let rare =
        String(String.UnicodeScalarView((0x4E00..<0x4E28).compactMap { Unicode.Scalar(UInt32($0)) }))
        + String(repeating: "€😀ж", count: 10)

    @Test(arguments: ["gtk3", "qt5", "firefox", "chromium", "xterm"])
    func theWholeTextArrivesInOrder(kind: String) throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let (_, output) = try desktop.startTypeTarget(kind)
        #expect(try desktop.cli.run("add", Self.ascii).status == 0)
        #expect(try desktop.cli.run("add", Self.rare).status == 0)
        var expected = ""
        for (id, delay) in [("1", nil), ("1", "0"), ("2", nil), ("2", "0")] {
            let typed = try desktop.cli.run(["type", id] + (delay.map { ["--delay", $0] } ?? []))
            #expect(typed.status == 0, "\(typed.stderr)")
            expected += id == "1" ? Self.ascii : Self.rare
            #expect(
                desktop.waitForFile(output, expected, seconds: 60),
                "\(kind), entry \(id), delay \(delay ?? "default"): \(String(decoding: desktop.sandbox.read(output) ?? [], as: UTF8.self))"
            )
        }
    }

    /// Issue 18: after `setxkbmap de` or `fr` while Firefox runs, the whole text arrives (it stopped early in 2 of
    /// 14 runs), characters of the new layout and bound ones alike.
    @Test(arguments: ["de", "fr"])
    func firefoxGetsTheWholeTextAfterALayoutSwitch(layout: String) throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let (_, output) = try desktop.startTypeTarget("firefox")
        #expect(try desktop.tool(["setxkbmap", "-layout", layout]) == 0)
        let text = "Hello, World! 0123 ~`!@#$%^&*()_+-=[]{}|\\;:'\",.<>/? àéîõü ß ç ñ € Привет 中文 😀 "
        #expect(try desktop.cli.run("add", text).status == 0)
        var expected = ""
        for round in 0..<7 {
            let typed = try desktop.cli.run("type", "1")
            #expect(typed.status == 0, "round \(round): \(typed.stderr)")
            expected += text
            #expect(
                desktop.waitForFile(output, expected, seconds: 60),
                "round \(round): \(String(decoding: desktop.sandbox.read(output) ?? [], as: UTF8.self))")
        }
    }
}
