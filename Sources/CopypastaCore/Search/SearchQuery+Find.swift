extension SearchQuery {
    /// The text `find` and `pick QUERY` rank by: the query's words and phrases, joined by
    /// spaces, with a leading `/` or `@` dropped (how a snippet is typed or named), and without
    /// the filters, which select the entries instead.
    public var findText: String {
        terms.map { term in
            switch term {
            case let .word(text), let .prefix(text), let .phrase(text):
                String(text.drop { $0 == "/" || $0 == "@" })
            }
        }.joined(separator: " ")
    }
}
