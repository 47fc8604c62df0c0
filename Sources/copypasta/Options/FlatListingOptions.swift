/// The commands that print pages of entries and declare the options of `GlobalOptions`,
/// `EntryOutputOptions` and `PageOptions` themselves, not as option groups (`list`, `search`;
/// docs/DESIGN.md §1): the group values their code takes and the groups' checks.
protocol FlatListingOptions {
    var db: String? { get }
    var config: String? { get }
    var json: Bool { get }
    var null: Bool { get }
    var limit: Int? { get }
    var offset: Int { get }
}

extension FlatListingOptions {
    var global: GlobalOptions { GlobalOptions.parsed(db: db, config: config) }
    var output: EntryOutputOptions { EntryOutputOptions.parsed(json: json, null: null) }
    var page: PageOptions { PageOptions.parsed(limit: limit, offset: offset) }

    /// The checks of the output and page options, in the order their groups made them.
    func validateOutputAndPage() throws {
        try output.validate()
        try page.validate()
    }
}
