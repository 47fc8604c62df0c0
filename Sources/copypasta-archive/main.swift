import CopypastaArchive
import Glibc

// copypasta-archive: the link archive worker (docs/DESIGN.md "Link archives"). The daemon
// starts it with the database and config file when links are pending; libcurl and the HTML
// parser live in this process only.
exit(WorkerMain.run(Array(CommandLine.arguments.dropFirst())))
