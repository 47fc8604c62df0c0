import CopypastaX11

/// A paste the background server started, to be finished by `finishPaste`.
public struct PasteSessionHandle {
    let session: PasteSession
    /// Kept open until the paste ends.
    let keyboard: Keyboard

    /// Whether the previous CLIPBOARD content was known and is put back: then the background
    /// server must live on to hold it; otherwise it exits once the paste is done (docs/DESIGN.md §11).
    public var putsPreviousBack: Bool { session.previous != nil }
}
