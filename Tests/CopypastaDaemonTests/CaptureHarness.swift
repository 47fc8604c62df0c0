import CopypastaCore
import CopypastaStore
import TestSupport

@testable import CopypastaDaemon
@testable import CopypastaX11

/// A capture policy against a fake selection source, a real store in a temporary directory and a
/// clock the test moves by hand.
final class CaptureHarness {
    /// The policy's monotonic clock, in seconds.
    final class Clock { var now = 1000.0 }

    let sandbox = Sandbox()
    let source = FakeSelectionSource()
    let log = RecordingLog()
    let clock = Clock()
    let store: HistoryStore
    let policy: CapturePolicy
    /// Entries the policy reported stored (the capture hook), in order.
    private(set) var hooked: [(id: Int64, text: String)] = []
    private var nextWindow: UInt = 0x400

    init(_ configure: (inout Config) -> Void = { _ in }) throws {
        var config = Config()
        config.selections = [.clipboard, .primary]
        configure(&config)
        store = try HistoryStore(path: sandbox.database, busyTimeout: 10)
        let clock = clock
        policy = CapturePolicy(source: source, store: store, config: config, logger: log.logger) { clock.now }
        policy.captured = { [unowned self] id, pending in hooked.append((id, pending.text)) }
    }

    /// A window id no owner had before.
    func newOwner() -> OwnerID {
        nextWindow += 0x10
        return OwnerID(window: nextWindow)
    }

    /// Moves the clock and runs the timers that are due.
    func advance(_ seconds: Double) {
        clock.now += seconds
        policy.expireTimers(now: clock.now)
    }

    /// An owner takes `selection`, as XFixes reports it; returns the read the policy started, if any.
    @discardableResult
    func take(_ selection: Config.Selection = .clipboard, owner: OwnerID? = nil) -> SelectionRead? {
        let owner = owner ?? newOwner()
        source.owners[selection] = owner
        let before = source.started.count
        policy.ownerChanged(OwnerChange(selection: selection, kind: .newOwner, owner: owner, isOurs: false, time: 0))
        return source.started.count > before ? source.started.last : nil
    }

    /// The owner of `selection` went away (its window destroyed or its client closed).
    func ownerGone(_ selection: Config.Selection = .clipboard) {
        let gone = source.owners.removeValue(forKey: selection)
        policy.ownerChanged(OwnerChange(selection: selection, kind: .ownerGone, owner: gone, isOurs: false, time: 0))
    }

    /// Ends `read` as the reader does: the owner answers TARGETS (the policy may skip it there),
    /// then sends `text`.
    func answer(_ read: SelectionRead?, _ text: String, app: String? = "Editor", targets: [String] = ["TARGETS", "UTF8_STRING"]) {
        guard var read else { return }
        read.classNames = app.map { [$0.lowercased(), $0] } ?? []
        if let skip = policy.check(read, targets: targets) {
            return policy.readFinished(read, outcome: .skipped(skip))
        }
        policy.readFinished(read, outcome: .text(text, repaired: false))
    }

    /// One whole copy: an owner takes `selection` and answers with `text`.
    func copy(_ text: String, _ selection: Config.Selection = .clipboard, owner: OwnerID? = nil, app: String? = "Editor") {
        answer(take(selection, owner: owner), text, app: app)
    }

    /// The texts of the history, newest first.
    func texts() throws -> [String] {
        try store.entries(withText: true).map { $0.text ?? "" }
    }
}
