import CopypastaCore
import CopypastaX11
import Glibc
import TestSupport
import Testing

@testable import CopypastaDaemon

/// The loop drives every source in one shape (`PollSource`): a deadline that passes, a
/// descriptor that becomes readable, a child's exit, the end of the process. It knows no
/// source by its type, so a fake one is driven as the hook runner or the expander are.
@Suite struct EventLoopSourceTests {
    /// A source that records what the loop asked of it; its descriptor is a pipe's read end.
    final class FakeSource: PollSource {
        var deadline: Double?
        var expiredAt: [Double] = []
        var readable = 0
        var exits = 0
        var stopped = false
        private var pipe: [Int32] = [-1, -1]

        init() {
            _ = Glibc.pipe(&pipe)
        }

        deinit { pipe.forEach { _ = close($0) } }

        /// Makes the descriptor readable.
        func poke() { _ = write(pipe[1], "x", 1) }

        var pollDescriptors: [pollfd] { [pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)] }

        func handle(fd: Int32, events: Int16) {
            var byte: UInt8 = 0
            _ = read(fd, &byte, 1)
            readable += 1
        }

        var nextDeadline: Double? { deadline }

        func expire(now: Double) {
            guard let deadline, deadline <= now else { return }
            expiredAt.append(now)
            self.deadline = nil
        }

        func childrenExited() { exits += 1 }

        func stop() { stopped = true }
    }

    /// One turn of `loop`, waiting at most a second (a test that fails must not hang).
    func turn(_ loop: EventLoop) -> Bool {
        loop.turn(timers: monotonicSeconds() + 1, expire: { _ in }, keepGoing: { true }, signal: { _ in })
    }

    @Test func theLoopDrivesASourceByItsDeadlineItsDescriptorItsChildrenAndItsEnd() throws {
        let server = try XServer()
        defer { server.kill() }
        let display = try X11Display(displayName: server.display)
        let loop = EventLoop(display: display)
        let source = FakeSource()
        loop.sources.append(source)

        let start = monotonicSeconds()
        source.deadline = start + 0.05
        while source.expiredAt.isEmpty && monotonicSeconds() - start < 10 { #expect(turn(loop)) }
        #expect(source.expiredAt.count == 1)
        #expect(source.expiredAt.allSatisfy { $0 >= start + 0.05 })

        source.poke()
        #expect(turn(loop))
        #expect(source.readable == 1)

        // SIGCHLD on this thread, which blocked it when the loop was made and reads its signalfd
        // (children of other tests may add theirs: the signal does not say whose child it was).
        let exits = source.exits
        raise(SIGCHLD)
        while source.exits == exits && monotonicSeconds() - start < 20 { #expect(turn(loop)) }
        #expect(source.exits > exits)
        #expect(source.readable == 1 && source.expiredAt.count == 1)

        loop.stopSources()
        #expect(source.stopped)
    }
}
