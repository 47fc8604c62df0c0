import CopypastaClient
import CopypastaCore
import CopypastaSystem
import Glibc

/// Where `import --from` reads: JSON Lines (copypasta's own export), another clipboard manager,
/// or a browser's bookmarks (`BookmarkSource`).
enum ForeignManager: String, CaseIterable {
    case jsonl, clipmenu, greenclip, cliphist, copyq, bookmarks, firefox, chromium

    /// Whether this source is a browser's bookmarks.
    var isBookmarks: Bool { self == .bookmarks || self == .firefox || self == .chromium }
}

/// Reads another clipboard manager's whole history into memory, newest first, before anything
/// is imported: a store that turns out to be malformed is a data error (65) and nothing is
/// imported. Texts longer than max-bytes are counted without being kept.
enum ForeignHistory {
    /// The most bytes a store file may have (clipmenu's line_cache, greenclip's history).
    static let fileLimit = 1 << 30

    /// The clips of `manager`'s history at `location` (its default place when nil), newest first.
    static func read(_ manager: ForeignManager, at location: String?, maxBytes: Int) throws -> [ForeignClip] {
        switch manager {
        case .jsonl, .bookmarks, .firefox, .chromium: []
        case .clipmenu:
            try clipmenu(location ?? ClipmenuStore.directory(environment: Environment.values, uid: getuid()), maxBytes)
        case .greenclip:
            try GreenclipHistory.items(readFile(location ?? Environment.home + "/.cache/greenclip.history"), maxBytes: maxBytes)
                .map(\.clip)
        case .cliphist: try cliphist(database: location, maxBytes)
        case .copyq: try CopyqDump.items(run(["copyq", "eval", CopyqDump.script], manager: "copyq"), maxBytes: maxBytes)
        }
    }

    /// clipmenu 7: the snips of line_cache, newest first, each with the file of its hash.
    private static func clipmenu(_ directory: String, _ maxBytes: Int) throws -> [ForeignClip] {
        let hashes = try ClipmenuStore.hashes(lineCache: readFile(directory + "/line_cache"))
        var known: [UInt64: ForeignClip] = [:]
        return try hashes.reversed().map { hash in
            if let clip = known[hash] { return clip }
            let path = "\(directory)/\(hash)/1"
            var stats = stat()
            guard stat(path, &stats) == 0 else {
                throw CoreError.data("the clipmenu store \(directory) lists clip \(hash) but has no file \(path)")
            }
            let clip: ForeignClip =
                Int(stats.st_size) > maxBytes ? .tooLong(bytes: Int(stats.st_size)) : .decoding(try readFile(path))
            known[hash] = clip
            return clip
        }
    }

    /// cliphist: `cliphist list`, then `cliphist decode ID` for each text item.
    private static func cliphist(database: String?, _ maxBytes: Int) throws -> [ForeignClip] {
        let command = ["cliphist"] + (database.map { ["-db-path", $0] } ?? [])
        return try CliphistList.items(run(command + ["list"], manager: "cliphist")).map { item in
            guard !item.isBinary else { return .notText }
            let bytes = try run(command + ["decode", String(item.id)], manager: "cliphist")
            return bytes.count > maxBytes ? .tooLong(bytes: bytes.count) : .decoding(bytes)
        }
    }

    /// The output of `argv`; a program that cannot start or fails is `unavailable` (69).
    private static func run(_ argv: [String], manager: String) throws -> [UInt8] {
        let result: (status: Int32, output: [UInt8])
        do {
            result = try Launcher.run(argv, input: [])
        } catch {
            throw ForeignImportFailure(message: "cannot run \(argv[0]) to read the \(manager) history; is it installed?")
        }
        guard result.status == 0 else {
            let verb = argv.first { !$0.hasPrefix("-") && $0 != argv[0] } ?? ""
            throw ForeignImportFailure(
                message: "\(argv[0]) \(verb) failed (exit \(result.status)); is \(manager) set up and running?")
        }
        return result.output
    }

    /// The whole file at `path`.
    private static func readFile(_ path: String) throws -> [UInt8] {
        try FileInput.readFile(
            path, limit: fileLimit,
            tooLarge: { CoreError.data("\(path) is larger than \(fileLimit >> 20) MiB; it is not a clipboard history") },
            unreadable: { CoreError.data("cannot read \(path): \(SystemError.describe($0))") })
    }
}

/// Another clipboard manager's program could not be run or failed: nothing was imported.
struct ForeignImportFailure: CopypastaFailure {
    let message: String
    var exitStatus: ExitStatus { .unavailable }
    var description: String { message }
}
