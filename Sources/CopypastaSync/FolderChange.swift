/// What a `FolderWatcher` saw since the last drain.
public enum FolderChange: Equatable, Sendable {
    /// These files (absolute paths) were created, finished or renamed into place; may be empty.
    case files([String])
    /// List the whole folder again: the kernel's queue overflowed, a directory appeared (its files
    /// may have arrived before its watch), or the folder itself went away or came back.
    case rescan
}
