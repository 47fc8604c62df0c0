import CopypastaX11

/// A paste the background server started, to be finished by `finishPaste`.
public struct PasteSessionHandle {
    let session: PasteSession
    /// Kept open until the paste ends.
    let keyboard: Keyboard
}
