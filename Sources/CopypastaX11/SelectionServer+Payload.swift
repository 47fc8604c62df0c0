import CX11
import CopypastaCore

extension SelectionServer {
    /// One target served as a property: its type, format and data as Xlib holds it
    /// (format 32 as C longs, format 16 as shorts).
    struct Item {
        let target: Atom
        let type: Atom
        let format: Int32
        let bytes: [UInt8]
        /// Whether it is one of the text's encodings: only their delivery counts as a `paste` fetch.
        var isText = false

        /// Bytes per element in `bytes`.
        var unit: Int { format == 32 ? MemoryLayout<CLong>.size : format == 16 ? 2 : 1 }
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
        init(text: String?, extra: [Item], atoms: Atoms) {
            var items: [Item] = []
            if let text {
                let utf8 = Array(text.utf8)
                for target in [atoms.utf8String, atoms.textPlainUTF8, atoms.textPlain] {
                    items.append(
                        Item(
                            target: target, type: target == atoms.textPlain ? atoms.textPlain : target, format: 8, bytes: utf8,
                            isText: true))
                }
                if let latin1 = TextDecoding.latin1Bytes(text) {
                    items.append(Item(target: atoms.string, type: atoms.string, format: 8, bytes: latin1, isText: true))
                }
                items.append(Item(target: atoms.text, type: atoms.utf8String, format: 8, bytes: utf8, isText: true))
            }
            let taken = Set(items.map(\.target))
            self.items = items + extra.filter { !taken.contains($0.target) }
            self.text = text
        }

        /// The item served for `target`.
        func item(for target: Atom) -> Item? {
            items.first { $0.target == target }
        }
    }
}
