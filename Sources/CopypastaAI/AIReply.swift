import CopypastaCore
import FoundationEssentials

/// What a model answered, parsed from a provider's reply body (docs/DESIGN.md "AI assistance").
///
/// Tolerant of what models do to JSON (code fences, a sentence before the object, extra
/// fields), strict about what is missing: a reply without the fields the task asked for, a
/// reply cut at the token limit, or a body that is not the API's shape is `AIError.badReply`,
/// and nothing is stored.
public struct AIReply: Equatable, Sendable {
    /// The summary (`summarize`).
    public var summary: String?
    /// The key points (`summarize`).
    public var keyPoints: [String] = []
    /// The raw tag suggestions (`tags`), not yet cleaned.
    public var tags: [String] = []
    /// The answer (`ask`).
    public var answer: String?
    /// The model id the provider reported.
    public var model: String?

    /// Parses a 2xx body of `provider` for `task`.
    public static func parse(_ body: [UInt8], provider: AISettings.Provider, task: AITask) throws(AIError) -> AIReply {
        let (text, model, cut) = try content(body, provider: provider)
        guard let object = firstObject(in: text) else {
            throw .badReply(cut ? truncated : "the provider's reply holds no JSON object; nothing was stored")
        }
        guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(object.utf8)) else {
            throw .badReply(cut ? truncated : "the provider's reply is not the JSON asked for; nothing was stored")
        }
        var reply = AIReply(model: model)
        switch task {
        case .summarize:
            guard let summary = fields.summary.map(oneParagraph), !summary.isEmpty else { throw .badReply(missing("summary")) }
            reply.summary = summary
            reply.keyPoints = (fields.keyPoints ?? []).map(oneParagraph).filter { !$0.isEmpty }.prefix(10).map { $0 }
        case .tags:
            guard let tags = fields.tags else { throw .badReply(missing("tags")) }
            reply.tags = tags
        case .ask:
            guard let answer = fields.answer, !answer.isEmpty else { throw .badReply(missing("answer")) }
            reply.answer = answer
        }
        return reply
    }

    /// The provider's error message in a non-2xx body (both APIs say `{"error": {"message": …}}`), or "".
    public static func errorMessage(_ body: [UInt8]) -> String {
        (try? JSONDecoder().decode(ErrorBody.self, from: Data(body)))?.error.message ?? ""
    }

    private static let truncated = "the provider's reply was cut at its token limit; nothing was stored"

    private static func missing(_ field: String) -> String {
        "the provider's reply has no \"\(field)\"; nothing was stored"
    }

    /// The model's text, the model id, and whether the reply stopped at the token limit.
    private static func content(_ body: [UInt8], provider: AISettings.Provider) throws(AIError) -> (String, String?, Bool) {
        let decoder = JSONDecoder()
        if provider == .anthropic {
            guard let message = try? decoder.decode(AnthropicMessage.self, from: Data(body)) else {
                throw .badReply("the provider's reply is not an Anthropic Messages response; nothing was stored")
            }
            let text = message.content.compactMap(\.text).joined()
            return (text, message.model, message.stopReason == "max_tokens")
        }
        guard let completion = try? decoder.decode(ChatCompletion.self, from: Data(body)), let choice = completion.choices.first
        else { throw .badReply("the provider's reply is not a Chat Completions response; nothing was stored") }
        return (choice.message.content ?? "", completion.model, choice.finishReason == "length")
    }

    /// The first balanced `{…}` of `text`, strings and escapes honoured; code fences and prose around it ignored.
    static func firstObject(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard let start = scalars.firstIndex(of: "{") else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        for index in start..<scalars.count {
            let scalar = scalars[index]
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                }
                continue
            }
            switch scalar {
            case "\"": inString = true
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return String(String.UnicodeScalarView(scalars[start...index])) }
            default: break
            }
        }
        return nil
    }

    /// `text` on one line: runs of white space (line breaks included) become one space.
    private static func oneParagraph(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The fields of the object a task asks for; a tag that is not a string fails the decode.
    private struct Fields: Decodable {
        var summary: String?
        var keyPoints: [String]?
        var tags: [String]?
        var answer: String?

        enum CodingKeys: String, CodingKey {
            case summary, tags, answer
            case keyPoints = "key_points"
        }
    }

    private struct AnthropicMessage: Decodable {
        struct Block: Decodable { var text: String? }
        var content: [Block]
        var model: String?
        var stopReason: String?

        enum CodingKeys: String, CodingKey {
            case content, model
            case stopReason = "stop_reason"
        }
    }

    private struct ChatCompletion: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable { var content: String? }
            var message: Message
            var finishReason: String?

            enum CodingKeys: String, CodingKey {
                case message
                case finishReason = "finish_reason"
            }
        }
        var choices: [Choice]
        var model: String?
    }

    private struct ErrorBody: Decodable {
        struct Detail: Decodable { var message: String }
        var error: Detail
    }
}
