import CopypastaCore
import CopypastaX11
import Glibc
import Logging

extension Typist {
    /// Runs the `on-copy` hook (or the default notification) with COPYPASTA_EVENT=type and waits for
    /// it, bounded by `hook-timeout`: the CLI process is the only one left to run it.
    public func feedback(id: Int64, text: String, app: String?, config: Config, paths: Paths) {
        var logger = Logger(label: "copypasta-type")
        logger.logLevel = .critical
        let loop = EventLoop(display: display)
        loop.runHook(.type, id: id, selection: .clipboard, text: text, app: app, config: config, paths: paths, logger: logger)
        let hooks = loop.hookRunner(logger: logger)
        var stop = false
        while !hooks.isIdle && !stop {
            guard loop.turn(timers: nil, expire: { _ in }, keepGoing: { !hooks.isIdle && !stop }, signal: { _ in stop = true })
            else { return }
        }
    }
}
