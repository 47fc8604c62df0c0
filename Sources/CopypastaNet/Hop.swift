import CCurl
import Glibc

/// One request and its response on a libcurl easy handle, with the callbacks that collect the
/// body under its cap, collect the final response's headers, and refuse a private address at
/// the moment of connecting. `perform` runs hops one after another (following redirects);
/// a concurrent driver can run many hops' handles in a curl multi handle.
final class Hop {
    /// The easy handle (libcurl's `CURL *`).
    let handle: UnsafeMutableRawPointer
    /// The URL this hop requests.
    let url: String
    /// What the callbacks collected so far.
    private(set) var received: Received
    private var checksAddresses: Bool
    private let publicAddresses: Set<String>
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

    /// Sets up a hop for `url` with the limits of `request` and `remaining` seconds.
    init(_ request: HTTPRequest, url: String, method: String, body: [UInt8]?, remaining: Double) throws(NetError) {
        guard let parts = URLParts(url), parts.isWeb else { throw .badScheme(url) }
        guard let handle = curl_easy_init() else { throw .transport("libcurl could not start a transfer") }
        self.handle = handle
        self.url = url
        received = Received(cap: request.maxBytes)
        publicAddresses = request.publicAddresses
        checksAddresses = !request.allowPrivateAddresses
        let proxy = ProxyEnvironment.proxy(for: parts)
        if proxy != nil && checksAddresses {
            // The connection goes to the proxy; judge the addresses of the target instead.
            checksAddresses = false
            for address in try AddressRanges.resolve(parts.host) where address.isPrivate {
                guard publicAddresses.contains(address.text) else { throw .privateAddress(address.text) }
            }
        }
        configure(request, method: method, body: body, remaining: remaining, proxy: proxy ?? "")
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
    }

    private func configure(_ request: HTTPRequest, method: String, body: [UInt8]?, remaining: Double, proxy: String) {
        _ = ccurl_set_string(handle, CURLOPT_URL, url)
        _ = ccurl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = ccurl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = ccurl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        _ = ccurl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        _ = ccurl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        _ = ccurl_set_string(handle, CURLOPT_PROXY, proxy)
        _ = ccurl_set_string(handle, CURLOPT_NOPROXY, "")
        _ = ccurl_set_string(handle, CURLOPT_USERAGENT, "Mozilla/5.0 (X11; Linux x86_64) copypasta")
        _ = ccurl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(remaining * 1000)))
        _ = ccurl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(min(request.connectDeadline, remaining) * 1000)))
        _ = ccurl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(received.cap))
        _ = errorBuffer.withUnsafeMutableBufferPointer { ccurl_set_pointer(handle, CURLOPT_ERRORBUFFER, $0.baseAddress) }
        for header in request.headers {
            headerList = curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        if let headerList { _ = ccurl_set_pointer(handle, CURLOPT_HTTPHEADER, headerList) }
        if method == "POST" || body != nil {
            let bytes = body ?? []
            _ = ccurl_set_long(handle, CURLOPT_POST, 1)
            _ = ccurl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
            _ = bytes.withUnsafeBytes {
                ccurl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress))
            }
        } else if method != "GET" {
            _ = ccurl_set_string(handle, CURLOPT_CUSTOMREQUEST, method)
        }
        installCallbacks()
    }

    private func installCallbacks() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = ccurl_set_data_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let context, let data else { return 0 }
            return Unmanaged<Hop>.fromOpaque(context).takeUnretainedValue().receive(data, size * count)
        }
        _ = ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = ccurl_set_data_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let context, let data else { return 0 }
            Unmanaged<Hop>.fromOpaque(context).takeUnretainedValue().header(data, size * count)
            return size * count
        }
        _ = ccurl_set_pointer(handle, CURLOPT_OPENSOCKETDATA, context)
        _ = ccurl_set_opensocket(handle) { context, _, address in
            guard let context, let address else { return CURL_SOCKET_BAD }
            return Unmanaged<Hop>.fromOpaque(context).takeUnretainedValue().openSocket(address)
        }
    }

    private func receive(_ data: UnsafeMutablePointer<CChar>, _ length: Int) -> Int {
        guard received.body.count + length <= received.cap else {
            received.exceeded = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) {
            received.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
        return length
    }

    private func header(_ data: UnsafeMutablePointer<CChar>, _ length: Int) {
        // Bytes, not Characters: "\r\n" is one Character in Swift, and the line ends in it.
        var bytes = data.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
        while let last = bytes.last, last == 13 || last == 10 { bytes.removeLast() }
        if bytes.starts(with: Array("HTTP/".utf8)) {
            received.headers = []  // a new response (after 100 Continue or a proxy's CONNECT): keep the last
            return
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
        let value = bytes[(colon + 1)...].drop { $0 == 32 || $0 == 9 }
        received.headers.append((String(decoding: bytes[..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }

    private func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        let family = address.pointee.family
        if checksAddresses {
            let judged = withUnsafeMutablePointer(to: &address.pointee.addr) { AddressRanges.classify($0) }
            guard let judged, !judged.isPrivate || publicAddresses.contains(judged.text) else {
                received.refused = judged?.text ?? "address family \(family)"
                return CURL_SOCKET_BAD
            }
        }
        return socket(family, address.pointee.socktype, address.pointee.protocol)
    }

    /// A libcurl failure in words: its error buffer when it wrote one, else the code's text.
    func message(_ code: CURLcode) -> String {
        let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }
}

/// What a hop's callbacks collect.
struct Received {
    /// The body cap of the request.
    let cap: Int
    /// The body so far (decoded).
    var body: [UInt8] = []
    /// The headers of the latest response.
    var headers: [(name: String, value: String)] = []
    /// Whether the body passed the cap (the transfer was aborted).
    var exceeded = false
    /// The address refused at connect, if one was.
    var refused: String?
}
