/// Which of an exiting owner's targets a clipboard save fetches (the freedesktop
/// clipboard-manager protocol lets the manager reduce the list).
///
/// Left out: the protocol's own targets, side-effect targets (ICCCM §2.6.3), which
/// would act on the owner instead of returning data; resource ids (a pixmap or window
/// dies with its client); private pointers into the exiting process (Krita's node
/// pointer, KDE's cut marker), which break pastes once the process is gone; and the
/// plain-text encodings beside the best one, since the saved text serves them all.
public enum SaveTargets {
    /// The most targets one save fetches.
    public static let limit = 64

    private static let excluded: Set<String> = [
        "TARGETS", "MULTIPLE", "TIMESTAMP", "SAVE_TARGETS", "TARGET_SIZES", "DELETE", "INSERT_PROPERTY",
        "INSERT_SELECTION", "PIXMAP", "BITMAP", "DRAWABLE", "COLORMAP", "WINDOW", "application/x-kde-cutselection",
    ]

    /// The plain-text targets one decoded text answers; only the best one offered is fetched.
    public static let textTargets: Set<String> = [
        "UTF8_STRING", "text/plain;charset=utf-8", "text/plain", "STRING", "TEXT", "COMPOUND_TEXT",
    ]

    /// The names of `offered` to fetch, in the owner's order, without duplicates, at most `limit`.
    public static func select(_ offered: [String]) -> [String] {
        let bestText = CaptureFilter.bestTextTarget(offered)?.name
        var seen = Set<String>()
        var kept: [String] = []
        for name in offered where !name.isEmpty && !excluded.contains(name) && seen.insert(name).inserted {
            if let bestText, textTargets.contains(name), name != bestText { continue }
            if name.hasSuffix("-internal-pointer") { continue }
            kept.append(name)
        }
        return Array(kept.prefix(limit))
    }
}
