import CopypastaCore
import CopypastaStore
import Glibc

extension Agent {
    /// Answers one socket request inside the event loop (SPEC §5).
    func answer(_ request: IPCMessage.Request) -> Result<String, IPCError> {
        do {
            if request != .ping { try reopenDatabaseIfReplaced() }
        } catch {
            return .failure(IPCError(status: (error as? CopypastaFailure)?.exitStatus ?? .ioError, message: "\(error)"))
        }
        switch request {
        case .ping:
            return .success("pong")
        case let .restore(id, selections):
            return restore(id: id, selections: selections)
        case .status:
            let uptime = (Timestamp.now().microseconds - startedAt.microseconds) / 1_000_000
            let last = (try? store.lastCaptureAt())?.iso8601 ?? "never"
            return .success(
                "pid=\(getpid()) display=\(display.name) uptime=\(uptime) "
                    + "selections=\(config.selections.map(\.rawValue).joined(separator: ",")) lastCaptureAt=\(last)")
        case .pause, .resume:
            do {
                try store.setPaused(request == .pause)
                logger.info(request == .pause ? "capture paused" : "capture resumed")
                return .success("")
            } catch {
                return .failure(IPCError(status: error.exitStatus, message: "\(error)"))
            }
        case .reload:
            if let problem = reloadConfig() { return .failure(IPCError(status: .badConfig, message: problem)) }
            return .success("")
        }
    }

    /// Owns `selections` with entry `id`, confirmed, then records the use and runs the copy feedback.
    private func restore(id: Int64, selections: [Config.Selection]) -> Result<String, IPCError> {
        do {
            let entry = try store.entry(id: id)
            let text = entry.text ?? ""
            try display.own(selections, text: text)
            do {
                try store.markUsed(id: id, at: .now())
            } catch {
                guard case .busy = error else { throw error }
                // The selection is already served; the loop must not wait for a long writer.
                logger.warning("restored, but its use was not recorded: the database is busy", metadata: ["id": "\(id)"])
            }
            logger.info("restored", metadata: ["id": "\(id)", "bytes": "\(text.utf8.count)", "selections": "\(selections.map(\.rawValue))"])
            runHook(.copy, id: id, selection: selections[0], text: text, app: entry.sourceApp)
            return .success("")
        } catch let failure as CopypastaFailure {
            return .failure(IPCError(status: failure.exitStatus, message: failure.description))
        } catch {
            return .failure(IPCError(status: .ioError, message: "\(error)"))
        }
    }
}
