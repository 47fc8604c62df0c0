/// The keys of expiry: how long the trash and the history keep entries.
extension ConfigKey {
    /// `trash-days` and `max-age`, in documentation order.
    static let expiryKeys: [ConfigKey] = [
        .number("trash-days", 0...3650, expected: "a whole number of days from 0 (delete at once) to 3650", \.trashDays),
        ConfigKey(
            name: "max-age",
            apply: { config, value in
                if ["off", "0", "none"].contains(value.lowercased()) {
                    config.maxAgeSeconds = nil
                    return nil
                }
                guard let seconds = ConfigValue.age(value) else { return "expected off or an age such as 30d, 12h or 90m" }
                config.maxAgeSeconds = seconds
                return nil
            }, show: { $0.maxAgeSeconds.map(ConfigValue.showAge) ?? "off" }),
    ]
}

extension ConfigValue {
    /// An age in seconds: a whole number followed by `m` (minutes), `h` (hours), `d` (days) or
    /// `w` (weeks); at least a minute, at most ten years.
    public static func age(_ text: String) -> Int? {
        let lower = text.lowercased()
        let scales: [Character: Int] = ["m": 60, "h": 3600, "d": 86400, "w": 7 * 86400]
        guard let unit = lower.last, let scale = scales[unit], let count = Int(lower.dropLast()), count > 0,
            count <= 3650 * 86400 / scale
        else { return nil }
        return count * scale
    }

    /// An age as `age` reads it, in the largest unit that divides it.
    public static func showAge(_ seconds: Int) -> String {
        for (unit, scale) in [("w", 7 * 86400), ("d", 86400), ("h", 3600)] where seconds % scale == 0 {
            return "\(seconds / scale)\(unit)"
        }
        return "\(seconds / 60)m"
    }
}
