import Glibc

extension Pinentry {
    /// Graphical pinentries, in the order they are tried when there is no terminal:
    /// `pinentry-x11` is the distribution's choice among the installed ones (Debian's alternative).
    public static let graphicalPrograms = [
        "pinentry-x11", "pinentry-gnome3", "pinentry-qt", "pinentry-gtk-2", "pinentry-gtk2", "pinentry-fltk",
    ]

    /// The terminal a text-mode pinentry can draw on: that of standard input, output or error, else
    /// the controlling terminal; nil when copypasta runs from a hotkey (`setsid`, stdin /dev/null).
    public static func terminal() -> String? {
        for fd in Int32(0)...2 where isatty(fd) == 1 {
            if let name = ttyname(fd) { return String(cString: name) }
        }
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        close(fd)
        return "/dev/tty"
    }

    /// The pinentry to run. A configured program other than the default is run as it is; so is the
    /// default `pinentry` on a terminal. With no terminal the default would be a text-mode one on
    /// many systems (it fails: no tty to draw on), so the first installed graphical pinentry is
    /// run instead when a display is set; nil when there is none.
    public static func program(configured: String, isDefault: Bool, terminal: String?) -> String? {
        guard isDefault, terminal == nil else { return configured }
        let display = getenv("DISPLAY").map { $0.pointee != 0 } ?? false
        guard display else { return nil }
        return graphicalPrograms.first { Spawn.findExecutable($0) != nil }
    }
}
