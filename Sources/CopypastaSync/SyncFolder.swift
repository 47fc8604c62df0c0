import CopypastaCore
import FoundationEssentials
import Glibc

/// The synced folder (`sync-folder`) and its layout (docs/DESIGN.md §14.1):
///
///     copypasta-sync.json          write-once marker: format, key check
///     devices/<dev>/device.json    name, X25519 public key (plaintext)
///     devices/<dev>/k-<peer>.box   the history key sealed to <peer>
///     devices/<dev>/s-<seq>.cps    a segment; p-<seq>.cps a pack
///     devices/<dev>/.cp-tmp-*      temporary files of atomic writes
///
/// Only `<dev>` writes into `devices/<dev>/`, so no file ever has two writers and a file-sync
/// engine never sees a conflict. Nothing is written unless the marker is there: a missing
/// marker means the folder is not mounted (or not synced yet), and writing into the bare
/// mount point would hide files from the real folder.
public struct SyncFolder: Sendable {
    /// The folder's path.
    public let root: String

    /// The marker's file name.
    public static let markerName = "copypasta-sync.json"
    /// The folder format this version writes and reads.
    public static let format = 1
    /// Segments and packs larger than this are refused unread.
    public static let maxFileBytes = 64 << 20

    /// The folder at `root` (nothing is checked or created).
    public init(root: String) {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
    }

    /// `devices/` in the folder.
    public var devicesDirectory: String { root + "/devices" }

    /// The directory of one device.
    public func directory(of device: String) -> String { devicesDirectory + "/" + device }

    /// Writes the marker for `key` unless one is there; returns whether it wrote one. Creates the
    /// folder itself when only it is missing (its parent exists), never a missing parent.
    @discardableResult
    public func createMarker(key: SyncKey) throws(SyncError) -> Bool {
        if !FileIO.isDirectory(root) {
            if mkdir(root, 0o700) != 0 && errno != EEXIST {
                throw errno == ENOENT || errno == ENOTDIR ? .unmounted(folder: root) : .system(errno, path: root)
            }
        }
        let marker = Array(#"{"format":\#(Self.format),"keyCheck":"\#(key.keyCheck)"}"#.utf8) + [10]
        return try FileIO.writeOnce(
            marker, directory: root, name: Self.markerName, temporary: ".cp-tmp-marker-\(FileIO.randomName(8))")
    }

    /// Whether the marker file is there (checkMarker tells whether it fits a key).
    public var hasMarker: Bool { access(root + "/" + Self.markerName, F_OK) == 0 }

    /// Checks that the marker is there, of a known format, and made with `key`.
    public func checkMarker(key: SyncKey) throws(SyncError) {
        let keyCheck = try readMarker()
        guard !keyCheck.isEmpty, Self.constantTimeEqual(Array(keyCheck.utf8), Array(key.keyCheck.utf8)) else {
            throw .wrongKey(folder: root)
        }
    }

    /// Throws `.unmounted` unless the marker is there (of a known format); for writes that need no key.
    public func requireMarker() throws(SyncError) {
        _ = try readMarker()
    }

    /// The marker's key check; `.unmounted` when there is none.
    private func readMarker() throws(SyncError) -> String {
        let path = root + "/" + Self.markerName
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path, limit: 64 << 10)
        } catch let .io(_, reason) {
            guard access(path, F_OK) != 0 else { throw .io(path: path, reason: reason) }
            throw .unmounted(folder: root)
        } catch let .readOnly(_, reason) {
            throw .io(path: path, reason: reason)
        } catch .corrupt {
            throw .unsupportedFormat(folder: root, found: "(not a file)")
        }
        struct Marker: Decodable {
            var format: Int
            var keyCheck: String?
        }
        guard let marker = try? JSONDecoder().decode(Marker.self, from: Data(bytes)) else {
            throw .unsupportedFormat(folder: root, found: "(unreadable)")
        }
        guard marker.format == Self.format else { throw .unsupportedFormat(folder: root, found: String(marker.format)) }
        return marker.keyCheck ?? ""
    }

    /// Whether two byte strings are equal, in time that does not depend on where they differ.
    static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
