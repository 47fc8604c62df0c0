import CopypastaCore
import CopypastaStore
import CopypastaSystem
import Glibc

extension Copypasta.Export {
    /// `export --files DIR ID…`: copies each entry's document (under its name) and link archive
    /// (a folder `ID-archive`) into DIR, which is created when missing. These are copies for the
    /// user; the library's own files are never moved or changed. An existing name is never
    /// overwritten: ` (2)`, ` (3)`… is added. Prints one line per copy made.
    func exportFiles(_ store: HistoryStore, to directory: String) throws {
        try PrivateDirectory.create(directory)
        var copied = 0
        for reference in entries {
            let id = try reference.id(in: store)
            var found = false
            if let file = try store.file(id: id), let source = try store.filePath(id: id) {
                found = true
                if store.payloads.exists(.documents, file.folder) {
                    try copy(source, to: Self.freeName(file.name, in: directory))
                    copied += 1
                } else {
                    Terminal.writeAll(2, Array("copypasta: entry \(id): its file \(file.name) is missing\n".utf8))
                }
            }
            if let link = try store.link(id: id), let folder = link.folder {
                found = true
                if store.payloads.exists(.links, folder) {
                    try copy(store.payloads.path(.links, folder), to: Self.freeName("\(id)-archive", in: directory))
                    copied += 1
                } else {
                    Terminal.writeAll(2, Array("copypasta: entry \(id): archive: missing\n".utf8))
                }
            }
            if !found { Terminal.writeAll(2, Array("copypasta: entry \(id) carries no file and no archive\n".utf8)) }
        }
        Output.standard.flush()
        guard copied > 0 else { throw CoreError.data("nothing was copied to \(directory)") }
    }

    /// `cp -R` without a shell: a file, or a folder with everything in it.
    private func copy(_ source: String, to target: String) throws {
        let child = try Spawn.start(
            ["cp", "-R", "--", source, target], environment: [:], stdin: false, stdout: false, stderr: false)
        guard Spawn.reap(child.pid) == 0 else { throw PayloadError.io(path: target, reason: "cp could not copy \(source)") }
        Output.standard.write(target + "\n")
    }

    /// `name` in `directory`, or `name (2)`, `name (3)`… (before the extension) when taken.
    static func freeName(_ name: String, in directory: String) -> String {
        var candidate = directory + "/" + name
        var number = 2
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        while access(candidate, F_OK) == 0 {
            candidate = directory + "/" + stem + " (\(number))" + suffix
            number += 1
        }
        return candidate
    }
}
