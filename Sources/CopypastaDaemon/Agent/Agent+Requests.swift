import CopypastaCore
import CopypastaStore
import Glibc

extension Agent {
    /// Answers one socket request inside the event loop.
    func answer(_ request: IPCMessage.Request) -> Result<IPCMessage.Reply, IPCError> {
        do {
            if request != .ping { try reopenDatabaseIfReplaced() }
            switch request {
            case .ping:
                return .success(.pong)
            case let .restore(id, selections):
                if let fingerprint = try handover.restore(id: id, selections: selections) { scheduleSecureClear(fingerprint) }
            case let .paste(id):
                try paste(id: id)
            case .status:
                return .success(.status(status()))
            case .pause, .resume:
                try store.setPaused(request == .pause)
                logger.info(request == .pause ? "capture paused" : "capture resumed")
            case .reload:
                if let problem = reloadConfig() { return .failure(IPCError(status: .badConfig, message: problem)) }
            case let .unlock(passphrase):
                try unlock(passphrase)
            case .lock:
                lockSecureEntries(reason: "on request")
            case .syncKick:
                // A command changed entries or the sync settings: the engine reads both again.
                sync.kick()
            case .archiveKick:
                startArchiveWorker()
                startAIWorker()
            }
            return .success(.done)
        } catch let failure as CopypastaFailure {
            return .failure(IPCError(status: failure.exitStatus, message: failure.description))
        } catch {
            return .failure(IPCError(status: .ioError, message: "\(error)"))
        }
    }

    /// The steps of a restore, with what the agent holds now.
    var handover: Handover {
        Handover(display: display, loop: loop, store: store, config: config, paths: paths, logger: logger, key: secureKey?.key)
    }

    private func status() -> DaemonStatus {
        DaemonStatus(
            pid: getpid(), display: display.name,
            uptimeSeconds: (Timestamp.now().microseconds - startedAt.microseconds) / 1_000_000,
            selections: config.selections, lastCaptureAt: try? store.lastCaptureAt(),
            clipboardManager: display.isClipboardManager,
            configFile: paths.configFile, configStamp: configStamp,
            pickHotkey: display.hotkey?.keystroke.description, pickHotkeyState: display.hotkey?.grab.rawValue)
    }
}
