import ArgumentParser
import CopypastaCore
import CopypastaStore

// The enums that options take (`--kind`, `--sort`, `--from`). Each spells out the lists the help,
// the errors and the completion scripts show. ArgumentParser's defaults for a CaseIterable
// RawRepresentable enum compute the same lists through key paths and `String(describing:)` each
// time a command's arguments are described, up to four times per parse: about 0.3 ms of
// `list`'s start (BENCHMARKS.md, start-up).

extension EntrySort: ExpressibleByArgument {
    public static var allValueStrings: [String] { rawValues }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(rawValues) }
    public var defaultValueDescription: String { rawValue }
}

extension SearchOrder: ExpressibleByArgument {
    public static var allValueStrings: [String] { rawValues }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(rawValues) }
    public var defaultValueDescription: String { rawValue }
}

extension EntryKind: ExpressibleByArgument {
    public static var allValueStrings: [String] { rawValues }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(rawValues) }
    public var defaultValueDescription: String { rawValue }
}

extension ForeignManager: ExpressibleByArgument {
    static var allValueStrings: [String] { rawValues }
    static var allValueDescriptions: [String: String] { [:] }
    static var defaultCompletionKind: CompletionKind { .list(rawValues) }
    var defaultValueDescription: String { rawValue }
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// Every case's raw value, in declaration order: what an option of this type accepts.
    static var rawValues: [String] { allCases.map { $0.rawValue } }
}
