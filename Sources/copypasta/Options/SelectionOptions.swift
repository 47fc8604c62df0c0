import ArgumentParser
import CopypastaCore

/// The `--primary` / `--both` flags of the restoring commands. `copy` declares them itself, with
/// the help below, and makes this value with `parsed(primary:both:)` (see `GlobalOptions`).
struct SelectionOptions: ParsableArguments {
    /// The name of `--primary` (see `GlobalOptions.dbName`).
    static let primaryName = NameSpecification.customLong("primary")
    /// The name of `--both`.
    static let bothName = NameSpecification.customLong("both")
    /// The help of `--primary`.
    static let primaryHelp = ArgumentHelp("Restore to PRIMARY instead of CLIPBOARD.")
    /// The help of `--both`.
    static let bothHelp = ArgumentHelp("Restore to both CLIPBOARD and PRIMARY.")

    /// Restore to PRIMARY.
    @Flag(name: SelectionOptions.primaryName, help: SelectionOptions.primaryHelp)
    var primary = false

    /// Restore to both selections.
    @Flag(name: SelectionOptions.bothName, help: SelectionOptions.bothHelp)
    var both = false

    /// The selections chosen.
    var selections: [Config.Selection] {
        both ? [.clipboard, .primary] : primary ? [.primary] : [.clipboard]
    }
}

extension SelectionOptions {
    /// The flags as parsed by a command that declares them itself (the memberwise initializer
    /// would make unparsed definitions, not values).
    static func parsed(primary: Bool, both: Bool) -> SelectionOptions {
        var options = SelectionOptions()
        options.primary = primary
        options.both = both
        return options
    }
}
