import CopypastaCore
import Testing

/// The picker window's keys: `picker`, `pick-close`, `pick-join` and the looks.
struct PickerConfigTests {
    @Test func defaultsAndValues() throws {
        #expect(Config().picker == PickerSettings())
        let config = try Config.parse(
            """
            picker = launcher
            pick-close = stay
            pick-join = "\\n--\\n"
            pick-font = "DejaVu Sans Mono"
            pick-font-size = 14
            pick-theme = light
            pick-width = 900
            pick-rows = 20
            """, file: "c")
        #expect(config.picker.kind == .launcher)
        #expect(config.picker.close == .stay)
        #expect(config.picker.join == "\n--\n")
        #expect(config.picker.font == "DejaVu Sans Mono")
        #expect(config.picker.fontSize == 14)
        #expect(config.picker.theme == .light)
        #expect(config.picker.width == 900)
        #expect(config.picker.rows == 20)
        #expect(config.rendered().contains("pick-join = \"\\n--\\n\""))
    }

    @Test(arguments: ["picker = rofi", "pick-close = later", "pick-rows = 2", "pick-width = wide", "pick-theme = blue"])
    func badValuesNameTheKey(line: String) {
        #expect(throws: CoreError.self) { try Config.parse(line, file: "c") }
    }
}
