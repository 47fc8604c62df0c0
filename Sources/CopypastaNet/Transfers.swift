import CCurl

/// Runs `requests` at the same time on one curl multi handle, at most `concurrency` transfers
/// at once, each with its own limits and redirects followed as `perform` follows them. Returns
/// one result per request, in the order of `requests`. Blocks until all are done (each within
/// its own deadline).
public func performAll(_ requests: [HTTPRequest], concurrency: Int) -> [Result<HTTPReply, NetError>] {
    _ = Libcurl.ready
    guard let multi = curl_multi_init() else {
        return requests.map { _ in .failure(.transport("libcurl could not start transfers")) }
    }
    defer { curl_multi_cleanup(multi) }
    var flights = TransferFlights(requests, multi: multi)
    var waiting = Array(requests.indices.reversed())
    while !waiting.isEmpty || !flights.isIdle {
        while flights.count < max(1, concurrency), let next = waiting.popLast() { flights.launch(next) }
        guard !flights.isIdle else { continue }
        var running: Int32 = 0
        _ = curl_multi_perform(multi, &running)
        flights.collectFinished()
        if !flights.isIdle { _ = curl_multi_poll(multi, nil, 0, 1000, nil) }
    }
    return flights.results.map { $0 ?? .failure(.transport("transfer not run")) }
}

/// The transfers of one `performAll` call: each request's redirect chain and current hop.
private struct TransferFlights {
    private let requests: [HTTPRequest]
    private let multi: UnsafeMutableRawPointer
    private let start = Monotonic.now
    private var chains: [RedirectChain]
    private var active: [UnsafeMutableRawPointer: (index: Int, hop: Hop)] = [:]
    /// The result of each request once it is done.
    private(set) var results: [Result<HTTPReply, NetError>?]

    init(_ requests: [HTTPRequest], multi: UnsafeMutableRawPointer) {
        self.requests = requests
        self.multi = multi
        chains = requests.map(RedirectChain.init)
        results = Array(repeating: nil, count: requests.count)
    }

    /// How many transfers run.
    var count: Int { active.count }
    /// Whether none runs.
    var isIdle: Bool { active.isEmpty }

    /// Starts the next hop of request `index`, or records why it cannot start.
    mutating func launch(_ index: Int) {
        let remaining = requests[index].deadline - (Monotonic.now - start)
        guard remaining > 0 else {
            results[index] = .failure(.timeout)
            return
        }
        do {
            let chain = chains[index]
            let hop = try Hop(requests[index], url: chain.url, method: chain.method, body: chain.body, remaining: remaining)
            guard curl_multi_add_handle(multi, hop.handle) == CURLM_OK else {
                results[index] = .failure(.transport("libcurl could not add a transfer"))
                return
            }
            active[hop.handle] = (index, hop)
        } catch {
            results[index] = .failure(error)
        }
    }

    /// Takes the hops libcurl has finished: a redirect starts the next hop, anything else is a result.
    mutating func collectFinished() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                let (index, hop) = active.removeValue(forKey: handle)
            else { continue }
            let code = message.pointee.data.result
            _ = curl_multi_remove_handle(multi, handle)
            do {
                let outcome = try hop.outcome(code)
                guard let next = outcome.redirect, requests[index].maxRedirects > 0 else {
                    results[index] = .success(outcome.reply)
                    continue
                }
                try chains[index].follow(to: next, status: outcome.reply.status)
                launch(index)
            } catch {
                results[index] = .failure(error)
            }
        }
    }
}
