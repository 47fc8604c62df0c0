import CCurl

extension Hop {
    /// What a finished hop gave: the reply, and where it redirects to (a 3xx with a Location).
    struct Outcome {
        /// The response of this hop.
        var reply: HTTPReply
        /// The absolute URL of the next hop, for a redirect.
        var redirect: String?
    }

    /// The outcome of the hop once libcurl has finished it with `code`.
    func outcome(_ code: CURLcode) throws(NetError) -> Outcome {
        guard code == CURLE_OK else { throw error(code) }
        var status = 0
        _ = ccurl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var location: UnsafeMutablePointer<CChar>?
        _ = ccurl_get_string(handle, CURLINFO_REDIRECT_URL, &location)
        let redirect = (300..<400).contains(status) ? location.map { String(cString: $0) } : nil
        return Outcome(
            reply: HTTPReply(status: status, headers: received.headers, body: received.body, effectiveURL: url),
            redirect: redirect)
    }

    /// The NetError for a libcurl failure, told apart with what the callbacks saw.
    private func error(_ code: CURLcode) -> NetError {
        if let refused = received.refused { return .privateAddress(refused) }
        if received.exceeded || code == CURLE_FILESIZE_EXCEEDED { return .tooLarge(received.cap) }
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timeout
        case CURLE_COULDNT_RESOLVE_HOST: return .dns(URLParts(url)?.host ?? url)
        case CURLE_UNSUPPORTED_PROTOCOL: return .badScheme(url)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS:
            return .tls(message(code))
        default: return .transport(message(code))
        }
    }
}
