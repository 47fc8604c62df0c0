import CopypastaCore
import CopypastaStore

/// What the picker does to entries (copypasta(1) pick): clipboard actions through the copypasta
/// commands, trash, pins and tags through the store as the `delete`, `pin` and `tag` commands do.
extension PickerApp {
    /// Enter: copy, paste or type the selection, or the marked entries when there are any.
    func enter(_ action: PickerOptions.Enter) {
        let ids = list.marked.isEmpty ? list.current.map { [$0.id] } ?? [] : list.marked
        guard !ids.isEmpty else { return }
        switch action {
        case .copy: copy(ids)
        case .paste, .type:
            // The picker closes first, so that the focus is back on the window the keys must reach.
            window.close()
            for id in ids {
                if let problem = runner.run([action.rawValue, String(id)]) { return fail(problem) }
            }
            result = 0
        }
    }

    /// Copies one entry, or merges several in the order chosen into a new entry joined by `pick-join`;
    /// then shows the accent and the checkmark and closes as `pick-close` says.
    private func copy(_ ids: [Int64]) {
        var copiedRow = ids[0]
        if ids.count == 1 {
            if let problem = runner.run(["copy", String(ids[0])] + runner.selectionFlags) { return note(problem) }
        } else {
            var texts: [String] = []
            for id in ids {
                guard let entry = try? store.entry(id: id), !entry.secure, let text = entry.text else {
                    return note("secure entries cannot be merged")
                }
                texts.append(text)
            }
            let merged = Array(texts.joined(separator: settings.join).utf8)
            if let problem = runner.run(["add", "--copy"] + runner.selectionFlags, input: merged) { return note(problem) }
            list.search(view.query)
            copiedRow = list.entries.first?.id ?? copiedRow
        }
        view.copied = copiedRow
        view.note = nil
        switch settings.close {
        case .atOnce: result = 0
        case .afterFeedback: closeAt = monotonicSeconds() + 0.55
        case .stay:
            list.refresh()
            if let row = list.entries.firstIndex(where: { $0.id == copiedRow }) { list.select(row) }
        }
    }

    /// Delete: moves the selected (or marked) entries to the trash; Ctrl+Z brings them back.
    func trashSelected() {
        let ids = list.marked.isEmpty ? list.current.map { [$0.id] } ?? [] : list.marked
        guard !ids.isEmpty else { return }
        do {
            try store.trash(ids: ids, at: .now())
        } catch {
            return note("\(error)")
        }
        trashed.append(ids)
        list.refresh()
        note("moved \(ids.count) to the trash; Ctrl+Z undoes")
    }

    /// Ctrl+Z: takes the last trashed entries back out of the trash.
    func undo() {
        guard let ids = trashed.popLast() else { return }
        do {
            try store.undelete(ids: ids)
        } catch {
            return note("\(error)")
        }
        list.refresh()
        note("restored \(ids.count) from the trash")
    }

    /// Ctrl+P: pins the selected entry, or unpins it.
    func togglePin() {
        guard let entry = list.current else { return }
        do {
            try store.setPinned(ids: [entry.id], !entry.pinned)
        } catch {
            return note("\(error)")
        }
        list.refresh()
    }

    /// Ctrl+T: opens the tag field with the selected entry's tags.
    func editTags() {
        guard let entry = list.current else { return }
        view.tagField = entry.tags.joined(separator: " ")
    }

    /// Enter in the tag field: the entry's tags become the words of the field.
    func applyTags() {
        guard let entry = list.current, let field = view.tagField else { return }
        let wanted = field.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if let problem = wanted.lazy.compactMap(TagName.problem).first { return note(problem) }
        let old = Set(entry.tags.map { $0.lowercased() }), new = Set(wanted.map { $0.lowercased() })
        do {
            try store.removeTags(id: entry.id, entry.tags.filter { !new.contains($0.lowercased()) })
            try store.addTags(id: entry.id, wanted.filter { !old.contains($0.lowercased()) })
        } catch {
            return note("\(error)")
        }
        view.tagField = nil
        list.refresh()
    }

    private func note(_ text: String) {
        view.note = text
        needsPaint = true
    }

    private func fail(_ problem: String) {
        PickerMain.complain(problem)
        result = 69
    }
}
