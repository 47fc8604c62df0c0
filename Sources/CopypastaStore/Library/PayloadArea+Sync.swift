import CopypastaCore
import CopypastaSystem
import Glibc

/// A link archive's folder to and from its sync blob (docs/DESIGN.md §14.2, "Link archives in
/// sync"): the folder's regular files as `ArchivePack` members, and members written back as a
/// folder that appears whole or not at all.
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

    /// The files of link archive `folder` as pack members (at most `limit` bytes together).
    public func archiveMembers(_ folder: String, limit: Int) throws(PayloadError) -> [ArchivePack.Member] {
        guard Self.isFolderName(folder) else { throw .badFolder(folder) }
        var members: [ArchivePack.Member] = []
        var total = 0
        for file in archiveFiles(folder) {
            let bytes = try readFile(.links, folder, file.name, limit: max(0, limit - total))
            total += bytes.count
            members.append(ArchivePack.Member(name: file.name, bytes: bytes))
        }
        return members
    }

    /// Writes `members` as link archive `folder`: into a `.partial-` folder beside it, each file
    /// synced, then renamed into place and the directory synced, so a crash leaves no half
    /// archive under the folder's name (the start-up sweep removes a left `.partial-` folder).
    public func placeArchive(_ members: [ArchivePack.Member], folder: String) throws(PayloadError) {
        guard Self.isFolderName(folder) else { throw .badFolder(folder) }
        let links = directory(.links)
        let partial = links + "/" + Self.partialPrefix + Self.newFolder()
        do throws(PayloadError) {
            for member in members {
                guard ArchivePack.nameProblem(member.name) == nil else { throw PayloadError.badName(member.name) }
                try writeNew(member.bytes, to: partial + "/" + member.name)
            }
            try PayloadFile.syncDirectory(try made(partial))
            guard rename(partial, path(.links, folder)) == 0 else {
                throw PayloadError.io(path: path(.links, folder), reason: SystemError.describe(errno))
            }
            try PayloadFile.syncDirectory(links)
        } catch {
            try? PayloadFile.removeTree(partial)
            throw error
        }
    }

    /// A new 0600 file at `target` (its directories made 0700) holding `bytes`, synced.
    private func writeNew(_ bytes: [UInt8], to target: String) throws(PayloadError) {
        try made(String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)]))
        let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .cannotCreate(path: target, reason: SystemError.describe(errno)) }
        defer { close(fd) }
        try PayloadFile.writeAll(fd, bytes, path: target)
        try PayloadFile.sync(fd, path: target)
    }

    /// `directory`, made (0700, with its parents) when missing.
    @discardableResult
    private func made(_ directory: String) throws(PayloadError) -> String {
        do {
            try PrivateDirectory.create(directory)
        } catch {
            throw .cannotCreate(path: directory, reason: error.description)
        }
        return directory
    }

    /// The regular files under link archive `folder`, by their names relative to it, sorted;
    /// hidden names (a `.partial-` file of an unfinished write) and symbolic links are left out.
    private func archiveFiles(_ folder: String) -> [(name: String, size: Int64)] {
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
