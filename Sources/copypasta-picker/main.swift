import CopypastaCore
import CopypastaPicker
import Glibc

// copypasta-picker: the window of `copypasta pick` (docs/DESIGN.md §16). `pick` execs it with
// the database, config file and its own path; it is not meant to be run by hand.
setlocale(LC_ALL, "")
switch PickerOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case let .failure(problem):
    PickerMain.complain("\(problem)")
    exit(ExitStatus.usage.rawValue)
case let .success(options):
    exit(PickerMain.run(options))
}
