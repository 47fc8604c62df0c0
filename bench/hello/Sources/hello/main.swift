import ArgumentParser

/// The smallest ArgumentParser program with subcommands: the floor of a CLI start-up.
struct Hello: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hello", version: "0.1.0", subcommands: [Greet.self, Count.self])

    /// Prints a greeting.
    struct Greet: ParsableCommand {
        @Argument(help: "Who to greet.") var name = "world"

        func run() {
            print("hello, \(name)")
        }
    }

    /// Prints the numbers up to a limit.
    struct Count: ParsableCommand {
        @Option(help: "The last number.") var limit = 3

        func run() {
            for number in 1...max(1, limit) { print(number) }
        }
    }
}

Hello.main()
