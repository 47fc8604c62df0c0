import CopypastaCore

/// The AI assistant's results stored with their entries (`Schema.aiResults`).
extension HistoryStore {
    /// The stored result of entry `id`, or nil when the assistant never ran on it (or it was cleared).
    public func aiResult(id: Int64) throws(StoreError) -> AIResult? {
        let sql = "SELECT summary, key_points, tags, model, at FROM entry_ai WHERE entry_id = ?"
        return try database.with(sql, [id]) { row throws(StoreError) in
            guard try row.step() else { return nil }
            return AIResult(
                summary: row.text(0), keyPoints: Self.lines(row.text(1)), tags: Self.lines(row.text(2)),
                model: row.text(3) ?? "", at: Timestamp(microseconds: row.int(4)))
        }
    }

    /// Stores a summary and its key points for entry `id`, replacing an earlier one; the
    /// suggested tags stay. The summary becomes the entry's searchable `summary` body.
    public func setAISummary(id: Int64, summary: String, keyPoints: [String], model: String, at: Timestamp)
        throws(StoreError)
    {
        try database.transaction { () throws(StoreError) in
            try requireExisting([id])
            try database.run(
                """
                INSERT INTO entry_ai (entry_id, summary, key_points, model, at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (entry_id) DO UPDATE SET summary = excluded.summary, key_points = excluded.key_points,
                    model = excluded.model, at = excluded.at
                """, id, summary, keyPoints.joined(separator: "\n"), model, at.microseconds)
            try setBodyInTransaction(id: id, source: .summary, text: summary)
        }
    }

    /// Stores the suggested tags of entry `id`, replacing earlier ones; the summary stays.
    public func setAITags(id: Int64, tags: [String], model: String, at: Timestamp) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try requireExisting([id])
            try database.run(
                """
                INSERT INTO entry_ai (entry_id, tags, model, at) VALUES (?, ?, ?, ?)
                ON CONFLICT (entry_id) DO UPDATE SET tags = excluded.tags, model = excluded.model, at = excluded.at
                """, id, tags.joined(separator: "\n"), model, at.microseconds)
        }
    }

    /// Removes the stored result of entry `id` and its searchable summary; whether there was one.
    @discardableResult
    public func clearAIResult(id: Int64) throws(StoreError) -> Bool {
        try database.transaction { () throws(StoreError) -> Bool in
            try requireExisting([id])
            let had = try database.scalarInt("SELECT 1 FROM entry_ai WHERE entry_id = ?", id) != nil
            try database.run("DELETE FROM entry_ai WHERE entry_id = ?", id)
            try setBodyInTransaction(id: id, source: .summary, text: nil)
            return had
        }
    }

    /// Library items `ai-auto` runs on, newest first: links and documents the user added or
    /// imported from bookmarks (`libraryItem`, read through their own small index, never the
    /// history's) without AI results, neither secure, local-only nor in the trash, and
    /// no link whose archive is still pending (its readable text is what gets sent).
    public func aiAutoCandidates(limit: Int) throws(StoreError) -> [Int64] {
        try database.with(
            """
            SELECT e.id FROM entry e INDEXED BY entry_library_by_seq LEFT JOIN entry_link l ON l.entry_id = e.id
            WHERE e.trashed_at IS NULL AND \(Self.libraryItem) AND e.secure = 0 AND e.sync_local = 0
                AND (l.archive IS NULL OR l.archive != 'pending')
                AND NOT EXISTS (SELECT 1 FROM entry_ai a WHERE a.entry_id = e.id)
            ORDER BY e.seq DESC LIMIT ?
            """, [Int64(limit)]
        ) { row throws(StoreError) in
            var ids: [Int64] = []
            while try row.step() { ids.append(row.int(0)) }
            return ids
        }
    }

    /// Whether entry `id` was marked local-only (`copypasta local`): such an entry never leaves
    /// this machine, to another device or to an AI provider.
    public func isLocalOnly(id: Int64) throws(StoreError) -> Bool {
        try database.scalarInt("SELECT sync_local FROM entry WHERE id = ?", id) == 1
    }

    /// The items of a stored list (one per line).
    private static func lines(_ text: String?) -> [String] {
        (text ?? "").split(separator: "\n").map(String.init)
    }
}
