import CopypastaCore
import CopypastaSystem
import Glibc

/// What a link archive's sync blob reads of its folder (docs/DESIGN.md §14.2, "Link archives in
/// sync"): its regular files and their sizes (`PayloadSource` packs them, `PayloadExtraction`
/// writes them back), and a file's bytes for the reader text.
extension PayloadArea {
    /// The bytes of `relative` inside a folder; a file over `limit` bytes, a symbolic link or a
    /// name that leaves the folder is refused.
    public func readFile(_ kind: Kind, _ folder: String, _ relative: String, limit: Int) throws(PayloadError) -> [UInt8] {
        guard Self.isFolderName(folder) else { throw .badFolder(folder) }
        guard Self.isRelative(relative) else { throw .badName(relative) }
        let file = path(kind, folder) + "/" + relative
        let fd = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw .io(path: file, reason: SystemError.describe(errno)) }
        defer { close(fd) }
        do throws(FileInput.Failure) {
            return try FileInput.readAll(fd, limit: limit)
        } catch {
            switch error {
            case .tooLarge: throw .tooLarge(path: file, size: Int64(limit) + 1, limit: Int64(limit))
            case let .system(code): throw .io(path: file, reason: SystemError.describe(code))
            }
        }
    }

    /// The total size of the regular files under link archive `folder` (symbolic links and
    /// anything else left out, as the pack leaves them out); nil when it is not there.
    public func archiveSize(_ folder: String) -> Int64? {
        guard Self.isFolderName(folder), exists(.links, folder) else { return nil }
        return archiveFiles(folder).reduce(0) { $0 + $1.size }
    }

    /// The regular files under link archive `folder`, by their names relative to it, sorted;
    /// hidden names (a `.partial-` file of an unfinished write) and symbolic links are left out.
    func archiveFiles(_ folder: String) -> [(name: String, size: Int64)] {
        var files: [(name: String, size: Int64)] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = path(.links, folder) + (relative.isEmpty ? "" : "/" + relative)
            for name in (try? PayloadFile.names(in: directory)) ?? [] where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard lstat(directory + "/" + name, &status) == 0, ArchivePack.nameProblem(child) == nil else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: pending.append(child)
                case S_IFREG: files.append((child, Int64(status.st_size)))
                default: continue
                }
            }
        }
        return files.sorted { $0.name < $1.name }
    }
}
