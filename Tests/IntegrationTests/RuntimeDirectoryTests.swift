import Glibc
import TestSupport
import Testing

/// The socket directory cannot be squatted: neither the daemon nor a client uses one that another user
/// could have prepared, and a client sends nothing to a socket served by another user.
@Suite(.serialized) struct RuntimeDirectoryTests {
    /// A runtime directory made in advance, as another user would: (owner uid, mode).
    static let squatted: [(uid_t, mode_t)] = [(65534, 0o700), (getuid(), 0o777), (getuid(), 0o750)]

    @Test(arguments: squatted) func aRuntimeDirectoryOfAnotherUserOrOpenToOthersIsRefused(owner: uid_t, mode: mode_t) throws {
        let desktop = try Desktop()
        let directory = desktop.sandbox.root + "/run/copypasta"
        Child.runQuietly(["mkdir", "-p", directory])
        chown(directory, owner, owner)
        chmod(directory, mode)
        #expect(try desktop.cli.run("add", "a secret").status == 0)
        // pause and resume keep the flag in the database, but do not skip over an unsafe socket quietly.
        for command in [["daemon"], ["status"], ["copy", "1"], ["pause"], ["resume"]] {
            let result = try desktop.cli.run(command)
            #expect(result.status == 73, "\(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.hasPrefix("copypasta: refusing \(directory): "), "\(command): \(result.stderr)")
            #expect(!result.output.contains("running"), "\(command): \(result.output)")
        }
        #expect(desktop.sandbox.mode(directory) == mode)
    }

    @Test func aClientSendsNothingToASocketServedByAnotherUser() throws {
        let desktop = try Desktop()
        let directory = desktop.sandbox.root + "/run/copypasta"
        let received = desktop.sandbox.write("received", "", mode: 0o666)
        Child.runQuietly(["mkdir", "-p", directory])
        // The other user's fake daemon binds in a directory it may write, which is then handed to us.
        chown(directory, 65534, 65534)
        chmod(desktop.sandbox.root, 0o755)
        chmod(desktop.sandbox.root + "/run", 0o755)
        let fake = """
            use IO::Socket::UNIX;
            $SIG{PIPE} = "IGNORE";
            my $l = IO::Socket::UNIX->new(Type => SOCK_STREAM(), Local => $ARGV[0], Listen => 5) or die "listen: $!";
            $| = 1; print "ready\\n";
            while (my $c = $l->accept) {
                my $request = <$c>; $request = "" unless defined $request;
                open(my $f, ">>", $ARGV[1]) or die; print $f "[$request]"; close $f;
                print $c "ok pid=1 display=:0 uptime=1 selections=clipboard\\n"; close $c;
            }
            """
        let listener = try desktop.start(
            [
                "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "perl", "-e", fake, directory + "/daemon.sock",
                received,
            ])
        #expect(listener.waitForLine("ready") != nil)
        chown(directory, getuid(), getgid())
        chmod(directory, 0o700)
        #expect(try desktop.cli.run("add", "a secret").status == 0)
        for (index, command) in [["status"], ["copy", "1"], ["pause"], ["resume"]].enumerated() {
            let result = try desktop.cli.run(command)
            #expect(result.status == 73, "\(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("served by uid 65534"), "\(command): \(result.stderr)")
            // The fake daemon logs each connection once it ends: only the hang-up, no request.
            #expect(waitUntil { desktop.sandbox.read(received)?.count == 2 * (index + 1) })
        }
        #expect(String(decoding: desktop.sandbox.read(received) ?? [], as: UTF8.self) == "[][][][]")
    }
}
