/// Reading CopyQ's clipboard tab through its command line (`copyq eval SCRIPT`), which talks to
/// the running CopyQ server.
///
/// The script prints the number of items, then per item, newest (row 0) first, either `-` (no
/// text/plain format: an image, say) or the byte length of its text/plain data, a new line, the
/// bytes and a new line. Lengths make any text, new lines and NUL included, unambiguous. The
/// script has no backslash: copyq's command line reads escapes in its arguments.
public enum CopyqDump {
    /// The script for `copyq eval`.
    public static let script = """
        tab(config('clipboard_tab')); var nl = String.fromCharCode(10); var n = size(); print(n + nl); \
        for (var i = 0; i < n; ++i) { \
        if (str(read('?', i)).split(nl).indexOf('text/plain') < 0) { print('-' + nl); continue; } \
        var d = read('text/plain', i); print(d.length + nl); print(d); print(nl); }
        """

    /// The items of the script's `output`, newest first; throws a data error when the output is
    /// not what the script prints (CopyQ printed an error instead, say).
    public static func items(_ output: [UInt8], maxBytes: Int) throws(CoreError) -> [ForeignClip] {
        var offset = 0
        func line() throws(CoreError) -> String {
            guard let end = output[offset...].firstIndex(of: 0x0A) else { throw problem(offset) }
            defer { offset = end + 1 }
            return String(decoding: output[offset..<end], as: UTF8.self)
        }
        guard let count = Int(try line()), count >= 0 else { throw problem(0) }
        var items: [ForeignClip] = []
        for _ in 0..<count {
            let header = try line()
            if header == "-" {
                items.append(.notText)
                continue
            }
            guard let length = Int(header), length >= 0, output.count - offset > length, output[offset + length] == 0x0A else {
                throw problem(offset)
            }
            let bytes = output[offset..<offset + length]
            items.append(length > maxBytes ? .tooLong(bytes: length) : .decoding(bytes))
            offset += length + 1
        }
        guard offset == output.count else { throw problem(offset) }
        return items
    }

    private static func problem(_ offset: Int) -> CoreError {
        .data("copyq did not list its items as expected (at byte \(offset) of its output); is CopyQ running?")
    }
}
