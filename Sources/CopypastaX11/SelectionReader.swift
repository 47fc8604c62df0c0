import CX11
import CopypastaCore

/// Reads selections from their owners: TARGETS, then the best text target,
/// whole or by INCR (ICCCM §2.4, §2.7.2), as non-blocking state machines.
///
/// A new owner change abandons the conversions of that selection that are
/// still waiting for TARGETS. Conversions that have already asked for the
/// text run on in parallel: the owner answered, so that copy is stored, and
/// the capture policy orders it by when its change happened. Each conversion writes
/// into its own property from a rotating pool and carries the owner's
/// selection timestamp, so a reply is never taken for another conversion's.
final class SelectionReader {
    private enum Phase {
        case targets
        case text(encoding: SelectionEncoding)
        case incremental(encoding: SelectionEncoding, chunks: [[UInt8]], received: Int)
    }

    private struct Conversion {
        /// The read this conversion performs, with its change time and owner application.
        var read: SelectionRead
        let time: Time
        let property: Atom
        let maxBytes: Int
        let timeout: Double
        var phase: Phase
        var target: Atom
        var deadline: Double

        var id: ReadID { read.id }
        var selection: Config.Selection { read.selection }
        var owner: Window { read.owner.window }

        /// The phase, as reported in a skip reason.
        var readPhase: ReadPhase {
            switch phase {
            case .targets: .targets
            case .text: .text
            case .incremental: .incremental
            }
        }
    }

    /// Conversions of one selection that may run at once; older ones are abandoned beyond this.
    private static let parallelLimit = 4

    private unowned let connection: X11Display
    private var conversions: [Atom: Conversion] = [:]
    private var nextProperty = 0

    /// A reader for conversions into `connection`'s window.
    init(connection: X11Display) {
        self.connection = connection
    }

    private var display: OpaquePointer { connection.display }
    private var atoms: Atoms { connection.atoms }

    /// Starts a conversion of TARGETS for `read`, abandoning the ones of its selection still waiting for TARGETS.
    func begin(_ read: SelectionRead, time: Time, maxBytes: Int, timeout: Double) {
        abandon(read.selection)
        let property = freeProperty()
        XDeleteProperty(display, connection.window, property)
        conversions[property] = Conversion(
            read: read, time: time, property: property, maxBytes: maxBytes, timeout: timeout,
            phase: .targets, target: atoms.targets, deadline: monotonicSeconds() + timeout)
        XConvertSelection(display, atoms.atom(for: read.selection), atoms.targets, property, connection.window, time)
    }

    /// Whether a conversion still waits for an answer from `owner`: a clipboard save asks it only
    /// after that, since an exiting Qt 5 serves one queued request per wake-up and would stall the second.
    func isReading(from owner: Window) -> Bool {
        conversions.values.contains { $0.owner == owner }
    }

    /// The earliest conversion deadline.
    var nextDeadline: Double? { conversions.values.map(\.deadline).min() }

    /// Ends conversions whose owner did not answer in time.
    func expire(now: Double) {
        for (property, conversion) in conversions where conversion.deadline <= now {
            fail(property, .timedOut(conversion.readPhase, milliseconds: Int(conversion.timeout * 1000)))
        }
    }

    /// Ends the conversions whose owner `isGone` says went away (XFixes reported its window
    /// destroyed or its client closed). Its last reply, if it sent one, arrived before that
    /// event, so nothing more can come: an INCR transfer it left unfinished ends too.
    func ownerGone(_ isGone: (Window) -> Bool) {
        for (property, conversion) in conversions where isGone(conversion.owner) {
            fail(property, .ownerGone(conversion.readPhase))
        }
    }

    /// Handles an owner's reply (or refusal) to one of our conversions.
    func handleSelectionNotify(_ event: XSelectionEvent) {
        guard event.requestor == connection.window else { return }
        let matches = { (conversion: Conversion) in
            self.atoms.atom(for: conversion.selection) == event.selection && conversion.target == event.target
                && (event.time == conversion.time || event.time == Time(CurrentTime))
        }
        if event.property == 0 {
            // A refusal names no property: it is the oldest matching conversion's.
            if let refused = conversions.values.filter(matches).min(by: { $0.id < $1.id }) { self.refused(refused) }
            return
        }
        guard let conversion = conversions[event.property], matches(conversion) else {
            if atoms.conversionProperties.contains(event.property) && conversions[event.property] == nil {
                XDeleteProperty(display, connection.window, event.property)
            }
            return
        }
        switch conversion.phase {
        case .targets: receiveTargets(conversion)
        case let .text(encoding): receiveText(conversion, encoding: encoding)
        case .incremental: break
        }
    }

    /// Reads the next INCR chunk written into one of our properties.
    func handlePropertyNewValue(_ property: Atom) {
        guard var conversion = conversions[property] else {
            // A late chunk of an abandoned conversion: delete it so that its owner finishes or times out.
            if atoms.conversionProperties.contains(property) { XDeleteProperty(display, connection.window, property) }
            return
        }
        guard case .incremental(let encoding, var chunks, let received) = conversion.phase else { return }
        // Drop the other references so that `chunks` grows in place instead of being copied.
        conversions[property] = nil
        conversion.phase = .targets
        guard
            let chunk = PropertyReply(
                display: display, window: connection.window, property: property, delete: true,
                maxBytes: conversion.maxBytes + 1)
        else {
            conversions[property] = conversion
            return fail(property, .invalidReply(.unreadableChunk))
        }
        if chunk.bytes.isEmpty { return deliver(conversion, chunks: &chunks, encoding: encoding) }
        conversions[property] = conversion
        guard chunk.format == 8 else { return fail(property, .invalidReply(.chunkFormat(Int(chunk.format)))) }
        let total = received + chunk.bytes.count + chunk.bytesAfter
        guard total <= conversion.maxBytes else { return tooLarge(property, bytes: total) }
        chunks.append(chunk.bytes)
        conversion.phase = .incremental(encoding: encoding, chunks: chunks, received: received + chunk.bytes.count)
        conversion.deadline = monotonicSeconds() + conversion.timeout
        conversions[property] = conversion
    }

    private func receiveTargets(_ received: Conversion) {
        var conversion = received
        let limit = 4096 * MemoryLayout<CLong>.size
        guard
            let reply = PropertyReply(
                display: display, window: connection.window, property: conversion.property,
                delete: true, maxBytes: limit),
            reply.format == 32, reply.type == XA_ATOM || reply.type == atoms.targets
        else {
            return fail(conversion.property, .invalidReply(.unusableTargets))
        }
        let names = atomNames(reply.longs.map { Atom($0) })
        conversion.read.classNames = connection.applicationNames(of: conversion.read.owner)
        conversions[conversion.property] = conversion
        // With no delegate nobody waits for the text any more (the background server's read gave up): stop here.
        guard let delegate = connection.delegate else { return fail(conversion.property, .superseded) }
        if let skip = delegate.check(conversion.read, targets: names) { return fail(conversion.property, skip) }
        guard let best = CaptureFilter.bestTextTarget(names) else { return fail(conversion.property, .notText) }
        request(conversion, target: XInternAtom(display, best.name, False), encoding: best.encoding)
    }

    private func request(_ conversion: Conversion, target: Atom, encoding: SelectionEncoding) {
        var next = conversion
        next.phase = .text(encoding: encoding)
        next.target = target
        next.deadline = monotonicSeconds() + conversion.timeout
        conversions[conversion.property] = next
        XConvertSelection(
            display, atoms.atom(for: conversion.selection), target, conversion.property, connection.window, conversion.time)
    }

    /// Owners that do not implement TARGETS still get asked for UTF8_STRING once.
    private func refused(_ conversion: Conversion) {
        if case .targets = conversion.phase {
            return request(conversion, target: atoms.utf8String, encoding: .utf8)
        }
        fail(conversion.property, .refused)
    }

    private func receiveText(_ conversion: Conversion, encoding: SelectionEncoding) {
        let property = conversion.property
        guard
            let header = PropertyReply(
                display: display, window: connection.window, property: property, delete: false, maxBytes: 0)
        else {
            return fail(property, .invalidReply(.unreadableText))
        }
        if header.type == atoms.incr {
            // The size is a lower bound (ICCCM §2.7.2); xclip sends none at all.
            guard
                let size = PropertyReply(
                    display: display, window: connection.window, property: property, delete: true, maxBytes: 8)
            else { return fail(property, .invalidReply(.unreadableIncrHeader)) }
            let announced = Int(truncatingIfNeeded: size.longs.first ?? 0)
            guard announced <= conversion.maxBytes else { return tooLarge(property, bytes: announced) }
            var next = conversion
            next.phase = .incremental(encoding: encoding, chunks: [], received: 0)
            next.deadline = monotonicSeconds() + conversion.timeout
            conversions[property] = next
            return
        }
        guard header.bytesAfter <= conversion.maxBytes else { return tooLarge(property, bytes: header.bytesAfter) }
        guard header.format == 8, isTextType(header.type) else {
            XDeleteProperty(display, connection.window, property)
            let type = atomNames([header.type]).first ?? "None"
            return fail(property, .invalidReply(.notText(type: type, format: Int(header.format))))
        }
        guard
            let reply = PropertyReply(
                display: display, window: connection.window, property: property, delete: true,
                maxBytes: header.bytesAfter)
        else {
            return fail(property, .invalidReply(.unreadableText))
        }
        conversions[property] = nil
        let actual =
            reply.type == atoms.utf8String || reply.type == atoms.textPlainUTF8
            ? .utf8 : reply.type == atoms.string ? .latin1 : encoding
        var chunks = [reply.bytes]
        deliver(conversion, chunks: &chunks, encoding: actual)
    }

    /// Decodes the received chunks and frees them before the delegate stores the text, so a
    /// large capture holds the bytes and the text at once only while decoding.
    private func deliver(_ conversion: Conversion, chunks: inout [[UInt8]], encoding: SelectionEncoding) {
        let (text, repaired) = TextDecoding.decode(chunks: chunks, as: encoding)
        chunks = []
        connection.delegate?.readFinished(conversion.read, outcome: .text(text, repaired: repaired))
    }

    private func isTextType(_ type: Atom) -> Bool {
        [atoms.utf8String, atoms.textPlainUTF8, atoms.textPlain, atoms.string, atoms.text].contains(type)
            || atomNames([type]).first.map { $0.hasPrefix("text/") || $0 == "COMPOUND_TEXT" } ?? false
    }

    private func tooLarge(_ property: Atom, bytes: Int) {
        XDeleteProperty(display, connection.window, property)
        fail(property, .tooLarge(bytes))
    }

    /// The next property of the pool that no running conversion uses, in rotation so that a property
    /// is not handed out again right after it was freed. When all are busy, the oldest conversion ends.
    private func freeProperty() -> Atom {
        let pool = atoms.conversionProperties
        for offset in 0..<pool.count {
            let candidate = pool[(nextProperty + offset) % pool.count]
            if conversions[candidate] == nil {
                nextProperty += offset + 1
                return candidate
            }
        }
        let oldest = conversions.values.min { $0.id < $1.id }?.property ?? pool[nextProperty % pool.count]
        fail(oldest, .tooManyReads)
        nextProperty += 1
        return oldest
    }

    /// Drops the conversions of `selection` that have not asked for text yet, and the oldest beyond the limit.
    private func abandon(_ selection: Config.Selection) {
        let running = conversions.values.filter { $0.selection == selection }.sorted { $0.id < $1.id }
        for (index, conversion) in running.enumerated() {
            let waiting = if case .targets = conversion.phase { true } else { false }
            guard waiting || running.count - index >= Self.parallelLimit else { continue }
            fail(conversion.property, .superseded)
        }
    }

    /// Ends a conversion without text and reports why: every read that does not deliver text ends here.
    private func fail(_ property: Atom, _ reason: SkipReason) {
        guard let conversion = conversions.removeValue(forKey: property) else { return }
        XDeleteProperty(display, connection.window, property)
        connection.delegate?.readFinished(conversion.read, outcome: .skipped(reason))
    }

    /// Names of atoms in one round trip (XGetAtomNames); atoms the server does not know are left out.
    func atomNames(_ list: [Atom]) -> [String] {
        guard !list.isEmpty else { return [] }
        var atoms = list
        var names = [UnsafeMutablePointer<CChar>?](repeating: nil, count: list.count)
        if XGetAtomNames(display, &atoms, Int32(atoms.count), &names) != 0 {
            defer { names.forEach { if let name = $0 { XFree(name) } } }
            return names.compactMap { $0.map { String(cString: $0) } }
        }
        return list.compactMap { atom in
            guard atom != 0, let name = XGetAtomName(display, atom) else { return nil }
            defer { XFree(name) }
            return String(cString: name)
        }
    }
}
