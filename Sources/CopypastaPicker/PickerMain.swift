import CPicker
import CopypastaCore
import CopypastaSystem
import Glibc

/// The picker process from its options to its exit status.
public enum PickerMain {
    /// Reads the config, opens the window and runs it; errors are one line on stderr.
    public static func run(_ options: PickerOptions) -> Int32 {
        // A window that vanished between two requests (the previous focus) must not end the picker.
        XSetErrorHandler { _, _ in 0 }
        XSetLocaleModifiers("")
        do {
            let config = try ConfigFile.load(options.config)
            return try PickerApp(options: options, config: config).run()
        } catch let error as PickerError {
            complain("\(error)")
            return ExitStatus.unavailable.rawValue
        } catch {
            complain("\(error)")
            return ExitStatus.software.rawValue
        }
    }

    /// Writes `copypasta: PROBLEM` as one line on stderr.
    public static func complain(_ problem: String) {
        let line = Array("copypasta: \(problem)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
