import CPicker
import CopypastaCore

/// What the painter shows besides the list: the state of the window's interaction.
struct PickerView {
    /// The search text as typed.
    var query = ""
    /// The tag field's text while Ctrl+T edits the selected entry's tags.
    var tagField: String?
    /// The entry just copied: its row shows the accent and the checkmark.
    var copied: Int64?
    /// A one-line note under the field (an error, "moved to the trash — Ctrl+Z undoes").
    var note: String?
    /// The preview pane's text and metadata for the selected entry.
    var preview: PreviewText?
    /// Lines scrolled off the top of the preview pane.
    var previewScroll = 0
    /// The right-click menu: its items and the highlighted one.
    var menu: (items: [MenuAction], selected: Int)?
}

/// Draws the picker with Cairo and Pango into the window, double-buffered so a repaint never flickers.
final class PickerPainter {
    let layout: PickerLayout
    let theme: Theme
    private let surface: OpaquePointer
    private let font: OpaquePointer
    private let dpi: Double
    /// Glyphs the last paint drew as missing-glyph boxes (no installed font has them): 0 when
    /// font fallback found every character, for the trace (`PickerApp.writeTrace`).
    private(set) var missingGlyphs = 0

    init(window: PickerWindow, layout: PickerLayout, theme: Theme, font: String, size: Int) {
        self.layout = layout
        self.theme = theme
        dpi = window.dpi
        surface = cairo_xlib_surface_create(
            window.display, window.window, cpicker_default_visual(window.display), window.width, window.height)
        self.font = pango_font_description_from_string("\(font) \(size)")
    }

    deinit {
        pango_font_description_free(font)
        cairo_surface_destroy(surface)
    }

    /// Paints the whole window.
    func paint(_ list: PickerList, _ view: PickerView, syncOn: Bool) {
        let cairo = cairo_create(surface)
        defer { cairo_destroy(cairo) }
        missingGlyphs = 0
        cairo_push_group(cairo)
        fill(cairo, theme.background, 0, 0, layout.width, layout.height)
        guard let text = pango_cairo_create_layout(cairo) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(text)) }
        pango_cairo_context_set_resolution(pango_layout_get_context(text), dpi)
        pango_layout_set_font_description(text, font)
        paintHeader(cairo, text, list, view)
        let now = Timestamp.now()
        for index in list.top..<min(list.top + layout.rows, list.entries.count) {
            paintRow(cairo, text, list, index, view, details: RowText.details(list.entries[index], now: now, syncOn: syncOn))
        }
        paintPreview(cairo, text, view)
        if let menu = view.menu { paintMenu(cairo, text, menu, row: list.selected - list.top) }
        cairo_pop_group_to_source(cairo)
        cairo_paint(cairo)
        cairo_surface_flush(surface)
    }

    private func paintHeader(_ cairo: OpaquePointer?, _ text: OpaquePointer, _ list: PickerList, _ view: PickerView) {
        let pad = layout.padding
        fill(cairo, theme.field, pad / 2, pad / 2, layout.width - pad, layout.headerHeight - pad)
        let field = view.tagField.map { "tags › \($0)▏" } ?? "› \(view.query)▏"
        let count = list.exhausted ? "\(list.entries.count)" : "\(list.entries.count)+"
        let right = view.note ?? list.problem ?? count
        show(
            cairo, text, right, x: pad, y: 0, width: layout.width - 2 * pad, height: layout.headerHeight, colour: theme.dim,
            alignRight: true)
        show(cairo, text, field, x: pad * 1.5, y: 0, width: layout.width * 0.6, height: layout.headerHeight, colour: theme.text)
    }

    private func paintRow(
        _ cairo: OpaquePointer?, _ text: OpaquePointer, _ list: PickerList, _ index: Int, _ view: PickerView, details: String
    ) {
        let entry = list.entries[index]
        let y = layout.listTop + Double(index - list.top) * layout.rowHeight
        let pad = layout.padding
        let selected = index == list.selected || entry.id == view.copied
        if selected {
            fill(cairo, theme.accent, 0, y, layout.width, layout.rowHeight)
        } else if list.marked.contains(entry.id) {
            fill(cairo, theme.marked, 0, y, layout.width, layout.rowHeight)
        }
        let colour = selected ? theme.accentText : theme.text
        var left = pad
        if let order = list.marked.firstIndex(of: entry.id) {
            show(cairo, text, "\(order + 1)", x: left, y: y, width: 2 * pad, height: layout.rowHeight, colour: colour)
            left += 2.5 * pad
        }
        let checkWidth = entry.id == view.copied ? layout.rowHeight : 0
        let detailsWidth = min(layout.width * 0.4, measure(text, details) + pad)
        show(
            cairo, text, details, x: layout.width - pad - detailsWidth - checkWidth, y: y, width: detailsWidth,
            height: layout.rowHeight, colour: selected ? theme.accentText : theme.dim, alignRight: true)
        show(
            cairo, text, RowText.preview(entry), x: left, y: y,
            width: layout.width - left - detailsWidth - checkWidth - 2 * pad, height: layout.rowHeight, colour: colour)
        if entry.id == view.copied { paintCheck(cairo, x: layout.width - pad - checkWidth, y: y) }
    }

    /// A green disc with a white tick, at the right end of the copied row.
    private func paintCheck(_ cairo: OpaquePointer?, x: Double, y: Double) {
        let size = layout.rowHeight
        let centre = (x: x + size / 2, y: y + size / 2), radius = size * 0.36
        setColour(cairo, Theme.check)
        cairo_arc(cairo, centre.x, centre.y, radius, 0, 2 * Double.pi)
        cairo_fill(cairo)
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_set_line_width(cairo, max(2, size * 0.09))
        cairo_move_to(cairo, centre.x - radius * 0.5, centre.y)
        cairo_line_to(cairo, centre.x - radius * 0.1, centre.y + radius * 0.4)
        cairo_line_to(cairo, centre.x + radius * 0.55, centre.y - radius * 0.4)
        cairo_stroke(cairo)
    }

    private func paintPreview(_ cairo: OpaquePointer?, _ text: OpaquePointer, _ view: PickerView) {
        let top = layout.previewTop, pad = layout.padding
        fill(cairo, theme.field, 0, top, layout.width, 1)
        guard let preview = view.preview else { return }
        show(
            cairo, text, preview.meta, x: pad, y: top, width: layout.width - 2 * pad, height: layout.rowHeight, colour: theme.dim)
        let bodyTop = top + layout.rowHeight
        cairo_save(cairo)
        cairo_rectangle(cairo, 0, bodyTop, layout.width, layout.previewHeight - layout.rowHeight)
        cairo_clip(cairo)
        pango_layout_set_ellipsize(text, PANGO_ELLIPSIZE_NONE)
        pango_layout_set_wrap(text, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_width(text, Int32((layout.width - 2 * pad) * Double(PANGO_SCALE)))
        pango_layout_set_text(text, preview.body, -1)
        missingGlyphs += Int(pango_layout_get_unknown_glyphs_count(text))
        var lineHeight: Int32 = 0
        if let line = pango_layout_get_line_readonly(text, 0) {
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_line_get_pixel_extents(line, &ink, &logical)
            lineHeight = logical.height
        }
        setColour(cairo, theme.text)
        cairo_move_to(cairo, pad, bodyTop - Double(view.previewScroll) * Double(lineHeight))
        pango_cairo_show_layout(cairo, text)
        cairo_restore(cairo)
    }

    private func paintMenu(_ cairo: OpaquePointer?, _ text: OpaquePointer, _ menu: (items: [MenuAction], selected: Int), row: Int)
    {
        let width = layout.width * 0.4, x = layout.width - width - layout.padding
        let y = min(
            layout.listTop + Double(row + 1) * layout.rowHeight, layout.height - Double(menu.items.count) * layout.rowHeight)
        fill(cairo, theme.dim, x - 1, y - 1, width + 2, Double(menu.items.count) * layout.rowHeight + 2)
        for (index, item) in menu.items.enumerated() {
            let top = y + Double(index) * layout.rowHeight
            fill(cairo, index == menu.selected ? theme.accent : theme.field, x, top, width, layout.rowHeight)
            show(
                cairo, text, item.label, x: x + layout.padding, y: top, width: width, height: layout.rowHeight,
                colour: index == menu.selected ? theme.accentText : theme.text)
        }
    }

    /// The menu item under (x, y) for a menu opened at visible `row`.
    func menuItem(at x: Double, _ y: Double, count: Int, row: Int) -> Int? {
        let width = layout.width * 0.4, left = layout.width - width - layout.padding
        let top = min(layout.listTop + Double(row + 1) * layout.rowHeight, layout.height - Double(count) * layout.rowHeight)
        guard x >= left, x < left + width, y >= top else { return nil }
        let index = Int((y - top) / layout.rowHeight)
        return index < count ? index : nil
    }

    /// One line of text, ellipsized to `width` and centred vertically in `height`.
    private func show(
        _ cairo: OpaquePointer?, _ text: OpaquePointer, _ string: String, x: Double, y: Double, width: Double,
        height: Double, colour: Theme.Colour, alignRight: Bool = false
    ) {
        guard width > 0 else { return }
        pango_layout_set_wrap(text, PANGO_WRAP_CHAR)
        pango_layout_set_ellipsize(text, PANGO_ELLIPSIZE_END)
        pango_layout_set_width(text, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_height(text, 0)
        pango_layout_set_alignment(text, alignRight ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        pango_layout_set_text(text, string, -1)
        missingGlyphs += Int(pango_layout_get_unknown_glyphs_count(text))
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(text, &w, &h)
        setColour(cairo, colour)
        cairo_move_to(cairo, x, y + (height - Double(h)) / 2)
        pango_cairo_show_layout(cairo, text)
        pango_layout_set_alignment(text, PANGO_ALIGN_LEFT)
        pango_layout_set_height(text, -1)
    }

    private func measure(_ text: OpaquePointer, _ string: String) -> Double {
        pango_layout_set_width(text, -1)
        pango_layout_set_text(text, string, -1)
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(text, &w, &h)
        return Double(w)
    }

    private func fill(_ cairo: OpaquePointer?, _ colour: Theme.Colour, _ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        setColour(cairo, colour)
        cairo_rectangle(cairo, x, y, w, h)
        cairo_fill(cairo)
    }

    private func setColour(_ cairo: OpaquePointer?, _ colour: Theme.Colour) {
        cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
    }
}
