import Glibc
import TestSupport
import Testing

/// Bounds on what hooks and socket clients may cost the daemon: processes, descriptors, CPU.
@Suite(.serialized) struct LimitTests {
    @Test func concurrentHooksStayWithinTheBoundAndEveryCaptureIsStored() throws {
        let desktop = try Desktop(config: "hook-timeout = 60s\n")
        let dir = desktop.sandbox.root
        // Each hook counts the hooks running when it starts, then stays a while.
        desktop.sandbox.write(
            "config/copypasta/hooks/on-capture",
            """
            #!/bin/sh
            mkdir -p "\(dir)/running"
            touch "\(dir)/running/$$"
            ls "\(dir)/running" | wc -l >> "\(dir)/counts"
            sleep 10
            rm -f "\(dir)/running/$$"

            """, mode: 0o755)
        let daemon = try desktop.startDaemon()
        defer {
            daemon.stop()
            for name in (try? Child(["ls", dir + "/running"]).communicate().output)?.split(separator: "\n") ?? [] {
                if let pid = pid_t(name) { kill(-pid, SIGKILL) }
            }
        }
        let copies = 30
        for index in 1...copies {
            try desktop.xclip(Array("capture \(index) of many".utf8))
            #expect(try desktop.waitForEntries(index))
        }
        #expect(try desktop.entryCount() == copies)
        let counts = String(decoding: desktop.sandbox.read(dir + "/counts") ?? [], as: UTF8.self)
            .split(separator: "\n").compactMap { Int($0.trimmingSpaces()) }
        #expect(counts.count >= 4)
        #expect((counts.max() ?? 0) <= 4, "\(counts)")
        #expect(desktop.waitForLog("dropped the oldest waiting"))
    }

    @Test func manyIdleSocketClientsDoNotSlowStatus() throws {
        let desktop = try Desktop()
        let daemon = try desktop.startDaemon()
        let socket = desktop.sandbox.root + "/run/copypasta/daemon.sock"
        var started = Clock.now()
        #expect(try desktop.cli.run("status").output.contains("daemon: running"))
        let alone = Clock.now() - started
        let idle = connectIdleClients(socket, count: 1100)
        defer { idle.forEach { close($0) } }
        #expect(idle.count == 1100)
        started = Clock.now()
        let status = try desktop.cli.run("status")
        let elapsed = Clock.now() - started
        #expect(status.output.contains("daemon: running"), "\(status.output)")
        #expect(elapsed < 2 * alone + 0.5, "status took \(elapsed) s, \(alone) s without the idle clients")
        // The daemon keeps a bounded number of clients, not one descriptor per idle connection.
        #expect(openDescriptorCount(daemon.pid) < 100, "\(openDescriptorCount(daemon.pid)) descriptors")
    }

    @Test func runningOutOfDescriptorsDoesNotSpin() throws {
        let desktop = try Desktop()
        let daemon = try desktop.startDaemon(wrapper: ["prlimit", "--nofile=40"])
        let socket = desktop.sandbox.root + "/run/copypasta/daemon.sock"
        let before = cpuTicks(daemon.pid), started = Clock.now()
        let idle = connectIdleClients(socket, count: 200)
        defer { idle.forEach { close($0) } }
        #expect(idle.count == 200)
        #expect(desktop.waitForLog("out of file descriptors"))
        // A measuring interval, not a wait for a condition: a loop spinning on a listener it cannot
        // accept from burns a whole core, 100 ticks a second.
        usleep(1_000_000)
        let ticks = cpuTicks(daemon.pid) - before, elapsed = Clock.now() - started
        #expect(Double(ticks) < 20 + 10 * elapsed, "\(ticks) ticks in \(elapsed) s")
        let status = try desktop.cli.run("status")
        #expect(status.output.contains("daemon: running"), "\(status.output)")
        try desktop.xclip(Array("still capturing".utf8))
        #expect(try desktop.waitForEntries(1))
    }

    /// The daemon's resident memory in KiB, from /proc.
    func residentKiB(_ desktop: Desktop, _ pid: pid_t) -> Int {
        let status = String(decoding: desktop.sandbox.read("/proc/\(pid)/status") ?? [], as: UTF8.self)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }

    @Test func aLargeTextFedToEightHooksIsHeldOnce() throws {
        let desktop = try Desktop(config: "hook-timeout = 60s\nmax-bytes = 32M\n")
        let dir = desktop.sandbox.root
        // The hook never reads its stdin, so the daemon holds the text for as long as the hook runs.
        desktop.sandbox.write(
            "config/copypasta/hooks/on-copy", "#!/bin/sh\necho $$ >> \"\(dir)/hooks\"\nexec sleep 30\n", mode: 0o755)
        let daemon = try desktop.startDaemon()
        defer {
            daemon.stop()
            for line in String(decoding: desktop.sandbox.read(dir + "/hooks") ?? [], as: UTF8.self).split(separator: "\n") {
                if let pid = pid_t(line) { kill(-pid, SIGKILL) }
            }
        }
        let mebibytes = 5
        let text = (0..<(mebibytes << 20)).map { UInt8(0x61 + $0 % 26) }
        #expect(try desktop.cli.run(["add"], input: text).status == 0)
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(waitUntil { desktop.sandbox.read(dir + "/hooks")?.count ?? 0 > 0 })
        let before = residentKiB(desktop, daemon.pid)
        for _ in 2...8 { #expect(try desktop.cli.run("copy", "1").status == 0) }
        #expect(desktop.waitForLog("restored", times: 8))
        #expect(
            waitUntil {
                String(decoding: desktop.sandbox.read(dir + "/hooks") ?? [], as: UTF8.self).split(separator: "\n").count == 4
            })
        let grown = residentKiB(desktop, daemon.pid) - before
        // Seven more hooks of the same text would add 35 MiB with a copy each. The restores themselves
        // leave some freed memory with the allocator (each reads the entry anew), hence the margin.
        #expect(grown < 4 * mebibytes << 10, "resident memory grew by \(grown) KiB")
    }
}
