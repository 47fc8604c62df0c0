import CX11
import CopypastaCore

/// A foreign owner of a selection as XFixes reported it, with its application as found at the
/// owner change (docs/DESIGN.md §6): capture, the ignore rules and a clipboard save of that owner
/// all use these names.
struct TrackedOwner {
    /// The owner window and the time it took the selection.
    let id: OwnerID
    /// The application's names found at the change (WM_CLASS and the rest); empty when none were.
    let names: [String]
    /// The process name of the owner's client, from its pid (X Resource extension), noted at the
    /// change while the client is surely connected; only when `names` is empty.
    let processName: String?
}

extension X11Display {
    /// Notes `owner` as the foreign owner of `selection` and resolves its application now: a Qt
    /// program that copies as it exits, or a tray application with no mapped window, is still
    /// connected at the change, but may be gone, or unnamed, by the time its answer arrives.
    func track(_ owner: OwnerID, on selection: Atom) {
        applications.forget(owner.window)
        // Tracked first, so that the lookup keeps what it finds for this owner window.
        selectionOwners[selection] = TrackedOwner(id: owner, names: [], processName: nil)
        let names = applications.names(of: owner.window)
        selectionOwners[selection] = TrackedOwner(
            id: owner, names: names, processName: names.isEmpty ? applications.clientProcessName(owner.window) : nil)
    }

    /// The application names of `owner`: those found at its owner change; else looked up again
    /// (Tk names its windows only after its first copy); else the process name of its client
    /// noted at the change, or found now.
    func applicationNames(of owner: OwnerID) -> [String] {
        let tracked = selectionOwners.values.first { $0.id == owner }
        if let names = tracked?.names, !names.isEmpty { return names }
        let names = applications.names(of: owner.window)
        if !names.isEmpty { return names }
        return (tracked?.processName ?? applications.clientProcessName(owner.window)).map { [$0] } ?? []
    }

    /// The owner `window` as tracked (with the time of its change) when it is a tracked owner.
    func ownerID(of window: Window) -> OwnerID {
        selectionOwners.values.first { $0.id.window == window }?.id ?? OwnerID(window: window)
    }
}
