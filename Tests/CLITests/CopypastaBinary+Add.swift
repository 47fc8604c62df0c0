import TestSupport
import Testing

extension CopypastaBinary {
    /// Runs `copypasta add ARGUMENTS…` and expects it to succeed.
    func add(_ arguments: String...) throws {
        let result = try run(["add"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
