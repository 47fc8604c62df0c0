import CopypastaCore
import Testing

@testable import CopypastaAI

/// The two wire shapes: requests built, replies parsed (docs/DESIGN.md "AI assistance").
@Suite struct AIProviderTests {
    private func settings(_ provider: AISettings.Provider, endpoint: String = "") -> AISettings {
        var settings = AISettings()
        settings.provider = provider
        settings.model = "test-model"
        settings.endpoint = endpoint
        return settings
    }

    @Test func anthropicRequestCarriesTheKeyInItsHeaderOnly() {
        let request = AIRequest(settings: settings(.anthropic), key: "sk-secret", task: .summarize, material: "hello")
        #expect(request.url == "https://api.anthropic.com/v1/messages")
        #expect(request.headers.contains { $0.name == "x-api-key" && $0.value == "sk-secret" })
        #expect(request.headers.contains { $0.name == "anthropic-version" && $0.value == "2023-06-01" })
        #expect(!request.body.contains("sk-secret"))
        #expect(request.body.contains("\"model\":\"test-model\""))
        #expect(request.body.contains("\"max_tokens\":800"))
        #expect(!request.allowPrivateAddresses)
        #expect(request.maskedHeaders.allSatisfy { !$0.value.contains("sk-secret") })
    }

    @Test func openaiRequestUsesBearerAndTheConfiguredEndpoint() {
        let request = AIRequest(
            settings: settings(.openai, endpoint: "http://127.0.0.1:11434/v1"), key: "k1", task: .tags(existing: ["swift"]),
            material: "x")
        #expect(request.url == "http://127.0.0.1:11434/v1/chat/completions")
        #expect(request.headers.contains { $0.name == "authorization" && $0.value == "Bearer k1" })
        #expect(request.body.contains("Existing tags: swift"))
        #expect(request.body.contains("\"max_completion_tokens\":300"))
        #expect(request.allowPrivateAddresses)
        #expect(request.maskedHeaders.contains { $0.name == "authorization" && $0.value == "Bearer ********" })
    }

    @Test func localServerWithoutKeySendsNoAuthorization() {
        let request = AIRequest(
            settings: settings(.openai, endpoint: "http://localhost:8080/v1"), key: nil, task: .summarize, material: "x")
        #expect(!request.headers.contains { $0.name == "authorization" })
        #expect(AIRun.isLoopback("http://localhost:8080/v1"))
        #expect(AIRun.isLoopback("http://[::1]:8080/v1"))
        #expect(AIRun.isLoopback("http://127.0.0.1:11434/v1"))
        #expect(!AIRun.isLoopback("https://api.openai.com/v1"))
        #expect(!AIRun.isLoopback(""))
    }

    private func anthropic(_ text: String, stop: String = "end_turn") -> [UInt8] {
        Array(
            "{\"type\":\"message\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\(AIRequest.quoted(text))}],\"stop_reason\":\"\(stop)\"}"
                .utf8)
    }

    private func openai(_ text: String, finish: String = "stop") -> [UInt8] {
        Array(
            "{\"model\":\"gpt-x\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\(AIRequest.quoted(text))},\"finish_reason\":\"\(finish)\"}]}"
                .utf8)
    }

    @Test func summaryParsesThroughCodeFences() throws {
        let text =
            "Here you go:\n```json\n{\"summary\": \"A {braced} note.\\nTwo lines\", \"key_points\": [\"one\", \" \", \"two\"]}\n```"
        let reply = try AIReply.parse(anthropic(text), provider: .anthropic, task: .summarize)
        #expect(reply.summary == "A {braced} note. Two lines")
        #expect(reply.keyPoints == ["one", "two"])
        #expect(reply.model == "claude-x")
    }

    @Test func tagsAndAnswersParseFromChatCompletions() throws {
        let tags = try AIReply.parse(openai("{\"tags\":[\"Swift\",\"x11\"]}"), provider: .openai, task: .tags(existing: []))
        #expect(tags.tags == ["Swift", "x11"])
        #expect(tags.model == "gpt-x")
        let answer = try AIReply.parse(openai("{\"answer\":\"42\"}"), provider: .openai, task: .ask(question: "?"))
        #expect(answer.answer == "42")
    }

    @Test(arguments: [
        ("{\"summary\": \"cut", "cut at its token limit"),
        ("no json here", "holds no JSON object"),
        ("{\"key_points\": []}", "has no \"summary\""),
        ("{\"summary\": 3}", "not the JSON asked for"),
    ])
    func badRepliesAreProtocolErrors(text: String, expected: String) {
        let stop = text.hasSuffix("cut") ? "max_tokens" : "end_turn"
        #expect {
            try AIReply.parse(anthropic(text, stop: stop), provider: .anthropic, task: .summarize)
        } throws: { error in
            guard let error = error as? AIError, case .badReply(let message) = error else { return false }
            return error.exitStatus == .protocolError && message.contains(expected)
        }
    }

    @Test func bodiesOfTheWrongShapeAreProtocolErrors() {
        for body in ["", "<html>", "{}", "{\"choices\":[]}", "[1,2]", "{\"content\":\"x\"}"] {
            for provider in [AISettings.Provider.anthropic, .openai] {
                #expect(throws: AIError.self) { try AIReply.parse(Array(body.utf8), provider: provider, task: .summarize) }
            }
        }
    }

    /// Random bytes, random cuts of good replies and random JSON-ish noise never crash the parser.
    @Test func replyParserSurvivesFuzzedBodies() {
        var generator = SystemRandomNumberGenerator()
        let good = anthropic("{\"summary\":\"s\",\"key_points\":[\"a\"],\"tags\":[\"t\"],\"answer\":\"x\"}")
        let alphabet = Array("{}[]\":,\\ ntrue0123456789abc\u{0}\n`".utf8)
        for round in 0..<3000 {
            var body: [UInt8]
            switch round % 3 {
            case 0:
                body = (0..<Int.random(in: 0...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            case 1: body = Array(good.prefix(Int.random(in: 0...good.count, using: &generator)))
            default:
                body = (0..<Int.random(in: 0...120, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? 0
                }
            }
            for task in [AITask.summarize, .tags(existing: []), .ask(question: "q")] {
                _ = try? AIReply.parse(body, provider: round % 2 == 0 ? .anthropic : .openai, task: task)
            }
            _ = AIReply.firstObject(in: String(decoding: body, as: UTF8.self))
            _ = AIReply.errorMessage(body)
        }
    }

    @Test func suggestedTagsAreCleanedAndCapped() {
        let junk =
            [
                "", "  ", "Swift", "swift", "#Linux", "two words", "a\u{7}b", String(repeating: "x", count: 41),
                "collection:my  recipes", "collection:",
            ]
            + (0..<200).map { "tag\($0)" }
        let tags = AITags.cleaned(junk, existing: ["SWIFT", "collection:My recipes"])
        #expect(tags.count == AITags.maximumCount)
        #expect(Array(tags.prefix(5)) == ["SWIFT", "linux", "two-words", "ab", "collection:My recipes"])
        #expect(tags.allSatisfy { $0.count <= AITags.maximumCharacters && TagName.problem($0) == nil })
    }

    @Test func materialIsCutAndSaysSo() {
        let material = AIMaterial(
            kind: .text, text: String(repeating: "é", count: 1000), pageTitle: nil, body: nil, maxCharacters: 600)
        #expect(material.text.count == 600)
        #expect(material.cutNote == "the text was cut to 600 of 1000 characters (ai-max-chars)")
        let link = AIMaterial(
            kind: .link, text: "https://example.org/a", pageTitle: "A page", body: "Body text", maxCharacters: 600)
        #expect(link.text == "URL: https://example.org/a\nTitle: A page\n\nBody text")
        #expect(link.cutNote == nil)
    }
}
