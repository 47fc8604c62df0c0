import TestSupport
import Testing

/// `make install-files` / `make uninstall` into temporary trees, and the installed session files validated.
@Suite(.serialized) struct InstallTests {
    let sandbox = Sandbox()
    var root: String { Repository.root }

    func make(_ arguments: [String]) throws -> ProcessResult {
        try Child(
            ["make", "--no-print-directory", "-C", root] + arguments + [
                "BIN=\(CopypastaBinary.path)", "COMPDIR=\(sandbox.root)/completions",
            ]
        )
        .communicate()
    }

    @Test func installPutsEveryFileInItsStandardPlaceAndUninstallRemovesExactlyThose() throws {
        let destdir = sandbox.root + "/dest"
        let install = try make(["install-files", "DESTDIR=\(destdir)", "PREFIX=/usr"])
        #expect(install.status == 0, "\(install.stderr)")
        let expected = [
            "/etc/xdg/autostart/copypasta.desktop", "/usr/bin/copypasta", "/usr/bin/copypasta-ai", "/usr/bin/copypasta-archive",
            "/usr/bin/copypasta-picker",
            "/usr/lib/systemd/user/copypasta.service",
            "/usr/share/bash-completion/completions/copypasta", "/usr/share/fish/vendor_completions.d/copypasta.fish",
            "/usr/share/man/man1/copypasta.1", "/usr/share/zsh/site-functions/_copypasta",
        ]
        let files = try Child(["find", destdir, "-type", "f"]).communicate().output.split(separator: "\n")
            .map { String($0.dropFirst(destdir.count)) }.sorted()
        #expect(files == expected)
        #expect(sandbox.mode(destdir + "/usr/bin/copypasta") == 0o755)
        let unit = String(decoding: sandbox.read(destdir + "/usr/lib/systemd/user/copypasta.service") ?? [], as: UTF8.self)
        #expect(unit.contains("ExecStart=/usr/bin/copypasta daemon"))
        #expect(!unit.contains("@BINDIR@"))
        let bash = String(
            decoding: sandbox.read(destdir + "/usr/share/bash-completion/completions/copypasta") ?? [], as: UTF8.self)
        #expect(bash.contains("copypasta") && bash.contains("pick"))
        let uninstall = try make(["uninstall", "DESTDIR=\(destdir)", "PREFIX=/usr"])
        #expect(uninstall.status == 0)
        #expect(try Child(["find", destdir, "-type", "f"]).communicate().output.isEmpty)
    }

    @Test func sessionFilesValidate() throws {
        let prefix = sandbox.root + "/prefix"
        #expect(try make(["install-files", "PREFIX=\(prefix)"]).status == 0)
        let desktop = try Child(["desktop-file-validate", prefix + "/etc/xdg/autostart/copypasta.desktop"]).communicate()
        #expect(desktop.status == 0 && desktop.output.isEmpty, "\(desktop.output)")
        let runtime = sandbox.root + "/runtime"
        Child.runQuietly(["mkdir", "-m", "0700", runtime])
        let verify = try Child(
            ["systemd-analyze", "verify", "--user", prefix + "/lib/systemd/user/copypasta.service"],
            environment: ["XDG_RUNTIME_DIR": runtime, "MANPATH": prefix + "/share/man"]
        ).communicate()
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stderr.isEmpty, "\(verify.stderr)")
    }
}
