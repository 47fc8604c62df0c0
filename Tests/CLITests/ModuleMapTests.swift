import TestSupport
import Testing

/// docs/DESIGN.md §1's table of what each target imports must say what Package.swift declares.
@Suite struct ModuleMapTests {
    /// The quoted words of `text`, leaving out the package names of `.product(…)` dependencies.
    static func quoted(_ text: Substring) -> [String] {
        text.replacing(/package: "[^"]*"/, with: "").split(separator: "\"", omittingEmptySubsequences: false)
            .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Every library and executable target of Package.swift's main list with its dependencies
    /// (test targets, the test helpers under Tests/ and the C library maps left out).
    static func declared() -> [String: Set<String>] {
        let manifest = Repository.text("Package.swift")
        guard let start = manifest.firstRange(of: "targets: ["),
            let end = manifest.firstRange(of: "swiftLanguageModes")
        else { return [:] }
        var targets: [String: Set<String>] = [:]
        for chunk in manifest[start.upperBound..<end.lowerBound].split(
            separator: /\.(?=(target|executableTarget|testTarget|systemLibrary)\()/)
        {
            guard chunk.hasPrefix("target(") || chunk.hasPrefix("executableTarget("),
                !chunk.contains("path: \"Tests/"),
                let name = chunk.firstMatch(of: /name: "([^"]+)"/)?.output.1,
                let dependencies = chunk.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.output.1
            else { continue }
            targets[String(name)] = Set(quoted(dependencies))
        }
        return targets
    }

    /// The rows of the table that starts with the line `MODULE IMPORTS` in docs/DESIGN.md.
    static func documented() -> [String: Set<String>] {
        let design = Repository.text("docs/DESIGN.md")
        guard let start = design.firstRange(of: /\nMODULE +IMPORTS\n/) else { return [:] }
        var targets: [String: Set<String>] = [:]
        for line in design[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("```") { break }
            let words = line.split(separator: " ").map(String.init)
            if let name = words.first { targets[name] = Set(words.dropFirst()) }
        }
        return targets
    }

    @Test func theDesignsTableOfImportsIsPackageSwifts() {
        let declared = Self.declared()
        #expect(declared.count >= 18)
        #expect(Self.documented() == declared)
    }
}
