/// What one request asks of the model, and the instruction that says so (docs/DESIGN.md "AI assistance").
///
/// Every task asks for one JSON object of a fixed shape: the schema is written into the
/// instruction, since not every OpenAI-compatible server honours a response format, and the
/// reply parser (`AIReply`) takes the first JSON object of the text, code fences or not.
public enum AITask: Equatable, Sendable {
    /// A short summary and key points.
    case summarize
    /// Tags, preferring `existing` (the user's most used tags, collections as `collection:NAME`).
    case tags(existing: [String])
    /// An answer to the user's question about the entry.
    case ask(question: String)

    /// The system instruction, with the JSON schema of the reply.
    public var instruction: String {
        switch self {
        case .summarize:
            """
            You summarize one item from the user's clipboard library. Reply with one JSON object and nothing \
            else, of exactly this shape: {"summary": string, "key_points": [string]}. The summary is at most \
            three sentences; at most 5 key points of one short sentence each; write in the language of the item.
            """
        case .tags:
            """
            You suggest tags for one item from the user's clipboard library. Reply with one JSON object and \
            nothing else, of exactly this shape: {"tags": [string]}. At most 8 tags, each one lowercase word or \
            hyphenated-words; prefer the user's existing tags when they fit; a collection is written \
            "collection:NAME" and only an existing collection may be suggested.
            """
        case .ask:
            """
            You answer a question about one item from the user's clipboard library, using the item only. \
            Reply with one JSON object and nothing else, of exactly this shape: {"answer": string}.
            """
        }
    }

    /// The user message: the item's material, then what the task adds (the existing tags, the question).
    public func message(material: String) -> String {
        switch self {
        case .summarize:
            "Item:\n" + material
        case .tags(let existing):
            "Item:\n" + material + "\n\nExisting tags: " + (existing.isEmpty ? "(none)" : existing.joined(separator: ", "))
        case .ask(let question):
            "Item:\n" + material + "\n\nQuestion: " + question
        }
    }

    /// The most tokens the reply may take.
    public var maxTokens: Int {
        switch self {
        case .summarize: 800
        case .tags: 300
        case .ask: 1000
        }
    }
}
