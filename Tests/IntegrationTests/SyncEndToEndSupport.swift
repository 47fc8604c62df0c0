import FoundationEssentials
import Glibc
import TestSupport
import Testing

/// An entry as `copypasta list --json` prints it: what the sync end-to-end tests look at.
struct ListedEntry: Decodable, Equatable {
    let id: Int
    let text: String?
    let pinned: Bool
    let sync: String
}

/// Machines running copypasta sync over real Syncthings on loopback, as a user sets them up:
/// Syncthing pairs them and shares the tuned folder, `sync init` on the first, `sync join --code`
/// on the others once Syncthing brought the marker, then each starts its daemon.
final class SyncedMachines {
    private(set) var machines: [SyncthingMachine]
    /// The daemon of each machine, by name, to restart it.
    private var daemons: [String: Child] = [:]
    /// Each machine's sync device id, by name, as `sync init`/`sync join` printed it.
    private(set) var devices: [String: String] = [:]

    /// `count` machines named alpha, beta, gamma…; `config(name)` is each one's config file.
    init(_ names: [String], config: (String) -> String = { _ in "" }) throws {
        machines = try names.map { try SyncthingMachine(name: $0, config: "feedback = none\n" + config($0)) }
        try SyncthingMachine.connect(machines)
        let (code, first) = try Self.initialize(machines[0])
        devices[machines[0].name] = first
        for machine in machines.dropFirst() { devices[machine.name] = try Self.join(machine, code: code).device }
        for machine in machines { try startDaemon(machine) }
    }

    /// Brings `newcomer`'s Syncthing into the folder, paired with `peers` (every machine so far by
    /// default); it joins copypasta's history on its own (`join`).
    func add(_ newcomer: SyncthingMachine, to peers: [SyncthingMachine]? = nil) throws {
        try SyncthingMachine.join(newcomer, to: peers ?? machines)
        machines.append(newcomer)
    }

    /// Every machine's daemon and Syncthing log, for failure messages.
    var logs: String { machines.map(\.logs).joined(separator: "\n") + "\n" + syncLogs }

    /// Every machine's `sync log`.
    var syncLogs: String {
        machines.map { "--- copypasta \($0.name) sync log ---\n" + ((try? $0.cli.run("sync", "log").output) ?? "") }
            .joined(separator: "\n")
    }

    /// `sync init --name NAME` on `machine`; its join code and device id.
    static func initialize(_ machine: SyncthingMachine) throws -> (code: String, device: String) {
        let result = try machine.cli.run("sync", "init", "--name", machine.name)
        let code = value("code: ", in: result.output)
        guard result.status == 0, !code.isEmpty
        else { throw SpawnError("sync init failed (\(result.status)): \(result.stderr)\(result.output)") }
        return (code, value("device: ", in: result.output))
    }

    /// The rest of the first line of `output` that starts with `prefix`; empty when there is none.
    static func value(_ prefix: String, in output: String) -> String {
        output.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } ?? ""
    }

    /// `sync join` on `machine` (with the code on standard input when there is one) once the
    /// folder's marker arrived; its printed `device:` and `fingerprint:` values.
    @discardableResult
    static func join(_ machine: SyncthingMachine, code: String?) throws -> (device: String, fingerprint: String) {
        guard waitUntil(seconds: 30, { access(machine.syncFolder + "/copypasta-sync.json", F_OK) == 0 }) else {
            throw SpawnError("the marker did not reach \(machine.name)\n\(machine.logs)")
        }
        let options = code.map { _ in ["--code", "-"] } ?? []
        let result = try machine.cli.run(
            ["sync", "join"] + options + ["--name", machine.name], input: Array(((code ?? "") + "\n").utf8))
        guard result.status == 0 else { throw SpawnError("sync join on \(machine.name) failed: \(result.stderr)") }
        return (value("device: ", in: result.output), value("fingerprint: ", in: result.output))
    }

    /// Starts (or restarts) `machine`'s daemon.
    func startDaemon(_ machine: SyncthingMachine) throws {
        daemons[machine.name]?.stop()
        daemons[machine.name] = try machine.desktop.startDaemon()
    }

    /// Whether `machine`'s daemon still runs.
    func daemonRuns(_ machine: SyncthingMachine) -> Bool {
        daemons[machine.name]?.exitStatusIfExited() == nil
    }

    /// Pauses (or resumes) the Syncthing connections between every two machines, on both sides.
    ///
    /// A resume goes to the later machines first: the earlier one of a pair dials (see
    /// `SyncthingMachine.connect`) at its resume, and that dial is refused while the other side
    /// still has it paused, which leaves the reconnection to its next scheduled dial (16 s seen).
    func setConnections(paused: Bool) throws {
        for machine in paused ? machines : machines.reversed() {
            for other in machines where other !== machine {
                do {
                    if paused {
                        try machine.syncthing.pause(device: other.syncthing.myID)
                    } else {
                        try machine.syncthing.resume(device: other.syncthing.myID)
                    }
                } catch {
                    throw SpawnError("\(machine.name): \(paused ? "pause" : "resume") \(other.name): \(error)\n\(logs)")
                }
            }
        }
    }
}

extension SyncthingMachine {
    /// The history as `list --json` shows it (newest first); empty when the command fails.
    func entries() -> [ListedEntry] {
        guard let result = try? cli.run("list", "--json", "--limit", "1000"), result.status == 0 else { return [] }
        return result.output.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(ListedEntry.self, from: Data($0.utf8))
        }
    }

    /// The entry whose text is `text`.
    func entry(_ text: String) -> ListedEntry? {
        entries().first { $0.text == text }
    }

    /// Runs a command that must succeed; its output.
    @discardableResult
    func run(_ arguments: String..., input: String = "") throws -> String {
        let result = try cli.run(arguments, input: Array(input.utf8))
        guard result.status == 0 else { throw SpawnError("\(name): copypasta \(arguments) failed: \(result.stderr)") }
        return result.output
    }

    /// Copies `text` with xclip on this machine's X server.
    func copy(_ text: String) throws {
        try desktop.xclip(Array(text.utf8))
    }

    /// Whether any file under this machine's sync folder contains `word`.
    func folderContains(_ word: String) -> Bool {
        Child.runQuietly(["grep", "-rqF", word, syncFolder]) == 0
    }
}

/// Polls `condition` every `interval` seconds until it holds or `seconds` pass; for conditions
/// that run a command (a `list --json`), which the few-millisecond `waitUntil` would run back to back.
func poll(seconds: Double, every interval: Double = 0.1, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Clock.now() + seconds
    while Clock.now() < deadline {
        if try condition() { return true }
        usleep(useconds_t(interval * 1_000_000))
    }
    return try condition()
}

/// Holds for all of `seconds` (a condition that must not change meanwhile); false as soon as it fails.
func holds(for seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    try !poll(seconds: seconds, every: 0.25) { try !condition() }
}

/// Latencies in seconds summarised as p50/p95/max milliseconds.
func summary(_ latencies: [Double]) -> String {
    let sorted = latencies.sorted()
    guard !sorted.isEmpty else { return "no samples" }
    let at = { (fraction: Double) in Int(sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))] * 1000) }
    return "p50 \(at(0.5)) ms, p95 \(at(0.95)) ms, max \(Int((sorted.last ?? 0) * 1000)) ms (\(sorted.count) samples)"
}
