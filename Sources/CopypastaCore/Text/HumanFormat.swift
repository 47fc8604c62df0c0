/// Sizes and durations as people read them in `status`.
public enum HumanFormat {
    /// A size with a binary unit and one decimal, like `53.6 MiB`; bytes are exact (`512 B`).
    public static func bytes(_ bytes: Int) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// A duration in seconds as its two largest units, like `3 d 4 h` or `12 min 5 s`.
    public static func duration(_ seconds: Int) -> String {
        let units = [("d", 86_400), ("h", 3600), ("min", 60), ("s", 1)]
        var left = max(0, seconds)
        var parts: [String] = []
        for (name, size) in units where left >= size || (name == "s" && parts.isEmpty) {
            parts.append("\(left / size) \(name)")
            left %= size
            if parts.count == 2 { break }
        }
        return parts.joined(separator: " ")
    }
}
