import CopypastaCore
import Testing

@testable import CopypastaAI

/// Status codes and retries, against a scripted transport (the fake provider covers the wire).
@Suite struct AIExchangeTests {
    private let request = AIRequest(
        settings: {
            var settings = AISettings()
            settings.provider = .openai
            settings.model = "m"
            return settings
        }(), key: "k", task: .summarize, material: "x")

    private let success = AIHTTPResult(
        status: 200, headers: [],
        body: Array("{\"model\":\"m\",\"choices\":[{\"message\":{\"content\":\"{\\\"summary\\\":\\\"s\\\"}\"}}]}".utf8))

    /// The error `result` holds; nil, recorded as an issue, when the exchange succeeded.
    private func failure(_ result: Result<AIReply, AIError>) -> AIError? {
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return nil
        }
        return error
    }

    private func exchange(_ script: [AIHTTPResult]) -> (Result<AIReply, AIError>, [Int]) {
        var remaining = script
        var waits: [Int] = []
        let result = Result { () throws(AIError) -> AIReply in
            try AIExchange.send(
                request, provider: .openai, task: .summarize,
                transport: { _ throws(AIError) in remaining.isEmpty ? success : remaining.removeFirst() },
                sleep: { waits.append($0) })
        }
        return (result, waits)
    }

    private func busy(_ status: Int, after: String?) -> AIHTTPResult {
        AIHTTPResult(
            status: status, headers: after.map { [("Retry-After", $0)] } ?? [],
            body: Array("{\"error\":{\"message\":\"slow down\"}}".utf8))
    }

    @Test func retryAfterIsHonouredThenSucceeds() throws {
        let (result, waits) = exchange([busy(429, after: "1"), busy(529, after: nil)])
        #expect(try result.get().summary == "s")
        #expect(waits == [1, 4])
    }

    @Test func givesUpWithTheProvidersWordsAfterTheRetries() {
        let (result, waits) = exchange([busy(503, after: "1"), busy(503, after: "1"), busy(503, after: "1")])
        #expect(waits == [1, 1])
        guard let error = failure(result) else { return }
        #expect(error.exitStatus == .busy)
        #expect(error.description.contains("slow down"))
    }

    @Test func aRetryAfterOverTheCapGivesUpAtOnce() {
        let (result, waits) = exchange([busy(429, after: "3600")])
        #expect(waits.isEmpty)
        guard let error = failure(result) else { return }
        #expect(error.exitStatus == .busy)
    }

    @Test(arguments: [401, 403])
    func refusedKeyIs77(status: Int) {
        let (result, _) = exchange([
            AIHTTPResult(status: status, headers: [], body: Array("{\"error\":{\"message\":\"invalid x-api-key\"}}".utf8))
        ])
        guard let error = failure(result) else { return }
        #expect(error.exitStatus == .noPermission)
        #expect(error.description.hasPrefix("the provider refused the key"))
    }

    @Test func otherStatusesAreUnavailableWithTheProvidersWords() {
        let (result, _) = exchange([
            AIHTTPResult(status: 404, headers: [], body: Array("{\"error\":{\"message\":\"model not found\"}}".utf8))
        ])
        guard let error = failure(result) else { return }
        #expect(error.exitStatus == .unavailable)
        #expect(error.description.contains("model not found"))
        #expect(error.description.contains("ai-model"))
    }
}
