import CX11
import CopypastaCore

/// Serves selections copypasta owns: TARGETS, TIMESTAMP, MULTIPLE and the
/// payload's targets with their types, INCR above the chunk size, many
/// requestors at once (ICCCM §2.2, §2.6, §2.7.2).
///
/// Each transfer holds its own reference to the payload, so a transfer in
/// progress finishes after SelectionClear or after the offer changes.
final class SelectionServer {
    private struct Offer {
        let payload: Payload
        let time: Time
    }

    private struct TransferKey: Hashable {
        let requestor: Window
        let property: Atom
    }

    private struct Transfer {
        let item: Item
        var offset = 0
        var deadline: Double
    }

    /// How long a requestor may leave an INCR chunk unread before the transfer is dropped.
    static let stalledTransferTimeout = 5.0

    private unowned let connection: X11Display
    private var offers: [Atom: Offer] = [:]
    private var transfers: [TransferKey: Transfer] = [:]
    /// Payloads above this many bytes go by INCR, in chunks of this size: a quarter of the
    /// server's maximum request (counted in 4-byte units, xclip's rule), and never more than
    /// `maxChunkSize`.
    let chunkSize: Int

    /// The largest reply or INCR chunk: Tk reads only about 400 kB per transfer step and drops a
    /// larger one, so chunks stay at 256 KiB, as GTK and gnome-settings-daemon send them.
    static let maxChunkSize = 256 << 10

    /// A server for selections owned by `connection`'s window.
    init(connection: X11Display) {
        self.connection = connection
        let units = XExtendedMaxRequestSize(connection.display)
        chunkSize = min(Self.maxChunkSize, max(4096, Int(units > 0 ? units : XMaxRequestSize(connection.display)) / 4))
    }

    private var display: OpaquePointer { connection.display }
    private var atoms: Atoms { connection.atoms }

    /// Starts serving `payload`'s targets on `selection`, owned since `time`.
    func offer(_ payload: Payload, on selection: Atom, since time: Time) {
        offers[selection] = Offer(payload: payload, time: time)
    }

    /// Forgets the offer for a selection we no longer own; its transfers go on.
    func ownershipLost(_ selection: Atom) {
        offers[selection] = nil
    }

    /// Whether any offer is still held.
    var hasOffers: Bool { !offers.isEmpty }

    /// Whether any INCR transfer is still running.
    var hasTransfers: Bool { !transfers.isEmpty }

    /// Whether an INCR transfer to `requestor` is running (its PropertyChangeMask is ours).
    func isTransferring(to requestor: Window) -> Bool {
        transfers.keys.contains { $0.requestor == requestor }
    }

    /// How many text replies were delivered whole (a single property, or an INCR transfer to its end);
    /// TARGETS, TIMESTAMP and other targets (the password hint, a saved clipboard's images) do not count.
    private(set) var textDeliveries = 0
    /// The requestors of the latest deliveries and when each ended (monotonic seconds), newest
    /// last (at most `logSize`), for `paste`.
    private(set) var recentDeliveries: [(requestor: Window, at: Double)] = []
    /// The requestors of the latest requests of any target (TARGETS included) and when each came,
    /// newest last (at most `logSize`): `paste` waits until the pasting client is done asking.
    private(set) var recentRequests: [(requestor: Window, at: Double)] = []
    private static let logSize = 1024

    private func recordDelivery(to requestor: Window) {
        textDeliveries += 1
        recentDeliveries.append((requestor, monotonicSeconds()))
        if recentDeliveries.count > Self.logSize { recentDeliveries.removeFirst() }
    }

    private func recordRequest(from requestor: Window) {
        recentRequests.append((requestor, monotonicSeconds()))
        if recentRequests.count > Self.logSize { recentRequests.removeFirst() }
    }

    /// The text offered on `selection`, if we own it.
    func offeredText(on selection: Atom) -> String? {
        offers[selection]?.payload.text
    }

    /// The earliest transfer deadline.
    var nextDeadline: Double? { transfers.values.map(\.deadline).min() }

    /// Drops transfers whose requestor stopped reading.
    func expire(now: Double) {
        for (key, transfer) in transfers where transfer.deadline <= now {
            transfers[key] = nil
            stopWatching(key.requestor)
        }
    }

    /// Answers a requestor: converts, starts an INCR transfer, or refuses with property None.
    func handleSelectionRequest(_ request: XSelectionRequestEvent) {
        // ICCCM §2.2: an obsolete requestor passes None; use the target as the property.
        let property = request.property == 0 ? request.target : request.property
        recordRequest(from: request.requestor)
        guard request.owner == connection.window, let offer = offers[request.selection],
            request.time == Time(CurrentTime) || request.time >= offer.time
        else { return notify(request, property: 0) }
        let served: Bool
        if request.target == atoms.multiple {
            served = serveMultiple(offer, requestor: request.requestor, property: property)
        } else {
            served = serve(offer, target: request.target, requestor: request.requestor, property: property)
        }
        notify(request, property: served ? property : 0)
    }

    /// Sends the next INCR chunk once the requestor has read the previous one.
    func handlePropertyDeleted(requestor: Window, property: Atom) {
        let key = TransferKey(requestor: requestor, property: property)
        guard var transfer = transfers[key] else { return }
        let item = transfer.item
        // Whole elements per chunk: format-32 data is held as C longs but sent as 4 bytes each.
        let end = min(transfer.offset + chunkSize / max(1, Int(item.format) / 8) * item.unit, item.count)
        _ = item.withBytes { buffer in
            XChangeProperty(
                display, requestor, property, item.type, item.format, PropModeReplace,
                buffer.baseAddress.map { $0 + transfer.offset } ?? UnsafePointer(bitPattern: 1),
                Int32((end - transfer.offset) / item.unit))
        }
        if end == transfer.offset {
            // The zero-length chunk just written ends the transfer (ICCCM §2.7.2).
            transfers[key] = nil
            if item.isText { recordDelivery(to: requestor) }
            stopWatching(requestor)
        } else {
            transfer.offset = end
            transfer.deadline = monotonicSeconds() + Self.stalledTransferTimeout
            transfers[key] = transfer
        }
    }

    private func serve(_ offer: Offer, target: Atom, requestor: Window, property: Atom) -> Bool {
        switch target {
        case atoms.targets:
            let list = [atoms.targets, atoms.timestamp, atoms.multiple] + offer.payload.items.map(\.target)
            setLongs(requestor, property, type: Atom(XA_ATOM), list.map { UInt($0) })
        case atoms.timestamp:
            setLongs(requestor, property, type: atoms.integer, [UInt(offer.time)])
        default:
            guard let item = offer.payload.item(for: target) else { return false }
            send(item, requestor: requestor, property: property)
        }
        return true
    }

    /// MULTIPLE (ICCCM §2.6.2): the property lists (target, property) pairs; failed pairs get property None.
    private func serveMultiple(_ offer: Offer, requestor: Window, property: Atom) -> Bool {
        guard
            let reply = PropertyReply(display: display, window: requestor, property: property, delete: false, maxBytes: 1 << 16),
            reply.format == 32
        else { return false }
        var pairs = reply.longs
        for index in stride(from: 0, to: pairs.count - 1, by: 2) {
            let target = Atom(pairs[index]), destination = Atom(pairs[index + 1])
            if target == atoms.multiple || destination == 0
                || !serve(offer, target: target, requestor: requestor, property: destination)
            {
                pairs[index + 1] = 0
            }
        }
        setLongs(requestor, property, type: atoms.atomPair, pairs)
        return true
    }

    private func send(_ item: Item, requestor: Window, property: Atom) {
        // The INCR threshold counts the bytes on the wire: 4 per format-32 element.
        if item.count / item.unit * max(1, Int(item.format) / 8) <= chunkSize {
            _ = item.withBytes { buffer in
                XChangeProperty(
                    display, requestor, property, item.type, item.format, PropModeReplace,
                    buffer.baseAddress ?? UnsafePointer(bitPattern: 1), Int32(buffer.count / item.unit))
            }
            if item.isText { recordDelivery(to: requestor) }
            return
        }
        XSelectInput(display, requestor, PropertyChangeMask)
        setLongs(requestor, property, type: atoms.incr, [UInt(item.count)])
        transfers[TransferKey(requestor: requestor, property: property)] = Transfer(
            item: item, deadline: monotonicSeconds() + Self.stalledTransferTimeout)
    }

    private func setLongs(_ window: Window, _ property: Atom, type: Atom, _ values: [UInt]) {
        _ = values.withUnsafeBytes { raw in
            XChangeProperty(
                display, window, property, type, 32, PropModeReplace,
                raw.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1), Int32(values.count))
        }
    }

    private func stopWatching(_ requestor: Window) {
        if !transfers.keys.contains(where: { $0.requestor == requestor }) {
            XSelectInput(display, requestor, NoEventMask)
        }
    }

    private func notify(_ request: XSelectionRequestEvent, property: Atom) {
        Self.notify(request, property: property, on: display)
    }

    /// Answers `request` with SelectionNotify: the data is in `property` of the requestor, or 0 (None)
    /// for a refusal (ICCCM §2.2). The clipboard manager answers its requests the same way.
    static func notify(_ request: XSelectionRequestEvent, property: Atom, on display: OpaquePointer) {
        var event = XEvent()
        event.xselection = XSelectionEvent(
            type: SelectionNotify, serial: 0, send_event: True, display: display, requestor: request.requestor,
            selection: request.selection, target: request.target, property: property, time: request.time)
        XSendEvent(display, request.requestor, False, 0, &event)
    }
}
