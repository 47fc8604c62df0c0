/// What `copypasta type` sends for a text: one step per Unicode scalar.
///
/// Printable characters are typed as themselves (the X layer finds them on
/// the current layout or binds a spare keycode); `\n` is Return and `\t` is
/// Tab. Other control characters would reach the application as editing
/// keys or nothing at all, so they are refused unless the caller asked for
/// raw typing, where the few with a key of their own (`\r`, backspace,
/// escape, delete) are sent as that key and the rest are skipped.
public enum TypeStep: Equatable, Sendable {
    /// A printable character.
    case character(Unicode.Scalar)
    /// A named key without a character: `Return`, `Tab`, `BackSpace`, `Escape`, `Delete`.
    case key(String)
}

/// Turns a text into the steps `type` sends, enforcing the control-character and length rules.
public enum TypePlan {
    /// The steps for `text`; a control character other than `\n` and `\t` is a data error unless `raw`,
    /// and a text of more than `maxCharacters` characters is a data error that suggests `paste`.
    public static func steps(_ text: String, raw: Bool, maxCharacters: Int) -> Result<[TypeStep], CoreError> {
        let count = text.count
        guard count <= maxCharacters else {
            return .failure(
                .data("the text has \(count) characters, more than type-max-chars (\(maxCharacters)); use paste instead"))
        }
        var steps: [TypeStep] = []
        steps.reserveCapacity(text.unicodeScalars.count)
        var offset = 0
        for scalar in text.unicodeScalars {
            offset += 1
            switch scalar {
            case "\n": steps.append(.key("Return"))
            case "\t": steps.append(.key("Tab"))
            case _ where isControl(scalar):
                guard raw else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                    return .failure(
                        .data("the text holds the control character \(code) at character \(offset); pass --raw to type it anyway")
                    )
                }
                if let key = rawKeys[scalar] { steps.append(.key(key)) }
            default: steps.append(.character(scalar))
            }
        }
        return .success(steps)
    }

    /// The control characters `--raw` sends as a key of their own.
    private static let rawKeys: [Unicode.Scalar: String] = [
        "\r": "Return", "\u{08}": "BackSpace", "\u{1B}": "Escape", "\u{7F}": "Delete",
    ]

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
