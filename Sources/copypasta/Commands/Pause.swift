import ArgumentParser

extension Copypasta {
    /// `copypasta pause`.
    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop capturing until resume; the flag is kept across restarts.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try global.openStore().setPaused(true)
        }
    }
}
