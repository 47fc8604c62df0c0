import CSQLite
import Glibc

/// `copypasta_bm25(entry_fts, size)`: FTS5's own bm25 score of the current hit, equal to the last
/// bit, for less work per hit than SQLite 3.40's `bm25()` does.
///
/// bm25() builds the hit's instance array (every position of every phrase, merged in order) and
/// reads it back one instance at a time, and it looks up the document's length with a statement
/// step on the docsize table per hit. On the bench history those two were four fifths of what
/// ranking cost (a few entries of a megabyte hold a word twenty thousand times). This function
/// counts each phrase's positions with xPhraseFirst/xPhraseNext, and takes the length from the
/// docsize row the query joins (`size`: one varint of tokens per column), falling back to
/// xColumnSize when that row is missing. The rest is bm25's: the average length, each phrase's
/// IDF from a pass over its rows (xQueryPhrase), k1 = 1.2, b = 0.75 and the order of every
/// floating-point operation, so the scores are bm25's, not only their order (docs/DESIGN.md §7;
/// the store tests compare the two on every kind of query).
///
/// A third argument, when true, asks for bm25's order only: with a single phrase its IDF is one
/// factor common to every hit, so the pass over all of that phrase's rows that computes it is
/// skipped (for `"the invoice"` at a million entries it read both words' lists with positions
/// from end to end, the larger half of the query). `EntrySelection.score` asks for this.
enum RankFunction {
    /// The SQL name of the function.
    static let name = "copypasta_bm25"

    /// Registers the function on the connection `handle`; returns an SQLite result code
    /// (SQLITE_ERROR when the library has no FTS5 or an API older than the one used here).
    static func register(on handle: OpaquePointer) -> Int32 {
        guard let api = csqlite_fts5_api(handle), api.pointee.iVersion >= 2, let create = api.pointee.xCreateFunction
        else { return SQLITE_ERROR }
        return create(api, name, nil, rank, nil)
    }
}

/// bm25's constants: term-frequency saturation and length normalisation.
private let k1 = 1.2
private let b = 0.75

/// The aux function FTS5 calls for each hit. The score is negative, as bm25's: lower is better.
private func rank(
    _ api: UnsafePointer<Fts5ExtensionApi>?, _ context: OpaquePointer?, _ result: OpaquePointer?, _ count: Int32,
    _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let api, let context else {
        sqlite3_result_error_code(result, SQLITE_MISUSE)
        return
    }
    let size = count > 0 ? values?[0] : nil
    let orderOnly = count > 1 && sqlite3_value_int(values?[1]) != 0
    var score = 0.0
    let status = sumTerms(into: &score, api.pointee, context, size: size, orderOnly: orderOnly)
    if status == SQLITE_OK {
        sqlite3_result_double(result, -1.0 * score)
    } else {
        sqlite3_result_error_code(result, status)
    }
}

/// Sums bm25's terms over the query's phrases, in phrase order as bm25 does.
private func sumTerms(
    into score: inout Double, _ api: Fts5ExtensionApi, _ context: OpaquePointer, size: OpaquePointer?, orderOnly: Bool
) -> Int32 {
    guard let phraseCount = api.xPhraseCount, let first = api.xPhraseFirst, let next = api.xPhraseNext else {
        return SQLITE_MISUSE
    }
    let phrases = Int(phraseCount(context))
    var query: UnsafeMutablePointer<Double>?
    var status = queryFigures(api, context, phrases: phrases, orderOnly: orderOnly, into: &query)
    guard status == SQLITE_OK, let query else { return status }
    var tokens: Int32 = 0
    status = documentLength(api, context, size: size, into: &tokens)
    guard status == SQLITE_OK else { return status }
    let length = Double(tokens)
    let averageLength = query[0]
    for phrase in 0..<phrases {
        var iterator = Fts5PhraseIter()
        var column: Int32 = 0
        var offset: Int32 = 0
        status = first(context, Int32(phrase), &iterator, &column, &offset)
        guard status == SQLITE_OK else { return status }
        var instances = 0
        while column >= 0 {
            instances += 1
            next(context, &iterator, &column, &offset)
        }
        let frequency = Double(instances)
        score += query[1 + phrase] * ((frequency * (k1 + 1.0)) / (frequency + k1 * (1 - b + b * length / averageLength)))
    }
    return SQLITE_OK
}

/// The figures that hold for the whole query, computed at its first hit and kept as FTS5 aux
/// data: the average document length, then the IDF of each phrase (1 for a lone phrase when only
/// the order is asked for).
private func queryFigures(
    _ api: Fts5ExtensionApi, _ context: OpaquePointer, phrases: Int, orderOnly: Bool,
    into figures: inout UnsafeMutablePointer<Double>?
) -> Int32 {
    guard let get = api.xGetAuxdata, let set = api.xSetAuxdata, let rowCount = api.xRowCount,
        let totalSize = api.xColumnTotalSize, let queryPhrase = api.xQueryPhrase
    else { return SQLITE_MISUSE }
    if let kept = get(context, 0) {
        figures = kept.assumingMemoryBound(to: Double.self)
        return SQLITE_OK
    }
    guard let memory = sqlite3_malloc64(UInt64((1 + phrases) * MemoryLayout<Double>.stride)) else { return SQLITE_NOMEM }
    let values = memory.bindMemory(to: Double.self, capacity: 1 + phrases)
    var rows: Int64 = 0
    var tokens: Int64 = 0
    var status = rowCount(context, &rows)
    if status == SQLITE_OK { status = totalSize(context, -1, &tokens) }
    if status == SQLITE_OK { values[0] = Double(tokens) / Double(rows) }
    var phrase = 0
    if orderOnly && phrases == 1 {
        values[1] = 1.0
        phrase = 1
    }
    while status == SQLITE_OK && phrase < phrases {
        var hits: Int64 = 0
        status = queryPhrase(context, Int32(phrase), &hits, countRow)
        var idf = log((Double(rows - hits) + 0.5) / (Double(hits) + 0.5))
        if idf <= 0.0 { idf = 1e-6 }
        values[1 + phrase] = idf
        phrase += 1
    }
    if status == SQLITE_OK { status = set(context, memory, sqlite3_free) } else { sqlite3_free(memory) }
    if status == SQLITE_OK { figures = values }
    return status
}

/// xQueryPhrase's callback: counts the rows that hold the phrase.
private func countRow(_ api: UnsafePointer<Fts5ExtensionApi>?, _ context: OpaquePointer?, _ count: UnsafeMutableRawPointer?)
    -> Int32
{
    count?.assumingMemoryBound(to: Int64.self).pointee += 1
    return SQLITE_OK
}

/// The hit's length in tokens over all columns: decoded from its docsize row (one SQLite varint
/// per column), or asked of FTS5 when the row is missing or not of that shape.
private func documentLength(_ api: Fts5ExtensionApi, _ context: OpaquePointer, size: OpaquePointer?, into tokens: inout Int32)
    -> Int32
{
    guard let columnCount = api.xColumnCount, let columnSize = api.xColumnSize else { return SQLITE_MISUSE }
    if let size, sqlite3_value_type(size) == SQLITE_BLOB, let blob = sqlite3_value_blob(size),
        let decoded = sumOfVarints(
            UnsafeRawBufferPointer(start: blob, count: Int(sqlite3_value_bytes(size))), count: Int(columnCount(context)))
    {
        tokens = decoded
        return SQLITE_OK
    }
    return columnSize(context, -1, &tokens)
}

/// The sum of the first `count` varints of `bytes` (SQLite's big-endian base-128 encoding), or nil
/// when there are fewer or one is longer than a 32-bit value needs.
private func sumOfVarints(_ bytes: UnsafeRawBufferPointer, count: Int) -> Int32? {
    var sum: Int32 = 0
    var index = 0
    for _ in 0..<count {
        var value: UInt32 = 0
        var length = 0
        while true {
            guard index < bytes.count, length < 5 else { return nil }
            let byte = bytes[index]
            index += 1
            length += 1
            value = value << 7 | UInt32(byte & 0x7F)
            if byte < 0x80 { break }
        }
        let (total, overflow) = sum.addingReportingOverflow(Int32(truncatingIfNeeded: value))
        guard !overflow else { return nil }
        sum = total
    }
    return sum
}
