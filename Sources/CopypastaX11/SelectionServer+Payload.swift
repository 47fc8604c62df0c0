import CX11
import CopypastaCore

extension SelectionServer {
    /// One target served as a property: its type, format and data as Xlib holds it
    /// (format 32 as C longs, format 16 as shorts).
    struct Item {
        let target: Atom
        let type: Atom
        let format: Int32
        /// The data: bytes of its own, or a text whose UTF-8 is served where the string keeps it.
        private let storage: Storage
        /// Whether it is one of the text's encodings: only their delivery counts as a `paste` fetch.
        let isText: Bool

        private enum Storage {
            case bytes([UInt8])
            case utf8(String)
        }

        /// An item holding `bytes`.
        init(target: Atom, type: Atom, format: Int32, bytes: [UInt8], isText: Bool = false) {
            self.target = target
            self.type = type
            self.format = format
            storage = .bytes(bytes)
            self.isText = isText
        }

        /// A format-8 encoding of `text` that is its UTF-8 as it stands: every such target shares
        /// the string's storage, so a 20 MiB entry is held once (docs/DESIGN.md §4).
        init(target: Atom, type: Atom, utf8 text: String) {
            self.target = target
            self.type = type
            format = 8
            storage = .utf8(text)
            isText = true
        }

        /// Bytes per element of the data.
        var unit: Int { format == 32 ? MemoryLayout<CLong>.size : format == 16 ? 2 : 1 }

        /// The size of the data in bytes.
        var count: Int {
            switch storage {
            case let .bytes(bytes): bytes.count
            case let .utf8(text): text.utf8.count
            }
        }

        /// The data as an array: shared with the item when it holds bytes, a copy of a text's UTF-8.
        var bytes: [UInt8] {
            switch storage {
            case let .bytes(bytes): bytes
            case let .utf8(text): Array(text.utf8)
            }
        }

        /// Calls `body` with the data in place.
        func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            switch storage {
            case let .bytes(bytes):
                return bytes.withUnsafeBufferPointer(body)
            case let .utf8(text):
                // A native string is contiguous UTF-8 (Payload makes sure of it); the copy is
                // only a fallback.
                return text.utf8.withContiguousStorageIfAvailable(body) ?? Array(text.utf8).withUnsafeBufferPointer(body)
            }
        }
    }

    /// What a selection we own offers: typed targets, shared by every transfer of them.
    ///
    /// A text copypasta restores is offered in its encodings; a clipboard saved from an
    /// exiting application keeps its original targets, with its text (if any) in the
    /// same encodings.
    final class Payload {
        /// The targets in the order TARGETS lists them.
        let items: [Item]
        /// The text, when the payload has one.
        let text: String?

        /// `text` (if any) in its encodings, followed by the `extra` targets.
        ///
        /// The UTF-8 targets serve the string's own storage. STRING (Latin-1) does too when the
        /// text is ASCII, where both encodings are the same bytes; only a text with other Latin-1
        /// characters gets a converted copy.
        init(text: String?, extra: [Item], atoms: Atoms) {
            var items: [Item] = []
            var text = text
            text?.makeContiguousUTF8()
            if let text {
                for target in [atoms.utf8String, atoms.textPlainUTF8, atoms.textPlain] {
                    items.append(Item(target: target, type: target == atoms.textPlain ? atoms.textPlain : target, utf8: text))
                }
                if Self.isASCII(text) {
                    items.append(Item(target: atoms.string, type: atoms.string, utf8: text))
                } else if let latin1 = TextDecoding.latin1Bytes(text) {
                    items.append(Item(target: atoms.string, type: atoms.string, format: 8, bytes: latin1, isText: true))
                }
                items.append(Item(target: atoms.text, type: atoms.utf8String, utf8: text))
            }
            let taken = Set(items.map(\.target))
            self.items = items + extra.filter { !taken.contains($0.target) }
            self.text = text
        }

        /// Whether every byte of `text` is ASCII (then its UTF-8 is its Latin-1).
        private static func isASCII(_ text: String) -> Bool {
            text.utf8.withContiguousStorageIfAvailable { bytes in
                // Eight bytes at a time: a 20 MiB text is checked in a few milliseconds.
                let words = bytes.count / 8
                var high: UInt64 = 0
                if let base = bytes.baseAddress {
                    let raw = UnsafeRawPointer(base)
                    for index in 0..<words { high |= raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) }
                }
                for byte in bytes[(words * 8)...] { high |= UInt64(byte) }
                return high & 0x8080_8080_8080_8080 == 0
            } ?? text.utf8.allSatisfy { $0 < 0x80 }
        }

        /// The item served for `target`.
        func item(for target: Atom) -> Item? {
            items.first { $0.target == target }
        }
    }
}
