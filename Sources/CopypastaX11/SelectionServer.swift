import CX11
import CopypastaCore

/// Serves selections copypasta owns: TARGETS, TIMESTAMP, MULTIPLE and the
/// text targets, INCR above the chunk size, many requestors at once
/// (ICCCM §2.2, §2.6, §2.7.2).
///
/// Each transfer holds its own reference to the payload, so a transfer in
/// progress finishes after SelectionClear or after the offer changes.
final class SelectionServer {
    /// A text in the encodings it is served in; shared by every transfer of it.
    final class Payload {
        let utf8: [UInt8]
        let latin1: [UInt8]?

        /// The text's UTF-8 bytes, and its Latin-1 bytes when it fits in Latin-1.
        init(text: String) {
            utf8 = Array(text.utf8)
            latin1 = TextDecoding.latin1Bytes(text)
        }
    }

    private struct Offer {
        let payload: Payload
        let time: Time
    }

    private struct TransferKey: Hashable {
        let requestor: Window
        let property: Atom
    }

    private struct Transfer {
        let payload: Payload
        let latin1: Bool
        let type: Atom
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

    /// Starts serving `text` on `selection`, owned since `time`.
    func offer(_ text: String, on selection: Atom, since time: Time) {
        offers[selection] = Offer(payload: Payload(text: text), time: time)
    }

    /// Forgets the offer for a selection we no longer own; its transfers go on.
    func ownershipLost(_ selection: Atom) {
        offers[selection] = nil
    }

    /// Whether any offer is still held.
    var hasOffers: Bool { !offers.isEmpty }

    /// Whether any INCR transfer is still running.
    var hasTransfers: Bool { !transfers.isEmpty }

    /// How many text replies were delivered whole (a single property, or an INCR transfer to its end).
    private(set) var textDeliveries = 0
    /// The requestors of the latest deliveries, newest last (at most `deliveryLogSize`), for `paste`.
    private(set) var recentRequestors: [Window] = []
    private static let deliveryLogSize = 32

    private func recordDelivery(to requestor: Window) {
        textDeliveries += 1
        recentRequestors.append(requestor)
        if recentRequestors.count > Self.deliveryLogSize { recentRequestors.removeFirst() }
    }

    /// The text offered on `selection`, if we own it.
    func offeredText(on selection: Atom) -> String? {
        offers[selection].map { String(decoding: $0.payload.utf8, as: UTF8.self) }
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
        let bytes = transfer.latin1 ? transfer.payload.latin1 ?? [] : transfer.payload.utf8
        let end = min(transfer.offset + chunkSize, bytes.count)
        _ = bytes.withUnsafeBufferPointer { buffer in
            XChangeProperty(display, requestor, property, transfer.type, 8, PropModeReplace,
                            buffer.baseAddress.map { $0 + transfer.offset } ?? UnsafePointer(bitPattern: 1), Int32(end - transfer.offset))
        }
        if end == transfer.offset {
            // The zero-length chunk just written ends the transfer (ICCCM §2.7.2).
            transfers[key] = nil
            recordDelivery(to: requestor)
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
            var list = [atoms.targets, atoms.timestamp, atoms.multiple, atoms.utf8String, atoms.textPlainUTF8, atoms.textPlain]
            if offer.payload.latin1 != nil { list.append(atoms.string) }
            list.append(atoms.text)
            setLongs(requestor, property, type: Atom(XA_ATOM), list.map { UInt($0) })
        case atoms.timestamp:
            setLongs(requestor, property, type: atoms.integer, [UInt(offer.time)])
        case atoms.utf8String, atoms.text:
            send(offer.payload, latin1: false, type: atoms.utf8String, requestor: requestor, property: property)
        case atoms.textPlainUTF8, atoms.textPlain:
            send(offer.payload, latin1: false, type: target, requestor: requestor, property: property)
        case atoms.string:
            guard offer.payload.latin1 != nil else { return false }
            send(offer.payload, latin1: true, type: atoms.string, requestor: requestor, property: property)
        default:
            return false
        }
        return true
    }

    /// MULTIPLE (ICCCM §2.6.2): the property lists (target, property) pairs; failed pairs get property None.
    private func serveMultiple(_ offer: Offer, requestor: Window, property: Atom) -> Bool {
        guard let reply = PropertyReply(display: display, window: requestor, property: property, delete: false, maxBytes: 1 << 16),
              reply.format == 32
        else { return false }
        var pairs = reply.longs
        for index in stride(from: 0, to: pairs.count - 1, by: 2) {
            let target = Atom(pairs[index]), destination = Atom(pairs[index + 1])
            if target == atoms.multiple || destination == 0
                || !serve(offer, target: target, requestor: requestor, property: destination) {
                pairs[index + 1] = 0
            }
        }
        setLongs(requestor, property, type: atoms.atomPair, pairs)
        return true
    }

    private func send(_ payload: Payload, latin1: Bool, type: Atom, requestor: Window, property: Atom) {
        let bytes = latin1 ? payload.latin1 ?? [] : payload.utf8
        if bytes.count <= chunkSize {
            _ = bytes.withUnsafeBufferPointer { buffer in
                XChangeProperty(display, requestor, property, type, 8, PropModeReplace,
                                buffer.baseAddress ?? UnsafePointer(bitPattern: 1), Int32(bytes.count))
            }
            recordDelivery(to: requestor)
            return
        }
        XSelectInput(display, requestor, PropertyChangeMask)
        setLongs(requestor, property, type: atoms.incr, [UInt(bytes.count)])
        transfers[TransferKey(requestor: requestor, property: property)] = Transfer(
            payload: payload, latin1: latin1, type: type, deadline: monotonicSeconds() + Self.stalledTransferTimeout)
    }

    private func setLongs(_ window: Window, _ property: Atom, type: Atom, _ values: [UInt]) {
        _ = values.withUnsafeBytes { raw in
            XChangeProperty(display, window, property, type, 32, PropModeReplace,
                            raw.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1), Int32(values.count))
        }
    }

    private func stopWatching(_ requestor: Window) {
        if !transfers.keys.contains(where: { $0.requestor == requestor }) {
            XSelectInput(display, requestor, NoEventMask)
        }
    }

    private func notify(_ request: XSelectionRequestEvent, property: Atom) {
        var event = XEvent()
        event.xselection = XSelectionEvent(
            type: SelectionNotify, serial: 0, send_event: True, display: display, requestor: request.requestor,
            selection: request.selection, target: request.target, property: property, time: request.time)
        XSendEvent(display, request.requestor, False, 0, &event)
    }
}
