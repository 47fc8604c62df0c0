/// One item of another clipboard manager's history, as read before anything is imported.
public enum ForeignClip: Sendable, Equatable {
    /// A text (valid UTF-8).
    case text(String)
    /// An item that is not text (an image, bytes that are not UTF-8): skipped and counted.
    case notText
    /// A text longer than max-bytes, skipped without being read; `bytes` is its length.
    case tooLong(bytes: Int)

    /// The item for `bytes`: text when they are valid, non-empty UTF-8.
    public static func decoding(_ bytes: some Collection<UInt8>) -> ForeignClip {
        guard !bytes.isEmpty, let text = String(validating: bytes, as: UTF8.self) else { return .notText }
        return .text(text)
    }
}
