import CCurl
import Glibc

/// The scheme and host of a URL, as libcurl's own parser reads them (so the checks here judge
/// the same URL the transfer fetches).
struct URLParts {
    /// "http" or "https" (lowercase), or whatever else the URL names.
    var scheme: String
    /// The host name or address literal, without IPv6 brackets.
    var host: String

    /// Parses `url`; nil when libcurl does not read it as an absolute URL with a host.
    init?(_ url: String) {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, url, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK,
            let scheme = Self.part(handle, CURLUPART_SCHEME), let host = Self.part(handle, CURLUPART_HOST)
        else { return nil }
        self.scheme = scheme.lowercased()
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    private static func part(_ handle: OpaquePointer, _ which: CURLUPart) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, which, &value, 0) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }

    /// Whether this is a URL the fetch accepts at all.
    var isWeb: Bool { scheme == "http" || scheme == "https" }
}

/// The proxy libcurl would take from the environment for a URL, decided here so that the
/// private-address check knows whether the connection goes to the target or to a proxy.
/// libcurl's rules: `http_proxy` (lowercase only) for http, `https_proxy` or `HTTPS_PROXY` for
/// https, then `all_proxy` or `ALL_PROXY`; `no_proxy` or `NO_PROXY` lists hosts (and their
/// subdomains) reached directly, `*` all of them.
enum ProxyEnvironment {
    /// The proxy URL for `parts`, or nil for a direct connection.
    static func proxy(for parts: URLParts) -> String? {
        let names = parts.scheme == "http" ? ["http_proxy"] : ["https_proxy", "HTTPS_PROXY"]
        guard let proxy = (names + ["all_proxy", "ALL_PROXY"]).lazy.compactMap(variable).first else { return nil }
        let exempt = (variable("no_proxy") ?? variable("NO_PROXY") ?? "").split(separator: ",")
        let host = parts.host.lowercased()
        for entry in exempt {
            var name = entry.filter { $0 != " " }.lowercased()
            if name == "*" { return nil }
            if name.hasPrefix(".") { name.removeFirst() }
            if host == name || host.hasSuffix("." + name) { return nil }
        }
        return proxy
    }

    private static func variable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
