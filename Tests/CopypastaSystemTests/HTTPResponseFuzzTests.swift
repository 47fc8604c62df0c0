import Testing

@testable import CopypastaSyncthing

/// Inputs the fuzzer (`make fuzz`, target `http`) found, fed to the parser it found them in.
@Suite struct HTTPResponseFuzzTests {
    /// A chunk size near Int.max after a first chunk overflowed the body's length check and
    /// trapped; it is a body too large, like any other.
    @Test func aHugeChunkSizeAfterAChunkIsTooLarge() {
        let bytes = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n7fffffffffffffff\r\n".utf8)
        for atEnd in [false, true] {
            #expect {
                try HTTPResponse.parse(bytes, atEnd: atEnd)
            } throws: { error in
                (error as? HTTPParseFailure)?.reason == "the body is too large"
            }
        }
    }
}
