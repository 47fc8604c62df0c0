import CopypastaCore

/// The fingerprint of a device's public key, for a person to compare on two screens.
///
/// 100 bits of BLAKE2b of the key, as 20 base32 characters in 4 groups of 5
/// (`ABCDE-FGHIJ-KLMNO-PQRST`): short enough to read aloud, far beyond what
/// an attacker could match by generating keys.
public enum DeviceFingerprint {
    /// The fingerprint of `publicKey`.
    public static func of(publicKey: [UInt8]) -> String {
        let digest = Sodium.blake2b(Array("copypasta device key ".utf8) + publicKey, length: 16)
        let text = Array(Base32.encode(digest).uppercased().utf8.prefix(20))
        return stride(from: 0, to: 20, by: 5).map { String(decoding: text[$0..<$0 + 5], as: UTF8.self) }
            .joined(separator: "-")
    }

    /// `text` as a person may type a fingerprint (either case, with or without dashes or spaces),
    /// in the form `of` prints; for comparisons.
    public static func normalized(_ text: String) -> String {
        let letters = Array(text.uppercased().utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ") })
        guard letters.count == 20 else { return String(decoding: letters, as: UTF8.self) }
        return stride(from: 0, to: 20, by: 5).map { String(decoding: letters[$0..<$0 + 5], as: UTF8.self) }
            .joined(separator: "-")
    }
}
