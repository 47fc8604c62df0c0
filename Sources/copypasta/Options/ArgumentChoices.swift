import ArgumentParser
import CopypastaCore
import CopypastaStore

// The enums that options take (`--kind`, `--sort`, `--from`). Each spells out the lists the help,
// the errors and the completion scripts show. ArgumentParser's defaults for a CaseIterable
// RawRepresentable enum compute the same lists through key paths and `String(describing:)` each
// time a command's arguments are described, up to four times per parse: about 0.3 ms of
// `list`'s start (BENCHMARKS.md, start-up).

/// An option's enum whose values are its cases' raw values, spelled out as the note above says.
public protocol SpelledChoice: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension SpelledChoice {
    public static var allValueStrings: [String] { rawValues }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(rawValues) }
    public var defaultValueDescription: String { rawValue }
}

extension EntrySort: SpelledChoice {}
extension SearchOrder: SpelledChoice {}
extension EntryKind: SpelledChoice {}
extension ForeignManager: SpelledChoice {}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// Every case's raw value, in declaration order: what an option of this type accepts.
    static var rawValues: [String] { allCases.map { $0.rawValue } }
}
