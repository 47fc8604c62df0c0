import Glibc
import TestSupport
import Testing

@testable import CopypastaNet

/// CopypastaNet against the loopback fixture server (Tests/Fixtures/http/serve.py): redirects,
/// errors that are replies, deadlines, compression, caps, schemes and private addresses.
@Suite(.serialized) struct ArchiveNetTests {
    let server: FixtureServer

    init() throws { server = try FixtureServer() }

    /// A request to the fixture server, which is on loopback: allowed unless a test says not.
    private func request(_ path: String, allowPrivate: Bool = true) -> HTTPRequest {
        HTTPRequest(url: server.url(path), deadline: 20, allowPrivateAddresses: allowPrivate)
    }

    private func failure(_ request: HTTPRequest) -> NetError? {
        do {
            _ = try perform(request)
            return nil
        } catch { return error }
    }

    @Test func redirectChainArrivesAtTheLastPage() throws {
        let reply = try perform(request("/redirect/3"))
        #expect(reply.status == 200)
        #expect(String(decoding: reply.body, as: UTF8.self) == "arrived")
        #expect(reply.effectiveURL == server.url("/redirect/0"))
    }

    @Test func redirectsOverTheLimitFail() {
        var over = request("/redirect/3")
        over.maxRedirects = 2
        #expect(failure(over) == .tooManyRedirects)
        over.maxRedirects = 3
        #expect(failure(over) == nil)
    }

    @Test func redirectLoopFails() {
        #expect(failure(request("/loop/a")) == .tooManyRedirects)
    }

    @Test func noRedirectsFollowedReturnsTheRedirect() throws {
        var once = request("/redirect/1")
        once.maxRedirects = 0
        let reply = try perform(once)
        #expect(reply.status == 302)
        #expect(reply.header("location") == "/redirect/0")
    }

    @Test func notFoundIsAReplyNotAnError() throws {
        let reply = try perform(request("/no/such/page.html"))
        #expect(reply.status == 404)
        #expect(String(decoding: reply.body, as: UTF8.self).contains("no such page"))
        #expect(reply.header("Content-Type") == "text/html")
    }

    @Test func stallTimesOutAtTheDeadline() {
        var stall = request("/stall")
        stall.deadline = 1.5
        let start = Clock.now()
        #expect(failure(stall) == .timeout)
        let elapsed = Clock.now() - start
        #expect(elapsed >= 1.4 && elapsed < 5, "took \(elapsed) s")
    }

    @Test func gzipBodyArrivesDecoded() throws {
        let reply = try perform(request("/gzip"))
        #expect(reply.header("content-encoding") == "gzip")
        #expect(reply.body == Array(String(repeating: "compressed body ", count: 1000).utf8))
    }

    @Test func chunkedBodyArrivesWhole() throws {
        let reply = try perform(request("/chunked"))
        #expect(reply.header("transfer-encoding") == "chunked")
        #expect(String(decoding: reply.body, as: UTF8.self) == "first chunk, second chunk, last chunk")
    }

    @Test func bodyOverTheCapFails() {
        var big = request("/big/1000000")
        big.maxBytes = 1000
        #expect(failure(big) == .tooLarge(1000))
        big.maxBytes = 1_000_000
        #expect(failure(big) == nil)
    }

    @Test func endlessBodyIsAbortedAtTheCap() {
        var endless = request("/endless")
        endless.maxBytes = 256 << 10
        let start = Clock.now()
        #expect(failure(endless) == .tooLarge(256 << 10))
        #expect(Clock.now() - start < 5)
    }

    @Test func otherSchemesAreRefused() {
        for url in ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1/", "not a url"] {
            #expect(failure(HTTPRequest(url: url, allowPrivateAddresses: true)) == .badScheme(url))
        }
        #expect(failure(request("/to?file:///etc/passwd")) == .badScheme("file:///etc/passwd"))
    }

    @Test func loopbackIsRefusedUnlessAllowed() {
        #expect(failure(request("/redirect/0", allowPrivate: false)) == .privateAddress("127.0.0.1"))
        #expect(failure(HTTPRequest(url: "http://localhost:\(server.port)/redirect/0")) != nil)
        #expect(failure(request("/redirect/0", allowPrivate: true)) == nil)
    }

    @Test func redirectFromAPublicHostToLoopbackIsRefused() {
        // The fixture server stands in for a public host; its redirect to another loopback
        // address is refused when the connection is made.
        var hop = request("/to?http://127.0.0.2:\(server.port)/redirect/0", allowPrivate: false)
        hop.publicAddresses = ["127.0.0.1"]
        #expect(failure(hop) == .privateAddress("127.0.0.2"))
        var direct = request("/redirect/2", allowPrivate: false)
        direct.publicAddresses = ["127.0.0.1"]
        #expect(failure(direct) == nil)
    }

    @Test func unknownHostIsADNSFailure() {
        #expect(failure(HTTPRequest(url: "http://host.invalid/")) == .dns("host.invalid"))
    }

    @Test func postSendsBodyAndHeaders() throws {
        var post = request("/echo")
        post.method = "POST"
        post.body = Array(#"{"q":1}"#.utf8)
        post.headers = [("Authorization", "Bearer secret"), ("Content-Type", "application/json")]
        let text = String(decoding: try perform(post).body, as: UTF8.self)
        #expect(text.contains(#""method": "POST""#))
        #expect(text.contains(#""body": "{\"q\":1}""#))
        #expect(text.contains(#""authorization": "Bearer secret""#))
    }

    @Test func manyTransfersRunTogetherWithResultsInOrder() {
        let paths = ["/redirect/2", "/no/such/page", "/gzip", "/loop/a", "/chunked"]
        let results = performAll(paths.map { request($0) }, concurrency: 2)
        #expect(results.count == 5)
        #expect((try? results[0].get().effectiveURL) == server.url("/redirect/0"))
        #expect((try? results[1].get().status) == 404)
        #expect((try? results[2].get().body.count) == 16000)
        if case .failure(let error) = results[3] { #expect(error == .tooManyRedirects) } else { Issue.record("loop succeeded") }
        #expect((try? results[4].get().header("transfer-encoding")) == "chunked")
    }

    @Test func concurrentStallsShareOneDeadline() {
        var stall = request("/stall")
        stall.deadline = 1.5
        let start = Clock.now()
        let results = performAll(Array(repeating: stall, count: 4), concurrency: 4)
        #expect(Clock.now() - start < 5)
        for result in results {
            if case .failure(let error) = result { #expect(error == .timeout) } else { Issue.record("stall answered") }
        }
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("10.1.2.3", true), ("172.16.0.1", true), ("172.32.0.1", false),
        ("192.168.1.1", true), ("169.254.169.254", true), ("100.64.0.1", true), ("0.0.0.0", true),
        ("8.8.8.8", false), ("93.184.216.34", false), ("224.0.0.1", true), ("::1", true), ("::", true),
        ("fe80::1", true), ("fd00::1", true), ("fc00::1", true), ("::ffff:127.0.0.1", true),
        ("::ffff:8.8.8.8", false), ("64:ff9b::a00:1", true), ("2606:4700::1111", false), ("ff02::1", true),
    ])
    func addressRanges(address: String, refused: Bool) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            #expect(AddressRanges.isPrivate(ipv4: withUnsafeBytes(of: &v4) { Array($0) }) == refused)
        } else {
            #expect(inet_pton(AF_INET6, address, &v6) == 1)
            #expect(AddressRanges.isPrivate(ipv6: withUnsafeBytes(of: &v6) { Array($0) }) == refused)
        }
    }
}
