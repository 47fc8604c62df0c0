import CopypastaCore

/// The import targets: files and outputs of other clipboard managers, and copypasta's own export.
extension FuzzTarget {
    /// A small max-bytes, so that both texts and too-long items occur.
    private static let maxBytes = 64

    /// Each line, as `copypasta import` reads them.
    static func jsonl(_ bytes: [UInt8]) {
        for (index, line) in bytes.split(separator: 0x0A).enumerated() {
            _ = try? JSONLines.decode(line, lineNumber: index + 1)
        }
    }

    /// The input as clipmenu's `line_cache`.
    static func clipmenu(_ bytes: [UInt8]) {
        _ = try? ClipmenuStore.hashes(lineCache: bytes)
    }

    /// The input as greenclip's history file.
    static func greenclip(_ bytes: [UInt8]) {
        _ = try? GreenclipHistory.items(bytes, maxBytes: maxBytes)
    }

    /// The input as the output of `cliphist list`.
    static func cliphist(_ bytes: [UInt8]) {
        _ = try? CliphistList.items(bytes)
    }

    /// The input as the output of CopyQ running `CopyqDump.script`.
    static func copyq(_ bytes: [UInt8]) {
        _ = try? CopyqDump.items(bytes, maxBytes: maxBytes)
    }
}
