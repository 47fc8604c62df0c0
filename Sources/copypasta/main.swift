import ArgumentParser
import CopypastaCore
import Glibc

// The process entry: parse, run, and turn every failure into one line on
// stderr and a sysexits status (copypasta(1) EXIT STATUS). The image that
// `copypasta daemon` execs runs the agent without parsing (AgentStart).
if let verbose = AgentStart.requested() {
    AgentStart.run(verbose: verbose)
}
let arguments = GlobalOptions.hoistingLeadingOptions(Array(CommandLine.arguments.dropFirst()))
do {
    let bulk = BulkEntries.split(arguments)
    var command = BulkEntries.appending(bulk.entries, to: try Copypasta.parseAsRoot(bulk.arguments))
    try command.run()
} catch let failure as CopypastaFailure {
    Terminal.fail(failure.description, status: failure.exitStatus)
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    let status = Copypasta.exitCode(for: error)
    if status == .success {
        Copypasta.exit(withError: error)
    }
    var message = Visible.message(
        Copypasta.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid usage")
    // The parser reads the `-1` of `show -1` as an option and complains about something else;
    // a negative number that is not an option's value is a wrong id, so say that. After an
    // numeric option (`--limit -1`) it said the value was missing; they all count from 0.
    // `-0` is the NUL-output flag, not a number.
    if let index = arguments.indices.first(where: { (Int64(arguments[$0]) ?? 0) < 0 }) {
        let option = index > 0 ? arguments[index - 1] : ""
        if ["--limit", "--offset", "--delay"].contains(option) {
            message = "\(option) takes a whole number from 0, not '\(arguments[index])'"
        } else if !option.hasPrefix("--") {
            message = "'\(arguments[index])' is not an entry id: ids are whole numbers from 1, as list shows them"
        }
    }
    // A mistyped subcommand gets the nearest name instead of "unexpected argument".
    if let suggestion = CommandSuggestion.message(for: arguments) { message = suggestion }
    // The help of the deepest command named: `copypasta sync retry --help`, not the group's.
    var path: [String] = []
    var level = Copypasta.configuration.subcommands
    for word in arguments {
        guard let command = level.first(where: { $0.configuration.commandName == word }) else { break }
        path.append(word)
        level = command.configuration.subcommands
    }
    let help = (["copypasta"] + path + ["--help"]).joined(separator: " ")
    Terminal.fail(message + " (see '\(help)')", status: ExitStatus(rawValue: status.rawValue) ?? .usage)
}
