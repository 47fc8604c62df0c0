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
    /// The hook runner, created on first use (an idle daemon that runs no hook holds none) and
    /// driven as any other source from then on.
    func hookRunner(logger: Logger) -> HookRunner {
        if let existing = sources.lazy.compactMap({ $0 as? HookRunner }).first { return existing }
        let runner = HookRunner(logger: logger)
        sources.append(runner)
        return runner
    }
}
