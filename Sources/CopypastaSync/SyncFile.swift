/// One sealed file of the folder, `devices/<device>/[sp]-<seq>.cps`, as the listing found it.
public struct SyncFile: Hashable, Sendable {
    /// A segment (records written at one flush) or a pack (a device's whole state up to `seq`).
    public enum Kind: String, Sendable, CaseIterable {
        /// `s-<seq>.cps`, magic `CPS1`.
        case segment
        /// `p-<seq>.cps`, magic `CPP1`.
        case pack

        /// The 4 bytes a file of this kind starts with.
        var magic: [UInt8] { Array((self == .segment ? "CPS1" : "CPP1").utf8) }

        /// The first letter of the file name.
        var letter: Character { self == .segment ? "s" : "p" }

        /// The kind whose names start with `letter`.
        init?(letter: Character) {
            switch letter {
            case "s": self = .segment
            case "p": self = .pack
            default: return nil
            }
        }
    }

    /// The device that wrote it (its directory).
    public var device: String
    /// Segment or pack.
    public var kind: Kind
    /// Its sequence number, increasing per device.
    public var seq: Int64
    /// Its absolute path.
    public var path: String

    /// A file of `device` with this kind and seq.
    public init(device: String, kind: Kind, seq: Int64, path: String) {
        self.device = device
        self.kind = kind
        self.seq = seq
        self.path = path
    }

    /// The largest seq: 10 decimal digits.
    public static let maxSeq: Int64 = 9_999_999_999

    /// The file name of a file of `kind` and `seq`: `s-0000000042.cps`.
    public static func name(kind: Kind, seq: Int64) -> String {
        "\(kind.letter)-\(digits(seq)).cps"
    }

    /// `name` read back as a kind and seq; nil for any other name (the allow-list of the folder).
    public static func parse(name: String) -> (kind: Kind, seq: Int64)? {
        let utf8 = Array(name.utf8)
        guard utf8.count == 16, utf8[1] == UInt8(ascii: "-"), name.hasSuffix(".cps"),
            let kind = Kind(letter: Character(UnicodeScalar(utf8[0])))
        else { return nil }
        let number = utf8[2..<12]
        guard number.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let seq = Int64(String(decoding: number, as: UTF8.self))
        else { return nil }
        return (kind, seq)
    }

    /// `seq` as 10 decimal digits with leading zeros.
    static func digits(_ seq: Int64) -> String {
        precondition((0...maxSeq).contains(seq), "a seq has at most 10 digits")
        let text = String(seq)
        return String(repeating: "0", count: 10 - text.count) + text
    }
}
