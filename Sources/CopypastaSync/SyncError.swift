import CopypastaCore
import CopypastaSystem
import Glibc

/// What can go wrong with the sync folder, the keys and sealed files (docs/DESIGN.md §14).
///
/// Each case says in one line what happened and what to do. Exit statuses: a folder that cannot
/// be written is an I/O error (74), and the daemon retries it; a key that does not fit the
/// folder is refused like a wrong passphrase (77); a damaged or forged file is bad data (65);
/// sync not set up on this machine, or a folder of a newer format, is a configuration problem
/// (78); a mistyped join code is bad usage (64); an unknown device is like an unknown id (66).
public enum SyncError: CopypastaFailure, Equatable {
    /// The folder has no `copypasta-sync.json`: not mounted, not synced here yet, or never set up.
    case unmounted(folder: String)
    /// The folder or a file in it cannot be written (EROFS, EACCES, EPERM).
    case readOnly(path: String, reason: String)
    /// The file system is full (ENOSPC, EDQUOT).
    case full(path: String)
    /// Any other failed system call, with the C library's reason.
    case io(path: String, reason: String)
    /// The folder's key check does not match this machine's key.
    case wrongKey(folder: String)
    /// The folder's marker has a format this version does not know (or is not a marker).
    case unsupportedFormat(folder: String, found: String)
    /// A sealed file is short, garbled, too large, or its header does not match its name.
    case corrupt(path: String, reason: String)
    /// A sealed file fails authentication: another key, or altered bytes.
    case decrypt(path: String)
    /// `sync-folder` is not set in the configuration.
    case notConfigured
    /// This machine has no history key (`sync.key`) yet.
    case noKey(path: String)
    /// This machine has no device identity (`device.key`) yet.
    case noIdentity(path: String)
    /// A local key file exists but is not one of ours.
    case badKeyFile(path: String, reason: String)
    /// The join code is mistyped.
    case badCode(String)
    /// No device with this id wrote a `device.json` into the folder.
    case noSuchDevice(String)
    /// A device's public key does not have the fingerprint the user expected.
    case fingerprintMismatch(device: String, expected: String, found: String)
    /// The folder already holds a history whose key this machine does not have.
    case joinInstead(folder: String)
    /// This machine has a key of another history than the folder's.
    case otherHistory(keyFile: String, folder: String)

    public var exitStatus: ExitStatus {
        switch self {
        case .unmounted, .readOnly, .full, .io: .ioError
        case .wrongKey, .fingerprintMismatch: .noPermission
        case .corrupt, .decrypt, .badKeyFile: .dataError
        case .notConfigured, .noKey, .noIdentity, .unsupportedFormat, .joinInstead, .otherHistory: .badConfig
        case .badCode: .usage
        case .noSuchDevice: .noSuchEntry
        }
    }

    public var description: String {
        switch self {
        case let .unmounted(folder):
            "no copypasta-sync.json in \(folder): the folder is not mounted, not synced here yet, or not set up (copypasta sync init)"
        case let .readOnly(path, reason): "cannot write \(path): \(reason) (is the sync folder read-only?)"
        case let .full(path): "cannot write \(path): the file system is full"
        case let .io(path, reason): "\(path): \(reason)"
        case let .wrongKey(folder):
            "the sync folder \(folder) belongs to another history key; join it with 'copypasta sync join'"
        case let .unsupportedFormat(folder, found):
            "\(folder)/copypasta-sync.json has format \(found), which this copypasta does not know; upgrade copypasta"
        case let .corrupt(path, reason): "\(path) is damaged: \(reason); it is ignored"
        case let .decrypt(path): "\(path) does not open with this history's key (another key, or altered); it is ignored"
        case .notConfigured: "sync-folder is not set; set it in the config file to a directory inside a synced folder"
        case let .noKey(path): "no history key (\(path)): run 'copypasta sync init' or 'copypasta sync join' first"
        case let .noIdentity(path): "no device identity (\(path)): run 'copypasta sync init' or 'copypasta sync join' first"
        case let .badKeyFile(path, reason): "\(path) is not a copypasta key file: \(reason)"
        case let .badCode(reason): "the join code is mistyped: \(reason)"
        case let .noSuchDevice(device): "no device \(device) in the sync folder (see 'copypasta sync pending')"
        case let .fingerprintMismatch(device, expected, found):
            "device \(device) has fingerprint \(found), not \(expected): nothing was approved"
        case let .joinInstead(folder):
            "\(folder) already holds a synced history with another key; run 'copypasta sync join' on this machine instead"
        case let .otherHistory(keyFile, folder):
            "this machine's key (\(keyFile)) is not the key of \(folder); move it away to join this history (entries keep their ids only in one history)"
        }
    }

    /// The error for a failed system call on `path`: read-only and full file systems by name.
    static func system(_ code: Int32, path: String) -> SyncError {
        switch code {
        case EROFS, EACCES, EPERM: .readOnly(path: path, reason: SystemError.describe(code))
        case ENOSPC, EDQUOT: .full(path: path)
        default: .io(path: path, reason: SystemError.describe(code))
        }
    }
}
