import CopypastaCore

/// Errors of the X11 layer.
public enum X11Error: CopypastaFailure, Equatable {
    /// No display name was given and DISPLAY is not set.
    case noDisplay
    /// The display could not be opened.
    case cannotOpen(String)
    /// The X server lacks the XFixes extension.
    case noXFixes(String)
    /// The selection could not be owned (another client took it at once, or the server refused).
    case ownershipNotConfirmed(String)
    /// The connection to the X server broke.
    case connectionLost(String)
    /// The X server lacks an extension that synthetic input needs (XTEST, XKEYBOARD).
    case noExtension(String, String)
    /// A paste keystroke names a key the keyboard does not have.
    case unknownKey(String)

    /// Every X11 failure means the display is unavailable (exit 69, copypasta(1) EXIT STATUS).
    public var exitStatus: ExitStatus { .unavailable }

    /// The one-line message shown after `copypasta: `.
    public var description: String {
        switch self {
        case .noDisplay:
            "DISPLAY is not set; run inside an X11 session (under systemd: systemctl --user import-environment DISPLAY XAUTHORITY)"
        case let .cannotOpen(name):
            "cannot open X display \(name); is the X server running and is XAUTHORITY right?"
        case let .noXFixes(name):
            "the X server on \(name) has no XFixes extension, which copypasta needs to watch the clipboard"
        case let .ownershipNotConfirmed(selection):
            "could not take ownership of \(selection); another client owns it"
        case let .connectionLost(name):
            "lost connection to X display \(name)"
        case let .noExtension(extensionName, name):
            "the X server on \(name) has no \(extensionName) extension, which paste and type need to send keys"
        case let .unknownKey(keystroke):
            "the keystroke \(keystroke) names a key this keyboard does not have; check paste-keys"
        }
    }
}
