import CopypastaCore
import Logging

extension EventLoop {
    /// Runs the hook of `event` for an entry, asynchronously (copypasta(1) HOOKS).
    func runHook(
        _ event: HookEvent, id: Int64, selection: Config.Selection, text: String, app: String?,
        config: Config, paths: Paths, logger: Logger, device: String? = nil
    ) {
        let plan = HookPlan(config: config, paths: paths)
        let title = device.map { "Copied on \($0)" }
        guard let command = plan.command(for: event, preview: Preview.short(text), title: title) else { return }
        hookRunner(logger: logger).run(
            HookRunner.Job(
                name: command.name, argv: command.argv,
                environment: HookPlan.environment(
                    event: event, id: id, selection: selection, text: text, app: app, device: device),
                input: text, timeout: Double(config.hookTimeoutMilliseconds) / 1000, entry: id))
    }
}

extension EventLoop {
    /// Kills what hooks are still running or have left behind, when the process stops.
    func stopHooks() {
        for case let runner as HookRunner in sources { runner.stopAll() }
    }
}
