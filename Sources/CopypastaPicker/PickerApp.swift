import CPicker
import CopypastaCore
import CopypastaStore
import Glibc

/// The picker: one thread, `poll` on the X connection, a query run between events (so typing never
/// waits for the store: keys that arrive meanwhile are handled together before the next query),
/// and no timer except the copy feedback's deadline (docs/DESIGN.md §16).
public final class PickerApp {
    let options: PickerOptions
    let settings: PickerSettings
    let store: HistoryStore
    let window: PickerWindow
    let painter: PickerPainter
    let runner: CommandRunner
    let syncOn: Bool
    var list: PickerList
    var view = PickerView()
    /// Ids moved to the trash while open, newest last, for Ctrl+Z.
    var trashed: [[Int64]] = []
    var queryDirty = false
    var needsPaint = true
    /// When the copy feedback ends and the window closes (monotonic seconds).
    var closeAt: Double?
    /// The exit status once the picker is done.
    var result: Int32?
    /// Whether the keyboard focus reached the window (through the grab).
    var focused = false
    private let trace: Int32?
    /// When the oldest key not yet painted was read (monotonic seconds; nil when none), for the
    /// trace's keystroke-to-paint time (`make bench`).
    private var keyReadAt: Double?

    /// Opens the store and the window (not yet shown).
    public init(options: PickerOptions, config: Config) throws {
        self.options = options
        settings = config.picker
        let store = try HistoryStore(path: options.database, create: false)
        store.order = config.order
        self.store = store
        syncOn = (try? store.syncSettings().enabled) ?? false
        let picker = config.picker
        let window = try PickerWindow { dpi, width, height in
            PickerLayout(
                fontSize: picker.fontSize, dpi: dpi, width: picker.width, rows: picker.rows, area: (width, height))
        }
        self.window = window
        painter = PickerPainter(
            window: window, layout: window.layout, theme: Theme(picker.theme), font: picker.font, size: picker.fontSize)
        runner = CommandRunner(options: options)
        let source = PickerSource(store: store)
        list = PickerList(pageSize: 100, visibleRows: window.layout.rows) { query, offset, limit in
            try source.page(query: query, offset: offset, limit: limit)
        }
        trace = getenv("COPYPASTA_PICKER_TRACE").map { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600) }
        view.query = options.query
    }

    /// Runs until an action or a cancel; returns the exit status (0 done, 1 cancelled).
    public func run() throws -> Int32 {
        list.search(view.query)
        loadPreview()
        try window.show()
        let fd = cpicker_connection(window.display)
        var event = XEvent()
        while result == nil {
            while result == nil, XPending(window.display) > 0 {
                XNextEvent(window.display, &event)
                if XFilterEvent(&event, 0) != 0 { continue }
                handle(&event)
            }
            if result != nil { break }
            if queryDirty {
                queryDirty = false
                list.search(view.query)
                needsPaint = true
            } else if list.wantsMore {
                // A short page with more to follow: one more page between events, painted when
                // it added rows (a phrase rare among the newest entries fills in this way).
                let shown = list.entries.count
                list.loadMoreIfNeeded()
                needsPaint = needsPaint || list.entries.count != shown
            }
            if needsPaint {
                needsPaint = false
                loadPreview()
                painter.paint(list, view, syncOn: syncOn)
                XFlush(window.display)
                writeTrace()
            }
            if let closeAt, monotonicSeconds() >= closeAt {
                result = 0
                break
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let timeout =
                list.wantsMore ? 0 : closeAt.map { Int32(max(0, ($0 - monotonicSeconds()) * 1000).rounded(.up)) } ?? -1
            _ = poll(&poller, 1, timeout)
        }
        window.close()
        return result ?? 1
    }

    /// Reads the selected entry's full text for the preview pane when the selection changed.
    func loadPreview() {
        guard let current = list.current else {
            view.preview = nil
            return
        }
        guard view.preview?.id != current.id else { return }
        view.previewScroll = 0
        var entry = (try? store.entry(id: current.id)) ?? current
        // The row's link and file, which the list read (PickerSource) and the full read may not.
        entry.link = entry.link ?? current.link
        entry.file = entry.file ?? current.file
        view.preview = PreviewText(entry)
    }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case KeyPress:
            if keyReadAt == nil { keyReadAt = monotonicSeconds() }
            key(&event.xkey)
        case ButtonPress: button(event.xbutton)
        case Expose, MapNotify: needsPaint = true
        case FocusIn:
            if event.xfocus.window == window.window, event.xfocus.detail != NotifyPointer { focused = true }
        case FocusOut:
            // Another client took the keyboard (a grab of its own) after ours: the picker lost the
            // focus. NotifyPointer events only follow the pointer under a PointerRoot focus.
            if focused, event.xfocus.window == window.window, event.xfocus.mode == NotifyGrab,
                event.xfocus.detail != NotifyPointer
            {
                result = 1
            }
        default: break
        }
    }

    /// One line per paint when COPYPASTA_PICKER_TRACE names a file, for the tests and `make bench`:
    /// the monotonic time in nanoseconds, the time since the oldest key this paint answers was
    /// read (microseconds, 0 without one), the rows loaded, the selected, marked and copied ids,
    /// the preview's length, the glyphs drawn as missing-glyph boxes and the query.
    private func writeTrace() {
        let now = monotonicSeconds()
        defer { keyReadAt = nil }
        guard let trace, trace >= 0 else { return }
        let nanoseconds = Int64(now * 1e9)
        let sinceKey = keyReadAt.map { Int64((now - $0) * 1e6) } ?? 0
        let line =
            "painted \(nanoseconds) key=\(sinceKey) rows=\(list.entries.count) selected=\(list.current?.id ?? 0) "
            + "marked=\(list.marked.map(String.init).joined(separator: ",")) copied=\(view.copied ?? 0) "
            + "preview=\(view.preview?.body.utf8.count ?? 0) missing=\(painter.missingGlyphs) query=\(view.query)\n"
        _ = line.withCString { write(trace, $0, strlen($0)) }
    }
}
