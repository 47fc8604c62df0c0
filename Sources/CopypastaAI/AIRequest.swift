import CopypastaCore

/// One HTTP request to a provider, built from the settings, the key and a task
/// (docs/DESIGN.md "AI assistance" has the two wire shapes).
public struct AIRequest: Sendable {
    /// The full URL posted to.
    public var url: String
    /// The headers, the key's among them.
    public var headers: [(name: String, value: String)]
    /// The JSON body, exactly as sent.
    public var body: String
    /// How long the request may take, in seconds (`ai-timeout`).
    public var deadline: Double
    /// Whether the endpoint may be a loopback or private address: only one the user configured.
    public var allowPrivateAddresses: Bool

    /// The public endpoint of each provider, used when `ai-endpoint` is not set.
    public static func defaultEndpoint(_ provider: AISettings.Provider) -> String {
        provider == .anthropic ? "https://api.anthropic.com" : "https://api.openai.com/v1"
    }

    /// The version header the Anthropic Messages API requires.
    public static let anthropicVersion = "2023-06-01"

    /// The request for `task` over `material`; `key` is nil for a local server that needs none.
    public init(settings: AISettings, key: String?, task: AITask, material: String) {
        let base = settings.endpoint.isEmpty ? Self.defaultEndpoint(settings.provider) : settings.endpoint
        allowPrivateAddresses = !settings.endpoint.isEmpty
        deadline = Double(settings.timeoutMilliseconds) / 1000
        let system = Self.quoted(task.instruction)
        let user = Self.quoted(task.message(material: material))
        let model = Self.quoted(settings.model)
        if settings.provider == .anthropic {
            url = base + "/v1/messages"
            headers = [("content-type", "application/json"), ("anthropic-version", Self.anthropicVersion)]
            if let key { headers.append(("x-api-key", key)) }
            body =
                "{\"model\":\(model),\"max_tokens\":\(task.maxTokens),\"temperature\":0,\"system\":\(system),"
                + "\"messages\":[{\"role\":\"user\",\"content\":\(user)}]}"
        } else {
            url = base + "/chat/completions"
            headers = [("content-type", "application/json")]
            if let key { headers.append(("authorization", "Bearer " + key)) }
            body =
                "{\"model\":\(model),\"max_completion_tokens\":\(task.maxTokens),\"temperature\":0,"
                + "\"response_format\":{\"type\":\"json_object\"},"
                + "\"messages\":[{\"role\":\"system\",\"content\":\(system)},{\"role\":\"user\",\"content\":\(user)}]}"
        }
    }

    /// The headers as `--dry-run` prints them: the key's header shows only that a key is there.
    public var maskedHeaders: [(name: String, value: String)] {
        headers.map { header in
            switch header.name {
            case "x-api-key": (header.name, "********")
            case "authorization": (header.name, "Bearer ********")
            default: header
            }
        }
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONString.append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
