import CopypastaCore

/// The picker's colours, red, green and blue from 0 to 1.
public struct Theme: Sendable {
    /// One colour.
    public struct Colour: Sendable, Equatable {
        /// Red, green, blue.
        public let red: Double, green: Double, blue: Double

        /// A colour from 0xRRGGBB.
        public init(_ hex: UInt32) {
            red = Double((hex >> 16) & 0xFF) / 255
            green = Double((hex >> 8) & 0xFF) / 255
            blue = Double(hex & 0xFF) / 255
        }
    }

    /// The window.
    public let background: Colour
    /// The search field.
    public let field: Colour
    /// Text.
    public let text: Colour
    /// Ages, tags, notes.
    public let dim: Colour
    /// The selected row, and the copied row during the feedback.
    public let accent: Colour
    /// Text on the accent.
    public let accentText: Colour
    /// Rows marked for a multi-selection.
    public let marked: Colour

    /// The checkmark of a successful copy: the same pure green in both themes, so that a test
    /// finds it in a screenshot (Tests/IntegrationTests/PickerWindowTests.swift).
    public static let check = Colour(0x1F_C8_3C)
    /// The accent, the same in both themes for the same reason.
    public static let accentColour = Colour(0x35_6A_E0)

    /// The colours of `theme`.
    public init(_ theme: PickerSettings.Theme) {
        switch theme {
        case .dark:
            background = Colour(0x1E_1F_24)
            field = Colour(0x2A_2C_33)
            text = Colour(0xE6_E6_E6)
            dim = Colour(0x8A_8F_98)
            marked = Colour(0x4A_3A_6A)
        case .light:
            background = Colour(0xFA_FA_FA)
            field = Colour(0xEC_ED_F0)
            text = Colour(0x20_21_24)
            dim = Colour(0x6B_6F_76)
            marked = Colour(0xE0_D4_F5)
        }
        accent = Self.accentColour
        accentText = Colour(0xFF_FF_FF)
    }
}
