/// The output of `cliphist list` (sentriz/cliphist): one line per item, newest first,
/// `ID<TAB>preview`. An image's preview is `[[ binary data SIZE FORMAT WxH ]]`; its bytes are
/// not text. `cliphist decode ID` writes an item's bytes exactly.
public enum CliphistList {
    /// One listed item.
    public struct Item: Sendable, Equatable {
        /// cliphist's id, for `cliphist decode`.
        public var id: UInt64
        /// True when the preview says the item is binary data (an image).
        public var isBinary: Bool
    }

    /// The items of `output`, newest first; throws a data error for a line that does not start
    /// with an id and a tab.
    public static func items(_ output: [UInt8]) throws(CoreError) -> [Item] {
        var items: [Item] = []
        for (index, line) in output.split(separator: 0x0A, omittingEmptySubsequences: true).enumerated() {
            guard let tab = line.firstIndex(of: 0x09), let id = UInt64(String(decoding: line[..<tab], as: UTF8.self)) else {
                throw .data("line \(index + 1) of cliphist list does not start with an id and a tab")
            }
            let preview = line[(tab + 1)...]
            items.append(Item(id: id, isBinary: preview.starts(with: Array("[[ binary data ".utf8))))
        }
        return items
    }
}
