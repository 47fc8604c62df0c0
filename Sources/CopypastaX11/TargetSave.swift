import CX11
import CopypastaCore

/// One SAVE_TARGETS request carried out: the target list (from the request's property, or
/// TARGETS from the owner), then every kept target in one MULTIPLE conversion (one by one
/// when the owner refuses MULTIPLE), INCR included, into properties of the manager window.
///
/// It never blocks: each step waits for an event, and a watchdog deadline ends a save whose
/// owner stops answering, keeping whatever arrived. Over a size cap the data is still read
/// (and deleted, so the owner goes on) but not kept.
final class TargetSave {
    /// Where the save stands.
    enum Phase: Equatable {
        /// The capture is still reading from this owner (an exiting Qt 5 serves one request at a time).
        case waiting
        /// TARGETS asked of the owner (the request named no list).
        case targets
        /// Every kept target asked in one MULTIPLE conversion.
        case multiple
        /// The owner refused MULTIPLE: target number N asked on its own.
        case single(Int)
        /// Every conversion was answered; INCR transfers may still run.
        case converted
    }

    /// An INCR transfer of one target in progress.
    private struct Incoming {
        let target: Atom
        var type: Atom = 0
        var format: Int32 = 8
        var chunks: [[UInt8]] = []
        var bytes = 0
        var discarding = false
    }

    /// How long the owner may stay silent before the save ends with what arrived.
    static let stallTimeout = 2.0

    /// The SAVE_TARGETS request, answered when the save ends.
    let request: XSelectionRequestEvent
    /// The CLIPBOARD owner being saved.
    let owner: Window
    /// The save as a read of CLIPBOARD, with the owner's application looked up while it still runs.
    let read: SelectionRead
    /// Why the delegate refused the save (a password manager's copy), if it did.
    private(set) var refusal: SkipReason?
    /// Where the save stands.
    private(set) var phase: Phase = .waiting
    /// The watchdog: when the save ends if the owner stays silent.
    private(set) var deadline: Double
    /// What arrived, in the order the owner's list gave.
    private(set) var items: [SelectionServer.Item] = []
    /// Target names skipped because they went over a cap.
    private(set) var overCap: [String] = []
    /// Whether the watchdog ended the save.
    private(set) var stalled = false
    private var wanted: [Atom] = []
    private var incoming: [Atom: Incoming] = [:]
    private var total = 0
    private let perTargetLimit: Int
    private let totalLimit: Int
    private unowned let connection: X11Display
    private let window: Window

    /// A save of `owner`'s CLIPBOARD for `request`, converting into properties of `window`.
    init(request: XSelectionRequestEvent, owner: Window, window: Window, connection: X11Display, perTarget: Int, total: Int) {
        self.request = request
        self.owner = owner
        read = connection.nextRead(
            .clipboard, owner: connection.ownerID(of: owner),
            classNames: connection.applicationNames(of: connection.ownerID(of: owner)))
        self.window = window
        self.connection = connection
        perTargetLimit = perTarget
        totalLimit = total
        deadline = monotonicSeconds() + Self.stallTimeout
    }

    private var display: OpaquePointer { connection.display }
    private var atoms: Atoms { connection.atoms }
    /// The conversion time: the request's (which may be CurrentTime, as Chromium and GLFW send).
    private var time: Time { request.time }

    /// True once nothing more is expected from the owner.
    var isComplete: Bool { phase == .converted && incoming.isEmpty }

    /// Starts: the request's own list when it names one, TARGETS from the owner otherwise.
    /// The watchdog runs from the request on; only an answer from the owner extends it.
    func begin() {
        if request.property != 0,
            let list = PropertyReply(
                display: display, window: request.requestor, property: request.property, delete: false,
                maxBytes: 1024 * MemoryLayout<CLong>.size),
            list.type == XA_ATOM, list.format == 32, !list.longs.isEmpty
        {
            return requestTargets(list.longs.map { Atom($0) })
        }
        phase = .targets
        XDeleteProperty(display, window, atoms.saveTargetsProperty)
        XConvertSelection(display, atoms.clipboard, atoms.targets, atoms.saveTargetsProperty, window, time)
    }

    /// Handles the owner's answer to one of the save's conversions.
    /// A reply carrying another time belongs to an earlier save's conversion (an owner that
    /// stalled and answered late), as the reader judges its replies.
    func handleSelectionNotify(_ event: XSelectionEvent) {
        guard event.selection == atoms.clipboard, event.time == time || event.time == Time(CurrentTime) else { return }
        switch phase {
        case .targets where event.target == atoms.targets:
            let reply =
                event.property == 0
                ? nil
                : PropertyReply(
                    display: display, window: window, property: atoms.saveTargetsProperty, delete: true,
                    maxBytes: 4096 * MemoryLayout<CLong>.size)
            requestTargets((reply?.format == 32 ? reply?.longs : nil)?.map { Atom($0) } ?? [])
        case .multiple where event.target == atoms.multiple:
            event.property == 0 ? convertSingle(0) : receiveMultiple()
        case let .single(index) where index < wanted.count && event.target == wanted[index]:
            if event.property != 0 { receive(wanted[index], property: saveProperty(index)) }
            convertSingle(index + 1)
        default:
            return
        }
        progressed()
    }

    /// Reads the next INCR chunk written into one of the save's properties.
    func handlePropertyNewValue(_ property: Atom) {
        guard var transfer = incoming.removeValue(forKey: property),
            let chunk = PropertyReply(display: display, window: window, property: property, delete: true, maxBytes: 64 << 20)
        else { return }
        progressed()
        if chunk.bytes.isEmpty { return keep(transfer) }
        transfer.type = chunk.type
        transfer.format = chunk.format
        transfer.bytes += chunk.bytes.count
        // The total counts the kept targets and the other transfers still running.
        let running = incoming.values.reduce(0) { $0 + ($1.discarding ? 0 : $1.bytes) }
        if !transfer.discarding && (transfer.bytes > perTargetLimit || total + running + transfer.bytes > totalLimit) {
            transfer.discarding = true
            transfer.chunks = []
            overCap.append(connection.reader.atomNames([transfer.target]).first ?? "?")
        }
        if !transfer.discarding { transfer.chunks.append(chunk.bytes) }
        incoming[property] = transfer
    }

    /// Ends the save at the watchdog: unfinished INCR transfers are dropped, the rest is kept.
    func stop() {
        for property in incoming.keys { XDeleteProperty(display, window, property) }
        incoming = [:]
        phase = .converted
        stalled = true
    }

    private func progressed() {
        deadline = monotonicSeconds() + Self.stallTimeout
    }

    /// Filters `offered` and asks for what is left in one MULTIPLE conversion.
    private func requestTargets(_ offered: [Atom]) {
        let names = connection.reader.atomNames(offered)
        // What the capture would skip (a password manager's copy, an ignored application) is not
        // kept alive either: the clipboard empties when such an application exits, as it would without a manager.
        if let reason = connection.delegate?.check(read, targets: names) {
            refusal = reason
            phase = .converted
            return
        }
        let byName = names.count == offered.count ? Dictionary(zip(names, offered), uniquingKeysWith: { first, _ in first }) : [:]
        wanted = SaveTargets.select(names).map { byName[$0] ?? XInternAtom(display, $0, False) }
        guard !wanted.isEmpty else {
            phase = .converted
            return
        }
        var pairs: [UInt] = []
        for (index, target) in wanted.enumerated() {
            XDeleteProperty(display, window, saveProperty(index))
            pairs += [UInt(target), UInt(saveProperty(index))]
        }
        _ = pairs.withUnsafeBytes { raw in
            XChangeProperty(
                display, window, atoms.saveMultipleProperty, atoms.atomPair, 32, PropModeReplace,
                raw.bindMemory(to: UInt8.self).baseAddress, Int32(pairs.count))
        }
        phase = .multiple
        XConvertSelection(display, atoms.clipboard, atoms.multiple, atoms.saveMultipleProperty, window, time)
    }

    /// MULTIPLE answered: the pairs the owner could not convert carry property None (ICCCM §2.6.2).
    private func receiveMultiple() {
        let reply = PropertyReply(
            display: display, window: window, property: atoms.saveMultipleProperty, delete: true,
            maxBytes: (wanted.count * 2 + 2) * MemoryLayout<CLong>.size)
        let pairs = reply?.longs ?? []
        for index in stride(from: 0, to: pairs.count - 1, by: 2) where pairs[index + 1] != 0 {
            receive(Atom(pairs[index]), property: Atom(pairs[index + 1]))
        }
        phase = .converted
    }

    /// The owner refused MULTIPLE: one conversion per target, each after the previous answer.
    private func convertSingle(_ index: Int) {
        guard index < wanted.count else {
            phase = .converted
            return
        }
        phase = .single(index)
        XConvertSelection(display, atoms.clipboard, wanted[index], saveProperty(index), window, time)
    }

    /// Takes one converted property: whole, or the start of an INCR transfer (deleting it asks for the first chunk).
    private func receive(_ target: Atom, property: Atom) {
        guard let header = PropertyReply(display: display, window: window, property: property, delete: false, maxBytes: 0),
            header.type != 0
        else { return }
        if header.type == atoms.incr {
            XDeleteProperty(display, window, property)
            incoming[property] = Incoming(target: target)
            return
        }
        guard header.bytesAfter <= perTargetLimit, total + header.bytesAfter <= totalLimit else {
            XDeleteProperty(display, window, property)
            overCap.append(connection.reader.atomNames([target]).first ?? "?")
            return
        }
        guard
            let reply = PropertyReply(
                display: display, window: window, property: property, delete: true, maxBytes: header.bytesAfter)
        else { return }
        keep(SelectionServer.Item(target: target, type: reply.type, format: reply.format, bytes: reply.bytes))
    }

    private func keep(_ transfer: Incoming) {
        guard !transfer.discarding else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(transfer.bytes)
        for chunk in transfer.chunks { bytes += chunk }
        keep(SelectionServer.Item(target: transfer.target, type: transfer.type, format: transfer.format, bytes: bytes))
    }

    private func keep(_ item: SelectionServer.Item) {
        total += item.count
        items.append(item)
    }

    /// The property target number `index` is converted into.
    private func saveProperty(_ index: Int) -> Atom {
        XInternAtom(display, "COPYPASTA_SAVE_\(index)", False)
    }
}
