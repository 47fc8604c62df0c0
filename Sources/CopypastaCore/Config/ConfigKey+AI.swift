/// The settings of the optional AI assistance (copypasta(1) ai, docs/DESIGN.md "AI assistance").
///
/// Nothing here is a secret: the key itself is never in the config file, only where to find it.
public struct AISettings: Equatable, Sendable {
    /// Which wire shape the provider speaks.
    public enum Provider: String, Sendable, CaseIterable {
        /// No provider: `ai` refuses to run.
        case none
        /// The Anthropic Messages API.
        case anthropic
        /// The OpenAI Chat Completions API, or any server that speaks it (llama.cpp, Ollama).
        case openai
    }

    /// What `ai-auto` runs on new library items.
    public enum Auto: String, Sendable, CaseIterable {
        /// Nothing runs unasked.
        case off
        /// Suggested tags (stored for review, not applied).
        case tags
        /// A summary and key points.
        case summary
    }

    /// `ai-provider`.
    public var provider = Provider.none
    /// `ai-model`; empty: not set.
    public var model = ""
    /// `ai-endpoint`; empty: the provider's public endpoint.
    public var endpoint = ""
    /// `ai-max-chars`: texts longer than this are cut before they are sent.
    public var maxCharacters = 20_000
    /// `ai-timeout`: how long one request may take, in milliseconds.
    public var timeoutMilliseconds = 60_000
    /// `ai-auto`.
    public var auto = Auto.off
    /// `ai-key-file`, `~` not yet expanded; empty: not set.
    public var keyFile = ""
    /// `ai-key-command` as argv words; empty: not set.
    public var keyCommand: [String] = []

    /// The defaults: no provider, nothing sent.
    public init() {}

    /// `ai-key-file` with `~` expanded, or nil when unset.
    public func keyFilePath(home: String) -> String? {
        keyFile.isEmpty ? nil : Paths.expandTilde(keyFile, home: home)
    }
}

extension ConfigKey {
    /// `ai-provider`, `ai-model`, `ai-endpoint`, `ai-max-chars`, `ai-timeout`, `ai-auto`,
    /// `ai-key-file` and `ai-key-command`, in documentation order.
    static let aiKeys: [ConfigKey] = [
        .choice("ai-provider", \.ai.provider),
        .word("ai-model", expected: "a model name such as claude-haiku-4-5", \.ai.model),
        ConfigKey(
            name: "ai-endpoint",
            apply: { config, value in
                guard let url = ConfigValue.unquoted(value), url.hasPrefix("https://") || url.hasPrefix("http://"),
                    url.count > 8, !url.contains(where: { $0.isWhitespace })
                else { return "expected an http or https URL such as http://127.0.0.1:11434/v1" }
                config.ai.endpoint = url.hasSuffix("/") ? String(url.dropLast()) : url
                return nil
            }, show: { $0.ai.endpoint.isEmpty ? "(the provider's public endpoint)" : $0.ai.endpoint }),
        .number("ai-max-chars", 500...1_000_000, \.ai.maxCharacters),
        .duration("ai-timeout", 1000...600_000, expected: "a duration from 1s to 10m, like 60s", \.ai.timeoutMilliseconds),
        .choice("ai-auto", \.ai.auto),
        .word("ai-key-file", expected: "a file path", \.ai.keyFile),
        ConfigKey(
            name: "ai-key-command",
            apply: { config, value in
                guard let words = ConfigValue.unquoted(value).flatMap(CommandWords.split), !words.isEmpty else {
                    return "expected a command line such as pass show ai/anthropic"
                }
                config.ai.keyCommand = words
                return nil
            }, show: { $0.ai.keyCommand.isEmpty ? "(none)" : $0.ai.keyCommand.joined(separator: " ") }),
    ]
}
