// swift-tools-version: 6.1
// The start-up baseline of `make bench`: an ArgumentParser program with two
// subcommands, linked the way copypasta is (static Swift standard library).
import PackageDescription

let package = Package(
    name: "hello",
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
    ],
    targets: [
        .executableTarget(
            name: "hello",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
        )
    ],
    swiftLanguageModes: [.v6]
)
