import Glibc

/// Runs the real copypasta binary built next to the test bundle.
public struct CopypastaBinary: Sendable {
    /// The binary's path: $COPYPASTA_BIN, else `copypasta` beside the running test executable.
    public static let path: String = {
        if let override = getenv("COPYPASTA_BIN") { return String(cString: override) }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let directory = exe.lastIndex(of: "/").map { String(exe[..<$0]) } ?? "."
        return directory + "/copypasta"
    }()

    /// The sandbox whose paths the commands use.
    public let sandbox: Sandbox
    /// Extra environment (DISPLAY, for instance).
    public var environment: [String: String]

    /// Commands that use `sandbox`'s paths.
    public init(sandbox: Sandbox, environment: [String: String] = [:]) {
        self.sandbox = sandbox
        self.environment = environment
    }

    /// Runs `copypasta ARGUMENTS` with `input` on stdin and waits for it.
    @discardableResult
    public func run(_ arguments: [String], input: [UInt8] = [], timeout: Double = 60) throws -> ProcessResult {
        let child = try Child([Self.path] + arguments, environment: sandbox.environment.merging(environment) { $1 })
        return child.communicate(input, timeout: timeout)
    }

    /// Runs `copypasta ARGUMENTS` with text on stdin.
    @discardableResult
    public func run(_ arguments: String..., input: String) throws -> ProcessResult {
        try run(arguments, input: Array(input.utf8))
    }

    /// Runs `copypasta ARGUMENTS`.
    @discardableResult
    public func run(_ arguments: String...) throws -> ProcessResult {
        try run(arguments)
    }

    /// Starts `copypasta ARGUMENTS` in the background (the daemon).
    public func start(_ arguments: [String]) throws -> Child {
        try Child([Self.path] + arguments, environment: sandbox.environment.merging(environment) { $1 })
    }
}
