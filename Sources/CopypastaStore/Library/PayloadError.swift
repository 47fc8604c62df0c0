import CopypastaCore

/// Errors of the payload area (`PayloadArea`): files a library item carries.
public enum PayloadError: CopypastaFailure, Equatable {
    /// A directory or file of the area could not be made.
    case cannotCreate(path: String, reason: String)
    /// Reading, writing, syncing or removing a file failed.
    case io(path: String, reason: String)
    /// A file is larger than `max-file-size`; nothing was copied.
    case tooLarge(path: String, size: Int64, limit: Int64)
    /// The file to copy in is not there, or is not a regular file.
    case notAFile(path: String, reason: String)
    /// A folder name that `PayloadArea.newFolder` cannot have made (a damaged row).
    case badFolder(String)
    /// A name inside a folder that would leave it (`..`, an absolute path, an empty component).
    case badName(String)

    public var exitStatus: ExitStatus {
        switch self {
        case .cannotCreate: .cannotCreate
        case .io: .ioError
        case .tooLarge, .badFolder, .badName: .dataError
        case .notAFile: .noSuchEntry
        }
    }

    public var description: String {
        switch self {
        case let .cannotCreate(path, reason):
            "cannot create \(path): \(reason)"
        case let .io(path, reason):
            "cannot write \(path): \(reason)"
        case let .tooLarge(path, size, limit):
            "\(path) is \(size) bytes, more than max-file-size (\(limit >> 20) MB); nothing was stored "
                + "(raise max-file-size to keep it)"
        case let .notAFile(path, reason):
            "cannot read \(path): \(reason)"
        case let .badFolder(folder):
            "\(Visible.quoted(folder, limit: 60)) is not a payload folder name; the database may be damaged"
        case let .badName(name):
            "\(Visible.quoted(name, limit: 60)) is not a file name inside a payload folder"
        }
    }
}
