/// The settings of copypasta's own picker window (copypasta(1) pick, docs/DESIGN.md §16).
public struct PickerSettings: Equatable, Sendable {
    /// Which picker `pick` opens when no launcher is named.
    public enum Kind: String, Sendable, CaseIterable {
        /// The window of `copypasta-picker`, when DISPLAY is set.
        case builtin
        /// rofi, dmenu or fzf, as before the window existed.
        case launcher
    }

    /// When the window closes after a copy.
    public enum Close: String, Sendable, CaseIterable {
        /// After the checkmark has shown for about 0.55 s.
        case afterFeedback = "after-feedback"
        /// At once, without the checkmark.
        case atOnce = "at-once"
        /// Never: the window stays open for the next copy.
        case stay
    }

    /// The colour scheme.
    public enum Theme: String, Sendable, CaseIterable {
        /// Dark background, light text.
        case dark
        /// Light background, dark text.
        case light
    }

    /// `picker`.
    public var kind = Kind.builtin
    /// `pick-close`.
    public var close = Close.afterFeedback
    /// `pick-join`: what joins the texts of a multi-selection merged into one entry.
    public var join = "\n"
    /// `pick-font`: a Pango font description without the size.
    public var font = "Sans"
    /// `pick-font-size`, in points.
    public var fontSize = 11
    /// `pick-theme`.
    public var theme = Theme.dark
    /// `pick-width`, in pixels at 96 dpi.
    public var width = 720
    /// `pick-rows`: the rows shown at once.
    public var rows = 12

    /// The defaults.
    public init() {}
}

extension ConfigKey {
    /// `picker`, `pick-close`, `pick-join`, `pick-font`, `pick-font-size`, `pick-theme`, `pick-width`
    /// and `pick-rows`, in documentation order.
    static let pickerKeys: [ConfigKey] = [
        .choice("picker", \.picker.kind),
        .choice("pick-close", \.picker.close),
        ConfigKey(
            name: "pick-join",
            apply: { config, value in
                guard let text = joinText(value) else { return "expected a quoted text such as \"\\n\"" }
                config.picker.join = text
                return nil
            },
            show: {
                let escaped = $0.picker.join.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
                return "\"" + escaped.replacing("\n", with: "\\n").replacing("\t", with: "\\t") + "\""
            }),
        ConfigKey(
            name: "pick-font",
            apply: { config, value in
                guard let font = ConfigValue.unquoted(value), !font.isEmpty else { return "expected a font family" }
                config.picker.font = font
                return nil
            }, show: { $0.picker.font }),
        .number("pick-font-size", 6...72, \.picker.fontSize),
        .choice("pick-theme", \.picker.theme),
        .number("pick-width", 300...4000, \.picker.width),
        .number("pick-rows", 3...50, \.picker.rows),
    ]

    /// `pick-join`'s value: a quoted text with `\n`, `\t`, `\"` and `\\` escapes, or a bare word.
    private static func joinText(_ value: String) -> String? {
        guard value.hasPrefix("\"") else { return value.isEmpty ? nil : value }
        guard value.count >= 2, value.hasSuffix("\"") else { return nil }
        var text = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return escaped ? nil : text
    }
}
