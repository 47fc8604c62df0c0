/// A key with modifiers, such as `ctrl+shift+v`, as written in `paste-keys`.
///
/// The key is an X keysym name (`v`, `Insert`, `y`); the X layer turns it
/// into a keycode of the current layout, so this type stays free of X.
public struct Keystroke: Equatable, Sendable, CustomStringConvertible {
    /// A modifier held while the key is pressed.
    public enum Modifier: String, Sendable, CaseIterable {
        /// Control.
        case control = "ctrl"
        /// Shift.
        case shift
        /// Alt (Mod1).
        case alt
        /// Super (Mod4).
        case superKey = "super"
    }

    /// The modifiers, in the order they are pressed.
    public var modifiers: [Modifier]
    /// The keysym name of the key.
    public var key: String

    /// A keystroke of `key` with `modifiers`.
    public init(modifiers: [Modifier], key: String) {
        self.modifiers = modifiers
        self.key = key
    }

    /// Parses `ctrl+shift+v`; modifier names are case-insensitive (`control` and `mod4` too).
    public static func parse(_ text: some StringProtocol) -> Keystroke? {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
        guard let key = parts.last, !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else {
            return nil
        }
        var modifiers: [Modifier] = []
        for name in parts.dropLast() {
            let modifier: Modifier? =
                switch name.lowercased() {
                case "ctrl", "control": .control
                case "shift": .shift
                case "alt", "mod1": .alt
                case "super", "mod4", "win": .superKey
                default: nil
                }
            guard let modifier, !modifiers.contains(modifier) else { return nil }
            modifiers.append(modifier)
        }
        return Keystroke(modifiers: modifiers, key: key)
    }

    /// `ctrl+shift+v`.
    public var description: String {
        (modifiers.map(\.rawValue) + [key]).joined(separator: "+")
    }
}
