import CopypastaCore
import Glibc

/// Asks the user for a passphrase through a pinentry program (GnuPG's dialog; Assuan on its
/// standard input and output), so that the passphrase is typed into a dialog of its own and never
/// passes through the command line, the environment or a terminal's scrollback.
public enum Pinentry {
    /// Why no passphrase came back.
    public enum Failure: Error, Equatable {
        /// The program could not be started.
        case cannotStart(String)
        /// The user cancelled the dialog.
        case cancelled
        /// The program ended or answered something else than the protocol: the prompt failed.
        case failed(String)
        /// A passphrase being chosen was typed differently the second time.
        case differ
    }

    /// The passphrase typed into `program`'s dialog showing `description`.
    ///
    /// `terminal` (see `terminal()`) is handed to a text-mode pinentry as the tty to draw on.
    /// With `repeated` (a passphrase being chosen) the passphrase is asked twice and compared:
    /// by the dialog itself where it supports SETREPEAT (it reports `PIN_REPEATED`), else by a
    /// second GETPIN here; a typo would make the secure entries unreadable. The program's own
    /// stderr goes to /dev/null: its words come back in the protocol's ERR line, and copypasta
    /// prints one line of its own.
    public static func ask(
        program: String, description: String, prompt: String = "Passphrase:", repeated: Bool = false,
        terminal: String? = nil
    ) throws(Failure) -> [UInt8] {
        // A pinentry that dies early must give an error, not kill this process with SIGPIPE.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let child: Spawn.Child
        do {
            child = try Spawn.start([program], environment: [:], stdin: true, stdout: true, stderr: false, sameProcessGroup: true)
        } catch {
            throw .cannotStart("\(error)")
        }
        defer {
            close(child.stdin)
            close(child.stdout)
            _ = Spawn.reap(child.pid)
        }
        var reader = LineSplitter(fd: child.stdout)
        _ = try answer(&reader)
        var commands = ["SETDESC \(Assuan.escape(description))", "SETPROMPT \(Assuan.escape(prompt))"]
        if let terminal {
            commands.insert("OPTION ttyname=\(terminal)", at: 0)
            if let type = getenv("TERM") { commands.insert("OPTION ttytype=\(String(cString: type))", at: 1) }
        }
        if repeated { commands += ["SETREPEAT Repeat:", "SETREPEATERROR The passphrases differ"] }
        for command in commands {
            try send(command, to: child.stdin)
            _ = try? answer(&reader)
        }
        try send("GETPIN", to: child.stdin)
        var (pin, repeatedByDialog) = try answer(&reader)
        if repeated && !repeatedByDialog {
            var again = try askAgain(&reader, to: child.stdin)
            defer { Sodium.wipe(&again) }
            guard again == pin else {
                Sodium.wipe(&pin)
                throw .differ
            }
        }
        try? send("BYE", to: child.stdin)
        return pin
    }

    /// The second GETPIN of a pinentry that cannot repeat by itself.
    private static func askAgain(_ reader: inout LineSplitter, to fd: Int32) throws(Failure) -> [UInt8] {
        try send("SETDESC \(Assuan.escape("Type the same passphrase again to confirm it."))", to: fd)
        _ = try? answer(&reader)
        try send("GETPIN", to: fd)
        return try answer(&reader).data
    }

    /// Reads lines up to `OK` (returning the data before it, and whether `S PIN_REPEATED` came) or `ERR`.
    private static func answer(_ reader: inout LineSplitter) throws(Failure) -> (data: [UInt8], repeated: Bool) {
        var data: [UInt8] = []
        var repeated = false
        while let line = reader.next() {
            switch Assuan.parse(line) {
            case .ok: return (data, repeated)
            case let .data(bytes): data += bytes
            case let .status(status): repeated = repeated || status.hasPrefix("PIN_REPEATED")
            case let .error(code, message):
                Sodium.wipe(&data)
                throw code == Assuan.cancelled || code & 0xFFFF == 99 ? .cancelled : .failed(message)
            case .other: continue
            }
        }
        Sodium.wipe(&data)
        throw .failed("the program ended before answering")
    }

    private static func send(_ command: String, to fd: Int32) throws(Failure) {
        let bytes = Array((command + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .failed("the program stopped reading") }
            written += count
        }
    }
}

/// Splits what a descriptor delivers into lines, reading only as much as needed.
struct LineSplitter {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    /// The next line without its newline; nil at end of input or on an error.
    mutating func next() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 1024)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
        }
    }
}
