import CLibFuzzer
import Glibc

// `copypasta-fuzz TARGET [libFuzzer options and corpus directories]`: runs libFuzzer over the
// parser TARGET names (`FuzzTarget`). Built only by `make fuzz` (docs/DESIGN.md §10).

/// The selected target; set once, before libFuzzer calls `fuzzOne`.
nonisolated(unsafe) private var selected = FuzzTarget.records

/// Feeds one input to the selected parser; a crash or a failed check is the finding.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: " ")
    let message = Array("usage: copypasta-fuzz TARGET [libFuzzer options] [corpus...]; TARGET is one of: \(names)\n".utf8)
    _ = write(2, message, message.count)
    exit(64)
}
selected = target
// libFuzzer reads argv[0] (to run itself again with -fork or -jobs) and then its options:
// the target's name is taken out of the list it sees.
var argv = [CommandLine.unsafeArgv[0]] + (2..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0] } + [nil]
var argc = CommandLine.argc - 1
let status = argv.withUnsafeMutableBufferPointer { buffer in
    var base = buffer.baseAddress
    return LLVMFuzzerRunDriver(&argc, &base, fuzzOne)
}
exit(status)
