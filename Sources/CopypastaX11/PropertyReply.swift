import CX11

/// One XGetWindowProperty result, copied out of Xlib's buffer.
struct PropertyReply {
    /// The property's type atom (None when the property does not exist).
    let type: Atom
    /// 8, 16 or 32.
    let format: Int32
    /// The raw data; for format 32 these are C longs (8 bytes each on x86_64, as Xlib stores them).
    let bytes: [UInt8]
    /// Bytes left unread after `bytes`.
    let bytesAfter: Int

    /// Reads up to `maxBytes` of `property` on `window`, optionally deleting it
    /// once it has been read whole; nil when the request fails (BadWindow).
    init?(display: OpaquePointer, window: Window, property: Atom, delete: Bool, maxBytes: Int) {
        var actualType: Atom = 0
        var actualFormat: Int32 = 0
        var items: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let longs = (maxBytes + 3) / 4
        let status = XGetWindowProperty(
            display, window, property, 0, longs, delete ? True : False, Atom(AnyPropertyType),
            &actualType, &actualFormat, &items, &after, &data)
        guard status == Success else { return nil }
        defer { if let data { XFree(data) } }
        let unit = actualFormat == 32 ? MemoryLayout<CLong>.size : Int(actualFormat) / 8
        type = actualType
        format = actualFormat
        bytesAfter = Int(after)
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: Int(items) * unit)) } ?? []
    }

    /// Format-32 data as unsigned longs (atoms, windows, integers).
    var longs: [UInt] {
        guard format == 32 else { return [] }
        return bytes.withUnsafeBytes { raw in
            (0..<raw.count / MemoryLayout<UInt>.size).map {
                raw.loadUnaligned(fromByteOffset: $0 * MemoryLayout<UInt>.size, as: UInt.self)
            }
        }
    }
}
