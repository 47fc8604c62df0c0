import CopypastaSyncthing
import CopypastaSystem
import Glibc
import TestSupport
import Testing

/// The loopback HTTP client against a real server in a child process (Tests/Toolkits/http_fixture.py)
/// that answers well, chunked, until end of file, never, or with garbage.
@Suite struct HTTPClientTests {
    /// The fixture server and a client pointed at it.
    final class Fixture {
        let server: Child
        let port: String

        init() throws {
            let file = #filePath
            let tests = file[..<(file.firstRange(of: "/CopypastaSystemTests/")?.lowerBound ?? file.endIndex)]
            server = try Child(["/usr/bin/python3", tests + "/Toolkits/http_fixture.py"], stdin: false)
            guard let line = server.waitForLine("", seconds: 20), !line.isEmpty else {
                server.stop()
                throw SpawnError("the HTTP fixture did not print its port")
            }
            port = line
        }

        deinit { server.stop(grace: 1) }

        func client(timeout: Double = 5, headers: [(name: String, value: String)] = []) throws -> HTTPClient {
            try HTTPClient(address: "http://127.0.0.1:\(port)", headers: headers, timeout: timeout)
        }

        /// Runs `body` with a client while the server is kept alive.
        static func with<T>(timeout: Double = 5, _ body: (HTTPClient) throws -> T) throws -> T {
            let fixture = try Fixture()
            return try withExtendedLifetime(fixture) { try body(fixture.client(timeout: timeout)) }
        }
    }

    @Test func sendsMethodHeadersAndBodyAndReadsContentLength() throws {
        let fixture = try Fixture()
        let response = try withExtendedLifetime(fixture) {
            try fixture.client(headers: [("X-API-Key", "secret")]).request(.patch, "/echo", body: Array(#"{"a":1}"#.utf8))
        }
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.text.contains(#""method": "PATCH""#))
        #expect(response.text.contains(#""x-api-key": "secret""#))
        #expect(response.text.contains(#""connection": "close""#))
        #expect(response.text.contains(#""host": "127.0.0.1:\#(fixture.port)""#))
        #expect(response.text.contains(#""body": "{\"a\":1}""#))
    }

    @Test(arguments: [HTTPClient.Method.get, .post, .put, .delete])
    func everyMethodReachesTheServer(method: HTTPClient.Method) throws {
        let response = try Fixture.with { try $0.request(method, "/echo") }
        #expect(response.text.contains(#""method": "\#(method.rawValue)""#))
    }

    @Test func readsAChunkedBody() throws {
        #expect(try Fixture.with { try $0.get("/chunked") }.text == "hello, chunked world")
    }

    @Test func readsABodyThatEndsWithTheConnection() throws {
        #expect(try Fixture.with { try $0.get("/eof") }.text == "until the end")
    }

    @Test func aStatusIsReturnedNotThrown() throws {
        let response = try Fixture.with { try $0.get("/status/403") }
        #expect(response.status == 403)
        #expect(!response.isSuccess)
        #expect(response.text == "no")
    }

    /// Steps `exchange` as an event loop does, waiting only in poll(2) on its descriptor; each
    /// step must return at once. The response, or the error it ended with.
    static func drive(_ exchange: HTTPExchange) -> Result<HTTPResponse, HTTPError> {
        while true {
            var entry = exchange.pollDescriptor
            _ = poll(&entry, 1, Int32(max(0, exchange.deadline - Clock.now()) * 1000) + 1)
            let before = Clock.now()
            let step: HTTPResponse?
            do throws(HTTPError) {
                step = try exchange.advance()
            } catch {
                return .failure(error)
            }
            #expect(Clock.now() - before < 0.2, "a step does not wait")
            if let step { return .success(step) }
        }
    }

    @Test func anExchangeDrivenStepByStepReadsTheResponse() throws {
        let fixture = try Fixture()
        let result = try withExtendedLifetime(fixture) {
            Self.drive(try HTTPExchange(try fixture.client(), .post, "/echo", body: Array(#"{"b":2}"#.utf8)))
        }
        let response = try result.get()
        #expect(response.status == 200 && response.text.contains(#""body": "{\"b\":2}""#))
    }

    @Test func anExchangeWithAServerThatNeverAnswersEndsAtItsDeadlineWithoutWaiting() throws {
        let fixture = try Fixture()
        let start = Clock.now()
        let result = try withExtendedLifetime(fixture) {
            Self.drive(try HTTPExchange(try fixture.client(timeout: 0.5), .get, "/hang"))
        }
        #expect(throws: HTTPError.timeout(address: "http://127.0.0.1:\(fixture.port)", seconds: 0.5)) { try result.get() }
        #expect(Clock.now() - start < 3)
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        try Fixture.with(timeout: 0.5) { client in
            let start = Clock.now()
            #expect(throws: HTTPError.timeout(address: client.address.text, seconds: 0.5)) { try client.get("/hang") }
            #expect(Clock.now() - start < 3)
        }
    }

    @Test func garbageAndShortBodiesAreBadResponses() throws {
        try Fixture.with { client in
            for path in ["/garbage", "/short"] {
                #expect {
                    try client.get(path)
                } throws: { error in
                    guard case .badResponse = error as? HTTPError else { return false }
                    return true
                }
            }
        }
    }

    @Test func nothingListeningIsRefused() throws {
        // Bind a port and close it again: nothing listens there afterwards.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                _ = bind(fd, $0, length)
                _ = getsockname(fd, $0, &length)
            }
        }
        close(fd)
        let client = try HTTPClient(address: "http://localhost:\(UInt16(bigEndian: address.sin_port))")
        #expect {
            try client.get("/rest/system/ping")
        } throws: { error in
            guard case .refused = error as? HTTPError else { return false }
            return (error as? HTTPError)?.exitStatus == .unavailable
        }
    }

    @Test(arguments: ["http://192.168.1.2:8384", "http://example.com", "10.0.0.1:80"])
    func anAddressOffThisMachineIsRefused(address: String) {
        #expect(throws: HTTPError.notLoopback(address)) { try HTTPClient(address: address) }
    }

    @Test func addressesParse() throws {
        let plain = try HTTPAddress("127.0.0.1:8384")
        #expect(plain.port == 8384 && plain.host == "127.0.0.1" && plain.prefix == "")
        let v6 = try HTTPAddress("http://[::1]:22000/prefix/")
        #expect(v6.host == "::1" && v6.port == 22000 && v6.prefix == "/prefix")
        #expect(v6.text == "http://[::1]:22000/prefix")
        #expect(try HTTPAddress("http://LOCALHOST").port == 80)
        #expect(throws: HTTPError.self) { try HTTPAddress("https://127.0.0.1:8384") }
        #expect(throws: HTTPError.badAddress("http://127.0.0.1:0")) { try HTTPAddress("http://127.0.0.1:0") }
        #expect(throws: HTTPError.badAddress("http://127.0.0.1:http")) { try HTTPAddress("http://127.0.0.1:http") }
    }
}
