/// The picker window's geometry in pixels, from the font size, the dpi and the settings.
struct PickerLayout {
    /// Pixels per logical (96 dpi) pixel.
    let scale: Double
    let width: Double
    let rows: Int
    let rowHeight: Double
    let headerHeight: Double
    let previewHeight: Double
    let padding: Double

    /// The layout of `width` (at 96 dpi) and `rows`, shrunk to fit a monitor of `area` pixels
    /// (at most nine tenths of it, and at least three rows).
    init(fontSize: Int, dpi: Double, width: Int, rows: Int, area: (width: Int32, height: Int32)) {
        scale = dpi / 96
        let line = Double(fontSize) * dpi / 72 * 1.35
        self.width = min(Double(width) * scale, Double(area.width) * 0.9).rounded()
        rowHeight = (line * 1.45).rounded()
        headerHeight = (line * 2).rounded()
        previewHeight = (line * 7).rounded()
        padding = (8 * scale).rounded()
        let room = Int((Double(area.height) * 0.9 - headerHeight - previewHeight) / rowHeight)
        self.rows = max(3, min(rows, room))
    }

    /// The whole window's height.
    var height: Double { headerHeight + Double(rows) * rowHeight + previewHeight }
    /// The top of the list.
    var listTop: Double { headerHeight }
    /// The top of the preview pane.
    var previewTop: Double { headerHeight + Double(rows) * rowHeight }

    /// The visible row under window y, if any (0 is the first visible row).
    func row(at y: Double) -> Int? {
        guard y >= listTop, y < previewTop else { return nil }
        return Int((y - listTop) / rowHeight)
    }
}
