import CX11
import Glibc

/// Names the application behind a selection owner window, for ignore-apps and
/// an entry's source app.
///
/// Many toolkits own selections through a window without WM_CLASS: Qt's hidden
/// "Qt Selection Owner" top-level, Tk's bare top-level next to its wrapper,
/// xterm's VT100 child window, GTK 4's leader with an empty class, Chromium's
/// "clipboard" window. Every window of an X client shares the client's
/// resource-id base, so the lookup goes, in order, through:
///   1. the owner's own WM_CLASS, its WM_CLIENT_LEADER's, its WM_TRANSIENT_FOR's;
///   2. its ancestors that belong to the same client (xterm; a reparenting
///      window manager's frames belong to the manager and are skipped);
///   3. the client's other top-level windows that carry WM_CLASS, oldest window
///      first: root children and the window manager's _NET_CLIENT_LIST, then the
///      client's windows inside other clients' frames (a window manager that
///      keeps no _NET_CLIENT_LIST);
///   4. the process name (/proc/PID/comm) of the client's `_NET_WM_PID`, for a
///      client on this machine (WM_CLIENT_MACHINE);
///   5. the process name of the client's pid as the X Resource extension reports it
///      (local clients only): a client with no named window at all — a Qt program
///      copying as it exits, a tray application — noted at the owner change, while
///      the client is still connected (`clientProcessName`).
/// A name found is kept while the window owns a selection, so a program that
/// copies again and again through the same window costs one lookup.
final class ApplicationLookup {
    /// The bits of a window id that vary within one client; the other bits name the client.
    private let resourceMask: UInt
    private unowned let connection: X11Display
    private var cache: [Window: [String]] = [:]
    private let netClientList: Atom
    private let netWMPID: Atom
    /// This machine's name, as local clients write it into WM_CLIENT_MACHINE.
    private let hostName: String? = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// A lookup on `connection`'s server.
    init(connection: X11Display) {
        self.connection = connection
        resourceMask = UInt(cx11_resource_mask(connection.display))
        netClientList = XInternAtom(connection.display, "_NET_CLIENT_LIST", False)
        netWMPID = XInternAtom(connection.display, "_NET_WM_PID", False)
    }

    private var display: OpaquePointer { connection.display }

    /// The WM_CLASS names (instance, class) of the application owning `window`, or its
    /// process name; empty when nothing names it.
    func names(of window: Window) -> [String] {
        if let cached = cache[window] { return cached }
        let names = lookUp(window)
        // Nothing found is not kept: the application may not have named its windows yet.
        if !names.isEmpty && connection.isSelectionOwner(window) { cache[window] = names }
        return names
    }

    /// Drops cached names of windows that no longer own any selection: their ids may be
    /// reused by another client once theirs closes.
    func keepOnly(_ owners: some Collection<Window>) {
        cache = cache.filter { owners.contains($0.key) }
    }

    /// Forgets what was found for `window`: a new owner change through it may be another client's.
    func forget(_ window: Window) {
        cache[window] = nil
    }

    /// The command name of the process of `window`'s X client, from the pid the X Resource
    /// extension reports (the server knows it for local clients only); nil when the client is gone.
    func clientProcessName(_ window: Window) -> String? {
        let pid = cx11_client_pid(display, XID(window))
        guard pid > 0, pid <= Int(Int32.max) else { return nil }
        return commandName(pid: Int(pid))
    }

    /// The client part of a window id: equal for all windows of one X client.
    func client(of window: Window) -> UInt { window & ~resourceMask }

    private func lookUp(_ window: Window) -> [String] {
        if let names = hints(window) { return names }
        let client = client(of: window)
        var current = window
        while let parent = parent(of: current), parent != connection.root, self.client(of: parent) == client {
            if let names = hints(parent) { return names }
            current = parent
        }
        let siblings = clientWindows(client).filter { $0 != window }
        for sibling in siblings {
            if let names = classHint(sibling) { return names }
        }
        for framed in framedWindows(client) {
            if let names = classHint(framed) { return names }
        }
        for candidate in [window] + siblings {
            if let name = processName(candidate) { return [name] }
        }
        return []
    }

    /// WM_CLASS of `window`, else of its client leader, else of the window it is transient for.
    private func hints(_ window: Window) -> [String]? {
        if let names = classHint(window) { return names }
        if let leader = windowProperty(window, connection.atoms.wmClientLeader), let names = classHint(leader) { return names }
        var transient: Window = 0
        if XGetTransientForHint(display, window, &transient) != 0, transient != 0 { return classHint(transient) }
        return nil
    }

    /// The non-empty WM_CLASS strings of `window`, nil when it has none.
    private func classHint(_ window: Window) -> [String]? {
        var hint = XClassHint()
        guard XGetClassHint(display, window, &hint) != 0 else { return nil }
        defer {
            if let name = hint.res_name { XFree(name) }
            if let cls = hint.res_class { XFree(cls) }
        }
        let names = [hint.res_name, hint.res_class].compactMap { $0.map { String(cString: $0) } }.filter { !$0.isEmpty }
        return names.isEmpty ? nil : names
    }

    private func windowProperty(_ window: Window, _ property: Atom) -> Window? {
        guard let reply = PropertyReply(display: display, window: window, property: property, delete: false, maxBytes: 64),
            reply.type == connection.atoms.windowType, reply.format == 32, let value = reply.longs.first, value != 0
        else { return nil }
        return Window(value)
    }

    /// The parent of `window`, nil for the root or a window that is gone.
    private func parent(of window: Window) -> Window? {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, window, &root, &parent, &children, &count) != 0 else { return nil }
        if let children { XFree(children) }
        return parent == 0 ? nil : parent
    }

    /// The top-level windows of `client`: children of the root, and the windows a
    /// reparenting window manager lists in _NET_CLIENT_LIST; oldest (lowest id) first.
    private func clientWindows(_ client: UInt) -> [Window] {
        var windows = Set(children(of: connection.root))
        if let list = PropertyReply(
            display: display, window: connection.root, property: netClientList, delete: false,
            maxBytes: 4096 * MemoryLayout<CLong>.size), list.format == 32
        {
            windows.formUnion(list.longs.map { Window($0) })
        }
        return windows.filter { self.client(of: $0) == client }.sorted()
    }

    /// The windows of `client` one level below the root's children of other clients: where a
    /// reparenting window manager without _NET_CLIENT_LIST (twm) puts the application's
    /// windows, inside its frames. One request per top-level window, so it comes last.
    private func framedWindows(_ client: UInt) -> [Window] {
        children(of: connection.root).filter { self.client(of: $0) != client }.flatMap { frame in
            children(of: frame).filter { self.client(of: $0) == client }
        }
    }

    /// The children of `window`, bottom first; empty when it is gone.
    private func children(of window: Window) -> [Window] {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, window, &root, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    /// The command name of the process whose `_NET_WM_PID` `window` carries, when the window's
    /// WM_CLIENT_MACHINE says that process runs on this machine (a remote client's pid names
    /// an unrelated local process).
    private func processName(_ window: Window) -> String? {
        guard
            let machine = PropertyReply(
                display: display, window: window, property: Atom(XA_WM_CLIENT_MACHINE), delete: false,
                maxBytes: 256),
            machine.format == 8, let hostName, String(decoding: machine.bytes, as: UTF8.self) == hostName,
            let reply = PropertyReply(display: display, window: window, property: netWMPID, delete: false, maxBytes: 8),
            reply.format == 32, let pid = reply.longs.first, pid > 0, pid <= UInt(Int32.max)
        else { return nil }
        return commandName(pid: Int(pid))
    }

    /// `/proc/PID/comm`: the process's command name, at most 15 characters.
    private func commandName(pid: Int) -> String? {
        let fd = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let name = String(decoding: buffer[0..<count], as: UTF8.self).trimmingSuffix("\n")
        return name.isEmpty ? nil : name
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: Character) -> String {
        last == suffix ? String(dropLast()) : self
    }
}
