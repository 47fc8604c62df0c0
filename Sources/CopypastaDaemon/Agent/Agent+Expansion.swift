import CopypastaCore
import CopypastaX11

extension Agent {
    /// Starts or stops `/TITLE` expansion to follow `expand`, at start and on every reload.
    func applyExpansion() {
        if let expander {
            expander.config = config
            guard !config.expand else { return }
            expander.stop()
            loop.sources.removeAll { $0 === expander }
            self.expander = nil
            logger.info("expansion off")
            return
        }
        guard config.expand else { return }
        do {
            let expander = try Expander(display: display, store: store, paths: paths, config: config, logger: logger) {
                [unowned self] id, separator in
                try paste(id: id, appending: separator)
            }
            loop.sources.append(expander)
            self.expander = expander
            logger.info("expansion on: watching typed keys for /TITLE")
        } catch {
            logger.error("expansion not started: \(error)")
        }
    }
}
