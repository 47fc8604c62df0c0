import CPicker
import CopypastaCore

/// Keys and mouse buttons (copypasta(1) pick).
extension PickerApp {
    func key(_ event: inout XKeyEvent) {
        var buffer = [CChar](repeating: 0, count: 64)
        var symbol: KeySym = 0
        var status: Int32 = 0
        let count =
            window.inputContext.map { Xutf8LookupString($0, &event, &buffer, Int32(buffer.count - 1), &symbol, &status) }
            ?? XLookupString(&event, &buffer, Int32(buffer.count - 1), &symbol, nil)
        let typed = count > 0 ? String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let control = event.state & UInt32(ControlMask) != 0, shift = event.state & UInt32(ShiftMask) != 0
        needsPaint = true
        if view.menu != nil { return menuKey(symbol) }
        if view.tagField != nil { return tagKey(symbol, typed: typed, control: control) }
        switch Int32(truncatingIfNeeded: symbol) {
        case XK_Escape: result = 1
        case XK_Return, XK_KP_Enter: enter(shift ? .paste : control ? .type : options.enter)
        case XK_Up, XK_KP_Up: list.move(by: -1)
        case XK_Down, XK_KP_Down: list.move(by: 1)
        case XK_Page_Up, XK_KP_Page_Up: shift ? scrollPreview(by: -5) : list.move(by: -list.visibleRows)
        case XK_Page_Down, XK_KP_Page_Down: shift ? scrollPreview(by: 5) : list.move(by: list.visibleRows)
        case XK_Home where control: list.select(0)
        case XK_End where control: list.select(list.entries.count - 1)
        case XK_Delete, XK_KP_Delete: trashSelected()
        case XK_BackSpace:
            guard !view.query.isEmpty else { return }
            view.query.removeLast()
            queryDirty = true
        case XK_space where control: list.toggleMark()
        case XK_z where control, XK_Z where control: undo()
        case XK_p where control, XK_P where control: togglePin()
        case XK_t where control, XK_T where control: editTags()
        case XK_u where control, XK_U where control:
            view.query = ""
            queryDirty = true
        default:
            guard !control, !typed.isEmpty, typed.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                return
            }
            view.query += typed
            queryDirty = true
        }
    }

    func button(_ event: XButtonEvent) {
        needsPaint = true
        let x = Double(event.x), y = Double(event.y)
        // Under the pointer grab a click on another window comes here, outside our bounds: like
        // a focus loss, it closes the picker without changing anything.
        if x < 0 || y < 0 || x >= painter.layout.width || y >= painter.layout.height {
            if (UInt32(Button1)...UInt32(Button3)).contains(event.button) { result = 1 }
            return
        }
        if let menu = view.menu {
            let item = painter.menuItem(at: x, y, count: menu.items.count, row: list.selected - list.top)
            view.menu = nil
            if event.button == UInt32(Button1), let item { run(menu.items[item]) }
            return
        }
        let inPreview = y >= painter.layout.previewTop
        switch event.button {
        case UInt32(Button4): inPreview ? scrollPreview(by: -3) : list.scroll(by: -3)
        case UInt32(Button5): inPreview ? scrollPreview(by: 3) : list.scroll(by: 3)
        case UInt32(Button1), UInt32(Button3):
            guard let row = painter.layout.row(at: y), list.top + row < list.entries.count else { return }
            list.select(list.top + row)
            if event.button == UInt32(Button3) {
                view.menu = (MenuAction.allCases, 0)
            } else if event.state & UInt32(ControlMask) != 0 {
                list.toggleMark()
            } else {
                enter(.copy)
            }
        default: break
        }
    }

    private func menuKey(_ symbol: KeySym) {
        guard let menu = view.menu else { return }
        switch Int32(truncatingIfNeeded: symbol) {
        case XK_Up: view.menu?.selected = max(0, menu.selected - 1)
        case XK_Down: view.menu?.selected = min(menu.items.count - 1, menu.selected + 1)
        case XK_Return, XK_KP_Enter:
            view.menu = nil
            run(menu.items[menu.selected])
        case XK_Escape: view.menu = nil
        default: break
        }
    }

    private func tagKey(_ symbol: KeySym, typed: String, control: Bool) {
        switch Int32(truncatingIfNeeded: symbol) {
        case XK_Escape: view.tagField = nil
        case XK_Return, XK_KP_Enter: applyTags()
        case XK_BackSpace: if view.tagField?.isEmpty == false { view.tagField?.removeLast() }
        default:
            guard !control, !typed.isEmpty, typed.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) else { return }
            view.tagField? += typed
        }
    }

    private func run(_ action: MenuAction) {
        switch action {
        case .copy: enter(.copy)
        case .paste: enter(.paste)
        case .type: enter(.type)
        case .pin: togglePin()
        case .tags: editTags()
        case .delete: trashSelected()
        }
    }

    private func scrollPreview(by lines: Int) {
        view.previewScroll = max(0, view.previewScroll + lines)
    }
}
