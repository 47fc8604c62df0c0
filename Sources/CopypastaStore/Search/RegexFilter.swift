import CPCRE2
import CSQLite
import Glibc

/// `copypasta_regexp(N, text)`: whether pattern N of the current search matches `text`, with
/// PCRE2 (`re:PATTERN`, `search --regex`; docs/DESIGN.md §7, "Regular expressions").
///
/// The filter runs inside the query, so SQLite hands it each candidate's text as the bytes of
/// the row and no text becomes a Swift string. The patterns are compiled once per search (and
/// JIT-compiled where PCRE2 can); the function is registered on a connection at its first
/// regular-expression search, so the daemon, which never runs one, never touches PCRE2.
///
/// Two bounds keep a pathological pattern (`(a+)+$` over long runs of `a`) from hanging:
/// - per text, PCRE2's match, depth and heap limits: a text on which the pattern gives up counts
///   as not matching and is counted in `gaveUp`, which the command reports;
/// - per search, a deadline on the monotonic clock: the first call after it fails the statement,
///   and the search throws `regexDeadline` (exit 75) instead of showing a partial page.
final class RegexFilter {
    /// The SQL name of the function.
    static let name = "copypasta_regexp"

    /// PCRE2's match limit per text: backtracking steps before it gives up (its default is ten
    /// million, seconds of work for one text).
    static let matchLimit: UInt32 = 1_000_000
    /// PCRE2's depth limit per text (the interpreter; JIT code has a fixed stack instead).
    static let depthLimit: UInt32 = 10_000
    /// PCRE2's heap limit per text, in KiB.
    static let heapLimitKiB: UInt32 = 20_480

    private var patterns: [OpaquePointer] = []
    private var matchData: OpaquePointer?
    private let matchContext: OpaquePointer?
    private var deadline = timespec()
    /// Texts on which a pattern gave up (a PCRE2 limit) in the current search.
    private(set) var gaveUp = 0
    /// Whether the current search ran past its deadline.
    private(set) var expired = false

    init() {
        matchContext = pcre2_match_context_create_8(nil)
        if let matchContext {
            pcre2_set_match_limit_8(matchContext, Self.matchLimit)
            pcre2_set_depth_limit_8(matchContext, Self.depthLimit)
            pcre2_set_heap_limit_8(matchContext, Self.heapLimitKiB)
        }
    }

    deinit {
        release()
        pcre2_match_context_free_8(matchContext)
    }

    /// Compiles `sources` for a search that must end within `seconds`; throws `badRegex` naming
    /// the first pattern PCRE2 refuses.
    ///
    /// ^ and $ match at every line (PCRE2_MULTILINE), as grep's do on each line; \w, \d and
    /// caseless matching follow Unicode (PCRE2_UCP). `ignoreCase` adds PCRE2_CASELESS, as
    /// `(?i)` at the start of every pattern would.
    func prepare(_ sources: [String], ignoreCase: Bool, seconds: Double) throws(StoreError) {
        release()
        gaveUp = 0
        expired = false
        let options = PCRE2_UTF | PCRE2_UCP | PCRE2_MULTILINE | PCRE2_MATCH_INVALID_UTF | (ignoreCase ? PCRE2_CASELESS : 0)
        for source in sources {
            var code: Int32 = 0
            var offset = 0
            let compiled = source.utf8.withContiguousStorageIfAvailable { bytes in
                pcre2_compile_8(bytes.baseAddress, bytes.count, options, &code, &offset, nil)
            }
            guard let compiled = compiled ?? nil else { throw .badRegex(offset: offset, reason: Self.message(code)) }
            // Without JIT (no executable memory) PCRE2's interpreter matches the same, slower.
            _ = pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE)
            patterns.append(compiled)
        }
        matchData = pcre2_match_data_create_8(1, nil)
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let whole = seconds.rounded(.down)
        deadline.tv_sec += Int(whole)
        deadline.tv_nsec += Int((seconds - whole) * 1e9)
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
    }

    /// Registers the function on the connection `handle`, calling into this filter; the
    /// connection must not outlive it (`Database` owns both).
    func register(on handle: OpaquePointer) -> Int32 {
        sqlite3_create_function_v2(
            handle, Self.name, 2, SQLITE_UTF8 | SQLITE_DIRECTONLY, Unmanaged.passUnretained(self).toOpaque(), regexp, nil,
            nil, nil)
    }

    /// The outcome of one text.
    enum Outcome {
        /// The pattern matches the text.
        case match
        /// It does not, or gave up on the text (counted in `gaveUp`).
        case noMatch
        /// The search's deadline has passed; the text was not tried.
        case expired
    }

    /// Whether pattern `index` matches the `count` bytes at `bytes`.
    func matches(_ index: Int, _ bytes: UnsafePointer<UInt8>, count: Int) -> Outcome {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        if now.tv_sec > deadline.tv_sec || (now.tv_sec == deadline.tv_sec && now.tv_nsec >= deadline.tv_nsec) {
            expired = true
            return .expired
        }
        guard patterns.indices.contains(index) else { return .noMatch }
        let status = pcre2_match_8(patterns[index], bytes, count, 0, 0, matchData, matchContext)
        if status >= 0 { return .match }
        if status != PCRE2_ERROR_NOMATCH { gaveUp += 1 }
        return .noMatch
    }

    private func release() {
        for pattern in patterns { pcre2_code_free_8(pattern) }
        patterns = []
        pcre2_match_data_free_8(matchData)
        matchData = nil
    }

    /// PCRE2's message for a compile error code.
    private static func message(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        guard length > 0 else { return "error \(code)" }
        return String(decoding: buffer.prefix(Int(length)), as: UTF8.self)
    }
}

extension Database {
    /// Runs `body` with `patterns` compiled for `RegexFilter`, registering it on the first call;
    /// returns what `body` returns and the number of texts on which a pattern gave up. A
    /// statement that fails because the search ran past `seconds` throws `regexDeadline`.
    func withRegexes<T>(
        _ patterns: [String], ignoreCase: Bool, seconds: Double, _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> (T, gaveUp: Int) {
        guard !patterns.isEmpty else { return (try body(), 0) }
        let filter: RegexFilter
        if let regexFilter {
            filter = regexFilter
        } else {
            filter = RegexFilter()
            guard filter.register(on: handle) == SQLITE_OK else {
                throw failure(message: "cannot register \(RegexFilter.name)", in: "sqlite3_create_function_v2")
            }
            regexFilter = filter
        }
        try filter.prepare(patterns, ignoreCase: ignoreCase, seconds: seconds)
        do {
            return (try body(), filter.gaveUp)
        } catch {
            throw filter.expired ? .regexDeadline(seconds: seconds) : error
        }
    }
}

/// The SQL function: 1 on a match, 0 otherwise (a NULL text: a secure entry, whose text is not in
/// the table), an error once the search's deadline has passed.
private func regexp(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let context, let values, count == 2, let data = sqlite3_user_data(context) else {
        sqlite3_result_error_code(context, SQLITE_MISUSE)
        return
    }
    let filter = Unmanaged<RegexFilter>.fromOpaque(data).takeUnretainedValue()
    let text = values[1]
    guard sqlite3_value_type(text) != SQLITE_NULL else {
        sqlite3_result_int(context, 0)
        return
    }
    // For a TEXT value of a UTF-8 database these are its bytes as read, without a conversion or a
    // copy; the length is asked after the pointer, the order SQLite's documentation gives.
    let bytes = sqlite3_value_blob(text)?.assumingMemoryBound(to: UInt8.self)
    let length = Int(sqlite3_value_bytes(text))
    let index = Int(sqlite3_value_int(values[0]))
    let outcome =
        if let bytes {
            filter.matches(index, bytes, count: length)
        } else {
            withUnsafePointer(to: UInt8(0)) { filter.matches(index, $0, count: 0) }
        }
    switch outcome {
    case .match: sqlite3_result_int(context, 1)
    case .noMatch: sqlite3_result_int(context, 0)
    case .expired: sqlite3_result_error(context, "the regular expression search ran past its deadline", -1)
    }
}
