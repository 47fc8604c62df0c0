import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta.Import {
    /// Imports another manager's history: all of it is read and checked first, then stored in
    /// the importer's short batches, newest first, below the existing history, so that the
    /// manager's order is kept. A malformed store stops before the first write.
    func importForeign(_ config: Config) throws {
        let clips = try ForeignHistory.read(from, at: file, maxBytes: config.maxBytes)
        try global.changeHistory { store, _ in
            var notText = 0, oversized = 0
            let app = from.rawValue
            var started: Importer?
            let summary: ImportSummary
            do {
                summary = try store.importEntries(maxEntries: config.maxEntries) { importer in
                    started = importer
                    for clip in clips {
                        switch clip {
                        case let .text(text):
                            try importer.add(ImportRecord(text: text, source: EntrySource.imported.rawValue, sourceApp: app))
                        case .notText: notText += 1
                        case .tooLong: oversized += 1
                        }
                    }
                }
            } catch let failure as CopypastaFailure {
                throw CopypastaExit.stopped(failure, kept: started?.summary.imported ?? 0)
            }
            var note =
                "imported \(summary.imported) entries from \(app), skipped \(summary.duplicates) duplicates, "
                + "\(notText) non-text items and \(oversized) entries longer than max-bytes"
            if summary.removedByRetention > 0 {
                note += ", removed \(summary.removedByRetention) old entries (max-entries = \(config.maxEntries))"
            }
            Terminal.warn(note)
        }
    }
}
