import ArgumentParser
import CopypastaCore

/// The `--primary` / `--both` flags of the restoring commands.
struct SelectionOptions: ParsableArguments {
    /// Restore to PRIMARY.
    @Flag(help: "Restore to PRIMARY instead of CLIPBOARD.")
    var primary = false

    /// Restore to both selections.
    @Flag(help: "Restore to both CLIPBOARD and PRIMARY.")
    var both = false

    /// The selections chosen.
    var selections: [Config.Selection] {
        both ? [.clipboard, .primary] : primary ? [.primary] : [.clipboard]
    }
}
