import Glibc
import TestSupport

/// Stores of clipboard managers that Debian does not package (clipmenu, greenclip, cliphist),
/// built byte for byte in the formats their sources define, since the real programs cannot be
/// installed to write them.
enum ForeignFixtures {
    /// Writes `bytes` to `path`, creating the file.
    static func write(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    static func littleEndian(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func bigEndian(_ value: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// clipmenu 7's store in `directory`: `clips` oldest first (copied in that order). Each clip
    /// is a 256-byte snip (u64 hash, one-byte doomed flag, u64 line count, first line) after a
    /// 256-byte header (u64 count, u64 allocated); its text is in HASH/1, the hash clipmenu's
    /// 64-bit djb2 of the bytes. Two extra records are allocated but unused, as clipmenu grows
    /// the file in batches.
    static func clipmenu(_ directory: String, clips: [[UInt8]]) {
        mkdir(directory, 0o700)
        let allocated = UInt64(clips.count + 2)
        var file = littleEndian(UInt64(clips.count)) + littleEndian(allocated) + [UInt8](repeating: 0, count: 240)
        for clip in clips {
            let hash = clip.reduce(UInt64(5381)) { ($0 &<< 5) &+ $0 &+ UInt64($1) }
            let line = Array(clip.split(separator: 0x0A).first ?? [])
            var snip = littleEndian(hash) + [0] + littleEndian(UInt64(clip.count { $0 == 0x0A } + 1)) + Array(line.prefix(238))
            snip += [UInt8](repeating: 0, count: 256 - snip.count)
            file += snip
            mkdir("\(directory)/\(hash)", 0o700)
            write("\(directory)/\(hash)/1", clip)
        }
        file += [UInt8](repeating: 0, count: 512)
        write(directory + "/line_cache", file)
    }

    /// One greenclip selection: (application, constructor 0 text / 1 PNG, content bytes).
    typealias GreenclipItem = (app: String, constructor: UInt8, content: [UInt8])

    /// greenclip's history file: Data.Binary's encoding of the list, newest first (a
    /// big-endian 64-bit count, then per item the app name as length and UTF-8 bytes, the
    /// constructor byte and the content as length and bytes).
    static func greenclip(_ items: [GreenclipItem]) -> [UInt8] {
        var bytes = bigEndian(UInt64(items.count))
        for item in items {
            bytes += bigEndian(UInt64(item.app.utf8.count)) + Array(item.app.utf8)
            bytes += [item.constructor] + bigEndian(UInt64(item.content.count)) + item.content
        }
        return bytes
    }

    /// A stand-in `cliphist` in `directory` that answers `list` (newest first, `ID<TAB>preview`,
    /// binary items as `[[ binary data … ]]`) and `decode ID` (the exact bytes) from the files it
    /// is given, as cliphist does from its database. `items` are newest first.
    static func cliphist(_ directory: String, items: [(id: Int, bytes: [UInt8], binary: Bool)]) {
        mkdir(directory, 0o700)
        mkdir(directory + "/items", 0o700)
        var list: [UInt8] = []
        for item in items {
            let preview =
                item.binary
                ? "[[ binary data 1 KiB png 1x1 ]]"
                : String(decoding: item.bytes, as: UTF8.self)
                    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            list += Array("\(item.id)\t\(preview)\n".utf8)
            write("\(directory)/items/\(item.id)", item.bytes)
        }
        write(directory + "/list", list)
        let script = """
            #!/bin/sh
            case "$1" in
            list) exec cat '\(directory)/list' ;;
            decode) exec cat '\(directory)/items/'"$2" ;;
            *) echo "cliphist stand-in: unknown command $1" >&2; exit 2 ;;
            esac

            """
        write(directory + "/cliphist", Array(script.utf8))
        chmod(directory + "/cliphist", 0o755)
    }
}
