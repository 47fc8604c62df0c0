import CopypastaCore

extension Agent {
    /// The hook runner, created on first use and polled from then on.
    var hooks: HookRunner {
        if let existing = sources.lazy.compactMap({ $0 as? HookRunner }).first { return existing }
        let runner = HookRunner(logger: logger)
        sources.append(runner)
        return runner
    }

    /// Runs the hook of `event` for an entry, asynchronously.
    func runHook(_ event: HookEvent, id: Int64, selection: Config.Selection, text: String, app: String?) {
        let plan = HookPlan(config: config, paths: paths)
        guard let command = plan.command(for: event, preview: Preview.short(text)) else { return }
        hooks.run(
            command.name, argv: command.argv,
            environment: HookPlan.environment(event: event, id: id, selection: selection, text: text, app: app),
            input: Array(text.utf8), timeout: Double(config.hookTimeoutMilliseconds) / 1000)
    }
}
