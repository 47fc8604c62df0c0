import ArgumentParser

extension Copypasta {
    /// `copypasta resume`.
    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start capturing again after pause.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try global.openStore().setPaused(false)
        }
    }
}
