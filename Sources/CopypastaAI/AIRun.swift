import CopypastaCore
import CopypastaStore
import CopypastaSystem
import Glibc

/// One `copypasta ai` run in the `copypasta-ai` process (copypasta(1) ai): every entry is
/// checked and its request built before anything is sent, so one refused entry sends nothing.
public struct AIRun {
    /// What the run does.
    public enum Verb: Equatable, Sendable {
        /// Summary and key points, stored.
        case summarize
        /// Suggested tags, stored and printed; added to the entry with `apply`.
        case tags(apply: Bool)
        /// An answer, printed only.
        case ask(question: String)
    }

    /// The verb.
    public var verb: Verb
    /// The entries, by id (the command line resolved `@TITLE` references).
    public var ids: [Int64]
    /// Print the request bodies instead of sending them.
    public var dryRun: Bool

    /// A run value.
    public init(verb: Verb, ids: [Int64], dryRun: Bool) {
        self.verb = verb
        self.ids = ids
        self.dryRun = dryRun
    }

    /// Runs against `store` with `config`; results go to `out`, notes to `note`.
    public func run(
        store: HistoryStore, config: Config, home: String, transport: AIExchange.Transport,
        out: (String) -> Void, note: (String) -> Void
    ) throws {
        let settings = try Self.checked(config.ai)
        let task = try task(store)
        var prepared: [(id: Int64, material: AIMaterial)] = []
        for id in ids {
            let entry = try store.entry(id: id)
            let source = try AISource.read(entry, store: store)
            let material = AIMaterial(
                kind: entry.kind, text: source.text, pageTitle: source.pageTitle, body: source.body,
                maxCharacters: settings.maxCharacters)
            if let refusal = AIPolicy.refusal(
                entry, texts: [source.text, source.body ?? ""], localOnly: try store.isLocalOnly(id: id), config: config)
            {
                throw AIError.refused(refusal)
            }
            prepared.append((id, material))
        }
        let key = try AIKey.load(settings, home: home)
        if key == nil && !Self.isLoopback(settings.endpoint) {
            throw AIError.notConfigured("no key: set ai-key-file or ai-key-command (see copypasta(1) ai)")
        }
        for (id, material) in prepared {
            let request = AIRequest(settings: settings, key: key, task: task, material: material.text)
            if let cut = material.cutNote { note("entry \(id): \(cut)") }
            if dryRun {
                out(Self.dryRunText(request))
                continue
            }
            let reply = try AIExchange.send(request, provider: settings.provider, task: task, transport: transport)
            try record(reply, id: id, store: store, model: reply.model ?? settings.model, task: task, out: out)
        }
    }

    /// The settings, when a provider and a model are configured.
    static func checked(_ settings: AISettings) throws(AIError) -> AISettings {
        guard settings.provider != .none else {
            throw .notConfigured("no AI provider: set ai-provider to anthropic or openai (see copypasta(1) ai)")
        }
        guard !settings.model.isEmpty else { throw .notConfigured("no model: set ai-model (see copypasta(1) ai)") }
        return settings
    }

    /// The task of the verb; tags get the user's most used tags, most used first.
    private func task(_ store: HistoryStore) throws -> AITask {
        switch verb {
        case .summarize: return .summarize
        case .ask(let question): return .ask(question: question)
        case .tags:
            let counts = try store.tagCounts().sorted { $0.count > $1.count }
            return .tags(existing: counts.prefix(60).map(\.name))
        }
    }

    /// Stores and prints one reply.
    private func record(
        _ reply: AIReply, id: Int64, store: HistoryStore, model: String, task: AITask, out: (String) -> Void
    ) throws {
        let now = Timestamp.now()
        switch verb {
        case .summarize:
            let summary = reply.summary ?? ""
            try store.setAISummary(id: id, summary: summary, keyPoints: reply.keyPoints, model: model, at: now)
            out("\(id)\t\(summary)\n" + reply.keyPoints.map { "\t- \($0)\n" }.joined())
        case .tags(let apply):
            guard case .tags(let existing) = task else { return }
            let all = try store.tagCounts().map(\.name)
            let tags = AITags.cleaned(reply.tags, existing: all.isEmpty ? existing : all)
            try store.setAITags(id: id, tags: tags, model: model, at: now)
            if apply && !tags.isEmpty { try store.addTags(id: id, tags) }
            out("\(id)\t\(tags.joined(separator: " "))\n")
        case .ask:
            out((reply.answer ?? "") + "\n")
        }
    }

    /// What `--dry-run` prints: the request line, the headers with the key masked, and the body exactly.
    static func dryRunText(_ request: AIRequest) -> String {
        "POST \(request.url)\n" + request.maskedHeaders.map { "\($0.name): \($0.value)\n" }.joined() + "\n"
            + request.body + "\n"
    }

    /// Whether `endpoint` names this machine: a local server (llama.cpp, Ollama) needs no key.
    static func isLoopback(_ endpoint: String) -> Bool {
        guard let rest = endpoint.split(separator: "://", maxSplits: 1).last, endpoint.contains("://") else { return false }
        let authority = rest.prefix { $0 != "/" }
        let host =
            authority.hasPrefix("[")
            ? String(authority.dropFirst().prefix { $0 != "]" }) : String(authority.prefix { $0 != ":" })
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
