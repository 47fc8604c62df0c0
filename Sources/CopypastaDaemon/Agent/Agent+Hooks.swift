import CopypastaCore

extension Agent {
    /// Runs the hook of `event` for an entry, asynchronously.
    func runHook(_ event: HookEvent, id: Int64, selection: Config.Selection, text: String, app: String?) {
        loop.runHook(event, id: id, selection: selection, text: text, app: app, config: config, paths: paths, logger: logger)
    }
}
