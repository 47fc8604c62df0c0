import CopypastaCore

@testable import CopypastaDaemon
@testable import CopypastaX11

/// A selection source without X: it records the reads the policy starts and what it owns, and
/// answers owner and gesture queries from what the test set.
final class FakeSelectionSource: SelectionSource {
    /// The owner each selection has, as the X server would answer.
    var owners: [Config.Selection: OwnerID] = [:]
    /// Whether a mouse button or Shift is held.
    var gesture = false
    /// Every read started, in order.
    private(set) var started: [SelectionRead] = []
    /// What keep-alive served, in order.
    private(set) var owned: [(selections: [Config.Selection], text: String)] = []
    /// copypasta's own window.
    static let ourWindow = OwnerID(window: 0x100)
    private var lastID = 0

    func owner(of selection: Config.Selection) -> OwnerID? { owners[selection] }

    func selectionGestureInProgress() -> Bool { gesture }

    func read(_ change: OwnerChange, maxBytes: Int, timeout: Double) -> ReadID? {
        guard let owner = change.owner, !change.isOurs else { return nil }
        return start(change.selection, owner: owner)
    }

    func readCurrent(_ selection: Config.Selection, maxBytes: Int, timeout: Double) -> ReadID? {
        guard let owner = owners[selection] else { return nil }
        return start(selection, owner: owner)
    }

    func own(_ selections: [Config.Selection], text: String, secret: Bool) throws {
        owned.append((selections, text))
        for selection in selections { owners[selection] = Self.ourWindow }
    }

    private func start(_ selection: Config.Selection, owner: OwnerID) -> ReadID {
        lastID += 1
        let read = SelectionRead(id: ReadID(value: lastID), selection: selection, owner: owner, changedAt: .now(), classNames: [])
        started.append(read)
        return read.id
    }
}
