/// The key of the history's order (docs/DESIGN.md, "Recently used on top").
extension ConfigKey {
    /// `order`.
    static let orderKeys: [ConfigKey] = [
        ConfigKey(
            name: "order",
            apply: { config, value in
                guard let order = ConfigValue.unquoted(value).flatMap({ HistoryOrder(rawValue: $0.lowercased()) }) else {
                    return "expected captured or used"
                }
                config.order = order
                return nil
            }, show: { $0.order.rawValue })
    ]
}
