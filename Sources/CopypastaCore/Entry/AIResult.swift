/// What the AI assistant said about an entry (copypasta(1) ai), stored with it.
///
/// `ai summarize` fills the summary and key points, `ai tags` the suggested tags; running either
/// again replaces its part, `ai clear` removes the whole result. `model` and `at` are those of
/// the latest run.
public struct AIResult: Equatable, Sendable {
    /// A short summary; nil until `ai summarize` ran.
    public var summary: String?
    /// The key points of the summary, one line each.
    public var keyPoints: [String]
    /// The suggested tags, cleaned (`AITags.cleaned`), as printed for review.
    public var tags: [String]
    /// The model id the provider reported (or the configured one).
    public var model: String
    /// When the latest run finished.
    public var at: Timestamp

    /// A result value.
    public init(summary: String?, keyPoints: [String], tags: [String], model: String, at: Timestamp) {
        self.summary = summary
        self.keyPoints = keyPoints
        self.tags = tags
        self.model = model
        self.at = at
    }

    /// The result as the members of a JSON object (no braces), for `--json`'s `ai` field.
    public var jsonMembers: String {
        var members = [String]()
        if let summary { members.append("\"summary\":" + quoted(summary)) }
        members.append("\"keyPoints\":[" + keyPoints.map(quoted).joined(separator: ",") + "]")
        members.append("\"tags\":[" + tags.map(quoted).joined(separator: ",") + "]")
        members.append("\"model\":" + quoted(model))
        members.append("\"at\":" + quoted(at.iso8601))
        return members.joined(separator: ",")
    }
}

/// `text` as a JSON string literal.
private func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    JSONString.append(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}
